/*
 * The same stage sheet as the Excel writer, as an .xlsx file for a planner without Excel:
 * same cells, formulas, names, formats and table. ExcelJS is loaded only when a download is
 * asked for, so the pane's first load stays small. (ExcelJS cannot write charts; Excel and
 * LibreOffice draw one from the table in two clicks.)
 */
import type { Workbook } from "exceljs";
import { Plan, STAGE_NAMES } from "../model";
import { BASE_SHEET_NAME } from "./collisions";
import { cellsByRole } from "./grid";
import { absoluteReference, columnLetter, sheetLayout } from "./layout";
import { ROLE_STYLES, TABLE_STYLE } from "./styles";

const argb = (hex: string) => `FF${hex.replace("#", "").toUpperCase()}`;

/** Builds the workbook for `plan`. */
export async function stageWorkbook(plan: Plan): Promise<Workbook> {
  const { Workbook } = await import(/* webpackChunkName: "exceljs" */ "exceljs");
  const layout = sheetLayout(plan);
  const workbook = new Workbook();
  workbook.creator = "MLCost for Excel";
  const sheet = workbook.addWorksheet(BASE_SHEET_NAME);
  const tableRows = new Set(Array.from({ length: STAGE_NAMES.length + 1 }, (_, i) => layout.table.firstRow + i));

  layout.rows.forEach((row, r) => {
    if (tableRows.has(r + 1)) return; // the table writes its own cells
    row.forEach((cell, c) => {
      if (!cell) return;
      const target = sheet.getCell(r + 1, c + 1);
      target.value = cell.formula !== undefined ? { formula: cell.formula, date1904: false } : (cell.value ?? null);
      if (cell.numberFormat) target.numFmt = cell.numberFormat;
    });
  });
  const header = layout.rows[layout.table.firstRow - 1];
  const body = layout.rows.slice(layout.table.firstRow, layout.table.firstRow + STAGE_NAMES.length);
  sheet.addTable({
    name: layout.table.name,
    ref: `A${layout.table.firstRow}`,
    headerRow: true,
    style: { theme: TABLE_STYLE as "TableStyleMedium2", showRowStripes: true },
    columns: header.map((cell) => ({ name: String(cell?.value ?? ""), filterButton: false })),
    rows: body.map((row) =>
      row.map((cell) =>
        cell?.formula !== undefined ? { formula: cell.formula, date1904: false } : (cell?.value ?? null),
      ),
    ),
  });
  body.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell?.numberFormat) sheet.getCell(layout.table.firstRow + 1 + r, c + 1).numFmt = cell.numberFormat;
    }),
  );
  for (const { name, address } of layout.names) {
    workbook.definedNames.add(absoluteReference(BASE_SHEET_NAME, address), name);
  }
  for (const [role, addresses] of cellsByRole(layout)) {
    const style = ROLE_STYLES[role];
    if (!style) continue;
    for (const address of addresses) {
      const cell = sheet.getCell(address);
      cell.font = {
        bold: style.bold,
        italic: style.italic,
        size: style.size,
        color: style.color ? { argb: argb(style.color) } : undefined,
      };
      if (style.fill) cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: argb(style.fill) } };
    }
  }
  layout.columnWidths.forEach((width, c) => (sheet.getColumn(columnLetter(c)).width = width));
  return workbook;
}

/** The .xlsx file's bytes for `plan`. */
export async function stageWorkbookBytes(plan: Plan): Promise<ArrayBuffer> {
  const workbook = await stageWorkbook(plan);
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}
