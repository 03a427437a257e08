/*
 * What every section of the annual sheet is built from. A section (the answer, the inputs, the bill,
 * the levers, what moves the ceiling, the workings) is written from the sheet row it starts on and
 * returns its rows, its defined names and its validations; the layout stacks the sections one under
 * another (SectionRows.add), each starting on the row after the last one's, so no section counts
 * another's rows and none needs a first pass to find where it starts.
 */
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import type { AnnualHours } from "../model/annual";
import { annualField, AnnualPlan } from "../model/annualFields";
import { Problem } from "../../core/model/problems";
import { cellAddress, columnLetter, rangeAddress } from "../../core/excel/a1";
import { cachedOf } from "../../core/sheet/cachedValues";
import { CellRole, LayoutCell } from "../../core/sheet/cell";
import { LayoutName, safeText } from "../../core/sheet/sheetBasics";
import { wrapText } from "../../core/sheet/widths";
import type { AnnualInputValidation } from "./annualValidation";

/** One row of the sheet: a cell, or null for an empty one between cells. */
export type Row = (LayoutCell | null)[];

/**
 * The named cell of each figure the sheet derives, by the model's name for it (the year's hours and
 * training's two shares), in the order the names are listed. None is a stage sheet name or a function's.
 */
export const YEAR_FIGURE_NAMES = {
  trainingShareConsumed: "YearTrainingShareConsumed",
  trainingSharePaid: "YearTrainingSharePaid",
  training: "YearTrainingHours",
  servingConsumed: "YearServingConsumed",
  servingPaid: "YearServingPaid",
  rescans: "YearRescanHours",
  totalConsumed: "YearTotalConsumed",
  totalPaid: "YearTotalPaid",
  idleCapacity: "YearIdleCapacity",
  clips: "YearClips",
  winningRunHours: "YearWinningRunHours",
  trainingOverhead: "YearFailedRunHours",
} as const satisfies Record<keyof AnnualHours | "trainingShareConsumed" | "trainingSharePaid", string>;

/** A derived figure's defined name, unsuffixed. */
export type DerivedName = (typeof YEAR_FIGURE_NAMES)[keyof typeof YEAR_FIGURE_NAMES];

/** The derived figures' names, in the order the sheet lists its names. */
export const DERIVED_NAMES: readonly DerivedName[] = Object.values(YEAR_FIGURE_NAMES);

/** The names a section's formulas read, with the copy's suffix ("" or "_2", ...). */
export interface SheetNames {
  /** an input's defined name */
  field: (key: keyof AnnualPlan) => string;
  /** any of the sheet's own names (a derived figure, a move, a table) */
  named: (base: string) => string;
}

/** The sheet's names with `suffix`, which keeps them unique when the workbook holds an earlier copy. */
export function sheetNames(suffix: string): SheetNames {
  const named = (base: string) => base + suffix;
  return { named, field: (key) => named(annualField(key).definedName) };
}

/** A labelled row's columns: its label (running over the empty B), its value (an input or a figure), its unit. */
const LABELLED_COLUMNS = tableColumns(["label", "gap", "value", "unit"] as const);

/** The column of the inputs' and labelled figures' values (C). */
export const ANNUAL_VALUE_COLUMN = LABELLED_COLUMNS.index("value");

/** A multiple of the training half: 36.0, 9.0, 0.75, 0.0 (the multiple kind of NUMBER_KINDS). */
export const MULTIPLE_FORMAT = NUMBER_FORMAT.multiple;

/** A formula cell carrying the model's value as its cached value. */
export function figureCell(
  formula: string,
  cached: number | string | Problem,
  numberFormat: string,
  role: CellRole,
): LayoutCell {
  return { formula, cached: cachedOf(cached), numberFormat, role };
}

/** A money column's heading, with the currency when there is one. */
export function costHeading(text: string, plan: AnnualPlan): string {
  return plan.currency ? `${text} (${safeText(plan.currency)})` : text;
}

/** One table of the sheet, as the Excel writer makes a ListObject of it: header row included. */
export interface AnnualTableRange {
  name: string;
  /** "A12:E16", header row first */
  range: string;
  /** the header's row, 1-based */
  firstRow: number;
  /** data rows below the header */
  rows: number;
  columns: number;
}

/** A table's range from its header row to its last data row. */
export function tableRange(name: string, header: number, last: number, columns: number): AnnualTableRange {
  return {
    name,
    range: rangeAddress(header - 1, 0, last - header + 1, columns),
    firstRow: header,
    rows: last - header,
    columns,
  };
}

