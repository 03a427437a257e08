/*
 * Bills a hostile planner (or a broken download) brings, built here, through the import as the pane runs it
 * (billImport.ts over DuckDB-Wasm in Node): each gives figures that are right or a sentence that says what to
 * fix, never a wrong figure shown as right, a raw engine message or a wait without end.
 */
import { measureBill, openBill, BillMeasurement, ChosenBlob, OpenedBill } from "../../../src/bill/engine/billImport";
import { DEFAULT_MAPPING, BillMapping } from "../../../src/bill/model/roles";
import { BillProblem } from "../../../src/bill/model/focusColumns";
import { billTotalsOf } from "../../../src/bill/model/billFigures";
import { asBillEngine, Engine, openEngine } from "../support/duckdb";
import { ENGINE_START_MS } from "../../support/deadlines";
import { billCsv, billLine, csvFields, HEADER } from "../support/hostileBill";
import { readParquet } from "../../../src/bill/engine/parquetReader";
import { gzipSync } from "zlib";

let engine: Engine;
beforeAll(async () => {
  engine = await openEngine();
}, ENGINE_START_MS);
afterAll(() => engine.close());

const chosen = (name: string, bytes: Uint8Array | string): ChosenBlob => ({
  name,
  blob: new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]),
});

/** The import's figures, or the problems that stopped it. */
async function imported(
  files: ChosenBlob[],
  mapping: BillMapping = DEFAULT_MAPPING,
): Promise<{ opened?: OpenedBill; measured?: BillMeasurement; problems: BillProblem[] }> {
  const billEngine = asBillEngine(engine);
  const opened = await openBill(billEngine, files);
  if ("problems" in opened) return { problems: opened.problems };
  const measured = await measureBill(billEngine, opened, { mapping });
  if (!("months" in measured)) return { opened, problems: measured.problems };
  return { opened, measured, problems: measured.problems };
}

const errors = (problems: readonly BillProblem[]) => problems.filter((p) => p.severity === "error");

