/* A layout as the rectangles a writer sends in one go: formulas and number formats. */
import { CellRole, columnLetter, layoutWidth, SheetLayout } from "./layout";

/** Every cell as Excel's Range.formulas takes it: "=..." for a formula, a constant, or "". */
export function formulaGrid(layout: SheetLayout): (string | number)[][] {
  const width = layoutWidth(layout);
  return layout.rows.map((row) =>
    Array.from({ length: width }, (_, c) => {
      const cell = row[c];
      if (!cell) return "";
      return cell.formula !== undefined ? `=${cell.formula}` : (cell.value ?? "");
    }),
  );
}

/** Every cell's number format; "General" where the layout sets none. */
export function numberFormatGrid(layout: SheetLayout): string[][] {
  const width = layoutWidth(layout);
  return layout.rows.map((row) => Array.from({ length: width }, (_, c) => row[c]?.numberFormat ?? "General"));
}

/** The A1 addresses of the cells of each role, for styling. */
export function cellsByRole(layout: SheetLayout): Map<CellRole, string[]> {
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
