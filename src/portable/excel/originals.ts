/*
 * Where the original formulas are kept: a worksheet named "MLCost originals", very hidden
 * (Worksheet.visibility "VeryHidden": Excel's Unhide dialog does not list it; code can reach it).
 * Why a sheet:
 *  - it is saved with the workbook, so "Restore add-in formulas" works after save and reopen, on
 *    another machine, in another session of the pane, and in Excel on the web (co-authored too);
 *  - its cells go in with the same batch as the conversion they record, ahead of it, so Excel
 *    (which applies a failing batch up to the failing operation) never converts a cell without
 *    its record; and it is read and written in chunks like any sheet, under the 5 MB limit;
 *  - settings (Office.context.document.settings) are meant for a few small values, and custom
 *    XML parts would need one part per request-sized chunk and are not shown to anyone at all.
 *
 * Below a header row, three kinds of row:
 *  - a record, one per converted cell: its sheet, address, original formula, portable formula,
 *    sheet id (Worksheet.id stays the same when a sheet is renamed or moved), the run that wrote
 *    it, and in the last column a formula, =ROW('Budget'!$C$1), that refers to the cell: Excel
 *    rewrites a reference when the cells it points at move (rows or columns inserted or deleted
 *    above or before them, the cell cut and pasted elsewhere), so the formula's text says where
 *    the cell is now. ROW keeps its value a small number whatever the cell holds;
 *  - a run's ledger: the run, and how many records it has written (a conversion appends it with its
 *    first records and updates it in the same batch as each later batch of records);
 *  - a tombstone: a record used (restored) or taken back, emptied but for its run, so that the
 *    ledger can be checked: a run's records and tombstones together must be as many as its
 *    ledger says, or some record was lost (a co-author's copy writing over it) and Restore keeps
 *    the sheet rather than delete an original it cannot see.
 * Rows are claimed at Excel's end of the batch, never at a row the add-in read earlier: the
 * records go to `getUsedRange(true).getRowsBelow(n)` queued in the same batch as their writes, so
 * the used range is the one Excel sees when it runs that batch, after every batch before it
 * (another conversion's too). Rows are never inserted or deleted here, so a row number read once
 * stays the row of that record.
 * The texts are written as text (number format "@", then values), never as formulas, but for the
 * last column's reference formula. A record of the first version (five columns) is read too.
 */
import { absoluteReference, parseCell, rangeAddress } from "../../core/excel/a1";
import { rowBytes } from "./payload";

/** The very hidden sheet's name. */
export const ORIGINALS_SHEET = "MLCost originals";

/** Its first row. The first five headings (the first version's) recognise a sheet of that name as MLCost's. */
export const ORIGINALS_HEADER: readonly string[] = [
  "Sheet",
  "Cell",
  "Original formula",
  "Portable formula",
  "Sheet id",
  "Run",
  "Records of the run",
  "Cell now",
];

/** The columns of a row: A to H. */
export const RECORD_COLUMNS = ORIGINALS_HEADER.length;

/** The first version's columns (A to E), by which an older sheet is still recognised. */
const FIRST_VERSION_COLUMNS = 5;

/** Zero-based columns. */
const RUN_COLUMN = 5;
const LEDGER_COLUMN = 6;
const TRACK_COLUMN = 7;

/** One converted cell, as kept. */
export interface OriginalRecord {
  sheet: string;
  address: string;
  original: string;
  portable: string;
  sheetId: string;
  /** the run that wrote it ("" in a first-version record) */
  run: string;
}

/** Where a record's reference formula says its cell is now. */
export type CellNow =
  | { kind: "at"; sheet: string; address: string }
  /** Excel turned the reference into #REF!: the cell's row, column or sheet was deleted */
  | { kind: "deleted" }
  /** no reference formula (a first-version record) or one this module does not read */
  | { kind: "unknown" };

/** A row of the originals sheet as read. */
export type OriginalsRow =
  | { kind: "record"; record: OriginalRecord; now: CellNow }
  | { kind: "ledger"; run: string; records: number }
  | { kind: "tombstone"; run: string }
  | { kind: "blank" };

/** The reference formula that follows `address` on `sheet`. */
export const trackingFormula = (sheet: string, address: string): string =>
  `=ROW(${absoluteReference(sheet, address.replace(/\$/g, ""))})`;

