/*
 * The portable file in LibreOffice: workbooks converted to plain arithmetic (mode "plain"),
 * recalculated by LibreOffice headless on load, read back. Every converted cell must show the
 * custom function's own result for the same inputs, shared formulas and errors included, and a
 * file with a chart, an image and a pivot cache must still open and compute. (LibreOffice has no
 * LAMBDA: mode "lambda" is checked in IronCalc, test/portable/file/xlsxPackage.test.ts.)
 */
import { Workbook } from "exceljs";
import { mkdtempSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { customFunctions } from "../../src/functions/functions";
import { portableWorkbook } from "../../src/portable/file/xlsxPackage";
import { ExcelError } from "../support/customFunctionsGlobal";
import { recalculateWithLibreOffice } from "../support/libreoffice";
import { casesFixture, fullFixture, MODEL_SHEET, Shown } from "../portable/fixtures/workbooks";

/** A custom function's own result for plain cell values, as a spreadsheet shows it. */
function customResult(id: string, args: unknown[]): Shown {
  const cell = customFunctions[id](...args.map((a) => [[a]]))[0][0];
  return cell instanceof ExcelError ? { error: cell.code } : (cell as Shown);
}

/** Converts `input` to plain arithmetic, recalculates it in LibreOffice and reads the model sheet back. */
async function recalculatedPlain(input: Uint8Array, name: string) {
  const result = await portableWorkbook(input, "plain");
  if (!result.ok) throw new Error(result.message);
  const path = join(mkdtempSync(join(tmpdir(), "mlcost-portable-file-")), name);
  writeFileSync(path, result.bytes);
  const book = new Workbook();
  await book.xlsx.readFile(recalculateWithLibreOffice(path));
  return { report: result.report, sheet: book.getWorksheet(MODEL_SHEET)! };
}

/** A cell's value as LibreOffice saved it: a number, a text or an error code. */
function shown(value: unknown): Shown {
  const cell = value as { result?: unknown; error?: string } | number | string | null;
  // ExcelJS reads a formula whose cached value is 0 without its result.
  const result = cell !== null && typeof cell === "object" ? (cell.result ?? 0) : cell;
  if (result !== null && typeof result === "object" && "error" in (result as object)) return result as Shown;
  return result as Shown;
}

const same = (got: Shown, want: Shown) =>
  typeof want === "number"
    ? typeof got === "number" && Math.abs(got - want) <= 1e-12 * Math.max(1, Math.abs(want))
    : JSON.stringify(got) === JSON.stringify(want);

test("the converted cases recalculate in LibreOffice to the custom functions' results", async () => {
  const { bytes, cases } = await casesFixture(customResult);
  const { report, sheet } = await recalculatedPlain(bytes, "cases.xlsx");
  expect(report.sheets[0].left).toEqual([]);
  // Four shared groups (each one formula, on its master) and five single cells, one with a nested call.
  expect(report.sheets[0]).toMatchObject({ formulasConverted: 4 + 5, callsConverted: 4 + 5 + 1 });
  const mismatches = cases
    .map(({ cell, formula, expected }) => ({ cell, formula, got: shown(sheet.getCell(cell).value), expected }))
    .filter(({ got, expected }) => !same(got, expected));
  expect(mismatches).toEqual([]);
  // The cases cover numbers, a text result and each error the inputs can raise.
  const kinds = new Set(cases.map(({ expected }) => (typeof expected === "object" ? expected.error : typeof expected)));
  expect([...kinds].sort()).toEqual(["#DIV/0!", "#NUM!", "#VALUE!", "number", "string"]);
});

test("a converted workbook with a chart, an image and a pivot cache opens and computes", async () => {
  const { sheet } = await recalculatedPlain(await fullFixture(), "full.xlsx");
  expect(shown(sheet.getCell("C2").value)).toBe(54e6);
  expect(shown(sheet.getCell("E3").value)).toBeCloseTo((1.944e9 * 0.02) / 3600, 6);
  expect(shown(sheet.getCell("G2").value)).toBeCloseTo(2400 / 88800, 12);
  expect(shown(sheet.getCell("F2").value)).toBe(`${customResult("DOMINANTHALF", [5e6, 0.04, 600])} <ok> & "done"`);
  expect(shown(sheet.getCell("J2").value)).toBe(600 + 1200 + 40);
});

test("a formula too long as plain arithmetic is left and reported, and the rest of the file converts", async () => {
  // 25 calls deep: each level writes its argument out several times, 2^25 times the innermost.
  const deep = `${"MLCOST.CROSSOVER(".repeat(25)}A2${",B2)".repeat(25)}`;
  const book = new Workbook();
  const model = book.addWorksheet(MODEL_SHEET);
  model.getCell("A2").value = 600;
  model.getCell("B2").value = 0.04;
  model.getCell("C2").value = { formula: deep, result: 0 } as never;
  model.getCell("D2").value = { formula: "MLCOST.CROSSOVER(A2,B2)", result: 0 } as never;
  const input = new Uint8Array(await book.xlsx.writeBuffer());
  const { report, sheet } = await recalculatedPlain(input, "deep.xlsx");
  expect(report.sheets[0]).toMatchObject({ formulasConverted: 1, callsConverted: 1 });
  expect(report.sheets[0].left).toEqual([
    {
      where: "C2",
      call: deep,
      reason: expect.stringMatching(/^As plain arithmetic it would be more than \d+ characters/),
    },
  ]);
  expect(shown(sheet.getCell("D2").value)).toBe(54e6);
});
