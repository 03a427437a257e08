/*
 * Which budget sheet plan against actual reads (insertActuals.ts, budgetSheetInWorkbook), against the recording
 * fake: the record keeps the sheet's Worksheet.id, so a renamed budget sheet is still found (and the actuals'
 * formulas point at its name now), a user's own sheet later named "Budget" is not taken for it, and a sheet whose
 * column A does not hold the budget layout's headings is never read; each passed-over sheet is said.
 */
import { billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import { actualsLayout } from "../../../src/bill/sheet/actualsLayout";
import { budgetSheetInWorkbook, insertActualsSheet } from "../../../src/bill/sheet/insertActuals";
import { BudgetPlan, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { EXAMPLE_BUDGET_ESTATE, oneModelPlan } from "../../../src/budget/model/budgetModels";
import { insertBudgetModelsSheet } from "../../../src/budget/sheet/insertBudget";
import { recordedSheetHeadings } from "../../../src/budget/sheet/budgetRecord";
import { BUDGET_SHEETS_KEY, budgetSheetsText, readBudgetSheets } from "../../../src/budget/sheet/budgetRecord";
import { insertBudgetSheet } from "../../../src/budget/sheet/insertBudget";
import { BudgetHeading, budgetSheetHeadings } from "../../../src/budget/sheet/budgetLayout";
import { isProblem } from "../../../src/core/model/problems";
import { FakeExcel, FakeSeed, installFakeExcel } from "../../support/fakeExcel";
import { unwrap } from "../../support/unwrap";

const PLAN: BudgetPlan = { ...STEADY_GROWTH_EXAMPLE, firstMonth: "2026-01" };
const EMPTY: FakeSeed = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };
const ROWS: BillResultRow[] = [
  {
    section: "mapped",
    month: "2026-01",
    currency: "USD",
    role: "training",
    pricing_category: "Standard",
    consumed_hours: 600,
    paid_hours: 600,
    effective_cost: 1200,
    billed_cost: 1200,
    row_count: 1,
    null_consumed_rows: 0,
  },
  { section: "total", month: "2026-01", currency: "USD", effective_cost: 1200, billed_cost: 1200, row_count: 1 },
];
const SOURCE = { files: ["bill.csv"], importedAt: "2026-12-01 14:05 UTC", focusVersion: "1.2" };

/** The records the workbook's settings hold now. */
const recordsOf = (fake: FakeExcel) => readBudgetSheets(fake.settings[BUDGET_SHEETS_KEY]).records;

/** A fake workbook with one budget sheet inserted by the add-in, its record saved. */
async function withBudgetSheet(seed: FakeSeed = EMPTY): Promise<FakeExcel> {
  const fake = installFakeExcel(seed);
  unwrap(await insertBudgetSheet(PLAN));
  return fake;
}

test("the record keeps the budget sheet's id, which a rename keeps: the renamed sheet is read, and said", async () => {
  const fake = await withBudgetSheet();
  expect(recordsOf(fake)[0]).toMatchObject({ sheetName: "Budget", sheetId: fake.sheetMeta("Budget")!.id });
  fake.renameSheet("Budget", "Plan 2026");
  const found = await budgetSheetInWorkbook(recordsOf(fake));
  expect(found.budget).toMatchObject({ sheetName: "Plan 2026", plan: oneModelPlan(PLAN) });
  expect(found.notes).toEqual(['"Plan 2026" is the budget sheet inserted as "Budget", renamed since.']);
  // the actuals' plan rows point at the sheet's name now
  const inserted = unwrap(
    await insertActualsSheet({ months: billMonthsOf(ROWS).months, source: SOURCE, budget: found.budget }),
  );
  const formulas = Object.values(fake.cells[inserted.sheetName]).map((c) => String(c.value));
  expect(formulas.some((f) => f.includes("'Plan 2026'!"))).toBe(true);
  expect(formulas.some((f) => f.includes("'Budget'!"))).toBe(false);
});

test("a user's own sheet later named as the budget sheet was is not taken for it", async () => {
  const fake = await withBudgetSheet();
  fake.renameSheet("Budget", "Old plan");
  const records = recordsOf(fake).map((r) => ({ ...r, sheetId: "{not-in-this-workbook}" }));
  // the budget sheet itself is gone (its id is no sheet's); a sheet named "Budget" is the user's
  fake.renameSheet("Old plan", "Budget");
  const found = await budgetSheetInWorkbook(records);
  expect(found).toEqual({ notes: [] });
});

test("a record without an id (an earlier release's) finds its sheet by name, read only with its headings", async () => {
  const fake = await withBudgetSheet();
  const legacy = recordsOf(fake).map(({ sheetName, plan }) => ({ sheetName, plan }));
  expect((await budgetSheetInWorkbook(legacy)).budget).toMatchObject({ sheetName: "Budget" });
  // a user's own sheet under the name: column A holds something else where the budget's headings are
  const own = installFakeExcel({
    sheets: [{ name: "Budget", cells: { "A1:A3": [["My budget"], ["Jan"], ["Feb"]] } }],
    names: [],
  });
  expect(own.sheets).toHaveLength(1);
  const found = await budgetSheetInWorkbook(legacy);
  expect(found.budget).toBeUndefined();
  expect(found.notes).toEqual([
    'The sheet "Budget" is not laid out as the budget sheet recorded (A16 reads nothing, not "Month"), so it is ' +
      "not read.",
  ]);
});

test("a budget sheet whose headings were typed over is passed over, said, for an older one that reads", async () => {
  const fake = await withBudgetSheet();
  unwrap(await insertBudgetSheet(PLAN));
  const [newest, older] = recordsOf(fake);
  expect([newest.sheetName, older.sheetName]).toEqual(["Budget (2)", "Budget"]);
  const headings = budgetSheetHeadings(PLAN) as BudgetHeading[];
  const training = `A${headings.find((h) => h.label === "Training")!.row}`;
  fake.cells["Budget (2)"][training] = { format: "General", type: "text", value: "Notes" };
  const found = await budgetSheetInWorkbook([newest, older]);
  expect(found.budget).toMatchObject({ sheetName: "Budget" });
  expect(found.notes).toEqual([
    `The sheet "Budget (2)" is not laid out as the budget sheet recorded (${training} reads "Notes", not ` +
      '"Training"), so it is not read.',
  ]);
});

test("no records, or an Excel that cannot be asked, find no budget sheet and throw nothing", async () => {
  installFakeExcel(EMPTY);
  expect(await budgetSheetInWorkbook([])).toEqual({ notes: [] });
  const excel = (globalThis as unknown as { Excel: { run: () => Promise<unknown> } }).Excel;
  excel.run = () => Promise.reject(new Error("no Excel"));
  const records = JSON.parse(budgetSheetsText([{ sheetName: "Budget", plan: oneModelPlan(PLAN) }])).records;
  expect(await budgetSheetInWorkbook(records)).toEqual({ notes: [] });
});

test("plan against actual read from the found sheet is the layout of that record", async () => {
  const fake = await withBudgetSheet();
  const { budget } = await budgetSheetInWorkbook(recordsOf(fake));
  const layout = actualsLayout({ months: billMonthsOf(ROWS).months, source: SOURCE, budget });
  expect(isProblem(layout)).toBe(false);
  expect(isProblem(layout) ? [] : layout.names.map((n) => n.name)).toContain("ActualsTrainingVariance");
});

test("a budget sheet of several models is recorded, found by its estate's rows, and read there", async () => {
  const fake = installFakeExcel(EMPTY);
  const estate = { ...EXAMPLE_BUDGET_ESTATE, firstMonth: "2026-01" };
  unwrap(await insertBudgetModelsSheet(estate));
  const [record] = recordsOf(fake);
  expect(record.plan.models).toHaveLength(3);
  const headings = unwrap(recordedSheetHeadings(record.plan));
  expect(headings.map((h) => h.label)).toEqual([
    "Month",
    "Training, every model",
    "Serving, paid, every model",
    "Cost, every model",
  ]);
  const { budget, notes } = await budgetSheetInWorkbook([record]);
  expect(notes).toEqual([]);
  const layout = unwrap(actualsLayout({ months: billMonthsOf(ROWS).months, source: SOURCE, budget }));
  const cells = layout.rows.flat().map((c) => String(c?.formula ?? c?.value ?? ""));
  // the plan rows read the estate's rows of the budget sheet: its 3 models' months added
  const estateTraining = headings[1].row;
  expect(cells.some((f) => f.includes(`'Budget'!$D$${estateTraining}:$O$${estateTraining}`))).toBe(true);
  expect(cells.some((f) => f.includes("the estate's month (its 3 models added)"))).toBe(true);
});
