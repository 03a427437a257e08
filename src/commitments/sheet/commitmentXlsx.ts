/*
 * The commitment sheet as an .xlsx file for a planner without Excel (ExcelJS, loaded only when a download is asked
 * for): the same cells, roles and number formats, every formula with the model's value as its cached result, the
 * named inputs with validation, the answer frozen; the notes sheet and the workbook functions (the LAMBDA twins)
 * added as every download's are (workbookBytes), so a formula a reader adds there works too.
 */
import type { Workbook, Worksheet } from "exceljs";
import { isProblem, Problem } from "../../core/model/problems";
import { addLayoutSheet, finishXlsxSheet, newWorkbook } from "../../core/writers/xlsxSheet";
import { workbookBytes } from "../../core/writers/xlsxWorkbook";
import { xlsxPage } from "../../core/writers/pageFinish";
import { withWorkbookFunctions } from "../../portable/excel";
import {
  COMMITMENT_PAGE_FIT,
  COMMITMENT_SHEET_NAME,
  CommitmentSheetLayout,
  commitmentSheetLayout,
} from "./commitmentLayout";
import type { CommitmentSheetPlan } from "./commitmentInputs";

/** Adds the sheet of `layout` to `workbook` as `sheetName`, with its names, panes, validation and page. */
export function addCommitmentSheet(
  workbook: Workbook,
  layout: CommitmentSheetLayout,
  sheetName = COMMITMENT_SHEET_NAME,
): Worksheet {
  const sheet = addLayoutSheet(workbook, sheetName, layout);
  finishXlsxSheet(sheet, xlsxPage(layout, COMMITMENT_PAGE_FIT), layout.validations);
  return sheet;
}

/**
 * The .xlsx file's bytes of the sheet for `plan`, with the workbook functions as workbook names; the model's
 * problem instead when it refuses the plan (nothing is written then).
 */
export async function commitmentWorkbookBytes(plan: CommitmentSheetPlan): Promise<ArrayBuffer | Problem> {
  const layout = commitmentSheetLayout(plan);
  if (isProblem(layout)) return layout;
  const workbook = await newWorkbook();
  addCommitmentSheet(workbook, layout);
  return workbookBytes(workbook, withWorkbookFunctions);
}
