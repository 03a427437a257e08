/*
 * The notes sheet as Insert keeps it (issue 28: a workbook built by Insert has its notes, as a download has): one
 * notes sheet per workbook, found again by a workbook-scoped name, listing every sheet Insert has written there.
 * Pure: what the notes say of the sheet being inserted is read off its layout, as the download's notes read it off
 * the written sheet (xlsxWorkbook.ts), and the list merges with what an earlier Insert's notes say
 * (coveredSheetsIn). The Office.js side is core/writers/notesSync.ts.
 */
import { cellAddress } from "../excel/a1";
import type { LayoutCell } from "../sheet/cell";
import { CHECKS_OK, textLiteral } from "../sheet/checks";
import type { CoveredSheet } from "./cover";

/**
 * The workbook-scoped name to A1 of the notes sheet Insert wrote: how the next Insert tells our notes sheet from a
 * user's sheet that happens to bear its name, and finds it again after the user renames it.
 */
export const NOTES_NAME = "MLCostNotes";

/** The master check's own words in its formula ("Check: OK" as a text constant), as masterCheckFormula writes it. */
const MASTER_CHECK_MARK = textLiteral(CHECKS_OK);

/** What the notes say of the sheet `name` that `rows` lays out: its title, its blue inputs, its master check. */
export function coveredDraft(name: string, rows: readonly (readonly (LayoutCell | null)[])[]): CoveredSheet {
  const inputs: string[] = [];
  let masterCheck: string | undefined;
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell?.role === "input") inputs.push(cellAddress(r, c));
      if (!masterCheck && cell?.formula?.includes(MASTER_CHECK_MARK)) masterCheck = cellAddress(r, c);
    }),
  );
  const title = rows[0]?.[0]?.value;
  return {
    name,
    title: typeof title === "string" ? title : "",
    inputs: { count: inputs.length, first: inputs[0] },
    ...(masterCheck ? { masterCheck } : {}),
  };
}

/**
 * The notes' list once Insert adds `added`: the sheets `listed` before that the workbook still has (`sheetNames`, as
 * Excel compares names: without case), in their order, then `added`. A listed sheet of `added`'s name (one the user
 * deleted, and Insert wrote again) gives way to it, so no sheet is listed twice.
 */
export function mergedCover(
  listed: readonly CoveredSheet[],
  added: CoveredSheet,
  sheetNames: readonly string[],
): CoveredSheet[] {
  const present = new Set(sheetNames.map((name) => name.toLowerCase()));
  const kept = listed.filter(
    (sheet) => present.has(sheet.name.toLowerCase()) && sheet.name.toLowerCase() !== added.name.toLowerCase(),
  );
  return [...kept, added];
}
