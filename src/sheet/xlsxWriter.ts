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
import type { Workbook, Worksheet } from "exceljs";
import { Plan, STAGE_NAMES } from "../model";
import { BASE_SHEET_NAME } from "./collisions";
import { absoluteReference, SheetLayout, sheetLayout } from "./layout";
import { TABLE_STYLE } from "./styles";
import { withWorkbookFunctions } from "./withWorkbookFunctions";
import { absolutePrintArea, cellValue, dataValidation, styleCells } from "./xlsxCells";

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
  styleCells(sheet, layout.rows, layout.columnWidths);
  finishSheet(sheet, layout);
  return workbook;
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
    printArea: absolutePrintArea(printArea),
    printTitlesRow: `1:${frozenRows}`,
  };
  for (const validation of layout.validations)
    sheet.getCell(validation.address).dataValidation = dataValidation(validation);
}

/** The .xlsx file's bytes for `plan`, with the workbook functions as names (withWorkbookFunctions). */
export async function stageWorkbookBytes(plan: Plan): Promise<ArrayBuffer> {
  const workbook = await stageWorkbook(plan);
  return withWorkbookFunctions((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}
