/*
 * Insert's workbook functions against the recording fake host (src/portable/excel/twinsInExcel.ts): given a sheet's
 * formulas, only the twins they call go in, transitively (issue 28), none and no sync where they call none; a twin's
 * name taken between the read and the add costs the twins after it, a twin the workbook has is kept, and an Excel
 * without names' formulas (ExcelApi 1.7) is told why. (The sheets' Inserts call none today: workbookTwins.test.)
 */
import { addWorkbookFunctionsIn, twinFormula } from "../../../src/portable/excel/twinsInExcel";
import { newSession } from "../../../src/core/writers/officeSync";
import { FakeSeed, functionNames, installFakeExcel } from "../../support/fakeExcel";
import { TWIN_IDS } from "../../support/twinIds";

const EMPTY: FakeSeed = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };
/** A formula that calls the first three twins' MLCOST functions. */
const [FIRST, SECOND, THIRD] = TWIN_IDS;
const CALLS_THREE = [`=MLCOST.${FIRST}(A1,B1)+MLCOST.${SECOND}(1)`, `=SUM(A1:A3)`, `=2*MLCOST.${THIRD}(C1)`];

/** Adds the twins `formulas` call to the fake's workbook, and the syncs it took. */
async function added(formulas: readonly string[]) {
  const session = newSession();
  const outcome = await Excel.run((context) => addWorkbookFunctionsIn(context, session, formulas));
  return { ...outcome, syncs: session.syncs };
}

test("only the twins the formulas call go in, in the catalog's order: one sync reads, one adds", async () => {
  const fake = installFakeExcel(EMPTY);
  expect(await added(CALLS_THREE)).toEqual({ added: [FIRST, SECOND, THIRD], kept: [], syncs: 2 });
  expect(functionNames(fake)).toEqual([FIRST, SECOND, THIRD]);
  expect(fake.names.map((n) => n.formula)).toEqual([FIRST, SECOND, THIRD].map(twinFormula));
});

test("formulas that call no MLCOST function get no twin, and no sync", async () => {
  const fake = installFakeExcel({ ...EMPTY, names: [{ name: "Crossover", reference: "'Sheet1'!$B$1" }] });
  expect(await added(["=A1*B1", "=SUM(C1:C9)"])).toEqual({ added: [], kept: [], syncs: 0 });
  expect(functionNames(fake)).toEqual([]);
});

test("a twin's name taken between the read and the add costs the twins after it; the reason is given", async () => {
  const theirs = { name: THIRD, reference: "'Sheet1'!$A$1" };
  const fake = installFakeExcel({ ...EMPTY, coAuthor: { afterSync: 1, addName: theirs } });
  const outcome = await added(CALLS_THREE);
  expect(outcome.added).toEqual([FIRST, SECOND]); // applied before the failing add
  expect(outcome.skipped).toBe(`ItemAlreadyExists: a name ${THIRD} already exists`);
  expect(fake.names).toContainEqual(theirs);
});

test("twins the workbook has are kept, and only those the formulas call are reported", async () => {
  installFakeExcel({ ...EMPTY, names: TWIN_IDS.map((id) => ({ name: id, formula: twinFormula(id) })) });
  const outcome = await added(CALLS_THREE);
  expect(outcome.added).toEqual([]);
  expect(outcome.kept).toEqual(
    [FIRST, SECOND, THIRD].map((name) => ({ name, reason: "The workbook already has this twin." })),
  );
});

test("an Excel without ExcelApi 1.7 (a name's formula) gets no twin, and says why, when one was wanted", async () => {
  installFakeExcel({ ...EMPTY, excelApi: "1.6" });
  const outcome = await added(CALLS_THREE);
  expect(outcome).toMatchObject({ added: [], kept: [], syncs: 0 });
  expect(outcome.skipped).toMatch(/ExcelApi 1\.7/);
});

test("without formulas (Add workbook functions) every twin goes in", async () => {
  const session = newSession();
  installFakeExcel(EMPTY);
  const outcome = await Excel.run((context) => addWorkbookFunctionsIn(context, session));
  expect(outcome.added).toEqual(TWIN_IDS);
});
