/*
 * The actuals sheet (actualsLayout.ts) inserted into the open workbook by the one Office.js writer
 * (sheetWriter.ts): read, data, finish, workbook functions; no chart. A sheet or name the workbook has is
 * never written over: the writer picks "Actuals (2)" and the suffix "_2" when either is taken. The finish
 * mirrors the .xlsx's (actualsXlsx.ts): the answer and the dated headings frozen with A:C, landscape pages
 * one wide with the headings repeated. Plan against actual reads the budget sheet the caller names, found by
 * budgetSheetInWorkbook (its id, its headings).
 */
import { isProblem, Problem } from "../../core/model/problems";
import { shortened } from "../../core/model/shortened";
import { BudgetHeading, BudgetSheetRecord, recordedSheetHeadings } from "../../budget/sheet";
import { InsertResult, insertSheet, SheetDraft } from "../../core/writers/sheetWriter";
import { cellsOnlyDraft } from "../../core/writers/pageFinish";
import { addWorkbookFunctionsIn } from "../../portable/excel";
import { ACTUALS_BASE_NAMES, ACTUALS_PAGE_FIT, ACTUALS_SHEET_NAME, ActualsInput, actualsLayout } from "./actualsLayout";

export type { InsertResult } from "../../core/writers/sheetWriter";
export { planAgainstActualSentence } from "./actualsLayout";

/**
 * Inserts the actuals sheet for `input` into a new worksheet, "Actuals" or "Actuals (2)", .... Returns the first
 * Problem, with nothing written; throws, after taking back what it had made, when the data cannot go in.
 */
export function insertActualsSheet(input: ActualsInput): Promise<InsertResult | Problem> {
  return insertSheet({
    baseSheetName: ACTUALS_SHEET_NAME,
    baseNames: ACTUALS_BASE_NAMES,
    draft: (nameSuffix): SheetDraft | Problem => {
      const layout = actualsLayout(input, nameSuffix);
      return isProblem(layout) ? layout : cellsOnlyDraft(layout, ACTUALS_PAGE_FIT, []);
    },
    workbookFunctions: addWorkbookFunctionsIn,
  });
}

/** The budget sheet plan against actual reads, and what to say of how it was found. */
export interface BudgetSheetFound<R> {
  /** the newest record whose sheet is there and laid out as its plan lays it, named as the sheet is now */
  budget?: R;
  /** sentences: the sheet renamed since, a sheet that is not the budget sheet recorded, and so not read */
  notes: string[];
}

/** A sheet of the workbook as the list loads it. */
interface ListedSheet {
  name: string;
  id: string;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The record's sheet: the one with its id, which Excel keeps across renames ("The ID ... will remain the same even
 * if the worksheet is renamed or moved", https://learn.microsoft.com/javascript/api/excel/excel.worksheet#excel-excel-worksheet-id-member),
 * so a renamed budget sheet is found and a sheet later given its name is not taken for it; by name only for a
 * record written before ids were kept.
 */
function sheetOfRecord(record: BudgetSheetRecord, sheets: readonly ListedSheet[]): ListedSheet | undefined {
  if (record.sheetId !== undefined) return sheets.find((sheet) => sheet.id === record.sheetId);
  return sheets.find((sheet) => sameName(sheet.name, record.sheetName));
}

/** The first heading `values` (column A from A1) does not hold, said, or undefined when all are there. */
function headingMismatch(headings: readonly BudgetHeading[], values: readonly unknown[][]): string | undefined {
  const wrong = headings.find((h) => String(values[h.row - 1]?.[0] ?? "").trim() !== h.label);
  if (!wrong) return undefined;
  const held = String(values[wrong.row - 1]?.[0] ?? "").slice(0, 40);
  return `A${wrong.row} reads ${held === "" ? "nothing" : `"${held}"`}, not "${wrong.label}"`;
}

/**
 * The budget sheet plan against actual reads: the first of `records` (the workbook's budget sheets, newest first)
 * whose sheet the workbook still has (by its id, through renames) and whose column A holds the headings its plan
 * lays out (budgetSheetHeadings: a user's own sheet under the name, or a budget sheet edited past reading, is not
 * read), named as the sheet is now, with sentences for what was passed over or renamed. No budget when none is
 * left, or when Excel cannot be asked. Two syncs: the sheets' list, then the candidates' column A.
 */
export async function budgetSheetInWorkbook<R extends BudgetSheetRecord>(
  records: readonly R[],
): Promise<BudgetSheetFound<R>> {
  if (records.length === 0) return { notes: [] };
  try {
    return await Excel.run(async (context) => {
      const sheets = context.workbook.worksheets.load("items/name,items/id");
      await context.sync();
      const candidates = records.flatMap((record) => {
        const sheet = sheetOfRecord(record, sheets.items);
        const headings = sheet && recordedSheetHeadings(record.plan, record.tokens);
        if (!sheet || !headings || isProblem(headings)) return [];
        const last = Math.max(...headings.map((h) => h.row));
        const column = context.workbook.worksheets.getItem(sheet.name).getRange(`A1:A${last}`).load("values");
        return [{ record, sheet, headings, column }];
      });
      if (candidates.length === 0) return { notes: [] };
      await context.sync();
      return chosenBudget(candidates);
    });
  } catch {
    return { notes: [] };
  }
}

/** The first candidate laid out as its record's plan, and the sentences of those passed over before it. */
function chosenBudget<R extends BudgetSheetRecord>(
  candidates: readonly { record: R; sheet: ListedSheet; headings: BudgetHeading[]; column: { values: unknown[][] } }[],
): BudgetSheetFound<R> {
  const notes: string[] = [];
  for (const { record, sheet, headings, column } of candidates) {
    const name = `"${shortened(sheet.name, 40)}"`;
    const mismatch = headingMismatch(headings, column.values);
    if (mismatch) {
      notes.push(`The sheet ${name} is not laid out as the budget sheet recorded (${mismatch}), so it is not read.`);
      continue;
    }
    if (sheet.name !== record.sheetName)
      notes.push(`${name} is the budget sheet inserted as "${shortened(record.sheetName, 40)}", renamed since.`);
    return { budget: { ...record, sheetName: sheet.name }, notes };
  }
  return { notes };
}
