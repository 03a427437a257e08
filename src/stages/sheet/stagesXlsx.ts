/*
 * The same stage sheet as the Excel writer, as an .xlsx file for a planner without Excel:
 * same cells, formulas, names, formats, table, validation, frozen rows and page setup. ExcelJS
 * is loaded only when a download is asked for, so the pane's first load stays small.
 *
 * Every formula carries the model's value as its cached result ({ formula, result }), so a reader
 * that does not recalculate (a mail or phone previewer) shows the numbers, not blanks; Excel and
 * LibreOffice recalculate on opening all the same. ExcelJS cannot write charts, so the layout's
 * note under the table says how to draw one.
 */
import type { Workbook } from "exceljs";
import { Plan } from "../model/plan";
import { STAGE_NAMES } from "../model/stages";
import { BASE_SHEET_NAME } from "../../core/sheet/collisions";
import { sheetLayout, STAGE_PAGE_FIT } from "./stageLayout";
import { addLayoutSheet, finishXlsxSheet, newWorkbook } from "../../core/writers/xlsxSheet";
import { workbookBytes } from "../../core/writers/xlsxWorkbook";
import { xlsxPage } from "../../core/writers/pageFinish";
import { withWorkbookFunctions } from "../../portable/excel";
import type { RequestTokens } from "../../tokens/model";

/** Builds the workbook for `plan`, its seconds per clip a formula over `tokens` when they are given (issue 32). */
export async function stageWorkbook(plan: Plan, tokens?: RequestTokens): Promise<Workbook> {
  const layout = sheetLayout(plan, "", { chartNote: true, ...(tokens && { tokens }) });
  const workbook = await newWorkbook();
  const table = { name: layout.table.name, firstRow: layout.table.firstRow, rows: STAGE_NAMES.length };
  const sheet = addLayoutSheet(workbook, BASE_SHEET_NAME, layout, [table]);
  finishXlsxSheet(sheet, xlsxPage(layout, STAGE_PAGE_FIT), layout.validations);
  return workbook;
}

/** The .xlsx file's bytes for `plan`, with the workbook functions as names (withWorkbookFunctions). */
export async function stageWorkbookBytes(plan: Plan, tokens?: RequestTokens): Promise<ArrayBuffer> {
  return workbookBytes(await stageWorkbook(plan, tokens), withWorkbookFunctions);
}
