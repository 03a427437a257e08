/*
 * The conversion, sheet by sheet, batch by batch. For each batch: one sync re-reads its cells,
 * and only a cell whose formula is still the one scanned is written (anything else was changed
 * by someone since the scan: a co-author, or the user; it is left and reported); a second sync
 * appends the originals' records, updates the run's ledger, and then writes the portable
 * formulas, each block read just before its write (guarded.ts). A cell that read differently there
 * was edited between the two syncs: its editor's formula is put back in a third sync and its
 * record ends, so the edit stands and Restore will not bring back the pre-conversion formula.
 * Records go to rows Excel claims when it runs the batch (originals.ts), so two conversions at
 * once (two panes, two co-authors in one Excel session) never write over each other's records.
 * Cancel is checked between batches: the sheet being written is rolled back to its originals
 * (where a cell still holds what this run wrote) and its records ended, so every sheet ends
 * converted or untouched. A batch Excel fails is rolled back the same way (its records found by
 * their run and cell, since a failed sync says nothing of where they went), and the run goes on
 * to the next sheet; if the roll-back fails too, the records of cells that were never written are
 * ended anyway, so that a record stays only for a cell that holds its portable formula. The originals sheet
 * deleted while the run writes (found when a batch fails, and once after the last write) puts every cell the run
 * converted back, since none of them could be restored without its record, and the report says so.
 */
import type { PortableMode } from "../formula/rewrite";
import { parseCell, rangeAddress } from "../../core/excel/a1";
import { attempt, failureTextWithCode, Session } from "../../core/writers/officeSync";
import { batchesOf, blocksOf, queueGuardedWrite, queuePutBack } from "./blocks";
import { callsOf, rewriteCell } from "./cells";
import {
  newRunId,
  OriginalRecord,
  ORIGINALS_HEADER,
  ORIGINALS_SHEET,
  queueAppendLedger,
  queueAppendRecords,
  queueCreateOriginals,
  queueHeader,
  queueLedgerCount,
  queueTombstones,
  recordBytes,
} from "./originals";
import { batchBudgetOf, textBytes } from "./payload";
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

/** A cell written, with the zero-based row of its record. */
interface Written extends Work {
  recordRow: number;
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

/** The scanned sheet as it is now: by its id, which survives a rename, else by name. */
const currentSheet = (sheets: readonly SheetSeen[], scan: SheetScan): SheetSeen | undefined =>
  sheets.find((s) => s.id === scan.id) || sheets.find((s) => s.name === scan.name);

/** Everything one run shares across sheets. */
interface Run {
  context: Excel.RequestContext;
  session: Session;
  options: RunOptions;
  /** this run's name, in every record it writes and in its ledger */
  id: string;
  /** records this run has appended (ended ones included): what its ledger says */
  appended: number;
  /** records of this run still standing */
  kept: number;
  /** the ledger's zero-based row, once Excel has said where it went */
  ledgerRow?: number;
  /** whether the header has been written this run (it brings a first-version sheet up to date) */
  headerWritten: boolean;
  /** the first zero-based row past every row this run knows of: where a lost track of records starts */
  knownEnd: number;
  done: number;
  total: number;
  /** the sheets this run converted in full, with their cells: what goes back if the originals sheet goes */
  converted: { sheet: SheetSeen; written: Written[] }[];
  /** set once the originals sheet was found deleted while this run wrote */
  originalsGone?: boolean;
}

/** The record of a converted cell. */
const recordFor = (run: Run, sheet: SheetSeen, w: Work): OriginalRecord => ({
  sheet: sheet.name,
  address: w.address,
  original: w.original,
  portable: w.portable,
  sheetId: sheet.id,
  run: run.id,
});

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
  const seen = await readWorkbook(context, session, { sheetNames: mode === "lambda" });
  const run: Run = {
    context,
    session,
    options,
    id: newRunId(),
    appended: 0,
    kept: 0,
    headerWritten: false,
    knownEnd: seen.originals.exists ? seen.originals.nextRow : 1,
    done: 0,
    converted: [],
    total: scan.sheets.reduce((sum, s) => {
      const sheet = currentSheet(seen.sheets, s);
      return sum + (sheet && !sheet.protected ? s.formulas.length : 0);
    }, 0),
  };
  const finish = () => {
    if (run.kept > 0 || run.appended > 0) report.originals = { sheet: ORIGINALS_SHEET, records: run.kept };
    return { ...report, totals: totalsOf(report.sheets), syncs: session.syncs };
  };
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
  let originalsReady = seen.originals.exists;
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
      if (!created.ok && !/ItemAlreadyExists/.test(created.reason)) {
        const why = created.reason;
        await removeHalfMadeOriginals(context, session);
        report.error = `The sheet that keeps the original formulas could not be added (${why}): nothing was converted.`;
        report.sheets.push(base);
        stopped = true;
        continue;
      }
      // Another conversion may have added it meanwhile: its records and this run's share it.
      originalsReady = true;
      run.headerWritten = created.ok;
    }
    const outcome = await convertSheet(run, sheet, work.cells);
    report.sheets.push({ ...base, ...outcome, unconverted: work.unconverted });
    if (run.originalsGone) stopped = true;
    else if (outcome.status === "rolled back" || outcome.status === "not started") report.cancelled = stopped = true;
    else sheetEnded(sheetScan.formulas.length);
  }
  // Deleted after the last write, the sheet would leave every cell converted without its record: one last look.
  if (!run.originalsGone && run.converted.length > 0) run.originalsGone = await originalsGone(run);
  if (run.originalsGone) await undoWithoutRecords(run, report);
  return finish();
}

