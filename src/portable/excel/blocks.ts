/*
 * Which rectangles to read and write for a set of cells, and how to pack them into batches under
 * the payload budget. A rectangle holds only the cells asked for, never a cell in between: so a
 * re-read brings back nothing of the user's that was not scanned (whose size we could not know),
 * and a write leaves every other cell alone without relying on nulls. A column of formulas is one
 * tall rectangle; a block of them is one wide one; scattered cells are one each. Pure, but for the
 * guarded write at the end, which queues a batch's reads and writes of blocks (it syncs nothing).
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

/** The grid a block writes: each cell's entry, or null (leave the cell as it is, Office.js's rule for 2-D arrays). */
export function blockGrid<T extends { row: number; column: number }>(
  block: Block<T>,
  entry: (cell: T) => string | null,
): (string | null)[][] {
  return block.cells.map((row) => row.map(entry));
}

/*
 * The guarded write: a write that says what it wrote over. Office.js has no write that applies
 * only if a cell still holds a given formula, so each block of a write is queued as a read of its
 * cells and then the write, in one batch. Excel runs a batch's commands in the order they were
 * queued (the failing batch of https://learn.microsoft.com/javascript/api/office/officeextension.error
 * runs the commands before the failing one and none after), so the read gives each cell as it was
 * just before the write, after every edit that reached this copy of the workbook before the batch
 * ran. The caller compares it with what the cell held when it decided to write (a re-read one
 * round trip earlier): a cell that differs was edited in between (a co-author, the user), the
 * write went over that edit, and the caller puts the edit back (`queuePutBack`) and forgets the
 * cell. What remains: an edit landing between the read and the write of one batch (Microsoft does
 * not say whether Excel lets anything in there; the fake lets nothing), and a co-author's edit made
 * on another computer that reaches this copy only after the batch ran, which Excel's co-authoring
 * merges by its own rules, out of the add-in's sight
 * (https://learn.microsoft.com/office/dev/add-ins/excel/co-authoring-in-excel-add-ins).
 */

/** A cell the write went over: what it held just before the write. */
export interface WroteOver<T> {
  cell: T;
  held: unknown;
}

/**
 * Queues, for each block with something to write, a read of its cells and then `entry`'s grid
 * (null leaves a cell). Returns what to call after the sync: the cells written whose read differs
 * from `expected`.
 */
export function queueGuardedWrite<T extends Positioned>(
  worksheet: Excel.Worksheet,
  blocks: readonly Block<T>[],
  entry: (cell: T) => string | null,
  expected: (cell: T) => unknown,
): () => WroteOver<T>[] {
  const queued: { block: Block<T>; grid: (string | null)[][]; before: Excel.Range }[] = [];
  for (const block of blocks) {
    const grid = blockGrid(block, entry);
    if (!grid.some((row) => row.some((cell) => cell !== null))) continue;
    const before = worksheet.getRange(block.address).load("formulas");
    worksheet.getRange(block.address).formulas = grid as string[][];
    queued.push({ block, grid, before });
  }
  return () => {
    const over: WroteOver<T>[] = [];
    for (const { block, grid, before } of queued)
      block.cells.forEach((row, r) =>
        row.forEach((cell, c) => {
          if (grid[r][c] === null) return;
          const held = before.formulas[r][c];
          if (held !== expected(cell)) over.push({ cell, held });
        }),
      );
    return over;
  };
}

/**
 * Queues the edits a write went over back into their cells (as Range.formulas read them: a
 * formula exactly; a constant as if typed again). Guarded as well: returns, after the sync, the
 * cells that no longer held what the write had put there (edited yet again), which are left.
 */
export function queuePutBack<T extends Positioned>(
  worksheet: Excel.Worksheet,
  over: readonly WroteOver<T>[],
  written: (cell: T) => string,
): () => T[] {
  const byCell = new Map<T, unknown>(over.map((o) => [o.cell, o.held] as [T, unknown]));
  const check = queueGuardedWrite(
    worksheet,
    blocksOf(over.map((o) => o.cell)),
    (cell) => {
      const held = byCell.get(cell);
      return held === null || held === undefined ? "" : String(held);
    },
    written,
  );
  return () => check().map((o) => o.cell);
}
