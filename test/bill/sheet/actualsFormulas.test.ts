/*
 * The actuals sheet's own builders (src/bill/sheet/actualsFormulas.ts) against the bill's model (billMonthsOf),
 * in HyperFormula (test/support/builderCases.ts); plan against actual over generated budget plans.
 */
import fc from "fast-check";
import * as actualsExcel from "../../../src/bill/sheet/actualsFormulas";
import { monthSerial } from "../../../src/budget/sheet/budgetDates";
import { BillMonth, billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import { BuilderCases, positive, quantity, signed, testBuilders } from "../../support/builderCases";
import { budgetFigures, budgetPlans } from "../../budget/sheet/budgetPlans";
import { coverageWords, NOTHING_TO_COMPARE, planCoverage, PlanSide } from "../../../src/bill/sheet/actualsPlan";

/** The ISO year-month `n - 1` months from `first` ("2027-01", 0 gives "2026-12"). */
function isoMonthOf(first: string, n: number): string {
  const index = Number(first.slice(0, 4)) * 12 + Number(first.slice(5, 7)) - 1 + n - 1;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** One mapped row of a bill's month (billSql's result shape), USD 2026-01 on demand. */
function billRow(row: Partial<BillResultRow>): BillResultRow {
  return {
    section: "mapped",
    month: "2026-01",
    currency: "USD",
    role: "training",
    pricing_category: "Standard",
    paid_hours: 0,
    consumed_hours: 0,
    effective_cost: 0,
    billed_cost: 0,
    ...row,
  };
}

/** The bill's one month from `rows`, as billMonthsOf gives it. */
const billMonth = (rows: BillResultRow[]): BillMonth => billMonthsOf(rows).months[0];

const CASES: BuilderCases<typeof actualsExcel> = {
  effectivePrice: {
    // A pricing category's EffectiveCost over the hours it paid, as the bill's month gives it.
    sample: fc.tuple(signed, positive).map(([cost, hours]) => ({
      cells: [cost, hours],
      expected: billMonth([billRow({ paid_hours: hours, effective_cost: cost })]).prices[0].pricePerHour!,
    })),
    fixed: [{ cells: [446.4, 744], expected: 0.6 }],
    formula: ([cost, hours]) => actualsExcel.effectivePrice(cost, hours),
  },
  measuredShare: {
    // Training's share of the month's cost: none where a credit makes a part negative or the whole is not positive.
    sample: fc.tuple(signed, signed).map(([training, serving]) => {
      const month = billMonth([
        billRow({ role: "training", effective_cost: training }),
        billRow({ role: "serving", effective_cost: serving }),
      ]);
      return { cells: [training, month.mapped.effectiveCost], expected: month.trainingShareOfCost ?? "no cost" };
    }),
    fixed: [
      { cells: [380, 942.4], expected: 380 / 942.4 },
      { cells: [0, 0], expected: "no cost" },
      { cells: [-5, 10], expected: "no cost" },
      { cells: [15, 10], expected: "no cost" },
    ],
    formula: ([part, whole]) => actualsExcel.measuredShare(part, whole, "no cost"),
  },
  unreconciled: {
    // The file's total less the mapped and the left-out cost: the month's effectiveDifference.
    sample: fc.tuple(signed, signed, signed).map(([mapped, leftOut, total]) => ({
      cells: [total, mapped, leftOut],
      expected: billMonth([
        billRow({ effective_cost: mapped }),
        { section: "leftOut", month: "2026-01", currency: "USD", reason: "storage", effective_cost: leftOut },
        { section: "total", month: "2026-01", currency: "USD", effective_cost: total },
      ]).effectiveDifference,
    })),
    fixed: [{ cells: [1027.4, 942.4, 85], expected: 1027.4 - 942.4 - 85 }],
    formula: ([total, mapped, leftOut]) => actualsExcel.unreconciled(total, mapped, leftOut),
  },
  reconcileFlag: {
    // 1 exactly where the month does not reconcile: half a cent, or a billionth of the total.
    sample: fc
      .tuple(fc.oneof(quantity, fc.constantFrom(10, 1e9)), fc.constantFrom(0, 0.004, 0.006, -0.006, 0.5, 2))
      .map(([total, off]) => {
        const month = billMonth([
          billRow({ effective_cost: total - off, billed_cost: total }),
          { section: "total", month: "2026-01", currency: "USD", effective_cost: total, billed_cost: total },
        ]);
        return { cells: [month.effectiveDifference, total, 0.005, 1e-9], expected: month.reconciles ? 0 : 1 };
      }),
    fixed: [
      { cells: [0.004, 10.004, 0.005, 1e-9], expected: 0 },
      { cells: [0.01, 10.01, 0.005, 1e-9], expected: 1 },
      { cells: [0.5, 1e9, 0.005, 1e-9], expected: 0 },
    ],
    formula: ([difference, total, money, relative]) => actualsExcel.reconcileFlag(difference, total, money, relative),
  },
  planOfMonth: {
    // A month found by its date among the plan's dated headings: its training hours, or words outside the horizon.
    sample: budgetPlans(24).chain((plan) =>
      fc.integer({ min: 1, max: plan.months + 3 }).map((n) => {
        const { months } = budgetFigures(plan);
        return {
          cells: [
            ...months.map((m) => monthSerial(plan.firstMonth, m.month)),
            ...months.map((m) => m.trainingHours),
            monthSerial(plan.firstMonth, n),
          ],
          expected: n <= plan.months ? months[n - 1].trainingHours : "not in the plan",
        };
      }),
    ),
    formula: (cells) => {
      const n = (cells.length - 1) / 2;
      return actualsExcel.planOfMonth(
        `${cells[0]}:${cells[n - 1]}`,
        `${cells[n]}:${cells[2 * n - 1]}`,
        cells[2 * n],
        "not in the plan",
      );
    },
  },
  inPlanFlag: {
    // 1 for a bill's month among the plan's dated headings, before, within or after the horizon: the coverage's count
    sample: budgetPlans(24).chain((plan) =>
      fc.integer({ min: -6, max: plan.months + 6 }).map((n) => {
        const serials = budgetFigures(plan).months.map((m) => monthSerial(plan.firstMonth, m.month));
        const side = { serials } as PlanSide;
        const month = isoMonthOf(plan.firstMonth, n);
        return { cells: [...serials, monthSerial(month, 1)], expected: planCoverage(side, [month]).inPlan };
      }),
    ),
    fixed: [{ cells: [46388, 46419, 46388], expected: 1 }],
    formula: (cells) => actualsExcel.inPlanFlag(`${cells[0]}:${cells[cells.length - 2]}`, cells[cells.length - 1]),
  },
  coverageSentence: {
    // The count of months in the plan among k months: the words coverageWords gives, none in its own words
    sample: fc
      .integer({ min: 1, max: 12 })
      .chain((k) => fc.integer({ min: 0, max: k }).map((inPlan) => ({ k, inPlan })))
      .map(({ k, inPlan }) => ({
        cells: [inPlan, ...Array.from({ length: k }, () => 0)],
        expected: coverageWords({ inPlan, months: k }),
      })),
    fixed: [
      { cells: [2, 0, 0, 0], expected: "2 of 3 months in the plan" },
      { cells: [0, 0, 0, 0], expected: NOTHING_TO_COMPARE },
    ],
    formula: (cells) =>
      actualsExcel.coverageSentence(cells[0], `${cells[1]}:${cells[cells.length - 1]}`, NOTHING_TO_COMPARE),
  },
  varianceAgainstPlan: {
    sample: fc.tuple(signed, fc.oneof(signed, fc.constantFrom("not in the plan", "no price"))).map(([a, p]) => ({
      cells: [a, p],
      expected: typeof p === "number" ? a - p : p,
    })),
    fixed: [{ cells: [120, 600], expected: -480 }],
    formula: ([actual, plan]) => actualsExcel.varianceAgainstPlan(actual, plan),
  },
};

testBuilders(actualsExcel, CASES);
