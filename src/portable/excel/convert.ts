/*
 * The conversion, sheet by sheet, batch by batch. For each batch: one sync re-reads its cells,
 * and only a cell whose formula is still the one scanned is written (anything else was changed
 * by someone since the scan: a co-author, or the user; it is left and reported); a second sync
 * writes the originals' records and then the portable formulas, in that order, so that no cell is
 * converted without its record. Office.js has no compare-and-write: an edit landing between those
 * two syncs cannot be seen, only the window is kept to one round trip.
 * Cancel is checked between batches: the sheet being written is rolled back to its originals
 * (where a cell still holds what this run wrote) and its records cleared, so every sheet ends
 * converted or untouched. A batch Excel fails is rolled back the same way, and the run goes on
 * to the next sheet.
 */
import type { PortableMode } from "../formula/rewrite";
import { parseCell } from "../../core/excel/a1";
import { attempt, failureTextWithCode, Session } from "../../core/writers/officeSync";
import { batchesOf, Block } from "./blocks";
import { callsOf, rewriteCell } from "./cells";
import {
  blockGrid,
  OriginalRecord,
  ORIGINALS_SHEET,
  queueAppendRecords,
  queueClearRecordRows,
  queueCreateOriginals,
  recordBytes,
} from "./originals";
import { textBytes } from "./payload";
import { withMissing } from "./scan";
import { isCancelled } from "./session";
import { addPlannedTwins, planExcelTwins, twinsPresent } from "./twinsInExcel";
import type { CallLeftInCell, ConvertReport, RunOptions, SheetConversion, SheetScan, WorkbookScan } from "./types";
import { readWorkbook, SheetSeen } from "./workbookRead";

/** A cell to convert: where, what it held when scanned, what it becomes. */
interface Work {
  row: number;
  column: number;
  address: string;
  original: string;
  portable: string;
  calls: number;
}

/** A sheet's cells to write and the calls left, from its scan, for `mode` with `plainIds` as plain arithmetic. */
function workOf(scan: SheetScan, mode: PortableMode, plainIds: ReadonlySet<string>) {
  const cells: Work[] = [];
  const unconverted: CallLeftInCell[] = [];
  for (const { address, formula } of scan.formulas) {
    const rewrite = rewriteCell(formula, mode, plainIds);
    rewrite.unconverted.forEach((u) => unconverted.push({ address, ...u }));
    const at = parseCell(address);
    if (at && rewrite.formula !== formula)
      cells.push({
        ...at,
        address,
        original: formula,
        portable: rewrite.formula,
        calls: callsOf(rewrite) - rewrite.unconverted.length,
      });
  }
  return { cells, unconverted };
}

/** The record of a converted cell. */
const recordFor = (sheet: SheetSeen, w: Work): OriginalRecord => ({
  sheet: sheet.name,
  address: w.address,
  original: w.original,
  portable: w.portable,
  sheetId: sheet.id,
});

/** The scanned sheet as it is now: by its id, which survives a rename, else by name. */
const currentSheet = (sheets: readonly SheetSeen[], scan: SheetScan): SheetSeen | undefined =>
  sheets.find((s) => s.id === scan.id) || sheets.find((s) => s.name === scan.name);

/** Everything one run shares across sheets. */
interface Run {
  context: Excel.RequestContext;
  session: Session;
  options: RunOptions;
  /** the first free row of the originals sheet */
  nextRow: number;
  done: number;
  total: number;
}

