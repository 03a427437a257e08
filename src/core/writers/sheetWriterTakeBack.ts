/*
 * Taking back a failed data batch, and only what this insert made. Office.js returns nothing
 * loaded from a failed batch (not even the id of the sheet it added), so the batch carries a mark:
 * a defined name that only this insert knows, added right after its sheet and deleted by the
 * batch's last operation. It exists exactly when the batch failed after the sheet went in, and its
 * formula then names that sheet. Looking the sheet up by name alone would take a co-author's sheet
 * that took the name between the two syncs (or another pane's identical insert) for this one's.
 * Reading a name's formula is ExcelApi 1.7 (https://learn.microsoft.com/javascript/api/excel/excel.nameditem):
 * an Excel without it takes nothing back, rather than guess, and says what to look for.
 * The one operation between the sheet's add and the mark's can fail too (the batch cut there): then the sheet is
 * in and the mark is not. The sheet is still known for this insert's: its name was free at the read, and a sheet
 * that took it since would have made the add itself fail with ItemAlreadyExists ("The resource being created
 * already exists", https://learn.microsoft.com/office/dev/add-ins/testing/application-specific-api-error-handling;
 * error codes are not localized, the same page). So a batch that failed otherwise leaves this insert's sheet under
 * its name, empty, and it is taken back: no empty sheet is left to push the next Insert to "(2)".
 */
import { absoluteReference } from "../excel/a1";
import { LayoutName } from "../sheet/sheetBasics";
import { attempt, lacksExcelApi, Session } from "./officeSync";

/** The mark of one insert: its name and the reference it holds. */
export interface Mark {
  name: string;
  reference: string;
}

/** NamedItem.formula, by which the take-back knows the mark's sheet and this insert's names. */
export const TAKE_BACK_EXCEL_API = "1.7";

/** What the clean-up after a failed data batch found and did. */
export interface TakeBack {
  /** whether the sheet had gone in (the mark was there); if not, nothing of this insert had */
  made: boolean;
  removed: string[];
  kept: string[];
}

/** A mark no other insert uses: a time and a random part, in a valid defined name. */
export function newMark(sheetName: string): Mark {
  const unique = Date.now().toString(36) + Math.random().toString(36).slice(2, 10);
  return { name: `MLCostInsert_${unique}`, reference: absoluteReference(sheetName, "A1") };
}

/** The code Excel gives an add whose name is taken (a sheet, a chart sheet, a defined name). */
const ALREADY_EXISTS = "ItemAlreadyExists";

/** Whether a batch failed because something it added already exists: for the sheet's add, its name was refused. */
export const isAlreadyExists = (failure: unknown): boolean =>
  typeof failure === "object" && failure !== null && (failure as { code?: unknown }).code === ALREADY_EXISTS;

/**
 * takeBack after a data batch failed (`failure`, said as `reason`), or an error saying what may be left if that
 * fails too.
 */
export async function takeBackOrSay(
  reason: string,
  failure: unknown,
  sheetName: string,
  names: readonly LayoutName[],
  mark: Mark,
  session: Session,
): Promise<TakeBack> {
  const lacks = lacksExcelApi(TAKE_BACK_EXCEL_API, "telling this insert's sheet and names from others'");
  const cleanup = lacks
    ? { ok: false as const, reason: lacks }
    : await attempt(() => takeBack(sheetName, names, mark, !isAlreadyExists(failure), session));
  if (cleanup.ok) return cleanup.value;
  const suchAs = names.length ? ` and names such as ${names[0].name}` : "";
  throw new Error(
    `${reason} Taking back what this insert had written failed too (${cleanup.reason}):` +
      ` look for a sheet "${sheetName}"${suchAs}.`,
  );
}

/**
 * After a failed data batch: deletes what this insert made and nothing else. Its sheet is the one
 * its mark points at; its names are those whose formula is exactly the reference it wrote (a
 * co-author's name of the same spelling, which made the batch fail, points elsewhere). Without
 * the mark no name went in, and the sheet did only if the batch was cut right after its add: a sheet
 * under its name then is this insert's when `addNotRefused` (the failure was not the add's refusal).
 */
async function takeBack(
  sheetName: string,
  names: readonly LayoutName[],
  mark: Mark,
  addNotRefused: boolean,
  session: Session,
): Promise<TakeBack> {
  return Excel.run(async (context) => {
    const { worksheets } = context.workbook;
    const lookUp = (name: string) => context.workbook.names.getItemOrNullObject(name).load("formula");
    const marker = lookUp(mark.name);
    const candidates = names.map(({ name, address }) => ({
      name,
      item: lookUp(name),
      reference: absoluteReference(sheetName, address),
    }));
    const sheet = worksheets.getItemOrNullObject(sheetName).load("name");
    await session.counted(context.sync());

    const marked = !marker.isNullObject && sameReference(marker.formula, mark.reference);
    const made = marked || (addNotRefused && !sheet.isNullObject);
    const present = candidates.filter((c) => !c.item.isNullObject);
    const mine = marked ? present.filter((c) => sameReference(c.item.formula, c.reference)) : [];
    const others = present.filter((c) => !mine.includes(c));
    if (made) {
      for (const { item } of mine) item.delete();
      if (marked) marker.delete();
      if (!sheet.isNullObject) sheet.delete();
      await session.counted(context.sync());
    }
    const nameCount = mine.length === 1 ? "1 defined name" : `${mine.length} defined names`;
    return {
      made,
      removed: made ? [`the sheet "${sheetName}"`, ...(mine.length ? [nameCount] : [])] : [],
      kept: [
        ...(!made && !sheet.isNullObject ? [`the sheet "${sheetName}"`] : []),
        ...others.map((c) => `the name ${c.name}`),
      ],
    };
  });
}

/** Whether a name's formula is `reference`: Excel writes it with "=", and "$" may differ. */
const sameReference = (formula: unknown, reference: string): boolean => {
  const plain = (text: string) => text.replace(/^=/, "").replace(/\$/g, "").toLowerCase();
  return typeof formula === "string" && plain(formula) === plain(reference);
};

/** What the clean-up removed and what it left to others, for the status line. */
export function takeBackReport({ removed, kept }: TakeBack): string {
  const removal = removed.length
    ? `Removed what this insert had made: ${removed.join(" and ")}.`
    : "This insert had made nothing, so nothing was removed.";
  return kept.length ? `${removal} Kept what others made meanwhile: ${kept.join(", ")}.` : removal;
}
