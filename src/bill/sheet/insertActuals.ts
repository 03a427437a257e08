/*
 * The actuals sheet (actualsLayout.ts) inserted into the open workbook by the one Office.js writer
 * (sheetWriter.ts): read, data, finish, workbook functions; no chart. A sheet or name the workbook has is
 * never written over: the writer picks "Actuals (2)" and the suffix "_2" when either is taken. The finish
 * mirrors the .xlsx's (actualsXlsx.ts): the answer and the dated headings frozen with A:C, landscape pages
 * one wide with the headings repeated. Plan against actual reads the budget sheet the caller names.
 */
import { isProblem, Problem } from "../../core/model/problems";
import { InsertResult, insertSheet, SheetDraft } from "../../core/writers/sheetWriter";
import { officeFinish } from "../../core/writers/pageFinish";
import { addWorkbookFunctionsIn } from "../../portable/excel";
import {
  ACTUALS_BASE_NAMES,
  ACTUALS_PAGE_FIT,
  ACTUALS_SHEET_NAME,
  ActualsInput,
  actualsLayout,
  ActualsSheetLayout,
} from "./actualsLayout";

export type { InsertResult } from "../../core/writers/sheetWriter";

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
      return isProblem(layout) ? layout : actualsDraft(layout);
    },
    workbookFunctions: addWorkbookFunctionsIn,
  });
}

/** The actuals layout in the writer's terms: no table, no chart, frozen answer and headings, pages one wide. */
export function actualsDraft(layout: ActualsSheetLayout): SheetDraft {
  return {
    rows: layout.rows,
    names: layout.names,
    columnWidths: layout.columnWidths,
    tables: [],
    charts: [],
    finish: officeFinish(layout.rows, layout.page, ACTUALS_PAGE_FIT, []),
  };
}

/**
 * The first of `records` (the workbook's budget sheets, newest first) whose sheet the workbook still has, for
 * plan against actual: a budget sheet deleted or renamed since it was inserted is passed over (its rows would
 * read #REF!). Undefined when none is left, or when Excel cannot be asked.
 */
export async function budgetSheetStillThere<R extends { sheetName: string }>(
  records: readonly R[],
): Promise<R | undefined> {
  if (records.length === 0) return undefined;
  try {
    return await Excel.run(async (context) => {
      const sheets = context.workbook.worksheets.load("items/name");
      await context.sync();
      const names = new Set(sheets.items.map((sheet) => sheet.name));
      return records.find((record) => names.has(record.sheetName));
    });
  } catch {
    return undefined;
  }
}
