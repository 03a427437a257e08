/*
 * What the budget sheet is built from: rows that read A the label, B the value (an input, or the horizon's
 * figure), C the unit, and from D on one column a month. A time row holds one formula, written for each
 * month's column from the same recipe over that column's cells, so every month's cell is the same relative
 * formula; the horizon's figure sits in B. Rows are registered by a key, so a formula names the row it reads
 * and never counts rows. The rest is every sheet's vocabulary (core/sheet/rows.ts); the actuals sheet is
 * written in these rows too.
 */
import { columnLetter } from "../../core/excel/a1";
import { CellRole, LayoutCell } from "../../core/sheet/cell";
import { Names } from "../../core/sheet/sheetBasics";
import { LabelledColumns, RowsBuilder, valueColumnOf } from "../../core/sheet/rows";
import type { BudgetValidation } from "./budgetValidation";

/** A labelled row's columns: the label, the value or horizon figure, the unit (left out when blank). */
const BUDGET_LABELLED: LabelledColumns = {
  order: ["label", "value", "unit"],
  crossoverFills: [],
  blankUnitOmitted: true,
};

/** The columns of a labelled row (zero-based): the label, the value or horizon figure, the unit. */
export const LABEL_COLUMN = BUDGET_LABELLED.order.indexOf("label");
export const VALUE_COLUMN = valueColumnOf(BUDGET_LABELLED);
export const UNIT_COLUMN = BUDGET_LABELLED.order.indexOf("unit");
/** The first month's column (D); the column before it (C) is the origin the month numbers count from. */
export const FIRST_MONTH_COLUMN = BUDGET_LABELLED.order.length;

/** The letter of month `index`'s column (0-based: D for the first month). */
export const monthColumn = (index: number): string => columnLetter(FIRST_MONTH_COLUMN + index);

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

/** The sheet's rows as they are written, from a sheet row down: every sheet's rows, over `months` month columns. */
export class BudgetRows extends RowsBuilder<BudgetValidation> {
  constructor(
    top: number,
    /** months on the time axis */
    readonly months: number,
    named: Names,
  ) {
    super(top, named, BUDGET_LABELLED);
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
