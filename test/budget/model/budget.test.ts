/* The budget over time's two worked examples (docs/cost-model.md, "The budget over time"), at the doc's precision. */
import {
  budgetMonthLabel,
  budgetOf,
  BudgetPlan,
  BudgetResult,
  checkBudgetPlan,
  parseCalendarMonth,
} from "../../../src/budget/model/budget";
import { LAUNCH_RAMP_EXAMPLE, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";

/** The budget of `plan` changed by `changes`; a list of problems is the test's failure, with their messages. */
export function resultOf(plan: BudgetPlan, changes: Partial<BudgetPlan> = {}): BudgetResult {
  const result = budgetOf({ ...plan, ...changes });
  if (Array.isArray(result)) throw new Error(result.map((p) => p.message).join("\n"));
  return result;
}

// The worked examples are stated in 30-day months (docs/cost-model.md): their tests hold them on that choice.
describe("the worked examples' system: 12 months, 600 h a run, overhead 1, every 3 months, 0.04 s, 360 days", () => {
  test.each([
    ["steady growth", STEADY_GROWTH_EXAMPLE, 250, 0.05],
    ["launch ramp", LAUNCH_RAMP_EXAMPLE, 1, 0.5],
  ])("%s", (_, plan, clipsPerSecond, growth) => {
    expect(plan).toMatchObject({
      months: 12,
      hoursPerRun: 600,
      trainingOverhead: 1,
      retrainEveryMonths: 3,
      secondsPerClip: 0.04,
      monthDays: "yearTwelfth",
      daysPerYear: 360,
      peakToMean: 1,
      rescanHours: 0,
      clipsPerSecond,
      monthlyGrowth: growth,
    });
  });
});

describe("steady growth: 250 clips/s in month 1, +5% a month", () => {
  const result = resultOf(STEADY_GROWTH_EXAMPLE);

  test("month 1 serves 7,200 h (the quarter's 21,600 h / 3), month 12 12,314.4 h", () => {
    expect(result.months[0].servingHoursConsumed).toBeCloseTo(21_600 / 3, 9);
    expect(result.months[11].servingHoursConsumed).toBeCloseTo(12_314.4, 1);
  });

  test("the intervals' serving: 22,698.0 / 26,275.8 / 30,417.5 / 35,212.0 h, each after one 600 h run", () => {
    const serving = result.intervals.map((interval) => interval.servingHoursConsumed);
    [22_698.0, 26_275.8, 30_417.5, 35_212.0].forEach((hours, i) => expect(serving[i]).toBeCloseTo(hours, 1));
    expect(result.intervals.map((i) => [i.firstMonth, i.lastMonth, i.trainingHours])).toEqual([
      [1, 3, 600],
      [4, 6, 600],
      [7, 9, 600],
      [10, 12, 600],
    ]);
  });

  test("the year: 114,603.3 h serving, 2,400 h training, 117,003.3 h total, training 2.05%", () => {
    expect(result.servingHoursConsumed).toBeCloseTo(114_603.3, 1);
    expect(result.trainingHours).toBe(2_400);
    expect(result.totalHours).toBeCloseTo(117_003.3, 1);
    expect(result.trainingShare).toBeCloseTo(0.0205, 4);
  });

  test("serving-dominated from interval 1: the crossover has already passed", () => {
    expect(result.crossover).toEqual({ kind: "already" });
  });

  test("at $2: $234,006.62, 1.03143e10 clips, $0.022688 per 1,000 on average against $0.022222 marginal", () => {
    expect(result.cost).toBeCloseTo(234_006.62, 2);
    expect(result.clips / 1e10).toBeCloseTo(1.03143, 5);
    expect(result.costPerThousandAverage).toBeCloseTo(0.022688, 6);
    expect(result.costPerThousandMarginal).toBeCloseTo(0.022222, 6);
  });

  test("at peak-to-mean 2: $463,213.24 and training 1.04% of the hours paid for", () => {
    const paid = resultOf(STEADY_GROWTH_EXAMPLE, { peakToMean: 2 });
    expect(paid.cost).toBeCloseTo(463_213.24, 2);
    expect(paid.trainingShare).toBeCloseTo(0.0104, 4);
    // Consumed serving does not move; only what is paid for does.
    expect(paid.servingHoursConsumed).toBeCloseTo(114_603.3, 1);
  });

  test("the months are headed from the first month: Jan 2027 to Dec 2027", () => {
    expect(result.months.map((m) => m.label)).toEqual(
      ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map((m) => `${m} 2027`),
    );
    expect(result.months.map((m) => m.retrainFlag)).toEqual([1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0]);
  });
});

describe("launch ramp: 1 clip/s in month 1, +50% a month", () => {
  const result = resultOf(LAUNCH_RAMP_EXAMPLE);

  test("month 1 serves 28.8 h", () => {
    expect(result.months[0].servingHoursConsumed).toBeCloseTo(28.8, 9);
  });

  test("intervals 136.8 / 461.7 / 1,558.2 / 5,259.1 h: serving overtakes training in interval 3 (months 7-9)", () => {
    const serving = result.intervals.map((interval) => interval.servingHoursConsumed);
    [136.8, 461.7, 1_558.2, 5_259.1].forEach((hours, i) => expect(serving[i]).toBeCloseTo(hours, 1));
    expect(result.crossover).toEqual({ kind: "at", interval: 3, firstMonth: 7, lastMonth: 9 });
  });

  test("the year: 7,415.8 h serving, 9,815.8 h total, training 24.45% of it", () => {
    expect(result.servingHoursConsumed).toBeCloseTo(7_415.8, 1);
    expect(result.totalHours).toBeCloseTo(9_815.8, 1);
    expect(result.trainingShare).toBeCloseTo(0.2445, 4);
  });
});

describe("the crossover's other answer, and a partial last interval", () => {
  test("a pilot that never overtakes: not within the horizon", () => {
    expect(resultOf(LAUNCH_RAMP_EXAMPLE, { monthlyGrowth: 0 }).crossover).toEqual({ kind: "none" });
  });

  test("a last interval shorter than k counts only its own months", () => {
    const result = resultOf(LAUNCH_RAMP_EXAMPLE, { months: 10 });
    const last = result.intervals[result.intervals.length - 1];
    expect(last).toMatchObject({ index: 4, firstMonth: 10, lastMonth: 10, trainingHours: 600 });
    expect(last.servingHoursConsumed).toBeCloseTo(result.months[9].servingHoursConsumed, 12);
  });
});

describe("re-scans, a budget and the lever", () => {
  test("a re-scan of 44,400 h in month 6 adds its hours to that month alone", () => {
    const base = resultOf(STEADY_GROWTH_EXAMPLE);
    const result = resultOf(STEADY_GROWTH_EXAMPLE, { rescanHours: 44_400, rescanMonths: [6] });
    expect(result.months.map((m) => m.rescanFlag)).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    expect(result.months[5].totalHours - base.months[5].totalHours).toBeCloseTo(44_400, 9);
    expect(result.rescanHours).toBe(44_400);
    expect(result.trainingShare + result.servingShare + result.rescanShare).toBeCloseTo(1, 12);
  });

  test("a month's budget of $20,000 is first passed in the month whose cost passes it", () => {
    const result = resultOf(STEADY_GROWTH_EXAMPLE, { budgetAmount: 20_000, budgetPer: "month" });
    const first = result.months.find((m) => m.cost! > 20_000)!;
    expect(result.firstMonthOverBudget).toBe(first.month);
    // Month 1 costs (7,200 + 600) x $2 = $15,600: under.
    expect(result.months[0].overBudget).toBe(false);
    expect(result.months.every((m) => m.overBudget === m.cost! > 20_000)).toBe(true);
  });

  test("the horizon's budget is passed by the cumulative cost", () => {
    const result = resultOf(STEADY_GROWTH_EXAMPLE, { budgetAmount: 100_000, budgetPer: "horizon" });
    const first = result.months.find((m) => m.cumulativeCost! > 100_000)!;
    expect(result.firstMonthOverBudget).toBe(first.month);
    expect(result.months[11].cumulativeCost).toBeCloseTo(234_006.62, 2);
  });

  test("a budget no month passes leaves the first month over budget undefined", () => {
    expect(resultOf(STEADY_GROWTH_EXAMPLE, { budgetAmount: 1e9 }).firstMonthOverBudget).toBeUndefined();
  });

  test("0.03 s a clip from month 7 saves a quarter of months 7-12's serving, against their share: its ceiling", () => {
    const base = resultOf(STEADY_GROWTH_EXAMPLE);
    const result = resultOf(STEADY_GROWTH_EXAMPLE, { leverSecondsPerClip: 0.03, leverFromMonth: 7 });
    const touched = base.months.slice(6).reduce((sum, m) => sum + m.servingHoursPaid, 0);
    expect(touched).toBeCloseTo(30_417.5 + 35_212.0, 0);
    expect(result.lever!.savedHours).toBeCloseTo(touched / 4, 6);
    expect(result.lever!.savedCost).toBeCloseTo((touched / 4) * 2, 6);
    expect(result.lever!.ceilingShare).toBeCloseTo(touched / base.totalHours, 12);
    expect(result.lever!.savedShare).toBeCloseTo(touched / 4 / base.totalHours, 12);
    expect(result.lever!.costPerThousandMarginal).toBeCloseTo((0.03 / 3600) * 2 * 1000, 12);
    expect(result.months.map((m) => m.leverFlag)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    expect(result.months.map((m) => m.secondsPerClip)).toEqual([...Array(6).fill(0.04), ...Array(6).fill(0.03)]);
    expect(result.totalHours).toBeCloseTo(base.totalHours - touched / 4, 6);
  });

  test("hours only: no price gives no cost, no cost per 1,000 clips and no lever cost", () => {
    const result = resultOf(STEADY_GROWTH_EXAMPLE, {
      pricePerHour: undefined,
      leverSecondsPerClip: 0.03,
      leverFromMonth: 7,
    });
    expect(result.cost).toBeUndefined();
    expect(result.costPerThousandAverage).toBeUndefined();
    expect(result.costPerThousandMarginal).toBeUndefined();
    expect(result.lever!.savedCost).toBeUndefined();
    expect(result.months[0].cost).toBeUndefined();
  });
});

describe("calendar months", () => {
  test("a horizon runs across the year's end", () => {
    expect(budgetMonthLabel("2027-11", 1)).toBe("Nov 2027");
    expect(budgetMonthLabel("2027-11", 3)).toBe("Jan 2028");
    expect(budgetMonthLabel("2027-01", 60)).toBe("Dec 2031");
  });

  test.each(["2027-13", "2027-00", "27-01", "2027-1", "1899-12", "Jan 2027", ""])("%j is no calendar month", (text) => {
    expect(parseCalendarMonth(text)).toBeUndefined();
  });

  test.each([
    [12, "9999-01"],
    [13, "9998-12"],
    [60, "9995-01"],
    [1, "9999-12"],
  ])("a %i-month horizon may start by %s, where its last month is Excel's last, and no later", (months, latest) => {
    const plan = { ...STEADY_GROWTH_EXAMPLE, months, retrainEveryMonths: 1, firstMonth: latest };
    expect(checkBudgetPlan(plan)).toEqual([]);
    const [year, month] = latest.split("-").map(Number);
    const later = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
    const problems = checkBudgetPlan({ ...plan, firstMonth: later });
    if (later.startsWith("10000")) {
      expect(problems[0].message).toMatch(/must be a calendar month/);
      return;
    }
    expect(problems).toEqual([
      expect.objectContaining({
        key: "firstMonth",
        message:
          `First month: a ${months}-month horizon from ${later} runs past December 9999, where Excel's dates ` +
          `end; start it by ${latest}.`,
      }),
    ]);
  });
});
