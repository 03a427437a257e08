/* The budget over time's laws as properties over the input space, and bad input as one problem per field. */
import fc from "fast-check";
import { annualTable } from "../../../src/annual/model/annual";
import { AnnualPlan } from "../../../src/annual/model/annualFields";
import { budgetOf, BudgetPlan, BudgetProblem, BudgetResult } from "../../../src/budget/model/budget";
import { BUDGET_FIELDS, BudgetKey, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { isProblem } from "../../../src/core/model/problems";
import { unwrap } from "../../support/unwrap";
import { budgetPlan, budgetPlanOf } from "./budgetArbitraries";

const near = (a: number, b: number, tolerance = 1e-12) =>
  Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b));

/** The budget of a plan that has something to budget (a horizon of 0 hours has no shares: a problem). */
function budgeted(plan: BudgetPlan): BudgetResult | undefined {
  const result = budgetOf(plan);
  if (!Array.isArray(result)) return result;
  // The problems a generated plan may meet: nothing at all to share out, with the lever or without it; or a figure
  // (a typed 5e-324 clips a second) the sheet's formulas cannot compute step by step (issue 27: sheetLimits.ts).
  if (result.length === 1 && result[0].message.includes("compute it step by step")) return undefined;
  if (result.length === 1 && result[0].message.includes("can compute step by step")) return undefined;
  expect([["hoursPerRun"], ["leverSecondsPerClip"]]).toContainEqual(result.map((p) => p.key));
  return undefined;
}

/** Every number in `value`, however deep. */
function numbersIn(value: unknown, into: number[] = []): number[] {
  if (typeof value === "number") into.push(value);
  else if (value && typeof value === "object") Object.values(value).forEach((v) => numbersIn(v, into));
  return into;
}

