/*
 * The first two syncs of a scan, a conversion or a restore: the worksheets (id, visibility,
 * protection), the defined names of every scope, each sheet's used range, and the originals
 * sheet's state. Everything is queued per sync, so a workbook of any number of sheets costs two.
 */
import { isOurHeader, ORIGINALS_SHEET, RECORD_COLUMNS } from "./originals";
import { rangeAddress } from "../../core/excel/a1";
import type { Session } from "../../core/writers/officeSync";
import type { NameSeen } from "./twinsInExcel";

/** A worksheet as read. */
export interface SheetSeen {
  name: string;
  id: string;
  protected: boolean;
  /** position among the worksheets, as sheet-scoped names refer to it */
  index: number;
  /** the used range (valuesOnly), when asked for: zero-based corner and size */
  used?: { row: number; column: number; rows: number; columns: number };
}

/** The originals sheet: absent, present and MLCost's (with the first free row), or a stranger's. */
export type OriginalsSeen = { exists: false } | { exists: true; ours: boolean; nextRow: number };

/** What the first syncs read. */
export interface WorkbookSeen {
  /** every worksheet but the originals sheet */
  sheets: SheetSeen[];
  /** workbook names, and each sheet's own when asked for */
  names: NameSeen[];
  sheetNames: string[];
  originals: OriginalsSeen;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Reads the workbook in two syncs; `sheetNames` and `usedRanges` add each sheet's names and used range. */
export async function readWorkbook(
  context: Excel.RequestContext,
  session: Session,
  wanted: { sheetNames?: boolean; usedRanges?: boolean },
): Promise<WorkbookSeen> {
  const { worksheets } = context.workbook;
  worksheets.load("items/name,items/id,items/protection/protected");
  const workbookNames = context.workbook.names.load("items/name,items/formula");
  await session.counted(context.sync());

  const all = worksheets.items;
  const originalsSheet = all.find((s) => sameName(s.name, ORIGINALS_SHEET));
  const userSheets = all.filter((s) => s !== originalsSheet);
  const used = wanted.usedRanges
    ? userSheets.map((s) => s.getUsedRange(true).load("rowIndex,columnIndex,rowCount,columnCount"))
    : [];
  const scoped = wanted.sheetNames ? all.map((s) => s.names.load("items/name,items/formula")) : [];
  const originalsUsed = originalsSheet && originalsSheet.getUsedRange(true).load("rowIndex,rowCount");
  const header = originalsSheet && originalsSheet.getRange(rangeAddress(0, 0, 1, RECORD_COLUMNS)).load("values");
  if (used.length || scoped.length || originalsSheet) await session.counted(context.sync());

  const names: NameSeen[] = workbookNames.items.map((n) => ({ name: n.name, formula: String(n.formula) }));
  scoped.forEach((collection, index) =>
    collection.items.forEach((n) => names.push({ name: n.name, formula: String(n.formula), sheetIndex: index })),
  );
  const sheets = userSheets.map((s, i) => ({
    name: s.name,
    id: s.id,
    protected: !!s.protection.protected,
    index: all.indexOf(s),
    ...(used.length
      ? {
          used: {
            row: used[i].rowIndex,
            column: used[i].columnIndex,
            rows: used[i].rowCount,
            columns: used[i].columnCount,
          },
        }
      : {}),
  }));
  const originals: OriginalsSeen =
    originalsSheet && originalsUsed && header
      ? { exists: true, ours: isOurHeader(header.values[0]), nextRow: originalsUsed.rowIndex + originalsUsed.rowCount }
      : { exists: false };
  return { sheets, names, sheetNames: all.map((s) => s.name), originals };
}
