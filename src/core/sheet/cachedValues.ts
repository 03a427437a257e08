/*
 * The cached result an .xlsx stores beside each formula: the model's value of the cell, computed by
 * the model (never restated here). A reader that does not
 * recalculate (a mail client's or a phone's previewer, a file browser's thumbnail) shows the
 * cached results; without them it shows blanks. A Problem becomes the Excel error the sheet's
 * formula gives for it (test/e2e/workbook.e2e.ts compares every cached value with LibreOffice's).
 */
import { EXCEL_ERROR_TEXT } from "../excel/errorCodes";
import { isProblem, Problem } from "../model/problems";

/** What a formula cell caches: a number, a text, or an Excel error such as { error: "#DIV/0!" }. */
export type CachedValue = number | string | { error: string };

/** The cached form of a model value: a Problem as its Excel error, a number too large for a cell as #NUM!. */
export function cachedOf(value: number | string | Problem): CachedValue {
  if (isProblem(value)) return { error: EXCEL_ERROR_TEXT[value.kind] };
  if (typeof value === "number" && !Number.isFinite(value)) return { error: EXCEL_ERROR_TEXT.invalidNumber };
  return value;
}
