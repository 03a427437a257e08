/*
 * The Parquet path into the bill's engine: accelerators.csv's Parquet copies (test/bill/fixtures/makeParquet.js,
 * typed as an export types them) read by hyparquet in batches, inserted as Arrow tables into DuckDB-Wasm, and the
 * one aggregation run over the table: its figures must be the CSV's, row for row, however the file is compressed,
 * batched or typed. Then what goes wrong: a cancel, a file that is not Parquet, a file cut short.
 */
import * as duckdb from "@duckdb/duckdb-wasm/dist/duckdb-node-blocking";
import { readFileSync } from "fs";
import { brotliCompressSync } from "zlib";
import { dirname, join } from "path";
import { billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import { billAggregationSql, billColumnsSql, billSourceSql } from "../../../src/bill/model/billSql";
import { BILL_ENGINE_SETTINGS } from "../../../src/bill/engine/engineText";
import { detectFocusVersion, FocusDetection } from "../../../src/bill/model/focusColumns";
import { DEFAULT_MAPPING } from "../../../src/bill/model/roles";
import { isProblem } from "../../../src/core/model/problems";
import {
  AsyncBuffer,
  FILE_ERROR,
  insertParquet,
  numberText,
  ParquetBatch,
  parquetColumnNames,
  parquetBatches,
} from "../../../src/bill/engine/parquetBatches";

const FIXTURES = join(__dirname, "../fixtures");
const ACCELERATORS = join(FIXTURES, "accelerators.csv");
const DIST = dirname(require.resolve("@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm"));

type Row = Record<string, unknown>;
let db: duckdb.DuckDBBindings;
let connection: duckdb.DuckDBConnection;
const query = (sql: string): Row[] =>
  connection
    .query(sql)
    .toArray()
    .map((row: { toJSON(): Row }) => ({ ...row.toJSON() }));

beforeAll(async () => {
  const bundles = {
    mvp: { mainModule: join(DIST, "duckdb-mvp.wasm"), mainWorker: join(DIST, "duckdb-node-mvp.worker.cjs") },
    eh: { mainModule: join(DIST, "duckdb-eh.wasm"), mainWorker: join(DIST, "duckdb-node-eh.worker.cjs") },
  };
  db = await duckdb.createDuckDB(bundles, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate(() => {});
  connection = db.connect();
  for (const setting of BILL_ENGINE_SETTINGS) query(setting);
});
afterAll(() => {
  connection.close();
  db.reset();
});

/** A file's bytes as hyparquet reads a browser File: a slice at a time, each slice counted. */
function asyncBuffer(bytes: Uint8Array): AsyncBuffer & { bytesRead: number } {
  const buffer = {
    byteLength: bytes.byteLength,
    bytesRead: 0,
    slice(start: number, end = bytes.byteLength) {
      buffer.bytesRead += end - start;
      return Promise.resolve(bytes.slice(start, end).buffer);
    },
  };
  return buffer;
}
const fixture = (name: string) => asyncBuffer(new Uint8Array(readFileSync(join(FIXTURES, name))));

let tables = 0;
/** Inserts a Parquet file into a new table; gives its name. */
async function insert(file: AsyncBuffer, fileName: string, batchRows?: number): Promise<string> {
  const name = `bill_${++tables}`;
  await insertParquet(connection, file, name, { fileName, batchRows });
  return name;
}

/** The aggregation over a source, with the detection its columns give. */
function aggregate(source: string) {
  const columns = query(billColumnsSql(source)).map((row) => String(row.column_name));
  const detection = detectFocusVersion(columns);
  if (isProblem(detection)) throw new Error(detection.message);
  const rows = query(
    billAggregationSql({ source, detection, mapping: DEFAULT_MAPPING, hasFilename: true }),
  ) as unknown as BillResultRow[];
  return { detection, rows, ...billMonthsOf(rows) };
}
const withoutFiles = <T extends object>(items: T[]) => items.map((item) => ({ ...item, files: null }));

let csv: ReturnType<typeof aggregate>;
beforeAll(() => {
  csv = aggregate(billSourceSql({ format: "csv", paths: [ACCELERATORS] }));
});

describe("a Parquet export gives the CSV's figures", () => {
  test.each([
    ["accelerators.parquet", 100_000],
    ["accelerators-gzip.parquet", 100_000],
    ["accelerators-tags-map.parquet", 100_000],
    ["accelerators.parquet", 3],
    ["accelerators-gzip.parquet", 3],
  ])("%s in batches of %s rows: the same rows, months and problems as accelerators.csv", async (name, rows) => {
    const parquet = aggregate(await insert(fixture(name), name, rows));
    expect((parquet.detection as FocusDetection).version).toBe((csv.detection as FocusDetection).version);
    expect(parquet.rows.length).toBeGreaterThan(20);
    expect(withoutFiles(parquet.rows)).toEqual(withoutFiles(csv.rows));
    expect(withoutFiles(parquet.months)).toEqual(withoutFiles(csv.months));
    expect(parquet.problems).toEqual(csv.problems);
    expect(parquet.months.map((m) => m.files)).toEqual(csv.months.map(() => [name]));
  });

  test("the footer's names give the detection, and reading only the bill's columns the same figures", async () => {
    const names = await parquetColumnNames(fixture("accelerators.parquet"), "accelerators.parquet");
    expect(names).toEqual(
      query(billColumnsSql(billSourceSql({ format: "csv", paths: [ACCELERATORS] })))
        .map((row) => row.column_name)
        .filter((name) => name !== "filename"),
    );
    const detection = detectFocusVersion(names) as FocusDetection;
    const wanted = Object.values(detection.columns) as string[];
    const table = `bill_${++tables}`;
    await insertParquet(connection, fixture("accelerators.parquet"), table, {
      fileName: "accelerators.parquet",
      columns: wanted.map((name) => name.toUpperCase()),
    });
    const read = query(`DESCRIBE ${table}`).map((row) => row.column_name);
    expect(read).toEqual([...names.filter((name) => wanted.includes(name)), "filename"]);
    expect(read.length).toBeLessThan(names.length);
    const rows = query(billAggregationSql({ source: table, detection, mapping: DEFAULT_MAPPING, hasFilename: true }));
    expect(withoutFiles(rows)).toEqual(withoutFiles(csv.rows));
  });

  test("every column is text as the CSV path reads it: ISO UTC dates, plain numbers, null, Tags as JSON", async () => {
    const table = await insert(fixture("accelerators-tags-map.parquet"), "map.parquet");
    const types = query(`SELECT DISTINCT column_type FROM (DESCRIBE ${table})`).map((row) => row.column_type);
    expect(types).toEqual(["VARCHAR"]);
    const unused = query(`SELECT * FROM ${table} WHERE CommitmentDiscountStatus = 'Unused'`)[0];
    expect(unused).toMatchObject({
      ChargePeriodStart: "2026-01-01T00:00:00Z",
      BilledCost: "0",
      EffectiveCost: "86.4",
      ConsumedQuantity: null,
      PricingQuantity: "144",
      Tags: null,
      filename: "map.parquet",
    });
    const tags = query(`SELECT DISTINCT Tags FROM ${table} WHERE ResourceName = 'endpoint-1'`);
    expect(tags).toEqual([{ Tags: '{"workload":"inference"}' }]);
  });
});

describe("batches", () => {
  test("three row groups of 10, 10 and 5 rows in batches of 3: 4 + 4 + 2 batches, none over 3 rows", async () => {
    const batches: ParquetBatch[] = [];
    for await (const batch of parquetBatches(fixture("accelerators.parquet"), { fileName: "a", batchRows: 3 })) {
      batches.push(batch);
    }
    expect(batches.map((b) => b.table.numRows)).toEqual([3, 3, 3, 1, 3, 3, 3, 1, 3, 2]);
    expect(batches.map((b) => b.rowsRead)).toEqual([3, 6, 9, 10, 13, 16, 19, 20, 23, 25]);
    expect(batches.every((b) => b.rowsTotal === 25)).toBe(true);
    expect(batches[0].table.schema.fields.map((f) => f.name)).toContain("filename");
  });

  test("a file of no rows gives a table of its columns and no row, so the queries after it run", async () => {
    const { parquetWriteBuffer } = await import("hyparquet-writer");
    const file = parquetWriteBuffer({
      columnData: [
        { name: "ChargePeriodStart", data: [], type: "TIMESTAMP" },
        { name: "BilledCost", data: [], type: "DOUBLE" },
      ],
    });
    const table = await insert(asyncBuffer(new Uint8Array(file)), "empty.parquet");
    expect(query(`DESCRIBE ${table}`).map((row) => [row.column_name, row.column_type])).toEqual([
      ["ChargePeriodStart", "VARCHAR"],
      ["BilledCost", "VARCHAR"],
      ["filename", "VARCHAR"],
    ]);
    expect(query(`SELECT count(*)::INTEGER AS n FROM ${table}`)).toEqual([{ n: 0 }]);
  });

  test("a cancel stops between batches: the batch under way is inserted, no other, and the error says so", async () => {
    const controller = new AbortController();
    const inserted: number[] = [];
    const connectionSpy = {
      insertArrowTable: (table: { numRows: number }) => {
        inserted.push(table.numRows);
        controller.abort();
      },
    };
    const reading = insertParquet(connectionSpy as never, fixture("accelerators.parquet"), "t", {
      fileName: "bill.parquet",
      batchRows: 4,
      signal: controller.signal,
    });
    await expect(reading).rejects.toMatchObject({
      name: "AbortError",
      message: "Reading bill.parquet was cancelled after 4 of 25 rows.",
    });
    expect(inserted).toEqual([4]);
  });

  test("a slice reads only its row group's bytes, not the whole file", async () => {
    const file = fixture("accelerators.parquet");
    const batches = parquetBatches(file, { fileName: "a", batchRows: 10 });
    await batches.next();
    await batches.return(undefined);
    // the footer (hyparquet asks for up to 512 kB from the end, here the whole 12 kB file) and one group's columns
    const afterOne = file.bytesRead;
    const all = fixture("accelerators.parquet");
    for await (const _ of parquetBatches(all, { fileName: "a", batchRows: 10 })) void _;
    expect(afterOne).toBeLessThan(all.bytesRead);
  });
});

describe("numbers as text", () => {
  test.each([1e-7, 2.5e-10, 1.5e21, -3.25e-8, 123456789012345680000, 0.1 + 0.2, -0, 5e-324])(
    "%p becomes plain decimal text that DuckDB's TRY_CAST reads back as the same double",
    (value) => {
      const text = numberText(value);
      expect(text).toMatch(/^-?\d+(\.\d+)?$/);
      const [{ back }] = query(`SELECT TRY_CAST('${text}' AS DOUBLE) AS back`);
      expect(back).toBe(value === 0 ? 0 : value);
    },
  );
});

describe("files that are not what they say", () => {
  const read = async (file: AsyncBuffer, fileName: string) => {
    for await (const _ of parquetBatches(file, { fileName })) void _;
  };

  test("a CSV named .parquet is not a Parquet file, and the message names it", async () => {
    await expect(read(fixture("accelerators.csv"), "bill.parquet")).rejects.toMatchObject({ name: FILE_ERROR });
    await expect(read(fixture("accelerators.csv"), "bill.parquet")).rejects.toThrow(
      /^bill\.parquet is not a Parquet file \(the reader says: .+\)\. Choose the export's \.parquet file, or its CSV\.$/,
    );
  });

  test("an empty file is not a Parquet file either", async () => {
    await expect(read(asyncBuffer(new Uint8Array(0)), "empty.parquet")).rejects.toThrow(/^empty\.parquet is not a/);
  });

  test("a file cut short (its footer gone) is named as cut short", async () => {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES, "accelerators.parquet")));
    await expect(read(asyncBuffer(bytes.slice(0, bytes.length >> 1)), "cut.parquet")).rejects.toThrow(
      /^cut\.parquet starts as a Parquet file but its end is missing or damaged .*download the export again\.$/,
    );
  });
  test("a codec the pane does not read (Brotli) is named, with the codecs it does", async () => {
    const { parquetWriteBuffer } = await import("hyparquet-writer");
    const file = parquetWriteBuffer({
      columnData: [{ name: "BilledCost", data: [1.5, 2.5], type: "DOUBLE" }],
      codec: "BROTLI",
      compressors: { BROTLI: (bytes: Uint8Array) => new Uint8Array(brotliCompressSync(bytes)) },
    });
    await expect(read(asyncBuffer(new Uint8Array(file)), "b.parquet")).rejects.toThrow(
      "b.parquet is compressed with BROTLI, which the pane does not read: export it with Snappy, gzip or zstd " +
        "compression, or as CSV.",
    );
  });
});

