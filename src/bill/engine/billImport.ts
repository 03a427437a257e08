/*
 * One import of a bill, step by step, over any engine that runs the model's SQL (the pane's DuckDB-Wasm worker,
 * or the Node build in the tests): check each file's first bytes, register the files, read their columns and
 * tell the FOCUS version, then measure: the key's values to map, the accelerators of unknown count, and the
 * monthly figures. Each step can be cancelled; what goes wrong comes back as BillProblems (sentences), and an
 * engine's error is read into one (engineProblem), never thrown at the pane. Nothing here writes anywhere.
 */
import type { Table } from "apache-arrow";
import type { AcceleratorCounts } from "../model/accelerators";
import { BillFile, billFilesOf, ChosenFile } from "../model/billFiles";
import { BillMonth, billMonthsOf, BillResultRow, unreadableRowsProblem } from "../model/billFigures";
import {
  billAggregationSql,
  billCopySql,
  billSortedSql,
  billColumnsSql,
  BillQuery,
  billSourceSql,
  hourlyDemandSql,
  keyValuesSql,
  unknownAcceleratorsSql,
  unreadableFiguresSql,
} from "../model/billSql";
import { HourlyDemandRows, ServingDemand, servingDemandOf } from "../../commitments/model";
import { engineProblem } from "./engineText";
import { checkGzip, csvEndOf, cutAtEnd, cutInQuotes } from "./csvEnds";
import { BillProblem, detectFocusVersion, detectionWarnings, FocusDetection } from "../model/focusColumns";
import { BillMapping, checkMappingFor, keyMatchProblem } from "../model/roles";

/** A row of a result as plain values. */
export type EngineRow = Record<string, unknown>;

