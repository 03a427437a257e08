/*
 * The estate sheet (estateLayout.ts) inserted into the open workbook by the one Office.js writer (sheetWriter.ts):
 * read, data, finish, workbook functions; no table and no chart (the pane draws the split; the sheet's figures are
 * what a reviewer reads). It never writes into an existing sheet: a copy is "Estate (2)", its names suffixed "_2".
 * The finish mirrors the .xlsx's (estateXlsx.ts): the answer and the models' names frozen with A:C, every blue
 * cell validated, landscape pages with the names repeated atop each.
 */
import type { EstatePlan } from "../model";
import { isProblem, Problem } from "../../core/model/problems";
import { InsertResult, insertSheet, SheetDraft } from "../../core/writers/sheetWriter";
import { addWorkbookFunctionsIn } from "../../portable/excel";
import { cellsOnlyDraft } from "../../core/writers/pageFinish";
import { ESTATE_BASE_NAMES, ESTATE_PAGE_FIT, ESTATE_SHEET_NAME, estateSheetLayout } from "./estateLayout";

export type { InsertResult } from "../../core/writers/sheetWriter";

/**
 * Inserts the estate sheet for `plan` into a new worksheet, "Estate" or "Estate (2)", ... Returns the plan's first
 * Problem, with nothing written; throws, after taking back what it had made, when the data cannot go in.
 */
export function insertEstateSheet(plan: EstatePlan): Promise<InsertResult | Problem> {
  return insertSheet({
    baseSheetName: ESTATE_SHEET_NAME,
    baseNames: ESTATE_BASE_NAMES,
    draft: (nameSuffix): SheetDraft | Problem => {
      const layout = estateSheetLayout(plan, nameSuffix);
      return isProblem(layout) ? layout : cellsOnlyDraft(layout, ESTATE_PAGE_FIT, layout.validations);
    },
    workbookFunctions: addWorkbookFunctionsIn,
  });
}