/** Where a tracking formula (as Range.formulas reads it, Excel's rewrites included) points. */
export function cellNow(formula: unknown): CellNow {
  if (typeof formula !== "string" || formula === "") return { kind: "unknown" };
  const inner = /^=ROW\((.*)\)$/i.exec(formula.trim());
  if (!inner) return { kind: "unknown" };
  const reference = inner[1];
  if (/#REF!/i.test(reference)) return { kind: "deleted" };
  const bang = reference.lastIndexOf("!");
  if (bang < 0) return { kind: "unknown" };
  const prefix = reference.slice(0, bang);
  const address = reference.slice(bang + 1).replace(/\$/g, "");
  if (!parseCell(address)) return { kind: "unknown" };
  const sheet = /^'.*'$/.test(prefix) ? prefix.slice(1, -1).replace(/''/g, "'") : prefix;
  if (!sheet || /[[\]]/.test(sheet)) return { kind: "unknown" }; // an external workbook: not ours
  return { kind: "at", sheet, address: address.toUpperCase() };
}

const text = (v: unknown): string => (typeof v === "string" ? v : v === null || v === undefined ? "" : String(v));

/** What a row (as Range.formulas reads it, A to H) holds. */
export function rowOf(row: readonly unknown[]): OriginalsRow {
  const [sheet, address, original, portable, sheetId, run, ledger] = row.map(text);
  if (sheet && address && original && portable)
    return {
      kind: "record",
      record: { sheet, address, original, portable, sheetId, run: run || "" },
      now: cellNow(row[TRACK_COLUMN]),
    };
  if (!sheet && !address && run) {
    if (/^\d+$/.test(ledger)) return { kind: "ledger", run, records: Number(ledger) };
    return { kind: "tombstone", run };
  }
  return { kind: "blank" };
}

/** The record a row holds, or undefined for any other row. */
export function recordOf(row: readonly unknown[]): OriginalRecord | undefined {
  const seen = rowOf(row);
  return seen.kind === "record" ? seen.record : undefined;
}

/** A record's text columns (A to G). */
const recordTexts = (r: OriginalRecord): string[] => [r.sheet, r.address, r.original, r.portable, r.sheetId, r.run, ""];

/** Bytes one record adds to a request: its texts, their "@" formats and its reference formula. */
export const recordBytes = (r: OriginalRecord): number =>
  rowBytes(recordTexts(r)) + rowBytes(recordTexts(r).map(() => "@")) + rowBytes([trackingFormula(r.sheet, r.address)]);

/** Whether a first row is the header this module writes (or its first version's). */
export const isOurHeader = (row: readonly unknown[] | undefined): boolean =>
  !!row && ORIGINALS_HEADER.slice(0, FIRST_VERSION_COLUMNS).every((heading, i) => row[i] === heading);

/** Queues the header, as text: a new sheet's first row, and a first-version sheet's brought up to date. */
export function queueHeader(sheet: Excel.Worksheet): void {
  const header = sheet.getRange(rangeAddress(0, 0, 1, RECORD_COLUMNS));
  header.numberFormat = [ORIGINALS_HEADER.map(() => "@")];
  header.values = [ORIGINALS_HEADER.slice()];
}

/** Queues the creation of the very hidden sheet with its header. */
export function queueCreateOriginals(workbook: Excel.Workbook): void {
  const sheet = workbook.worksheets.add(ORIGINALS_SHEET);
  sheet.visibility = "VeryHidden";
  queueHeader(sheet);
}

/**
 * Queues `rows` of text (A to G) and, for records, their reference formulas (H), in rows Excel
 * claims when it runs the batch: just below the sheet's used range as it is then. Returns the
 * range, whose rowIndex (loaded here) says after the sync where they went.
 */
function queueAppend(sheet: Excel.Worksheet, texts: string[][], tracking: string[] | undefined): Excel.Range {
  const region = sheet.getUsedRange(true).getRowsBelow(texts.length);
  const textColumns = region.getResizedRange(0, -1);
  textColumns.numberFormat = texts.map((row) => row.map(() => "@"));
  textColumns.values = texts;
  if (tracking) region.getLastColumn().formulas = tracking.map((f) => [f]);
  region.load("rowIndex");
  return region;
}

/** Queues a run's ledger row (run, records). */
export const queueAppendLedger = (sheet: Excel.Worksheet, run: string, records: number): Excel.Range =>
  queueAppend(sheet, [["", "", "", "", "", run, String(records)]], undefined);

/** Queues records below the used range; the range's rowIndex says where they went. */
export function queueAppendRecords(sheet: Excel.Worksheet, records: readonly OriginalRecord[]): Excel.Range {
  return queueAppend(
    sheet,
    records.map(recordTexts),
    records.map((r) => trackingFormula(r.sheet, r.address)),
  );
}

/** Queues a new count in the ledger at zero-based row `row`. */
export function queueLedgerCount(sheet: Excel.Worksheet, row: number, records: number): void {
  const cell = sheet.getRange(rangeAddress(row, LEDGER_COLUMN, 1, 1));
  cell.numberFormat = [["@"]];
  cell.values = [[String(records)]];
}

/** Runs of consecutive rows, sorted. */
function rowRuns(rows: readonly number[]): { first: number; count: number }[] {
  const sorted = Array.from(new Set(rows)).sort((a, b) => a - b);
  const runs: { first: number; count: number }[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    runs.push({ first: sorted[i], count: j - i + 1 });
    i = j + 1;
  }
  return runs;
}

/**
 * Queues the end of the records at the given zero-based rows: each becomes a tombstone (only its
 * run left, A to E and H cleared), so the run's ledger still adds up.
 */
export function queueTombstones(sheet: Excel.Worksheet, rows: readonly number[]): void {
  for (const { first, count } of rowRuns(rows)) {
    sheet.getRange(rangeAddress(first, 0, count, RUN_COLUMN)).clear();
    sheet.getRange(rangeAddress(first, TRACK_COLUMN, count, 1)).clear();
  }
}

/** Queues the clearing of whole rows (first-version records, which have no run to keep). */
export function queueClearRows(sheet: Excel.Worksheet, rows: readonly number[]): void {
  for (const { first, count } of rowRuns(rows)) sheet.getRange(rangeAddress(first, 0, count, RECORD_COLUMNS)).clear();
}

/** A new run's name: when it started (ISO, UTC) and a random tail, so that two runs never share one. */
export function newRunId(now: Date = new Date()): string {
  const bytes = new Uint8Array(6);
  const cryptoSource = (globalThis as { crypto?: { getRandomValues?(a: Uint8Array): Uint8Array } }).crypto;
  if (cryptoSource && cryptoSource.getRandomValues) cryptoSource.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  const tail = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${now.toISOString()} ${tail}`;
}

/** When a run started, from its name ("" if the name is not one of newRunId's). */
export const runStart = (run: string): string => (/^\S+T\S+Z(?= )/.exec(run) || [""])[0];
