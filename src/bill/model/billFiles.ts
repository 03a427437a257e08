/*
 * The files a planner chose for one import, told apart by their first bytes (a name can lie: a ".csv" that is
 * a zip, a Parquet file renamed): CSV, gzipped CSV or Parquet are read; a zip, a workbook, a PDF or an empty
 * file is refused with a sentence that says what to export instead. Each file gets the name the engine opens
 * it by, made here and never the planner's: the engine reads `*`, `?`, `[` and `{` in a name as a glob over every
 * file it holds (a file named "*-export.csv" read last month's "march-export.csv" too), and reads gzip by a
 * ".gz" ending whatever the bytes are. The planner's name is kept for the sentences and the figures' "files",
 * shortened when it is very long and numbered when two files share it, so each file is told apart.
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
  /** the planner's name of the file, as sentences and the figures show it (shortened, numbered when taken) */
  name: string;
  /** the name the engine registers it under: the add-in's own (engineNameOf), never the planner's */
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

/** The engine's name for the import's nth file (from 1): the add-in's own, with the ending the engine reads by. */
export function engineNameOf(n: number, kind: BillFileKind): string {
  return `mlcost-bill-${n}.${kind === "csvGzip" ? "csv.gz" : kind === "parquet" ? "parquet" : "csv"}`;
}

/** The longest file name a sentence or the actuals sheet shows; a longer one keeps its start and its end. */
export const SHOWN_NAME_CHARACTERS = 120;

/** A planner's file name as the figures show it: shortened past SHOWN_NAME_CHARACTERS, numbered when taken. */
function shownNameOf(name: string, taken: Set<string>): string {
  const plain = name.trim() || "bill";
  const half = Math.floor((SHOWN_NAME_CHARACTERS - 1) / 2);
  const short =
    [...plain].length > SHOWN_NAME_CHARACTERS
      ? `${[...plain].slice(0, half).join("")}…${[...plain].slice(-half).join("")}`
      : plain;
  let candidate = short;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${short} (${n})`;
  taken.add(candidate);
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
    const refuse = (why: string) =>
      problems.push(billProblem("notFocus", "error", `${shownNameOf(file.name, new Set())} ${why}`));
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
        name: shownNameOf(file.name, taken),
        engineName: engineNameOf(files.length + 1, read),
        kind: read,
        sizeBytes: file.sizeBytes,
      });
    }
  }
  return { files, problems };
}
