/*
 * One import as the pane runs it (billImport.ts), over DuckDB-Wasm in Node: files checked by their first bytes,
 * registered, their columns read, the figures measured. The figures are the hand-worked ones of
 * test/bill/model/billEngine.test.ts; here what is checked is the import's own work: which files it takes and
 * refuses and why, the planner's file names in the figures, several files, cancelling, and an engine error read
 * into a sentence.
 */
import { readFileSync } from "fs";
import { gzipSync } from "zlib";
import { join } from "path";
import { measureBill, openBill, OpenedBill, BillMeasurement, ChosenBlob } from "../../../src/bill/engine/billImport";
import { readParquet } from "../../../src/bill/engine/parquetReader";
import { billFilesOf } from "../../../src/bill/model/billFiles";
import { DEFAULT_MAPPING } from "../../../src/bill/model/roles";
import { asBillEngine, Engine, openEngine } from "../support/duckdb";

const FIXTURES = join(__dirname, "../fixtures");
const accelerators = readFileSync(join(FIXTURES, "accelerators.csv"));
const sample = readFileSync(join(FIXTURES, "focus-1.0-sample.csv"));

let engine: Engine;
beforeAll(async () => {
  engine = await openEngine();
});
afterAll(() => engine.close());

const chosen = (name: string, bytes: Uint8Array | string): ChosenBlob => ({
  name,
  blob: new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]),
});

async function imported(files: ChosenBlob[]): Promise<{ opened: OpenedBill; measured: BillMeasurement }> {
  const billEngine = asBillEngine(engine);
  const opened = await openBill(billEngine, files);
  if ("problems" in opened) throw new Error(opened.problems.map((p) => p.message).join("; "));
  const measured = await measureBill(billEngine, opened, { mapping: DEFAULT_MAPPING });
  if (!("months" in measured)) throw new Error(measured.problems.map((p) => p.message).join("; "));
  return { opened, measured };
}

describe("which files an import takes, by their first bytes", () => {
  const look = (name: string, bytes: number[], sizeBytes = 100) =>
    billFilesOf([{ name, sizeBytes, firstBytes: new Uint8Array(bytes) }]);
  const text = (s: string) => [...s].map((c) => c.charCodeAt(0));

  test("CSV, gzip and Parquet are read whatever their names say", () => {
    expect(look("bill.csv", text("BilledCost,")).files[0].kind).toBe("csv");
    expect(look("bill.csv", [0x1f, 0x8b, 8, 0]).files[0]).toMatchObject({
      kind: "csvGzip",
      engineName: "mlcost-bill-1.csv.gz",
    });
    expect(look("bill.csv.gz", [0x1f, 0x8b, 8, 0]).files[0].engineName).toBe("mlcost-bill-1.csv.gz");
    // a text file named .gz is read as CSV: the engine reads gzip by the ending, so the ending is the bytes'
    expect(look("bill.csv.gz", text("BilledCost,")).files[0].engineName).toBe("mlcost-bill-1.csv");
    expect(look("export", text("PAR1")).files[0].kind).toBe("parquet");
  });

  test("a zip, a workbook, a PDF, binary and an empty file are refused, each saying what to choose instead", () => {
    expect(look("bill.zip", text("PK\u0003\u0004")).problems[0].message).toMatch(
      /bill\.zip is a zip archive: unzip it/,
    );
    expect(look("bill.xlsx", text("PK\u0003\u0004")).problems[0].message).toMatch(/is a workbook, not a FOCUS export/);
    expect(look("old.xls", [0xd0, 0xcf, 0x11, 0xe0]).problems[0].message).toMatch(/Excel 97-2003/);
    expect(look("invoice.pdf", text("%PDF-1.7")).problems[0].message).toMatch(/PDF invoice/);
    expect(look("bill.csv", [0xff, 0xfe, 0x42, 0]).problems[0].message).toMatch(/is not text, gzip or Parquet/);
    expect(look("bill.csv", [], 0).problems[0].message).toBe("bill.csv is empty: export the month again.");
    expect(billFilesOf([]).problems[0].message).toMatch(/^Choose one or more FOCUS exports/);
  });

  test("two files of one name are both kept, the second numbered; the same export twice is refused", () => {
    const bytes = new Uint8Array(text("a,b"));
    const { files } = billFilesOf([
      { name: "export.csv", sizeBytes: 3, firstBytes: bytes },
      { name: "Export.csv", sizeBytes: 4, firstBytes: bytes },
      { name: "export.csv", sizeBytes: 5, firstBytes: bytes },
    ]);
    expect(files.map((f) => f.engineName)).toEqual(["mlcost-bill-1.csv", "mlcost-bill-2.csv", "mlcost-bill-3.csv"]);
    expect(files.map((f) => f.name)).toEqual(["export.csv", "Export.csv", "export.csv (2)"]);
    const twice = billFilesOf([
      { name: "export.csv", sizeBytes: 3, firstBytes: bytes },
      { name: "Export.csv", sizeBytes: 3, firstBytes: bytes },
    ]);
    expect(twice.problems[0].message).toBe(
      "Export.csv is chosen twice: choose each month's export once, or its cost counts twice.",
    );
  });
});

