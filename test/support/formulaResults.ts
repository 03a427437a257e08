/*
 * A saved workbook's formula results, read back with ExcelJS, and the comparison of one with the
 * model's cached value: what the LibreOffice recalculation tests of every written sheet share.
 */
import { writeFileSync } from "fs";
import { join } from "path";
import { ValueType, Workbook } from "exceljs";
import { CachedValue } from "../../src/core/sheet/cachedValues";

/** Writes a download's bytes to `folder`/`file` and gives its path. */
export function saveBytes(bytes: ArrayBuffer, folder: string, file: string): string {
  const path = join(folder, file);
  writeFileSync(path, Buffer.from(bytes));
  return path;
}

/** Every formula cell's result on `sheetName` of a saved workbook, as cached values (a number, a text, { error }). */
export async function formulaResults(path: string, sheetName: string): Promise<Map<string, CachedValue>> {
  const workbook = new Workbook();
  await workbook.xlsx.readFile(path);
  const cells = new Map<string, CachedValue>();
  // cell.result, not cell.value.result: ExcelJS's value copy drops a result of 0.
  workbook.getWorksheet(sheetName)!.eachRow((row) =>
    row.eachCell((cell) => {
      if (cell.type === ValueType.Formula) cells.set(cell.address, cell.result as CachedValue);
    }),
  );
  return cells;
}

/** Whether two results agree: numbers within 1e-12 relative, a blank text as no value, texts and errors exactly. */
export function sameResult(expected: CachedValue | undefined, actual: CachedValue | undefined): boolean {
  if (typeof expected === "number" && typeof actual === "number")
    return Math.abs(expected - actual) <= 1e-12 * Math.max(Math.abs(expected), Math.abs(actual));
  if ((expected === "" || expected === undefined) && (actual === "" || actual === undefined)) return true;
  return JSON.stringify(expected) === JSON.stringify(actual);
}
