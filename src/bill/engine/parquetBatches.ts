/// <reference lib="es2018.asyncgenerator" />
/// <reference lib="es2018.asynciterable" />
/// <reference lib="es2020.bigint" />
/// <reference lib="es2022.error" />
/*
 * A Parquet FOCUS export read into the bill's engine without the engine's Parquet extension (DuckDB-Wasm
 * fetches it from the network, which the pane has not): hyparquet decodes the file a slice at a time, and each
 * slice becomes an Arrow table the engine inserts. Every column arrives as text, as the CSV path reads it
 * (all_varchar), so the one aggregation (billSql.ts) reads both the same way with TRY_CAST: numbers as their
 * plain decimal text, integers as their digits, timestamps and dates as ISO 8601 UTC text ("2026-01-01T00:00:00Z",
 * as FOCUS CSVs carry them; the SQL takes the month from the first seven characters), maps, structs and lists
 * (Tags) as JSON text, null as null; and a `filename` column, as read_csv(filename = true) gives.
 *
 * Memory: the footer first, then at most `batchRows` rows at a time (a row group, or a slice of a big one:
 * hyparquet reads only the pages of the slice where the file has an offset index, and the slice's column chunks
 * otherwise), never the whole file.
 */
import { parquetMetadataAsync, parquetRead, parquetSchema } from "hyparquet";
import type { AsyncBuffer, ColumnData, FileMetaData, ParquetParsers } from "hyparquet";
// The codecs one by one, not hyparquet-compressors' index: the index also loads hysnappy, which compiles
// WebAssembly on the pane's main thread as it is imported, and the pane's CSP allows no WebAssembly there
// (script-src without 'wasm-unsafe-eval'); Snappy is hyparquet's own, in plain JavaScript.
import { gunzip } from "hyparquet-compressors/src/gzip.js";
import { decompressLz4, decompressLz4Raw } from "hyparquet-compressors/src/lz4.js";
import { decompress as decompressZstd } from "fzstd";
import { makeData, makeVector, Table, Utf8, Vector } from "apache-arrow";

export type { AsyncBuffer } from "hyparquet";

/** One slice of the file, ready to insert. */
export interface ParquetBatch {
  /** every column as Arrow Utf8 text, which the engine stores as VARCHAR, and `filename` */
  table: Table;
  /** rows read so far, this batch included */
  rowsRead: number;
  /** rows in the file, from its footer */
  rowsTotal: number;
}

/** How to read a file. */
export interface ParquetBatchOptions {
  /** the file's name as the planner chose it: the name in every message, and the `filename` column's by default */
  fileName: string;
  /** what the `filename` column says, where not `fileName`: the import's own name of the file */
  rowFileName?: string;
  /** the most rows of a batch (default 100,000: about 60 MB of text for an export of 50 columns) */
  batchRows?: number;
  /** checked between batches: an aborted signal ends the read with an Error named "AbortError" */
  signal?: AbortSignal;
  /**
   * only these of the file's columns (matched whatever their case; a name the file lacks is skipped): the bill
   * reads about 20 of an export's 50 or more, and a column not read is neither decoded nor inserted
   */
  columns?: readonly string[];
}

/**
 * The name of the Error a file the reader cannot read rejects with: its message is a planner's sentence that
 * names the file, to show as it stands.
 */
export const FILE_ERROR = "BillFileError";

/** The name of the column that tells each row's file, as billSql.ts reads it. */
export const FILENAME_COLUMN = "filename";

const DEFAULT_BATCH_ROWS = 100_000;

// Snappy, the codec most Parquet exports use, is hyparquet's own; gzip and zstd are the others writers offer.
// Brotli is left out: its dictionary alone is 79 kB of the pane's download, for a codec exports seldom use.
const DECOMPRESSORS = {
  GZIP: (input: Uint8Array, outputLength: number) => gunzip(input, new Uint8Array(outputLength)),
  ZSTD: (input: Uint8Array) => decompressZstd(input),
  LZ4: decompressLz4,
  LZ4_RAW: decompressLz4Raw,
};

/**
 * Reads a Parquet file in batches of at most `batchRows` rows, every column as text.
 * @example for await (const { table, rowsRead, rowsTotal } of parquetBatches(file, { fileName: "bill.parquet" })) {}
 */