/** What the import needs of an engine. */
export interface BillEngine {
  /** makes a chosen file readable by `name` in SQL, read in place */
  registerFile(name: string, file: Blob): Promise<void>;
  dropFile(name: string): Promise<void>;
  /** runs one statement; an abort of `signal` cancels it and rejects with an AbortError */
  query(sql: string, signal?: AbortSignal): Promise<EngineRow[]>;
  /** appends an Arrow table's rows to the table `name` (creating it when `create`) */
  insertArrowTable(table: Table, options: { name: string; create?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** A file the planner chose, as the browser gives it. */
export interface ChosenBlob {
  name: string;
  blob: Blob;
}

/** Where the import is: a step's words, and its share done where the engine reports one. */
export interface ImportProgress {
  step: "checking" | "reading" | "columns" | "measuring";
  text: string;
  fraction?: number;
}

/**
 * Reads a Parquet file into its own table `tableName` (bill/engine/parquetReader.ts) and resolves to every
 * column name its footer lists: the table may hold only the columns the bill reads, and the release is told by
 * the others (focusColumns.ts ADDED_IN). One table a file, read together with UNION ALL BY NAME: the engine
 * appends Arrow columns by position, so a second file with its columns in another order appended to the first
 * would swap their values.
 */
export type ParquetReader = (
  engine: BillEngine,
  file: ChosenBlob,
  options: {
    tableName: string;
    /** what each row's `filename` says: the engine's name of the file (billFiles.ts engineNameOf) */
    engineName: string;
    signal?: AbortSignal;
    onRows?: (read: number, total: number) => void;
  },
) => Promise<string[]>;

/** A bill whose files are registered and whose columns are known: what the measuring reads. */
export interface OpenedBill {
  files: BillFile[];
  /** the FROM expression over every file */
  source: string;
  detection: FocusDetection;
  /** warnings of the detection (an older release, unrecognised columns) */
  warnings: BillProblem[];
}

/** The engine's table of an import's rows: the bill's columns of every file, and each row's file. */
export const BILL_TABLE = "bill_rows";

/** The engine's table of a measuring's rows, each classified under the mapping and counts (billSortedSql). */
export const SORTED_TABLE = "bill_sorted";

/** The table of the import's nth Parquet file (from 1): its rows, as text, with their file's name. */
export const parquetTable = (n: number): string => `bill_parquet_${n}`;

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === "AbortError";

/** The first bytes of a file, for billFilesOf. */
async function firstBytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(0, 512).arrayBuffer());
}

/**
 * Checks and registers the chosen files and reads their columns: an OpenedBill, or the problems that stop the
 * import (a file that is not a bill, a file without FOCUS columns). A cancelled import rejects with the
 * AbortError; every other failure is a problem.
 */
export async function openBill(
  engine: BillEngine,
  chosen: readonly ChosenBlob[],
  options: { signal?: AbortSignal; onProgress?: (p: ImportProgress) => void; readParquet?: ParquetReader } = {},
): Promise<OpenedBill | { problems: BillProblem[] }> {
  const { signal, onProgress = () => undefined } = options;
  onProgress({ step: "checking", text: "Checking the files…" });
  const looked: ChosenFile[] = [];
  for (const file of chosen) {
    looked.push({ name: file.name, sizeBytes: file.blob.size, firstBytes: await firstBytesOf(file.blob) });
  }
  const { files, problems } = billFilesOf(looked);
  if (problems.length > 0) return { problems };
  signal?.throwIfAborted();

  const csv = files.filter((f) => f.kind !== "parquet");
  const parquet = files.filter((f) => f.kind === "parquet");
  const blobOf = (file: BillFile) => chosen[files.indexOf(file)].blob;
  const ends = await csvEnds(csv, blobOf, signal);
  if ("problems" in ends) return ends;
  let current = files[0];
  const registered: string[] = [];
  try {
    for (const file of csv) {
      current = file;
      registered.push(file.engineName);
      await engine.registerFile(file.engineName, blobOf(file));
    }
    const parquetColumns: string[] = [];
    for (const [n, file] of parquet.entries()) {
      current = file;
      if (!options.readParquet) return { problems: [engineProblem("read_parquet unavailable", file.name)] };
      const label = parquet.length > 1 ? `${file.name} (${n + 1} of ${parquet.length})` : file.name;
      onProgress({ step: "reading", text: `Reading ${label}…`, fraction: 0 });
      // a table of the last import's nth file may be there still
      await engine.query(`DROP TABLE IF EXISTS ${parquetTable(n + 1)}`, signal);
      const names = await options.readParquet(engine, chosen[files.indexOf(file)], {
        tableName: parquetTable(n + 1),
        engineName: file.engineName,
        signal,
        onRows: (read, total) =>
          onProgress({ step: "reading", text: `Reading ${label}…`, fraction: total > 0 ? read / total : undefined }),
      });
      parquetColumns.push(...names);
    }
    onProgress({ step: "columns", text: "Reading the columns…" });
    const csvColumns: string[] = [];
    for (const file of csv) {
      current = file;
      const names = await csvColumnsOf(engine, file, blobOf(file), signal);
      if ("problems" in names) return names;
      csvColumns.push(...names);
    }
    const detection = detectFocusVersion([...csvColumns, ...parquetColumns]);
    if ("code" in detection) return { problems: [detection] };
    const csvSource = billSourceSql({ format: "csv", paths: csv.map((f) => f.engineName) });
    const sources = [
      ...(csv.length ? [`SELECT * FROM ${csvSource}`] : []),
      ...parquet.map((_, n) => `SELECT * FROM ${parquetTable(n + 1)}`),
    ];
    // read once into the engine's own table of the bill's columns: every measuring after scans that
    onProgress({ step: "reading", text: csv.length ? "Reading the bill…" : "Gathering the files…", fraction: 0 });
    current = files.length === 1 ? files[0] : { ...files[0], name: "the bill" };
    await engine.query(billCopySql(`(${sources.join(" UNION ALL BY NAME ")})`, detection, BILL_TABLE), signal);
    for (const [n] of parquet.entries()) await engine.query(`DROP TABLE IF EXISTS ${parquetTable(n + 1)}`, signal);
    const warnings = [...detectionWarnings(detection), ...ends.notes];
    return { files, source: BILL_TABLE, detection, warnings };
  } catch (error) {
    if (isAbort(error)) throw error;
    // a CSV the engine cannot parse may be one cut short inside a quoted field: that is the sentence then
    if (current?.kind === "csv" && (await csvEndOf(blobOf(current), true, signal)).quoteOpen) {
      return { problems: [cutInQuotes(current)] };
    }
    return { problems: [engineProblem(error, current?.name)] };
  } finally {
    // the rows are in BILL_TABLE now (or the import failed): no file stays registered for a later import to read
    await dropFiles(engine, registered);
  }
}

/**
 * How each CSV ends, before the engine reads it: a gzipped one inflated once (checkGzip: a bomb, a cut-short or
 * damaged file, or no text inside, each its problem; a quoted field left open is one cut short), a plain one's
 * last byte; and a note for each that does not end at a line break.
 */
async function csvEnds(
  csv: readonly BillFile[],
  blobOf: (file: BillFile) => Blob,
  signal?: AbortSignal,
): Promise<{ notes: BillProblem[] } | { problems: BillProblem[] }> {
  const notes: BillProblem[] = [];
  for (const file of csv) {
    const end =
      file.kind === "csvGzip" ? await checkGzip(file, blobOf(file), signal) : await csvEndOf(blobOf(file), false);
    if ("code" in end) return { problems: [end] };
    if (end.quoteOpen) return { problems: [cutInQuotes(file)] };
    if (!end.endsAtLineBreak) notes.push(cutAtEnd(file));
  }
  return { notes };
}

/**
 * A CSV's column names, read on their own (a file that is not FOCUS, chosen with one that is, is named rather than
 * read as a FOCUS file with most of its columns blank), or the problem: not FOCUS, or cut short inside quotes.
 */
async function csvColumnsOf(
  engine: BillEngine,
  file: BillFile,
  blob: Blob,
  signal?: AbortSignal,
): Promise<string[] | { problems: BillProblem[] }> {
  const own = await engine.query(billColumnsSql(billSourceSql({ format: "csv", paths: [file.engineName] })), signal);
  const names = own.map((c) => String(c.column_name));
  const alone = detectFocusVersion(names);
  if (!("code" in alone)) return names;
  if (file.kind === "csv" && (await csvEndOf(blob, true, signal)).quoteOpen) return { problems: [cutInQuotes(file)] };
  return { problems: [{ ...alone, message: `${file.name}: ${alone.message}` }] };
}

/** Unregisters the import's files, each on its own: a drop that fails leaves the others dropped. */
async function dropFiles(engine: BillEngine, names: readonly string[]): Promise<void> {
  for (const name of names) await engine.dropFile(name).catch(() => undefined);
}

/**
 * The error naming the first rows whose cost or quantity is not a figure (`rows` in all), by file and line: run
 * only when the months count some, so a clean bill pays no scan for it.
 */
async function unreadableRows(
  engine: BillEngine,
  opened: OpenedBill,
  rows: number,
  signal?: AbortSignal,
): Promise<BillProblem> {
  const files = new Map(opened.files.map((f) => [f.engineName, f]));
  const listed = await engine.query(unreadableFiguresSql(opened.source, opened.detection), signal);
  const cells = listed.map((row) => {
    const file = files.get(String(row.file));
    const parquet = file?.kind === "parquet";
    // a CSV's header is its line 1; a Parquet file has rows, not lines
    return {
      file: file?.name ?? String(row.file),
      place: parquet ? ("row" as const) : ("line" as const),
      number: number(row.row_number) + (parquet ? 0 : 1),
      column: String(row.column_name),
      text: String(row.text ?? ""),
    };
  });
  return unreadableRowsProblem(cells, rows);
}

/** A key value with what it paid, for the mapping table. */
export interface KeyValueRow {
  /** null: rows without the key */
  value: string | null;
  currency: string;
  paidHours: number;
  effectiveCost: number;
  rows: number;
}

/** An accelerator SKU whose count is unknown, for the counts table. */
export interface UnknownAcceleratorRow {
  skuText: string;
  currency: string;
  instanceHours: number;
  effectiveCost: number;
  rows: number;
}

/** What one measuring of an opened bill gives the pane. */
export interface BillMeasurement {
  months: BillMonth[];
  problems: BillProblem[];
  keyValues: KeyValueRow[];
  unknownAccelerators: UnknownAcceleratorRow[];
  /** the serving demand hour by hour, for the commitment to buy (absent: a warehouse's result has none) */
  servingDemand?: ServingDemand;
}

const number = (value: unknown) => {
  const n = typeof value === "bigint" ? Number(value) : Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
};
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : number(value));

