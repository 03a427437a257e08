/*
 * A sheet layout read as a planner reads the sheet: a cell by its address, a defined name's address
 * or cell, the column under a heading, the row of a label. The layouts (stage, annual, what-if) give
 * their own rows from A1, names and headings; a test reads them through here instead of restating a
 * column letter or an address the layout already gives. Addresses are the one A1 module's
 * (src/core/excel/a1.ts), so nothing here stops at column Z.
 */
import { cellAddress, columnLetter, parseCell } from "../../src/core/excel/a1";
import type { LayoutCell } from "../../src/core/sheet/cell";
import type { LayoutName } from "../../src/core/sheet/sheetBasics";

/** Any layout's rows, from A1; a row may be shorter than the widest. */
export interface LaidOut {
  rows: readonly (readonly (LayoutCell | null)[])[];
}

/** Any layout's defined names. */
export interface Named {
  names: readonly LayoutName[];
}

/** A cell of a layout, where it is: its A1 address, and its zero-based row and column. */
export interface PlacedCell {
  address: string;
  row: number;
  column: number;
  cell: LayoutCell;
}

/** Every cell a layout writes (none of the gaps), row by row. */
export function placedCells(layout: LaidOut): PlacedCell[] {
  return layout.rows.flatMap((row, r) =>
    row.flatMap((cell, c) => (cell ? [{ address: cellAddress(r, c), row: r, column: c, cell }] : [])),
  );
}

/** Every formula cell of a layout, row by row. */
export const formulaCells = (layout: LaidOut): PlacedCell[] =>
  placedCells(layout).filter(({ cell }) => cell.formula !== undefined);

/** The layout's cell at an A1 address ("D12", "$D$12"); null for a gap, undefined past a row's end. */
export function cellAt(layout: LaidOut, address: string): LayoutCell | null | undefined {
  const place = parseCell(address);
  if (!place) throw new Error(`${address} is not a cell address`);
  return layout.rows[place.row]?.[place.column];
}

/** The address of the defined name `name`, exactly as the layout spells it (its suffix included). */
export function namedAddress(layout: Named, name: string): string {
  const found = layout.names.find((n) => n.name === name);
  if (!found) throw new Error(`The layout has no name ${name}; it has ${layout.names.map((n) => n.name).join(", ")}`);
  return found.address;
}

/** The cell the defined name `name` points at. */
export function namedCell(layout: LaidOut & Named, name: string): LayoutCell {
  const cell = cellAt(layout, namedAddress(layout, name));
  if (!cell) throw new Error(`The name ${name} points at an empty cell`);
  return cell;
}

/** The text a cell shows as a heading or a label: its value, "" for a gap or a formula. */
const textOf = (cell: LayoutCell | null | undefined): string => (typeof cell?.value === "string" ? cell.value : "");

/**
 * The column letter of the cell in sheet row `headerRow` (1-based) that reads `heading`, the first at
 * or after zero-based column `from`: where a table's figures under that heading are.
 */
export function headingColumn(layout: LaidOut, headerRow: number, heading: string, from = 0): string {
  const row = layout.rows[headerRow - 1] ?? [];
  const index = row.findIndex((cell, c) => c >= from && textOf(cell) === heading);
  if (index < 0) throw new Error(`No heading "${heading}" in row ${headerRow}: ${row.map(textOf).join(" | ")}`);
  return columnLetter(index);
}

/** The zero-based column index of a column letter ("A" 0, "AA" 26). */
export const columnIndex = (letter: string): number => parseCell(`${letter}1`)!.column;

/** The column letter of a cell address ("F39" -> "F"). */
export const columnOf = (address: string): string => columnLetter(parseCell(address)!.column);

/** Rows of the sheet, 1-based and both included. */
export interface RowSpan {
  first: number;
  last: number;
}

/**
 * The sheet row (1-based) whose column A reads `label` (or passes it, a test of the text), within
 * `span` when given; `occurrence` 0 for the first such row, 1 for the next, ...
 */
export function labelRow(
  layout: LaidOut,
  label: string | ((text: string) => boolean),
  span?: RowSpan,
  occurrence = 0,
): number {
  const matches = typeof label === "string" ? (text: string) => text === label : label;
  const found = layout.rows
    .map((row, r) => r + 1)
    .filter((r) => (!span || (r >= span.first && r <= span.last)) && matches(textOf(layout.rows[r - 1][0])));
  if (found.length <= occurrence) throw new Error(`No row ${occurrence + 1} labelled "${String(label)}"`);
  return found[occurrence];
}
