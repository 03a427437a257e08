/*
 * The in-Excel reports (src/portable/excel) in the report's one shape (portableReport.ts): a sentence first,
 * then sheet by sheet, every call left with its reason, and the workbook functions added or kept.
 */
import type { ConvertReport, FunctionsOutcome, RestoreReport, SheetConversion, WorkbookScan } from "../excel";
import { formatCount } from "../../core/pane/format";
import type { LeftLine, ReportView } from "./portableReport";

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
const MODE_TEXT = { lambda: "workbook functions", plain: "plain arithmetic" } as const;

/** Where the originals are kept, for every report that writes or reads them. */
export const ORIGINALS_NOTE =
  'The original formulas are kept in this workbook, on a very hidden sheet named "MLCost originals", so ' +
  "Restore works after the workbook is saved, closed and reopened, by anyone with the add-in.";

/** The report of "Add workbook functions". */
export function functionsView(outcome: FunctionsOutcome): ReportView {
  const summary = outcome.added.length
    ? `${plural(outcome.added.length, "workbook function", "workbook functions")} added: anyone can now type ` +
      "=CROSSOVER(600, 0.04) in this workbook, with or without the add-in (Excel for Microsoft 365, Excel 2024)."
    : outcome.skipped
      ? "No workbook function was added."
      : "Every workbook function is already in this workbook.";
  return {
    summary,
    sheets: [],
    left: [],
    functionsAdded: outcome.added,
    functionsKept: outcome.kept,
    notes: outcome.skipped ? [`Not added: ${outcome.skipped}`] : [],
  };
}

/** The calls a conversion of `scan` would convert: those on sheets it may write (not protected). */
export const convertibleCalls = (scan: WorkbookScan): number =>
  scan.sheets.reduce((sum, sheet) => sum + (sheet.protected ? 0 : sheet.convertible), 0);

/** Why a rule that calls MLCOST is left, in every in-Excel report. */
const RULE_LEFT_REASON =
  "Left: rules outside cells are not converted from inside Excel (convert it by hand or use the file path).";

/** The left lines and notes of rules that call MLCOST (conditional formatting, data validation). */
function ruleLines(report: Pick<ConvertReport, "rulesLeft" | "rulesUnchecked">): { left: LeftLine[]; notes: string[] } {
  return {
    left: (report.rulesLeft || []).map((r) => ({
      where: `${r.sheet}, ${r.kind} of ${r.range}`,
      call: r.formula,
      reason: RULE_LEFT_REASON,
    })),
    notes: (report.rulesUnchecked || []).map((why) => `${why}.`),
  };
}

/** The report of a scan: what a conversion would do, with samples, before anything changes. */
export function scanView(scan: WorkbookScan): ReportView {
  const { totals } = scan;
  const left: LeftLine[] = [];
  for (const sheet of scan.sheets)
    for (const l of sheet.unconverted)
      left.push({ where: `${sheet.name}, ${l.address}`, call: l.call, reason: l.reason });
  const rules = ruleLines({
    rulesLeft: scan.sheets.flatMap((s) => (s.rulesLeft || []).map((r) => ({ sheet: s.name, ...r }))),
    rulesUnchecked: scan.sheets.flatMap((s) => (s.rulesUnchecked || []).map((why) => `${s.name}: ${why}`)),
  });
  left.push(...rules.left);
  const samples: ReportView["samples"] = [];
  for (const sheet of scan.sheets.filter((s) => !s.protected))
    for (const s of sheet.sample) if (samples.length < 5) samples.push({ ...s, where: `${sheet.name}, ${s.address}` });
  let summary: string;
  if (scan.error) summary = `The scan stopped: ${scan.error}`;
  else if (totals.cells === 0) summary = "This workbook has no MLCOST formula: nothing to convert.";
  else
    summary =
      `${plural(totals.cells, "formula", "formulas")} on ${plural(totals.sheets, "sheet", "sheets")} call MLCOST ` +
      `(${plural(totals.calls, "call", "calls")}); ${formatCount(convertibleCalls(scan))} can become ` +
      `${MODE_TEXT[scan.mode]}.` +
      (totals.protectedSheets
        ? ` ${plural(totals.protectedSheets, "protected sheet", "protected sheets")} will be skipped.`
        : "") +
      " Nothing has changed yet.";
  const notes: string[] = [];
  if (scan.cancelled) notes.push("The scan was cancelled: only the sheets listed were read.");
  for (const sheet of scan.sheets)
    if (sheet.unreadRows.length)
      notes.push(`${sheet.name}: ${plural(sheet.unreadRows.length, "row", "rows")} too large to read were left out.`);
  notes.push(...rules.notes);
  if (scan.functions && scan.functions.toAdd.length)
    notes.push(
      `Converting adds ${scan.functions.toAdd.length} workbook functions first: ${scan.functions.toAdd.join(", ")}.`,
    );
  return {
    summary,
    samples,
    sheets: scan.sheets.map((s) => ({
      sheet: s.name,
      formulas: s.cells,
      calls: s.calls,
      note: s.protected ? "Protected: will be skipped" : undefined,
    })),
    left,
    functionsAdded: [],
    functionsKept: scan.functions ? scan.functions.kept : [],
    notes,
  };
}

const STATUS_NOTE: Record<SheetConversion["status"], string | undefined> = {
  converted: undefined,
  "nothing to convert": undefined,
  protected: "Protected: skipped",
  missing: "Gone since the scan: skipped",
  "rolled back": "Cancelled: put back as it was",
  "not started": "Cancelled before this sheet: untouched",
  failed: "Failed: put back as it was",
};

