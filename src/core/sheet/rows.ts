/*
 * The one vocabulary every generated sheet's rows are written in (the stage, annual, what-if, budget and
 * actuals sheets). A sheet, or a section of one, is written from the sheet row it starts on, top to bottom:
 * each call returns the sheet row or the cell it wrote, so a formula that reads a row names it by the
 * row that call returned (or by the key it was registered under), never by counting rows. The rows carry
 * the defined names (with the sheet's suffix) and the validations of their cells; a section written from
 * the next row joins the sheet with all three. What differs between sheets is declared as data (the
 * order of a labelled row's columns) or added in the sheet's own capability (the budget's months, the
 * annual's tables).
 */
import { columnLetter } from "../excel/a1";
import type { Problem } from "../model/problems";
import { cachedOf } from "./cachedValues";
import type { CellRole, LayoutCell } from "./cell";
import type { LayoutName, Names } from "./sheetBasics";
import { wrapText } from "./widths";

/** One row of a sheet from column A: a cell, or null for an empty one before a filled one. */
export type Row = (LayoutCell | null)[];

/**
 * A formula cell carrying the model's value as its cached value (which an .xlsx stores as the formula's
 * result), in `numberFormat` (the writers' General when undefined); a derived figure unless `role` says.
 */
export function figureCell(
  formula: string,
  cached: number | string | Problem,
  numberFormat: string | undefined,
  role: CellRole = "derived",
): LayoutCell {
  return { formula, cached: cachedOf(cached), numberFormat, role };
}

/** The parts of a labelled row: its label, an empty column the label runs over, its value (or values), its unit. */
export const LABELLED_PARTS = ["label", "gap", "value", "unit"] as const;

/** One part of a labelled row. */
export type LabelledPart = (typeof LABELLED_PARTS)[number];

/** How a sheet lays out its labelled rows, declared once per sheet. */
export interface LabelledColumns {
  /** the parts from column A, in order; "value" once, its cells from its column on */
  order: readonly LabelledPart[];
  /** the parts a crossover's row fills in its role too, so its band is unbroken (a gap, the unit) */
  crossoverFills: readonly LabelledPart[];
  /** whether a blank unit ("") leaves its cell out, the unit being the last part */
  blankUnitOmitted?: boolean;
}

/** The column (0 = A) of a labelled row's (first) value. */
export const valueColumnOf = (columns: LabelledColumns): number => columns.order.indexOf("value");

/** What a labelled row may carry besides its label, value and unit. */
export interface LabelledOptions {
  /** the base of the defined name of its (first) value's cell, suffixed as the sheet's names are */
  name?: string;
  /** the key it is registered under, for the formulas that read it */
  key?: string;
  /** the label's role: a label, or the crossover's highlighted row */
  role?: CellRole;
}

/** A section's part of its sheet: its rows from sheet row `top`, its defined names and its validations. */
export interface RowsSection<V> {
  top: number;
  rows: Row[];
  names: LayoutName[];
  validations: V[];
}

/** First and last sheet row (1-based) of a section. */
export interface RowSpan {
  first: number;
  last: number;
}

/**
 * A sheet's (or a section's) rows as they are written, from sheet row `top` down, with the defined names
 * (`named` adds the sheet's suffix) and validations (of type V, the sheet's own) they carry.
 */
export class RowsBuilder<V> implements RowsSection<V> {
  readonly rows: Row[] = [];
  readonly names: LayoutName[] = [];
  readonly validations: V[] = [];
  private readonly keyed = new Map<string, number>();

  constructor(
    /** the sheet row of the first row */
    readonly top: number,
    /** a defined name's base to the sheet's name for it (with the copy's suffix: "_2") */
    readonly named: Names,
    /** how this sheet lays out a labelled row */
    readonly labelledColumns: LabelledColumns,
  ) {}

  /** The sheet row the next row pushed lands on. */
  get nextRow(): number {
    return this.top + this.rows.length;
  }

  /** The sheet row of the last row pushed (the row above `top` while there is none). */
  get lastRow(): number {
    return this.nextRow - 1;
  }

  /** The rows written so far, first to last. */
  span(): RowSpan {
    return { first: this.top, last: this.lastRow };
  }