describe("a cost or quantity past a double's range is refused with its line, never summed", () => {
  test.each([
    ["EffectiveCost", "1e309"],
    ["BilledCost", "-1e309"],
    ["ConsumedQuantity", "1e400"],
    ["PricingQuantity", "1E309"],
  ])("%s %s on line 3", async (column, text) => {
    const csv = billCsv([{}, { [column]: text }, {}]);
    const { measured, problems } = await imported([chosen("march.csv", csv)]);
    const january = measured!.months.find((m) => m.month === "2026-01")!;
    expect(january.reconciles).toBe(false);
    expect(january.unreadableRows).toBe(1);
    expect(Number.isFinite(january.fileTotal.effectiveCost)).toBe(true);
    // the other two rows are summed, the refused one is not
    if (column === "EffectiveCost") expect(january.fileTotal.effectiveCost).toBe(640);
    const named = problems.find((p) => /^Not summed/.test(p.message))!;
    expect(named.severity).toBe("error");
    expect(named.message).toContain(`line 3 of march.csv (${column} is ${text}, past the largest number`);
  });

  test("two rows of 1e308 whose sum overflows: the month is refused, said, never shown as 0 or Infinity", async () => {
    const csv = billCsv([
      { EffectiveCost: "1e308", BilledCost: "1e308" },
      { EffectiveCost: "1e308", BilledCost: "1e308" },
      { ChargePeriodStart: "2026-02-01T00:00:00Z" },
    ]);
    const { measured, problems } = await imported([chosen("bill.csv", csv)]);
    expect(measured!.months.map((m) => m.month)).toEqual(["2026-02"]);
    const refused = errors(problems).find((p) => p.month === "2026-01")!;
    expect(refused.message).toMatch(
      /^2026-01 \(USD\) is left out of the figures: its EffectiveCost and BilledCost add/,
    );
    expect(refused.message).toMatch(/Find the month's largest values of EffectiveCost and BilledCost/);
    for (const totals of billTotalsOf(measured!.months)) {
      expect(totals.fileEffectiveCost).toBe(320);
      expect(totals.reconciles).toBe(true);
    }
  });

  test("a month whose sum passes 10^15 (30 rows of 1e14) is refused whole", async () => {
    const csv = billCsv(Array.from({ length: 30 }, () => ({ EffectiveCost: "1e14", BilledCost: "1e14" })));
    const { measured, problems } = await imported([chosen("bill.csv", csv)]);
    expect(measured!.months).toEqual([]);
    expect(errors(problems)[0].message).toMatch(/^2026-01 \(USD\) is left out/);
  });

  test("3_2, 1_000.5 and 86,4 are not figures: each named with its line", async () => {
    const csv = billCsv([{ EffectiveCost: "3_2" }, { BilledCost: "1_000.5" }, { EffectiveCost: "86,4" }, {}]);
    const { measured, problems } = await imported([chosen("bill.csv", csv)]);
    const january = measured!.months[0];
    expect(january.unreadableRows).toBe(3);
    expect(january.fileTotal.effectiveCost).toBe(320 + 320);
    const named = problems.find((p) => /^Not summed/.test(p.message))!.message;
    expect(named).toContain('line 2 of bill.csv (EffectiveCost is "3_2", digits grouped with "_"');
    expect(named).toContain('line 3 of bill.csv (BilledCost is "1_000.5", digits grouped');
    expect(named).toContain('line 4 of bill.csv (EffectiveCost is "86,4", not a plain number)');
  });

  test("more bad rows than a sentence lists: the first five, and how many more", async () => {
    const csv = billCsv(Array.from({ length: 9 }, (_, i) => ({ EffectiveCost: `x${i}` })));
    const { problems } = await imported([chosen("bill.csv", csv)]);
    const named = problems.find((p) => /^Not summed/.test(p.message))!.message;
    expect(named.match(/line \d+ of bill\.csv/g)).toEqual([2, 3, 4, 5, 6].map((n) => `line ${n} of bill.csv`));
    expect(named).toContain("; and 4 rows more.");
  });
});

describe("a tag is read exactly, in each shape FOCUS exports write Tags", () => {
  /** The workload tag's value the import reads from a row of Tags `tags` (null: the row has none). */
  async function workloadOf(tags: string): Promise<string | null> {
    const { measured } = await imported([chosen("tags.csv", billCsv([{ Tags: tags }]))]);
    return measured!.keyValues[0].value;
  }

  test.each([
    ["JSON, another tag's value holding ,workload=", '{"team": "a,workload=train"}', null],
    ["JSON, another tag's value holding the key in quotes", '{"note": "\\"workload\\": \\"train\\""}', null],
    ["JSON, an escaped quote", '{"workload": "say \\"serve\\" now"}', 'say "serve" now'],
    ["JSON, an escaped backslash before the end", '{"workload": "a\\\\", "x": "b"}', "a\\"],
    ["JSON, \\u escapes", '{"workload": "caf\\u00e9 serving"}', "café serving"],
    ["JSON, a surrogate pair", '{"workload": "\\ud83d\\ude80 training"}', "🚀 training"],
    ["JSON, a lone surrogate", '{"workload": "x\\ud800y"}', "x\uFFFDy"],
    ["JSON, \\n \\t \\/", '{"workload": "a\\/b\\tc"}', "a/b\tc"],
    ["JSON, the key's case differs", '{"Workload": "train"}', null],
    ["JSON, an empty value", '{"workload": ""}', null],
    ["JSON, spaces", '  { "team" : "x" , "workload" : "Training" }', "training"],
    ["key and value structs", '[{"key": "workload", "value": "training"}]', "training"],
    [
      "key and value structs, second",
      '[{"key":"team","value":"workload"},{"key":"workload","value":"serve"}]',
      "serve",
    ],
    ["key and value structs, no such key", '[{"key": "team", "value": "workload=train"}]', null],
    ["a printed map", "{team=x, workload=serve}", "serve"],
    ["a printed map, a quoted value holding , workload=", "{team='a, workload=train'}", null],
    ["a printed map, a quoted value", "{team=x, workload='it\\'s, serving'}", "it's, serving"],
    ["a printed map, a quoted key", "{'a=b'=x, workload=train}", "train"],
  ])("%s", async (_, tags, value) => {
    expect(await workloadOf(tags)).toBe(value);
  });

  test("a tag whose name holds a quote, a backslash and = is found in each shape", async () => {
    const name = `it's\\a="b"`;
    const mapping: BillMapping = { key: { kind: "tag", name }, roles: {}, guess: true };
    const shapes = [
      JSON.stringify({ x: "1", [name]: "serving" }),
      JSON.stringify([{ key: name, value: "serving" }]),
      `{x=1, '${name.replace(/[\\']/g, (c) => `\\${c}`)}'=serving}`,
    ];
    for (const tags of shapes) {
      const { measured } = await imported([chosen("tags.csv", billCsv([{ Tags: tags }]))], mapping);
      expect([tags, measured!.keyValues[0].value]).toEqual([tags, "serving"]);
    }
  });
});

describe("Parquet Tags as a list of key and value structs (BigQuery's shape)", () => {
  test("are read: the rows get their roles, not every one 'other'", async () => {
    const { parquetWriteBuffer } = await import("hyparquet-writer");
    const rows = [
      [
        { key: "team", value: "x" },
        { key: "workload", value: "training" },
      ],
      [{ key: "workload", value: "serving" }],
      [{ key: "team", value: "workload=training" }],
    ];
    const line = csvFields(billLine());
    const columnData = HEADER.filter((name) => name !== "Tags").map((name) => ({
      name,
      data: rows.map(() => line[HEADER.indexOf(name)]),
    }));
    const schema = [
      { name: "root", num_children: columnData.length + 1 },
      ...columnData.map(({ name }) => ({
        name,
        type: "BYTE_ARRAY" as const,
        converted_type: "UTF8" as const,
        repetition_type: "OPTIONAL" as const,
      })),
      { name: "Tags", repetition_type: "OPTIONAL" as const, converted_type: "LIST" as const, num_children: 1 },
      { name: "list", repetition_type: "REPEATED" as const, num_children: 1 },
      { name: "element", repetition_type: "OPTIONAL" as const, num_children: 2 },
      {
        name: "key",
        type: "BYTE_ARRAY" as const,
        converted_type: "UTF8" as const,
        repetition_type: "REQUIRED" as const,
      },
      {
        name: "value",
        type: "BYTE_ARRAY" as const,
        converted_type: "UTF8" as const,
        repetition_type: "OPTIONAL" as const,
      },
    ];
    const file = parquetWriteBuffer({ columnData: [...columnData, { name: "Tags", data: rows }], schema });
    const billEngine = asBillEngine(engine);
    const opened = await openBill(billEngine, [chosen("bigquery.parquet", new Uint8Array(file))], { readParquet });
    if ("problems" in opened) throw new Error(opened.problems[0].message);
    const measured = await measureBill(billEngine, opened, { mapping: DEFAULT_MAPPING });
    if (!("months" in measured)) throw new Error(measured.problems[0].message);
    expect(measured.keyValues.map((k) => k.value).sort()).toEqual(["serving", "training", null].sort());
    const january = measured.months[0];
    expect(january.roles.training.rows).toBe(1);
    expect(january.roles.serving.rows).toBe(1);
    expect(january.roles.other.rows).toBe(1);
  });
});

describe("a file cut short, a gzip bomb and a NUL in a mapping: each its own sentence", () => {
  const full = billCsv([{}, {}, { ChargePeriodStart: "2026-02-01T00:00:00Z" }]);

  test("a CSV cut inside a quoted field is said to be cut short, not 'not a FOCUS export'", async () => {
    const cut = full.slice(0, full.lastIndexOf('"{') + 5);
    const { problems } = await imported([chosen("cut.csv", cut)]);
    expect(problems.map((p) => p.message)).toEqual([
      "cut.csv ends inside a quoted field, so it was cut short (an interrupted download, or a copy saved before it " +
        "was complete): download the export again.",
    ]);
  });

  test("a CSV cut mid-row, its fields all there: read, with a note that its last row may be cut short", async () => {
    const { measured, problems } = await imported([chosen("cut.csv", full.slice(0, -30))]);
    expect(measured!.months.length).toBe(2);
    const note = problems.find((p) => /does not end with a line break/.test(p.message))!;
    expect(note.severity).toBe("warning");
    expect(note.message).toMatch(/^cut\.csv does not end with a line break, as a complete export does/);
  });

  test("a gzipped CSV cut short is refused as cut short, not read as far as it goes", async () => {
    const zipped = gzipSync(Buffer.from(full));
    const { problems } = await imported([chosen("cut.csv.gz", zipped.subarray(0, 200))]);
    expect(problems.map((p) => p.message)).toEqual([
      "cut.csv.gz is a gzip file that ends early or is damaged (it may have been cut short while downloading): " +
        "download the export again.",
    ]);
    const whole = await imported([chosen("whole.csv.gz", zipped)]);
    expect(whole.measured!.months.length).toBe(2);
    expect(whole.problems.filter((p) => /line break|gzip/.test(p.message))).toEqual([]);
  });

  test("a gzip bomb (200 KB that inflate to 200 MB) is stopped at 200 times its size, said", async () => {
    const header = Buffer.from(full.split("\n")[0] + "\n");
    const bomb = gzipSync(Buffer.concat([header, Buffer.alloc(200_000_000, "1,")]), { level: 9 });
    const { problems } = await imported([chosen("bomb.csv.gz", bomb)]);
    // the sentence is checkGzip's, said once the inflated bytes passed the limit (the engine never read the file)
    expect(problems[0].message).toMatch(
      /^bomb\.csv\.gz inflates to more than [\d.]+ MB from [\d.]+ KB \(200 times its size, more than any bill's export\), so it was stopped there: it is not a FOCUS export\./,
    );
  });

  test("a gzip of zeros is said to hold no text", async () => {
    const { problems } = await imported([chosen("zeros.csv.gz", gzipSync(Buffer.alloc(10_000)))]);
    expect(problems[0].message).toMatch(/^zeros\.csv\.gz holds no text once inflated/);
  });

  test("a NUL in a mapping's value or its tag's name imports: the value simply matches no row", async () => {
    const mapping: BillMapping = { key: { kind: "tag", name: "work\u0000load" }, roles: { "a\u0000b": "training" } };
    const named = await imported([chosen("bill.csv", full)], mapping);
    // the import runs; the only error is the one a tag no row carries always gets, which says so
    expect(
      errors(named.problems).map((p) => p.message.startsWith("No accelerator row of this file has the tag work")),
    ).toEqual([true]);
    expect(named.measured!.months[0].roles.other.rows).toBe(2);
    const valued = await imported([chosen("bill.csv", full)], { ...DEFAULT_MAPPING, roles: { "a\u0000b": "serving" } });
    expect(errors(valued.problems)).toEqual([]);
    expect(valued.measured!.months[0].roles.training.rows).toBe(2);
  });
});

describe("a pricing category named as an object's own property", () => {
  test.each(["constructor", "__proto__", "toString", "hasOwnProperty"])(
    "%s is labelled as itself",
    async (category) => {
      const { measured } = await imported([chosen("bill.csv", billCsv([{ PricingCategory: category }]))]);
      expect(measured!.months[0].prices.map((p) => [p.category, p.label])).toEqual([[category, category]]);
    },
  );
});
