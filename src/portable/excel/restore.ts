/*
 * "Restore add-in formulas": the originals sheet read from its last row up, in chunks; for each
 * chunk, one sync re-reads the recorded cells and one writes each original back where the cell
 * still holds the portable formula this add-in wrote, and ends the records used. Each record's
 * cell is looked for where its reference formula says it is now (originals.ts), so a cell that
 * Excel moved (rows inserted or deleted above it, columns before it, a cut and paste) is found at
 * its new place; and a cell whose references Excel rewrote is compared through them (follow.ts):
 * the original gets the same rewrites. A cell holding its original already (a conversion that
 * never wrote it, or Undo) has nothing to restore: its record ends without a word of "changed".
 * A cell holding anything else was changed since: it is left, its record kept, and it is
 * reported. A deleted cell's record ends, its original listed. Newer records come first, so a cell
 * converted twice gets the formula it had before the last conversion; an older record of a cell
 * already seen is obsolete and ends. The sheet is deleted only when no record is left, every
 * conversion's ledger is matched by its rows (else a record was lost and some cell may still hold
 * a portable formula with no original: the sheet is kept and the report says so), and no record
 * arrived meanwhile. Cancel is checked between chunks: what was restored stays restored, with its
 * records ended, and the rest can be restored later.
 */
import { parseCell, rangeAddress } from "../../core/excel/a1";
import { followedOriginal } from "./cells";
import { attempt, failureTextWithCode, Session } from "../../core/writers/officeSync";
import { batchesOf, queueGuardedWrite, queuePutBack } from "./blocks";
import {
  OriginalRecord,
  OriginalsRow,
  ORIGINALS_SHEET,
  queueClearRows,
  queueTombstones,
  RECORD_COLUMNS,
  rowOf,
  runStart,
  trackingFormula,
} from "./originals";
import { batchBudgetOf, ChunkState, isPayloadLimitError, nextChunkRows, rowBytes, textBytes } from "./payload";
import { isCancelled } from "./session";
import type { RestoreReport, RunOptions, SheetRestore } from "./types";
import { readWorkbook, SheetSeen } from "./workbookRead";

/** A record with its row, and where its cell is now. */
interface Kept extends OriginalRecord {
  recordRow: number;
  /** the cell's address now (its record's, if it has not moved) */
  now: string;
  row: number;
  column: number;
}

/** A restore that has done nothing yet: no sheet, no cell, no sync. */
export function emptyRestoreReport(): RestoreReport {
  return { sheets: [], restored: 0, recordsLeft: 0, originalsRemoved: false, cancelled: false, syncs: 0 };
}

/** Rows to end, by kind: a record of a run becomes a tombstone, a first-version record is cleared. */
interface Ends {
  tombstones: number[];
  clears: number[];
}
const noEnds = (): Ends => ({ tombstones: [], clears: [] });
const endOf = (ends: Ends, record: OriginalRecord, row: number) =>
  (record.run ? ends.tombstones : ends.clears).push(row);

/** What one pass has counted of each run: its ledger and its rows. */
interface Ledgers {
  expected: Map<string, number>;
  found: Map<string, number>;
}