describe("columns typed otherwise than an export types them", () => {
  test("costs as text, quantities as integers, the period as a DATE, a FLOAT cost: the same January", async () => {
    const { parquetWriteBuffer, schemaFromColumnData } = await import("hyparquet-writer");
    const columnData = [
      { name: "ChargePeriodStart", data: [new Date("2026-01-01"), new Date("2026-01-01")] },
      { name: "ChargeCategory", data: ["Usage", "Usage"], type: "STRING" },
      { name: "BillingCurrency", data: ["USD", "USD"], type: "STRING" },
      { name: "BilledCost", data: ["320", "0.1"], type: "STRING" },
      { name: "EffectiveCost", data: [320, 0.1], type: "FLOAT" },
      { name: "ConsumedQuantity", data: [BigInt(10), BigInt(1)], type: "INT64" },
      { name: "ConsumedUnit", data: ["Hours", "GB"], type: "STRING" },
      { name: "PricingQuantity", data: [10, 1], type: "INT32" },
      { name: "PricingUnit", data: ["Hours", "GB"], type: "STRING" },
      { name: "PricingCategory", data: ["Standard", "Standard"], type: "STRING" },
      { name: "ServiceCategory", data: ["Compute", "Storage"], type: "STRING" },
      // an empty text is null, as the CSV path reads an empty field
      { name: "SkuId", data: ["p4d.24xlarge", ""], type: "STRING" },
      // a JSON column holds the file's own JSON text, which the reader passes through as it stands
      { name: "Tags", data: [{ workload: "training" }, null], type: "JSON" },
    ] as const;
    const period = { name: "ChargePeriodStart", type: "INT32", converted_type: "DATE", repetition_type: "OPTIONAL" };
    const schema = schemaFromColumnData({ columnData, schemaOverrides: { ChargePeriodStart: period } } as never);
    const file = parquetWriteBuffer({
      columnData: columnData.map(({ name, data }) => ({ name, data })),
      schema,
    } as never);
    const table = await insert(asyncBuffer(new Uint8Array(file)), "typed.parquet");
    const cells = query(`SELECT ChargePeriodStart, BilledCost, EffectiveCost, ConsumedQuantity FROM ${table}`);
    expect(cells).toEqual([
      { ChargePeriodStart: "2026-01-01", BilledCost: "320", EffectiveCost: "320", ConsumedQuantity: "10" },
      { ChargePeriodStart: "2026-01-01", BilledCost: "0.1", EffectiveCost: "0.1", ConsumedQuantity: "1" },
    ]);
    expect(query(`SELECT SkuId FROM ${table}`)).toEqual([{ SkuId: "p4d.24xlarge" }, { SkuId: null }]);
    const [january] = aggregate(table).months;
    // p4d.24xlarge has 8 accelerators: 10 h x 8 = 80 accelerator-hours of training at $320; the storage left out
    expect(january).toMatchObject({ month: "2026-01", trainingHours: 80, trainingCost: 320, reconciles: true });
    expect(january.fileTotal).toEqual({ effectiveCost: 320 + 0.1, billedCost: 320 + 0.1, rows: 2 });
  });
});
