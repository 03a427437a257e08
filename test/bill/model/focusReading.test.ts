/*
 * A FOCUS file read as the specification writes it: its null in any case, the columns of 1.3 and 1.4's draft, a
 * column that is not FOCUS, a file without Tags, a key no row carries, and an engine's error in a planner's words.
 * The files are the public FOCUS 1.0 sample and our accelerator fixture, rewritten here; each figure against the
 * unchanged file's.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import { billAggregationSql, billColumnsSql, billSourceSql, keyValuesSql } from "../../../src/bill/model/billSql";
import { engineProblem } from "../../../src/bill/engine/engineText";
import { detectFocusVersion, detectionWarnings, FocusDetection } from "../../../src/bill/model/focusColumns";
import { BillMapping, DEFAULT_MAPPING, keyMatchProblem, startingMapping } from "../../../src/bill/model/roles";
import { csvFields } from "../support/hostileBill";
import { Engine, openEngine } from "../support/duckdb";

const FIXTURES = join(__dirname, "../fixtures");
const SAMPLE = join(FIXTURES, "focus-1.0-sample.csv");
const ACCELERATORS = join(FIXTURES, "accelerators.csv");

let engine: Engine;
let scratch: string;
beforeAll(async () => {
  engine = await openEngine();
  scratch = mkdtempSync(join(tmpdir(), "mlcost-focus-"));
});
afterAll(() => {
  engine.close();
  rmSync(scratch, { recursive: true, force: true });
});

const quoted = (field: string) => `"${field.replace(/"/g, '""')}"`;
/** The CSV at `path` with each line's fields changed by `edit` (the header's too, with n = -1), written anew. */
function rewritten(path: string, name: string, edit: (fields: string[], n: number) => string[]): string {
  const lines = readFileSync(path, "utf8")
    .split(/\r?\n/)
    .filter((l) => l !== "");
  const out = join(scratch, name);
  const csv = lines.map((line, n) =>
    edit(csvFields(line), n - 1)
      .map(quoted)
      .join(","),
  );
  writeFileSync(out, csv.join("\n") + "\n");
  return out;
}

function detectionOf(path: string): FocusDetection {
  const columns = engine.query(billColumnsSql(billSourceSql({ format: "csv", paths: [path] })));
  return detectFocusVersion(columns.map((r) => String(r.column_name))) as FocusDetection;
}
function monthsOf(path: string, mapping: BillMapping = DEFAULT_MAPPING) {
  const query = { source: billSourceSql({ format: "csv", paths: [path] }), detection: detectionOf(path), mapping };
  return { ...billMonthsOf(engine.query(billAggregationSql(query)) as unknown as BillResultRow[]), query };
}

describe("FOCUS's null, in any case", () => {
  test("the sample's NULL written null and Null gives the sample's own figures, every month reconciling", () => {
    // the published sample writes NULL; csvFields gives it as text, an empty field as ""
    const cases = ["null", "Null", "NULL"];
    let replaced = 0;
    const path = rewritten(SAMPLE, "sample-null.csv", (fields, n) =>
      n < 0 ? fields : fields.map((f) => (f === "NULL" ? (replaced++, cases[replaced % 3]) : f)),
    );
    expect(replaced).toBeGreaterThan(1000);
    const expected = monthsOf(SAMPLE);
    const actual = monthsOf(path);
    expect(actual.months.map((m) => ({ ...m, files: [] }))).toEqual(expected.months.map((m) => ({ ...m, files: [] })));
    expect(actual.months.every((m) => m.reconciles && m.unreadableRows === 0)).toBe(true);
    expect(actual.problems.filter((p) => p.code === "unreadableNumbers")).toEqual([]);
  });

  test("a null in a figure of the accelerators' bill is no figure, never 'not a number'", () => {
    const path = rewritten(ACCELERATORS, "accelerators-null.csv", (fields, n) =>
      n === 5 ? fields.map((f, i) => (i === 9 ? "null" : f)) : fields,
    );
    const { months } = monthsOf(path);
    expect(months.every((m) => m.unreadableRows === 0 && m.reconciles)).toBe(true);
  });
});

