/*
 * The files a planner chose for one import, told apart by their first bytes (a name can lie: a ".csv" that is
 * a zip, a Parquet file renamed): CSV, gzipped CSV or Parquet are read; a zip, a workbook, a PDF or an empty
 * file is refused with a sentence that says what to export instead. Each file gets the name the engine opens
 * it by: its own where that is unique, so the figures' "files" read as the planner's, and a numbered one for a
 * second file of the same name.
 */
import { BillProblem, billProblem } from "./focusColumns";

/** How a file is read. */
export type BillFileKind = "csv" | "csvGzip" | "parquet";

/** A chosen file as the import sees it: its name, size and first bytes (at least 4). */
export interface ChosenFile {
  name: string;
  sizeBytes: number;
  firstBytes: Uint8Array;
}

/** A chosen file the engine can read, and the name it opens it by. */
export interface BillFile {
  /** the planner's name of the file */
  name: string;
  /** the name the engine registers it under (unique in the import; .gz kept, the engine reads gzip by it) */
  engineName: string;
  kind: BillFileKind;
  sizeBytes: number;
}

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** What a file's first bytes say it is, or undefined for text (a CSV, as far as bytes tell). */
function sniff(bytes: Uint8Array): BillFileKind | "zip" | "xlsx-legacy" | "pdf" | "binary" | undefined {
  if (startsWith(bytes, 0x1f, 0x8b)) return "csvGzip";
  if (startsWith(bytes, ...ascii("PAR1"))) return "parquet";
  if (startsWith(bytes, ...ascii("PK"))) return "zip";
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) return "xlsx-legacy";
  if (startsWith(bytes, ...ascii("%PDF"))) return "pdf";
  // a NUL in the first bytes is no CSV a cloud exports (UTF-16 included: FOCUS exports are UTF-8)
  if (bytes.slice(0, 512).includes(0)) return "binary";
  return undefined;
}

/** A size as a planner reads it: "2.1 GB", "640 KB". */
export function sizeText(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** The engine's name for a file: the planner's, made unique with a number, keeping what the engine reads by. */
function engineNameOf(name: string, kind: BillFileKind, taken: Set<string>): string {
  const plain = name.replace(/[\\/]/g, "_").trim() || "bill";
  const suffix = kind === "csvGzip" && !/\.gz$/i.test(plain) ? ".gz" : "";
  let candidate = plain + suffix;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${n}-${plain}${suffix}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The files of an import and a problem for each one that cannot be read: every chosen file is either in
 * `files` or named in `problems`, never dropped without a word.
 * @example billFilesOf([{ name: "sep.csv.gz", sizeBytes: 9, firstBytes: new Uint8Array([0x1f, 0x8b, 8, 0]) }])
 *   .files[0].kind // "csvGzip"
 */
export function billFilesOf(chosen: readonly ChosenFile[]): { files: BillFile[]; problems: BillProblem[] } {
  const files: BillFile[] = [];
  const problems: BillProblem[] = [];
  const taken = new Set<string>();
  if (chosen.length === 0) {
    problems.push(billProblem("notFocus", "error", "Choose one or more FOCUS exports (CSV, gzipped CSV or Parquet)."));
  }
  const seen = new Set<string>();
  for (const file of chosen) {
    const refuse = (why: string) => problems.push(billProblem("notFocus", "error", `${file.name} ${why}`));
    // the same export chosen twice (a name and a size alike) would count every cost twice
    const same = `${file.name.toLowerCase()}\u0000${file.sizeBytes}`;
    if (seen.has(same)) {
      refuse("is chosen twice: choose each month's export once, or its cost counts twice.");
      continue;
    }
    seen.add(same);
    if (file.sizeBytes === 0) {
      refuse("is empty: export the month again.");
      continue;
    }
    const kind = sniff(file.firstBytes);
    if (kind === "zip") {
      refuse(
        /\.xls[xmb]?$/i.test(file.name)
          ? "is a workbook, not a FOCUS export: export the bill from the cloud's console as CSV."
          : "is a zip archive: unzip it and choose the CSV or Parquet files inside.",
      );
    } else if (kind === "xlsx-legacy") {
      refuse("is an Excel 97-2003 workbook, not a FOCUS export: export the bill as CSV.");
    } else if (kind === "pdf") {
      refuse("is a PDF invoice; the figures need the FOCUS cost and usage export (CSV or Parquet).");
    } else if (kind === "binary") {
      refuse("is not text, gzip or Parquet: choose the FOCUS export itself (CSV, .csv.gz or .parquet).");
    } else {
      const read = kind ?? "csv";
      files.push({
        name: file.name,
        engineName: engineNameOf(file.name, read, taken),
        kind: read,
        sizeBytes: file.sizeBytes,
      });
    }
  }
  return { files, problems };
}