/** The days of the year of an ISO year-month: 365, or 366 in a leap year. */
const daysOfYear = (isoMonth: string) => {
  const year = Number(isoMonth.slice(0, 4));
  return (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;
};

/** A plan with no typed month and no lever: the growth curve alone. */
const plainPlan = budgetPlan.map((p) => ({
  ...p,
  typedClipsPerSecond: {},
  leverSecondsPerClip: undefined,
  leverFromMonth: undefined,
}));

test("every figure of a plan in its domain is finite", () => {
  fc.assert(
    fc.property(budgetPlan, (plan) => {
      const result = budgeted(plan);
      return result === undefined || numbersIn(result).every(Number.isFinite);
    }),
    { numRuns: 300 },
  );
});

test("the horizon's totals are the sums of its months, and each month's total the sum of its parts", () => {
  fc.assert(
    fc.property(budgetPlan, (plan) => {
      const result = budgeted(plan);
      if (!result) return true;
      const sum = (pick: (m: BudgetResult["months"][number]) => number) =>
        result.months.reduce((total, m) => total + pick(m), 0);
      const partsAddUp = result.months.every((m) =>
        near(m.totalHours, m.trainingHours + m.rescanHours + m.servingHoursPaid),
      );
      const priced =
        plan.pricePerHour === undefined ||
        near(
          result.cost!,
          sum((m) => m.cost!),
          1e-9,
        );
      return (
        result.months.length === plan.months &&
        partsAddUp &&
        priced &&
        near(
          result.trainingHours,
          sum((m) => m.trainingHours),
        ) &&
        near(
          result.rescanHours,
          sum((m) => m.rescanHours),
        ) &&
        near(
          result.servingHoursConsumed,
          sum((m) => m.servingHoursConsumed),
        ) &&
        near(
          result.servingHoursPaid,
          sum((m) => m.servingHoursPaid),
        ) &&
        near(
          result.totalHours,
          sum((m) => m.totalHours),
        ) &&
        near(
          result.clips,
          sum((m) => m.clips),
        ) &&
        near(result.trainingShare + result.servingShare + result.rescanShare, 1, 1e-9)
      );
    }),
    { numRuns: 300 },
  );
});

test("the crossover interval is the first whose consumed serving exceeds its training", () => {
  fc.assert(
    fc.property(budgetPlan, (plan) => {
      const result = budgeted(plan);
      if (!result) return true;
      // The intervals read again from the months: month 1, then every k months; the last counts its own months.
      const k = plan.retrainEveryMonths;
      const intervals: { first: number; last: number; training: number; serving: number }[] = [];
      for (const m of result.months) {
        if ((m.month - 1) % k === 0) intervals.push({ first: m.month, last: m.month, training: 0, serving: 0 });
        const current = intervals[intervals.length - 1];
        current.last = m.month;
        current.training += m.trainingHours;
        current.serving += m.servingHoursConsumed;
      }
      const first = intervals.findIndex((i) => i.serving > i.training);
      const expected =
        first === -1
          ? { kind: "none" }
          : first === 0
            ? { kind: "already" }
            : { kind: "at", interval: first + 1, firstMonth: intervals[first].first, lastMonth: intervals[first].last };
      expect(result.crossover).toEqual(expected);
      expect(result.intervals.length).toBe(Math.ceil(plan.months / k));
      return true;
    }),
    { numRuns: 300 },
  );
});

test("0% growth gives equal 30-day months, and calendar months in proportion to their days", () => {
  fc.assert(
    fc.property(plainPlan, (plan) => {
      const result = budgeted({ ...plan, monthlyGrowth: 0 });
      if (!result) return true;
      const first = result.months[0];
      return result.months.every(
        (m) =>
          m.clipsPerSecond === plan.clipsPerSecond &&
          (plan.monthDays === "calendar" ? near(m.clips * first.days, first.clips * m.days) : m.clips === first.clips),
      );
    }),
    { numRuns: 200 },
  );
});

test("12 months at 0% growth are the annual view's year, for a cadence that divides the year", () => {
  // 30-day months are twelfths of the annual view's year; twelve calendar months from a January are its 365 or
  // 366 days
  const year = budgetPlanOf(fc.constant(12)).chain((plan) =>
    fc.constantFrom(1, 2, 3, 4, 6, 12).map((k) => ({
      ...plan,
      ...(plan.monthDays === "calendar"
        ? { firstMonth: `${plan.firstMonth.slice(0, 4)}-01`, daysPerYear: daysOfYear(plan.firstMonth) }
        : {}),
      monthlyGrowth: 0,
      retrainEveryMonths: k,
      typedClipsPerSecond: {},
      leverSecondsPerClip: undefined,
      leverFromMonth: undefined,
    })),
  );
  fc.assert(
    fc.property(year, (plan) => {
      const result = budgeted(plan);
      if (!result) return true;
      const annual: AnnualPlan = {
        trainingHoursPerRun: plan.hoursPerRun,
        runsPerYear: 12 / plan.retrainEveryMonths,
        trainingOverhead: plan.trainingOverhead,
        secondsPerClip: plan.secondsPerClip,
        clipsPerSecond: plan.clipsPerSecond,
        daysPerYear: plan.daysPerYear,
        peakToMean: plan.peakToMean,
        rescanEvents: plan.rescanMonths.length,
        rescanHoursEach: plan.rescanHours,
        runsPerYearProposed: 12 / plan.retrainEveryMonths,
      };
      const table = unwrap(annualTable(annual));
      return (
        near(result.trainingHours, table.hours.training) &&
        near(result.clips, table.hours.clips) &&
        near(result.servingHoursConsumed, table.hours.servingConsumed) &&
        near(result.servingHoursPaid, table.hours.servingPaid) &&
        near(result.rescanHours, table.hours.rescans) &&
        near(result.totalHours, table.hours.totalPaid) &&
        near(result.trainingShare, table.trainingSharePaid as number, 1e-9)
      );
    }),
    { numRuns: 300 },
  );
});

test("the worked example's year at 0% growth is the annual view's: 2,400 + 86,400 = 88,800 h, training 2.7%", () => {
  const result = unwrap(budgetOf({ ...STEADY_GROWTH_EXAMPLE, monthlyGrowth: 0 }) as BudgetResult);
  expect(result.servingHoursConsumed).toBeCloseTo(86_400, 6);
  expect(result.totalHours).toBeCloseTo(88_800, 6);
  expect(result.trainingShare).toBeCloseTo(2_400 / 88_800, 12);
});

test("a retrain every 12 months over 12 months is one run, in month 1", () => {
  fc.assert(
    fc.property(budgetPlanOf(fc.constant(12)), (plan) => {
      const result = budgeted({ ...plan, retrainEveryMonths: 12 });
      if (!result) return true;
      return (
        result.months.map((m) => m.retrainFlag).join("") === "100000000000" &&
        result.trainingHours === plan.hoursPerRun * plan.trainingOverhead &&
        result.intervals.length === 1
      );
    }),
    { numRuns: 100 },
  );
});

test("a typed month replaces only that month's traffic", () => {
  fc.assert(
    fc.property(budgetPlan, fc.nat(), fc.double({ min: 0, max: 1e5, noNaN: true }), (plan, pick, typed) => {
      const month = 1 + (pick % plan.months);
      const without = { ...plan.typedClipsPerSecond };
      delete without[month];
      const before = budgeted({ ...plan, typedClipsPerSecond: without });
      const after = budgeted({ ...plan, typedClipsPerSecond: { ...without, [month]: typed } });
      if (!before || !after) return true;
      return after.months.every((m, i) =>
        m.month === month
          ? m.typed && m.clipsPerSecond === typed
          : m.typed === before.months[i].typed && m.clipsPerSecond === before.months[i].clipsPerSecond,
      );
    }),
    { numRuns: 200 },
  );
});

test("the lever saves the difference of the two plans, and never more than its ceiling", () => {
  fc.assert(
    fc.property(budgetPlan, (plan) => {
      const result = budgeted(plan);
      if (!result || !result.lever) return true;
      const without = budgeted({ ...plan, leverSecondsPerClip: undefined, leverFromMonth: undefined })!;
      const { savedHours, ceilingShare, savedShare } = result.lever;
      return (
        near(savedHours, without.totalHours - result.totalHours, 1e-9) &&
        savedShare <= ceilingShare + 1e-9 &&
        ceilingShare >= 0 &&
        ceilingShare <= 1
      );
    }),
    { numRuns: 300 },
  );
});

/** Values each numeric field refuses, from its range: below it, above it, a fraction of a whole, none at all. */
function refusedValues(key: BudgetKey): number[] {
  const range = BUDGET_FIELDS.find((f) => f.key === key)!.range!;
  const values = [NaN, Infinity, -Infinity, range.exclusiveMinimum ? range.minimum : range.minimum - 0.5];
  if (range.maximum !== undefined) values.push(range.maximum + 1);
  if (range.whole) values.push(range.minimum + 0.5);
  return values;
}

const rangedKeys = BUDGET_FIELDS.filter((f) => f.range).map((f) => f.key);

describe("every bad field gives its problem, naming it", () => {
  test.each(rangedKeys.flatMap((key) => refusedValues(key).map((value) => [key, value] as const)))(
    "%s = %p",
    (key, value) => {
      const plan: BudgetPlan = { ...STEADY_GROWTH_EXAMPLE, leverSecondsPerClip: 0.03, leverFromMonth: 7, [key]: value };
      const result = budgetOf(plan) as BudgetProblem[];
      expect(Array.isArray(result)).toBe(true);
      const label = BUDGET_FIELDS.find((f) => f.key === key)!.label;
      expect(result.filter((p) => p.key === key)).toEqual([
        expect.objectContaining({ message: expect.stringContaining(label) }),
      ]);
    },
  );

  test.each<[string, Partial<BudgetPlan>, BudgetKey | "typedClipsPerSecond", RegExp]>([
    [
      "a cadence past the horizon",
      { months: 6, retrainEveryMonths: 7 },
      "retrainEveryMonths",
      /at most the horizon, 6/,
    ],
    ["a re-scan past the horizon", { rescanMonths: [3, 13] }, "rescanMonths", /from 1 to 12; got 13/],
    ["a re-scan in month 0", { rescanMonths: [0] }, "rescanMonths", /from 1 to 12; got 0/],
    ["a re-scan in month 2.5", { rescanMonths: [2.5] }, "rescanMonths", /whole number/],
    ["a lever past the horizon", { leverSecondsPerClip: 0.03, leverFromMonth: 13 }, "leverFromMonth", /from 1 to 12/],
    ["a lever with no month", { leverSecondsPerClip: 0.03 }, "leverFromMonth", /fill both, or neither/],
    ["a lever's month with no time", { leverFromMonth: 7 }, "leverSecondsPerClip", /fill both, or neither/],
    ["a budget without a price", { pricePerHour: undefined, budgetAmount: 1000 }, "budgetAmount", /price/],
    ["no such period", { budgetPer: "week" as "month" }, "budgetPer", /month's or the horizon's/],
    ["a first month of 2027-13", { firstMonth: "2027-13" }, "firstMonth", /YYYY-MM/],
    ["a first month in words", { firstMonth: "January" }, "firstMonth", /YYYY-MM/],
    ["a typed month past the horizon", { typedClipsPerSecond: { 13: 5 } }, "typedClipsPerSecond", /month 13/],
    ["a typed month below 0", { typedClipsPerSecond: { 4: -1 } }, "typedClipsPerSecond", /0 or more; got -1/],
    ["a growth of -100%", { monthlyGrowth: -1 }, "monthlyGrowth", /above -100% a month .*; got -100%\./],
    ["a growth of -150%", { monthlyGrowth: -1.5 }, "monthlyGrowth", /got -150%\./],
    ["a typed month of NaN", { typedClipsPerSecond: { 4: NaN } }, "typedClipsPerSecond", /month 4 must be a number/],
    ["nothing to budget", { hoursPerRun: 0, clipsPerSecond: 0 }, "hoursPerRun", /no accelerator-hours/],
    [
      "a lever on a plan of no hours without it",
      { hoursPerRun: 0, secondsPerClip: 0, leverSecondsPerClip: 0.03, leverFromMonth: 1 },
      "leverSecondsPerClip",
      /Without the lever the horizon has no accelerator-hours/,
    ],
  ])("%s", (_, changes, key, message) => {
    const result = budgetOf({ ...STEADY_GROWTH_EXAMPLE, ...changes }) as BudgetProblem[];
    expect(Array.isArray(result)).toBe(true);
    expect(result).toEqual([expect.objectContaining({ key, message: expect.stringMatching(message) })]);
  });

  test("several bad fields: one problem for each, and none for the good ones", () => {
    const result = budgetOf({
      ...STEADY_GROWTH_EXAMPLE,
      months: 0,
      monthlyGrowth: -1,
      peakToMean: 0.5,
      rescanMonths: [99],
      firstMonth: "",
    }) as BudgetProblem[];
    // A horizon of 0 cannot say which months are within it: the re-scans wait for a horizon.
    expect(result.map((p) => p.key).sort()).toEqual(["firstMonth", "monthlyGrowth", "months", "peakToMean"]);
  });
});

// Any number a form or a cell could hand over, including the ones the checks must refuse.
const anyNumber = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -0, -1, 1, 0.5, 12, 60, 1e308, Number.MAX_VALUE, Number.MIN_VALUE, NaN, Infinity, -Infinity),
);

