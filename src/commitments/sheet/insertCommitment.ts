/*
 * The commitment sheet (commitmentLayout.ts) inserted into the open workbook by the one Office.js writer
 * (sheetWriter.ts): read, data, finish, workbook functions; no table and no chart. It never writes into an existing
 * sheet, so a user's cells are never overwritten: a copy is "Commitment (2)", its names suffixed "_2". The finish
 * mirrors the .xlsx's (commitmentXlsx.ts).
 */
import { isProblem, Problem } from "../../core/model/problems";
import { InsertResult, insertSheet, SheetDraft } from "../../core/writers/sheetWriter";
import { addWorkbookFunctionsIn } from "../../portable/excel";
import { cellsOnlyDraft } from "../../core/writers/pageFinish";
import {
  COMMITMENT_BASE_NAMES,
  COMMITMENT_PAGE_FIT,
  COMMITMENT_SHEET_NAME,
  commitmentSheetLayout,
} from "./commitmentLayout";
import type { CommitmentSheetPlan } from "./commitmentInputs";

export type { InsertResult } from "../../core/writers/sheetWriter";

/**
 * Inserts the sheet for `plan` into a new worksheet, "Commitment" or "Commitment (2)", ... Returns the model's
 * Problem, with nothing written; throws, after taking back what it had made, when the data cannot go in.
 */
export function insertCommitmentSheet(plan: CommitmentSheetPlan): Promise<InsertResult | Problem> {
  return insertSheet({
    baseSheetName: COMMITMENT_SHEET_NAME,
    baseNames: COMMITMENT_BASE_NAMES,
    draft: (nameSuffix): SheetDraft | Problem => {
      const layout = commitmentSheetLayout(plan, nameSuffix);
      return isProblem(layout) ? layout : cellsOnlyDraft(layout, COMMITMENT_PAGE_FIT, layout.validations);
    },
    workbookFunctions: addWorkbookFunctionsIn,
  });
}