export async function* parquetBatches(
  file: AsyncBuffer,
  options: ParquetBatchOptions,
): AsyncGenerator<ParquetBatch, void, undefined> {
  const { fileName, signal } = options;
  const rowFileName = options.rowFileName ?? fileName;
  const batchRows = Math.max(1, Math.floor(options.batchRows ?? DEFAULT_BATCH_ROWS));
  const metadata = await readFooter(file, fileName);
  const wanted = options.columns && new Set(options.columns.map((name) => name.toLowerCase()));
  const columns = topLevelColumns(metadata).filter((column) => !wanted || wanted.has(column.name.toLowerCase()));
  const rowsTotal = Number(metadata.num_rows);
  let rowsRead = 0;
  let groupStart = 0;
  // a file of no rows still gives its columns, so the table exists for the queries that follow
  if (rowsTotal === 0) {
    yield { table: await readSlice(file, metadata, columns, 0, 0, fileName, rowFileName), rowsRead, rowsTotal };
  }
  for (const group of metadata.row_groups) {
    const groupEnd = groupStart + Number(group.num_rows);
    for (let start = groupStart; start < groupEnd; start += batchRows) {
      if (signal?.aborted) throw aborted(fileName, rowsRead, rowsTotal);
      const end = Math.min(start + batchRows, groupEnd);
      const table = await readSlice(file, metadata, columns, start, end, fileName, rowFileName);
      rowsRead += end - start;
      yield { table, rowsRead, rowsTotal };
    }
    groupStart = groupEnd;
  }
}

/**
 * The file's column names, from its footer alone (a read of its last bytes): what detectFocusVersion needs
 * before any row is read. Rejects as parquetBatches does for a file that is not Parquet.
 */
export async function parquetColumnNames(file: AsyncBuffer, fileName: string): Promise<string[]> {
  return topLevelColumns(await readFooter(file, fileName)).map((column) => column.name);
}

/** What the pane's engine and the Node test's engine both offer: DuckDB-Wasm's connection, async or blocking. */
export interface ArrowTableInserter {
  insertArrowTable(table: Table, options: { name: string; create?: boolean }): unknown;
}

/** How insertParquet inserts. */
export interface InsertParquetOptions extends ParquetBatchOptions {
  /**
   * true (the default): the first batch creates the table; false: every batch is appended to an existing table.
   * The engine appends Arrow columns by position, not by name: append only a file of the same columns in the same
   * order (one table a file, read with UNION ALL BY NAME, is safe for any).
   */
  create?: boolean;
  /** after each batch */
  onProgress?: (rowsRead: number, rowsTotal: number) => void;
}

/**
 * Inserts every batch of a Parquet file into the engine's table `tableName`, reporting progress after each batch;
 * resolves to the rows inserted. A file of no rows creates a table of its columns and no row.
 */
export async function insertParquet(
  connection: ArrowTableInserter,
  file: AsyncBuffer,
  tableName: string,
  options: InsertParquetOptions,
): Promise<number> {
  let inserted = 0;
  let first = true;
  for await (const batch of parquetBatches(file, options)) {
    const create = first && options.create !== false;
    first = false;
    await connection.insertArrowTable(batch.table, { name: tableName, create });
    inserted = batch.rowsRead;
    options.onProgress?.(batch.rowsRead, batch.rowsTotal);
  }
  return inserted;
}

/** A top-level column: its name, and how its values become text. */
interface TextColumn {
  name: string;
  text: (value: unknown) => string | null;
}

async function readFooter(file: AsyncBuffer, fileName: string): Promise<FileMetaData> {
  try {
    return await parquetMetadataAsync(file, { parsers: TEXT_PARSERS });
  } catch (error) {
    const head = file.byteLength >= 4 ? new Uint8Array(await file.slice(0, 4)) : new Uint8Array(0);
    const startsAsParquet = String.fromCharCode(...Array.from(head)) === "PAR1";
    throw fileError(
      startsAsParquet
        ? `${fileName} starts as a Parquet file but its end is missing or damaged (it may have been cut short ` +
            `while downloading): download the export again.`
        : `${fileName} is not a Parquet file (the reader says: ${reason(error)}). Choose the export's .parquet ` +
            "file, or its CSV.",
      error,
    );
  }
}