  /** Adds `row` below the others, registered as `key` when given; its sheet row. */
  push(row: Row, key?: string): number {
    this.rows.push(row);
    if (key !== undefined) this.keyed.set(key, this.lastRow);
    return this.lastRow;
  }

  /** Replaces the row at sheet row `sheetRow` (one reserved empty before the rows it reads were written). */
  setRow(sheetRow: number, row: Row): void {
    this.rows[sheetRow - this.top] = row;
  }

  /** The sheet row of the row registered as `key`. A key never registered is a fault of the sheet's code. */
  rowOf(key: string): number {
    const row = this.keyed.get(key);
    if (row === undefined) throw new Error(`No row ${key} on this sheet.`);
    return row;
  }

  /** Whether a row is registered as `key`. */
  has(key: string): boolean {
    return this.keyed.has(key);
  }

  /** Every registered row's sheet row, by key. */
  keys(): Record<string, number> {
    return Object.fromEntries(this.keyed);
  }

  /** Names the cell in `column` (0 = A) of the last row pushed `named(base)`; its address. */
  name(base: string, column: number): string {
    const address = `${columnLetter(column)}${this.lastRow}`;
    this.names.push({ name: this.named(base), address });
    return address;
  }

  /** Adds `count` empty rows; the sheet row of the first. */
  blank(count = 1): number {
    const first = this.nextRow;
    for (let i = 0; i < count; i++) this.push([]);
    return first;
  }

  /** Adds a row of one note; its sheet row. */
  note(text: string): number {
    return this.push([{ value: text, role: "note" }]);
  }

  /**
   * Adds a note wrapped in rows of at most `width` characters (wrapText's default): one that spilled
   * would widen the last column it crosses (one page wide).
   */
  wrappedNote(text: string, width?: number): void {
    for (const line of wrapText(text, width)) this.note(line);
  }

  /**
   * Adds a section's heading after an empty row, or without one (`spaced: false`) where the sheet puts that row
   * between its sections; the heading's sheet row.
   */
  heading(text: string, { spaced = true }: { spaced?: boolean } = {}): number {
    if (spaced) this.blank();
    return this.push([{ value: text, role: "section" }]);
  }

  /**
   * Adds a labelled row in the sheet's labelledColumns: the label, the value (one cell, or cells from the
   * value's column on), the unit. Its (first) value's address, named when `options.name` is given.
   */
  labelled(label: string, value: LayoutCell | Row, unit: string, options: LabelledOptions = {}): string {
    const { order, crossoverFills, blankUnitOmitted } = this.labelledColumns;
    const role = options.role ?? "label";
    const fills = (part: LabelledPart) => role === "crossover" && crossoverFills.includes(part);
    const row: Row = order.flatMap((part): Row => {
      if (part === "label") return [{ value: label, role }];
      if (part === "gap") return [fills(part) ? { role } : null];
      if (part === "value") return Array.isArray(value) ? value : [value];
      if (unit === "" && blankUnitOmitted) return [];
      return [{ value: unit, role: fills(part) ? role : "unit" }];
    });
    this.push(row, options.key);
    const column = valueColumnOf(this.labelledColumns);
    return options.name !== undefined ? this.name(options.name, column) : `${columnLetter(column)}${this.lastRow}`;
  }

  /** Adds a validation, or nothing where the cell has none (a text field). */
  validate(validation: V | undefined): void {
    if (validation !== undefined) this.validations.push(validation);
  }

  /**
   * Adds `section`, written from this one's next row, below the others, with its names and validations;
   * gives it back (its own figures too). A section written from another row would have every reference to
   * its own rows wrong: that is a fault of the sheet's code, never of a plan, so it throws.
   */
  add<S extends RowsSection<V>>(section: S): S {
    if (section.top !== this.nextRow) {
      throw new Error(`A section written from row ${section.top} added at row ${this.nextRow}.`);
    }
    this.rows.push(...section.rows);
    this.names.push(...section.names);
    this.validations.push(...section.validations);
    return section;
  }

  /** The rows, names and validations as the sheet takes them. */
  section(): RowsSection<V> {
    return { top: this.top, rows: this.rows, names: this.names, validations: this.validations };
  }
}
