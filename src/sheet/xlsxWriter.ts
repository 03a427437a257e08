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
import type { Border, CellValue, Workbook, Worksheet } from "exceljs";
import { Plan, STAGE_NAMES } from "../model";
import { LayoutCell } from "./cell";
import { BASE_SHEET_NAME } from "./collisions";
import { cellsByRole } from "./grid";
import { absoluteReference, columnLetter, SheetLayout, sheetLayout } from "./layout";
import { FONT, ROLE_STYLES, TABLE_STYLE } from "./styles";
import { withWorkbookFunctions } from "./withWorkbookFunctions";

const argb = (hex: string) => `FF${hex.replace("#", "").toUpperCase()}`;

/** A layout cell's value as ExcelJS writes it: a formula with its cached result, or a constant. */
function cellValue(cell: LayoutCell | null | undefined): CellValue {
  if (!cell) return null;
  if (cell.formula === undefined) return cell.value ?? null;
  return { formula: cell.formula, result: cell.cached, date1904: false } as CellValue;
}

/** Builds the workbook for `plan`. */
export async function stageWorkbook(plan: Plan): Promise<Workbook> {
  const { Workbook } = await import(/* webpackChunkName: "exceljs" */ "exceljs");
  const layout = sheetLayout(plan, "", { chartNote: true });
  const workbook = new Workbook();
  workbook.creator = "MLCost for Excel";
  const sheet = workbook.addWorksheet(BASE_SHEET_NAME);
  const tableRows = new Set(Array.from({ length: STAGE_NAMES.length + 1 }, (_, i) => layout.table.firstRow + i));

  layout.rows.forEach((row, r) => {
    if (tableRows.has(r + 1)) return; // the table writes its own cells
    row.forEach((cell, c) => {
      if (!cell) return;
      const target = sheet.getCell(r + 1, c + 1);
      target.value = cellValue(cell);
      if (cell.numberFormat) target.numFmt = cell.numberFormat;
    });
  });
  const header = layout.rows[layout.table.firstRow - 1];
  const body = layout.rows.slice(layout.table.firstRow, layout.table.firstRow + STAGE_NAMES.length);
  sheet.addTable({
    name: layout.table.name,
    ref: `A${layout.table.firstRow}`,
    headerRow: true,
    style: { theme: TABLE_STYLE as "TableStyleMedium2", showRowStripes: false },
    columns: header.map((cell) => ({ name: String(cell?.value ?? ""), filterButton: false })),
    rows: body.map((row) => row.map(cellValue)),
  });
  body.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell?.numberFormat) sheet.getCell(layout.table.firstRow + 1 + r, c + 1).numFmt = cell.numberFormat;
    }),
  );
  for (const { name, address } of layout.names) {
    workbook.definedNames.add(absoluteReference(BASE_SHEET_NAME, address), name);
  }
  styleCells(sheet, layout);
  finishSheet(sheet, layout);
  return workbook;
}

/** Fonts, fills and lines by role, headings over numbers aligned right, and the column widths. */
function styleCells(sheet: Worksheet, layout: SheetLayout): void {
  for (const [role, addresses] of cellsByRole(layout)) {
    const style = ROLE_STYLES[role];
    if (!style) continue;
    for (const address of addresses) {
      const cell = sheet.getCell(address);
      // Named, or LibreOffice draws a font without a name in its default serif.
      cell.font = {
        ...FONT,
        bold: style.bold,
        italic: style.italic,
        size: style.size ?? FONT.size,
        color: style.color ? { argb: argb(style.color) } : undefined,
      };
      if (style.fill) cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: argb(style.fill) } };
      if (style.underline)
        cell.border = { bottom: { style: "thin", color: { argb: argb(style.underline) } } as Border };
      // An indent applies to left-aligned text only (ECMA-376 CT_CellAlignment: "indent").
      if (style.indent) cell.alignment = { horizontal: "left", indent: style.indent };
    }
  }
  layout.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell?.align) sheet.getCell(r + 1, c + 1).alignment = { horizontal: cell.align };
    }),
  );
  layout.columnWidths.forEach((width, c) => (sheet.getColumn(columnLetter(c)).width = width));
}

/** Frozen rows, input validation and the page setup: what the Excel writer's finish batch sets. */
function finishSheet(sheet: Worksheet, layout: SheetLayout): void {
  const { frozenRows, printArea, orientation } = layout.page;
  sheet.views = [{ state: "frozen", ySplit: frozenRows, topLeftCell: `A${frozenRows + 1}`, activeCell: "A1" }];
  sheet.pageSetup = {
    ...sheet.pageSetup,
    orientation,
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 1,
    horizontalCentered: true,
    // ExcelJS writes the print area's name as '<sheet>'!$<from>:$<to>, putting "$" before the
    // column only; rows marked here make it $A$1:$I$30, the absolute reference Excel writes.
    printArea: printArea.replace(/([A-Z]+)(\d+)/g, "$1$$$2"),
    printTitlesRow: `1:${frozenRows}`,
  };
  for (const { address, rule, prompt, error } of layout.validations) {
    sheet.getCell(address).dataValidation = {
      type: "decimal",
      operator: rule.operator,
      formulae: [rule.bound],
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
}

/** The .xlsx file's bytes for `plan`, with the workbook functions as names (withWorkbookFunctions). */
export async function stageWorkbookBytes(plan: Plan): Promise<ArrayBuffer> {
  const workbook = await stageWorkbook(plan);
  return withWorkbookFunctions((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}
