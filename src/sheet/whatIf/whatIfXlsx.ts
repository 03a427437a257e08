/*
 * The what-if sheet as an .xlsx file (ExcelJS, loaded only when a download is asked for), in the
 * stage sheet's finish: the same roles, fonts, fills and number formats, every formula with the
 * model's value as its cached result (so a previewer that does not recalculate shows the numbers),
 * the named controls, validation on every blue cell, and a page setup that prints the three
 * sections one landscape page each. ExcelJS cannot write charts: the layout's notes say how to draw
 * the tornado (chartNote). Cells, styles and validation go in as for every sheet (xlsxCells.ts).
 */
import type { Workbook, Worksheet } from "exceljs";
import { isProblem, Plan, Problem, ScenarioState } from "../../model";
import { absoluteReference, columnLetter } from "../layout";
import { withWorkbookFunctions } from "../withWorkbookFunctions";
import { absolutePrintArea, cellValue, dataValidation, styleCells } from "../xlsxCells";
import { WHAT_IF_SHEET_NAME, WhatIfLayout, whatIfLayout, WhatIfOptions } from "./whatIfLayout";

/** Frozen label columns, validation, and the page setup: one landscape page wide, a page per section. */
function finishSheet(sheet: Worksheet, layout: WhatIfLayout): void {
  const { frozenRows, frozenColumns, printArea, orientation, rowBreaks } = layout.page;
  sheet.views = [
    {
      state: "frozen",
      xSplit: frozenColumns,
      ySplit: frozenRows,
      topLeftCell: `${columnLetter(frozenColumns)}${frozenRows + 1}`,
      activeCell: "A1",
    },
  ];
  sheet.pageSetup = {
    ...sheet.pageSetup,
    orientation,
    fitToPage: true,
    fitToWidth: 1,
    // Automatic: the page breaks after each section make the pages (see WhatIfPage.pages).
    fitToHeight: 0,
    horizontalCentered: true,
    printArea: absolutePrintArea(printArea),
  };
  for (const row of rowBreaks) sheet.getRow(row).addPageBreak();
  for (const validation of layout.validations) {
    sheet.getCell(validation.address).dataValidation = dataValidation(validation);
  }
}

/**
 * Adds the what-if sheet of `layout` to `workbook` as `sheetName`, with its defined names (their
 * suffix is the layout's). The caller chose a sheet name and suffix that are free.
 */
export function addWhatIfSheet(workbook: Workbook, layout: WhatIfLayout, sheetName = WHAT_IF_SHEET_NAME): Worksheet {
  const sheet = workbook.addWorksheet(sheetName);
  layout.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!cell) return;
      const target = sheet.getCell(r + 1, c + 1);
      target.value = cellValue(cell);
      if (cell.numberFormat) target.numFmt = cell.numberFormat;
    }),
  );
  for (const { name, address } of layout.names) {
    workbook.definedNames.add(absoluteReference(sheetName, address), name);
  }
  styleCells(sheet, layout.rows, layout.columnWidths);
  finishSheet(sheet, layout);
  return sheet;
}

/** The workbook of the what-if sheet for `state`, or the Problem that stops its layout. */
export async function whatIfWorkbook(
  state?: ScenarioState<Plan>,
  options: WhatIfOptions = {},
): Promise<Workbook | Problem> {
  const layout = whatIfLayout(state, "", { ...options, chartNote: true });
  if (isProblem(layout)) return layout;
  const { Workbook } = await import(/* webpackChunkName: "exceljs" */ "exceljs");
  const workbook = new Workbook();
  workbook.creator = "MLCost for Excel";
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
  if (isProblem(workbook)) return workbook;
  return withWorkbookFunctions((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}
