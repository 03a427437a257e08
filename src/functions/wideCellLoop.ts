/*
 * The per-cell loop of the functions of five or six arguments (APICOST, APICROSSOVER), copied per function as
 * cellLoop.ts is (its comment says why a copy each). Apart from cellLoop.ts because two more arguments make every
 * copy about 300 B larger, and sixteen of the eighteen functions take four or fewer: one loop of six for all made
 * dist/functions.js 44,160 B, 2,453 B a function, past its budget of 2,300 (test/functions/bundle.test.ts).
 * test/functions/catalog.test.ts holds each row of more than four arguments to this loop. Its export has
 * cellLoop.ts's name, so a catalog row takes either module's as its loop.
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
 * Calls the job's formula for every cell of the result of one to six non-empty ranges: as
 * tall as the tallest, as wide as the widest; a one-row range stretches down, a one-column range
 * across. Cells whose inputs are not all numbers go to the job's slowCell.
 */
export function cellLoop(job: LoopJob): CellResult[][] {
  const { ranges, widths, formula, textResults, toExcelError, slowCell } = job;
  // Unrolled for up to six arguments (APICROSSOVER's): this loop runs once per cell of ranges of a million.
  const count = ranges.length;
  const r0 = ranges[0];
  const r1 = count > 1 ? ranges[1] : ONE_CELL;
  const r2 = count > 2 ? ranges[2] : ONE_CELL;
  const r3 = count > 3 ? ranges[3] : ONE_CELL;
  const r4 = count > 4 ? ranges[4] : ONE_CELL;
  const r5 = count > 5 ? ranges[5] : ONE_CELL;
  const h0 = r0.length,
    h1 = r1.length,
    h2 = r2.length,
    h3 = r3.length,
    h4 = r4.length,
    h5 = r5.length;
  const w0 = widths[0],
    w1 = count > 1 ? widths[1] : 1,
    w2 = count > 2 ? widths[2] : 1,
    w3 = count > 3 ? widths[3] : 1,
    w4 = count > 4 ? widths[4] : 1,
    w5 = count > 5 ? widths[5] : 1;
  const height = Math.max(h0, h1, h2, h3, h4, h5);
  const width = Math.max(w0, w1, w2, w3, w4, w5);
  const s0 = w0 === 1,
    s1 = w1 === 1,
    s2 = w2 === 1,
    s3 = w3 === 1,
    s4 = w4 === 1,
    s5 = w5 === 1;
  const result = new Array<CellResult[]>(height);
  for (let i = 0; i < height; i++) {
    // A row past a range's end is undefined; every cell of it then has no partner (#N/A).
    const row0 = r0[h0 === 1 ? 0 : i] ?? NO_ROW;
    const row1 = r1[h1 === 1 ? 0 : i] ?? NO_ROW;
    const row2 = r2[h2 === 1 ? 0 : i] ?? NO_ROW;
    const row3 = r3[h3 === 1 ? 0 : i] ?? NO_ROW;
    const row4 = r4[h4 === 1 ? 0 : i] ?? NO_ROW;
    const row5 = r5[h5 === 1 ? 0 : i] ?? NO_ROW;
    const k0 = row0[0],
      k1 = row1[0],
      k2 = row2[0],
      k3 = row3[0],
      k4 = row4[0],
      k5 = row5[0];
    const out = textResults ? textRow(width) : numberRow(width);
    const others: (number | CellResult)[] = []; // column, value: text and errors, stored after the row
    for (let j = 0; j < width; j++) {
      const c0 = s0 ? k0 : row0[j];
      const c1 = s1 ? k1 : row1[j];
      const c2 = s2 ? k2 : row2[j];
      const c3 = s3 ? k3 : row3[j];
      const c4 = s4 ? k4 : row4[j];
      const c5 = s5 ? k5 : row5[j];
      if (
        typeof c0 === "number" &&
        typeof c1 === "number" &&
        typeof c2 === "number" &&
        typeof c3 === "number" &&
        typeof c4 === "number" &&
        typeof c5 === "number"
      ) {
        const computed = formula(c0, c1, c2, c3, c4, c5);
        if (typeof computed === "number") out[j] = computed;
        else others.push(j, typeof computed === "object" ? toExcelError(computed) : computed);
      } else {
        const present = [
          j < row0.length || (s0 && row0.length > 0),
          j < row1.length || (s1 && row1.length > 0),
          j < row2.length || (s2 && row2.length > 0),
          j < row3.length || (s3 && row3.length > 0),
          j < row4.length || (s4 && row4.length > 0),
          j < row5.length || (s5 && row5.length > 0),
        ];
        others.push(j, slowCell([c0, c1, c2, c3, c4, c5], present));
      }
    }
    for (let k = 0; k < others.length; k += 2) out[others[k] as number] = others[k + 1];
    result[i] = out;
  }
  return result;
}