/** The report of a conversion. */
export function convertView(report: ConvertReport): ReportView {
  const left: LeftLine[] = [];
  for (const sheet of report.sheets) {
    for (const l of sheet.unconverted)
      left.push({ where: `${sheet.name}, ${l.address}`, call: l.call, reason: l.reason });
    for (const address of sheet.changedSinceScan)
      left.push({
        where: `${sheet.name}, ${address}`,
        call: "(the cell's formula)",
        reason: "It changed after the scan (a co-author?), so it was left as it is now. Scan again to convert it.",
      });
    for (const address of sheet.putBack || [])
      left.push({
        where: `${sheet.name}, ${address}`,
        call: "(the cell's formula)",
        reason:
          "Someone changed it in the moment it was being converted: the conversion wrote over the edit, saw it, " +
          "and put the edit back; no original is kept for it. Scan again to convert it.",
      });
  }
  const rules = ruleLines(report);
  left.push(...rules.left);
  const { totals } = report;
  let summary =
    `${plural(totals.cells, "formula", "formulas")} (${plural(totals.calls, "MLCOST call", "MLCOST calls")}) ` +
    `converted to ${MODE_TEXT[report.mode]}.`;
  if (report.cancelled) summary = `Cancelled. ${summary} Every sheet is either fully converted or as it was.`;
  if (report.error) summary = `The conversion stopped: ${report.error} ${summary}`;
  const notes: string[] = [];
  notes.push(...rules.notes);
  if (report.originals && report.originals.records > 0) notes.push(ORIGINALS_NOTE);
  if (report.functions && report.functions.skipped)
    notes.push(`Workbook functions not added: ${report.functions.skipped}`);
  if (report.mode === "lambda")
    notes.push("Workbook functions need Excel for Microsoft 365, Excel for the web or Excel 2024.");
  return {
    summary,
    sheets: report.sheets.map((s) => ({
      sheet: s.name,
      formulas: s.cells,
      calls: s.calls,
      note: s.reason ? `${STATUS_NOTE[s.status] || s.status}: ${s.reason}` : STATUS_NOTE[s.status],
    })),
    left,
    functionsAdded: report.functions ? report.functions.added : [],
    functionsKept: report.functions ? report.functions.kept : [],
    notes,
  };
}

/** A few addresses, then how many more. */
const someOf = (items: readonly string[], shown = 10) =>
  items.slice(0, shown).join(", ") + (items.length > shown ? ` and ${formatCount(items.length - shown)} more` : "");

/** The report of a restore. */
export function restoreView(report: RestoreReport): ReportView {
  const left: LeftLine[] = [];
  for (const sheet of report.sheets) {
    for (const address of sheet.changed)
      left.push({
        where: `${sheet.name}, ${address}`,
        call: "(the cell's formula)",
        reason: "It was edited after the conversion, so the edit was kept; its original stays on record.",
      });
    for (const { address, original } of sheet.deleted || [])
      left.push({
        where: `${sheet.name}, ${address}`,
        call: original,
        reason:
          "The cell was deleted after the conversion (its row, column or sheet): this was its original " +
          "formula, no longer kept.",
      });
  }
  let summary = report.nothing
    ? report.nothing
    : `${plural(report.restored, "formula", "formulas")} put back as they were before the conversion.`;
  if (report.cancelled) summary = `Cancelled. ${summary}`;
  if (report.error) summary = `The restore stopped: ${report.error} ${summary}`;
  const notes: string[] = [];
  const moved = report.sheets.flatMap((s) =>
    (s.moved || []).map((m) => (m.from === m.to ? `${s.name} ${m.to}` : `${s.name} ${m.from} (now ${m.to})`)),
  );
  if (moved.length)
    notes.push(
      `${plural(moved.length, "formula was", "formulas were")} restored as Excel had moved or rewritten ` +
        `${moved.length === 1 ? "it" : "them"} since the conversion (rows or columns inserted or deleted, a ` +
        `sheet renamed): where the cell is now, with its references as Excel adjusted them: ${someOf(moved)}.`,
    );
  const already = report.sheets.reduce((sum, s) => sum + (s.alreadyOriginal || 0), 0);
  if (already)
    notes.push(
      `${plural(already, "cell already held its", "cells already held their")} original formula (Undo, or a ` +
        "conversion that stopped before writing it): nothing to put back, and the record was dropped.",
    );
  for (const m of report.missing || [])
    notes.push(
      `The "MLCost originals" sheet was kept: the conversion ${m.started ? `of ${m.started} ` : ""}recorded ` +
        `${formatCount(m.expected)} originals and the sheet holds ${formatCount(m.found)}, so ` +
        `${plural(m.expected - m.found, "record was", "records were")} written over (a co-author converting at ` +
        "the same moment, on another computer?). A cell of that conversion may still hold its portable formula " +
        "with no original to restore; nothing that may still be needed is deleted.",
    );
  if (report.addedMeanwhile)
    notes.push('A conversion added originals while this restore ran: the "MLCost originals" sheet was kept for them.');
  if (report.originalsRemoved) notes.push('Every original is back, so the "MLCost originals" sheet was removed.');
  else if (report.recordsLeft > 0)
    notes.push(`${plural(report.recordsLeft, "original stays", "originals stay")} on record for a later Restore.`);
  return {
    summary,
    sheets: report.sheets.map((s) => ({ sheet: s.name, formulas: s.restored, note: s.skipped })),
    left,
    functionsAdded: [],
    functionsKept: [],
    notes,
  };
}
