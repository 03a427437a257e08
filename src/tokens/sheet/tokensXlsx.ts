/*
 * The "API or fleet" sheet as an .xlsx file for a planner without Excel (ExcelJS, loaded only when a download is
 * asked for): the same cells, roles and number formats, every formula with the model's value as its cached result,
 * the named inputs with validation, the answer frozen; the workbook functions (the LAMBDA twins) added as workbook
 * names after ExcelJS writes, as for the other sheets (workbookBytes), so a formula a reader adds there works too.
 */
import type { Workbook, Worksheet } from "exceljs";
import type { TokenPlan } from "../model";
import { isProblem, Problem } from "../../core/model/problems";
import { addLayoutSheet, finishXlsxSheet, newWorkbook } from "../../core/writers/xlsxSheet";
import { workbookBytes } from "../../core/writers/xlsxWorkbook";
import { xlsxPage } from "../../core/writers/pageFinish";
import { withWorkbookFunctions } from "../../portable/excel";
import { TOKENS_PAGE_FIT, TOKENS_SHEET_NAME, TokensSheetLayout, tokensSheetLayout } from "./tokensLayout";

/** Adds the sheet of `layout` to `workbook` as `sheetName`, with its names, panes, validation and page. */
export function addTokensSheet(
  workbook: Workbook,
  layout: TokensSheetLayout,
  sheetName = TOKENS_SHEET_NAME,
): Worksheet {
  const sheet = addLayoutSheet(workbook, sheetName, layout);
  finishXlsxSheet(sheet, xlsxPage(layout, TOKENS_PAGE_FIT), layout.validations);
  return sheet;
}

/**
 * The .xlsx file's bytes of the sheet for `plan`, with the workbook functions as workbook names; the plan's first
 * problem instead when the model refuses it (nothing is written then).
 */
export async function tokensWorkbookBytes(plan: TokenPlan): Promise<ArrayBuffer | Problem> {
  const layout = tokensSheetLayout(plan);
  if (isProblem(layout)) return layout;
  const workbook = await newWorkbook();
  addTokensSheet(workbook, layout);
  return workbookBytes(workbook, withWorkbookFunctions);
}
