/*
 * The aggregation's result read back from a warehouse console's CSV: DuckDB-Wasm runs the aggregation over the
 * accelerator fixture, its rows are written as a console might write them (columns shuffled and upper-cased,
 * quoted fields, CRLF, a byte order mark, NULL as empty or NULL, numbers as text), read back, and give the same
 * months as the rows themselves. Files that are not the result come back as a sentence naming what is wrong.
 */
import { join } from "path";
import { billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import {
  billAggregationSql,
  BILL_RESULT_COLUMNS,
  BILL_RESULT_MODEL_COLUMNS,
  BILL_RESULT_TOKEN_COLUMNS,
  BILL_RESULT_DATE_COLUMNS,
  billColumnsSql,
  billSourceSql,
} from "../../../src/bill/model/billSql";
import { detectFocusVersion, FocusDetection } from "../../../src/bill/model/focusColumns";
import { readBillResultCsv } from "../../../src/bill/model/resultCsv";
import { DEFAULT_MAPPING } from "../../../src/bill/model/roles";
import { isProblem } from "../../../src/core/model/problems";
import { Engine, openEngine } from "../support/duckdb";

const ACCELERATORS = join(__dirname, "../fixtures/accelerators.csv");

let engine: Engine;
let rows: BillResultRow[];
beforeAll(async () => {
  engine = await openEngine();
  const source = billSourceSql({ format: "csv", paths: [ACCELERATORS] });
  const detection = detectFocusVersion(
    engine.query(billColumnsSql(source)).map((row) => String(row.column_name)),
  ) as FocusDetection;
  rows = engine.query(
    billAggregationSql({ source, detection, mapping: DEFAULT_MAPPING }),
  ) as unknown as BillResultRow[];
});
afterAll(() => engine.close());

/** A field as a console writes it: quoted when it must be (or always), null as `nullAs`. */
function field(value: unknown, nullAs: string, quoteAll: boolean): string {
  if (value === null || value === undefined) return nullAs;
  const text = String(value);
  return quoteAll || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV, in `columns`' order and spelling, with `newline`. */
function asCsv(
  result: readonly BillResultRow[],
  columns: readonly string[],
  options: { newline?: string; nullAs?: string; quoteAll?: boolean; bom?: boolean } = {},
): string {
  const { newline = "\r\n", nullAs = "", quoteAll = false, bom = false } = options;
  const record = (row: Record<string, unknown>) =>
    columns.map((c) => field(row[c.toLowerCase()], nullAs, quoteAll)).join(",");
  const lines = [columns.map((c) => field(c, nullAs, quoteAll)).join(","), ...result.map((r) => record({ ...r }))];
  return `${bom ? "\uFEFF" : ""}${lines.join(newline)}${newline}`;
}

const SHUFFLED = [...BILL_RESULT_COLUMNS].reverse().map((c, i) => (i % 2 ? c.toUpperCase() : c));

describe("a console's CSV of the result gives the same months as the result itself", () => {
  test.each([
    ["columns reversed and upper-cased, CRLF, a BOM, empty as null", { bom: true }],
    ["every field quoted, LF, NULL as null", { newline: "\n", nullAs: "NULL", quoteAll: true }],
  ])("%s", (_, options) => {
    const direct = billMonthsOf(rows);
    const read = readBillResultCsv(asCsv(rows, SHUFFLED, options));
    if (isProblem(read)) throw new Error(read.message);
    expect(read.rows).toHaveLength(rows.length);
    const back = billMonthsOf(read.rows);
    expect(back.months).toEqual(direct.months);
    expect(back.problems).toEqual(direct.problems);
    // worked by hand in billEngine.test.ts: January's serving paid 844 h over 700 h used
    expect(back.months[0]).toMatchObject({ month: "2026-01", servingHoursPaid: 844, servingHoursConsumed: 700 });
  });

  test("a file name with a comma and a quote survives the round trip", () => {
    const total = rows.find((r) => r.section === "total")!;
    const odd = { ...total, files: 'bills/Jan, "final".csv|bills/b.csv' };
    const read = readBillResultCsv(asCsv([odd], BILL_RESULT_COLUMNS));
    if (isProblem(read)) throw new Error(read.message);
    expect(billMonthsOf(read.rows).months[0].files).toEqual(['bills/Jan, "final".csv', "bills/b.csv"]);
  });
});

describe("a CSV that is not the result is named, never thrown", () => {
  // a result without the model column, which is optional (a result exported before models were read, and so
  // before tokens were counted)
  const newer: readonly string[] = [...BILL_RESULT_MODEL_COLUMNS, ...BILL_RESULT_TOKEN_COLUMNS];
  const header = BILL_RESULT_COLUMNS.filter((c) => !newer.includes(c)).join(",");
  test.each<[string, unknown, RegExp]>([
    [
      "a FOCUS bill itself",
      "ChargePeriodStart,BilledCost\n2026-01-01,1\n",
      /lacks the columns section, month, .* files and unreadable_rows\./,
    ],
    ["one missing column", header.replace(",files", "") + "\n", /lacks the column files\./],
    [
      "the column of unreadable numbers",
      header.replace(",unreadable_rows", "") + "\n",
      /lacks the column unreadable_rows\./,
    ],
    ["an empty file", "", /The file is empty/],
    ["not text", 42, /not text/],
    ["an unterminated quote", `${header}\n"mapped,2026-01`, /quoted field that starts on line 2 never ends/],
    ["a short row", `${header}\nmapped,2026-01\n`, /Row 2 has 2 fields where the header names 18/],
    ["a section of another query", `${header}\n${"x,".repeat(17)}x\n`, /Row 2's section is "x"/],
    [
      "a figure that is not a number",
      `${header}\nmapped,2026-01,USD,training,Standard,,1.2.3,1,1,1,1,0,,,,,,\n`,
      /Row 2's consumed_hours is "1\.2\.3", not a number/,
    ],
    [
      "a figure no bill has (it would sum to infinity)",
      `${header}\nmapped,2026-01,USD,training,Standard,,1,1,1e308,1,1,0,,,,,,\n`,
      /Row 2's effective_cost is 1e308, larger than any bill's figure/,
    ],
    ["a text too large to be the result", "x".repeat(10_000_001), /10,000,001 characters/],
  ])("%s", (_, text, message) => {
    const read = readBillResultCsv(text);
    expect(isProblem(read)).toBe(true);
    expect((read as { message: string }).message).toMatch(message);
    expect((read as { message: string }).message).toMatch(/export its whole result as CSV\.$/);
  });

  test("the problem's code says which: missing columns, a bad row, or not a result", () => {
    const code = (text: string) => (readBillResultCsv(text) as { code: string }).code;
    expect(code("ChargePeriodStart\n")).toBe("missingColumns");
    expect(code(`${header}\nmapped\n`)).toBe("badRow");
    expect(code("")).toBe("notFocus");
  });

  test("a result exported before the dates' columns were added is read, without them", () => {
    // before the dates' columns, and so before the model's and the tokens'
    const later: readonly string[] = [
      ...BILL_RESULT_DATE_COLUMNS,
      ...BILL_RESULT_MODEL_COLUMNS,
      ...BILL_RESULT_TOKEN_COLUMNS,
    ];
    const older = BILL_RESULT_COLUMNS.filter((c) => !later.includes(c));
    const read = readBillResultCsv(`${older.join(",")}\ntotal,2026-01,USD,,,,,,5,5,2,,a.csv,0\n`);
    expect(read).toEqual({ rows: [expect.objectContaining({ section: "total", effective_cost: 5, row_count: 2 })] });
    expect((read as { rows: BillResultRow[] }).rows[0]).not.toHaveProperty("moved_rows");
  });

  test("a header alone is a result with no rows, which the figures then call empty", () => {
    const read = readBillResultCsv(`${BILL_RESULT_COLUMNS.join(",")}\r\n`);
    expect(read).toEqual({ rows: [] });
    expect(billMonthsOf([]).problems[0].code).toBe("noRows");
  });
});
