/*
 * What the budget sheet is built from: rows that read A the label, B the value (an input, or the horizon's
 * figure), C the unit, and from D on one column a month. A time row holds one formula, written for each
 * month's column from the same recipe over that column's cells, so every month's cell is the same relative
 * formula; the horizon's figure sits in B. Rows are registered by a key, so a formula names the row it reads
 * and never counts rows.
 */
import { Problem } from "../../core/model/problems";
import { columnLetter } from "../../core/excel/a1";
import { cachedOf } from "../../core/sheet/cachedValues";
import { CellRole, LayoutCell } from "../../core/sheet/cell";
import { LayoutName } from "../../core/sheet/sheetBasics";
import type { BudgetValidation } from "./budgetValidation";

/** One row of the sheet: a cell, or null for an empty one. */
export type Row = (LayoutCell | null)[];

/** The columns of a labelled row (zero-based): the label, the value or horizon figure, the unit. */
export const LABEL_COLUMN = 0;
export const VALUE_COLUMN = 1;
export const UNIT_COLUMN = 2;
/** The first month's column (D); the column before it (C) is the origin the month numbers count from. */
export const FIRST_MONTH_COLUMN = 3;

/** The letter of month `index`'s column (0-based: D for the first month). */
export const monthColumn = (index: number): string => columnLetter(FIRST_MONTH_COLUMN + index);

/** A formula cell carrying the model's value as its cached value. */
export function figureCell(
  formula: string,
  cached: number | string | Problem,
  numberFormat: string,
  role: CellRole = "derived",
): LayoutCell {
  return { formula, cached: cachedOf(cached), numberFormat, role };
}

/** One month's column as a time row's recipe sees it. */
export interface MonthColumn {
  /** 0-based */
  index: number;
  /** "D" */
  letter: string;
  /** the cell of row `key` in this month's column: "D31" */
  at: (key: string) => string;
}

/** A time row: its label and unit, each month's cell, and the horizon's figure in B (named when `name` is). */
export interface TimeRowSpec {
  label: string;
  unit: string;
  month: (column: MonthColumn) => LayoutCell;
  /** the horizon's figure, given the row's months as a range ("D31:O31") */
  horizon?: (months: string) => LayoutCell;
  /** the defined name of the horizon's figure */
  name?: string;
  role?: CellRole;
}

/** The sheet's rows as they are written, from a sheet row down, with the names and validations they carry. */
export class BudgetRows {
  readonly rows: Row[] = [];
  readonly names: LayoutName[] = [];
  readonly validations: BudgetValidation[] = [];
  private readonly keyed = new Map<string, number>();

  constructor(
    private readonly top: number,
    /** months on the time axis */
    readonly months: number,
    /** a defined name with the copy's suffix */
    readonly named: (base: string) => string,
  ) {}

  /** The sheet row the next row pushed lands on. */
  get nextRow(): number {
    return this.top + this.rows.length;
  }

  /** The sheet row of the last row pushed. */
  get lastRow(): number {
    return this.nextRow - 1;
  }

  /** Adds `row`, registered as `key` when given; its sheet row. */
  push(row: Row, key?: string): number {
    this.rows.push(row);
    if (key) this.keyed.set(key, this.lastRow);
    return this.lastRow;
  }

  /** Replaces the row at sheet row `sheetRow` (one reserved empty before the rows it reads were written). */
  setRow(sheetRow: number, row: Row): void {
    this.rows[sheetRow - this.top] = row;
  }

  /** The sheet row of the row registered as `key`. */
  rowOf(key: string): number {
    const row = this.keyed.get(key);
    if (row === undefined) throw new Error(`No budget row ${key}`);
    return row;
  }

  /** Every registered row's sheet row, by key. */
  keys(): Record<string, number> {
    return Object.fromEntries(this.keyed);
  }

  /** Whether a row is registered as `key`. */
  has(key: string): boolean {
    return this.keyed.has(key);
  }

  /** Names the cell in `column` of the last row pushed; its address. */
  name(base: string, column: number): string {
    const address = `${columnLetter(column)}${this.lastRow}`;
    this.names.push({ name: this.named(base), address });
    return address;
  }

  /** A section's heading, after an empty row. */
  heading(text: string): void {
    this.push([]);
    this.push([{ value: text, role: "section" }]);
  }

  /** A row of one note. */
  note(text: string): void {
    this.push([{ value: text, role: "note" }]);
  }

  /** A labelled row: label, value (named `base` when given), unit; the value's address. */
  labelled(
    label: string,
    value: LayoutCell,
    unit: string,
    base?: string,
    key?: string,
    role: CellRole = "label",
  ): string {
    const cells: Row = [{ value: label, role }, value];
    if (unit !== "") cells.push({ value: unit, role: "unit" });
    this.push(cells, key);
    return base ? this.name(base, VALUE_COLUMN) : `${columnLetter(VALUE_COLUMN)}${this.lastRow}`;
  }

  /** The months of row `key` as an absolute range: "$D$31:$O$31" (a lookup's range, the same from every column). */
  absoluteMonths(key: string): string {
    const row = this.rowOf(key);
    return `$${monthColumn(0)}$${row}:$${monthColumn(this.months - 1)}$${row}`;
  }

  /** The months of row `key` as a plain range: "D31:O31". */
  monthsOf(key: string): string {
    const row = this.rowOf(key);
    return `${monthColumn(0)}${row}:${monthColumn(this.months - 1)}${row}`;
  }

  /** The horizon's cell (B) of row `key`. */
  horizonOf(key: string): string {
    return `${columnLetter(VALUE_COLUMN)}${this.rowOf(key)}`;
  }

  /** Adds a time row registered as `key`: label, the horizon's figure, the unit, then one cell a month. */
  timeRow(key: string, spec: TimeRowSpec): number {
    const row = this.nextRow;
    const monthCells = Array.from({ length: this.months }, (_, index) => {
      const letter = monthColumn(index);
      return spec.month({ index, letter, at: (other) => `${letter}${other === key ? row : this.rowOf(other)}` });
    });
    const months = `${monthColumn(0)}${row}:${monthColumn(this.months - 1)}${row}`;
    this.push(
      [
        { value: spec.label, role: spec.role ?? "label" },
        spec.horizon ? spec.horizon(months) : null,
        { value: spec.unit, role: "unit" },
        ...monthCells,
      ],
      key,
    );
    if (spec.name && spec.horizon) this.name(spec.name, VALUE_COLUMN);
    return row;
  }
}
