/*
 * The scan: every worksheet's used range read in row chunks (formulas and values), the MLCOST
 * formulas found, and what each would become. A chunk's rows are sized from the widest row seen
 * so far (payload.ts) so that each response stays well within Excel's 5 MB; a chunk Excel still
 * refuses as too large is read again in halves. Only the formulas that call MLCOST are kept, so
 * memory holds one chunk of a sheet plus those formulas.
 *
 * MLCOST calls outside cells: conditional formats (ExcelApi 1.6, within the conversion's 1.7) and data
 * validation (ExcelApi 1.8, asked for).
 * They are not converted from inside Excel; every one that calls MLCOST is listed, and what could
 * not be read is said (an Excel without the set, a kind of rule whose formulas Office.js does not
 * give cheaply). The rules are asked for in the batch of the sheet's first chunk; only a sheet with
 * conditional formats costs one sync more, for their ranges and formulas.
 */
import { mlcostFunctionOf, PortableMode } from "../formula/rewrite";
import { tokenize } from "../formula/tokenizer";
import { TWIN_SPECS } from "../formula/twins";
import { cellAddress, rangeAddress } from "../../core/excel/a1";
import { callsOf, mayCallMlcost, rewriteCell } from "./cells";
import { batchBudgetOf, ChunkState, isPayloadLimitError, nextChunkRows, rowBytes } from "./payload";
import { attempt, hasExcelApi, Session } from "../../core/writers/officeSync";
import { isCancelled } from "./session";
import { planExcelTwins, twinsPresent } from "./twinsInExcel";
import type { ConvertReport, RuleLeft, RunOptions, SheetScan, WorkbookScan } from "./types";
import { readWorkbook, SheetSeen } from "./workbookRead";

/** How many rewrites a sheet's sample shows. */
export const SAMPLE_SIZE = 3;

/** The calls of `plan` that a sheet gets as plain arithmetic in mode "lambda". */
export type PlainIdsOf = (sheetIndex: number) => ReadonlySet<string>;

/** Scans the open workbook for `mode` (inside Excel.run): two syncs to read it, then one per chunk. */
export async function scanIn(
  context: Excel.RequestContext,
  session: Session,
  mode: PortableMode,
  options: RunOptions,
): Promise<WorkbookScan> {
  const seen = await readWorkbook(context, session, { sheetNames: mode === "lambda", usedRanges: true });
  let plainIds: PlainIdsOf = () => new Set<string>();
  let functions: WorkbookScan["functions"];
  if (mode === "lambda") {
    const plan = planExcelTwins(seen.names, seen.sheetNames, "convert");
    const present = twinsPresent(seen.names, { added: plan.added.map((n) => n.name), kept: plan.kept });
    functions = { toAdd: plan.added.map((n) => n.name), kept: plan.kept };
    plainIds = (index) => withMissing(plan.plainOn(index), present);
  }
  const total = seen.sheets.reduce((sum, s) => sum + (s.used ? s.used.rows : 0), 0);
  let done = 0;
  const sheets: SheetScan[] = [];
  let cancelled = false;
  for (const sheet of seen.sheets) {
    if (isCancelled(options.cancel)) {
      cancelled = true;
      break;
    }
    sheets.push(
      await scanSheet(context, session, sheet, { mode, plainIds: plainIds(sheet.index), options }, (rows) => {
        done += rows;
        if (options.onProgress) options.onProgress({ done, total, phase: "reading" });
      }),
    );
  }
  return {
    mode,
    sheets,
    totals: totalsOf(sheets),
    ...(functions ? { functions } : {}),
    syncs: session.syncs,
    ...(cancelled ? { cancelled } : {}),
  };
}

/** `plain` and every twin id not in `present`: a call to a missing twin must not be written. */
export function withMissing(plain: ReadonlySet<string>, present: ReadonlySet<string>): Set<string> {
  const ids = new Set<string>(plain);
  TWIN_SPECS.forEach(({ id }) => {
    if (!present.has(id)) ids.add(id);
  });
  return ids;
}

