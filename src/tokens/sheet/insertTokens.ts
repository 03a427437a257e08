/*
 * The "API or fleet" sheet (tokensLayout.ts) inserted into the open workbook by the one Office.js writer
 * (sheetWriter.ts): read, data, finish, workbook functions; no table and no chart (the pane draws both costs
 * against volume; the sheet's table is what a reviewer reads). It never writes into an existing sheet: a copy is
 * "API or fleet (2)", its names suffixed "_2". The finish mirrors the .xlsx's (tokensXlsx.ts).
 */
import type { TokenPlan } from "../model";
import { isProblem, Problem } from "../../core/model/problems";
import { InsertResult, insertSheet, SheetDraft } from "../../core/writers/sheetWriter";
import { addWorkbookFunctionsIn } from "../../portable/excel";
import { cellsOnlyDraft } from "../../core/writers/pageFinish";
import { TOKENS_BASE_NAMES, TOKENS_PAGE_FIT, TOKENS_SHEET_NAME, tokensSheetLayout } from "./tokensLayout";

export type { InsertResult } from "../../core/writers/sheetWriter";

/**
 * Inserts the sheet for `plan` into a new worksheet, "API or fleet" or "API or fleet (2)", ... Returns the plan's
 * first Problem, with nothing written; throws, after taking back what it had made, when the data cannot go in.
 */
export function insertTokensSheet(plan: TokenPlan): Promise<InsertResult | Problem> {
  return insertSheet({
    baseSheetName: TOKENS_SHEET_NAME,
    baseNames: TOKENS_BASE_NAMES,
    draft: (nameSuffix): SheetDraft | Problem => {
      const layout = tokensSheetLayout(plan, nameSuffix);
      return isProblem(layout) ? layout : cellsOnlyDraft(layout, TOKENS_PAGE_FIT, layout.validations);
    },
    workbookFunctions: addWorkbookFunctionsIn,
  });
}
