/*
 * The cells of a generated sheet as Office.js writes them, for every Insert's data batch (sheetWriter.ts) and the
 * notes sheet (notesSync.ts): numbers, formulas and texts as laid out, then fonts, fills, lines and widths by role;
 * and the draft an Insert writes (SheetDraft), here so that the page finish (pageFinish.ts) names it without
 * importing the writer that imports the notes.
 */
import { columnLetter } from "../excel/a1";
import { LayoutCell } from "../sheet/cell";
import { cellsByRole, formulaGrid, numberFormatGrid, TEXT_FORMAT, textGrid } from "../sheet/grid";
import { LayoutName, SheetRows } from "../sheet/sheetBasics";
import { ROLE_STYLES } from "../sheet/styles";
import type { SheetFinish } from "./finish";
import type { SheetChart } from "./sheetWriterCharts";

/** A ListObject the data batch makes over cells it has written (header row first). */
export interface SheetTable {
  name: string;
  range: string;
}

/** Everything one insert writes, for one name suffix: the data, then the charts, then the finish. */
export interface SheetDraft {
  rows: (LayoutCell | null)[][];
  /** workbook-scoped names, each to a cell of the new sheet, suffix included */
  names: readonly LayoutName[];
  /** column widths in characters */
  columnWidths: readonly number[];
  tables: readonly SheetTable[];
  charts: readonly SheetChart[];
  /** the print area in it is the cells'; it reaches down to each chart drawn below them */
  finish: SheetFinish;
}

/** What the cells' writers read of a layout: its rows and its column widths (characters). */
export interface LaidCells {
  rows: (LayoutCell | null)[][];
  columnWidths: readonly number[];
}

/**
 * Office.js sets column widths in points; layout widths are characters (digit widths), as an
 * .xlsx stores them. A width of n characters is n x 7 pixels in Calibri 11, whose digits are 7
 * pixels wide (ECMA-376 Part 1, 18.3.1.13 "col", width), and a pixel is 0.75 point: so Insert's
 * columns are as wide as the download's.
 */
const POINTS_PER_CHARACTER = 7 * 0.75;

const gridOf = (rows: LaidCells["rows"]): SheetRows => ({ rows });

/**
 * Formats first, so that every text cell is Text ("@") before anything is written into it; then
 * formulas and numbers, with the text cells left out; then the texts, which Excel now keeps as
 * typed (see grid.ts for why neither `formulas` nor plain `values` would). A formula whose cell is
 * formatted Text (the what-if workings' currency) would be kept as typed too, its text showing:
 * such a cell is General while its formula goes in, and Text after (null leaves every other cell).
 */
export function writeCells(sheet: Excel.Worksheet, rows: LaidCells["rows"]): void {
  const width = Math.max(...rows.map((row) => row.length));
  const used = sheet.getRange(`A1:${columnLetter(width - 1)}${rows.length}`);
  const formats = numberFormatGrid(gridOf(rows));
  const formulas = formulaGrid(gridOf(rows));
  const textFormula = (r: number, c: number) => formats[r][c] === TEXT_FORMAT && /^=/.test(String(formulas[r][c]));
  const late = formats.map((row, r) => row.map((format, c) => (textFormula(r, c) ? format : null)));
  const anyLate = late.some((row) => row.some((format) => format !== null));
  used.numberFormat = anyLate
    ? formats.map((row, r) => row.map((f, c) => (textFormula(r, c) ? "General" : f)))
    : formats;
  used.formulas = formulas;
  used.values = textGrid(gridOf(rows));
  if (anyLate) used.numberFormat = late as string[][];
}

/** Fonts, fills and lines by role, headings over numbers aligned right, and the column widths. */
export function styleCells(sheet: Excel.Worksheet, draft: LaidCells): void {
  for (const [role, addresses] of cellsByRole(gridOf(draft.rows))) {
    const style = ROLE_STYLES[role];
    if (!style) continue;
    for (const address of addresses) {
      const format = sheet.getRange(address).format;
      if (style.bold) format.font.bold = true;
      if (style.italic) format.font.italic = true;
      if (style.size) format.font.size = style.size;
      if (style.color) format.font.color = style.color;
      if (style.fill) format.fill.color = style.fill;
      if (style.underline) {
        const line = format.borders.getItem("EdgeBottom");
        line.style = "Continuous";
        line.color = style.underline;
      }
    }
  }
  draft.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!cell?.align) return;
      const format = sheet.getRange(`${columnLetter(c)}${r + 1}`).format;
      format.horizontalAlignment = cell.align === "right" ? "Right" : "Center";
    }),
  );
  draft.columnWidths.forEach((width, c) => {
    sheet.getRange(`${columnLetter(c)}:${columnLetter(c)}`).format.columnWidth = width * POINTS_PER_CHARACTER;
  });
}