/** One sheet, chunk by chunk. */
async function scanSheet(
  context: Excel.RequestContext,
  session: Session,
  sheet: SheetSeen,
  how: { mode: PortableMode; plainIds: ReadonlySet<string>; options: RunOptions },
  onRows: (rows: number) => void,
): Promise<SheetScan> {
  const { mode, plainIds } = how;
  const budget = batchBudgetOf(how.options);
  const result: SheetScan = {
    name: sheet.name,
    id: sheet.id,
    calls: 0,
    cells: 0,
    convertible: 0,
    protected: sheet.protected,
    sample: [],
    unconverted: [],
    unreadRows: [],
    formulas: [],
  };
  const used = sheet.used;
  if (!used) return result;
  const worksheet = context.workbook.worksheets.getItem(sheet.name);
  const rules = queueRules(worksheet); // delivered with the first chunk
  let state: ChunkState | undefined;
  for (let offset = 0; offset < used.rows;) {
    let rows = Math.min(nextChunkRows(used.columns, state, budget), used.rows - offset);
    const row = used.row + offset;
    let grids: { formulas: unknown[][]; values: unknown[][] } | undefined;
    while (!grids) {
      const range = worksheet.getRange(rangeAddress(row, used.column, rows, used.columns)).load("formulas,values");
      const read = await attempt(async () => {
        // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a chunk under the 5 MB limit
        await session.counted(context.sync());
        return { formulas: range.formulas, values: range.values };
      });
      if (read.ok) grids = read.value;
      else if (!isPayloadLimitError(read.failure)) throw read.failure;
      else if (rows === 1) break;
      else rows = Math.ceil(rows / 2);
    }
    if (!grids) result.unreadRows.push(row + 1);
    else state = readChunk(result, grids, row, used.column, mode, plainIds, state);
    offset += rows;
    onRows(rows);
  }
  const found = await readRules(context, session, rules);
  result.rulesLeft = found.left;
  result.rulesUnchecked = found.unchecked;
  return result;
}

/** Takes the MLCOST formulas of one chunk into `result`; returns what the chunk says of row sizes. */
function readChunk(
  result: SheetScan,
  grids: { formulas: unknown[][]; values: unknown[][] },
  firstRow: number,
  firstColumn: number,
  mode: PortableMode,
  plainIds: ReadonlySet<string>,
  state: ChunkState | undefined,
): ChunkState {
  let widest = state ? state.widestRowBytes : 0;
  grids.formulas.forEach((row, r) => {
    widest = Math.max(widest, rowBytes(row) + rowBytes(grids.values[r]));
    row.forEach((formula, c) => {
      if (!mayCallMlcost(formula, grids.values[r][c])) return;
      const rewrite = rewriteCell(formula, mode, plainIds);
      if (callsOf(rewrite) === 0) return;
      const address = cellAddress(firstRow + r, firstColumn + c);
      result.cells++;
      result.calls += callsOf(rewrite);
      result.convertible += rewrite.converted;
      result.formulas.push({ address, formula });
      rewrite.unconverted.forEach((u) => result.unconverted.push({ address, ...u }));
      if (rewrite.formula !== formula && result.sample.length < SAMPLE_SIZE)
        result.sample.push({ address, before: formula, after: rewrite.formula });
    });
  });
  return { rows: grids.formulas.length, widestRowBytes: widest };
}

/** The scan's totals over its sheets. */
export function totalsOf(sheets: readonly SheetScan[]): WorkbookScan["totals"] {
  const sum = (f: (s: SheetScan) => number) => sheets.reduce((total, s) => total + f(s), 0);
  return {
    sheets: sheets.filter((s) => s.cells > 0).length,
    cells: sum((s) => s.cells),
    calls: sum((s) => s.calls),
    convertible: sum((s) => s.convertible),
    unconverted: sum((s) => s.unconverted.length),
    protectedSheets: sheets.filter((s) => s.protected && s.cells > 0).length,
  };
}

/* ---------- rules outside cells ---------- */

/** What the scan queued of one sheet's rules. */
export interface QueuedRules {
  formats?: Excel.ConditionalFormatCollection;
  validation?: Excel.DataValidation;
  charts?: Excel.ChartCollection;
}

