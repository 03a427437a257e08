/*
 * The annual sheet as an .xlsx file for a planner without Excel (ExcelJS, loaded only when a
 * download is asked for), in the stage sheet's finish: the same roles, fonts, fills and number
 * formats, the two tables as Excel tables, every formula with the model's value as its cached
 * result (so a previewer that does not recalculate shows the numbers), the named inputs with
 * validation, the answer rows frozen, and one landscape page. ExcelJS cannot write charts: the
 * layout's note says how to draw them. The workbook functions (the LAMBDA twins) are added as
 * workbook names after ExcelJS writes, by the portable file's package edit, as stageWorkbookBytes
 * does.
 *
 * The cell styling restates xlsxWriter.ts's (its styleCells and finishSheet are private there and
 * typed to the stage layout); the sheets should share one function once that module exports it.
 */
import type { Border, CellValue, DataValidation, Workbook, Worksheet } from "exceljs";
import { AnnualPlan, isProblem, Problem } from "../../model";
import { LayoutCell } from "../cell";
import { absoluteReference, columnLetter } from "../layout";
import { FONT, ROLE_STYLES, TABLE_STYLE } from "../styles";
import { ANNUAL_SHEET_NAME, AnnualSheetLayout, annualSheetLayout, AnnualTableRange } from "./annualLayout";
import { AnnualInputValidation } from "./annualValidation";
import { withWorkbookFunctions } from "../withWorkbookFunctions";

const argb = (hex: string) => `FF${hex.replace("#", "").toUpperCase()}`;

/** A layout cell's value as ExcelJS writes it: a formula with its cached result, or a constant. */
function cellValue(cell: LayoutCell | null | undefined): CellValue {
  if (!cell) return null;
  if (cell.formula === undefined) return cell.value ?? null;
  return { formula: cell.formula, result: cell.cached, date1904: false } as CellValue;
}

/** Fonts, fills, lines and indents by role, alignment, and the column widths. */
function styleCells(sheet: Worksheet, layout: AnnualSheetLayout): void {
  layout.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!cell) return;
      const target = sheet.getCell(r + 1, c + 1);
      if (cell.numberFormat) target.numFmt = cell.numberFormat;
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

/** A validation as ExcelJS writes it: a decimal rule with its bound or bounds, and the messages. */
function dataValidation({ rule, prompt, error }: AnnualInputValidation): DataValidation {
  return {
    type: "decimal",
    operator: rule.operator,
    formulae: rule.operator === "between" ? [rule.bound, rule.upper ?? rule.bound] : [rule.bound],
    allowBlank: true,
    showInputMessage: true,
    promptTitle: prompt.title,
    prompt: prompt.message,
    showErrorMessage: true,
    errorStyle: "stop",
    errorTitle: error.title,
    error: error.message,
  };
}

/** Frozen answer rows, validation, and the page setup: the whole sheet on one landscape page. */
function finishSheet(sheet: Worksheet, layout: AnnualSheetLayout): void {
  const { frozenRows, printArea, orientation } = layout.page;
  sheet.views = [{ state: "frozen", ySplit: frozenRows, topLeftCell: `A${frozenRows + 1}`, activeCell: "A1" }];
  sheet.pageSetup = {
    ...sheet.pageSetup,
    orientation,
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 1,
    horizontalCentered: true,
    margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
    // As xlsxWriter.ts: rows marked too, so the name is the absolute reference Excel writes.
    printArea: printArea.replace(/([A-Z]+)(\d+)/g, "$1$$$2"),
  };
  for (const validation of layout.validations) {
    sheet.getCell(validation.address).dataValidation = dataValidation(validation);
  }
}

/** One of the layout's tables as an Excel table: ExcelJS writes its cells; their formats and styles follow. */
function addTable(sheet: Worksheet, layout: AnnualSheetLayout, table: AnnualTableRange): void {
  const header = layout.rows[table.firstRow - 1];
  const body = layout.rows.slice(table.firstRow, table.firstRow + table.rows);
  sheet.addTable({
    name: table.name,
    ref: `A${table.firstRow}`,
    headerRow: true,
    style: { theme: TABLE_STYLE as "TableStyleMedium2", showRowStripes: false },
    columns: header.map((cell) => ({ name: String(cell?.value ?? ""), filterButton: false })),
    rows: body.map((row) => row.map(cellValue)),
  });
}

/**
 * Adds the annual sheet of `layout` to `workbook` as `sheetName`, with its defined names (their
 * suffix is the layout's) and its two tables. The caller chose a sheet name and suffix that are free.
 */
export function addAnnualSheet(
  workbook: Workbook,
  layout: AnnualSheetLayout,
  sheetName = ANNUAL_SHEET_NAME,
): Worksheet {
  const sheet = workbook.addWorksheet(sheetName);
  const tables = [layout.tables.bill, layout.tables.levers];
  const inTable = (r: number) => tables.some((t) => r >= t.firstRow && r <= t.firstRow + t.rows);
  layout.rows.forEach((row, r) => {
    if (inTable(r + 1)) return; // a table writes its own cells
    row.forEach((cell, c) => {
      if (cell) sheet.getCell(r + 1, c + 1).value = cellValue(cell);
    });
  });
  for (const table of tables) addTable(sheet, layout, table);
  for (const { name, address } of layout.names) {
    workbook.definedNames.add(absoluteReference(sheetName, address), name);
  }
  styleCells(sheet, layout);
  finishSheet(sheet, layout);
  return sheet;
}

/** The workbook of the annual sheet for `plan`, or the plan's first problem. */
export async function annualWorkbook(plan: AnnualPlan): Promise<Workbook | Problem> {
  const layout = annualSheetLayout(plan, "", { chartNote: true });
  if (isProblem(layout)) return layout;
  const { Workbook } = await import(/* webpackChunkName: "exceljs" */ "exceljs");
  const workbook = new Workbook();
  workbook.creator = "MLCost for Excel";
  addAnnualSheet(workbook, layout);
  return workbook;
}

/**
 * The .xlsx file's bytes of the annual sheet for `plan`, with the workbook functions (the LAMBDA
 * twins) as workbook names; the plan's first problem instead when the model refuses it (nothing is
 * written then). Throws only if the package edit fails, as stageWorkbookBytes does.
 */
export async function annualWorkbookBytes(plan: AnnualPlan): Promise<ArrayBuffer | Problem> {
  const workbook = await annualWorkbook(plan);
  if (isProblem(workbook)) return workbook;
  return withWorkbookFunctions((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}
