/*
 * How each role of a generated cell looks, for both writers. Colours are RGB hex.
 *
 * The stage table carries Excel's table style, and also explicit formats for its header and rows:
 * LibreOffice (7.4, checked by rendering the .xlsx to PDF) and previewers draw no table styles, so
 * without them the table would be plain text there. Direct formats sit above a table style in
 * Excel too, so every reader sees the same table. No row banding: tinted rows would read as the
 * blue input cells, and three rows need none.
 */
import type { CellRole } from "./cell";

/** The look of one role. */
export interface RoleStyle {
  bold?: boolean;
  italic?: boolean;
  size?: number;
  color?: string;
  fill?: string;
  /** a thin line under the cell, in this colour */
  underline?: string;
  /** indent from the left, in Excel's indent steps (about a character each) */
  indent?: number;
}

/** The colour of the title, the sections and the table's header. */
const ACCENT = "#107C80";

/** Inputs are blue (the convention finance sheets use for cells to change); the crossover is highlighted. */
export const ROLE_STYLES: Partial<Record<CellRole, RoleStyle>> = {
  title: { bold: true, size: 14, color: ACCENT },
  note: { italic: true, color: "#595959" },
  section: { bold: true, color: ACCENT },
  input: { color: "#1F4E79", fill: "#DDEBF7" },
  crossover: { bold: true, fill: "#FFF2CC" },
  /** indented, so a unit does not touch the number to its left */
  unit: { color: "#595959", indent: 1 },
  header: { bold: true, color: "#FFFFFF", fill: ACCENT },
  stageName: { bold: true, underline: "#BFBFBF" },
  stage: { underline: "#BFBFBF" },
};

/** The Excel table style of the stage table. */
export const TABLE_STYLE = "TableStyleMedium2";

/** The font every cell is written in: Excel's default, named, so that a reader without it substitutes a like one. */
export const FONT = { name: "Calibri", size: 11 } as const;
