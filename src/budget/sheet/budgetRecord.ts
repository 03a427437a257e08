/*
 * The budget sheets Insert wrote into a workbook, with the plan each was written from, kept in the workbook's
 * document settings: the bill's actuals sheet compares the plan's months with the bill's (plan against actual),
 * and its formulas point at the budget sheet's rows, which only the plan that laid the sheet out can place. The
 * newest record first; a record whose plan the model refuses is dropped on reading, never trusted.
 */
import { budgetOf } from "../model/budget";
import type { BudgetPlan } from "../model/budgetFields";

/** The document settings' key of the records. */
export const BUDGET_SHEETS_KEY = "mlcost.budget.sheets";

/** One budget sheet of the workbook and the plan it was written from. */
export interface BudgetSheetRecord {
  sheetName: string;
  plan: BudgetPlan;
}

/** At most this many records are kept: a workbook seldom has more budget sheets, and settings are small. */
const MOST_RECORDS = 20;

/**
 * The records read from a stored value (the settings' text): every record with a sheet name and a plan the
 * budget model accepts, in order; anything else reads as none.
 * @example readBudgetSheets(budgetSheetsJson([{ sheetName: "Budget", plan }]))[0].sheetName // "Budget"
 */
export function readBudgetSheets(stored: unknown): BudgetSheetRecord[] {
  let list: unknown;
  try {
    list = typeof stored === "string" && stored.length < 2_000_000 ? JSON.parse(stored) : undefined;
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (r): r is BudgetSheetRecord =>
        typeof r === "object" &&
        r !== null &&
        typeof r.sheetName === "string" &&
        r.sheetName.trim() !== "" &&
        typeof r.plan === "object" &&
        r.plan !== null &&
        !Array.isArray(budgetOf(r.plan)),
    )
    .slice(0, MOST_RECORDS);
}

/** The stored text after `record` was inserted: it first, and no older record of the same sheet. */
export function withBudgetSheet(stored: unknown, record: BudgetSheetRecord): string {
  const others = readBudgetSheets(stored).filter((r) => r.sheetName !== record.sheetName);
  return JSON.stringify([record, ...others].slice(0, MOST_RECORDS));
}