/** hourlyDemandSql's rows as the commitment's figures: each section's columns by name (billSql.ts). */
export function hourlyDemandRowsOf(result: readonly EngineRow[]): HourlyDemandRows {
  const key = (row: EngineRow) => ({
    currency: String(row.currency ?? ""),
    family: String(row.family ?? ""),
    region: String(row.region ?? ""),
  });
  const span = result.find((row) => row.section === "span");
  return {
    levels: result
      .filter((row) => row.section === "level")
      .map((row) => ({ ...key(row), accelerators: number(row.accelerators), hours: number(row.hours) })),
    groups: result
      .filter((row) => row.section === "group")
      .map((row) => ({
        ...key(row),
        usedAcceleratorHours: number(row.used_hours),
        committedPaidAcceleratorHours: number(row.committed_paid_hours),
        committedCost: number(row.committed_cost),
        listCost: numberOrNull(row.list_cost),
        listPaidAcceleratorHours: number(row.list_paid_hours),
        onDemandCost: number(row.on_demand_cost),
        onDemandPaidAcceleratorHours: number(row.on_demand_paid_hours),
      })),
    spanHours: numberOrNull(span?.hours),
    periods: result
      .filter((row) => row.section === "period")
      .map((row) => ({ hours: numberOrNull(row.period_hours), rows: number(row.row_count) })),
  };
}

