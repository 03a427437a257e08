/*
 * What the bill says to its engine before a query, and how it reads the engine's errors back to a planner.
 * DuckDB-Wasm (1.32, DuckDB 1.4) links only its core functions: Parquet and JSON are extensions it would fetch
 * from DuckDB's extension site on first use. The pane has no such network (its Content Security Policy, and
 * nothing leaves the computer), and in Node the blocking build waits on that fetch for ever, so autoloading is
 * turned off and a Parquet file fails at once with a message the planner can act on.
 */
import { BillProblem, billProblem } from "../model/focusColumns";

/** The statements to run once, before any of the bill's queries. */
export const BILL_ENGINE_SETTINGS: readonly string[] = [
  "SET autoinstall_known_extensions = false",
  "SET autoload_known_extensions = false",
];

/**
 * The words of an engine's error: DuckDB-Wasm may give its error as JSON ({"exception_type": "Parser",
 * "exception_message": "..."}), which a sentence quotes as "Parser Error: ...", never as the JSON itself.
 */
function engineWords(text: string): string {
  if (!text.trimStart().startsWith("{")) return text;
  try {
    const parsed = JSON.parse(text) as { exception_type?: unknown; exception_message?: unknown };
    if (typeof parsed.exception_message !== "string") return text;
    const type = typeof parsed.exception_type === "string" ? `${parsed.exception_type} Error: ` : "";
    return `${type}${parsed.exception_message}`;
  } catch {
    return text;
  }
}

/**
 * A planner's sentence for an engine's error: a Parquet file the engine cannot read, a file it cannot find
 * or parse as CSV, or anything else (its first line, named as the engine's).
 * @example engineProblem("Catalog Error: Table Function with name \"read_parquet\" ...").code // "notFocus"
 */
export function engineProblem(message: unknown, fileName = "the file"): BillProblem {
  const text = engineWords(String(message instanceof Error ? message.message : (message ?? "")));
  // the Parquet reader's own sentences (bill/engine/parquetBatches.ts) name the file and what to do: as they are
  if ((message as { name?: unknown } | null)?.name === "BillFileError") return billProblem("notFocus", "error", text);
  const first = text.split("\n")[0].slice(0, 300);
  if (/read_parquet|parquet extension/i.test(text)) {
    return billProblem(
      "notFocus",
      "error",
      `${fileName} is Parquet, which the pane cannot read without an extension it does not download. ` +
        "Export the bill as CSV or gzipped CSV (the same FOCUS columns), or run the bill's SQL where the " +
        "bill is stored and import its result.",
    );
  }
  if (/out of memory|memory limit|could not allocate|failed to allocate|allocation failure/i.test(text)) {
    return billProblem(
      "notFocus",
      "error",
      `${fileName} is more than this computer's pane can hold at once (the engine ran out of memory). Choose ` +
        "fewer months at a time, or run the bill's SQL where the bill is stored (below) and read its result.",
    );
  }
  if (/no files found|cannot open file|no such file/i.test(text)) {
    return billProblem("notFocus", "error", `${fileName} could not be opened; choose it again.`);
  }
  if (/sniff/i.test(text)) {
    // DuckDB's 'Error when sniffing file ""' names no file a planner chose and no line: what it means, in words
    return billProblem(
      "notFocus",
      "error",
      `${fileName} could not be read as CSV: its lines do not split into one set of columns (it may be empty, ` +
        "not text, or a spreadsheet saved under a .csv name). Export the bill again as FOCUS CSV from the cloud.",
    );
  }
  if (/csv|parser|invalid unicode/i.test(text)) {
    return billProblem(
      "notFocus",
      "error",
      `${fileName} could not be read as CSV (the engine says: ${first}). Export it again as FOCUS CSV.`,
    );
  }
  return billProblem("notFocus", "error", `${fileName} could not be read (the engine says: ${first}).`);
}