/** The words of a run whose originals sheet was deleted while it wrote. */
const GONE = `The sheet "${ORIGINALS_SHEET}", which keeps the original formulas, was deleted during the conversion`;

/**
 * Whether the originals sheet is gone: deleted (by the user, a co-author or code: Excel's Unhide does not list
 * it, but a macro or another add-in can reach it) while this run wrote. One sync; a failed look is no answer.
 */
async function originalsGone(run: Run): Promise<boolean> {
  const { context, session } = run;
  const found = context.workbook.worksheets.getItemOrNullObject(ORIGINALS_SHEET).load("name");
  const look = await attempt(() => session.counted(context.sync()));
  return look.ok && found.isNullObject;
}

/**
 * After the originals sheet went: each cell this run converted is put back to its MLCOST formula (where it still
 * holds the portable one), since a converted cell without its record could never be restored; every sheet says
 * so, and the report's error says what happened and what the cells hold now.
 */
async function undoWithoutRecords(run: Run, report: ConvertReport): Promise<void> {
  let left = 0;
  let failure: string | undefined;
  for (const { sheet, written } of run.converted) {
    const back = await rollBack(run, sheet, written, false);
    const entry = report.sheets.find((s) => s.name === sheet.name && s.status === "converted");
    if (back.error) [failure, left] = [back.error, left + back.kept];
    const kept = back.error ? `; putting them back failed (${back.error}): ${back.kept} keep the portable formula` : "";
    if (entry)
      Object.assign(entry, {
        status: "failed",
        cells: back.error ? back.kept : 0,
        calls: 0,
        reason: `${GONE}: its ${written.length} converted cells were put back${kept}.`,
      });
  }
  for (const entry of report.sheets)
    if (entry.status === "not started" || (entry.status === "failed" && !entry.reason?.startsWith(GONE)))
      Object.assign(entry, { status: "failed", cells: 0, calls: 0, reason: `${GONE}: not converted.` });
  run.kept = run.appended = 0;
  report.error =
    failure === undefined
      ? `${GONE}: the cells converted before were put back to their MLCOST formulas, and nothing more was ` +
        "converted, since a converted cell without its record could not be restored. Convert again."
      : `${GONE}, and putting the converted cells back failed (${failure}): ${left} cells keep their portable ` +
        "formulas with no record of their MLCOST ones (the sheets below name them).";
}

/**
 * After the batch that adds the originals sheet failed part way (Excel applies a batch up to the
 * failing operation): a sheet of that name without the header is the half-made one, and goes, so
 * that it neither shows (it may not be very hidden yet) nor stops the next conversion as a
 * stranger's. A sheet with the header is another conversion's, added meanwhile, and stays.
 */
