import { Problem, problem } from "../model/problems";
import { CellProblem, cellNumber } from "./cells";

/*
 * The one runner every custom function goes through: it reads each argument as a single value
 * or a range, stretches them against each other as Excel's own array arithmetic does, calls a
 * model function once per output cell with plain numbers, and turns each Problem into an Excel
 * error value. The model never sees a cell; Excel never sees a Problem.
 */

/** A value Excel can show in one cell of the result. */
export type CellResult = number | string | CustomFunctions.Error;

/**
 * A model function of up to three plain numbers (unused trailing arguments are ignored), so a
 * model function such as crossoverClips can be passed as it is.
 */
export type ScalarFormula = (a: number, b: number, c: number) => number | string | Problem;

/** Excel error codes, spelled as CustomFunctions.ErrorCode spells them. */
const ERROR_CODES: Record<Problem["kind"], string> = {
  invalidValue: "#VALUE!",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  notAvailable: "#N/A",
};

/* Excel shows a custom message only with #VALUE! and #N/A (CustomFunctions.ErrorCode docs);
   the other codes are returned bare, and the README lists what each case means. */
const TAKES_MESSAGE = new Set(["#VALUE!", "#N/A"]);

/** Turns a Problem, or an error that arrived in a cell, into an Excel error value. */
export function toExcelError(cause: CellProblem): CustomFunctions.Error {
  const code = cause.kind === "passedError" ? cause.code : ERROR_CODES[cause.kind];
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

const noPartner = (argument: string): Problem =>
  problem("notAvailable", `${argument} has no cell here: its range is smaller than the others'.`);

/**
 * Calls `formula` for every cell of the result. Each argument (one to three) is a single value
 * or a range; the result is as tall as the tallest argument and as wide as the widest. A one-row
 * argument stretches down, a one-column argument across; any other cell with no partner is #N/A.
 * Never throws: an unexpected failure is #VALUE! rather than a crashed call.
 */
export function broadcast(
  argumentsIn: readonly unknown[],
  names: readonly string[],
  formula: ScalarFormula,
  resultKind: ResultKind = "number",
): CellResult[][] {
  try {
    return broadcastCells(argumentsIn, names, formula, resultKind === "text");
  } catch (failure) {
    return [[toExcelError(problem("invalidValue", `MLCOST could not compute this: ${String(failure)}`))]];
  }
}

/** What a function's cells hold when all goes well: numbers, or text (DOMINANTHALF). */
export type ResultKind = "number" | "text";

/* Rows of numbers and rows of text are allocated, and numbers stored, at sites of their own on
   purpose: V8 remembers per allocation site and per store site the widest kind of element ever
   seen, and once text has passed through, every later number is boxed as a heap object. On a
   million cells that made the numeric functions about 8x slower (npm run bench, "mixed").
   Numbers are stored in the loop, anything else after it, in a separate statement that the
   minifier cannot fold into the same store. */
const numberRow = (width: number): CellResult[] => new Array<CellResult>(width);
const textRow = (width: number): CellResult[] => new Array<CellResult>(width);

const ONE_CELL: unknown[][] = [[0]];

function broadcastCells(
  argumentsIn: readonly unknown[],
  names: readonly string[],
  formula: ScalarFormula,
  textResults: boolean,
): CellResult[][] {
  const count = argumentsIn.length;
  const ranges = argumentsIn.map(asRange);
  for (let a = 0; a < count; a++) {
    if (ranges[a].length === 0 || widthOf(ranges[a]) === 0) return [[toExcelError(problem("invalidValue", `${names[a]} is an empty range.`))]];
  }
  // Unrolled for up to three arguments: this loop runs once per cell of ranges of a million.
  const r0 = ranges[0];
  const r1 = count > 1 ? ranges[1] : ONE_CELL;
  const r2 = count > 2 ? ranges[2] : ONE_CELL;
  const h0 = r0.length, h1 = r1.length, h2 = r2.length;
  const w0 = widthOf(r0), w1 = widthOf(r1), w2 = widthOf(r2);
  const height = Math.max(h0, h1, h2);
  const width = Math.max(w0, w1, w2);
  const s0 = w0 === 1, s1 = w1 === 1, s2 = w2 === 1;
  const result = new Array<CellResult[]>(height);
  for (let i = 0; i < height; i++) {
    // A row past a range's end is undefined; every cell of it then has no partner (#N/A).
    const row0 = r0[h0 === 1 ? 0 : i] ?? NO_ROW;
    const row1 = r1[h1 === 1 ? 0 : i] ?? NO_ROW;
    const row2 = r2[h2 === 1 ? 0 : i] ?? NO_ROW;
    const k0 = row0[0], k1 = row1[0], k2 = row2[0];
    const out = textResults ? textRow(width) : numberRow(width);
    const others: (number | CellResult)[] = []; // column, value: text and errors, stored after the row
    for (let j = 0; j < width; j++) {
      const c0 = s0 ? k0 : row0[j];
      const c1 = s1 ? k1 : row1[j];
      const c2 = s2 ? k2 : row2[j];
      if (typeof c0 === "number" && typeof c1 === "number" && typeof c2 === "number") {
        const computed = formula(c0, c1, c2);
        if (typeof computed === "number") out[j] = computed;
        else others.push(j, typeof computed === "object" ? toExcelError(computed) : computed);
      } else {
        const present = [j < row0.length || (s0 && row0.length > 0), j < row1.length || (s1 && row1.length > 0), j < row2.length || (s2 && row2.length > 0)];
        others.push(j, slowCell([c0, c1, c2], present, count, names, formula));
      }
    }
    for (let k = 0; k < others.length; k += 2) out[others[k] as number] = others[k + 1];
    result[i] = out;
  }
  return result;
}

const NO_ROW: unknown[] = [];

/** A cell whose inputs are not all numbers: find the first that is not, or compute. */
function slowCell(cells: unknown[], present: boolean[], count: number, names: readonly string[], formula: ScalarFormula): CellResult {
  const values = [0, 0, 0];
  for (let a = 0; a < count; a++) {
    if (!present[a]) return toExcelError(noPartner(names[a]));
    const value = cellNumber(cells[a], names[a]);
    if (typeof value !== "number") return toExcelError(value);
    values[a] = value;
  }
  const computed = formula(values[0], values[1], values[2]);
  return typeof computed === "object" ? toExcelError(computed) : computed;
}

/**
 * Reads an argument that must be one value (STAGETABLE's inputs): a number, or the Problem
 * that says why not. A range of more than one cell is #VALUE!.
 */
export function singleNumber(argument: unknown, name: string): number | CellProblem {
  const range = asRange(argument);
  if (range.length !== 1 || widthOf(range) !== 1) {
    return problem("invalidValue", `${name} takes one value, not a range of ${range.length} x ${widthOf(range)} cells.`);
  }
  return cellNumber(range[0][0], name);
}
