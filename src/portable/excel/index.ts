/*
 * The in-Excel side of "Formulas that travel", as the task pane calls it: add the workbook
 * functions, scan, convert (make portable) and restore. Each runs inside its own Excel.run,
 * never throws for what can be expected (a protected sheet, a co-author's edit, a cancel, an
 * Excel without the requirement set: all are fields of the report), and turns an unexpected
 * Office error into `error` (or `skipped`), a sentence. It is portable/excel's face too: what the pane and
 * the sheet writers of other capabilities (the twins adders) use of it.
 */
import type { PortableMode } from "../formula/rewrite";
import { convertIn } from "./convert";
import { emptyRestoreReport, restoreIn } from "./restore";

import { attempt, failureTextWithCode, newSession } from "../../core/writers/officeSync";
import { rulesOfScan, scanIn } from "./scan";
import { missingRequirement } from "./session";
import { addWorkbookFunctionsIn, FunctionsOutcome } from "./twinsInExcel";
import type { ConvertReport, RestoreReport, RunOptions, WorkbookScan } from "./types";

export type { PortableMode } from "../formula/rewrite";
export type { NameKept } from "../file/twinNames";
export { ORIGINALS_SHEET } from "./originals";
export type { FunctionsOutcome } from "./twinsInExcel";
/** The twins adders every sheet's Insert and download hand to the core writers. */
export { addWorkbookFunctionsIn, withWorkbookFunctions } from "./twinsInExcel";
export type {
  CallLeftInCell,
  CellMoved,
  ConvertReport,
  Progress,
  RestoreReport,
  RuleLeft,
  RunOptions,
  ScannedFormula,
  SheetConversion,
  SheetRestore,
  SheetScan,
  WorkbookScan,
} from "./types";

/**
 * Adds the workbook functions (CROSSOVER, SERVINGHOURS, ...) as workbook-scoped LAMBDA names.
 * A name the workbook has is never overwritten: it is in `kept`, with the reason.
 */
export async function addWorkbookFunctions(): Promise<FunctionsOutcome> {
  const session = newSession();
  const run = await attempt(
    () => Excel.run((context) => addWorkbookFunctionsIn(context, session)),
    failureTextWithCode,
  );
  return run.ok ? run.value : { added: [], kept: [], skipped: run.reason };
}

/** Scans every worksheet for MLCOST formulas and what `mode` makes of them; nothing is changed. */
export async function scanWorkbook(mode: PortableMode, options: RunOptions = {}): Promise<WorkbookScan> {
  const session = newSession();
  const empty: WorkbookScan = {
    mode,
    sheets: [],
    totals: { sheets: 0, cells: 0, calls: 0, convertible: 0, unconverted: 0, protectedSheets: 0 },
    syncs: 0,
  };
  const missing = missingRequirement();
  if (missing) return { ...empty, error: missing };
  const run = await attempt(() => Excel.run((context) => scanIn(context, session, mode, options)), failureTextWithCode);
  return run.ok ? run.value : { ...empty, syncs: session.syncs, error: run.reason };
}

/**
 * Converts what `scan` found, in its mode: the twins first (mode "lambda"), then sheet by sheet,
 * keeping every original formula in the very hidden sheet "MLCost originals".
 */
export async function convertWorkbook(scan: WorkbookScan, options: RunOptions = {}): Promise<ConvertReport> {
  const session = newSession();
  const empty: ConvertReport = {
    mode: scan.mode,
    sheets: [],
    totals: { cells: 0, calls: 0, changedSinceScan: 0, unconverted: 0, sheetsSkipped: 0 },
    cancelled: false,
    syncs: 0,
  };
  const missing = missingRequirement();
  if (missing) return { ...empty, error: missing, ...rulesOfScan(scan) };
  const run = await attempt(
    () => Excel.run((context) => convertIn(context, session, scan, options)),
    failureTextWithCode,
  );
  return { ...(run.ok ? run.value : { ...empty, syncs: session.syncs, error: run.reason }), ...rulesOfScan(scan) };
}

/** Puts back the original formulas wherever a cell still holds the portable formula written for it. */
export async function restoreWorkbook(options: RunOptions = {}): Promise<RestoreReport> {
  const session = newSession();
  const empty = emptyRestoreReport();
  const missing = missingRequirement();
  if (missing) return { ...empty, error: missing };
  const run = await attempt(() => Excel.run((context) => restoreIn(context, session, options)), failureTextWithCode);
  return run.ok ? run.value : { ...empty, syncs: session.syncs, error: run.reason };
}
