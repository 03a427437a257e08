/*
 * Every view's Insert (stage, annual, what-if, budget, actuals) against the recording fake, failing at each sync
 * after the sheet is added, and at each of the data batch's first operations (the one right after the sheet's own
 * add among them): the workbook is left either with the whole sheet and a result that says what is missing, or
 * exactly as it was, with an error that says what was removed. Never an empty sheet, and the next Insert takes the
 * sheet's own name, not "(2)".
 */
import { EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { insertAnnualSheet } from "../../../src/annual/sheet/insertAnnual";
import { billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import { insertActualsSheet } from "../../../src/bill/sheet/insertActuals";
import { STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { insertBudgetSheet } from "../../../src/budget/sheet/insertBudget";
import { isProblem, Problem } from "../../../src/core/model/problems";
import { InsertResult } from "../../../src/core/writers/sheetWriter";
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { insertStageSheet } from "../../../src/stages/sheet/insertStages";
import { insertWhatIfSheet } from "../../../src/whatIf/sheet/insertWhatIf";
import { FakeExcel, FakeSeed, installFakeExcel, NOTES_SHEET } from "../../support/fakeExcel";

const SEED: FakeSeed = {
  sheets: [{ name: "Sheet1", cells: { A1: "mine" } }],
  names: [{ name: "Mine", reference: "'Sheet1'!$A$1" }],
};

const BILL_ROWS: BillResultRow[] = [
  {
    section: "mapped",
    month: "2026-01",
    currency: "USD",
    role: "serving",
    pricing_category: "Standard",
    consumed_hours: 10,
    paid_hours: 12,
    effective_cost: 24,
    billed_cost: 24,
    row_count: 1,
    null_consumed_rows: 0,
  },
  { section: "total", month: "2026-01", currency: "USD", effective_cost: 24, billed_cost: 24, row_count: 1 },
];
const SOURCE = { files: ["bill.csv"], importedAt: "2026-12-01 14:05 UTC", focusVersion: "1.2" };

/** Each view's Insert and the sheet it adds. */
const VIEWS: [string, string, () => Promise<InsertResult | Problem>][] = [
  ["stage", "Cost stages", () => insertStageSheet(EXAMPLE_PLAN)],
  ["annual", "Annual view", () => insertAnnualSheet(EXAMPLE_ANNUAL_PLAN)],
  ["what-if", "What-if", () => insertWhatIfSheet()],
  ["budget", "Budget", () => insertBudgetSheet(STEADY_GROWTH_EXAMPLE)],
  ["actuals", "Actuals", () => insertActualsSheet({ months: billMonthsOf(BILL_ROWS).months, source: SOURCE })],
];

const injected = () => Object.assign(new Error("the connection dropped (injected)"), { code: "GeneralException" });

/**
 * Makes sync number `at` of the fake fail: its first operation fails (nothing of the batch applied, nothing
 * loaded delivered), and a sync that queues only loads rejects after it.
 */
function failSync(fake: FakeExcel, at: number): void {
  fake.failWhen = () => fake.syncs === at;
  const excel = (globalThis as unknown as { Excel: { run: (batch: unknown) => Promise<unknown> } }).Excel;
  const run = excel.run.bind(excel);
  excel.run = (batch: unknown) =>
    run((context: Excel.RequestContext) => {
      const sync = context.sync.bind(context);
      context.sync = (async (passThrough?: unknown) => {
        const result = await sync(passThrough);
        if (fake.syncs === at) throw injected();
        return result;
      }) as typeof context.sync;
      return (batch as (c: Excel.RequestContext) => Promise<unknown>)(context);
    });
}

/** Makes the `nth` operation (1-based) of the data sync (the second) fail. */
function failDataOperation(fake: FakeExcel, nth: number): void {
  let seen = 0;
  fake.failWhen = () => fake.syncs === 2 && ++seen === nth;
}

/** What the Insert came to: its result, or the message it threw. */
async function outcome(insert: () => Promise<InsertResult | Problem>): Promise<InsertResult | { thrown: string }> {
  try {
    const result = await insert();
    if (isProblem(result)) throw new Error(`a problem: ${result.message}`);
    return result;
  } catch (error) {
    if (String(error).includes("a problem:")) throw error;
    return { thrown: (error as Error).message };
  }
}

/** Holds the workbook to one of the two ends, then inserts again and checks the name the second one takes. */
async function expectWholeOrNothing(
  fake: FakeExcel,
  sheetName: string,
  got: InsertResult | { thrown: string },
  insert: () => Promise<InsertResult | Problem>,
): Promise<void> {
  // The notes sheet is the Insert's last batch: written after the sheet, or skipped with its reason.
  const notes = fake.sheets.filter((s) => s.name === NOTES_SHEET);
  const added = fake.sheets.filter((s) => !SEED.sheets.some((seeded) => seeded.name === s.name) && !notes.includes(s));
  if ("thrown" in got) {
    expect(got.thrown).toMatch(
      new RegExp(`Removed what this insert had made: the sheet "${sheetName}"|This insert had made nothing`),
    );
    expect([...added, ...notes]).toEqual([]);
    expect(fake.names).toEqual(SEED.names);
  } else {
    expect(added.map((s) => s.name)).toEqual([sheetName]);
    expect(Object.keys(fake.cells[sheetName] ?? {}).length).toBeGreaterThan(10);
    const said = [got.chartSkipped, got.finishSkipped, got.functionsSkipped, got.notesSkipped].filter(Boolean);
    expect(said.join(" ")).toMatch(/injected/);
  }
  fake.failWhen = undefined;
  const again = await insert();
  if (isProblem(again)) throw new Error(again.message);
  expect(again.sheetName).toBe("thrown" in got ? sheetName : `${sheetName} (2)`);
}

describe.each(VIEWS)("the %s Insert", (_, sheetName, insert) => {
  let syncs = 0;
  let dataOperations = 0;
  beforeAll(async () => {
    const fake = installFakeExcel(SEED);
    fake.failWhen = () => {
      if (fake.syncs === 2) dataOperations++;
      return false;
    };
    const result = await insert();
    if (isProblem(result)) throw new Error(result.message);
    syncs = result.syncs;
  });

  test("has a data sync and at least a finish after it (no workbook functions: the sheets call none)", () => {
    expect(syncs).toBeGreaterThanOrEqual(3);
    expect(dataOperations).toBeGreaterThan(5);
  });

  test("failing at each sync after the sheet is added leaves the whole sheet or nothing", async () => {
    for (let at = 2; at <= syncs; at++) {
      const fake = installFakeExcel(SEED);
      failSync(fake, at);
      const got = await outcome(insert);
      await expectWholeOrNothing(fake, sheetName, got, insert);
    }
  });

  test.each([1, 2, 3, 4, "last"] as const)(
    "failing at the data batch's operation %s leaves nothing, and says so",
    async (nth) => {
      const fake = installFakeExcel(SEED);
      failDataOperation(fake, nth === "last" ? dataOperations : nth);
      const got = await outcome(insert);
      if (nth === 1) {
        // the sheet's own add failed: nothing went in, and the error says so
        expect("thrown" in got && got.thrown).toMatch(/This insert had made nothing, so nothing was removed\./);
        expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
        return;
      }
      expect("thrown" in got && got.thrown).toMatch(`Removed what this insert had made: the sheet "${sheetName}"`);
      await expectWholeOrNothing(fake, sheetName, got, insert);
    },
  );
});