/** Converts the scanned workbook (inside Excel.run). */
export async function convertIn(
  context: Excel.RequestContext,
  session: Session,
  scan: WorkbookScan,
  options: RunOptions,
): Promise<ConvertReport> {
  const { mode } = scan;
  const report: ConvertReport = {
    mode,
    sheets: [],
    totals: { cells: 0, calls: 0, changedSinceScan: 0, unconverted: 0, sheetsSkipped: 0 },
    cancelled: false,
    syncs: 0,
  };
  const finish = () => ({ ...report, totals: totalsOf(report.sheets), syncs: session.syncs });
  const seen = await readWorkbook(context, session, { sheetNames: mode === "lambda" });
  if (seen.originals.exists && !seen.originals.ours) {
    report.error =
      `A sheet named "${ORIGINALS_SHEET}" is not MLCost's, and this conversion keeps the original formulas ` +
      "in a sheet of that name: rename yours, then convert again. Nothing was converted.";
    return finish();
  }
  let plainIds = (_index: number): ReadonlySet<string> => new Set<string>();
  if (mode === "lambda" && scan.totals.convertible > 0) {
    const plan = planExcelTwins(seen.names, seen.sheetNames, "convert");
    const outcome = await addPlannedTwins(context, session, plan);
    report.functions = outcome;
    const present = twinsPresent(seen.names, outcome);
    plainIds = (index) => withMissing(plan.plainOn(index), present);
  }
  const run: Run = {
    context,
    session,
    options,
    nextRow: seen.originals.exists ? seen.originals.nextRow : 1,
    done: 0,
    total: scan.sheets.reduce((sum, s) => {
      const sheet = currentSheet(seen.sheets, s);
      return sum + (sheet && !sheet.protected ? s.formulas.length : 0);
    }, 0),
  };
  let originalsReady = seen.originals.exists;
  let records = 0;
  let stopped = false;
  // Progress counts the scanned formulas: a sheet that ends, however it ends, counts in full.
  let doneBefore = 0;
  const sheetEnded = (count: number) => {
    run.done = doneBefore += count;
    if (options.onProgress) options.onProgress({ done: run.done, total: run.total, phase: "writing" });
  };
  for (const sheetScan of scan.sheets) {
    const base: SheetConversion = {
      name: sheetScan.name,
      status: "not started",
      cells: 0,
      calls: 0,
      changedSinceScan: [],
      unconverted: sheetScan.unconverted,
    };
    const sheet = currentSheet(seen.sheets, sheetScan);
    if (stopped || sheetScan.formulas.length === 0) {
      report.sheets.push(stopped ? base : { ...base, status: "nothing to convert" });
      continue;
    }
    if (!sheet || sheet.protected) {
      report.sheets.push({ ...base, status: sheet ? "protected" : "missing" });
      continue;
    }
    const work = workOf(sheetScan, mode, plainIds(sheet.index));
    if (work.cells.length === 0) {
      report.sheets.push({ ...base, status: "nothing to convert", unconverted: work.unconverted });
      continue;
    }
    if (isCancelled(options.cancel)) {
      report.cancelled = stopped = true;
      report.sheets.push(base);
      continue;
    }
    if (!originalsReady) {
      queueCreateOriginals(context.workbook);
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- once: the first sheet to convert adds it
      const created = await attempt(() => session.counted(context.sync()), failureTextWithCode);
      if (!created.ok) {
        const why = created.reason;
        report.error = `The sheet that keeps the original formulas could not be added (${why}): nothing was converted.`;
        report.sheets.push(base);
        stopped = true;
        continue;
      }
      originalsReady = true;
    }
    const firstRow = run.nextRow;
    const outcome = await convertSheet(run, sheet, work.cells);
    records += run.nextRow - firstRow;
    report.sheets.push({ ...base, ...outcome, unconverted: work.unconverted });
    if (outcome.status === "rolled back" || outcome.status === "not started") report.cancelled = stopped = true;
    else sheetEnded(sheetScan.formulas.length);
  }
  if (originalsReady && records > 0) report.originals = { sheet: ORIGINALS_SHEET, records };
  return finish();
}

/** Bytes a cell adds to the write (its formula and its record) and to the re-read (its formula as scanned). */
const costOf = (sheet: SheetSeen) => (w: Work) => [
  textBytes(w.portable) + 1 + recordBytes(recordFor(sheet, w)),
  textBytes(w.original) + 1,
];