async function readSlice(
  file: AsyncBuffer,
  metadata: FileMetaData,
  columns: TextColumn[],
  rowStart: number,
  rowEnd: number,
  fileName: string,
  rowFileName: string,
): Promise<Table> {
  const length = rowEnd - rowStart;
  const texts = new Map<string, (string | null)[]>();
  for (const column of columns) texts.set(column.name, new Array<string | null>(length).fill(null));
  const byName = new Map(columns.map((column) => [column.name, column] as const));
  // chunks may run past the slice on either side: each value is placed by its own row
  const onChunk = ({ columnName, columnData, rowStart: chunkStart }: ColumnData) => {
    const column = byName.get(columnName);
    const into = texts.get(columnName);
    if (!column || !into) return;
    const from = Math.max(rowStart, chunkStart);
    const to = Math.min(rowEnd, chunkStart + columnData.length);
    for (let row = from; row < to; row++) into[row - rowStart] = column.text(columnData[row - chunkStart]);
  };
  if (length > 0) await readRows(file, metadata, columns, rowStart, rowEnd, onChunk, fileName);
  const vectors: Record<string, Vector<Utf8>> = {};
  for (const column of columns) vectors[column.name] = utf8Vector(texts.get(column.name)!);
  vectors[FILENAME_COLUMN] = utf8Vector(new Array<string>(length).fill(rowFileName));
  return new Table(vectors);
}

/** hyparquet's read of rows [rowStart, rowEnd), its failure a planner's sentence. */
async function readRows(
  file: AsyncBuffer,
  metadata: FileMetaData,
  columns: TextColumn[],
  rowStart: number,
  rowEnd: number,
  onChunk: (chunk: ColumnData) => void,
  fileName: string,
): Promise<void> {
  try {
    await parquetRead({
      file,
      metadata,
      rowStart,
      rowEnd,
      columns: columns.map((column) => column.name),
      compressors: DECOMPRESSORS,
      parsers: TEXT_PARSERS,
      useOffsetIndex: true,
      onChunk,
    });
  } catch (error) {
    const message = reason(error);
    const codec = /compression codec:?\s*(\w+)/i.exec(message)?.[1];
    throw fileError(
      codec
        ? `${fileName} is compressed with ${codec}, which the pane does not read: export it with Snappy, gzip ` +
            "or zstd compression, or as CSV."
        : `${fileName} could not be read at rows ${rowStart + 1} to ${rowEnd} (the reader says: ${message}).`,
      error,
    );
  }
}

/** The file's top-level columns (a MAP or struct is one column), without one the reader's `filename` replaces. */
function topLevelColumns(metadata: FileMetaData): TextColumn[] {
  return parquetSchema(metadata)
    .children.filter((child) => child.element.name.toLowerCase() !== FILENAME_COLUMN)
    .map((child) => {
      const float32 = child.element.type === "FLOAT" && !child.children.length;
      return { name: child.element.name, text: float32 ? float32Text : cellText };
    });
}

/** hyparquet's parsers, giving text where the defaults give Dates and parsed JSON. */
const TEXT_PARSERS: Partial<ParquetParsers> = {
  timestampFromMilliseconds: (millis: bigint) => isoTimestamp(Number(millis)),
  timestampFromMicroseconds: (micros: bigint) => isoTimestamp(Number(micros) / 1e3),
  timestampFromNanoseconds: (nanos: bigint) => isoTimestamp(Number(nanos) / 1e6),
  dateFromDays: (days: number) => isoTimestamp(days * 86_400_000)?.slice(0, 10) ?? null,
  // the file's own JSON text, not a re-serialisation of it
  jsonFromBytes: (bytes: Uint8Array) => (bytes ? new TextDecoder().decode(bytes) : bytes),
};

/** "2026-01-01T00:00:00Z", with milliseconds only where there are some; null beyond what a Date holds. */
function isoTimestamp(millis: number): string | null {
  const date = new Date(Math.floor(millis));
  if (!Number.isFinite(date.getTime())) return null;
  return date.toISOString().replace(".000Z", "Z");
}

