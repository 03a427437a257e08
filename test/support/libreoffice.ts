/*
 * LibreOffice headless as a spreadsheet engine and a printer. Every call runs in a fresh profile
 * that says how to treat the formulas' cached values on load:
 *  - recalculateWithLibreOffice: recalculate every formula (never trust the cache) and save, so
 *    the values read back are LibreOffice's own;
 *  - printWithLibreOffice / displayedWithLibreOffice: never recalculate, so the PDF and the text
 *    show the file's cached values, as a previewer that does not recalculate would.
 */
import { execFileSync } from "child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import { basename, join } from "path";
import { LIBREOFFICE_MS } from "./deadlines";

/** LibreOffice's OOXMLRecalcMode / ODFRecalcMode: 0 always recalculates on load, 1 never does. */
type RecalcMode = 0 | 1;

const profileSettings = (mode: RecalcMode) => `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${["OOXMLRecalcMode", "ODFRecalcMode"]
  .map(
    (name) =>
      `  <item oor:path="/org.openoffice.Office.Calc/Formula/Load">` +
      `<prop oor:name="${name}" oor:op="fuse"><value>${mode}</value></prop></item>`,
  )
  .join("\n")}
</oor:items>
`;

let foundSoffice: { path: string | undefined } | undefined;

/** Path of LibreOffice's soffice, or undefined when it is not installed; looked for once a process. */
export function sofficePath(): string | undefined {
  foundSoffice ??= { path: findSoffice() };
  return foundSoffice.path;
}

function findSoffice(): string | undefined {
  for (const candidate of ["/usr/bin/soffice", "/usr/bin/libreoffice", "/usr/lib/libreoffice/program/soffice"]) {
    try {
      execFileSync(candidate, ["--version"], { stdio: "ignore", timeout: LIBREOFFICE_MS });
      return candidate;
    } catch {
      /* try the next */
    }
  }
  return undefined;
}

/** A fresh work folder with a LibreOffice profile that loads formulas in `mode`. */
function freshProfile(mode: RecalcMode): { work: string; profile: string } {
  const work = mkdtempSync(join(tmpdir(), "mlcost-lo-"));
  const profile = join(work, "profile");
  mkdirSync(join(profile, "user"), { recursive: true });
  writeFileSync(join(profile, "user", "registrymodifications.xcu"), profileSettings(mode));
  return { work, profile };
}

/**
 * Converts every file of `paths` with one soffice --convert-to `filter` run in a fresh profile (one start for
 * all of them: a start is most of a conversion's time); returns the output files' paths, in `paths`' order.
 * Each input is copied under its index first, so two inputs with one base name never overwrite each other.
 */
function convertAll(paths: readonly string[], filter: string, extension: string, mode: RecalcMode): string[] {
  const soffice = sofficePath();
  if (!soffice) throw new Error("LibreOffice is not installed: apt-get install libreoffice-calc (.ci/run does).");
  const { work, profile } = freshProfile(mode);
  const inputs = join(work, "in");
  mkdirSync(inputs);
  const copies = paths.map((path, i) => {
    const copy = join(inputs, `${i}-${basename(path)}`);
    copyFileSync(path, copy);
    return copy;
  });
  const out = join(work, "out");
  execFileSync(
    soffice,
    [
      `-env:UserInstallation=file://${profile}`,
      "--headless",
      "--norestore",
      "--convert-to",
      filter,
      "--outdir",
      out,
    ].concat(copies),
    { stdio: "pipe", timeout: LIBREOFFICE_MS * Math.max(1, Math.ceil(paths.length / 4)) },
  );
  return copies.map((copy) => join(out, basename(copy).replace(/\.[^.]+$/, `.${extension}`)));
}

/** Converts `path` with soffice --convert-to `filter` in a fresh profile; returns the output file's path. */
function convert(path: string, filter: string, extension: string, mode: RecalcMode): string {
  return convertAll([path], filter, extension, mode)[0];
}

/** Recalculates `xlsxPath` in LibreOffice and returns the path of the file it saved. */
export function recalculateWithLibreOffice(xlsxPath: string): string {
  return convert(xlsxPath, "xlsx:Calc MS Excel 2007 XML", "xlsx", 0);
}

/**
 * Recalculates every file of `xlsxPaths` in one LibreOffice start and returns the saved files' paths, in order.
 * Use it wherever a test recalculates more than one workbook: each start costs 3-10 s of a loaded machine.
 */
export function recalculateManyWithLibreOffice(xlsxPaths: readonly string[]): string[] {
  return convertAll(xlsxPaths, "xlsx:Calc MS Excel 2007 XML", "xlsx", 0);
}

/** Prints `xlsxPath` to PDF as LibreOffice lays it out, from the cached values; returns the PDF's path. */
export function printWithLibreOffice(xlsxPath: string): string {
  return convert(xlsxPath, "pdf:calc_pdf_Export", "pdf", 1);
}

/** The number of pages of a PDF: its page objects ("/Type /Page", not the "/Pages" tree). */
export function pdfPageCount(pdfPath: string): number {
  return (readFileSync(pdfPath, "latin1").match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;
}

/**
 * Every cell of the first sheet as LibreOffice shows it, from the cached values: rows of text
 * through its CSV export with "save cell contents as shown" (filter options: comma, double quote,
 * UTF-8, from line 1, English (USA) number formats, and token 9 true).
 */
export function displayedWithLibreOffice(xlsxPath: string): string[][] {
  const csv = readFileSync(
    convert(xlsxPath, "csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,false,true,true", "csv", 1),
    "utf8",
  );
  return csv
    .split(/\r?\n/)
    .filter((line, i, lines) => i < lines.length - 1 || line !== "")
    .map((line) =>
      [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1].replace(/^"|"$/g, "").replace(/""/g, '"')),
    );
}

/** One printed line of a PDF page: its text and the smallest font size in it, in points as printed. */
export interface PrintedLine {
  text: string;
  points: number;
}

/**
 * Each page of a PDF as printed lines, through Ghostscript's txtwrite (TextFormat 0: every span with its font and
 * its size, which txtwrite gives as the font size scaled by the text matrix and the page's transformation, so a
 * sheet printed at 75% reads 8.25 for its 11 pt body). Spans are joined into lines by their baseline, left to right.
 */
export function printedPages(pdfPath: string): PrintedLine[][] {
  const xml = execFileSync(
    "gs",
    ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=txtwrite", "-dTextFormat=0", "-sOutputFile=-", pdfPath],
    { encoding: "utf8", maxBuffer: 1 << 28 },
  );
  const unescape = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
  return xml
    .split(/<page>/)
    .slice(1)
    .map((page) => {
      const lines = new Map<number, { x: number; text: string; points: number }[]>();
      for (const span of page.matchAll(
        /<span bbox="([\d.-]+) ([\d.-]+)[^"]*"[^>]*size="([\d.]+)">([\s\S]*?)<\/span>/g,
      )) {
        const text = [...span[4].matchAll(/ c="([^"]*)"/g)].map((c) => unescape(c[1])).join("");
        const y = Math.round(Number(span[2]));
        lines.set(y, [...(lines.get(y) ?? []), { x: Number(span[1]), text, points: Number(span[3]) }]);
      }
      return [...lines.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, spans]) => spans.sort((a, b) => a.x - b.x))
        .map((spans) => ({ text: spans.map((s) => s.text).join(""), points: Math.min(...spans.map((s) => s.points)) }));
    });
}