/**
 * The figures of an opened bill under a mapping and accelerator counts: three queries over the files (the
 * key's values, the unknown accelerators, the aggregation). A mapping that cannot apply to the file is its one
 * problem; a cancelled measuring rejects with the AbortError.
 */
export async function measureBill(
  engine: BillEngine,
  opened: OpenedBill,
  settings: {
    mapping: BillMapping;
    counts?: AcceleratorCounts;
    signal?: AbortSignal;
    onProgress?: (p: ImportProgress) => void;
  },
): Promise<BillMeasurement | { problems: BillProblem[] }> {
  const { signal, onProgress = () => undefined } = settings;
  const wrongMapping = checkMappingFor(settings.mapping, opened.detection);
  if (wrongMapping) return { problems: [wrongMapping] };
  const classify: BillQuery = {
    source: opened.source,
    detection: opened.detection,
    mapping: settings.mapping,
    counts: settings.counts,
    hasFilename: true,
  };
  // every row classified once under this mapping and these counts; the three queries then only group
  const query: BillQuery = { ...classify, sorted: SORTED_TABLE };
  try {
    onProgress({ step: "measuring", text: "Sorting the rows…", fraction: 0 });
    await engine.query(billSortedSql(classify, SORTED_TABLE), signal);
    onProgress({ step: "measuring", text: "Adding up the months…" });
    const names = new Map(opened.files.map((f) => [f.engineName, f.name]));
    const result = (await engine.query(billAggregationSql(query), signal)) as unknown as BillResultRow[];
    onProgress({ step: "measuring", text: "Listing what to map…" });
    const keyValues = (await engine.query(keyValuesSql(query), signal)).map((row) => ({
      value: textOrNull(row.key_value),
      currency: String(row.currency ?? ""),
      paidHours: number(row.paid_hours),
      effectiveCost: number(row.effective_cost),
      rows: number(row.row_count),
    }));
    const unknownAccelerators = (await engine.query(unknownAcceleratorsSql(query), signal)).map((row) => ({
      skuText: String(row.sku_text ?? ""),
      currency: String(row.currency ?? ""),
      instanceHours: number(row.instance_hours),
      effectiveCost: number(row.effective_cost),
      rows: number(row.row_count),
    }));
    onProgress({ step: "measuring", text: "Adding up the hours served…" });
    const servingDemand = servingDemandOf(hourlyDemandRowsOf(await engine.query(hourlyDemandSql(query), signal)));
    const { months, problems } = billMonthsOf(result, names);
    const unmatched = keyMatchProblem(settings.mapping, keyValues);
    if (unmatched) problems.unshift(unmatched);
    const unreadable = months.reduce((sum, m) => sum + m.unreadableRows, 0);
    if (unreadable > 0) problems.push(await unreadableRows(engine, opened, unreadable, signal));
    return { months, problems: [...opened.warnings, ...problems], keyValues, unknownAccelerators, servingDemand };
  } catch (error) {
    if (isAbort(error)) throw error;
    return { problems: [engineProblem(error, opened.files.length === 1 ? opened.files[0].name : "the bill")] };
  }
}
