/*
 * The estate sheet as an .xlsx file for a planner without Excel (ExcelJS, loaded only when a download is asked for):
 * the same cells, roles and number formats, every formula with the model's value as its cached result, the named
 * inputs with validation, the answer and the models' names frozen with A:C, landscape pages; the workbook functions
 * (the LAMBDA twins) added as workbook names after ExcelJS writes, as for the other sheets (workbookBytes).
 */
import type { Workbook, Worksheet } from "exceljs";
import type { EstatePlan } from "../model";
import { isProblem, Problem } from "../../core/model/problems";
import { addLayoutSheet, finishXlsxSheet, newWorkbook } from "../../core/writers/xlsxSheet";
import { workbookBytes } from "../../core/writers/xlsxWorkbook";
import { xlsxPage } from "../../core/writers/pageFinish";
import { withWorkbookFunctions } from "../../portable/excel";
import { ESTATE_PAGE_FIT, ESTATE_SHEET_NAME, EstateSheetLayout, estateSheetLayout } from "./estateLayout";

/** Adds the estate sheet of `layout` to `workbook` as `sheetName`, with its names, panes, validation and page. */
export function addEstateSheet(
  workbook: Workbook,
  layout: EstateSheetLayout,
  sheetName = ESTATE_SHEET_NAME,
): Worksheet {
  const sheet = addLayoutSheet(workbook, sheetName, layout);
  finishXlsxSheet(sheet, xlsxPage(layout, ESTATE_PAGE_FIT), layout.validations);
  return sheet;
}

/** The workbook of the estate sheet for `plan`, or its first problem. */
export async function estateWorkbook(plan: EstatePlan): Promise<Workbook | Problem> {
  const layout = estateSheetLayout(plan);
  if (isProblem(layout)) return layout;
  const workbook = await newWorkbook();
  addEstateSheet(workbook, layout);
  return workbook;
}

/**
 * The .xlsx file's bytes of the estate sheet for `plan`, with the workbook functions as workbook names; the plan's
 * first problem instead when the model refuses it (nothing is written then).
 */
export async function estateWorkbookBytes(plan: EstatePlan): Promise<ArrayBuffer | Problem> {
  const workbook = await estateWorkbook(plan);
  return isProblem(workbook) ? workbook : workbookBytes(workbook, withWorkbookFunctions);
}