/** Restores every recorded cell it can (inside Excel.run). */
export async function restoreIn(
  context: Excel.RequestContext,
  session: Session,
  options: RunOptions,
): Promise<RestoreReport> {
  const report = emptyRestoreReport();
  const finish = () => ({ ...report, syncs: session.syncs });
  const seen = await readWorkbook(context, session, {});
  if (!seen.originals.exists)
    return { ...finish(), nothing: "This workbook keeps no original formulas: nothing to restore." };
  if (!seen.originals.ours)
    return { ...finish(), nothing: `The sheet "${ORIGINALS_SHEET}" is not MLCost's: nothing was restored.` };

  const bySheet = new Map<string, SheetRestore>();
  const entry = (name: string) => {
    let sheetReport = bySheet.get(name);
    if (!sheetReport) bySheet.set(name, (sheetReport = { name, restored: 0, changed: [] }));
    return sheetReport;
  };
  const originals = context.workbook.worksheets.getItem(ORIGINALS_SHEET);
  const seenCells = new Set<string>();
  const ledgers: Ledgers = { expected: new Map(), found: new Map() };
  const readTo = seen.originals.nextRow;
  const total = readTo - 1;
  let end = readTo;
  const budget = batchBudgetOf(options);
  const restoring = await attempt(async () => {
    let state: ChunkState | undefined;
    while (end > 1) {
      if (isCancelled(options.cancel)) {
        report.cancelled = true;
        break;
      }
      let rows = Math.min(nextChunkRows(RECORD_COLUMNS, state, budget), end - 1);
      let formulas: unknown[][] | undefined;
      while (!formulas) {
        const range = originals.getRange(rangeAddress(end - rows, 0, rows, RECORD_COLUMNS)).load("formulas");
        const read = await attempt(async () => {
          // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a chunk under the 5 MB limit
          await session.counted(context.sync());
          return range.formulas;
        });
        if (read.ok) formulas = read.value;
        else if (!isPayloadLimitError(read.failure) || rows === 1) throw read.failure;
        else rows = Math.ceil(rows / 2);
      }
      const first = end - rows;
      state = {
        rows,
        widestRowBytes: Math.max(state ? state.widestRowBytes : 0, ...formulas.map((row) => rowBytes(row))),
      };
      const sorted = sortRows(formulas, first, seen.sheets, seenCells, ledgers, entry);
      report.recordsLeft += sorted.left;
      const settled = await restoreChunk(context, session, sorted, entry, budget);
      report.recordsLeft += sorted.candidates.length - settled;
      end = first;
      if (options.onProgress) options.onProgress({ done: total - (end - 1), total, phase: "restoring" });
    }
    if (report.cancelled) report.recordsLeft += end - 1; // rows not read: counted as records, blank or not
    if (report.cancelled || report.recordsLeft > 0) return;
    const missing = missingRecords(ledgers);
    if (missing.length) {
      report.missing = missing;
      return;
    }
    // A conversion running meanwhile appends below the rows read: then the sheet stays for its records.
    const used = originals.getUsedRange(true).load("rowIndex,rowCount");
    await session.counted(context.sync());
    if (used.rowIndex + used.rowCount > readTo) {
      report.addedMeanwhile = true;
      return;
    }
    originals.delete();
    await session.counted(context.sync());
    report.originalsRemoved = true;
  }, failureTextWithCode);
  // Each record went with its cell's restore, in one batch: what was restored stays so, the rest keeps its records.
  if (!restoring.ok) report.error = `${restoring.reason} What was restored stays restored; Restore again for the rest.`;
  report.sheets = Array.from(bySheet.values());
  report.restored = report.sheets.reduce((sum, s) => sum + s.restored, 0);
  return finish();
}

/** The runs whose ledger counts more rows than the sheet holds. */
function missingRecords({ expected, found }: Ledgers): NonNullable<RestoreReport["missing"]> {
  const missing: NonNullable<RestoreReport["missing"]> = [];
  expected.forEach((count, run) => {
    const rows = found.get(run) || 0;
    if (rows < count) missing.push({ run, started: runStart(run), expected: count, found: rows });
  });
  return missing;
}

/** The sheet a record's cell is on now, and its address there. */
function whereNow(
  record: OriginalRecord,
  now: Extract<OriginalsRow, { kind: "record" }>,
  sheets: readonly SheetSeen[],
): { sheet: SheetSeen | undefined; address: string } {
  const byId = sheets.find((s) => record.sheetId !== "" && s.id === record.sheetId);
  const byName = (name: string) => sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
  if (now.now.kind === "at") {
    const sheet = byName(now.now.sheet) || byId;
    if (sheet) return { sheet, address: now.now.address };
  }
  return { sheet: byId || byName(record.sheet), address: record.address.replace(/\$/g, "").toUpperCase() };
}

/**
 * A chunk's rows, last row first: the records to restore, the rows to end (obsolete records: an
 * older one of a cell already seen; records of deleted cells), and how many stay because their
 * sheet is gone or protected. Ledgers, and every run's rows, are counted into `ledgers`.
 */
function sortRows(
  rows: unknown[][],
  first: number,
  sheets: readonly SheetSeen[],
  seenCells: Set<string>,
  ledgers: Ledgers,
  entry: (name: string) => SheetRestore,
): { candidates: { sheet: SheetSeen; kept: Kept }[]; ends: Ends; left: number } {
  const candidates: { sheet: SheetSeen; kept: Kept }[] = [];
  const ends = noEnds();
  let left = 0;
  const count = (run: string) => ledgers.found.set(run, (ledgers.found.get(run) || 0) + 1);
  for (let r = rows.length - 1; r >= 0; r--) {
    const row = rowOf(rows[r]);
    if (row.kind === "ledger") {
      ledgers.expected.set(row.run, Math.max(ledgers.expected.get(row.run) || 0, row.records));
      continue;
    }
    if (row.kind === "tombstone") count(row.run);
    if (row.kind !== "record") continue;
    const { record } = row;
    if (record.run) count(record.run);
    if (row.now.kind === "deleted") {
      const sheet = sheets.find((s) => s.id === record.sheetId);
      const report = entry(sheet ? sheet.name : record.sheet);
      report.deleted = (report.deleted || []).concat([{ address: record.address, original: record.original }]);
      endOf(ends, record, first + r);
      continue;
    }
    const { sheet, address } = whereNow(record, row, sheets);
    const at = parseCell(address);
    if (!at) continue;
    const key = `${sheet ? sheet.id : record.sheet}!${address}`;
    if (seenCells.has(key)) {
      endOf(ends, record, first + r);
      continue;
    }
    seenCells.add(key);
    if (!sheet || sheet.protected) {
      left++;
      entry(sheet ? sheet.name : record.sheet).skipped = sheet
        ? "The sheet is protected: its formulas were left, and their originals kept."
        : "No sheet of this name or id is left: its originals were kept.";
      continue;
    }
    candidates.push({ sheet, kept: { ...record, recordRow: first + r, now: address, ...at } });
  }
  return { candidates, ends, left };
}

