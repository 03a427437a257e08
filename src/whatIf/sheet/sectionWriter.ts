/*
 * One section of the what-if sheet, written from its top row. A section knows where it starts, so
 * every reference it writes to its own rows, or to a section whose rows are known before it is built,
 * is right the first time: the sheet needs no first pass to learn where rows land. The writer also
 * gathers the section's defined names and validations, which the layout joins in the sheet's order.
 */
import { LayoutCell } from "../../core/sheet/cell";
import { Problem } from "../../core/model/problems";
import { LayoutName } from "../../core/sheet/sheetBasics";
import { cachedOf } from "../../core/sheet/cachedValues";
import { cellAddress } from "../../core/excel/a1";
import { WhatIfValidation } from "./whatIfValidation";

/** A row of cells from column A; null is an empty cell before a filled one. */
export type Row = (LayoutCell | null)[];

/** The columns a labelled row starts with, in order, left of its cells: its label (A) and its unit (B). */
const LABEL_COLUMNS = ["label", "unit"] as const;

/**
 * The column (0 = A) of a labelled row's first cell, right of its unit: a control's value, the first
 * scenario's inputs, the workings' base scenario.
 */
export const VALUE_COLUMN = LABEL_COLUMNS.length;

/** The cell of a labelled row's first cell on sheet row `row` (1-based): C12. */
export const valueCell = (row: number): string => cellAddress(row - 1, VALUE_COLUMN);

/** First and last row (1-based) of a section. */
export interface RowSpan {
  first: number;
  last: number;
}

/** The sheet's defined name of a control: its base name with the sheet's suffix ("_2" beside a first copy). */
export type NameOf = (baseName: string) => string;

/** What a section adds to the sheet: its rows from sheet row `top`, its defined names and its validations. */
export interface SheetSection {
  top: number;
  rows: Row[];
  names: LayoutName[];
  validations: WhatIfValidation[];
}

/** Writes a section's rows in order, each call returning the sheet row (or cell) it wrote. */
export interface SectionWriter {
  /** the rows, names and validations written so far */
  section: SheetSection;
  nameOf: NameOf;
  /** Appends `row`; returns its sheet row. */
  push(row: Row): number;
  /** The sheet row the next push writes. */
  nextRow(): number;
  /** A labelled row: the label in A, the unit in B, then `cells`; returns its sheet row. */
  labelled(label: string, unit: string, cells: Row, role?: LayoutCell["role"]): number;
  /** A labelled control in the value column (C) under the defined name `baseName` (suffixed); returns its address. */
  control(baseName: string, label: string, unit: string, cell: LayoutCell): string;
  /** Adds a validation, or nothing where the cell has none (a text field). */
  validate(validation: WhatIfValidation | undefined): void;
}

/** A writer of the section whose first row is sheet row `top`. */
export function sectionWriter(top: number, nameOf: NameOf): SectionWriter {
  const section: SheetSection = { top, rows: [], names: [], validations: [] };
  const push = (row: Row) => section.rows.push(row) + top - 1;
  // A crossover's row is marked in its unit too; every other row's unit is a unit.
  const labelled = (label: string, unit: string, cells: Row, role: LayoutCell["role"] = "label") => {
    const lead: Record<(typeof LABEL_COLUMNS)[number], LayoutCell> = {
      label: { value: label, role },
      unit: { value: unit, role: role === "crossover" ? role : "unit" },
    };
    return push([...LABEL_COLUMNS.map((key) => lead[key]), ...cells]);
  };
  return {
    section,
    nameOf,
    push,
    nextRow: () => top + section.rows.length,
    labelled,
    control(baseName, label, unit, cell) {
      const address = valueCell(labelled(label, unit, [cell]));
      section.names.push({ name: nameOf(baseName), address });
      return address;
    },
    validate(validation) {
      if (validation) section.validations.push(validation);
    },
  };
}

/** A formula cell with the model's value cached. */
export const formulaCell = (
  formula: string,
  value: number | string | Problem,
  numberFormat: string | undefined,
  role: LayoutCell["role"],
): LayoutCell => ({ formula, cached: cachedOf(value), numberFormat, role });

/** A column heading over figures: right-aligned, as they are. */
export const rightHeader = (value: string): LayoutCell => ({ value, role: "header", align: "right" });

/** A heading over a group of `width` columns: the label in the first, the others header-filled. */
export const groupHeader = (label: string, width: number): LayoutCell[] => [
  { value: label, role: "header" },
  ...Array.from({ length: width - 1 }, (): LayoutCell => ({ role: "header" })),
];