describe("a file's name is the planner's words, never the engine's", () => {
  const month = (csv: Buffer, from: string, to: string) =>
    csv.toString("utf8").replace(new RegExp(`${from}-`, "g"), `${to}-`);
  const onlyJanuary = () => {
    const [header, ...rows] = accelerators.toString("utf8").trimEnd().split("\n");
    return [header, ...rows.filter((r) => r.includes("2026-01-"))].join("\n") + "\n";
  };

  test.each([
    "*-export.csv",
    "?arch-export.csv",
    "[m]arch-export.csv",
    "{march,april}-export.csv",
    "a|b*.csv",
    'it\'s "x".csv',
  ])("%s after march-export.csv: only its own rows, and no file left registered", async (name) => {
    const march = Buffer.from(month(Buffer.from(onlyJanuary()), "2026-01", "2026-03"));
    const first = await imported([chosen("march-export.csv", march)]);
    expect(first.measured.months.map((m) => m.month)).toEqual(["2026-03"]);
    expect(engine.registeredFiles()).toEqual([]);
    const second = await imported([chosen(name, onlyJanuary())]);
    expect(second.measured.months.map((m) => `${m.month} ${m.currency}`)).toEqual(
      first.measured.months.map((m) => `2026-01 ${m.currency}`),
    );
    expect(second.measured.months[0].files).toEqual([name]);
    expect(second.measured.problems.filter((p) => p.code === "monthSplitAcrossFiles")).toEqual([]);
    expect(engine.registeredFiles()).toEqual([]);
  });

  test("a failed import leaves no file registered either", async () => {
    const result = await openBill(asBillEngine(engine), [chosen("people*.csv", "name,age\nAda,36\n")]);
    expect("problems" in result).toBe(true);
    expect(engine.registeredFiles()).toEqual([]);
  });

  test("a name of 5,000 characters is read, and shown shortened to its start and end", async () => {
    const name = `${"a".repeat(4_990)}-march.csv`;
    const { opened, measured } = await imported([chosen(name, onlyJanuary())]);
    const shown = opened.files[0].name;
    expect(shown.length).toBeLessThanOrEqual(120);
    expect(shown).toMatch(/^a+…a+-march\.csv$/);
    expect(measured.months[0].files).toEqual([shown]);
    const refused = await openBill(asBillEngine(engine), [chosen(name, "")]);
    expect("problems" in refused && refused.problems[0].message.length).toBeLessThan(200);
  });

  test("a Parquet file of the same name as a CSV, or named as the import names one, is still told apart", async () => {
    const parquet = readFileSync(join(FIXTURES, "accelerators.parquet"));
    const billEngine = asBillEngine(engine);
    const opened = await openBill(
      billEngine,
      [chosen("bill.csv", accelerators), chosen("bill.csv", parquet), chosen("mlcost-bill-1.csv", parquet)],
      {
        readParquet,
      },
    );
    if ("problems" in opened) throw new Error(opened.problems[0].message);
    const measured = await measureBill(billEngine, opened, { mapping: DEFAULT_MAPPING });
    if (!("months" in measured)) throw new Error(measured.problems[0].message);
    expect(measured.months[0].files).toEqual(["bill.csv", "bill.csv (2)", "mlcost-bill-1.csv"]);
  });
});

