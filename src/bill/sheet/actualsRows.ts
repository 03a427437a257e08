/*
 * What the actuals sheet is built from: the budget sheet's rows (A the label, B the months' total, C the unit,
 * from D one column a month, every row registered by a key), with two kinds of row on them. An imported row
 * holds the bill's figure of each month as a typed, blue value and its total in B; a formula row holds one
 * recipe, written for each month's column over that column's cells, and the same recipe over column B, so B
 * is the figure over all the months (peak-to-mean over the quarter, not an average of months).
 */
import type { BillMonth } from "../model/billFigures";
import * as inExcel from "../../core/excel/formulas";
import { columnLetter } from "../../core/excel/a1";
import { BudgetRows, VALUE_COLUMN } from "../../budget/sheet";
import { figureCell } from "../../core/sheet/rows";

/** The months of one currency on the sheet, and the totals of each row over them, by row key. */
export interface ActualsContext {
  sheet: BudgetRows;
  /** the months of the sheet's currency, in calendar order, a column each */
  months: readonly BillMonth[];
  currency: string;
  /** the money format of the currency */
  costFormat: string;
  /** each row's figure over the months (B), where it is a number */
  totals: Map<string, number>;
}

/** A figure, or the words a cell shows where the bill gives none. */
export type Figure = number | string;

/** The total (B) of row `key`, which must be a number. */
export function totalOf(context: ActualsContext, key: string): number {
  const total = context.totals.get(key);
  if (total === undefined) throw new Error(`No total of actuals row ${key}`);
  return total;
}

/** An imported row: its key, label, unit and format, the month's figure, and the name of its total. */
export interface ImportedRowSpec {
  key: string;
  label: string;
  unit: string;
  format: string;
  of: (month: BillMonth) => number;
  name?: string;
}

/** An imported row: the month's figure typed in blue, the months' sum in B (named when `name` is). */
export function importedRow(context: ActualsContext, spec: ImportedRowSpec): void {
  const { sheet, months } = context;
  const values = months.map(spec.of);
  const total = values.reduce((sum, value) => sum + value, 0);
  context.totals.set(spec.key, total);
  sheet.timeRow(spec.key, {
    label: spec.label,
    unit: spec.unit,
    month: (c) => ({ value: values[c.index], numberFormat: spec.format, role: "input" }),
    horizon: (range) => figureCell(inExcel.horizonSum(range), total, spec.format),
    name: spec.name,
  });
}

/** A formula row's recipe over one column's cells, given the cell of another row in that column. */
export type Recipe = (at: (key: string) => string) => string;

/**
 * A formula row: `recipe` in every month's column caching the model's figure `month`, and over column B
 * caching `total` of the rows' totals (the same arithmetic over the months' sums), named when `name` is.
 */
export function formulaRow(
  context: ActualsContext,
  spec: {
    key: string;
    label: string;
    unit: string;
    format: string;
    recipe: Recipe;
    month: (month: BillMonth) => Figure;
    total: (total: (key: string) => number) => Figure;
    name?: string;
  },
): void {
  const { sheet, months } = context;
  const total = spec.total((key) => totalOf(context, key));
  if (typeof total === "number") context.totals.set(spec.key, total);
  const inB = (key: string) => `${columnLetter(VALUE_COLUMN)}${sheet.rowOf(key)}`;
  sheet.timeRow(spec.key, {
    label: spec.label,
    unit: spec.unit,
    month: (c) => figureCell(spec.recipe(c.at), spec.month(months[c.index]), spec.format),
    horizon: () => figureCell(spec.recipe(inB), total, spec.format),
    name: spec.name,
  });
}

/** A share as the bill's model gives one: none where the whole is not positive or the part is outside it. */
export function shareOrWords(part: number, whole: number, words: string): Figure {
  return whole > 0 && part >= 0 && part <= whole ? part / whole : words;
}