async function removeHalfMadeOriginals(context: Excel.RequestContext, session: Session): Promise<void> {
  await attempt(async () => {
    const found = context.workbook.worksheets.getItemOrNullObject(ORIGINALS_SHEET);
    found.load("name");
    await session.counted(context.sync());
    if (found.isNullObject) return;
    const sheet = context.workbook.worksheets.getItem(ORIGINALS_SHEET);
    const first = sheet.getRange("A1").load("values");
    await session.counted(context.sync());
    if (first.values[0][0] === ORIGINALS_HEADER[0]) return;
    sheet.delete();
    await session.counted(context.sync());
  });
}

/** Bytes a cell adds to the write (its formula and its record) and to the reads (its formula as scanned). */
const costOf = (run: Run, sheet: SheetSeen) => (w: Work) => [
  textBytes(w.portable) + 1 + recordBytes(recordFor(run, sheet, w)),
  textBytes(w.original) + 1,
];

type SheetOutcome = Pick<SheetConversion, "status" | "cells" | "calls" | "changedSinceScan" | "putBack" | "reason">;

/** One sheet's batches; on cancel or failure, its roll-back. */
async function convertSheet(run: Run, sheet: SheetSeen, cells: Work[]): Promise<SheetOutcome> {
  const { context, session, options } = run;
  const worksheet = context.workbook.worksheets.getItem(sheet.name);
  const originals = context.workbook.worksheets.getItem(ORIGINALS_SHEET);
  const written: Written[] = [];
  const changed: string[] = [];
  const putBack: string[] = [];
  const withPutBack = () => (putBack.length ? { putBack } : {});
  const undo = async (why: string, status: "rolled back" | "failed"): Promise<SheetOutcome> => {
    // A failed batch may be the originals sheet gone: then no record can be ended, and every sheet goes back.
    if (status === "failed") run.originalsGone = await originalsGone(run);
    const back = await rollBack(run, sheet, written, !run.originalsGone);
    const reason = back.error
      ? `${why} Rolling back failed too (${back.error}): ${back.kept} converted cells keep their records, ` +
        '"Restore add-in formulas" puts them back.'
      : why + (back.left.length ? ` Left as others changed them since: ${back.left.join(", ")}.` : "");
    return { status, cells: 0, calls: 0, changedSinceScan: changed, ...withPutBack(), reason };
  };
  for (const batch of batchesOf(cells, costOf(run, sheet), batchBudgetOf(options))) {
    if (isCancelled(options.cancel)) {
      if (written.length === 0)
        return { status: "not started", cells: 0, calls: 0, changedSinceScan: [], ...withPutBack() };
      return undo(
        `Cancelled while this sheet was being converted: its ${written.length} converted cells were put back.`,
        "rolled back",
      );
    }
    const reads = batch.map((block) => ({ block, range: worksheet.getRange(block.address).load("formulas") }));
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a batch under the 5 MB limit
    const reread = await attempt(() => session.counted(context.sync()), failureTextWithCode);
    if (!reread.ok) return undo(`Excel failed a batch (${reread.reason}); the sheet was put back as it was.`, "failed");
    const pending: Work[] = [];
    for (const { block, range } of reads)
      block.cells.forEach((row) =>
        row.forEach((w) => {
          if (range.formulas[w.row - block.row][w.column - block.column] === w.original) pending.push(w);
          else changed.push(w.address);
        }),
      );
    if (pending.length) {
      const wrote = await writeBatch(run, sheet, worksheet, originals, pending);
      if (!wrote.ok) {
        // Excel applied the failed batch up to the failing operation: its records and cells may be written.
        written.push(...(await recordsOfFailedBatch(run, sheet, pending)));
        return undo(`Excel failed a batch (${wrote.reason}); the sheet was put back as it was.`, "failed");
      }
      written.push(...wrote.written);
      putBack.push(...wrote.putBack);
    }
    run.done += batch.reduce((sum, block) => sum + block.rows * block.columns, 0);
    if (options.onProgress) options.onProgress({ done: run.done, total: run.total, phase: "writing" });
  }
  const calls = written.reduce((sum, w) => sum + w.calls, 0);
  run.converted.push({ sheet, written });
  return { status: "converted", cells: written.length, calls, changedSinceScan: changed, ...withPutBack() };
}

