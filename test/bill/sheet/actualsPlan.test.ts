/*
 * Plan against actual: the actuals sheet beside a real budget sheet (budgetSheetLayout) in one HyperFormula
 * workbook, each sheet with its own defined names. The plan's month is found by its date among the budget's
 * dated headings; a month outside its horizon reads "not in the plan"; moving the budget's first month moves
 * the lookup; the plan's cost is compared only in its own currency.
 */
import { CHECKS_OK } from "../../../src/core/sheet/checks";
import { DetailedCellError, HyperFormula } from "hyperformula";
import { BillMonth } from "../../../src/bill/model/billFigures";
import { ACTUALS_SHEET_NAME, ActualsSheetLayout, actualsLayout } from "../../../src/bill/sheet/actualsLayout";
import { BudgetPlan } from "../../../src/budget/model/budgetFields";
import { BUDGET_SHEET_NAME, BudgetSheetLayout, budgetSheetLayout } from "../../../src/budget/sheet/budgetLayout";
import { monthSerial } from "../../../src/budget/sheet/budgetDates";
import { monthColumn } from "../../../src/budget/sheet/budgetRows";
import { absoluteReference } from "../../../src/core/excel/a1";
import type { CachedValue } from "../../../src/core/sheet/cachedValues";
import { cachedMismatches } from "../../support/layoutEngines";
import { NOTHING_TO_COMPARE } from "../../../src/bill/sheet/actualsPlan";
import { namedAddress } from "../../support/layoutCells";
import { unwrap } from "../../support/unwrap";
import { FIXTURE_SOURCE, fixtureMonths, PLAN_FROM_FEBRUARY } from "./billMonths";
import { ENGINE_START_MS } from "../../support/deadlines";

let months: BillMonth[];
beforeAll(async () => {
  months = await fixtureMonths();
}, ENGINE_START_MS);

type Sheet = { name: string; layout: (ActualsSheetLayout | BudgetSheetLayout) & object };

/** Both sheets in one HyperFormula workbook, each name an absolute reference to its sheet's cell. */
function workbookOf(sheets: Sheet[]) {
  const hf = HyperFormula.buildEmpty({ licenseKey: "gpl-v3", smartRounding: false });
  for (const { name } of sheets) hf.addSheet(name);
  for (const { name, layout } of sheets)
    for (const n of layout.names) hf.addNamedExpression(n.name, `=${absoluteReference(name, n.address)}`);
  for (const { name, layout } of sheets)
    hf.setSheetContent(
      hf.getSheetId(name)!,
      layout.rows.map((row) =>
        row.map((cell) =>
          cell === null ? null : cell.formula !== undefined ? `=${cell.formula}` : (cell.value ?? null),
        ),
      ) as never,
    );
  const read = (sheet: string) => (address: string) => {
    const value = hf.getCellValue(hf.simpleCellAddressFromString(address, hf.getSheetId(sheet)!)!);
    return (value instanceof DetailedCellError ? { error: value.value } : value) as CachedValue;
  };
  const set = (sheet: string, address: string, value: number | string | null) =>
    hf.setCellContents(hf.simpleCellAddressFromString(address, hf.getSheetId(sheet)!)!, [[value]]);
  return { read, set };
}

const cellOf = (l: ActualsSheetLayout, key: string, month: number) =>
  `${month === 0 ? "B" : monthColumn(month - 1)}${l.rowOf[key]}`;

function beside(plan: BudgetPlan, sheetName = BUDGET_SHEET_NAME) {
  const budget = unwrap(budgetSheetLayout(plan));
  const actuals = unwrap(actualsLayout({ months, source: FIXTURE_SOURCE, budget: { sheetName, plan } }));
  const book = workbookOf([
    { name: sheetName, layout: budget },
    { name: ACTUALS_SHEET_NAME, layout: actuals },
  ]);
  return { budget, actuals, ...book, at: book.read(ACTUALS_SHEET_NAME) };
}

