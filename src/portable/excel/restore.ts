/*
 * "Restore add-in formulas": the originals sheet read from its last row up, in chunks; for each
 * chunk, one sync re-reads the recorded cells and one writes each original back where the cell
 * still holds the portable formula this add-in wrote, and clears the records used. A cell holding
 * anything else was changed since: it is left, its record kept, and it is reported. Newer records
 * come first, so a cell converted twice gets the formula it had before the last conversion; an
 * older record of a cell already seen is obsolete and cleared. The sheet is deleted once no record
 * is left. Cancel is checked between chunks: what was restored stays restored, with its records
 * gone, and the rest can be restored later.
 */
import { parseCell, rangeAddress } from "../../core/excel/a1";
import { attempt, failureTextWithCode, Session } from "../../core/writers/officeSync";
import { batchesOf } from "./blocks";
import {
  blockGrid,
  OriginalRecord,
  ORIGINALS_SHEET,
  queueClearRecordRows,
  RECORD_COLUMNS,
  recordOf,
} from "./originals";
import { ChunkState, isPayloadLimitError, nextChunkRows, rowBytes, textBytes } from "./payload";
import { isCancelled } from "./session";
import type { RestoreReport, RunOptions, SheetRestore } from "./types";
import { readWorkbook, SheetSeen } from "./workbookRead";

/** A record with its row, and the sheet it belongs to now. */
interface Kept extends OriginalRecord {
  recordRow: number;
  row: number;
  column: number;
}

/** A restore that has done nothing yet: no sheet, no cell, no sync. */
export function emptyRestoreReport(): RestoreReport {
  return { sheets: [], restored: 0, recordsLeft: 0, originalsRemoved: false, cancelled: false, syncs: 0 };
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
  const total = seen.originals.nextRow - 1;
  let end = seen.originals.nextRow;
  const restoring = await attempt(async () => {
    let state: ChunkState | undefined;
    while (end > 1) {
      if (isCancelled(options.cancel)) {
        report.cancelled = true;
        break;
      }
      let rows = Math.min(nextChunkRows(RECORD_COLUMNS, state), end - 1);
      let values: unknown[][] | undefined;
      while (!values) {
        const range = originals.getRange(rangeAddress(end - rows, 0, rows, RECORD_COLUMNS)).load("values");
        const read = await attempt(async () => {
          // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a chunk under the 5 MB limit
          await session.counted(context.sync());
          return range.values;
        });
        if (read.ok) values = read.value;
        else if (!isPayloadLimitError(read.failure) || rows === 1) throw read.failure;
        else rows = Math.ceil(rows / 2);
      }
      const first = end - rows;
      state = {
        rows,
        widestRowBytes: Math.max(state ? state.widestRowBytes : 0, ...values.map((row) => rowBytes(row))),
      };
      const { candidates, obsolete, left } = sortRecords(values, first, seen.sheets, seenCells, entry);
      report.recordsLeft += left;
      const restored = await restoreChunk(context, session, candidates, obsolete, entry);
      report.recordsLeft += candidates.length - restored;
      end = first;
      if (options.onProgress) options.onProgress({ done: total - (end - 1), total, phase: "restoring" });
    }
    if (report.cancelled) report.recordsLeft += end - 1; // rows not read: counted as records, blank or not
    if (!report.cancelled && report.recordsLeft === 0) {
      originals.delete();
      await session.counted(context.sync());
      report.originalsRemoved = true;
    }
  }, failureTextWithCode);
  // Each record went with its cell's restore, in one batch: what was restored stays so, the rest keeps its records.
  if (!restoring.ok) report.error = `${restoring.reason} What was restored stays restored; Restore again for the rest.`;
  report.sheets = Array.from(bySheet.values());
  report.restored = report.sheets.reduce((sum, s) => sum + s.restored, 0);
  return finish();
}

/**
 * A chunk's records, last row first: those to restore, obsolete ones (an older record of a cell
 * already seen), and how many stay because their sheet is gone or protected.
 */
function sortRecords(
  values: unknown[][],
  first: number,
  sheets: readonly SheetSeen[],
  seenCells: Set<string>,
  entry: (name: string) => SheetRestore,
): { candidates: { sheet: SheetSeen; kept: Kept }[]; obsolete: number[]; left: number } {
  const candidates: { sheet: SheetSeen; kept: Kept }[] = [];
  const obsolete: number[] = [];
  let left = 0;
  for (let r = values.length - 1; r >= 0; r--) {
    const record = recordOf(values[r]);
    const at = record && parseCell(record.address);
    if (!record || !at) continue;
    const sheet =
      sheets.find((s) => record.sheetId !== "" && s.id === record.sheetId) ||
      sheets.find((s) => s.name === record.sheet);
    const key = `${sheet ? sheet.id : record.sheet}!${record.address}`;
    if (seenCells.has(key)) {
      obsolete.push(first + r);
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
    candidates.push({ sheet, kept: { ...record, recordRow: first + r, ...at } });
  }
  return { candidates, obsolete, left };
}

/**
 * Re-reads the candidates' cells and writes the originals back where they hold the portable
 * formula, clearing those records in the same sync, after the writes: Excel applies a batch in
 * order, so a record goes only once its cell is back. The obsolete rows go with the first write
 * (or alone). Returns how many were restored.
 */
async function restoreChunk(
  context: Excel.RequestContext,
  session: Session,
  candidates: { sheet: SheetSeen; kept: Kept }[],
  obsolete: number[],
  entry: (name: string) => SheetRestore,
): Promise<number> {
  const bySheet = new Map<SheetSeen, Kept[]>();
  candidates.forEach(({ sheet, kept }) => bySheet.set(sheet, (bySheet.get(sheet) || []).concat([kept])));
  let restored = 0;
  let toClear = obsolete;
  for (const [sheet, records] of Array.from(bySheet.entries())) {
    const worksheet = context.workbook.worksheets.getItem(sheet.name);
    for (const batch of batchesOf(records, (k) => [textBytes(k.original) + 1, textBytes(k.portable) + 1])) {
      const reads = batch.map((block) => ({ block, range: worksheet.getRange(block.address).load("formulas") }));
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a batch under the 5 MB limit
      await session.counted(context.sync());
      const back: number[] = [];
      reads.forEach(({ block, range }) => {
        const grid = blockGrid(block, (k) => {
          if (range.formulas[k.row - block.row][k.column - block.column] !== k.portable) {
            entry(sheet.name).changed.push(k.address);
            return null;
          }
          back.push(k.recordRow);
          return k.original;
        });
        if (grid.some((row) => row.some((cell) => cell !== null)))
          worksheet.getRange(block.address).formulas = grid as string[][];
      });
      if (back.length + toClear.length) queueClearRecordRows(context.workbook, back.concat(toClear));
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a batch under the 5 MB limit
      await session.counted(context.sync());
      toClear = [];
      restored += back.length;
      entry(sheet.name).restored += back.length;
    }
  }
  if (toClear.length) {
    queueClearRecordRows(context.workbook, toClear);
    await session.counted(context.sync());
  }
  return restored;
}
