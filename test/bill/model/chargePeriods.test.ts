/*
 * ChargePeriodStart and ChargePeriodEnd read as FOCUS defines them: instants in UTC (an offset converted, bare text
 * read as UTC), each row in its UTC month, a period that runs into the next month split by its hours. The bill is
 * the public FOCUS 1.0 sample (and our accelerator fixture) with its dates rewritten in local times; every figure
 * is checked against the same sums worked out here with JavaScript's own Date, row by row.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { billDialect } from "../../../src/bill/model/billDialects";
import { billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import { billAggregationSql, billColumnsSql, billSourceSql } from "../../../src/bill/model/billSql";
import { detectFocusVersion, FocusDetection } from "../../../src/bill/model/focusColumns";
import { DEFAULT_MAPPING } from "../../../src/bill/model/roles";
import { layeredSql, utcCalendarLayers } from "../../../src/bill/model/sqlText";
import { csvFields } from "../support/hostileBill";
import { Engine, openEngine } from "../support/duckdb";

const FIXTURES = join(__dirname, "../fixtures");

let engine: Engine;
let scratch: string;
beforeAll(async () => {
  engine = await openEngine();
  scratch = mkdtempSync(join(tmpdir(), "mlcost-dates-"));
});
afterAll(() => {
  engine.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A CSV's header and rows as text fields (the fixtures have no newline inside a field). */
function csvTable(path: string): { header: string[]; rows: string[][] } {
  const lines = readFileSync(path, "utf8")
    .split(/\r?\n/)
    .filter((l) => l !== "");
  return { header: csvFields(lines[0]), rows: lines.slice(1).map(csvFields) };
}
const quoted = (field: string) => `"${field.replace(/"/g, '""')}"`;
function writeCsv(name: string, header: string[], rows: string[][]): string {
  const path = join(scratch, name);
  writeFileSync(path, [header, ...rows].map((r) => r.map(quoted).join(",")).join("\n") + "\n");
  return path;
}

/** The offsets the rewritten dates take in turn: west, east, UTC's "Z", none (read as UTC), an hour-only one. */
const OFFSETS = ["-07:00", "+02:00", "Z", "", "+0530", "-03"];

/**
 * The offset row `n` of the sample takes, from its start: east of UTC on the month's first hours and west on its
 * last (so rows move out of September both ways), the others in turn.
 */
function offsetOf(start: string, n: number): string {
  const [day, hour] = [Number(start.slice(8, 10)), Number(start.slice(11, 13))];
  if (day === 1 && hour < 5) return n % 2 === 0 ? "+02:00" : "+0530";
  if (day === 30 && hour >= 17) return n % 2 === 0 ? "-07:00" : "-03";
  return OFFSETS[n % OFFSETS.length];
}

/** A date of the sample ("2024-09-18 22:00:00") with an offset, every other one with a "T". */
const localDate = (text: string, offset: string, n: number) =>
  `${n % 2 === 0 ? text.replace(" ", "T") : text}${offset}`;

/** The instant of an ISO date in milliseconds, as FOCUS reads it: bare text is UTC (JavaScript's Date reads it as
 * local time, so "Z" is added), an hour-only offset "-03" as "-03:00", "+0530" as "+05:30". */
function instant(text: string): number {
  if (/^\d{4}-\d\d-\d\d$/.test(text)) return Date.parse(`${text}T00:00:00Z`);
  const iso = text
    .replace(" ", "T")
    .replace(/([+-]\d\d)(\d\d)$/, "$1:$2")
    .replace(/([+-]\d\d)$/, "$1:00");
  return Date.parse(/(Z|[+-]\d\d:\d\d)$/.test(iso) ? iso : `${iso}Z`);
}
const utcMonth = (ms: number) => new Date(ms).toISOString().slice(0, 7);
const nextMonthStart = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/** Each month's EffectiveCost and BilledCost by JavaScript: each row in its UTC month, split by its hours. */
function expectedMonths(header: string[], rows: string[][]) {
  const at = (name: string) => header.indexOf(name);
  const sums = new Map<string, { effective: number; billed: number }>();
  const counts = { notUtc: 0, moved: 0, split: 0, unsplit: 0 };
  const add = (month: string, currency: string, row: string[], weight: number) => {
    const key = `${month} ${currency}`;
    const into = sums.get(key) ?? { effective: 0, billed: 0 };
    const n = (name: string) => (/^-?[\d.]+(e-?\d+)?$/i.test(row[at(name)]) ? Number(row[at(name)]) : 0);
    into.effective += n("EffectiveCost") * weight;
    into.billed += n("BilledCost") * weight;
    sums.set(key, into);
  };
  for (const row of rows) {
    const startText = row[at("ChargePeriodStart")];
    const [start, end] = [instant(startText), instant(row[at("ChargePeriodEnd")])];
    const currency = row[at("BillingCurrency")].trim().toUpperCase();
    if (/[+-]\d\d(:?\d\d)?$/.test(startText) && !/[+-]00(:?00)?$/.test(startText)) counts.notUtc++;
    if (utcMonth(start) !== startText.slice(0, 7)) counts.moved++;
    const next = nextMonthStart(start);
    if (end > nextMonthStart(next)) counts.unsplit++;
    if (end > next && end <= nextMonthStart(next)) {
      counts.split++;
      add(utcMonth(start), currency, row, (next - start) / (end - start));
      add(utcMonth(next), currency, row, (end - next) / (end - start));
    } else add(utcMonth(start), currency, row, 1);
  }
  return { sums, counts };
}