/** One sheet's batches; on cancel or failure, its roll-back. */
async function convertSheet(
  run: Run,
  sheet: SheetSeen,
  cells: Work[],
): Promise<Pick<SheetConversion, "status" | "cells" | "calls" | "changedSinceScan" | "reason">> {
  const { context, session, options } = run;
  const worksheet = context.workbook.worksheets.getItem(sheet.name);
  const firstRow = run.nextRow;
  const written: Work[] = [];
  const changed: string[] = [];
  const undo = async (why: string, status: "rolled back" | "failed") => {
    const back = await rollBack(run, sheet, written, firstRow);
    const reason = back.error
      ? `${why} Rolling back failed too (${back.error}): "Restore add-in formulas" puts back what is left.`
      : why + (back.left.length ? ` Left as others changed them since: ${back.left.join(", ")}.` : "");
    return { status, cells: 0, calls: 0, changedSinceScan: changed, reason };
  };
  for (const batch of batchesOf(cells, costOf(sheet))) {
    if (isCancelled(options.cancel)) {
      if (written.length === 0) return { status: "not started", cells: 0, calls: 0, changedSinceScan: [] };
      return undo(
        `Cancelled while this sheet was being converted: its ${written.length} converted cells were put back.`,
        "rolled back",
      );
    }
    const pending: Work[] = [];
    const converting = await attempt(async () => {
      const reads = batch.map((block) => ({ block, range: worksheet.getRange(block.address).load("formulas") }));
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a batch under the 5 MB limit
      await session.counted(context.sync());
      const grids = reads.map(({ block, range }) => gridToWrite(block, range.formulas, pending, changed));
      queueAppendRecords(
        context.workbook,
        run.nextRow,
        pending.map((w) => recordFor(sheet, w)),
      );
      reads.forEach(({ block }, i) => {
        if (grids[i]) worksheet.getRange(block.address).formulas = grids[i] as string[][];
      });
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a batch under the 5 MB limit
      await session.counted(context.sync());
    }, failureTextWithCode);
    if (!converting.ok) {
      // Excel applied the failed batch up to the failing operation: its cells may be written.
      written.push(...pending);
      run.nextRow += pending.length;
      return undo(`Excel failed a batch (${converting.reason}); the sheet was put back as it was.`, "failed");
    }
    written.push(...pending);
    run.nextRow += pending.length;
    run.done += batch.reduce((sum, block) => sum + block.rows * block.columns, 0);
    if (options.onProgress) options.onProgress({ done: run.done, total: run.total, phase: "writing" });
  }
  const calls = written.reduce((sum, w) => sum + w.calls, 0);
  return { status: "converted", cells: written.length, calls, changedSinceScan: changed };
}

/**
 * The grid that writes a block: a cell whose formula is still the scanned one gets its portable
 * formula (and joins `pending`); any other is left (null) and joins `changed`. Null when nothing
 * in the block is to be written.
 */
function gridToWrite(block: Block<Work>, current: unknown[][], pending: Work[], changed: string[]) {
  let any = false;
  const grid = blockGrid(block, (w) => {
    if (current[w.row - block.row][w.column - block.column] !== w.original) {
      changed.push(w.address);
      return null;
    }
    pending.push(w);
    any = true;
    return w.portable;
  });
  return any ? grid : null;
}

/**
 * Puts the originals back into the cells this run wrote on `sheet` (where a cell still holds the
 * portable formula) and clears their records, from zero-based row `firstRow` to the run's next
 * free row. Records stay when the roll-back fails, so that Restore can finish it.
 */
async function rollBack(run: Run, sheet: SheetSeen, written: Work[], firstRow: number) {
  const { context, session } = run;
  const left: string[] = [];
  const rolling = await attempt(async () => {
    const worksheet = context.workbook.worksheets.getItem(sheet.name);
    for (const batch of batchesOf(written, (w) => [textBytes(w.original) + 1, textBytes(w.portable) + 1])) {
      const reads = batch.map((block) => ({ block, range: worksheet.getRange(block.address).load("formulas") }));
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a batch under the 5 MB limit
      await session.counted(context.sync());
      reads.forEach(({ block, range }) => {
        let any = false;
        const grid = blockGrid(block, (w) => {
          const now = range.formulas[w.row - block.row][w.column - block.column];
          if (now === w.portable) {
            any = true;
            return w.original;
          }
          if (now !== w.original) left.push(w.address);
          return null;
        });
        if (any) worksheet.getRange(block.address).formulas = grid as string[][];
      });
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a batch under the 5 MB limit
      await session.counted(context.sync());
    }
    const rows: number[] = [];
    for (let row = firstRow; row < run.nextRow; row++) rows.push(row);
    if (rows.length) {
      queueClearRecordRows(context.workbook, rows);
      await session.counted(context.sync());
    }
    run.nextRow = firstRow;
  }, failureTextWithCode);
  return rolling.ok ? { left } : { left, error: rolling.reason };
}

/** The report's totals over its sheets. */
function totalsOf(sheets: readonly SheetConversion[]): ConvertReport["totals"] {
  const sum = (f: (s: SheetConversion) => number) => sheets.reduce((total, s) => total + f(s), 0);
  return {
    cells: sum((s) => s.cells),
    calls: sum((s) => s.calls),
    changedSinceScan: sum((s) => s.changedSinceScan.length),
    unconverted: sum((s) => s.unconverted.length),
    sheetsSkipped: sheets.filter((s) => s.status === "protected" || s.status === "missing").length,
  };
}
