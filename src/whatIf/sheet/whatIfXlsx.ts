/*
 * The what-if sheet as an .xlsx file (ExcelJS, loaded only when a download is asked for), in the
 * stage sheet's finish: the same roles, fonts, fills and number formats, every formula with the
 * model's value as its cached result (so a previewer that does not recalculate shows the numbers),
 * the named controls, validation on every blue cell, and a page setup that prints the three
 * sections one landscape page each. ExcelJS cannot write charts: the layout's notes say how to draw
 * the tornado (chartNote). Cells, styles, names and the page go in as for every sheet
 * (xlsxCells.ts, xlsxSheet.ts).
 */
import type { Workbook, Worksheet } from "exceljs";
import { isProblem, Problem } from "../../core/model/problems";
import { Plan } from "../../stages/model";
import { ScenarioState } from "../model/scenarios";
import { addLayoutSheet, finishXlsxSheet, newWorkbook } from "../../core/writers/xlsxSheet";
import { workbookBytes } from "../../core/writers/xlsxWorkbook";
import { xlsxPage } from "../../core/writers/pageFinish";
import { withWorkbookFunctions } from "../../portable/excel";
import { WHAT_IF_PAGE_FIT, WHAT_IF_SHEET_NAME, WhatIfLayout, whatIfLayout, WhatIfOptions } from "./whatIfLayout";

/**
 * Adds the what-if sheet of `layout` to `workbook` as `sheetName`, with its defined names (their
 * suffix is the layout's), frozen label columns, validation, and the page setup: one landscape page
 * wide, as tall as the page breaks after each section make it (see WhatIfPage.pages). The caller
 * chose a sheet name and suffix that are free.
 */
export function addWhatIfSheet(workbook: Workbook, layout: WhatIfLayout, sheetName = WHAT_IF_SHEET_NAME): Worksheet {
  const sheet = addLayoutSheet(workbook, sheetName, layout);
  finishXlsxSheet(sheet, xlsxPage(layout, WHAT_IF_PAGE_FIT), layout.validations);
  return sheet;
}

/** The workbook of the what-if sheet for `state`, or the Problem that stops its layout. */
export async function whatIfWorkbook(
  state?: ScenarioState<Plan>,
  options: WhatIfOptions = {},
): Promise<Workbook | Problem> {
  const layout = whatIfLayout(state, "", { ...options, chartNote: true });
  if (isProblem(layout)) return layout;
  const workbook = await newWorkbook();
  addWhatIfSheet(workbook, layout);
  return workbook;
}

/**
 * The .xlsx file's bytes of the what-if sheet for `state` (DEFAULT_STAGE_SCENARIOS when omitted), with the
 * workbook functions as names (withWorkbookFunctions),
 * or the Problem that stops its layout (a bad state, or a scenario the model refuses).
 */
export async function whatIfWorkbookBytes(
  state?: ScenarioState<Plan>,
  options: WhatIfOptions = {},
): Promise<ArrayBuffer | Problem> {
  const workbook = await whatIfWorkbook(state, options);
  return isProblem(workbook) ? workbook : workbookBytes(workbook, withWorkbookFunctions);
}