describe("the columns a file carries", () => {
  // the sample's header but its one column of no release (Id, the sample's row number)
  const header = csvFields(readFileSync(SAMPLE, "utf8").split("\n")[0]).filter((c) => c !== "Id");

  test("FOCUS 1.3's columns and 1.4's draft are known: read as 1.3, no column said to be no FOCUS's", () => {
    const added = ["AllocatedMethodId", "AllocatedMethodDetails", "AllocatedResourceId", "AllocatedResourceName"];
    added.push("AllocatedTags", "ContractApplied", "ServiceProviderName", "HostProviderName");
    added.push("AllocatedServiceName", "ConsumerId", "InvoiceDetailId", "TagDetails");
    const detection = detectFocusVersion([...header, ...added]) as FocusDetection;
    expect(detection.version).toBe("1.3");
    expect(detection.unrecognised).toEqual([]);
    expect(detectionWarnings(detection)).toEqual([]);
  });

  test("an extract's own column is said only to be not FOCUS, and not read", () => {
    const detection = detectFocusVersion([...header, "CostCenterOwner"]) as FocusDetection;
    const [warning] = detectionWarnings(detection);
    expect(warning.message).toBe(
      "This file has a column that is not FOCUS (CostCenterOwner): the bill does not read it.",
    );
  });
});

describe("the key a file starts on, and a key no row carries", () => {
  const withoutColumns = (name: string, ...columns: string[]) => {
    let drop: number[] = [];
    return rewritten(ACCELERATORS, name, (fields, n) => {
      if (n < 0) drop = columns.map((c) => fields.indexOf(c));
      return fields.filter((_, i) => !drop.includes(i));
    });
  };

  test("a file without Tags starts on the sub-account, or else the resource name; a planner's own key stands", () => {
    const noTags = detectionOf(withoutColumns("no-tags.csv", "Tags"));
    expect(startingMapping(DEFAULT_MAPPING, noTags)).toEqual({ ...DEFAULT_MAPPING, key: { kind: "subAccount" } });
    const noTagsNoAccount = detectionOf(withoutColumns("no-tags-account.csv", "Tags", "SubAccountName"));
    expect(startingMapping(DEFAULT_MAPPING, noTagsNoAccount)?.key).toEqual({ kind: "resourceName" });
    expect(startingMapping(DEFAULT_MAPPING, detectionOf(ACCELERATORS))).toBeUndefined();
    const own: BillMapping = { key: { kind: "tag", name: "team" }, roles: {}, guess: true };
    expect(startingMapping(own, noTags)).toBeUndefined();
  });

  test("a file without Tags, on its starting key, has figures: its sub-account's values", () => {
    const path = withoutColumns("no-tags-figures.csv", "Tags");
    const mapping = startingMapping(DEFAULT_MAPPING, detectionOf(path))!;
    const { months, query } = monthsOf(path, mapping);
    expect(months.length).toBeGreaterThan(0);
    const values = engine.query(keyValuesSql(query)).map((r) => r.key_value);
    expect(values).toContain("ml-prod");
  });

  test("a tag no accelerator row carries says so, as an error, and a tag they carry says nothing", () => {
    const keyValues = (mapping: BillMapping) => {
      const query = monthsOf(ACCELERATORS, mapping).query;
      return engine
        .query(keyValuesSql(query))
        .map((r) => ({ value: r.key_value as string | null, paidHours: Number(r.paid_hours) }));
    };
    const team: BillMapping = { key: { kind: "tag", name: "team" }, roles: {}, guess: true };
    const problem = keyMatchProblem(team, keyValues(team))!;
    expect(problem).toMatchObject({ code: "badMapping", severity: "error" });
    expect(problem.message).toMatch(/^No accelerator row of this file has the tag team, so nothing tells training/);
    expect(keyMatchProblem(DEFAULT_MAPPING, keyValues(DEFAULT_MAPPING))).toBeUndefined();
  });
});

describe("an engine's error in a planner's words", () => {
  test("DuckDB's 'Error when sniffing file' is never shown as it stands", () => {
    const message = 'Invalid Input Error: Error when sniffing file "".\nIt was not possible to automatically detect';
    const problem = engineProblem(message, "bill.csv");
    expect(problem.message).not.toMatch(/sniff|""/);
    expect(problem.message).toMatch(/^bill\.csv could not be read as CSV: its lines do not split into one set/);
  });
});
