/*
 * What every section of the what-if sheet is built from: every sheet's rows (core/sheet/rows.ts), each
 * section written from its top row. A section knows where it starts, so every reference it writes to its
 * own rows, or to a section whose rows are known before it is built, is right the first time: the sheet
 * needs no first pass to learn where rows land. The rows also gather the section's defined names and
 * validations, which the layout joins in the sheet's order.
 */
import { LayoutCell } from "../../core/sheet/cell";
import { LabelledColumns, RowsBuilder, RowsSection, valueColumnOf } from "../../core/sheet/rows";
import { Names } from "../../core/sheet/sheetBasics";
import { cellAddress } from "../../core/excel/a1";
import { WhatIfValidation } from "./whatIfValidation";

/**
 * A labelled row's columns: its label (A) and its unit (B), which a crossover's row marks too, then its cells
 * (a control's value, the first scenario's inputs, the workings' base scenario) from C on.
 */
const WHAT_IF_LABELLED: LabelledColumns = { order: ["label", "unit", "value"], crossoverFills: ["unit"] };

/** The column (0 = A) of a labelled row's first cell, right of its unit. */
export const VALUE_COLUMN = valueColumnOf(WHAT_IF_LABELLED);

/** The cell of a labelled row's first cell on sheet row `row` (1-based): C12. */
export const valueCell = (row: number): string => cellAddress(row - 1, VALUE_COLUMN);

/** What a section adds to the sheet: its rows from sheet row `top`, its defined names and its validations. */
export type SheetSection = RowsSection<WhatIfValidation>;

/** A what-if section's rows as it writes them, from sheet row `top`, with the sheet's names. */
export class WhatIfRows extends RowsBuilder<WhatIfValidation> {
  constructor(top: number, named: Names) {
    super(top, named, WHAT_IF_LABELLED);
  }
}

/** A column heading over figures: right-aligned, as they are. */
export const rightHeader = (value: string): LayoutCell => ({ value, role: "header", align: "right" });

/** A heading over a group of `width` columns: the label in the first, the others header-filled. */
export const groupHeader = (label: string, width: number): LayoutCell[] => [
  { value: label, role: "header" },
  ...Array.from({ length: width - 1 }, (): LayoutCell => ({ role: "header" })),
];
