/*
 * A downloaded workbook's bytes (workbookBytes), with its notes sheet (core/notes/cover.ts) added last after every
 * sheet of the workbook is written, so it describes what is there: each sheet's title (A1), its blue input cells
 * (the input role's fill, styles.ts) and its master check (the cell whose result is "Check: OK" or names a
 * failure), read off the ExcelJS sheets. Type-only import of ExcelJS: the writer that made the workbook loads it.
 */
import type { Workbook, Worksheet } from "exceljs";
import { cellAddress } from "../excel/a1";
import { CHECK_FAILED, CHECKS_OK } from "../sheet/checks";
import { COVER_SHEET_NAME, CoveredSheet, coverLayout } from "../notes/cover";
import { ROLE_STYLES } from "../sheet/styles";
import { Written, writtenNow, xlsxPage } from "./pageFinish";
import { addLayoutSheet, finishXlsxSheet } from "./xlsxSheet";

/** Whether a written cell is a master check: a formula whose cached result is the check vocabulary's answer. */
function isMasterCheck(value: unknown): boolean {
  const result = (value as { formula?: string; result?: unknown } | null)?.result;
  return typeof result === "string" && (result === CHECKS_OK || result.startsWith(CHECK_FAILED));
}

/** The input role's fill as ExcelJS holds it: "FFDDEBF7". */
const INPUT_FILL = `FF${(ROLE_STYLES.input?.fill ?? "").replace("#", "").toUpperCase()}`;

/** What the notes say of one written sheet. */
function coveredSheet(sheet: Worksheet): CoveredSheet {
  const inputs: string[] = [];
  let masterCheck: string | undefined;
  // Empty cells too: an optional input left blank (blank = the computed default) is still a blue input cell.
  sheet.eachRow({ includeEmpty: true }, (row, r) =>
    row.eachCell({ includeEmpty: true }, (cell, c) => {
      const fill = cell.fill as { fgColor?: { argb?: string } } | undefined;
      if (fill?.fgColor?.argb === INPUT_FILL) inputs.push(cellAddress(r - 1, c - 1));
      if (!masterCheck && isMasterCheck(cell.value)) masterCheck = cellAddress(r - 1, c - 1);
    }),
  );
  const title = sheet.getCell("A1").value;
  return {
    name: sheet.name,
    title: typeof title === "string" ? title : "",
    inputs: { count: inputs.length, first: inputs[0] },
    ...(masterCheck ? { masterCheck } : {}),
  };
}

/** Adds the notes sheet last to `workbook`, describing every sheet it holds; `priceSources` listed under prices. */
export function addCoverSheet(
  workbook: Workbook,
  priceSources: readonly string[] = [],
  written: Written = writtenNow(),
): Worksheet {
  const sheets = workbook.worksheets.map(coveredSheet);
  const layout = coverLayout({ sheets, written, priceSources });
  const sheet = addLayoutSheet(workbook, COVER_SHEET_NAME, { ...layout, names: [] });
  finishXlsxSheet(sheet, xlsxPage(layout, { pagesTall: 0 }, written), []);
  return sheet;
}

/** What a workbook's notes sheet lists beyond what its sheets show (xlsxCover.ts). */
export interface WorkbookNotes {
  /** the dated public prices a planner may start from, one line each */
  priceSources?: readonly string[];
}

/**
 * The workbook's bytes: its notes sheet added last (xlsxCover.ts), then the workbook functions (the LAMBDA twins)
 * added as names by `withWorkbookFunctions` (portable/excel's, which each writer hands in, as core imports no
 * capability).
 */
export async function workbookBytes(
  workbook: Workbook,
  withWorkbookFunctions: (written: ArrayBuffer) => Promise<ArrayBuffer>,
  notes: WorkbookNotes = {},
): Promise<ArrayBuffer> {
  addCoverSheet(workbook, notes.priceSources);
  return withWorkbookFunctions((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}
