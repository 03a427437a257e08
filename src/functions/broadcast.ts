import { Problem, problem } from "../core/model/problems";
import { EXCEL_ERROR_TEXT } from "../core/excel/errorCodes";
import { CellProblem, cellNumber } from "./cellValue";
import type { ArgumentSpec, CellLoop, CellResult, ScalarFormula, SlowCell } from "./types";

/*
 * The one runner every cell-by-cell custom function goes through: it reads each argument as a
 * single value or a range, stretches them against each other as Excel's own array arithmetic
 * does, calls the model's formula once per output cell with plain numbers, and turns each
 * Problem into an Excel error value. The model never sees a cell; Excel never sees a Problem.
 */

/* Excel shows a custom message only with #VALUE! and #N/A on CustomFunctionsRuntime 1.2; the
   other codes are returned bare there, and the README lists what each case means. */
const TAKES_MESSAGE = new Set(["#VALUE!", "#N/A"]);

/** Turns a Problem, or an error that arrived in a cell, into an Excel error value. */
export function toExcelError(cause: CellProblem): CustomFunctions.Error {
  const code = cause.kind === "passedError" ? cause.code : EXCEL_ERROR_TEXT[cause.kind];
  const message = TAKES_MESSAGE.has(code) && cause.message ? cause.message : undefined;
  return new CustomFunctions.Error(code as CustomFunctions.ErrorCode, message);
}

/** A range as rows of cells: a single value is a 1 x 1 range, a flat list one row. */
function asRange(argument: unknown): unknown[][] {
  if (!Array.isArray(argument)) return [[argument]];
  if (argument.length > 0 && !Array.isArray(argument[0])) return [argument];
  return argument as unknown[][];
}

function widthOf(range: unknown[][]): number {
  let width = 0;
  for (const row of range) width = Math.max(width, Array.isArray(row) ? row.length : 0);
  return width;
}

/**
 * The most cells one call returns: 2^20, one whole column of a sheet. Ranges stretch against
 * each other, so a row of a million against a column of a million asks for 10^12 cells, and
 * the runtime died of memory after a minute trying. Excel itself refuses a custom function's
 * result over 5 MB (office-js 4654; Excel on the web hangs at #BUSY! on big results, office-js
 * 2222 and 2786), which a result reaches at a few hundred thousand numbers, so a call past this
 * cap could never have shown anyway; below it Excel's own limit may still apply.
 */
export const MAX_RESULT_CELLS = 1_048_576;

/** 1048576 as "1,048,576", without Intl (the JavaScript-only runtime may lack it). */
const grouped = (count: number): string => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

const tooLarge = (height: number, width: number): Problem =>
  problem(
    "invalidValue",
    `The result would be ${grouped(height)} x ${grouped(width)} cells; ` +
      `MLCOST returns at most ${grouped(MAX_RESULT_CELLS)} (one full column). ` +
      "Use smaller ranges, or a row and a column of the same orientation.",
  );

const noPartner = (argument: string): Problem =>
  problem("notAvailable", `${argument} has no cell here: its range is smaller than the others'.`);

/**
 * Calls `formula` for every cell of the result. Each argument (one to six) is a single
 * value or a range; the result is as tall as the tallest argument and as wide as the widest. A
 * one-row argument stretches down, a one-column argument across; any other cell with no partner
 * is #N/A. `loop` is this function's own copy of the cell loop (cellLoop.ts). An omitted
 * optional argument (null or undefined) stands for its default. Never
 * throws: an unexpected failure is #VALUE! rather than a crashed call.
 */
export function broadcast(
  specs: readonly ArgumentSpec[],
  formula: ScalarFormula,
  textResults: boolean,
  loop: CellLoop,
  argumentsIn: readonly unknown[],
): CellResult[][] {
  try {
    const names = specs.map((a) => a.name);
    const ranges = specs.map((a, i) => {
      const given = argumentsIn[i];
      return asRange(a.defaultValue !== undefined && (given === null || given === undefined) ? a.defaultValue : given);
    });
    const widths = ranges.map(widthOf);
    for (let a = 0; a < ranges.length; a++) {
      if (ranges[a].length === 0 || widths[a] === 0)
        return [[toExcelError(problem("invalidValue", `${names[a]} is an empty range.`))]];
    }
    // Checked before anything is allocated: the result is as tall and as wide as the largest.
    const height = Math.max(...ranges.map((range) => range.length));
    const width = Math.max(...widths);
    if (height * width > MAX_RESULT_CELLS) return [[toExcelError(tooLarge(height, width))]];
    const slow: SlowCell = (cells, present) => slowCell(cells, present, ranges.length, names, formula);
    return loop({ ranges, widths, formula, textResults, toExcelError, slowCell: slow });
  } catch (failure) {
    return [[toExcelError(problem("invalidValue", `MLCOST could not compute this: ${String(failure)}`))]];
  }
}

/** A cell whose inputs are not all numbers: find the first that is not, or compute. */
function slowCell(
  cells: unknown[],
  present: boolean[],
  count: number,
  names: readonly string[],
  formula: ScalarFormula,
): CellResult {
  const values = [0, 0, 0, 0, 0, 0];
  for (let a = 0; a < count; a++) {
    if (!present[a]) return toExcelError(noPartner(names[a]));
    const value = cellNumber(cells[a], names[a]);
    if (typeof value !== "number") return toExcelError(value);
    values[a] = value;
  }
  const computed = formula(values[0], values[1], values[2], values[3], values[4], values[5]);
  return typeof computed === "object" ? toExcelError(computed) : computed;
}

/**
 * Reads an argument that must be one value (STAGETABLE's inputs): a number, or the Problem
 * that says why not. A range of more than one cell is #VALUE!.
 */
export function singleNumber(argument: unknown, name: string): number | CellProblem {
  const range = asRange(argument);
  if (range.length !== 1 || widthOf(range) !== 1) {
    return problem(
      "invalidValue",
      `${name} takes one value, not a range of ${range.length} x ${widthOf(range)} cells.`,
    );
  }
  return cellNumber(range[0][0], name);
}
