/*
 * Absurd plans (issue 27, 8): growth of 1e12% a month from 1e-300 clips/s, prices and hours at a double's edges.
 * The budget sheet's formulas multiply step by step, so a figure the model reaches through a step past a double
 * (or below Excel's smallest number) is #NUM! or 0 there while the model showed it. Such a plan is refused, with a
 * sentence naming the input to fix, before the pane shows figures or Insert writes any; any other plan's cached
 * values are what HyperFormula recalculates, and the master check reads OK (or names the growth over 100% a month).
 */
import fc from "fast-check";
import { budgetOf, BudgetProblem } from "../../../src/budget/model/budget";
import { BudgetPlan, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { BUDGET_SHEET_NAME, budgetSheetLayout, BudgetSheetLayout } from "../../../src/budget/sheet/budgetLayout";
import { isProblem } from "../../../src/core/model/problems";
import { CHECK_FAILED, CHECKS_OK } from "../../../src/core/sheet/checks";
import { cachedMismatches, hyperFormulaValue, layoutInHyperFormula } from "../../support/layoutEngines";

/** Magnitudes from a double's smallest normal to its largest, and the ordinary ones between. */
const EXTREME = [0, 1e-300, 1e-200, 1e-120, 1e-60, 1e-9, 1, 1e9, 1e60, 1e120, 1e200, 1e300];

/** Mostly an ordinary value, else any magnitude. */
const sized = (...ordinary: number[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...ordinary) },
    { weight: 1, arbitrary: fc.constantFrom(...EXTREME) },
  );

const absurdPlans: fc.Arbitrary<BudgetPlan> = fc
  .record({
    months: fc.constantFrom(1, 12, 60),
    clipsPerSecond: sized(0, 250, 1e-60, 1e60),
    monthlyGrowth: fc.constantFrom(0, 0.05, 0.5, 10, 1e10, -0.999999, 1e100),
    secondsPerClip: sized(0.04, 1e-40, 1e40),
    hoursPerRun: sized(0, 600, 1e50),
    trainingOverhead: sized(1, 1.2, 1e30),
    peakToMean: sized(1, 2, 1e40),
    rescanHours: sized(0, 50, 1e-80),
    price: fc.option(sized(2, 1e-50, 1e50), { nil: undefined }),
    lever: fc.option(sized(0.03, 1e-90, 1e90), { nil: undefined }),
  })
  .map(({ price, lever, ...plan }) => ({
    ...STEADY_GROWTH_EXAMPLE,
    ...plan,
    retrainEveryMonths: Math.min(3, plan.months),
    rescanMonths: [1],
    pricePerHour: price,
    budgetAmount: price === undefined ? undefined : 1000,
    leverSecondsPerClip: lever,
    leverFromMonth: lever === undefined ? undefined : 1,
  }));

/** The cells whose cached value HyperFormula does not recalculate, and whether the master check reads OK. */
function recalculated(layout: BudgetSheetLayout) {
  const { at } = layoutInHyperFormula(layout, BUDGET_SHEET_NAME);
  const checksRow = layout.rows.findIndex((r, i) => i < layout.page.frozenRows && r[0]?.value === "Checks");
  return {
    mismatches: cachedMismatches(layout, (address) => hyperFormulaValue(at(address))).slice(0, 3),
    checks: at(`B${checksRow + 1}`),
  };
}

test("the issue's plan, 1e12% a month from 1e-300 clips/s, is refused with a sentence naming an input", () => {
  const plan = { ...STEADY_GROWTH_EXAMPLE, clipsPerSecond: 1e-300, monthlyGrowth: 1e10, months: 60 };
  const result = budgetOf(plan);
  expect(Array.isArray(result)).toBe(true);
  const [first] = result as BudgetProblem[];
  expect(["clipsPerSecond", "monthlyGrowth"]).toContain(first.key);
  expect(first.message).toBe(
    "Clips per second in the first month must be 0 or from 1e-100 to 1e100, for the sheet's formulas to compute " +
      "it step by step; got 1e-300.",
  );
  expect(isProblem(budgetSheetLayout(plan))).toBe(true);
});

test("absurd plans: every cached value is what the sheet recalculates, or the plan is refused", () => {
  let refused = 0;
  let written = 0;
  fc.assert(
    fc.property(absurdPlans, (plan) => {
      const layout = budgetSheetLayout(plan);
      if (isProblem(layout)) {
        refused++;
        if (process.env.SHOW) console.log(layout.message);
        expect(layout.message).toMatch(/\.$/);
        return;
      }
      written++;
      // Growth over 100% a month is what a percentage typed without its sign gives: the check names it.
      const words = plan.monthlyGrowth > 1 ? CHECK_FAILED + "Traffic growth: at most 100% a month" : CHECKS_OK;
      expect({ plan, ...recalculated(layout) }).toEqual({ plan, mismatches: [], checks: words });
    }),
    { numRuns: 150, seed: 27 },
  );
  expect(refused).toBeGreaterThan(10);
  expect(written).toBeGreaterThan(10);
});
