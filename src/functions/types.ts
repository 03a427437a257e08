/* The shapes shared by the custom functions' modules: what goes into a cell and what a formula is. */
import type { Problem } from "../core/model/problems";

/** A value Excel can show in one cell of a result. */
export type CellResult = number | string | CustomFunctions.Error;

/**
 * A model function of up to six plain numbers (unused trailing arguments are ignored), so a
 * model function such as crossoverClips can be passed as it is.
 */
export type ScalarFormula = (
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  f: number,
) => number | string | Problem;

/** One argument as Excel shows it; `defaultValue` makes it optional. */
export interface ArgumentSpec {
  readonly name: string;
  /** the value an omitted optional argument stands for */
  readonly defaultValue?: number;
  /** the numbers it accepts: 0 or more (the default), a fraction from 0 to 1, or a factor of 1 or more */
  readonly domain?: "quantity" | "fraction" | "factor";
}

/**
 * Names a value once in an Excel expression and uses it in `body`: LET where the formula
 * language has it (the LAMBDA twins), the value written out at each use where it does not.
 */
export type Bind = (value: string, body: (ref: string) => string) => string;

/**
 * A function's formula in Excel's own language, over its checked arguments' expressions, built
 * from core/excel/formulas.ts (each builder held to the model there); test/portable checks each
 * twin against the custom function in real engines.
 */
export type ExcelFormula = (args: readonly string[], bind: Bind) => string;

/** Handles a cell whose inputs are not all numbers; `present` says which arguments have a cell there. */
export type SlowCell = (cells: unknown[], present: boolean[]) => CellResult;

/** Everything one call of the cell loop needs; the loop imports nothing, so it can be copied. */
export interface LoopJob {
  ranges: unknown[][][];
  widths: number[];
  formula: ScalarFormula;
  /** results are text (DOMINANTHALF): rows are allocated at a site of their own */
  textResults: boolean;
  toExcelError: (cause: Problem) => CellResult;
  slowCell: SlowCell;
}

/** The cell loop's signature: one copy per custom function (cellLoop.ts). */
export type CellLoop = (job: LoopJob) => CellResult[][];