describe("an import over the engine", () => {
  test("the accelerator fixture gives its hand-worked months, named by the planner's file", async () => {
    const { opened, measured } = await imported([chosen("January to March.csv", accelerators)]);
    expect(opened.detection.version).toBe("1.2");
    const january = measured.months.find((m) => m.month === "2026-01" && m.currency === "USD")!;
    expect(january.trainingHours).toBeCloseTo(120, 9);
    expect(january.servingHoursPaid).toBeCloseTo(844, 9);
    expect(january.files).toEqual(["January to March.csv"]);
    expect(measured.months.every((m) => m.reconciles)).toBe(true);
    // the key values to map: the fixture's workload tags, costliest first
    expect(measured.keyValues.length).toBeGreaterThan(0);
    const costs = measured.keyValues.map((k) => k.effectiveCost);
    expect([...costs].sort((a, b) => b - a)).toEqual(costs);
    expect(measured.unknownAccelerators.map((u) => u.skuText).join(" ")).toMatch(/g7e/);
  });

  test("the same bill gzipped gives the same figures", async () => {
    const plain = await imported([chosen("bill.csv", accelerators)]);
    const zipped = await imported([chosen("bill.csv.gz", gzipSync(accelerators))]);
    const figures = (m: BillMeasurement) => m.months.map(({ files: _files, ...rest }) => rest);
    expect(figures(zipped.measured)).toEqual(figures(plain.measured));
  });

  test("a month split across two files is read from both and said to be", async () => {
    const lines = accelerators.toString("utf8").trimEnd().split("\n");
    const [header, ...rows] = lines;
    const half = Math.ceil(rows.length / 2);
    const first = [header, ...rows.slice(0, half)].join("\n") + "\n";
    const second = [header, ...rows.slice(half)].join("\n") + "\n";
    const whole = await imported([chosen("bill.csv", accelerators)]);
    const split = await imported([chosen("part-1.csv", first), chosen("part-2.csv", second)]);
    const total = (m: BillMeasurement) => m.months.reduce((sum, month) => sum + month.fileTotal.effectiveCost, 0);
    expect(total(split.measured)).toBeCloseTo(total(whole.measured), 9);
    const split2 = split.measured.problems.filter((p) => p.code === "monthSplitAcrossFiles");
    expect(split2.length).toBeGreaterThan(0);
    expect(split2[0].message).toMatch(/part-1\.csv, part-2\.csv/);
  });

  test("the public FOCUS 1.0 sample reads as 1.0 and reconciles, with the older release said", async () => {
    const { opened, measured } = await imported([chosen("focus-sample.csv", sample)]);
    expect(opened.detection.version).toBe("1.0");
    expect(measured.months.length).toBeGreaterThan(0);
    expect(measured.months.every((m) => m.reconciles)).toBe(true);
  });

  test("a file that is not FOCUS, chosen with one that is, is named and stops the import", async () => {
    const cur = "identity/LineItemId,lineItem/UsageStartDate,lineItem/UnblendedCost\nx,2026-01-01,999\n";
    const result = await openBill(asBillEngine(engine), [chosen("bill.csv", accelerators), chosen("cur.csv", cur)]);
    expect("problems" in result && result.problems[0].message).toMatch(/^cur\.csv: This file is not a FOCUS/);
  });

  test("a CSV that is not FOCUS stops the import, said; a zip never reaches the engine", async () => {
    const billEngine = asBillEngine(engine);
    const notFocus = await openBill(billEngine, [chosen("people.csv", "name,age\nAda,36\n")]);
    expect("problems" in notFocus && notFocus.problems[0].message).toMatch(/not a FOCUS cost and usage export/);
    const zip = await openBill(billEngine, [chosen("bill.zip", "PK\u0003\u0004rest")]);
    expect("problems" in zip && zip.problems[0].message).toMatch(/unzip it/);
  });

  test("a Parquet file without a reader is a sentence, not a failure", async () => {
    const result = await openBill(asBillEngine(engine), [chosen("bill.parquet", "PAR1xxxxPAR1")]);
    expect("problems" in result && result.problems[0].message).toMatch(/bill\.parquet is Parquet/);
  });

  test("a cancelled import rejects with the AbortError and measures nothing", async () => {
    const billEngine = asBillEngine(engine);
    const opened = await openBill(billEngine, [chosen("bill.csv", accelerators)]);
    if ("problems" in opened) throw new Error("opened");
    const controller = new AbortController();
    controller.abort();
    await expect(
      measureBill(billEngine, opened, { mapping: DEFAULT_MAPPING, signal: controller.signal }),
    ).rejects.toMatchObject({
      name: "AbortError",
    });
  });

  test("a mapping by a column the file lacks is its one problem", async () => {
    const billEngine = asBillEngine(engine);
    const opened = await openBill(billEngine, [chosen("focus-sample.csv", sample)]);
    if ("problems" in opened) throw new Error("opened");
    const lacking = {
      ...opened,
      detection: { ...opened.detection, columns: { ...opened.detection.columns, tags: undefined } },
    };
    const result = await measureBill(billEngine, lacking, { mapping: DEFAULT_MAPPING });
    expect("months" in result).toBe(false);
    expect(result.problems[0].message).toMatch(/has no Tags column/);
  });
});