/**
 * Writes one batch's records, ledger and portable formulas in one sync, then puts back any edit the
 * write went over. Fails (ok false) only when the write's sync fails.
 */
async function writeBatch(
  run: Run,
  sheet: SheetSeen,
  worksheet: Excel.Worksheet,
  originals: Excel.Worksheet,
  pending: Work[],
): Promise<{ ok: true; written: Written[]; putBack: string[] } | { ok: false; reason: string }> {
  const { context, session } = run;
  const firstWrite = !run.headerWritten;
  if (firstWrite) queueHeader(originals);
  // Records first, then the ledger, then the cells: a failure part way leaves no cell without its record.
  const region = queueAppendRecords(
    originals,
    pending.map((w) => recordFor(run, sheet, w)),
  );
  const appended = run.appended + pending.length;
  const ledger = run.ledgerRow === undefined ? queueAppendLedger(originals, run.id, appended) : undefined;
  if (run.ledgerRow !== undefined) queueLedgerCount(originals, run.ledgerRow, appended);
  const wroteOver = queueGuardedWrite(
    worksheet,
    blocksOf(pending),
    (w) => w.portable,
    (w) => w.original,
  );
  const writing = await attempt(() => session.counted(context.sync()), failureTextWithCode);
  if (!writing.ok) return { ok: false, reason: writing.reason };
  run.headerWritten = true;
  run.appended = appended;
  run.kept += pending.length;
  if (ledger) run.ledgerRow = ledger.rowIndex;
  const first = region.rowIndex;
  run.knownEnd = Math.max(run.knownEnd, first + pending.length, run.ledgerRow === undefined ? 0 : run.ledgerRow + 1);
  const written: Written[] = pending.map((w, i) => ({ ...w, recordRow: first + i }));
  const over = wroteOver();
  if (!over.length) return { ok: true, written, putBack: [] };
  // Edited between the re-read and the write: the edit goes back, the record ends.
  const overCells = new Set(over.map((o) => o.cell));
  const byWork = new Map<Work, Written>(pending.map((w, i) => [w, written[i]] as [Work, Written]));
  const checkAgain = queuePutBack(worksheet, over, (w) => w.portable);
  queueTombstones(
    originals,
    over.map((o) => byWork.get(o.cell)!.recordRow),
  );
  const putting = await attempt(() => session.counted(context.sync()), failureTextWithCode);
  if (!putting.ok) return { ok: true, written, putBack: [] }; // the cells keep the portable formula and their records
  run.kept -= over.length;
  checkAgain(); // edited yet again in between: that newer edit was written over too; nothing here can tell it back
  return {
    ok: true,
    written: written.filter((_, i) => !overCells.has(pending[i])),
    putBack: over.map((o) => o.cell.address),
  };
}

/**
 * After a failed write: the records of `pending` that went in anyway, found by this run and their
 * cell between the last row this run knew of and the end of the sheet (a failed sync says nothing
 * of where its records went). Also finds the ledger, if that went in. Empty if they cannot be read.
 */
async function recordsOfFailedBatch(run: Run, sheet: SheetSeen, pending: Work[]): Promise<Written[]> {
  const { context, session } = run;
  const found: Written[] = [];
  const byAddress = new Map(pending.map((w) => [w.address, w] as [string, Work]));
  await attempt(async () => {
    const originals = context.workbook.worksheets.getItem(ORIGINALS_SHEET);
    const used = originals.getUsedRange(true).load("rowIndex,rowCount");
    await session.counted(context.sync());
    const end = used.rowIndex + used.rowCount;
    const CHUNK = 10000; // columns B, E, F and G only: about 100 bytes a row, well within one response
    for (let from = run.knownEnd; from < end; from += CHUNK) {
      const rows = Math.min(CHUNK, end - from);
      const cells = originals.getRange(rangeAddress(from, 1, rows, 1)).load("values");
      const keys = originals.getRange(rangeAddress(from, 4, rows, 3)).load("values");
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- rare: only after a failed batch
      await session.counted(context.sync());
      keys.values.forEach(([sheetId, runId, ledger], r) => {
        if (runId !== run.id) return;
        const address = cells.values[r][0];
        if (address === "" && /^\d+$/.test(String(ledger)) && run.ledgerRow === undefined) run.ledgerRow = from + r;
        const w = sheetId === sheet.id && typeof address === "string" ? byAddress.get(address) : undefined;
        if (w) found.push({ ...w, recordRow: from + r });
      });
    }
    run.headerWritten = true;
    run.appended += found.length;
    run.kept += found.length;
    run.knownEnd = Math.max(run.knownEnd, end);
  }, failureTextWithCode);
  return found;
}

