/*
 * The notes sheet on Insert (issue 28), in Office.js: the pure part is core/notes (cover.ts lays the sheet out,
 * insertedNotes.ts merges its list). One sync more than an Insert without notes: the notes name is looked up in
 * the Insert's first read, the notes sheet's values are read in its data batch, and the notes are written last, in
 * a batch of their own, so that a refusal costs the notes, never the sheet.
 *  - Ours is the sheet the workbook-scoped name NOTES_NAME refers to (Workbook.names holds the workbook's scope:
 *    "A collection of all the NamedItem objects that are part of the workbook or worksheet, depending on how it
 *    was reached", https://learn.microsoft.com/javascript/api/excel/excel.nameditemcollection). A reference name
 *    follows its sheet when the user renames it; NamedItem.formula, its reference as text, is ExcelApi 1.7
 *    (https://learn.microsoft.com/javascript/api/excel/excel.nameditem#excel-excel-nameditem-formula-member).
 *  - A sheet of the notes' name that the name does not point at is the user's: never written; our notes go to
 *    the first free name, as every Insert's sheet does (collisions.ts).
 *  - A new notes sheet goes in by WorksheetCollection.add, which puts it after the existing sheets and does not
 *    activate it ("If you wish to activate the newly added worksheet, call .activate() on it",
 *    https://learn.microsoft.com/javascript/api/excel/excel.worksheetcollection#excel-excel-worksheetcollection-add-member(1)):
 *    the inserted sheet stays the one shown. Its visibility is left as Excel makes it (Visible); one the user hid
 *    stays hidden, as Worksheet.visibility is never set here.
 *  - Our notes are rewritten whole in columns A:B, where the notes lie; anything the user put in another column
 *    stays.
 */
import { choosePlacement } from "../sheet/collisions";
import { COVER_SHEET_NAME, CoveredSheet, coveredSheetsIn, coverLayout } from "../notes/cover";
import { mergedCover, NOTES_NAME } from "../notes/insertedNotes";
import { attempt, lacksExcelApi, Session } from "./officeSync";
import { ADDIN_VERSION, isoDate } from "../notes/version";
import { styleCells, writeCells } from "./sheetCells";

/** The requirement set of NamedItem.formula, by which the notes name is read. */
const NOTES_EXCEL_API = "1.7";

/** What the notes need of this Excel, as the result says it when it lacks it. */
const NOTES_NEED = "the notes sheet";

/** The notes name as the first read looked it up; undefined where this Excel lacks NOTES_EXCEL_API. */
export type NotesLookup = Excel.NamedItem | undefined;

/** Queues the notes name's lookup into the Insert's first read. */
export function queueNotesLookup(workbook: Excel.Workbook): NotesLookup {
  const lacks = lacksExcelApi(NOTES_EXCEL_API, NOTES_NEED);
  return lacks ? undefined : workbook.names.getItemOrNullObject(NOTES_NAME).load("formula");
}

/** What the data batch read of our notes: its sheet and its used range, or none; and whether the name is stale. */
export interface NotesRead {
  lacks?: string;
  sheet?: string;
  used?: Excel.Range;
  /** the name exists but points at no sheet the workbook has (its sheet was deleted): it is added again */
  stale: boolean;
}

/** The sheet a reference formula ("='About this workbook'!$A$1") points at, or undefined (=#REF!). */
export function sheetOfReference(formula: string): string | undefined {
  const found = /^=(?:'((?:[^']|'')+)'|([^!'"=]+))!\$?[A-Z]+\$?\d+$/.exec(formula);
  return found ? (found[1]?.replace(/''/g, "'") ?? found[2]) : undefined;
}

/** Queues, into the data batch, the read of our notes sheet's values where the first read found it. */
export function queueNotesRead(
  workbook: Excel.Workbook,
  lookup: NotesLookup,
  sheetNames: readonly string[],
): NotesRead {
  const lacks = lacksExcelApi(NOTES_EXCEL_API, NOTES_NEED);
  if (lacks || !lookup) return { ...(lacks ? { lacks } : {}), stale: false };
  if (lookup.isNullObject) return { stale: false };
  const pointed = sheetOfReference(lookup.formula);
  const sheet = sheetNames.find((name) => pointed !== undefined && name.toLowerCase() === pointed.toLowerCase());
  if (!sheet) return { stale: true };
  const used = workbook.worksheets.getItem(sheet).getUsedRange().load("values,rowIndex,rowCount,columnIndex");
  return { sheet, used, stale: false };
}

/** What the notes batch did: the notes sheet written, or why there are none. */
export type NotesWritten = { notesSheet: string } | { notesSkipped: string };

/**
 * Writes the notes, listing `added` after the sheets our notes listed that `sheetNames` (the workbook's, `added`
 * included) still holds, into our notes sheet or a new one at a free name; one sync, never throwing.
 */
export async function writeNotes(
  context: Excel.RequestContext,
  session: Session,
  read: NotesRead,
  added: CoveredSheet,
  sheetNames: readonly string[],
): Promise<NotesWritten> {
  if (read.lacks) return { notesSkipped: read.lacks };
  const used = read.used;
  const listed = used && used.rowIndex === 0 && used.columnIndex === 0 ? coveredSheetsIn(used.values) : [];
  const layout = coverLayout({
    sheets: mergedCover(listed, added, sheetNames),
    written: { version: ADDIN_VERSION, date: isoDate(new Date()) },
  });
  const workbook = context.workbook;
  const name = read.sheet ?? choosePlacement(sheetNames, [], [], COVER_SHEET_NAME).sheetName;
  const sheet = read.sheet ? workbook.worksheets.getItem(name) : workbook.worksheets.add(name);
  if (used) sheet.getRange(`A1:B${Math.max(1, used.rowIndex + used.rowCount)}`).clear();
  if (read.stale) workbook.names.getItem(NOTES_NAME).delete();
  if (!read.sheet) workbook.names.add(NOTES_NAME, sheet.getRange("A1"));
  writeCells(sheet, layout.rows);
  styleCells(sheet, layout);
  const synced = await attempt(() => session.counted(context.sync()));
  return synced.ok ? { notesSheet: name } : { notesSkipped: `the notes sheet could not be written: ${synced.reason}` };
}