describe("Parquet, through the pane's reader", () => {
  const parquet = (name: string) => chosen(name, readFileSync(join(FIXTURES, name)));
  const read = async (files: ChosenBlob[]) => {
    const billEngine = asBillEngine(engine);
    const opened = await openBill(billEngine, files, { readParquet });
    if ("problems" in opened) throw new Error(opened.problems.map((p) => p.message).join("; "));
    const measured = await measureBill(billEngine, opened, { mapping: DEFAULT_MAPPING });
    if (!("months" in measured)) throw new Error(measured.problems.map((p) => p.message).join("; "));
    return { opened, measured };
  };
  const figures = (m: BillMeasurement) => m.months.map(({ files: _files, ...rest }) => rest);

  test("the Parquet export gives the CSV's figures and release, its columns read from the footer", async () => {
    const csv = await imported([chosen("accelerators.csv", accelerators)]);
    const pq = await read([parquet("accelerators.parquet")]);
    expect(pq.opened.detection.version).toBe(csv.opened.detection.version);
    expect(pq.opened.detection.unrecognised).toEqual(csv.opened.detection.unrecognised);
    expect(figures(pq.measured)).toEqual(figures(csv.measured));
    expect(pq.measured.months[0].files).toEqual(["accelerators.parquet"]);
  });

  test("two Parquet files, one a table each, and a CSV beside them: every row once, by column name", async () => {
    const csv = await imported([chosen("accelerators.csv", accelerators)]);
    const mixed = await read([
      parquet("accelerators.parquet"),
      parquet("accelerators-tags-map.parquet"),
      chosen("accelerators.csv", accelerators),
    ]);
    const total = (m: BillMeasurement) => m.months.reduce((sum, month) => sum + month.fileTotal.effectiveCost, 0);
    expect(total(mixed.measured)).toBeCloseTo(3 * total(csv.measured), 9);
    const january = mixed.measured.months.find((m) => m.month === "2026-01" && m.currency === "USD")!;
    expect(january.trainingHours).toBeCloseTo(3 * 120, 9);
    expect(january.files).toEqual(["accelerators-tags-map.parquet", "accelerators.csv", "accelerators.parquet"]);
    // a second import in the same engine replaces the tables of the first
    const again = await read([parquet("accelerators.parquet")]);
    expect(figures(again.measured)).toEqual(figures(csv.measured));
  });

  test("a Parquet file that is not a bill is refused from its footer, in the reader's words", async () => {
    const result = await openBill(asBillEngine(engine), [chosen("bill.parquet", "PAR1 not really PAR1")], {
      readParquet,
    });
    expect("problems" in result && result.problems[0].message).toMatch(/^bill\.parquet /);
    expect("problems" in result && result.problems[0].message).not.toMatch(/as CSV/);
  });
});
