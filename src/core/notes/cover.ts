/*
 * The notes sheet every downloaded workbook ends with (issue 28: a cover or notes sheet, as a reviewer asks of a
 * model): what the workbook is, the add-in and version that wrote it and when, each sheet with where its inputs
 * are and where its checks are, what the checks test, the colour key in the very styles the sheets use
 * (styles.ts), and where the prices come from. Pure: the facts of each sheet come in (the .xlsx writer reads them
 * off the sheets it wrote, xlsxCover.ts), so it says what the workbook holds, whatever sheets a capability adds.
 */
import type { CellRole, LayoutCell } from "../sheet/cell";
import type { LayoutPage, PrintedLayout, Written } from "../writers/pageFinish";
import { wrapText } from "../sheet/widths";
import { ADDIN_NAME } from "./version";

/** The notes sheet's name: last in the workbook, so each sheet keeps its place and the file opens on the first. */
export const COVER_SHEET_NAME = "About this workbook";

/** What the notes say of one sheet, read off the sheet as written. */
export interface CoveredSheet {
  name: string;
  /** its title, A1 */
  title: string;
  /** how many blue input cells it has, and the first of them ("D12"), if any */
  inputs: { count: number; first?: string };
  /** the cell of its master check ("B4"), where it has one */
  masterCheck?: string;
}

/** Everything the notes sheet states. */
export interface CoverFacts {
  sheets: readonly CoveredSheet[];
  written: Written;
  /** the dated public prices a planner may start from, one line each, where the workbook's capability has them */
  priceSources?: readonly string[];
}

/** The colour key: a sample cell in each role a sheet uses, with what it means. */
const COLOUR_KEY: readonly { role: CellRole; sample: string; meaning: string }[] = [
  {
    role: "input",
    sample: "600",
    meaning: "Input: a typed value, the only cells to change (blue, as finance sheets mark them).",
  },
  {
    role: "derived",
    sample: "1,200",
    meaning: "Calculation: a formula over the inputs; typing over it breaks the model.",
  },
  { role: "crossover", sample: "OK", meaning: "Answer or check: the figure the sheet is for, or its master check." },
  { role: "unit", sample: "accelerator-hours", meaning: "Unit of the figure at its left." },
];

/** What the checks test, in words that hold for every sheet that has them. */
const CHECKS_WORDS =
  "Where a sheet has a Checks cell, it reads OK when every check in the sheet's checks section holds, and " +
  "otherwise names the first that fails. Each check is a formula that is 0 when it holds and 1 when it fails: " +
  "inputs inside their bounds (no negative time, no share over 100%), required inputs filled, calculated rows " +
  "still formulas, and totals that agree by two routes. An error in the model fails a check by name.";

/** Where prices come from when no list is given. */
const PRICE_WORDS =
  "Prices are inputs: the price per accelerator-hour and its currency are the planner's own. The add-in " +
  "never fetches a price; a preset, where the pane offers one, only fills the price, currency and source, " +
  "and the sheet keeps its source and date beside it.";

const note = (value: string): LayoutCell => ({ value, role: "note" });
const section = (value: string): LayoutCell => ({ value, role: "section" });
const label = (value: string): LayoutCell => ({ value, role: "label" });

/** The sentence saying where a sheet's inputs are; coveredSheetsIn reads it back (INPUTS_READ). */
const inputsWords = ({ count, first }: CoveredSheet["inputs"]): string =>
  count
    ? `${count} blue input cells, the first at ${first}; each is labelled at its left.`
    : "No input cells: every figure is read from the other sheets or the data it was written from.";
const INPUTS_READ = /^(\d+) blue input cells, the first at ([A-Z]+\d+);/;

/** The sentence saying where a sheet's master check is; coveredSheetsIn reads it back (CHECK_READ). */
const checkWords = (masterCheck?: string): string =>
  masterCheck ? `Master check: ${masterCheck}.` : "No checks on this sheet.";
const CHECK_READ = /^Master check: ([A-Z]+\d+)\.$/;

/** The rows of one sheet's entry: its name and title, then where its inputs and master check are. */
function sheetRows(sheet: CoveredSheet): (LayoutCell | null)[][] {
  return [
    [label(sheet.name), { value: sheet.title, role: "derived" }],
    [null, note(inputsWords(sheet.inputs))],
    [null, note(checkWords(sheet.masterCheck))],
  ];
}

/** The title of the sheets' section, after which each entry is three rows (sheetRows) until a blank row. */
const SHEETS_SECTION = "The sheets";

/**
 * The sheets a notes sheet lists, read back from its values (A1 first, as a used range from A1 gives them): the
 * inverse of coverLayout's entries, so that Insert can add its sheet to the notes an earlier Insert wrote.
 */
export function coveredSheetsIn(values: readonly (readonly unknown[])[]): CoveredSheet[] {
  const text = (r: number, c: number) => String(values[r]?.[c] ?? "");
  const start = values.findIndex((row) => row[0] === SHEETS_SECTION) + 1;
  const covered: CoveredSheet[] = [];
  for (let r = start; start > 0 && r < values.length && (text(r, 0) || text(r, 1)); r += 3) {
    const inputs = INPUTS_READ.exec(text(r + 1, 1));
    const check = CHECK_READ.exec(text(r + 2, 1));
    covered.push({
      name: text(r, 0),
      title: text(r, 1),
      inputs: inputs ? { count: Number(inputs[1]), first: inputs[2] } : { count: 0 },
      ...(check ? { masterCheck: check[1] } : {}),
    });
  }
  return covered;
}

/** The widest line of the notes' text, in characters, inside its column's width. */
const TEXT_WIDTH = 80;

/** The notes sheet's layout: one column of labels, one of text, printed one page wide. */
export function coverLayout(facts: CoverFacts): PrintedLayout & { rows: (LayoutCell | null)[][] } {
  const { version, date } = facts.written;
  const wrapped = (text: string) => wrapText(text, TEXT_WIDTH).map((line) => [null, note(line)]);
  const rows: (LayoutCell | null)[][] = [
    [{ value: "About this workbook", role: "title" }],
    [note(`Written by ${ADDIN_NAME} ${version} on ${date}. Every figure is a formula over the blue inputs.`)],
    [],
    [section(SHEETS_SECTION)],
    ...facts.sheets.flatMap(sheetRows),
    [],
    [section("What the checks test")],
    ...wrapped(CHECKS_WORDS),
    [],
    [section("Colour key")],
    ...COLOUR_KEY.map(({ role, sample, meaning }) => [{ value: sample, role }, note(meaning)] as (LayoutCell | null)[]),
    [],
    [section("Sources of prices")],
    ...wrapped(PRICE_WORDS),
    ...(facts.priceSources ?? []).flatMap(wrapped),
  ];
  // Landscape: its 116 characters print one page wide at a readable scale (pageFinish.ts).
  const page: LayoutPage = { frozenRows: 0, printArea: `A1:B${rows.length}`, orientation: "landscape" };
  return { rows, columnWidths: [26, TEXT_WIDTH + 10], page };
}
