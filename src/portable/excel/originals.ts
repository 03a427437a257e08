/*
 * Where the original formulas are kept: a worksheet named "MLCost originals", very hidden
 * (Worksheet.visibility "VeryHidden": Excel's Unhide dialog does not list it; code can reach it).
 * One row per converted cell: its sheet, address, original formula, portable formula and the
 * sheet's id (Worksheet.id stays the same when a sheet is renamed or moved), below a header row.
 * Why a sheet:
 *  - it is saved with the workbook, so "Restore add-in formulas" works after save and reopen, on
 *    another machine, in another session of the pane, and in Excel on the web (co-authored too);
 *  - its cells go in with the same batch as the conversion they record, ahead of it, so Excel
 *    (which applies a failing batch up to the failing operation) never converts a cell without
 *    its record; and it is read and written in chunks like any sheet, under the 5 MB limit;
 *  - settings (Office.context.document.settings) are meant for a few small values, and custom
 *    XML parts would need one part per request-sized chunk and are not shown to anyone at all.
 * The texts are written as text (number format "@", then values), never as formulas.
 * A restored or rolled-back record's row is cleared; the sheet is deleted when none is left.
 */
import type { Block } from "./blocks";
import { rangeAddress } from "../../core/excel/a1";
import { rowBytes } from "./payload";

/** The very hidden sheet's name. */
export const ORIGINALS_SHEET = "MLCost originals";

/** Its first row, by which a sheet of that name is recognised as MLCost's. */
export const ORIGINALS_HEADER: readonly string[] = [
  "Sheet",
  "Cell",
  "Original formula",
  "Portable formula",
  "Sheet id",
];

/** The columns of a record: A to E. */
export const RECORD_COLUMNS = ORIGINALS_HEADER.length;

/** One converted cell, as kept. */
export interface OriginalRecord {
  sheet: string;
  address: string;
  original: string;
  portable: string;
  sheetId: string;
}

/** A record as its row of cells. */
export const recordRow = (r: OriginalRecord): string[] => [r.sheet, r.address, r.original, r.portable, r.sheetId];

/** The record a row holds, or undefined for a cleared (blank) or foreign row. */
export function recordOf(row: readonly unknown[]): OriginalRecord | undefined {
  const [sheet, address, original, portable, sheetId] = row.map((v) => (typeof v === "string" ? v : String(v ?? "")));
  if (!sheet || !address || !original || !portable) return undefined;
  return { sheet, address, original, portable, sheetId: sheetId || "" };
}

/** Bytes one record adds to a request: its values and its five "@" number formats. */
export const recordBytes = (r: OriginalRecord): number => rowBytes(recordRow(r)) + rowBytes(["@", "@", "@", "@", "@"]);

/** Whether a first row is the header this module writes. */
export const isOurHeader = (row: readonly unknown[] | undefined): boolean =>
  !!row && ORIGINALS_HEADER.every((text, i) => row[i] === text);

/** Queues the creation of the very hidden sheet with its header. */
export function queueCreateOriginals(workbook: Excel.Workbook): void {
  const sheet = workbook.worksheets.add(ORIGINALS_SHEET);
  sheet.visibility = "VeryHidden";
  const header = sheet.getRange(rangeAddress(0, 0, 1, RECORD_COLUMNS));
  header.numberFormat = [ORIGINALS_HEADER.map(() => "@")];
  header.values = [ORIGINALS_HEADER.slice()];
}

/** Queues records written as text from zero-based row `row` down. */
export function queueAppendRecords(workbook: Excel.Workbook, row: number, records: readonly OriginalRecord[]): void {
  if (records.length === 0) return;
  const range = workbook.worksheets
    .getItem(ORIGINALS_SHEET)
    .getRange(rangeAddress(row, 0, records.length, RECORD_COLUMNS));
  range.numberFormat = records.map(() => ["@", "@", "@", "@", "@"]);
  range.values = records.map(recordRow);
}

/** Queues the clearing of the given zero-based record rows, in runs of consecutive rows. */
export function queueClearRecordRows(workbook: Excel.Workbook, rows: readonly number[]): void {
  const sheet = workbook.worksheets.getItem(ORIGINALS_SHEET);
  const sorted = rows.slice().sort((a, b) => a - b);
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] <= sorted[j] + 1) j++;
    sheet.getRange(rangeAddress(sorted[i], 0, sorted[j] - sorted[i] + 1, RECORD_COLUMNS)).clear();
    i = j + 1;
  }
}

/** The grid a block writes: each cell's entry, or null (leave the cell as it is, Office.js's rule for 2-D arrays). */
export function blockGrid<T extends { row: number; column: number }>(
  block: Block<T>,
  entry: (cell: T) => string | null,
): (string | null)[][] {
  return block.cells.map((row) => row.map(entry));
}
