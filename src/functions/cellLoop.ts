/*
 * The per-cell loop, apart from everything else so that it can be copied: each catalog row asks
 * webpack for a copy of its own ("./cellLoop?CROSSOVER" is a module of its own), and V8 then
 * optimises each copy for its one model function (inlined, numbers unboxed) instead of one loop
 * shared by six, where the formula call site goes megamorphic and every result is boxed.
 * npm run bench, "mixed" (a million cells after every function has run): 8-25x a bare loop
 * with one shared loop, about 2x with copies. It imports nothing at run time, so that each copy
 * stays small. test/functions/bundle.test.ts checks that the bundle holds one per function.
 * Inlined only while the formula and what it calls fit V8's inlining budget (about 920 bytes of bytecode; the
 * shared checks are a few bytes each, src/core/model/checks.ts); past it every result and every fractional
 * argument is boxed on the heap, cell by cell. npm run bench prints the bytes a cell allocates (B/cell): 8, the
 * result's own double, is a formula inlined; 16 more for each box (COSTPER1K was 56, 15x a bare loop).
 */
import type { CellResult, LoopJob } from "./types";

/* Rows of numbers and rows of text are allocated, and numbers stored, at sites of their own on
   purpose: V8 remembers per allocation site and per store site the widest kind of element ever
   seen, and once text has passed through, every later number would be boxed as a heap object
   (npm run bench, "mixed"). Numbers are stored in the loop, anything else after it. */
const numberRow = (width: number): CellResult[] => new Array<CellResult>(width);
const textRow = (width: number): CellResult[] => new Array<CellResult>(width);

const ONE_CELL: unknown[][] = [[0]];
const NO_ROW: unknown[] = [];

/**
 * Calls the job's formula for every cell of the result of one to four non-empty ranges: as
 * tall as the tallest, as wide as the widest; a one-row range stretches down, a one-column range
 * across. Cells whose inputs are not all numbers go to the job's slowCell.
 */
export function cellLoop(job: LoopJob): CellResult[][] {
  const { ranges, widths, formula, textResults, toExcelError, slowCell } = job;
  // Unrolled for up to four arguments: this loop runs once per cell of ranges of a million.
  const count = ranges.length;
  const r0 = ranges[0];
  const r1 = count > 1 ? ranges[1] : ONE_CELL;
  const r2 = count > 2 ? ranges[2] : ONE_CELL;
  const r3 = count > 3 ? ranges[3] : ONE_CELL;
  const h0 = r0.length,
    h1 = r1.length,
    h2 = r2.length,
    h3 = r3.length;
  const w0 = widths[0],
    w1 = count > 1 ? widths[1] : 1,
    w2 = count > 2 ? widths[2] : 1,
    w3 = count > 3 ? widths[3] : 1;
  const height = Math.max(h0, h1, h2, h3);
  const width = Math.max(w0, w1, w2, w3);
  const s0 = w0 === 1,
    s1 = w1 === 1,
    s2 = w2 === 1,
    s3 = w3 === 1;
  const result = new Array<CellResult[]>(height);
  for (let i = 0; i < height; i++) {
    // A row past a range's end is undefined; every cell of it then has no partner (#N/A).
    const row0 = r0[h0 === 1 ? 0 : i] ?? NO_ROW;
    const row1 = r1[h1 === 1 ? 0 : i] ?? NO_ROW;
    const row2 = r2[h2 === 1 ? 0 : i] ?? NO_ROW;
    const row3 = r3[h3 === 1 ? 0 : i] ?? NO_ROW;
    const k0 = row0[0],
      k1 = row1[0],
      k2 = row2[0],
      k3 = row3[0];
    const out = textResults ? textRow(width) : numberRow(width);
    const others: (number | CellResult)[] = []; // column, value: text and errors, stored after the row
    for (let j = 0; j < width; j++) {
      const c0 = s0 ? k0 : row0[j];
      const c1 = s1 ? k1 : row1[j];
      const c2 = s2 ? k2 : row2[j];
      const c3 = s3 ? k3 : row3[j];
      if (typeof c0 === "number" && typeof c1 === "number" && typeof c2 === "number" && typeof c3 === "number") {
        // A fifth and sixth argument are wideCellLoop.ts's: no function of this loop reads them.
        const computed = formula(c0, c1, c2, c3, 0, 0);
        if (typeof computed === "number") out[j] = computed;
        else others.push(j, typeof computed === "object" ? toExcelError(computed) : computed);
      } else {
        const present = [
          j < row0.length || (s0 && row0.length > 0),
          j < row1.length || (s1 && row1.length > 0),
          j < row2.length || (s2 && row2.length > 0),
          j < row3.length || (s3 && row3.length > 0),
        ];
        others.push(j, slowCell([c0, c1, c2, c3], present));
      }
    }
    for (let k = 0; k < others.length; k += 2) out[others[k] as number] = others[k + 1];
    result[i] = out;
  }
  return result;
}