test("any numbers give problems naming fields, or finite figures: never NaN, Infinity or a throw", () => {
  const keys = rangedKeys;
  fc.assert(
    fc.property(
      fc.array(fc.option(anyNumber, { nil: undefined }), { minLength: keys.length, maxLength: keys.length }),
      (values) => {
        const plan: Record<string, unknown> = { ...STEADY_GROWTH_EXAMPLE };
        keys.forEach((key, i) => {
          if (values[i] !== undefined) plan[key] = values[i];
        });
        const result = budgetOf(plan as unknown as BudgetPlan);
        if (Array.isArray(result)) {
          return result.length > 0 && result.every((p) => isProblem(p) && p.message.length > 0 && p.key !== undefined);
        }
        return numbersIn(result).every(Number.isFinite);
      },
    ),
    { numRuns: 2000 },
  );
});

test("a plan with no typed months at all (a form that leaves them out) is the growth curve", () => {
  const { typedClipsPerSecond: _, ...untyped } = STEADY_GROWTH_EXAMPLE;
  const result = budgetOf(untyped as BudgetPlan) as BudgetResult;
  expect(result.servingHoursConsumed).toBeCloseTo(114_603.3, 1);
});

test("a steep growth over 60 months is a problem naming the growth, not Infinity", () => {
  const result = budgetOf({ ...STEADY_GROWTH_EXAMPLE, months: 60, monthlyGrowth: 1e10, clipsPerSecond: 1e5 });
  expect(result).toEqual([
    expect.objectContaining({ key: "monthlyGrowth", message: expect.stringMatching(/too large/) }),
  ]);
});