/**
 * Re-reads the candidates' cells and writes the originals back where they hold the portable
 * formula (or it with references Excel rewrote), ending those records in the same sync, after the
 * writes: Excel applies a batch in order, so a record goes only once its cell is back. A cell
 * edited in the instant between the re-read and the write gets its edit back and keeps its
 * record. The other rows to end go with the first write (or alone). Returns how many records it
 * settled: restored, or ended because their cell already held the original.
 */
async function restoreChunk(
  context: Excel.RequestContext,
  session: Session,
  { candidates, ends }: { candidates: { sheet: SheetSeen; kept: Kept }[]; ends: Ends },
  entry: (name: string) => SheetRestore,
  budget: number,
): Promise<number> {
  const originals = context.workbook.worksheets.getItem(ORIGINALS_SHEET);
  const bySheet = new Map<SheetSeen, Kept[]>();
  candidates.forEach(({ sheet, kept }) => bySheet.set(sheet, (bySheet.get(sheet) || []).concat([kept])));
  let settled = 0;
  let pendingEnds = ends;
  const queueEnds = (more: Ends) => {
    const all = {
      tombstones: pendingEnds.tombstones.concat(more.tombstones),
      clears: pendingEnds.clears.concat(more.clears),
    };
    if (all.tombstones.length) queueTombstones(originals, all.tombstones);
    if (all.clears.length) queueClearRows(originals, all.clears);
    pendingEnds = noEnds();
    return all.tombstones.length + all.clears.length > 0;
  };
  for (const [sheet, records] of Array.from(bySheet.entries())) {
    const worksheet = context.workbook.worksheets.getItem(sheet.name);
    const report = entry(sheet.name);
    for (const batch of batchesOf(records, (k) => [textBytes(k.original) + 1, textBytes(k.portable) + 1], budget)) {
      const reads = batch.map((block) => ({ block, range: worksheet.getRange(block.address).load("formulas") }));
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a batch under the 5 MB limit
      await session.counted(context.sync());
      const back = new Map<Kept, { held: unknown; formula: string }>();
      const done = noEnds();
      for (const { block, range } of reads)
        block.cells.forEach((row) =>
          row.forEach((k) => {
            const held = range.formulas[k.row - block.row][k.column - block.column];
            const formula = typeof held === "string" ? followedOriginal(k.original, k.portable, held) : undefined;
            if (formula !== undefined) back.set(k, { held, formula });
            else if (held === k.original) {
              report.alreadyOriginal = (report.alreadyOriginal || 0) + 1;
              settled++;
              endOf(done, k, k.recordRow);
            } else report.changed.push(k.now);
          }),
        );
      const wroteOver = queueGuardedWrite(
        worksheet,
        batch,
        (k) => (back.has(k) ? back.get(k)!.formula : null),
        (k) => back.get(k)!.held,
      );
      back.forEach((_, k) => endOf(done, k, k.recordRow));
      if (queueEnds(done)) {
        // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a batch under the 5 MB limit
        await session.counted(context.sync());
      }
      const over = wroteOver();
      if (over.length) {
        // Edited between the re-read and the write: the edit goes back, and the record stays.
        queuePutBack(worksheet, over, (k) => back.get(k)!.formula);
        // The records were ended with the write: they come back as they were (their reference formula too).
        queueRecordsAgain(
          originals,
          sheet.name,
          over.map((o) => o.cell),
        );
        // eslint-disable-next-line office-addins/no-context-sync-in-loop -- rare: an edit during the restore
        await session.counted(context.sync());
        over.forEach((o) => {
          back.delete(o.cell);
          report.changed.push(o.cell.now);
        });
      }
      back.forEach((_, k) => {
        if (k.now !== k.address.replace(/\$/g, "").toUpperCase() || back.get(k)!.formula !== k.original)
          report.moved = (report.moved || []).concat([{ from: k.address, to: k.now }]);
      });
      settled += back.size;
      report.restored += back.size;
    }
  }
  if (queueEnds(noEnds())) await session.counted(context.sync());
  return settled;
}

/** Queues records back into their rows, as they were read (for a restore that had to give a cell back its edit). */
function queueRecordsAgain(originals: Excel.Worksheet, sheetName: string, records: readonly Kept[]): void {
  for (const k of records) {
    const texts = originals.getRange(rangeAddress(k.recordRow, 0, 1, 5));
    texts.numberFormat = [["@", "@", "@", "@", "@"]];
    texts.values = [[k.sheet, k.address, k.original, k.portable, k.sheetId]];
    originals.getRange(rangeAddress(k.recordRow, RECORD_COLUMNS - 1, 1, 1)).formulas = [
      [trackingFormula(sheetName, k.now)],
    ];
  }
}
