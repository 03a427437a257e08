/*
 * Which rectangles to read and write for a set of cells, and how to pack them into batches under
 * the payload budget. A rectangle holds only the cells asked for, never a cell in between: so a
 * re-read brings back nothing of the user's that was not scanned (whose size we could not know),
 * and a write leaves every other cell alone without relying on nulls. A column of formulas is one
 * tall rectangle; a block of them is one wide one; scattered cells are one each. Pure.
 */
import { rangeAddress } from "../../core/excel/a1";
import { BATCH_BUDGET_BYTES, OPERATION_BYTES } from "./payload";

/** A cell by zero-based position, with whatever the caller attaches. */
export interface Positioned {
  row: number;
  column: number;
}

/** A rectangle of cells, every position of it one of the given cells, row by row. */
export interface Block<T extends Positioned> {
  row: number;
  column: number;
  rows: number;
  columns: number;
  /** cells[r][c] sits at (row + r, column + c) */
  cells: T[][];
  address: string;
}

/** Vertical runs: consecutive rows of one column. */
function columnRuns<T extends Positioned>(cells: readonly T[]): T[][] {
  const sorted = cells.slice().sort((a, b) => a.column - b.column || a.row - b.row);
  const runs: T[][] = [];
  for (const cell of sorted) {
    const run = runs.length ? runs[runs.length - 1] : undefined;
    const last = run ? run[run.length - 1] : undefined;
    if (run && last && last.column === cell.column && last.row + 1 === cell.row) run.push(cell);
    else if (!last || last.column !== cell.column || last.row !== cell.row) runs.push([cell]);
  }
  return runs;
}

/** Rectangles covering exactly `cells` (a cell listed twice counts once): runs of equal rows, side by side, merged. */
export function blocksOf<T extends Positioned>(cells: readonly T[]): Block<T>[] {
  const bySpan = new Map<string, T[][]>();
  for (const run of columnRuns(cells)) {
    const key = `${run[0].row}:${run.length}`;
    const list = bySpan.get(key);
    if (list) list.push(run);
    else bySpan.set(key, [run]);
  }
  const blocks: Block<T>[] = [];
  bySpan.forEach((runs) => {
    let group: T[][] = [];
    const flush = () => {
      if (!group.length) return;
      const row = group[0][0].row;
      const column = group[0][0].column;
      const rows = group[0].length;
      const cellsByRow = group[0].map((_, r) => group.map((run) => run[r]));
      blocks.push({ row, column, rows, columns: group.length, cells: cellsByRow, address: "" });
      group = [];
    };
    for (const run of runs) {
      const previous = group[group.length - 1];
      if (previous && previous[0].column + 1 !== run[0].column) flush();
      group.push(run);
    }
    flush();
  });
  blocks.sort((a, b) => a.row - b.row || a.column - b.column);
  for (const block of blocks) block.address = rangeAddress(block.row, block.column, block.rows, block.columns);
  return blocks;
}

/** A block's rows from `from` (inclusive) to `to` (exclusive), as a block of its own. */
function rowsOf<T extends Positioned>(block: Block<T>, from: number, to: number): Block<T> {
  const row = block.row + from;
  const rows = to - from;
  const address = rangeAddress(row, block.column, rows, block.columns);
  return { row, column: block.column, rows, columns: block.columns, cells: block.cells.slice(from, to), address };
}

/**
 * The blocks of `cells` in batches: in each, the sum of `costs` (bytes each cell adds to a request
 * or a response, one figure per direction) plus an allowance per block stays within `budget`. A
 * block too big for one batch is cut by rows; a single cell over the budget goes alone.
 */
export function batchesOf<T extends Positioned>(
  cells: readonly T[],
  costs: (cell: T) => readonly number[],
  budget = BATCH_BUDGET_BYTES,
): Block<T>[][] {
  const batches: Block<T>[][] = [];
  let batch: Block<T>[] = [];
  let used: number[] = [];
  const rowCost = (row: readonly T[]) => {
    const sums: number[] = [];
    for (const cell of row) costs(cell).forEach((bytes, i) => (sums[i] = (sums[i] || 0) + bytes));
    return sums;
  };
  // Each block cut by rows where its running cost would pass the budget.
  const pieces: { block: Block<T>; cost: number[] }[] = [];
  for (const block of blocksOf(cells)) {
    let from = 0;
    let cost: number[] = [];
    block.cells.forEach((row, r) => {
      const add = rowCost(row);
      const over = add.some((bytes, i) => OPERATION_BYTES + (cost[i] || 0) + bytes > budget);
      if (r > from && over) {
        pieces.push({ block: rowsOf(block, from, r), cost: cost.map((bytes) => bytes + OPERATION_BYTES) });
        from = r;
        cost = [];
      }
      add.forEach((bytes, i) => (cost[i] = (cost[i] || 0) + bytes));
    });
    pieces.push({ block: rowsOf(block, from, block.rows), cost: cost.map((bytes) => bytes + OPERATION_BYTES) });
  }
  for (const { block, cost } of pieces) {
    const fits = cost.every((bytes, i) => (used[i] || 0) + bytes <= budget);
    if (batch.length && !fits) {
      batches.push(batch);
      batch = [];
      used = [];
    }
    batch.push(block);
    cost.forEach((bytes, i) => (used[i] = (used[i] || 0) + bytes));
  }
  if (batch.length) batches.push(batch);
  return batches;
}
