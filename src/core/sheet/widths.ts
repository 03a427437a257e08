/*
 * Column widths from what the cells show, in characters of the default font (Excel's column
 * width unit: the width of a digit). A number cell needs its displayed text (formats.ts renders
 * it from the model's value) and some room to grow; a heading or a stage name its text. Text
 * whose right neighbour is empty runs on into it, as in Excel and LibreOffice: such a cell (a
 * label, a unit, the title) asks only that the columns it crosses, up to the next filled cell,
 * hold it all, and the last of them widens if they do not. So column A stays as wide as the stage
 * names while the inputs' labels cross B and C.
 */
import type { CellRole, LayoutCell } from "./cell";
import { displayed } from "./formats";
import { FONT, ROLE_STYLES } from "./styles";

/** Blank space either side of a cell's text. */
const PADDING = 2;
/** Room for a figure to grow by a digit group when a planner changes an input. */
const HEADROOM = 2;
/** Excel's default column width. */
const DEFAULT_WIDTH = 8.43;
/** Bold text is about a tenth wider. */
const BOLD = 1.1;

/** The text a cell shows: a number or a cached result as its format renders it, an error as its code. */
export function shownText(cell: LayoutCell): string {
  const value = cell.formula === undefined ? cell.value : cell.cached;
  if (value === undefined) return "";
  if (typeof value === "number") return displayed(value, cell.numberFormat ?? "General");
  return typeof value === "string" ? value : value.error;
}

/** Whether the cell shows a number, which never runs into its neighbour. */
const showsNumber = (cell: LayoutCell) => typeof (cell.formula === undefined ? cell.value : cell.cached) === "number";

/** The width a text of `role` takes, in digit widths; an indent step is about one. */
function textWidth(text: string, role: CellRole): number {
  const style = ROLE_STYLES[role] ?? {};
  return text.length * (style.bold ? BOLD : 1) * ((style.size ?? FONT.size) / FONT.size) + (style.indent ?? 0);
}

/** The width of every column of `rows`, in characters. */
export function columnWidths(rows: readonly (readonly (LayoutCell | null)[])[]): number[] {
  const count = Math.max(...rows.map((row) => row.length));
  const widths: number[] = Array.from({ length: count }, () => 0);
  const spills: { from: number; to: number; width: number }[] = [];
  for (const row of rows) {
    row.forEach((cell, c) => {
      const text = cell ? shownText(cell) : "";
      if (!cell || text === "") return;
      const width = textWidth(text, cell.role) + PADDING;
      if (showsNumber(cell)) widths[c] = Math.max(widths[c], width + HEADROOM);
      else if (cell.align || (row[c + 1] && shownText(row[c + 1]!) !== "")) widths[c] = Math.max(widths[c], width);
      else {
        const next = row.findIndex((other, k) => k > c && other !== null && shownText(other) !== "");
        spills.push({ from: c, to: next === -1 ? count : next, width });
      }
    });
  }
  const sized = widths.map((w) => (w === 0 ? DEFAULT_WIDTH : Math.ceil(w)));
  for (const { from, to, width } of spills) {
    const crossed = sized.slice(from, to).reduce((sum, w) => sum + w, 0);
    if (crossed < width) sized[to - 1] += Math.ceil(width - crossed);
  }
  return sized;
}

/** The widest a note runs, in characters, before it continues on the next row (within the printed width). */
export const NOTE_WIDTH = 140;

/** `text` broken at spaces into lines of at most `width` characters. */
export function wrapText(text: string, width = NOTE_WIDTH): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines;
}