/** Whether `formula` (a rule's, with or without "=") calls MLCOST, by the portable rewrite's detector. */
export function callsMlcost(formula: unknown): formula is string {
  if (typeof formula !== "string" || !/MLCOST/i.test(formula)) return false;
  try {
    return tokenize(formula.startsWith("=") ? formula : `=${formula}`).some((t) => !!mlcostFunctionOf(t));
  } catch {
    return true; // unreadable, and it names MLCOST: listed rather than passed over
  }
}

/** Queues the loads of `worksheet`'s rules, delivered by the next sync; nothing where the Excel lacks the set. */
export function queueRules(worksheet: Excel.Worksheet): QueuedRules {
  const queued: QueuedRules = {};
  queued.formats = worksheet.getRange().conditionalFormats.load("items/type");
  if (hasExcelApi("1.8")) queued.validation = worksheet.getRange().dataValidation.load("type");
  queued.charts = worksheet.charts.load("items/name");
  return queued;
}

/** `read()`, or undefined when what it reads was not delivered (the sync it was queued in failed). */
function delivered<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** A range's address without its sheet. */
const withoutSheet = (address: string) => address.slice(address.lastIndexOf("!") + 1);

/** Reads the queued rules (a sync more only for conditional formats): what calls MLCOST, and what was not checked. */
export async function readRules(
  context: Excel.RequestContext,
  session: Session,
  queued: QueuedRules,
): Promise<{ left: RuleLeft[]; unchecked: string[] }> {
  const left: RuleLeft[] = [];
  const unchecked: string[] = [];
  if (queued.formats) {
    const formats = queued.formats;
    const items = delivered(() => formats.items);
    if (!items) unchecked.push("conditional formatting could not be read, so it was not checked");
    else {
      const read = items
        .filter((f) => f.type === "Custom" || f.type === "CellValue")
        .map((f) => {
          const range = f.getRangeOrNullObject().load("address");
          if (f.type === "Custom") {
            const rule = f.custom.rule.load("formula");
            return { range, formulas: () => [rule.formula] };
          }
          const cellValue = f.cellValue.load("rule");
          return { range, formulas: () => [cellValue.rule.formula1, cellValue.rule.formula2] };
        });
      if (read.length) await session.counted(context.sync());
      for (const { range, formulas } of read)
        for (const formula of formulas())
          if (callsMlcost(formula))
            left.push({
              kind: "conditional formatting",
              range: range.isNullObject ? "several ranges" : withoutSheet(range.address),
              formula,
            });
      if (items.length > read.length)
        unchecked.push(
          "conditional formats that are icon sets, color scales or data bars (or other kinds than a formula or " +
            "a cell value rule) were not checked for MLCOST calls",
        );
    }
  }
  if (!hasExcelApi("1.8"))
    unchecked.push("data validation was not checked: this Excel lacks ExcelApi 1.8, which reading it needs");
  else if (queued.validation) {
    const validation = queued.validation;
    const type = delivered(() => validation.type);
    if (type !== "None")
      unchecked.push(
        "data validation is not read from inside Excel, so its rules were not checked for MLCOST calls " +
          "(check them by hand or use the file path)",
      );
  }
  const charts = queued.charts && delivered(() => queued.charts!.items.length);
  if (charts === undefined) unchecked.push("its charts could not be listed, so their series were not checked");
  else if (charts > 0)
    unchecked.push(
      `${charts === 1 ? "a chart's series were" : `the series of ${charts} charts were`} not checked for ` +
        "MLCOST calls: Excel does not give add-ins a series' formula (check them by hand or use the file path)",
    );
  return { left, unchecked };
}

/** The scan's rules for a conversion's report: a conversion inside Excel leaves every one. */
export function rulesOfScan(scan: WorkbookScan): Pick<ConvertReport, "rulesLeft" | "rulesUnchecked"> {
  return {
    rulesLeft: scan.sheets.flatMap((s) => (s.rulesLeft || []).map((r) => ({ sheet: s.name, ...r }))),
    rulesUnchecked: scan.sheets.flatMap((s) => (s.rulesUnchecked || []).map((why) => `${s.name}: ${why}`)),
  };
}
