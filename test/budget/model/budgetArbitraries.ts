/*
 * Budget plans a planner could type, generated from BUDGET_FIELDS as test/support/planArbitraries.ts generates
 * the stage and annual plans: each numeric field's domain is its own range, across the magnitudes its quantity is
 * met at; the fields that name months of the horizon (the cadence, the lever's month, the re-scans, the typed
 * months) are drawn within the horizon drawn first; a field that may be left blank is sometimes blank.
 */
import fc from "fast-check";
import { BUDGET_FIELDS, BudgetField, BudgetPlan } from "../../../src/budget/model/budgetFields";
import { between } from "../../support/planArbitraries";

/** The largest value of each quantity a test generates: every magnitude a planner meets, inside a double. */
const MAGNITUDES: Readonly<Record<string, number>> = {
  hours: 1e6,
  seconds: 10,
  days: 366,
  clipsPerSecond: 1e5,
  factor: 10,
  price: 100,
  // Growth a month, as a fraction: from a near-collapse (-90%) to doubling every month.
  percent: 1,
};

/**
 * An ISO year-month Excel can head a column with, as can every month of any horizon from it: a 60-month horizon
 * from December 9994 ends in November 9999, within Excel's dates (checkBudgetPlan refuses one that runs past them).
 */
export const calendarMonth: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1900, max: 9994 }), fc.integer({ min: 1, max: 12 }))
  .map(([year, month]) => `${year}-${String(month).padStart(2, "0")}`);

/** A value of one field inside its domain, for a horizon of `months`. */
function fieldValue(field: BudgetField, months: number): fc.Arbitrary<unknown> {
  let value: fc.Arbitrary<unknown>;
  switch (field.quantity) {
    case "calendarMonth":
      value = calendarMonth;
      break;
    case "monthCount":
    case "monthNumber":
      value = field.key === "months" ? fc.constant(months) : fc.integer({ min: 1, max: months });
      break;
    case "monthList":
      value = fc.uniqueArray(fc.integer({ min: 1, max: months }), { maxLength: Math.min(months, 6) });
      break;
    case "choice":
      value = fc.constantFrom(...field.choices!.map((choice) => choice.value));
      break;
    case "text":
      value = fc.string({ maxLength: field.maxLength ?? 8 });
      break;
    case "percent":
      value = fc.oneof(fc.constant(0), fc.double({ min: -0.9, max: MAGNITUDES.percent, noNaN: true }));
      break;
    default: {
      const range = field.range!;
      const max = MAGNITUDES[field.quantity];
      if (max === undefined) throw new Error(`No generated domain for ${field.key} (${field.quantity})`);
      value = between(range.exclusiveMinimum ? 1e-3 : range.minimum, max);
    }
  }
  return field.blankMeans === undefined || field.quantity === "monthList"
    ? value
    : fc.option(value, { nil: undefined });
}

/** Some months of the horizon with a planner's own clips per second. */
function typedTraffic(months: number): fc.Arbitrary<Record<number, number>> {
  return fc
    .uniqueArray(fc.tuple(fc.integer({ min: 1, max: months }), between(0, 1e5)), {
      maxLength: 3,
      selector: ([month]) => month,
    })
    .map((pairs) => Object.fromEntries(pairs));
}

/**
 * A plan of `months` months (any horizon when not given): every field in its domain, the lever's two fields
 * both given or both blank, and a budget only where there is a price to spend it in.
 */
export function budgetPlanOf(months?: fc.Arbitrary<number>): fc.Arbitrary<BudgetPlan> {
  return (months ?? fc.integer({ min: 1, max: 60 })).chain((horizon) => {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const field of BUDGET_FIELDS) model[field.key] = fieldValue(field, horizon);
    model.typedClipsPerSecond = typedTraffic(horizon);
    return fc.record(model).map((drawn) => {
      const plan = drawn as unknown as BudgetPlan;
      const lever = plan.leverSecondsPerClip !== undefined && plan.leverFromMonth !== undefined;
      return {
        ...plan,
        leverSecondsPerClip: lever ? plan.leverSecondsPerClip : undefined,
        leverFromMonth: lever ? plan.leverFromMonth : undefined,
        budgetAmount: plan.pricePerHour === undefined ? undefined : plan.budgetAmount,
      };
    });
  });
}

/** Budget plans of any horizon from 1 to 60 months. */
export const budgetPlan = budgetPlanOf();
