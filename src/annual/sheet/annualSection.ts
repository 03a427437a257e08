/*
 * What every section of the annual sheet is built from. A section (the answer, the inputs, the bill,
 * the levers, what moves the ceiling, the workings) is written from the sheet row it starts on and
 * returns its rows, its defined names and its validations; the layout stacks the sections one under
 * another (AnnualRows.add), each starting on the row after the last one's, so no section counts
 * another's rows and none needs a first pass to find where it starts.
 *
 * Here too what several sections share: the data validation of the blue cells (from ANNUAL_FIELDS' own checks, by
 * the stage sheet's rules and messages, core/sheet/validation.ts: a check that fits no rule gives no validation
 * rather than a wrong one; the tests require one on every numeric input), and the year's parts as sheet formulas,
 * written once for every place the sheet computes one: the bill and its workings (over the named inputs and
 * figures), each row of the sensitivity (with one input's low or high cell in that input's place) and the checks'
 * second route. Each part is the model's annualHours step (src/annual/model/annual.ts), built by
 * core/excel/formulas.ts and yearFormulas.ts: winning runs = hours per run x runs; training = winning runs x
 * overhead; clips = clips per second x days x 86,400; serving = clips x seconds per clip / 3,600, paid x
 * peak-to-mean; re-scans = events x hours each; the total, their sum.
 */
import type { RequestTokenKey } from "../../tokens/model";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import type { AnnualHours } from "../model/annual";
import { AnnualField, annualField, AnnualPlan } from "../model/annualFields";
import type { LedgerInputs } from "../../ledgers/model";
import { cellAddress, columnLetter, rangeAddress } from "../../core/excel/a1";
import { LayoutCell } from "../../core/sheet/cell";
import { safeText } from "../../core/sheet/sheetBasics";
import { LabelledColumns, Row, RowsBuilder, RowsSection, valueColumnOf } from "../../core/sheet/rows";
import { fieldValidation, matchingRule, ValidationRule } from "../../core/sheet/validation";
import * as inExcel from "../../core/excel/formulas";
import * as annualExcel from "../../core/excel/yearFormulas";

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

/**
 * A labelled row's columns: its label (running over the empty B, which a crossover's row fills), its value
 * (an input or a figure), its unit.
 */
const ANNUAL_LABELLED: LabelledColumns = { order: ["label", "gap", "value", "unit"], crossoverFills: ["gap"] };

/** The column of the inputs' and labelled figures' values (C). */
export const ANNUAL_VALUE_COLUMN = valueColumnOf(ANNUAL_LABELLED);

/** A multiple of the training half: 36.0, 9.0, 0.75, 0.0 (the multiple kind of NUMBER_KINDS). */
export const MULTIPLE_FORMAT = NUMBER_FORMAT.multiple;

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

/** What a section gives the sheet: its rows from the row it starts on, its names and validations. */
export type AnnualSection = RowsSection<AnnualInputValidation>;

/** A section's rows as it writes them, from the sheet row it starts on, with the sheet's names. */
export class AnnualRows extends RowsBuilder<AnnualInputValidation> {
  constructor(top: number, sheet: SheetNames) {
    super(top, sheet.named, ANNUAL_LABELLED);
  }
}

/** The rule on one input cell of the annual sheet, with the messages Excel shows. */
export interface AnnualInputValidation {
  address: string;
  /** the field the cell holds (an input, or its low or high in the sensitivity), or a move of every input */
  field: keyof AnnualPlan | keyof LedgerInputs | RequestTokenKey | "move";
  rule: ValidationRule;
  /** Excel caps a title at 32 characters and a message at 255 */
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/**
 * The validation of the cell at `address` that holds `field`: its rule and the messages, which
 * name the unit. `blankNote` says what the cell's formula stands for when the field was left blank.
 */
export function annualInputValidation(
  field: AnnualField,
  address: string,
  blankNote?: string,
): AnnualInputValidation | undefined {
  const rule = matchingRule(field);
  return rule ? fieldValidation(field, address, rule, blankNote) : undefined;
}

/** Each part as a formula; a part built on another takes that one's cell or formula. */
export interface YearPartFormulas {
  winningRuns: string;
  /** training from the winning runs' hours */
  training: (winningRuns: string) => string;
  clips: string;
  /** serving as used, from the clips of the year */
  servingConsumed: (clips: string) => string;
  /** serving as paid, from serving as used */
  servingPaid: (consumed: string) => string;
  rescans: string;
}

/** The year's total, used or paid: the three parts added (the serving part, used or paid, decides which). */
export const yearTotalFormula = (training: string, serving: string, rescans: string): string =>
  inExcel.totalHours(training, serving, rescans);

/**
 * The year's parts over the cells `at` names for each input (a defined name, or a cell such as D62).
 * Every formula is a product and a division left to right, so one can take another's place unbracketed.
 */
export function yearPartFormulas(at: (key: keyof AnnualPlan) => string): YearPartFormulas {
  return {
    winningRuns: annualExcel.winningRunHours(at("trainingHoursPerRun"), at("runsPerYear")),
    training: (winningRuns) => inExcel.effectiveTrainingHours(winningRuns, at("trainingOverhead")),
    clips: inExcel.clipsPerInterval(at("clipsPerSecond"), at("daysPerYear")),
    servingConsumed: (clips) => inExcel.servingHours(clips, at("secondsPerClip")),
    servingPaid: (consumed) => inExcel.paidServingHours(consumed, at("peakToMean")),
    rescans: annualExcel.rescanHours(at("rescanEvents"), at("rescanHoursEach")),
  };
}
