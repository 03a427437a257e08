/*
 * The one mechanism that inserts a generated sheet (the stage sheet, the what-if sheet, the annual
 * sheet) into the open workbook through Office.js, whatever the sheet: a SheetKind says its base
 * names and, for a chosen name suffix, its cells, names, tables, charts and finish. In syncs:
 *  1. read the sheet, defined-name and table lists, so nothing of the user's is touched or shadowed;
 *  2. every data write at once: sheet, names, cells, formats, styles, tables;
 *  3. each chart in a batch of its own (sheetWriterCharts.ts), so that a chart that fails costs that
 *     chart, never the cells;
 *  4. the finish, in a batch of its own for the same reason: frozen panes, input validation and the
 *     page setup, each only where this Excel has its requirement set (finish.ts);
 *  5. the workbook functions (the LAMBDA twins: the kind's `workbookFunctions`, portable's adder, which
 *     each Insert hands in, as core imports no capability), only those the sheet's formulas call: one sync
 *     reads the names, one adds the twins as workbook-scoped names. Last and on their own, so that a
 *     refusal (an Excel without LAMBDA, a name taken meanwhile) costs the twins, never the sheet; a
 *     name the workbook has is never overwritten, and the result lists it with the reason;
 *  6. the notes sheet (notesSync.ts): the first read looks up its name, the data batch reads its list, and one sync
 *     of its own writes it with this sheet added, so that a refusal costs the notes, never the sheet.
 * Where this Excel has ExcelApi 1.20, the whole try (every sync above) runs as one undo group, so
 * one Undo takes the insert back: Excel.run's RunOptions.mergeUndoGroup, "when true, all
 * `context.sync()` calls in a single `Excel.run` are merged into one undo group"
 * (https://learn.microsoft.com/javascript/api/excel/excel.runoptions,
 * https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-undo-capabilities). An older Excel
 * runs it as before, each sync its own undo step. A grouped call that Excel cannot undo is refused with
 * the error UndoNotSupported (the same page): the data batch so refused is taken back and tried again
 * once, ungrouped. Nothing Insert calls is on that page's list of APIs without undo.
 * Excel applies a failing batch up to the operation that fails. A failed data batch is taken back
 * object by object, and only what this insert made (sheetWriterTakeBack.ts). When the failure was
 * Excel refusing the sheet name although no listed sheet bears it (a chart sheet: Office.js lists
 * worksheets only, https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-worksheets),
 * the insert tries the next free name.
 */
import { rowOf } from "../excel/a1";
import { isProblem, Problem } from "../model/problems";
import { choosePlacement, Placement } from "../sheet/collisions";
import { finishSheet } from "./finish";
import { formulaGrid } from "../sheet/grid";
import { SheetDraft, styleCells, writeCells } from "./sheetCells";
import { queueNotesLookup, queueNotesRead, writeNotes } from "./notesSync";
import { coveredDraft } from "../notes/insertedNotes";
import { addCharts } from "./sheetWriterCharts";
import { isAlreadyExists, Mark, newMark, TakeBack, takeBackOrSay, takeBackReport } from "./sheetWriterTakeBack";
import { attempt, hasExcelApi, newSession, Session } from "./officeSync";
import { TABLE_STYLE } from "../sheet/styles";

export type { SheetChart } from "./sheetWriterCharts";
export type { SheetDraft, SheetTable } from "./sheetCells";

/** What was inserted, for the pane's status line and for the tests. */
export interface InsertResult {
  sheetName: string;
  nameSuffix: string;
  syncs: number;
  /** whether every chart of the sheet was drawn */
  chart: boolean;
  /** why the sheet lacks a chart, when it lacks one (each missing chart named, where it has several) */
  chartSkipped?: string;
  /** what of frozen panes, input validation and page setup is missing, and why */
  finishSkipped?: string;
  /** the workbook functions (LAMBDA twins) added as workbook-scoped names */
  functionsAdded: string[];
  /** twins not added because the workbook has a name of that spelling (its own, or this sheet's Crossover) */
  functionsKept: WorkbookFunctionsAdded["kept"];
  /** why some or all workbook functions could not be added (Excel refused them, or lacks ExcelApi 1.7) */
  functionsSkipped?: string;
  /** the notes sheet that lists this sheet (notesSync.ts), where it was written */
  notesSheet?: string;
  /** why the notes sheet was not written, where it was not */
  notesSkipped?: string;
}

