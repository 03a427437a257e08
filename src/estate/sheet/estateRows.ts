/*
 * The estate sheet's rows: the vocabulary every sheet is written in (core/sheet/rows.ts), with a column a model.
 * Column A holds a row's label, B the estate's figure (the sum over the models, or the plan's own input), C the
 * unit, and D on one column a model, in the plan's order: a model's row holds the same relative formula in every
 * model's column, as the budget sheet's month columns do.
 */
import { columnLetter } from "../../core/excel/a1";
import type { LayoutCell } from "../../core/sheet/cell";
import { LabelledColumns, Row, RowsBuilder, valueColumnOf } from "../../core/sheet/rows";
import type { Names } from "../../core/sheet/sheetBasics";
import type { CellValidation } from "../../core/writers/finish";

/** What a sheet's figure reads while some model has no price: the money is not counted, as in the pane. */
export const NO_PRICE = "no price";

/** A labelled row: its label, the estate's value, its unit; the models' columns follow. */
const ESTATE_LABELLED: LabelledColumns = { order: ["label", "value", "unit"], crossoverFills: ["unit"] };

/** The estate's column (B): a figure of the whole estate, or the plan's own input. */
export const ESTATE_COLUMN = valueColumnOf(ESTATE_LABELLED);
/** The first model's column (D). */
export const FIRST_MODEL_COLUMN = ESTATE_LABELLED.order.length;

/** The column letter of model `index` (0 = the first, in D). */
export const modelColumn = (index: number): string => columnLetter(FIRST_MODEL_COLUMN + index);

/** A model's cell of a row: given the model's place, its column's letter and the sheet row. */
export type ModelCell = (index: number, column: string, row: number) => LayoutCell | null;

/** The estate sheet's rows, `models` columns of models wide. */
export class EstateRows extends RowsBuilder<CellValidation> {
  constructor(
    top: number,
    readonly models: number,
    named: Names,
  ) {
    super(top, named, ESTATE_LABELLED);
  }

  /** Adds a row over the models: label, the estate's cell, unit, then each model's cell; its sheet row. */
  modelRow(key: string, label: string, estate: LayoutCell | null, unit: string, cell: ModelCell): number {
    const row = this.nextRow;
    const cells: Row = [{ value: label, role: "label" }, estate, unit === "" ? null : { value: unit, role: "unit" }];
    for (let i = 0; i < this.models; i++) cells.push(cell(i, modelColumn(i), row));
    return this.push(cells, key);
  }

  /** Model `index`'s cell of the row registered as `key`: "E31". */
  at(key: string, index: number): string {
    return `${modelColumn(index)}${this.rowOf(key)}`;
  }

  /** The estate's cell of the row registered as `key`: "B31". */
  estateAt(key: string): string {
    return `${columnLetter(ESTATE_COLUMN)}${this.rowOf(key)}`;
  }

  /** Every model's cell of the row registered as `key`: "D31:F31". */
  across(key: string): string {
    return this.acrossRow(this.rowOf(key));
  }

  /** Every model's cell of sheet row `row`: "D31:F31". */
  acrossRow(row: number): string {
    return `${modelColumn(0)}${row}:${modelColumn(this.models - 1)}${row}`;
  }
}
