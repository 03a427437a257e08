/*
 * What every .xlsx writer (the stage, annual and what-if sheets) does alike with a whole sheet and its
 * workbook: the rows' values, an Excel table over some of them, the defined names, the frozen panes and
 * page setup with the validation, and the file's bytes with the workbook functions (the LAMBDA twins).
 * ExcelJS itself loads here, on the first download, in a chunk of its own.
 */
import type { Workbook, Worksheet } from "exceljs";
import { LayoutCell, xmlSafeText } from "../sheet/cell";
import { absoluteReference, columnLetter } from "../excel/a1";
import { LayoutName, Margins } from "../sheet/sheetBasics";
import { TABLE_STYLE } from "../sheet/styles";
import { absolutePrintArea, cellValue, dataValidation, styleCells, XlsxValidation } from "./xlsxCells";

type Rows = readonly (readonly (LayoutCell | null)[])[];

/** A new workbook, ExcelJS loaded now. */
export async function newWorkbook(): Promise<Workbook> {
  const { Workbook } = await import(/* webpackChunkName: "exceljs" */ "exceljs");
  const workbook = new Workbook();
  workbook.creator = "MLCost for Excel";
  return workbook;
}

/** An Excel table of the layout: its header row (1-based), its data rows below, its name. */
export interface XlsxTable {
  name: string;
  firstRow: number;
  rows: number;
}

/**
 * Adds the sheet `sheetName` with the layout's cells, its tables (which write their own cells), its defined
 * names and the role styles and widths (styleCells, which also sets every number format).
 */
export function addLayoutSheet(
  workbook: Workbook,
  sheetName: string,
  layout: { rows: Rows; names: readonly LayoutName[]; columnWidths: readonly number[] },
  tables: readonly XlsxTable[] = [],
): Worksheet {
  // Text the file can hold (xmlSafeText), here and in the names that point into the sheet.
  const name = xmlSafeText(sheetName);
  const sheet = workbook.addWorksheet(name);
  const inTable = (row: number) => tables.some((t) => row >= t.firstRow && row <= t.firstRow + t.rows);
  layout.rows.forEach((row, r) => {
    if (inTable(r + 1)) return;
    row.forEach((cell, c) => {
      if (cell) sheet.getCell(r + 1, c + 1).value = cellValue(cell);
    });
  });
  for (const table of tables) {
    const header = layout.rows[table.firstRow - 1];
    const body = layout.rows.slice(table.firstRow, table.firstRow + table.rows);
    sheet.addTable({
      name: table.name,
      ref: `A${table.firstRow}`,
      headerRow: true,
      style: { theme: TABLE_STYLE as "TableStyleMedium2", showRowStripes: false },
      columns: header.map((cell) => ({ name: xmlSafeText(String(cell?.value ?? "")), filterButton: false })),
      rows: body.map((row) => row.map(cellValue)),
    });
  }
  for (const defined of layout.names) {
    workbook.definedNames.add(absoluteReference(name, defined.address), defined.name);
  }
  styleCells(sheet, layout.rows, layout.columnWidths);
  return sheet;
}

/** How a sheet shows and prints, as the Excel writer's finish sets it (pageFinish.ts's xlsxPage). */
export interface XlsxPage {
  frozenRows: number;
  /** label columns frozen too (the what-if sheet's) */
  frozenColumns?: number;
  orientation: "landscape" | "portrait";
  printArea: string;
  /** 1: the whole sheet on one page; 0: one page wide, as tall as it takes (the breaks start pages) */
  pagesTall: 0 | 1;
  /** a fixed scale, in percent, across pages instead of the fit to one page wide */
  scalePercent?: number;
  /** a manual page break after each of these rows */
  rowBreaks?: readonly number[];
  /** rows repeated atop every printed page, "1:6" */
  printTitlesRow?: string;
  /** columns repeated at the left of every printed page, "A:C" */
  printTitlesColumn?: string;
  /** margins, in inches */
  margins: Margins;
  /** every page's header and footer in Excel's codes, sections marked (&L, &C, &R) */
  headerFooter: { oddHeader: string; oddFooter: string };
}

/** Frozen panes, the page setup and breaks, header and footer, and the validation of each blue cell. */
export function finishXlsxSheet(sheet: Worksheet, page: XlsxPage, validations: readonly XlsxAddressed[]): void {
  const { frozenRows, frozenColumns } = page;
  sheet.views = [
    frozenColumns === undefined
      ? { state: "frozen", ySplit: frozenRows, topLeftCell: `A${frozenRows + 1}`, activeCell: "A1" }
      : {
          state: "frozen",
          xSplit: frozenColumns,
          ySplit: frozenRows,
          topLeftCell: `${columnLetter(frozenColumns)}${frozenRows + 1}`,
          activeCell: "A1",
        },
  ];
  // A fixed scale is fitToPage off (ECMA-376 Part 1, 18.3.1.65 pageSetUpPr: fitToPage "use the fitToHeight and
  // fitToWidth" rather than scale).
  const scale = page.scalePercent
    ? { fitToPage: false, scale: page.scalePercent }
    : { fitToPage: true, fitToWidth: 1, fitToHeight: page.pagesTall };
  sheet.pageSetup = {
    ...sheet.pageSetup,
    orientation: page.orientation,
    ...scale,
    horizontalCentered: true,
    margins: page.margins,
    printArea: absolutePrintArea(page.printArea),
    ...(page.printTitlesRow ? { printTitlesRow: page.printTitlesRow } : {}),
    ...(page.printTitlesColumn ? { printTitlesColumn: page.printTitlesColumn } : {}),
  };
  sheet.headerFooter = { ...page.headerFooter, oddHeader: xmlSafeText(page.headerFooter.oddHeader) };
  for (const row of page.rowBreaks ?? []) sheet.getRow(row).addPageBreak();
  for (const validation of validations) {
    sheet.getCell(validation.address).dataValidation = dataValidation(validation);
  }
}

/** A validation with the cell it guards. */
export type XlsxAddressed = XlsxValidation & { address: string };