/*
 * By hand, the plan from February 2026 (600 h a run every 3 months, 250 clips/s growing 5% a month, 0.04 s a
 * clip, 360 days, peak-to-mean 1, $2 an hour):
 *   month 1 (Feb): training 600 h; serving 250 x 30 x 86,400 x 0.04 / 3,600 = 7,200 h; cost (600 + 7,200) x 2
 *                  = $15,600. The bill: training 32 h, serving paid 732 h, accelerators 400 + 403.20 + 22.50
 *                  + 10 = $835.70 -> -568 h, -6,468 h, -$14,764.30
 *   month 2 (Mar): training 0; serving 7,200 x 1.05 = 7,560 h; cost $15,120. The bill: 160 h, 300 h, $700
 *                  -> +160 h, -7,260 h, -$14,420
 *   January is before the plan: "not in the plan". Over the plan's months: -408 h training, -13,728 h serving.
 */
test("the plan's months found by date, with actual - plan; January is not in the plan", () => {
  const { actuals, at } = beside(PLAN_FROM_FEBRUARY);
  expect(cachedMismatches(actuals, at)).toEqual([]);
  expect(at(cellOf(actuals, "planTraining", 1))).toBe("not in the plan");
  expect(at(cellOf(actuals, "varianceTraining", 1))).toBe("not in the plan");
  expect(at(cellOf(actuals, "varianceCost", 1))).toBe("not in the plan");
  const near = (address: string, expected: number) => expect(at(address) as number).toBeCloseTo(expected, 9);
  near(cellOf(actuals, "planTraining", 2), 600);
  near(cellOf(actuals, "varianceTraining", 2), -568);
  near(cellOf(actuals, "planPaid", 2), 7200);
  near(cellOf(actuals, "variancePaid", 2), -6468);
  near(cellOf(actuals, "planCost", 2), 15_600);
  near(cellOf(actuals, "varianceCost", 2), -14_764.3);
  near(cellOf(actuals, "varianceTraining", 3), 160);
  near(cellOf(actuals, "variancePaid", 3), -7260);
  near(cellOf(actuals, "varianceCost", 3), -14_420);
  near(cellOf(actuals, "varianceTraining", 0), -408);
  near(cellOf(actuals, "variancePaid", 0), -13_728);
  near(namedAddress(actuals, "ActualsTrainingVariance"), -408);
});

test("the budget's first month moved to January: every lookup follows its dated headings", () => {
  const { budget, actuals, set, at } = beside(PLAN_FROM_FEBRUARY);
  set(BUDGET_SHEET_NAME, namedAddress(budget, "BudgetFirstMonth"), monthSerial("2026-01", 1));
  expect(at(cellOf(actuals, "planTraining", 1))).toBe(600);
  expect(at(cellOf(actuals, "planTraining", 2))).toBe(0);
  expect(at(cellOf(actuals, "planTraining", 3))).toBe(0);
  expect(at(cellOf(actuals, "varianceTraining", 1))).toBeCloseTo(120 - 600, 9);
});

/** The answer's value (B) of the line labelled `label`. */
const answerLine = (actuals: ActualsSheetLayout, label: string) =>
  `B${actuals.rows.findIndex((r, i) => i < actuals.page.frozenRows && r[0]?.value === label) + 1}`;