function importCsv(path: string) {
  const source = billSourceSql({ format: "csv", paths: [path] });
  const columns = engine.query(billColumnsSql(source)).map((row) => String(row.column_name));
  const detection = detectFocusVersion(columns) as FocusDetection;
  const rows = engine.query(
    billAggregationSql({ source, detection, mapping: DEFAULT_MAPPING }),
  ) as unknown as BillResultRow[];
  return billMonthsOf(rows);
}

describe("the UTC calendar in arithmetic every dialect writes alike", () => {
  test("gives JavaScript's UTC year, month and next months' starts for instants from 1900 to 2400", () => {
    const instants: number[] = [];
    for (let i = 0; i < 400; i++) instants.push(Math.round(-2.2e9 + i * 3.31e7 + (i % 7) * 86_399.5));
    // the edges of months, leap days and the turn of centuries
    for (const iso of ["2024-02-29T23:59:59Z", "2024-03-01T00:00:00Z", "2000-02-29T12:00:00Z", "2100-03-01T00:00:00Z"])
      instants.push(Date.parse(iso) / 1000);
    instants.push(Date.parse("1999-12-31T23:59:59.5Z") / 1000, Date.parse("2023-12-31T23:00:00Z") / 1000);
    const values = instants.map((s) => `(${s})`).join(", ");
    const sql = layeredSql(`SELECT CAST(s AS DOUBLE) AS s FROM (VALUES ${values}) v(s)`, utcCalendarLayers("s", "c_"));
    const rows = engine.query(`SELECT s, c_year, c_month, c_next, c_after FROM (${sql}) t ORDER BY s`);
    expect(rows).toHaveLength(instants.length);
    for (const row of rows) {
      const ms = Number(row.s) * 1000;
      const date = new Date(ms);
      expect([Number(row.c_year), Number(row.c_month)]).toEqual([date.getUTCFullYear(), date.getUTCMonth() + 1]);
      expect(Number(row.c_next) * 1000).toBe(nextMonthStart(ms));
      expect(Number(row.c_after) * 1000).toBe(nextMonthStart(nextMonthStart(ms)));
    }
  });

  test("DuckDB's instant of a date: offsets converted, bare text and Z as UTC, NULL for what is no date", () => {
    const duckdb = billDialect("duckdb");
    const cases = ["2024-09-30T23:00:00-07:00", "2024-09-01 00:30:00+02:00", "2024-09-01T00:00:00Z"];
    cases.push("2024-09-01 00:00:00", "2024-09-01T05:00:00+0530", "2024-09-01T01:00:00-03", "2024-09-01");
    for (const text of cases) {
      const [row] = engine.query(`SELECT ${duckdb.epochSeconds(`'${text}'`)} AS s`);
      expect(Number(row.s) * 1000).toBe(instant(text));
    }
    for (const text of ["", "Sept 2024", "2024-13-01T00:00:00Z"]) {
      expect(engine.query(`SELECT ${duckdb.epochSeconds(`'${text}'`)} AS s`)[0].s).toBeNull();
    }
  });
});

