/*
 * What a month counts (issue 28): a dated month its calendar days by default (February 28 or 29), or a twelfth of
 * the days counted in a year, the worked examples' 30-day months. The second must give, to the last bit, the
 * figures the model gave before a month could be a calendar month: thirtyDayFigures.json holds them, written by
 * the budget model of commit b027211 (src/budget/model compiled as it was, 40 plans drawn by fast-check with seed
 * 28, of 1 to 60 months, 360, 365 or 364.25 days a year, every optional part drawn).
 */
import fc from "fast-check";
import { budgetOf, calendarDays, monthDaysOf, BudgetPlan, BudgetResult } from "../../../src/budget/model/budget";
import { NEW_BUDGET_PLAN, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { SECONDS_PER_DAY } from "../../../src/core/model/units";
import figures from "./thirtyDayFigures.json";

/** The budget of `plan` changed by `changes`; a list of problems is the test's failure, with their messages. */
function resultOf(plan: BudgetPlan, changes: Partial<BudgetPlan> = {}): BudgetResult {
  const result = budgetOf({ ...plan, ...changes });
  if (Array.isArray(result)) throw new Error(result.map((p) => p.message).join("\n"));
  return result;
}

const calendar = (changes: Partial<BudgetPlan> = {}): BudgetResult => resultOf(NEW_BUDGET_PLAN, changes);

describe("a calendar month counts its own days", () => {
  test("February 2028 has 29 days, February 2027 28; 2100 is no leap year, 2000 is", () => {
    expect(calendarDays(2028, 2)).toBe(29);
    expect(calendarDays(2027, 2)).toBe(28);
    expect(calendarDays(2100, 2)).toBe(28);
    expect(calendarDays(2000, 2)).toBe(29);
    expect([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => calendarDays(2027, m))).toEqual([
      31, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
  });

  test("a new plan counts calendar months; the worked examples stay on 30-day months", () => {
    expect(NEW_BUDGET_PLAN.monthDays).toBe("calendar");
    expect(STEADY_GROWTH_EXAMPLE.monthDays).toBe("yearTwelfth");
  });

  test("the months' days from the first month's date: a horizon from November 2027 reaches February 2028", () => {
    const months = calendar({ firstMonth: "2027-11", months: 5 }).months;
    expect(months.map((m) => [m.label, m.days])).toEqual([
      ["Nov 2027", 30],
      ["Dec 2027", 31],
      ["Jan 2028", 31],
      ["Feb 2028", 29],
      ["Mar 2028", 31],
    ]);
    expect(monthDaysOf({ ...NEW_BUDGET_PLAN, firstMonth: "2027-01" }, 2)).toBe(28);
  });

  test("a month's clips are its clips per second x its days x 86,400: February 2027 7% under a 30-day month", () => {
    const months = calendar({ monthlyGrowth: 0 }).months;
    expect(months[1].clips).toBe(250 * 28 * SECONDS_PER_DAY);
    expect(months[0].clips).toBe(250 * 31 * SECONDS_PER_DAY);
    const thirty = resultOf(STEADY_GROWTH_EXAMPLE, { monthlyGrowth: 0 }).months;
    expect(thirty[1].days).toBe(30);
    expect(months[1].clips / thirty[1].clips).toBeCloseTo(28 / 30, 12);
  });

  test("a 60-month plan's total is the sum over its calendar days: 1,826 days from January 2027", () => {
    const result = calendar({ months: 60, monthlyGrowth: 0, retrainEveryMonths: 3 });
    expect(result.months.reduce((days, m) => days + m.days, 0)).toBe(365 * 5 + 1);
    const clips = 250 * 1826 * SECONDS_PER_DAY;
    expect(result.clips).toBeCloseTo(clips, 0);
    const serving = (clips * 0.04) / 3600;
    expect(result.servingHoursConsumed).toBeCloseTo(serving, 6);
    expect(result.totalHours).toBeCloseTo(serving + 20 * 600, 6);
    expect(result.cost).toBeCloseTo((serving + 20 * 600) * 2, 5);
  });

  test("with growth, each month's serving follows its own days (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1990, max: 2090 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: -0.2, max: 0.3, noNaN: true }),
        (year, month, months, growth) => {
          const firstMonth = `${year}-${String(month).padStart(2, "0")}`;
          const result = calendar({ firstMonth, months, monthlyGrowth: growth, retrainEveryMonths: 1 });
          result.months.forEach((m, i) => {
            const at = new Date(Date.UTC(year, month - 1 + i, 1));
            const days = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
            expect(m.days).toBe(days);
            expect(m.clips).toBeCloseTo(m.clipsPerSecond * days * SECONDS_PER_DAY, 0);
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  test("a month length that is neither choice is refused by name", () => {
    const result = budgetOf({ ...NEW_BUDGET_PLAN, monthDays: "lunar" as BudgetPlan["monthDays"] });
    expect(Array.isArray(result) && result[0]).toMatchObject({ key: "monthDays" });
  });
});

describe("30-day months (a twelfth of the days a year) give today's figures exactly", () => {
  type Case = (typeof figures.cases)[number];
  const MONTH_FIGURES = ["clips", "servingHoursConsumed", "servingHoursPaid", "totalHours", "cost", "cumulativeCost"];

  test.each(figures.cases.map((c, i) => [i + 1, c.plan.months, c] as const))(
    "plan %i (%i months)",
    (_, __, { plan, months, horizon }: Case) => {
      const now = budgetOf({ ...(plan as unknown as BudgetPlan), monthDays: "yearTwelfth" }) as BudgetResult;
      expect(Array.isArray(now)).toBe(false);
      const { months: nowMonths, ...nowHorizon } = now;
      for (const key of MONTH_FIGURES) {
        const was = (months as Record<string, (number | null)[]>)[key];
        expect(nowMonths.map((m) => (m as unknown as Record<string, number | undefined>)[key] ?? null)).toEqual(was);
      }
      expect(nowHorizon).toEqual(horizon);
    },
  );
});
