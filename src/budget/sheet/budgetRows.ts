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
import { LabelledColumns, Row, RowsBuilder, valueColumnOf } from "../../core/sheet/rows";
import { BudgetField, NumberRange, rangeText } from "../model/budgetFields";
import type { CellRule } from "../../core/writers/finish";

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

/**
 * The rows every model of a plan of several shares (the time axis and the traffic): within a model's block
 * (BudgetRows.inModel) any other key is that model's own.
 */
export const SHARED_ROW_KEYS: ReadonlySet<string> = new Set([
  "header",
  "month",
  "curve",
  "typed",
  "cps",
  "days",
  "clips",
]);

/** A model's block of the sheet: the prefix of its rows' keys ("m2:") and the suffix of its names ("_M2"). */
export interface ModelScope {
  keyPrefix: string;
  nameSuffix: string;
  /** the defined names every model shares (the shared inputs, the constants), unsuffixed */
  sharedNames: ReadonlySet<string>;
}

/** The sheet's rows as they are written, from a sheet row down: every sheet's rows, over `months` month columns. */
export class BudgetRows extends RowsBuilder<BudgetValidation> {
  /** the block being written, or none: a plan of one model, or the rows every model shares */
  private readonly scope: { model?: ModelScope };

  constructor(
    top: number,
    /** months on the time axis */
    readonly months: number,
    named: Names,
  ) {
    const scope: { model?: ModelScope } = {};
    // A model's own names carry its suffix before the copy's: BudgetHoursPerRun_M2_2.
    super(
      top,
      (base) => named(scope.model && !scope.model.sharedNames.has(base) ? base + scope.model.nameSuffix : base),
      BUDGET_LABELLED,
    );
    this.scope = scope;
  }

  /**
   * Writes the rows that `write` adds as model `model`'s block: its keys prefixed, its names suffixed, the shared
   * rows and names read as they are. `undefined` writes outside any block.
   */
  inModel<T>(model: ModelScope | undefined, write: () => T): T {
    const before = this.scope.model;
    this.scope.model = model;
    try {
      return write();
    } finally {
      this.scope.model = before;
    }
  }

  /** The key a row of the block being written is registered under. */
  private scoped(key: string): string {
    const model = this.scope.model;
    return model && !SHARED_ROW_KEYS.has(key) ? model.keyPrefix + key : key;
  }

  override push(row: Row, key?: string): number {
    return super.push(row, key === undefined ? undefined : this.scoped(key));
  }

  override rowOf(key: string): number {
    return super.rowOf(this.scoped(key));
  }

  override has(key: string): boolean {
    return super.has(this.scoped(key));
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

/*
 * Data validation of the budget sheet's blue cells, from BUDGET_FIELDS' own ranges (the bounds its checks
 * are built from): a whole number where the field asks for one (the cadence, a month of the horizon), a
 * bound or two otherwise, and a drop-down of the choices where the field is a choice (the budget's period).
 * The month rows' own blue cells (a typed month's traffic, a re-scan month's 1) are validated as their
 * fields would be. (Here beside the rows since issue 29, to keep the folder at 12 files.)
 */

/** The rule on one input cell of the budget sheet, with the messages Excel shows. */
export interface BudgetValidation {
  address: string;
  rule: CellRule;
  /** Excel caps a title at 32 characters and a message at 255 */
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/** The Excel rule of a field's range: whole or decimal, between its bounds or above its minimum. */
export function rangeRule(range: NumberRange): CellRule {
  const type = range.whole ? "whole" : "decimal";
  if (range.maximum !== undefined) return { type, operator: "between", bound: range.minimum, upper: range.maximum };
  return { type, operator: range.exclusiveMinimum ? "greaterThan" : "greaterThanOrEqual", bound: range.minimum };
}

/** The unit beside a rule's words: a factor's "× (1 = none)" read as "1 = none". */
const unitText = (unit: string) => unit.replace(/^×\s*\((.*)\)$/, "$1");

/** The validation of a cell holding `label`'s value within `range`, in `unit`. */
export function rangeValidation(address: string, label: string, unit: string, range: NumberRange): BudgetValidation {
  const words = rangeText(range);
  // Excel cuts a title at 32 characters ("from 1 to 6" for 1 to 60): a longer one becomes the kind alone,
  // the message giving the range in full.
  const full = `Enter ${words}`;
  const title = full.length <= TITLE_LENGTH ? full : range.whole ? "Enter a whole number" : "Enter a number";
  return {
    address,
    rule: rangeRule(range),
    prompt: { title, message: `${label} (${unitText(unit)}): ${words}.`.slice(0, 255) },
    error: { title, message: `${label} must be ${words} (${unitText(unit)}).`.slice(0, 255) },
  };
}

/** The longest title Excel shows whole. */
const TITLE_LENGTH = 32;

/**
 * A month field's range within a horizon of `horizonMonths` (a cadence, the lever's month: at most the
 * horizon, as the model checks); any other range as it is.
 */
export function withinHorizon(field: BudgetField, horizonMonths: number): NumberRange | undefined {
  const { range } = field;
  if (!range || (field.quantity !== "monthCount" && field.quantity !== "monthNumber")) return range;
  return { ...range, maximum: Math.min(range.maximum ?? horizonMonths, horizonMonths) };
}

/**
 * The validation of the cell at `address` holding `field`: its range's rule (a month's bounded by the
 * horizon of `horizonMonths` when given), or its choices; none for text.
 */
export function fieldValidation(
  field: BudgetField,
  address: string,
  choices?: string,
  horizonMonths?: number,
): BudgetValidation | undefined {
  if (field.choices && choices) {
    const words = field.choices.map((c) => `"${c.label}"`).join(" or ");
    return {
      address,
      rule: { type: "list", source: choices },
      prompt: { title: "Choose from the list", message: `${field.label}: ${words}.` },
      error: { title: "Choose from the list", message: `${field.label} is ${words}.` },
    };
  }
  const range = horizonMonths === undefined ? field.range : withinHorizon(field, horizonMonths);
  return range ? rangeValidation(address, field.label, field.unit, range) : undefined;
}