/** What adding the workbook functions did: the names added, those kept out and why, and why some could not go in. */
export interface WorkbookFunctionsAdded {
  added: string[];
  kept: { name: string; reason: string }[];
  skipped?: string;
}

/** A sheet the writer can insert: where copies go, the draft of each, and the workbook functions added after it. */
export interface SheetKind<D extends SheetDraft | Problem> {
  /** "Cost stages": a second copy is "Cost stages (2)", its names suffixed "_2" */
  baseSheetName: string;
  /** every defined and table name the sheet may carry, unsuffixed: a copy's suffix leaves all of them free */
  baseNames: readonly string[];
  /** the draft with names suffixed `nameSuffix`, or the Problem that stops the sheet */
  draft: (nameSuffix: string) => D;
  /**
   * Adds the workbook functions (the LAMBDA twins, portable/excel's addWorkbookFunctionsIn) that the sheet's
   * `formulas` call, in `session`'s syncs, never throwing: a failure is `skipped`. Last and on its own batches,
   * after the finish.
   */
  workbookFunctions: (
    context: Excel.RequestContext,
    session: Session,
    formulas: readonly string[],
  ) => Promise<WorkbookFunctionsAdded>;
}

/** Sheet names one insert tries: each that Excel refuses costs three syncs. */
const MAX_PLACEMENTS = 4;

/** The requirement set of RunOptions.mergeUndoGroup, which makes one try one undo step. */
export const UNDO_GROUP_EXCEL_API = "1.20";

/** The error code Excel gives a grouped batch holding an operation it cannot undo (excel-add-ins-undo-capabilities). */
const UNDO_NOT_SUPPORTED = "UndoNotSupported";

/**
 * One try at a placement: inserted, stopped by a Problem, or failed (for `reason`) and taken back;
 * `undoRefused` when the failure was Excel refusing to group the data batch's undo.
 */
type Try =
  | { inserted: Omit<InsertResult, "syncs"> }
  | { problem: Problem }
  | { reason: string; placement: Placement; undone: TakeBack; undoRefused: boolean; nameRefused: boolean };

/** Whether Excel refused a batch because it cannot be undone as one group. */
const isUndoRefusal = (failure: unknown): boolean =>
  typeof failure === "object" && failure !== null && (failure as { code?: unknown }).code === UNDO_NOT_SUPPORTED;

/**
 * Inserts the sheet of `kind` into a new worksheet, with its charts where this Excel can draw
 * them, or returns the Problem its draft gives (before anything is written). Throws, after taking
 * back what it had made, when the data cannot go in. Where this Excel has ExcelApi 1.20 the insert is
 * one undo step; elsewhere each of its syncs is one.
 */
export async function insertSheet<D extends SheetDraft | Problem>(
  kind: SheetKind<D>,
): Promise<InsertResult | Extract<D, Problem>> {
  const session = newSession();
  const refused: string[] = [];
  const groupable = hasExcelApi(UNDO_GROUP_EXCEL_API);
  let grouped = true;
  for (;;) {
    const batch = (context: Excel.RequestContext) => insertOnce(context, kind, refused, session);
    const tried = await (groupable && grouped ? Excel.run({ mergeUndoGroup: true }, batch) : Excel.run(batch));
    if ("inserted" in tried) return { ...tried.inserted, syncs: session.syncs };
    if ("problem" in tried) return tried.problem as Extract<D, Problem>;
    const { reason, placement, undone, undoRefused, nameRefused } = tried;
    // Excel would not group this insert's undo: what went in is taken back; the same name again, ungrouped.
    if (undoRefused && groupable && grouped) {
      grouped = false;
      continue;
    }
    // The sheet never went in because Excel refused its name (ItemAlreadyExists: a chart sheet, or a
    // sheet added since the read). Try the next name; the name stays refused even if no listed sheet
    // bears it. Whatever else stops an add (a batch cut, a connection lost) is reported, never moved to
    // "(2)" under a name that was free; the last try's error is reported.
    if (!undone.made && nameRefused && refused.length + 1 < MAX_PLACEMENTS) {
      refused.push(placement.sheetName);
      continue;
    }
    throw new Error(`${reason} ${takeBackReport(undone)}`);
  }
}

