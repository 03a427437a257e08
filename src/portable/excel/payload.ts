/*
 * How much crosses to Excel and back in one context.sync(). Excel on the web refuses a request or
 * a response over 5 MB ("Resource limits and performance optimization for Office Add-ins",
 * https://learn.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization:
 * Excel add-ins, payload size for requests and responses), and Office.js reports it as
 * RequestPayloadSizeLimitExceeded or ResponsePayloadSizeLimitExceeded. Office.js sends each batch
 * as JSON; what we can measure is the JSON of our own values (formula text, UTF-8), not the
 * protocol's framing around each operation (object paths, ids), so each batch aims at well under
 * half the limit and counts a generous allowance per operation. Pure: no Office here.
 */

/** Excel on the web's limit on one request and on one response, in bytes. */
export const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** What one batch aims at, request or response: 40% of the limit, the rest left to framing we cannot see. */
export const BATCH_BUDGET_BYTES = 2 * 1024 * 1024;

/** The bytes a run's syncs aim at: its own `batchBytes` (a test's smaller budget), or BATCH_BUDGET_BYTES. */
export function batchBudgetOf(options: { batchBytes?: number }): number {
  return options.batchBytes !== undefined && options.batchBytes > 0 ? options.batchBytes : BATCH_BUDGET_BYTES;
}

/** The allowance for one operation's own framing (its object path, method and ids), beyond its values. */
export const OPERATION_BYTES = 512;

/** The UTF-8 bytes of `text` as a JSON string: quotes, escapes and multi-byte characters counted. */
export function textBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20)
      bytes += 6; // \u00XX
    else if (code === 0x22 || code === 0x5c)
      bytes += 2; // \" and \\
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code < 0xd800 || code > 0xdfff) bytes += 3;
    else if (code < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one 4-byte character
      i++;
    } else bytes += 6; // a lone surrogate: JSON.stringify escapes it as \uXXXX
  }
  return bytes;
}

/** The bytes of one entry of a 2-D array in JSON, with its comma. */
export function entryBytes(entry: unknown): number {
  if (typeof entry === "string") return textBytes(entry) + 1;
  if (entry === null || entry === undefined) return 5;
  return String(entry).length + 1;
}

/** The bytes of a row of a 2-D array in JSON. */
export function rowBytes(row: readonly unknown[]): number {
  let bytes = 3;
  for (const entry of row) bytes += entryBytes(entry);
  return bytes;
}

/** Cells one read may ask for at most, whatever their size: Office.js reads five million cells at most. */
export const MAX_CELLS_PER_READ = 250000;

/** What a chunked read has seen so far of a sheet: its widest row, in bytes. */
export interface ChunkState {
  rows: number;
  widestRowBytes: number;
}

/**
 * Rows for the next read of a rectangle `columns` wide. The first read assumes 256 bytes a cell;
 * then the widest row seen so far sets the size, so that a chunk of rows like those stays within
 * the budget; growth is at most four-fold a step, since the rows ahead are unseen.
 */
export function nextChunkRows(columns: number, seen: ChunkState | undefined, budget = BATCH_BUDGET_BYTES): number {
  const byCells = Math.max(1, Math.floor(MAX_CELLS_PER_READ / Math.max(1, columns)));
  if (!seen) return Math.max(1, Math.min(byCells, Math.floor(budget / (columns * 256))));
  const perRow = Math.max(seen.widestRowBytes, 1);
  const fits = Math.max(1, Math.floor(budget / perRow));
  return Math.max(1, Math.min(byCells, fits, seen.rows * 4));
}

/** Whether an Office error says a request or response was over Excel's payload limit. */
export function isPayloadLimitError(failure: unknown): boolean {
  const code = failure && typeof failure === "object" ? (failure as { code?: unknown }).code : undefined;
  return typeof code === "string" && /PayloadSizeLimitExceeded$/.test(code);
}
