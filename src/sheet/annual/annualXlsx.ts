/*
 * The annual sheet as an .xlsx file for a planner without Excel (ExcelJS, loaded only when a
 * download is asked for), in the stage sheet's finish: the same roles, fonts, fills and number
 * formats, the two tables as Excel tables, every formula with the model's value as its cached
 * result (so a previewer that does not recalculate shows the numbers), the named inputs with
 * validation, the answer rows frozen, landscape pages one wide (the sensitivity on its own).
 * ExcelJS cannot write charts: the layout's note says how to draw them. The workbook functions
 * (the LAMBDA twins) are added as workbook names after ExcelJS writes, by the portable file's
 * package edit, as stageWorkbookBytes does. Cells, styles and validation go in as for every sheet (xlsxCells.ts).
 */
import type { Workbook, Worksheet } from "exceljs";
import { AnnualPlan, isProblem, Problem } from "../../model";
import { absoluteReference } from "../layout";
import { TABLE_STYLE } from "../styles";
import { withWorkbookFunctions } from "../withWorkbookFunctions";
import { absolutePrintArea, cellValue, dataValidation, styleCells } from "../xlsxCells";
import { AnnualSensitivityOptions } from "./annualSensitivity";
import { ANNUAL_SHEET_NAME, AnnualSheetLayout, annualSheetLayout, AnnualTableRange } from "./annualLayout";

/** Frozen answer rows, validation, and the page setup: one landscape page wide, the sensitivity on its own page. */
function finishSheet(sheet: Worksheet, layout: AnnualSheetLayout): void {
  const { frozenRows, printArea, orientation, rowBreaks } = layout.page;
  sheet.views = [{ state: "frozen", ySplit: frozenRows, topLeftCell: `A${frozenRows + 1}`, activeCell: "A1" }];
  sheet.pageSetup = {
    ...sheet.pageSetup,
    orientation,
    fitToPage: true,
    fitToWidth: 1,
    // Automatic: the page break before the sensitivity starts the second page.
    fitToHeight: 0,
    horizontalCentered: true,
    margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
    printArea: absolutePrintArea(printArea),
  };
  for (const row of rowBreaks) sheet.getRow(row).addPageBreak();
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
  styleCells(sheet, layout.rows, layout.columnWidths);
  finishSheet(sheet, layout);
  return sheet;
}

/** The workbook of the annual sheet for `plan` (the sensitivity's moves and ranges as given), or its first problem. */
export async function annualWorkbook(
  plan: AnnualPlan,
  sensitivity: AnnualSensitivityOptions = {},
): Promise<Workbook | Problem> {
  const layout = annualSheetLayout(plan, "", { chartNote: true, sensitivity });
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
export async function annualWorkbookBytes(
  plan: AnnualPlan,
  sensitivity: AnnualSensitivityOptions = {},
): Promise<ArrayBuffer | Problem> {
  const workbook = await annualWorkbook(plan, sensitivity);
  if (isProblem(workbook)) return workbook;
  return withWorkbookFunctions((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}
