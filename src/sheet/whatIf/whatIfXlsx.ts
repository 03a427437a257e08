/*
 * The what-if sheet as an .xlsx file (ExcelJS, loaded only when a download is asked for), in the
 * stage sheet's finish: the same roles, fonts, fills and number formats, every formula with the
 * model's value as its cached result (so a previewer that does not recalculate shows the numbers),
 * the named controls, validation on every blue cell, and a page setup that prints the three
 * sections one landscape page each. ExcelJS cannot write charts: the layout's notes say how to draw
 * the tornado (chartNote).
 *
 * The cell styling restates xlsxWriter.ts's (its styleCells is private there); the two should share
 * one function once that module exports it.
 */
import type { Border, CellValue, DataValidation, Workbook, Worksheet } from "exceljs";
import { isProblem, Plan, Problem, ScenarioState } from "../../model";
import { LayoutCell } from "../cell";
import { absoluteReference, columnLetter } from "../layout";
import { FONT, ROLE_STYLES } from "../styles";
import { WHAT_IF_SHEET_NAME, WhatIfLayout, whatIfLayout, WhatIfOptions } from "./whatIfLayout";
import { WhatIfValidation } from "./whatIfValidation";
import { withWorkbookFunctions } from "../withWorkbookFunctions";

const argb = (hex: string) => `FF${hex.replace("#", "").toUpperCase()}`;

/** A layout cell's value as ExcelJS writes it: a formula with its cached result, or a constant. */
function cellValue(cell: LayoutCell): CellValue {
  if (cell.formula === undefined) return cell.value ?? null;
  return { formula: cell.formula, result: cell.cached, date1904: false } as CellValue;
}

/** Fonts, fills, lines and indents by role, alignment, and the column widths. */
function styleCells(sheet: Worksheet, layout: WhatIfLayout): void {
  layout.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!cell) return;
      const target = sheet.getCell(r + 1, c + 1);
      const style = ROLE_STYLES[cell.role] ?? {};
      // Named, or LibreOffice draws a font without a name in its default serif.
      target.font = {
        ...FONT,
        bold: style.bold,
        italic: style.italic,
        size: style.size ?? FONT.size,
        color: style.color ? { argb: argb(style.color) } : undefined,
      };
      if (style.fill) target.fill = { type: "pattern", pattern: "solid", fgColor: { argb: argb(style.fill) } };
      if (style.underline) {
        target.border = { bottom: { style: "thin", color: { argb: argb(style.underline) } } as Border };
      }
      // An indent applies to left-aligned text only (ECMA-376 CT_CellAlignment: "indent").
      if (style.indent) target.alignment = { horizontal: "left", indent: style.indent };
      if (cell.align) target.alignment = { horizontal: cell.align };
    }),
  );
  layout.columnWidths.forEach((width, c) => (sheet.getColumn(columnLetter(c)).width = width));
}

/** A validation as ExcelJS writes it: a decimal rule with its bounds, or a drop-down list. */
function dataValidation(validation: WhatIfValidation): DataValidation {
  const { rule, prompt, error } = validation;
  const messages = {
    showInputMessage: true,
    promptTitle: prompt.title,
    prompt: prompt.message,
    showErrorMessage: true,
    errorStyle: "stop",
    errorTitle: error.title,
    error: error.message,
  } as const;
  if (rule.type === "list") return { type: "list", allowBlank: false, formulae: [rule.source], ...messages };
  const formulae = rule.operator === "between" ? [rule.bound, rule.upper] : [rule.bound];
  return { type: "decimal", operator: rule.operator, allowBlank: true, formulae, ...messages };
}

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
    // As xlsxWriter.ts: rows marked too, so the name is the absolute reference Excel writes.
    printArea: printArea.replace(/([A-Z]+)(\d+)/g, "$1$$$2"),
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
  styleCells(sheet, layout);
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
