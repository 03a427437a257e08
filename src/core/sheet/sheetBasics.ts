/*
 * What every generated sheet is made of, whatever it shows: its defined names, how it prints, the
 * references a formula writes for a name, and the planner's own text as it reaches a cell.
 */
import { columnLetter } from "../excel/a1";
import type { LayoutCell } from "./cell";

/** A workbook-scoped defined name and the cell it points at. */
export interface LayoutName {
  name: string;
  /** A1 address on the generated sheet, such as "D12" */
  address: string;
}

/** How the sheet shows on screen and on paper. */
export interface PageSetup {
  /** rows frozen on screen and repeated atop every printed page: the title, the table, the crossover */
  frozenRows: number;
  /** the cells that print, "A1:I30"; the Excel writer adds its chart below */
  printArea: string;
  orientation: "landscape" | "portrait";
}

/** Page margins in inches, as both Office.js (in points there) and the file format (inches) set them. */
export interface Margins {
  left: number;
  right: number;
  top: number;
  bottom: number;
  header: number;
  footer: number;
}

/**
 * How a sheet prints, for both writers: one page wide (`scalePercent` absent: Excel chooses the scale that fits,
 * at least READABLE_SCALE_PERCENT by the estimate below), or at `scalePercent` across pages with `titleColumns`
 * repeated; the header and footer of every page in Excel's codes.
 */
export interface PrintPlan {
  pagesTall: 0 | 1;
  scalePercent?: number;
  /** the label columns repeated at the left of every page, "$A:$C", when the sheet splits across pages */
  titleColumns?: string;
  /** the rows repeated atop every page, "$1:$9", if any */
  titleRows?: string;
  margins: Margins;
  headerFooter: HeaderFooter;
}

/** A page's header and footer in Excel's codes (&P the page, &N the pages), each part without its &L/&C/&R. */
export interface HeaderFooter {
  centerHeader: string;
  leftFooter: string;
  rightFooter: string;
}

/** A defined name's base ("TrainingHours") to the reference a formula writes for it. */
export type Names = (base: string) => string;

/**
 * Text a planner typed, as it will show: trimmed, otherwise as typed. It is safe because it only
 * ever reaches a cell as text (the Excel writer formats such cells as Text before writing them
 * through `values`; the .xlsx writer stores them as shared strings), never because of what it
 * holds: "= =1+1" stays the text "= =1+1".
 */
export function safeText(text: string): string {
  return text.trim();
}

/** Any sheet's cells, row by row from A1; a row may be shorter than the widest. */
export interface SheetRows {
  rows: readonly (readonly (LayoutCell | null)[])[];
}

/** The used rectangle's width: the widest row. */
export const layoutWidth = (layout: SheetRows): number => Math.max(...layout.rows.map((row) => row.length));

/** The A1 range of a whole layout, such as "A1:I30". */
export const layoutRange = (layout: SheetRows): string =>
  `A1:${columnLetter(layoutWidth(layout) - 1)}${layout.rows.length}`;