/**
 * A table's columns, declared once as an ordered list of keys: each cell of a row is placed, and each
 * reference to a cell made, by its column's key, so a column added or moved moves every reference with it.
 */
export interface TableColumns<K extends string> {
  /** the columns' keys, in order from A */
  keys: readonly K[];
  /** the column's index from A (0) */
  index: (key: K) => number;
  /** the column's letter: "D" */
  letter: (key: K) => string;
  /** the cell of column `key` on sheet row `row` (1-based): "D14" */
  cell: (key: K, row: number) => string;
  /** column `key` from sheet row `first` to `last`: "D14:D17" */
  range: (key: K, first: number, last: number) => string;
  /** a row's cells in column order from cells by key: a column without one is empty, up to the last one given */
  row: (cells: Partial<Record<K, LayoutCell>>) => Row;
}

/** The columns `keys`, in order from A. */
export function tableColumns<K extends string>(keys: readonly K[]): TableColumns<K> {
  const index = (key: K) => {
    const i = keys.indexOf(key);
    if (i < 0) throw new Error(`No column ${key} in ${keys.join(", ")}.`);
    return i;
  };
  const cell = (key: K, row: number) => cellAddress(row - 1, index(key));
  return {
    keys,
    index,
    letter: (key) => columnLetter(index(key)),
    cell,
    range: (key, first, last) => `${cell(key, first)}:${cell(key, last)}`,
    row: (cells) => {
      const row: Row = keys.map((key) => cells[key] ?? null);
      while (row.length > 0 && row[row.length - 1] === null) row.pop();
      return row;
    },
  };
}

/** What a section gives the sheet. */
export interface AnnualSection {
  rows: Row[];
  names: LayoutName[];
  validations: AnnualInputValidation[];
}

/** A section's rows as it writes them, from the sheet row it starts on. */
export class SectionRows implements AnnualSection {
  readonly rows: Row[] = [];
  readonly names: LayoutName[] = [];
  readonly validations: AnnualInputValidation[] = [];

  constructor(
    private readonly top: number,
    private readonly sheet: SheetNames,
  ) {}

  /** The sheet row the next row pushed lands on. */
  get nextRow(): number {
    return this.top + this.rows.length;
  }

  /** The sheet row of the last row pushed (the row above the section's own top while it has none). */
  get lastRow(): number {
    return this.nextRow - 1;
  }

  /** Adds `row` below the others; its sheet row. */
  push(row: Row): number {
    this.rows.push(row);
    return this.lastRow;
  }

  /** Names the cell in `column` (0 = A) of the last row pushed; its address. */
  name(base: string, column: number): string {
    const address = `${columnLetter(column)}${this.lastRow}`;
    this.names.push({ name: this.sheet.named(base), address });
    return address;
  }

  /** Adds a row of one note. */
  note(text: string): void {
    this.push([{ value: text, role: "note" }]);
  }

  /** Adds a note wrapped in rows: one that spilled would widen the last column it crosses (one page wide). */
  wrappedNote(text: string): void {
    for (const line of wrapText(text)) this.note(line);
  }

  /** Adds a labelled row (the label runs over the empty B) whose value, in C, may carry a name; C's address. */
  labelled(label: string, cell: LayoutCell, unit: string, base?: string, role: CellRole = "label"): string {
    const row = this.push(
      LABELLED_COLUMNS.row({
        label: { value: label, role },
        // A crossover's row is marked across the gap too.
        ...(role === "crossover" && { gap: { role } }),
        value: cell,
        unit: { value: unit, role: "unit" },
      }),
    );
    return base ? this.name(base, ANNUAL_VALUE_COLUMN) : LABELLED_COLUMNS.cell("value", row);
  }

  /** Adds `count` empty rows; the sheet row of the first. */
  blank(count: number): number {
    const first = this.nextRow;
    for (let i = 0; i < count; i++) this.push([]);
    return first;
  }

  /** Adds `section`, written from this one's next row, below the others; gives it back (its own figures too). */
  add<S extends AnnualSection>(section: S): S {
    this.rows.push(...section.rows);
    this.names.push(...section.names);
    this.validations.push(...section.validations);
    return section;
  }

  /** The section as the sheet takes it. */
  section(): AnnualSection {
    return { rows: this.rows, names: this.names, validations: this.validations };
  }
}