/** A cell as the CSV path would read it: text, or null (for an empty text and NULL too, as its nullstr reads them). */
function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value === "" || value === "NULL" ? null : value;
  if (typeof value === "number") return numberText(value);
  if (typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return isoTimestamp(value.getTime());
  if (value instanceof Uint8Array) return Array.from(value, (b) => b.toString(16).padStart(2, "0")).join("");
  return jsonText(value);
}

/** A FLOAT (32-bit) as the shortest decimal that reads back as the same float: 0.1, not 0.10000000149011612. */
function float32Text(value: unknown): string | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return cellText(value);
  for (let digits = 1; digits < 9; digits++) {
    const shorter = Number(value.toPrecision(digits));
    if (Math.fround(shorter) === value) return numberText(shorter);
  }
  return numberText(value);
}

/**
 * A number as plain decimal text, its shortest round-trip digits without an exponent (1e-7 is "0.0000001"), so
 * the text reads back the same in any reader; NaN and infinities as JavaScript spells them, which DuckDB reads.
 */
export function numberText(value: number): string {
  const text = String(value);
  if (text.indexOf("e") < 0) return text;
  const exponent = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const [, sign, first, rest = "", power] = exponent;
  const digits = first + rest;
  const point = 1 + Number(power);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** JSON text of a map, struct or list, as a FOCUS CSV writes Tags: {"workload":"training"}. */
function jsonText(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number") return Number.isFinite(value) ? numberText(value) : "null";
  if (typeof value === "bigint") return String(value);
  if (typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (value instanceof Date) return JSON.stringify(isoTimestamp(value.getTime()));
  if (value instanceof Map) return jsonText(mapObject(value));
  if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    return `[${Array.from(value as ArrayLike<unknown>, jsonText).join(",")}]`;
  }
  const entries = Object.keys(value as object).map(
    (key) => `${JSON.stringify(key)}:${jsonText((value as Record<string, unknown>)[key])}`,
  );
  return `{${entries.join(",")}}`;
}

function mapObject(map: Map<unknown, unknown>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  map.forEach((entry, key) => (object[String(key)] = entry));
  return object;
}

const encoder = new TextEncoder();

/**
 * An Arrow Utf8 vector built straight into its buffers: ASCII (nearly every byte of a bill) copied a character at
 * a time, anything else through TextEncoder; a few times faster than Arrow's builders on FOCUS's short texts.
 */
function utf8Vector(values: (string | null)[]): Vector<Utf8> {
  const length = values.length;
  const valueOffsets = new Int32Array(length + 1);
  const nullBitmap = new Uint8Array((length + 7) >> 3);
  let bytes = new Uint8Array(Math.max(64, length * 16));
  let used = 0;
  let nullCount = 0;
  for (let i = 0; i < length; i++) {
    const value = values[i];
    if (value === null) {
      nullCount++;
    } else {
      nullBitmap[i >> 3] |= 1 << (i & 7);
      if (used + value.length * 3 > bytes.length) {
        const grown = new Uint8Array(Math.max(bytes.length * 2, used + value.length * 3));
        grown.set(bytes.subarray(0, used));
        bytes = grown;
      }
      let c = 0;
      for (; c < value.length; c++) {
        const code = value.charCodeAt(c);
        if (code >= 0x80) break;
        bytes[used++] = code;
      }
      if (c < value.length) used += encoder.encodeInto(value.slice(c), bytes.subarray(used)).written ?? 0;
    }
    valueOffsets[i + 1] = used;
  }
  const data = makeData({
    type: new Utf8(),
    length,
    nullCount,
    nullBitmap: nullCount ? nullBitmap : null,
    valueOffsets,
    data: bytes.subarray(0, used),
  });
  return makeVector(data);
}

function aborted(fileName: string, rowsRead: number, rowsTotal: number): Error {
  const error = new Error(
    `Reading ${fileName} was cancelled after ${rowsRead.toLocaleString("en-US")} of ` +
      `${rowsTotal.toLocaleString("en-US")} rows.`,
  );
  error.name = "AbortError";
  return error;
}

function fileError(message: string, cause: unknown): Error {
  const error = new Error(message, { cause });
  error.name = FILE_ERROR;
  return error;
}

function reason(error: unknown): string {
  return String(error instanceof Error ? error.message : error)
    .split("\n")[0]
    .slice(0, 200);
}
