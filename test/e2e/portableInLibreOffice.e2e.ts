/*
 * The plain-arithmetic rewrite in LibreOffice: a corpus of MLCOST formulas over cells, rewritten
 * for readers without the add-in, recalculated by LibreOffice, against the custom functions on
 * the same inputs. (The LAMBDA twins are checked in IronCalc: LibreOffice has no LAMBDA.)
 */
import { Workbook } from "exceljs";
import fc from "fast-check";
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { customFunctions } from "../../src/functions/functions";
import { columnLetter } from "../../src/core/excel/a1";
import { portableFormula } from "../../src/portable/formula/rewrite";
import { TWIN_SPECS } from "../../src/portable/formula/twins";
import { ExcelError } from "../support/customFunctionsGlobal";
import { recalculateWithLibreOffice } from "../support/libreoffice";
import { isSpreadsheetNearTie } from "../support/nearTie";
import { literalCases } from "../portable/formula/literalForms";

const value = fc.oneof(
  { weight: 8, arbitrary: fc.double({ min: 1e-6, max: 1e9, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, -2, "600h", true) },
);

test("property: 40 rewritten formulas a function recalculate in LibreOffice as the custom functions do", async () => {
  const book = new Workbook();
  const sheet = book.addWorksheet("Corpus");
  const expected: unknown[] = [];
  let row = 0;
  // Each function's arguments in columns A.. and its rewritten formula in the column after the widest function's.
  const widest = Math.max(...TWIN_SPECS.map((spec) => spec.arguments.length));
  const formulaColumn = widest + 1;
  for (const spec of TWIN_SPECS) {
    const count = spec.arguments.length;
    for (const inputs of fc.sample(fc.array(value, { minLength: count, maxLength: count }), 40)) {
      row++;
      inputs.forEach((input, c) => (sheet.getCell(row, c + 1).value = input as never));
      const call = `MLCOST.${spec.id}(${spec.arguments.map((_, c) => `${columnLetter(c)}${row}`).join(",")})`;
      sheet.getCell(row, formulaColumn).value = {
        formula: portableFormula(`=${call}`, "plain").formula.slice(1),
      } as never;
      const cell = customFunctions[spec.id](...spec.arguments.map((_, c) => [[inputs[c]]]))[0][0];
      // Arguments equal to about 15 digits, which spreadsheet arithmetic cannot tell apart, are skipped.
      const nearTie = isSpreadsheetNearTie(spec.id, inputs);
      expected.push(nearTie ? "skip" : cell instanceof ExcelError ? { error: cell.code } : cell);
    }
  }
  const path = join(mkdtempSync(join(tmpdir(), "mlcost-portable-")), "corpus.xlsx");
  await book.xlsx.writeFile(path);
  const recalculated = new Workbook();
  await recalculated.xlsx.readFile(recalculateWithLibreOffice(path));
  const back = recalculated.getWorksheet("Corpus")!;
  const mismatches = expected.flatMap((want, r) => {
    if (want === "skip") return [];
    const cell = back.getCell(r + 1, formulaColumn).value as { result?: unknown } | null;
    // ExcelJS reads a formula whose cached value is 0 without its result.
    const got = cell?.result ?? 0;
    const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));
    // A lead of 1e17 or more is spelled by each engine its own way (2.78E+020 against
    // 278000000000000000000): the side must match and the lead as a number.
    const verdict = (text: unknown) => (typeof text === "string" ? /^(\w+), (.+)x$/.exec(text) : null);
    const [g, w] = [verdict(got), verdict(want)];
    const same =
      typeof want === "number"
        ? typeof got === "number" && close(got, want)
        : g && w
          ? g[1] === w[1] && close(Number(g[2]), Number(w[2]))
          : JSON.stringify(got) === JSON.stringify(want);
    const inputs = JSON.stringify(Array.from({ length: widest }, (_, c) => back.getCell(r + 1, c + 1).value));
    return same ? [] : [`row ${r + 1} ${inputs}: LibreOffice ${JSON.stringify(got)}, custom ${JSON.stringify(want)}`];
  });
  expect(mismatches).toEqual([]);
});

test("literals in parentheses or signed recalculate in LibreOffice as the custom functions give them", async () => {
  // LibreOffice reads ISNUMBER(x)>ISLOGICAL(x) as FALSE when x is a constant (design.md, Known traps).
  const cases = literalCases();
  const book = new Workbook();
  const sheet = book.addWorksheet("Literals");
  cases.forEach(({ call }, r) => {
    sheet.getCell(r + 1, 1).value = call;
    sheet.getCell(r + 1, 2).value = { formula: portableFormula(`=${call}`, "plain").formula.slice(1) } as never;
  });
  const path = join(mkdtempSync(join(tmpdir(), "mlcost-portable-")), "literals.xlsx");
  await book.xlsx.writeFile(path);
  const recalculated = new Workbook();
  await recalculated.xlsx.readFile(recalculateWithLibreOffice(path));
  const back = recalculated.getWorksheet("Literals")!;
  const mismatches = cases.flatMap(({ id, call, values }, r) => {
    const cell = customFunctions[id](...values.map((v) => [[v]]))[0][0];
    const want = cell instanceof ExcelError ? { error: cell.code } : cell;
    const got = (back.getCell(r + 1, 2).value as { result?: unknown } | null)?.result ?? 0;
    const same =
      typeof want === "number"
        ? typeof got === "number" && Math.abs(got - want) <= 1e-12 * Math.max(1, Math.abs(want))
        : JSON.stringify(got) === JSON.stringify(want);
    return same ? [] : [`${call}: LibreOffice ${JSON.stringify(got)}, custom ${JSON.stringify(want)}`];
  });
  expect(mismatches).toEqual([]);
});