/**
 * Puts the originals back into the cells this run wrote on `sheet` (where a cell still holds the
 * portable formula) and ends their records. If that fails, the records of cells that do not hold
 * their portable formula (never written, or changed since) are ended anyway, and those that do
 * are kept for Restore: `kept` says how many. Without `withRecords` (the originals sheet is gone) no record
 * is ended: there is none left to end.
 */
async function rollBack(run: Run, sheet: SheetSeen, written: Written[], withRecords = true) {
  const { context, session } = run;
  const left: string[] = [];
  const worksheet = context.workbook.worksheets.getItem(sheet.name);
  const originals = context.workbook.worksheets.getItem(ORIGINALS_SHEET);
  let remaining = written;
  const budget = batchBudgetOf(run.options);
  const rolling = await attempt(async () => {
    for (const batch of batchesOf(written, (w) => [textBytes(w.original) + 1, textBytes(w.portable) + 1], budget)) {
      const reads = batch.map((block) => ({ block, range: worksheet.getRange(block.address).load("formulas") }));
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a batch under the 5 MB limit
      await session.counted(context.sync());
      const held = new Map<Written, unknown>();
      reads.forEach(({ block, range }) =>
        block.cells.forEach((row) =>
          row.forEach((w) => held.set(w, range.formulas[w.row - block.row][w.column - block.column])),
        ),
      );
      const wroteOver = queueGuardedWrite(
        worksheet,
        batch,
        (w) => (held.get(w) === w.portable ? w.original : null),
        (w) => w.portable,
      );
      if (withRecords)
        queueTombstones(
          originals,
          batch.flatMap((block) => block.cells.flatMap((row) => row.map((w) => w.recordRow))),
        );
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a batch under the 5 MB limit
      await session.counted(context.sync());
      const done = new Set(batch.flatMap((block) => block.cells.flat()));
      remaining = remaining.filter((w) => !done.has(w));
      run.kept -= done.size;
      held.forEach((now, w) => {
        if (now !== w.portable && now !== w.original) left.push(w.address);
      });
      const over = wroteOver();
      if (over.length) {
        // Edited in the instant before the roll-back's write: the edit goes back.
        queuePutBack(worksheet, over, (w) => w.original);
        // eslint-disable-next-line office-addins/no-context-sync-in-loop -- rare: an edit during the roll-back
        await session.counted(context.sync());
        over.forEach((o) => left.push(o.cell.address));
      }
    }
  }, failureTextWithCode);
  if (rolling.ok) return { left, kept: 0 };
  // The roll-back failed: a record stays only for a cell that holds its portable formula.
  const ending = await attempt(async () => {
    const stale: number[] = [];
    let kept = 0;
    for (const batch of batchesOf(remaining, (w) => [1, textBytes(w.portable) + 1], budget)) {
      const reads = batch.map((block) => ({ block, range: worksheet.getRange(block.address).load("formulas") }));
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a batch under the 5 MB limit
      await session.counted(context.sync());
      reads.forEach(({ block, range }) =>
        block.cells.forEach((row) =>
          row.forEach((w) => {
            if (range.formulas[w.row - block.row][w.column - block.column] === w.portable) kept++;
            else stale.push(w.recordRow);
          }),
        ),
      );
    }
    if (stale.length && withRecords) {
      queueTombstones(originals, stale);
      await session.counted(context.sync());
      run.kept -= stale.length;
    }
    return kept;
  }, failureTextWithCode);
  return { left, kept: ending.ok ? ending.value : remaining.length, error: rolling.reason };
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
