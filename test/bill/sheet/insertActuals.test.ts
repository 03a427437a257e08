/*
 * The actuals sheet inserted by the one Office.js writer, against the recording fake host: cells and names in
 * one data sync, the finish (answer and headings frozen with A:C, landscape one page wide, headings repeated),
 * the workbook functions last; a workbook whose "Actuals" sheet and an Actuals name are the user's own gets
 * "Actuals (2)" with every name suffixed, and the user's cells and names are left as they were.
 */
import { BillMonth } from "../../../src/bill/model/billFigures";
import { ACTUALS_PAGE_FIT, ACTUALS_SHEET_NAME, actualsLayout } from "../../../src/bill/sheet/actualsLayout";
import { insertActualsSheet } from "../../../src/bill/sheet/insertActuals";
import { BUDGET_SHEET_NAME } from "../../../src/budget/sheet/budgetLayout";
import { isProblem } from "../../../src/core/model/problems";
import {
  cellNames,
  cellsNotAsLaid,
  FakeSeed,
  installFakeExcel,
  NOTES_SHEET,
  printedPageLayout,
} from "../../support/fakeExcel";
import { printPlan, READABLE_SCALE_PERCENT } from "../../../src/core/writers/pageFinish";
import { TWIN_IDS } from "../../support/twinIds";
import { unwrap } from "../../support/unwrap";
import { FIXTURE_SOURCE, fixtureMonths, PLAN_FROM_FEBRUARY } from "./billMonths";
import { ENGINE_START_MS } from "../../support/deadlines";

const EMPTY: FakeSeed = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };

let months: BillMonth[];
beforeAll(async () => {
  months = await fixtureMonths();
}, ENGINE_START_MS);

test("one insert: cells and names in one sync, the finish, no twin (none called), the notes; four syncs", async () => {
  const fake = installFakeExcel(EMPTY);
  const result = unwrap(await insertActualsSheet({ months, source: FIXTURE_SOURCE }));
  expect(result).toEqual({
    sheetName: ACTUALS_SHEET_NAME,
    nameSuffix: "",
    syncs: 4, // read, data, finish, the notes
    chart: true,
    functionsAdded: [],
    functionsKept: [],
    notesSheet: NOTES_SHEET,
  });
  // The sheet is arithmetic over its names: it calls no workbook function, so none is added (workbookTwins.test).
  expect(fake.names.filter((n) => TWIN_IDS.includes(n.name))).toEqual([]);
  const layout = unwrap(actualsLayout({ months, source: FIXTURE_SOURCE }));
  expect(cellsNotAsLaid(fake, ACTUALS_SHEET_NAME, layout.rows)).toEqual([]);
  expect(cellNames(fake)).toEqual(
    layout.names.map(({ name, address }) => ({ name, reference: `'${ACTUALS_SHEET_NAME}'!${address}` })),
  );
  expect(fake.frozenRows).toEqual({ [ACTUALS_SHEET_NAME]: layout.page.frozenRows });
  expect(fake.frozenColumns).toEqual({ [ACTUALS_SHEET_NAME]: 3 });
  expect(fake.pageLayouts[ACTUALS_SHEET_NAME]).toMatchObject({
    orientation: "Landscape",
    printTitleRows: layout.page.titleRows,
    ...printedPageLayout(printPlan(layout, ACTUALS_PAGE_FIT)),
  });
  // Wider than a readable page (issue 28): at the readable scale, the label column repeated on each page.
  expect(fake.pageLayouts[ACTUALS_SHEET_NAME]).toMatchObject({
    zoom: { scale: READABLE_SCALE_PERCENT },
    printTitleColumns: "$A:$A",
  });
  expect(fake.charts).toEqual([]);
  expect(fake.pending).toBe(0);
});

test("the user's Actuals sheet and name are never written over: Actuals (2), every name suffixed _2", async () => {
  const userCells = {
    "A1:B2": [
      ["My actuals", 42],
      ["by hand", 7],
    ],
  };
  const fake = installFakeExcel({
    sheets: [
      { name: BUDGET_SHEET_NAME, cells: { A1: [["a budget of my own"]] } },
      { name: ACTUALS_SHEET_NAME, cells: userCells },
    ],
    names: [{ name: "ActualsPeakToMean", reference: `'${ACTUALS_SHEET_NAME}'!$B$1` }],
  });
  const before = JSON.stringify(fake.cells[ACTUALS_SHEET_NAME]);
  const budgetBefore = JSON.stringify(fake.cells[BUDGET_SHEET_NAME]);
  const input = { months, source: FIXTURE_SOURCE, budget: { sheetName: BUDGET_SHEET_NAME, plan: PLAN_FROM_FEBRUARY } };
  const result = unwrap(await insertActualsSheet(input));
  expect(result).toMatchObject({ sheetName: `${ACTUALS_SHEET_NAME} (2)`, nameSuffix: "_2" });
  expect(fake.sheets.map((s) => s.name)).toEqual([
    BUDGET_SHEET_NAME,
    ACTUALS_SHEET_NAME,
    `${ACTUALS_SHEET_NAME} (2)`,
    NOTES_SHEET,
  ]);
  expect(JSON.stringify(fake.cells[ACTUALS_SHEET_NAME])).toBe(before);
  expect(JSON.stringify(fake.cells[BUDGET_SHEET_NAME])).toBe(budgetBefore);
  const layout = unwrap(actualsLayout(input, "_2"));
  expect(cellsNotAsLaid(fake, `${ACTUALS_SHEET_NAME} (2)`, layout.rows)).toEqual([]);
  const names = cellNames(fake);
  expect(names[0]).toEqual({ name: "ActualsPeakToMean", reference: `'${ACTUALS_SHEET_NAME}'!$B$1` });
  expect(names.slice(1).every((n) => n.name.endsWith("_2"))).toBe(true);
  // Every write went to the new sheet or the workbook's names: none to a sheet of the user's.
  const onUsers = fake.writes.filter((w) => w.sheet === ACTUALS_SHEET_NAME || w.sheet === BUDGET_SHEET_NAME);
  expect(onUsers).toEqual([]);
  expect(new Set(fake.writes.map((w) => w.sheet))).toContain(`${ACTUALS_SHEET_NAME} (2)`);
});

test("a bill with no month in the currency asked: its problem, and nothing written", async () => {
  const fake = installFakeExcel(EMPTY);
  const result = await insertActualsSheet({ months, source: FIXTURE_SOURCE, currency: "GBP" });
  expect(isProblem(result)).toBe(true);
  expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
});
