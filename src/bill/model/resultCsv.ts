/*
 * The aggregation's result read back from the CSV a warehouse console exports (BigQuery's "Save results",
 * Snowflake's and Databricks' download, Athena's result file in S3): the small table of monthly figures a
 * planner brings to the pane when the bill itself is too large for a laptop. The consoles differ in what they
 * write, so the reader takes the header's names in any order and case (Snowflake upper-cases unquoted names),
 * fields quoted or not (RFC 4180, doubled quotes inside), CRLF or LF, a UTF-8 byte order mark, an empty field
 * or NULL as null, and numbers as text. A file that is not that result comes back as a planner's sentence
 * naming what is missing or wrong; nothing here throws.
 */
import {
  BILL_RESULT_COLUMNS,
  BILL_RESULT_DATE_COLUMNS,
  BILL_RESULT_MODEL_COLUMNS,
  BILL_RESULT_NUMBER_COLUMNS,
  BILL_RESULT_SECTIONS,
  BILL_RESULT_TOKEN_COLUMNS,
} from "./billSql";
import { BillResultRow } from "./billFigures";
import { BillProblem, billProblem, listed } from "./focusColumns";

/** The most a result may be: a few thousand rows a year of months; more is not the result of the bill's SQL. */
export const MAX_RESULT_CHARACTERS = 10_000_000;
const MAX_RESULT_ROWS = 200_000;

const NUMBER_COLUMNS: ReadonlySet<string> = new Set(BILL_RESULT_NUMBER_COLUMNS);
/** Columns a result run before they were added lacks: read as absent, not refused. */
const OPTIONAL_COLUMNS: ReadonlySet<string> = new Set([
  ...BILL_RESULT_DATE_COLUMNS,
  ...BILL_RESULT_MODEL_COLUMNS,
  ...BILL_RESULT_TOKEN_COLUMNS,
]);
const SECTIONS: readonly string[] = BILL_RESULT_SECTIONS;
/** The largest figure a result may hold: no bill has 10^15 of a currency or hours, and sums of such overflow. */
const LARGEST_FIGURE = 1e15;

/** The records of a CSV text (RFC 4180), or the line where a quoted field never ends. */
function csvRecords(text: string): string[][] | { unterminatedAt: number } {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let quoteLine = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        field += c;
      }
    } else if (c === '"' && field === "") {
      quoted = true;
      quoteLine = line;
    } else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      line++;
    } else field += c;
  }
  if (quoted) return { unterminatedAt: quoteLine };
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  // blank lines (a trailing one, or between records) are not rows
  return records.filter((r) => !(r.length === 1 && r[0].trim() === ""));
}

const list = listed;

/** A refusal: not the bill's result (missing columns, a bad row, or not a result at all), and what to do. */
const notResult = (why: string, code: BillProblem["code"] = "notFocus") =>
  billProblem(
    code,
    "error",
    `${why} Run the bill's SQL (Bill view, "Warehouse SQL") in the warehouse and export its whole result as CSV.`,
  );

/**
 * The rows of the aggregation's result (billSql.ts, BILL_RESULT_COLUMNS) from a CSV a warehouse console
 * exported, ready for billMonthsOf; or a BillProblem naming what is wrong: not text, too large, an unterminated
 * quote, missing columns, a row of the wrong width, a section that is not the bill's, or a figure that is not a
 * number.
 * @example readBillResultCsv("section,month,...\r\nmapped,2026-01,...").rows[0].section // "mapped"
 */
export function readBillResultCsv(text: unknown): { rows: BillResultRow[] } | BillProblem {
  try {
    return readCsv(text);
  } catch (error) {
    return notResult(`The file could not be read (${String((error as Error)?.message ?? error).slice(0, 200)}).`);
  }
}

function readCsv(text: unknown): { rows: BillResultRow[] } | BillProblem {
  if (typeof text !== "string") return notResult("The file is not text.");
  if (text.length > MAX_RESULT_CHARACTERS) {
    return notResult(
      `The file has ${text.length.toLocaleString("en-US")} characters; the bill's result is a few thousand rows. ` +
        "Is it the bill itself rather than the result of its SQL? Import a bill in the Bill view.",
    );
  }
  const records = csvRecords(text.replace(/^\uFEFF/, ""));
  if (!Array.isArray(records)) {
    return notResult(`A quoted field that starts on line ${records.unterminatedAt} never ends.`);
  }
  if (records.length === 0) return notResult("The file is empty.");
  if (records.length - 1 > MAX_RESULT_ROWS) {
    return notResult(`The file has ${(records.length - 1).toLocaleString("en-US")} rows, too many for the result.`);
  }
  const header = records[0].map((name) => name.trim().toLowerCase());
  const at = new Map<string, number>();
  header.forEach((name, index) => {
    if (!at.has(name)) at.set(name, index);
  });
  const missing = BILL_RESULT_COLUMNS.filter((name) => !at.has(name) && !OPTIONAL_COLUMNS.has(name));
  if (missing.length > 0) {
    return notResult(
      `This CSV is not the bill's result: it lacks ${missing.length === 1 ? "the column" : "the columns"} ` +
        `${list(missing)}.`,
      "missingColumns",
    );
  }
  const rows: BillResultRow[] = [];
  for (let r = 1; r < records.length; r++) {
    const fields = records[r];
    if (fields.length !== header.length) {
      return notResult(`Row ${r + 1} has ${fields.length} fields where the header names ${header.length}.`, "badRow");
    }
    const section = fields[at.get("section")!].trim();
    if (!SECTIONS.includes(section)) {
      return notResult(
        `Row ${r + 1}'s section is "${section.slice(0, 40)}"; the bill's result has only ${list(SECTIONS)}.`,
        "badRow",
      );
    }
    const row: Record<string, unknown> = {};
    for (const name of BILL_RESULT_COLUMNS) {
      if (!at.has(name)) continue;
      const raw = fields[at.get(name)!].trim();
      const value = raw === "" || raw.toUpperCase() === "NULL" ? null : raw;
      if (value !== null && NUMBER_COLUMNS.has(name)) {
        const n = Number(value);
        if (!Number.isFinite(n)) {
          return notResult(`Row ${r + 1}'s ${name} is "${value.slice(0, 40)}", not a number.`, "badRow");
        }
        if (Math.abs(n) >= LARGEST_FIGURE) {
          return notResult(`Row ${r + 1}'s ${name} is ${value.slice(0, 40)}, larger than any bill's figure.`, "badRow");
        }
        row[name] = n;
      } else row[name] = value;
    }
    rows.push(row as unknown as BillResultRow);
  }
  return { rows };
}