describe("the months compared: totals over the months both have, and how many", () => {
  const totals = ["planTraining", "varianceTraining", "planPaid", "variancePaid", "planCost", "varianceCost"];

  // Issue 28: every month outside the plan summed as 0, so the answer read "Cost against the plan 0.00 USD".
  test("no overlapping month: nothing to compare, never a total of 0, and the checks still OK", () => {
    const { actuals, at } = beside({ ...PLAN_FROM_FEBRUARY, firstMonth: "2027-01" }, "Budget (2)");
    expect(cachedMismatches(actuals, at)).toEqual([]);
    for (const month of [1, 2, 3]) expect(at(cellOf(actuals, "variancePaid", month))).toBe("not in the plan");
    for (const key of totals) expect(at(cellOf(actuals, key, 0))).toBe(NOTHING_TO_COMPARE);
    for (const month of [0, 1, 2, 3]) expect(at(cellOf(actuals, "inPlan", month))).toBe(0);
    expect(at(answerLine(actuals, "Months against the plan"))).toBe(NOTHING_TO_COMPARE);
    expect(at(answerLine(actuals, "Cost against the plan"))).toBe(NOTHING_TO_COMPARE);
    expect(at(answerLine(actuals, "Training against the plan"))).toBe(NOTHING_TO_COMPARE);
    expect(at(answerLine(actuals, "Checks"))).toBe(CHECKS_OK);
  });

  test("a partial overlap: 2 of 3 months in the plan, the totals over those two alone", () => {
    const { actuals, at } = beside(PLAN_FROM_FEBRUARY);
    expect(cachedMismatches(actuals, at)).toEqual([]);
    expect([1, 2, 3].map((m) => at(cellOf(actuals, "inPlan", m)))).toEqual([0, 1, 1]);
    expect(at(answerLine(actuals, "Months against the plan"))).toBe("2 of 3 months in the plan");
    expect(at(cellOf(actuals, "planTraining", 0))).toBeCloseTo(600, 9);
    expect(at(cellOf(actuals, "varianceTraining", 0))).toBeCloseTo(-568 + 160, 9);
    expect(at(answerLine(actuals, "Cost against the plan"))).toBeCloseTo(-14_764.3 - 14_420, 6);
  });

  test("all months: 3 of 3 in the plan, the totals over every month; moved in the sheet, the count follows", () => {
    const fromJanuary = { ...PLAN_FROM_FEBRUARY, firstMonth: "2026-01" };
    const { budget, actuals, at, set } = beside(fromJanuary);
    expect(cachedMismatches(actuals, at)).toEqual([]);
    expect(at(answerLine(actuals, "Months against the plan"))).toBe("3 of 3 months in the plan");
    const plan = [1, 2, 3].map((m) => at(cellOf(actuals, "planPaid", m)) as number);
    expect(at(cellOf(actuals, "planPaid", 0))).toBeCloseTo(plan[0] + plan[1] + plan[2], 9);
    // the budget's first month moved past the bill in the budget sheet: nothing to compare, live
    set(BUDGET_SHEET_NAME, namedAddress(budget, "BudgetFirstMonth"), monthSerial("2026-03", 1));
    expect(at(answerLine(actuals, "Months against the plan"))).toBe("1 of 3 months in the plan");
    set(BUDGET_SHEET_NAME, namedAddress(budget, "BudgetFirstMonth"), monthSerial("2030-01", 1));
    expect(at(answerLine(actuals, "Months against the plan"))).toBe(NOTHING_TO_COMPARE);
    expect(at(answerLine(actuals, "Serving, paid, against the plan"))).toBe(NOTHING_TO_COMPARE);
  });

  test("calendar months: a calendar plan's March counts 31 days against the bill's calendar March", () => {
    const calendar = { ...PLAN_FROM_FEBRUARY, monthDays: "calendar" as const };
    const { actuals, at } = beside(calendar);
    expect(cachedMismatches(actuals, at)).toEqual([]);
    // February 2026 has 28 days: 250 x 28 x 86,400 x 0.04 / 3,600 = 6,720 h; March 7,560 x 31 / 30 = 7,812 h
    expect(at(cellOf(actuals, "planPaid", 2))).toBeCloseTo(6720, 9);
    expect(at(cellOf(actuals, "planPaid", 3))).toBeCloseTo(7812, 9);
  });
});

test("a plan priced in another currency: hours compared, the cost not, and a note says why", () => {
  const euros = { ...PLAN_FROM_FEBRUARY, currency: "EUR" };
  const actuals = unwrap(
    actualsLayout({ months, source: FIXTURE_SOURCE, currency: "USD", budget: { sheetName: "Budget", plan: euros } }),
  );
  expect(actuals.rowOf.planTraining).toBeDefined();
  expect(actuals.rowOf.planCost).toBeUndefined();
  expect(
    actuals.rows.some((r) => r[0]?.value === "The plan is priced in EUR, the bill in USD: its cost is not compared."),
  ).toBe(true);
  // With no currency asked, the budget's currency picks the sheet's: the bill's EUR month.
  expect(
    unwrap(actualsLayout({ months, source: FIXTURE_SOURCE, budget: { sheetName: "Budget", plan: euros } })).currency,
  ).toBe("EUR");
});

test("the budget's price emptied: the plan's cost reads no price, and so does its variance", () => {
  const { budget, actuals, set, at } = beside(PLAN_FROM_FEBRUARY);
  set(BUDGET_SHEET_NAME, namedAddress(budget, "BudgetPricePerHour"), null);
  expect(at(cellOf(actuals, "planCost", 2))).toBe("no price");
  expect(at(cellOf(actuals, "varianceCost", 2))).toBe("no price");
});
