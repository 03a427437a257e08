/*
 * A layout as the rectangles a writer sends in one go: number formats, formulas and texts.
 * Text reaches a cell only as text. Excel reads a string written through Range.formulas, and
 * through Range.values too, as if typed: "=..." becomes a formula (the Range.values reference:
 * "If the returned value starts with a plus, minus, or equal sign, Excel interprets this value as
 * a formula", https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-values-member),
 * "100" a number, "1/2" a date, "TRUE" a boolean, "#N/A" an error; not so in a cell whose number
 * format is already Text ("@"), as when typing. So every text cell is formatted "@" first, then
 * written through `values`, and left out (null) of the `formulas` rectangle.
 */
import { CellRole, LayoutCell } from "./cell";
import { columnLetter } from "../excel/a1";
import { layoutWidth, SheetRows } from "./sheetBasics";

/** Excel's Text number format: what is written into such a cell stays the text it is. */
export const TEXT_FORMAT = "@";

/** Whether a layout cell is a constant string, which must reach the sheet as text. */
export const isTextCell = (cell: LayoutCell | null | undefined): cell is LayoutCell & { value: string } =>
  cell !== null && cell !== undefined && cell.formula === undefined && typeof cell.value === "string";

/** The layout's rectangle, one entry per cell (undefined beyond a short row). */
function grid<T>(layout: SheetRows, entry: (cell: LayoutCell | null | undefined) => T): T[][] {
  const width = layoutWidth(layout);
  return layout.rows.map((row) => Array.from({ length: width }, (_, c) => entry(row[c])));
}

/**
 * Every cell as Excel's Range.formulas takes it: "=..." for a formula, a number, "" for a blank,
 * and null for a text cell. A null leaves that cell as it is: Microsoft documents null inside a
 * 2-D values, formulas or numberFormat array as "leave this cell unchanged"
 * (https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-blank-null-values).
 */
export function formulaGrid(layout: SheetRows): (string | number | null)[][] {
  return grid(layout, (cell) => {
    if (!cell) return "";
    if (cell.formula !== undefined) return `=${cell.formula}`;
    return isTextCell(cell) ? null : (cell.value ?? "");
  });
}

/** The text cells' strings, for Range.values; null (unchanged) everywhere else. */
export function textGrid(layout: SheetRows): (string | null)[][] {
  return grid(layout, (cell) => (isTextCell(cell) ? cell.value : null));
}

/** Every cell's number format: Text ("@") for a text cell, else the layout's, else "General". */
export function numberFormatGrid(layout: SheetRows): string[][] {
  return grid(layout, (cell) => (isTextCell(cell) ? TEXT_FORMAT : (cell?.numberFormat ?? "General")));
}

/** The A1 addresses of the cells of each role, for styling. */
export function cellsByRole(layout: SheetRows): Map<CellRole, string[]> {
  const byRole = new Map<CellRole, string[]>();
  layout.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!cell) return;
      const list = byRole.get(cell.role) ?? [];
      list.push(`${columnLetter(c)}${r + 1}`);
      byRole.set(cell.role, list);
    }),
  );
  return byRole;
}