describe("the public FOCUS 1.0 sample with its dates in local times", () => {
  const sample = csvTable(join(FIXTURES, "focus-1.0-sample.csv"));
  const start = sample.header.indexOf("ChargePeriodStart");
  const end = sample.header.indexOf("ChargePeriodEnd");
  const rows = sample.rows.map((row, n) => {
    const copy = [...row];
    const offset = offsetOf(row[start], n);
    copy[start] = localDate(row[start], offset, n);
    copy[end] = localDate(row[end], offset, n);
    return copy;
  });

  test("each row counts in its UTC month, and the months' costs are JavaScript's sums to 1e-9", () => {
    const expected = expectedMonths(sample.header, rows);
    // the rewrite moves rows out of September both ways: the sample's first and last hours
    expect([...expected.sums.keys()].sort()).toEqual(["2024-08 USD", "2024-09 USD", "2024-10 USD"]);
    const { months } = importCsv(writeCsv("sample-offsets.csv", sample.header, rows));
    expect(months.map((m) => `${m.month} ${m.currency}`).sort()).toEqual([...expected.sums.keys()].sort());
    for (const month of months) {
      const sums = expected.sums.get(`${month.month} ${month.currency}`)!;
      expect(month.fileTotal.effectiveCost).toBeCloseTo(sums.effective, 9);
      expect(month.fileTotal.billedCost).toBeCloseTo(sums.billed, 9);
      expect(month.reconciles).toBe(true);
    }
  });

  test("the bill says its dates are not UTC, with how many rows moved month", () => {
    const expected = expectedMonths(sample.header, rows);
    expect(expected.counts.moved).toBeGreaterThan(0);
    const { months, problems } = importCsv(writeCsv("sample-offsets.csv", sample.header, rows));
    const sum = (key: "notUtcRows" | "movedRows" | "splitRows" | "unsplitRows") =>
      months.reduce((n, m) => n + m.dates[key], 0);
    expect(sum("notUtcRows")).toBe(expected.counts.notUtc);
    expect(sum("movedRows")).toBe(expected.counts.moved);
    expect(sum("splitRows")).toBe(expected.counts.split);
    const said = problems.find((p) => p.code === "datesNotUtc")!;
    expect(said.severity).toBe("warning");
    expect(said.message).toContain(`${expected.counts.notUtc} rows of this bill have ChargePeriodStarts`);
    expect(said.message).toContain(`${expected.counts.moved} rows land in a month other than`);
  });

  test("the sample as published (bare dates, UTC) moves nothing and says nothing of its dates", () => {
    const { months, problems } = importCsv(join(FIXTURES, "focus-1.0-sample.csv"));
    expect(months.map((m) => m.month)).toEqual(["2024-09"]);
    expect(months[0].dates).toEqual({ notUtcRows: 0, movedRows: 0, splitRows: 0, unsplitRows: 0 });
    expect(problems.find((p) => p.code === "datesNotUtc")).toBeUndefined();
  });
});

describe("monthly charge periods written in a local time", () => {
  const bill = csvTable(join(FIXTURES, "accelerators.csv"));
  const [start, end] = ["ChargePeriodStart", "ChargePeriodEnd"].map((c) => bill.header.indexOf(c));
  const at = (name: string) => bill.header.indexOf(name);

  test("a month at -07:00 runs 7 hours into the next: its hours and costs are split by the hours in each", () => {
    const rows = bill.rows.map((row) => {
      const copy = [...row];
      copy[start] = row[start].replace("Z", "-07:00");
      copy[end] = row[end].replace("Z", "-07:00");
      return copy;
    });
    const expected = expectedMonths(bill.header, rows);
    expect(expected.counts.split).toBe(rows.length);
    const { months, problems } = importCsv(writeCsv("accelerators-offsets.csv", bill.header, rows));
    for (const month of months) {
      const sums = expected.sums.get(`${month.month} ${month.currency}`)!;
      expect(month.fileTotal.effectiveCost).toBeCloseTo(sums.effective, 9);
      expect(month.reconciles).toBe(true);
    }
    // January's training: the two p4d.24xlarge rows (8 A100 each), 10 h and 5 h, from 1 Jan 07:00Z to 1 Feb
    // 07:00Z: January holds 737 of the period's 744 hours, February the other 7 (beside its own)
    const january = months.find((m) => m.month === "2026-01" && m.currency === "USD")!;
    expect(january.trainingHours).toBeCloseTo(((10 + 5) * 8 * 737) / 744, 9);
    expect(months.some((m) => m.month === "2026-04")).toBe(true);
    expect(problems.find((p) => p.code === "datesNotUtc")!.message).toContain(
      "hours and costs are split between the two months",
    );
  });

  test("a period past the next month is counted whole in its first month, and said", () => {
    const rows = [bill.rows[0]].map((row) => {
      const copy = [...row];
      copy[end] = "2026-03-15T00:00:00Z";
      return copy;
    });
    const { months, problems } = importCsv(writeCsv("accelerators-long.csv", bill.header, rows));
    expect(months.map((m) => m.month)).toEqual(["2026-01"]);
    expect(months[0].fileTotal.effectiveCost).toBeCloseTo(Number(rows[0][at("EffectiveCost")]), 9);
    expect(months[0].dates.unsplitRows).toBe(1);
    expect(problems.find((p) => p.code === "datesNotUtc")!.message).toContain("cannot be split by month");
  });
});
