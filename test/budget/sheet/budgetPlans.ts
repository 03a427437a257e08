/*
 * Generated budget plans the model computes (fast-check), and the model's figures of a plan, for the budget
 * sheet's tests and the budget builders' cases: every kind of plan a planner may write, from a flat year to
 * five years of steep growth, with typed months, re-scans, a price, a budget and a lever.
 */
import fc from "fast-check";
import { budgetOf, BudgetResult } from "../../../src/budget/model/budget";
import { BudgetPlan, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";

/** The model's figures of `plan`; a plan the model refuses fails the test with its problems. */
export function budgetFigures(plan: BudgetPlan): BudgetResult {
  const result = budgetOf(plan);
  if (Array.isArray(result)) throw new Error(result.map((p) => p.message).join(" "));
  return result;
}

/** The steady-growth example with `overrides`, and its figures. */
export const steadyWith = (overrides: Partial<BudgetPlan>): BudgetResult =>
  budgetFigures({ ...STEADY_GROWTH_EXAMPLE, ...overrides });

/** A plan of `months` months with a subset of them typed, re-scanned, and the other fields generated. */
const planOf = (months: number): fc.Arbitrary<BudgetPlan> =>
  fc
    .record({
      firstMonth: fc
        .tuple(fc.integer({ min: 1990, max: 2090 }), fc.integer({ min: 1, max: 12 }))
        .map(([y, m]) => `${y}-${String(m).padStart(2, "0")}`),
      clipsPerSecond: fc.oneof(fc.double({ min: 0.01, max: 5000, noNaN: true }), fc.constant(0)),
      monthlyGrowth: fc.oneof(fc.double({ min: -0.3, max: 0.6, noNaN: true }), fc.constant(0)),
      secondsPerClip: fc.double({ min: 1e-4, max: 0.5, noNaN: true }),
      hoursPerRun: fc.oneof(fc.double({ min: 1, max: 1e5, noNaN: true }), fc.constant(0)),
      trainingOverhead: fc.double({ min: 1, max: 3, noNaN: true }),
      retrainEveryMonths: fc.integer({ min: 1, max: months }),
      monthDays: fc.constantFrom("calendar" as const, "yearTwelfth" as const),
      daysPerYear: fc.constantFrom(360, 365),
      peakToMean: fc.double({ min: 1, max: 3, noNaN: true }),
      rescanHours: fc.oneof(fc.double({ min: 1, max: 1e5, noNaN: true }), fc.constant(0)),
      rescanMonths: fc.uniqueArray(fc.integer({ min: 1, max: months }), { maxLength: 3 }),
      priced: fc.option(fc.double({ min: 0.01, max: 10, noNaN: true }), { nil: undefined }),
      budget: fc.option(fc.double({ min: 1, max: 1e6, noNaN: true }), { nil: undefined }),
      budgetPer: fc.constantFrom("month" as const, "horizon" as const),
      lever: fc.option(fc.tuple(fc.double({ min: 1e-4, max: 0.5, noNaN: true }), fc.integer({ min: 1, max: months })), {
        nil: undefined,
      }),
      typed: fc.dictionary(
        fc.integer({ min: 1, max: months }).map(String),
        // No subnormal traffic: Excel holds none.
        fc.oneof(fc.double({ min: 1e-3, max: 5000, noNaN: true }), fc.constant(0)),
        { maxKeys: 3 },
      ),
    })
    .map(({ priced, budget, lever, typed, ...fields }) => ({
      ...fields,
      months,
      currency: "USD",
      ...(priced === undefined
        ? {}
        : { pricePerHour: priced, ...(budget === undefined ? {} : { budgetAmount: budget }) }),
      ...(lever === undefined ? {} : { leverSecondsPerClip: lever[0], leverFromMonth: lever[1] }),
      typedClipsPerSecond: Object.fromEntries(Object.entries(typed).map(([m, v]) => [Number(m), v])),
    }))
    // A horizon with no hours at all has no shares, and the model says so: not a sheet to write.
    .filter((plan) => !Array.isArray(budgetOf(plan)));

/** Plans of 1 to `maxMonths` months (60 by default), every optional part drawn. */
export const budgetPlans = (maxMonths = 60): fc.Arbitrary<BudgetPlan> =>
  fc.integer({ min: 1, max: maxMonths }).chain(planOf);