/** Reads the workbook, writes the data in one batch, then the charts, the finish and the twins. */
async function insertOnce<D extends SheetDraft | Problem>(
  context: Excel.RequestContext,
  kind: SheetKind<D>,
  refused: readonly string[],
  session: Session,
): Promise<Try> {
  const workbook = context.workbook;
  const sheets = workbook.worksheets.load("items/name");
  const names = workbook.names.load("items/name");
  const tables = workbook.tables.load("items/name");
  const notesLookup = queueNotesLookup(workbook);
  await session.counted(context.sync());

  const placement = choosePlacement(
    [...sheets.items.map((s) => s.name), ...refused],
    [...names.items.map((n) => n.name), ...tables.items.map((t) => t.name)],
    kind.baseNames,
    kind.baseSheetName,
  );
  const draft: SheetDraft | Problem = kind.draft(placement.nameSuffix);
  if (isProblem(draft)) return { problem: draft };
  const mark = newMark(placement.sheetName);
  const sheet = queueData(workbook, draft, placement.sheetName, mark);
  const sheetNames = [...sheets.items.map((s) => s.name), placement.sheetName];
  const notesRead = queueNotesRead(workbook, notesLookup, sheetNames);
  const data = await attempt(() => session.counted(context.sync()));
  if (!data.ok) {
    const undone = await takeBackOrSay(data.reason, data.failure, placement.sheetName, draft.names, mark, session);
    const nameRefused = isAlreadyExists(data.failure);
    return { reason: data.reason, placement, undone, undoRefused: isUndoRefusal(data.failure), nameRefused };
  }
  const charts = await addCharts(context, sheet, placement.sheetName, draft.charts, session);
  const bottom = Math.max(0, ...charts.drawn.map((chart) => chart.bottomRow));
  const page = { ...draft.finish.page, printArea: printAreaDownTo(draft.finish.page.printArea, bottom) };
  const finishSkipped = await finishSheet(context, sheet, { ...draft.finish, page }, session);
  const functions = await kind.workbookFunctions(context, session, formulasOf(draft));
  const covered = coveredDraft(placement.sheetName, draft.rows);
  const notes = await writeNotes(context, session, notesRead, covered, sheetNames);
  return {
    inserted: {
      ...placement,
      ...notes,
      chart: charts.skipped.length === 0,
      ...(charts.skipped.length ? { chartSkipped: charts.skipped.join("; ") } : {}),
      ...(finishSkipped ? { finishSkipped } : {}),
      functionsAdded: functions.added,
      functionsKept: functions.kept,
      ...(functions.skipped ? { functionsSkipped: functions.skipped } : {}),
    },
  };
}

/** Every formula the draft writes ("=..."), for the workbook functions they call. */
function formulasOf(draft: SheetDraft): string[] {
  return formulaGrid({ rows: draft.rows })
    .flat()
    .filter((cell): cell is string => typeof cell === "string" && cell.startsWith("="));
}

/** A print area ("A1:I30") reaching down to `row` when that is below it. */
function printAreaDownTo(printArea: string, row: number): string {
  const [from, to] = printArea.split(":");
  return row > rowOf(to) ? `${from}:${to.replace(/\d+$/, String(row))}` : printArea;
}

/** Queues every data write for one sync: the sheet, its mark, names, cells, styles and tables. */
function queueData(workbook: Excel.Workbook, draft: SheetDraft, sheetName: string, mark: Mark): Excel.Worksheet {
  const sheet = workbook.worksheets.add(sheetName);
  workbook.names.add(mark.name, sheet.getRange("A1"));
  // Names before cells, so every formula written next resolves at once.
  for (const { name, address } of draft.names) workbook.names.add(name, sheet.getRange(address));
  writeCells(sheet, draft.rows);
  styleCells(sheet, draft);
  for (const { name, range } of draft.tables) {
    const table = sheet.tables.add(sheet.getRange(range), true);
    table.name = name;
    table.style = TABLE_STYLE;
    table.showBandedRows = false; // see styles.ts
  }
  sheet.activate();
  workbook.names.getItem(mark.name).delete();
  return sheet;
}
