/*
 * The budget view's summary, its sentences against the model: the crossover interval in words (the launch ramp's
 * interval 3, the steady growth already serving-dominated, a pilot training-dominated throughout), training's share
 * as the answer, the cost per 1,000 clips, the first month over budget and the lever against its ceiling.
 */
import { unwrap } from "../../support/unwrap";
import { budgetOf, BudgetPlan, BudgetResult } from "../../../src/budget/model/budget";
import { LAUNCH_RAMP_EXAMPLE, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { Problem } from "../../../src/core/model/problems";
import {
  answerSentence,
  budgetSentence,
  budgetSummary,
  crossoverSentence,
  leverSentence,
  monthSpan,
} from "../../../src/budget/pane/budgetSummary";
import { formatCount, formatShare } from "../../../src/core/pane/format";

const resultOf = (plan: BudgetPlan): BudgetResult => unwrap(budgetOf(plan) as BudgetResult | Problem) as BudgetResult;

/** The summary's figure labelled `label` (or whose label starts with it): its value and its note. */
const figure = (plan: BudgetPlan, label: string) => {
  const figures = budgetSummary(plan, resultOf(plan)).figures;
  const found = figures.find((f) => f.label === label) ?? figures.find((f) => f.label.startsWith(label));
  return found && { value: found.value, note: found.note };
};

test("the launch ramp's crossover comes in interval 3, months 7-9, named by its calendar months", () => {
  const result = resultOf(LAUNCH_RAMP_EXAMPLE);
  expect(crossoverSentence(result.crossover, result.months)).toBe(
    "Serving overtakes training in interval 3, months 7-9 (Jul-Sep 2027).",
  );
  // From June the same interval spans a new year.
  const june = resultOf({ ...LAUNCH_RAMP_EXAMPLE, firstMonth: "2027-06" });
  expect(crossoverSentence(june.crossover, june.months)).toBe(
    "Serving overtakes training in interval 3, months 7-9 (Dec 2027-Feb 2028).",
  );
});

test("a monthly cadence names one month; steady growth is serving-dominated at once; a pilot never crosses", () => {
  const monthly = resultOf({ ...LAUNCH_RAMP_EXAMPLE, retrainEveryMonths: 1 });
  expect(monthly.crossover.kind).toBe("at");
  const at = monthly.crossover as { firstMonth: number };
  expect(crossoverSentence(monthly.crossover, monthly.months)).toBe(
    `Serving overtakes training in interval ${at.firstMonth}, month ${at.firstMonth} ` +
      `(${monthly.months[at.firstMonth - 1].label}).`,
  );
  const steady = resultOf(STEADY_GROWTH_EXAMPLE);
  expect(crossoverSentence(steady.crossover, steady.months)).toBe("Already serving-dominated from the first interval.");
  // 0.01 clips/s, flat: 2.88 h of serving a quarter against a 600-h run.
  const pilot = resultOf({ ...STEADY_GROWTH_EXAMPLE, clipsPerSecond: 0.01, monthlyGrowth: 0 });
  expect(crossoverSentence(pilot.crossover, pilot.months)).toBe("Training-dominated throughout the horizon.");
});

test("month spans within and across a year", () => {
  const months = resultOf({ ...STEADY_GROWTH_EXAMPLE, firstMonth: "2027-11" }).months;
  expect(monthSpan(months, 1, 2)).toBe("Nov-Dec 2027");
  expect(monthSpan(months, 2, 3)).toBe("Dec 2027-Jan 2028");
  expect(monthSpan(months, 3, 3)).toBe("Jan 2028");
});

test("the answer is training's share: 2.05% of the year, 1.04% of the hours paid for at peak-to-mean 2", () => {
  const steady = resultOf(STEADY_GROWTH_EXAMPLE);
  // 1.03143e10 clips over the year.
  expect(Math.abs(steady.clips / 1.03143e10 - 1)).toBeLessThan(5e-6);
  expect(answerSentence(STEADY_GROWTH_EXAMPLE, steady)).toBe(
    "Training is 2.05% of the accelerator-hours over 12 months: no change to training can save more. " +
      `The horizon scores ${formatCount(steady.clips)} clips.`,
  );
  const paid = { ...STEADY_GROWTH_EXAMPLE, peakToMean: 2 };
  expect(answerSentence(paid, resultOf(paid))).toMatch(
    /^Training is 1.04% of the hours paid for over 12 months: no change to training can save more/,
  );
  const launch = resultOf(LAUNCH_RAMP_EXAMPLE);
  expect(answerSentence(LAUNCH_RAMP_EXAMPLE, launch)).toContain("Training is 24.45% of the accelerator-hours");
});

test("the figures: training's share first, the halves, the total, the cost and its cost per 1,000 clips", () => {
  const labels = budgetSummary(STEADY_GROWTH_EXAMPLE, resultOf(STEADY_GROWTH_EXAMPLE)).figures.map((f) => f.label);
  expect(labels).toEqual([
    "Training's share",
    "Training",
    "Serving paid",
    "Serving used",
    "Total, 12 months",
    "Cost, USD",
    "Per 1,000 clips, USD",
    "Next 1,000 clips, USD",
  ]);
  expect(figure(STEADY_GROWTH_EXAMPLE, "Training's share")).toEqual({ value: "2.05%", note: "the ceiling" });
  expect(figure(STEADY_GROWTH_EXAMPLE, "Training")?.value).toBe("2,400 h");
  expect(figure(STEADY_GROWTH_EXAMPLE, "Serving paid")?.value).toBe("114,603 h");
  expect(figure(STEADY_GROWTH_EXAMPLE, "Serving used")?.value).toBe("114,603 h");
  expect(figure(STEADY_GROWTH_EXAMPLE, "Total")?.value).toBe("117,003 h");
  // $234,006.62, and $0.022688 per 1,000 clips on average against $0.022222 marginal.
  expect(figure(STEADY_GROWTH_EXAMPLE, "Cost")?.value).toBe("234,006.62");
  expect(figure(STEADY_GROWTH_EXAMPLE, "Per 1,000 clips")?.value).toBe("0.0227");
  expect(figure(STEADY_GROWTH_EXAMPLE, "Next 1,000 clips")?.value).toBe("0.0222");
  const paid = { ...STEADY_GROWTH_EXAMPLE, peakToMean: 2 };
  expect(figure(paid, "Cost")?.value).toBe("463,213.24");
  expect(figure(paid, "Serving paid")?.value).toBe("229,207 h");
  // A re-scan is a figure of its own, and part of the total.
  const rescan = { ...STEADY_GROWTH_EXAMPLE, rescanHours: 44_400, rescanMonths: [6] };
  expect(figure(rescan, "Re-scans")?.value).toBe("44,400 h");
  expect(figure(rescan, "Total")?.value).toBe("161,403 h");
  // Hours only: no money figure, and no budget sentence.
  const hoursOnly = { ...STEADY_GROWTH_EXAMPLE, pricePerHour: undefined };
  expect(figure(hoursOnly, "Cost")).toBeUndefined();
  expect(figure(hoursOnly, "Per 1,000 clips")).toBeUndefined();
  expect(figure(hoursOnly, "Next 1,000 clips")).toBeUndefined();
  expect(budgetSentence(hoursOnly, resultOf(hoursOnly))).toBeUndefined();
});

test("the summary's sentence: the crossover, then the budget and the lever when the plan has them", () => {
  const plan: BudgetPlan = { ...LAUNCH_RAMP_EXAMPLE, budgetAmount: 5000, budgetPer: "horizon" };
  const summary = budgetSummary(plan, resultOf(plan));
  expect(summary.sentence).toBe(`${summary.crossover} ${summary.budget}`);
  expect(summary.crossover.startsWith("Serving overtakes training in interval 3")).toBe(true);
});

test("the first month over a month's budget, and a horizon's budget spent or to spare", () => {
  // Month 7 is a retrain month: 7,200 x 1.05^6 + 600 = 10,248.7 h, $20,497 against $20,000; month 6 is $18,377.
  const monthly: BudgetPlan = { ...STEADY_GROWTH_EXAMPLE, budgetAmount: 20_000, budgetPer: "month" };
  const over = resultOf(monthly);
  expect(over.firstMonthOverBudget).toBe(7);
  const count = over.months.filter((m) => m.overBudget).length;
  expect(budgetSentence(monthly, over)).toBe(
    `Over the monthly budget of 20,000.00 USD from Jul 2027 (month 7): ${count} months over.`,
  );
  const roomy: BudgetPlan = { ...monthly, budgetAmount: 30_000 };
  expect(budgetSentence(roomy, resultOf(roomy))).toBe("Every month is within the monthly budget of 30,000.00 USD.");
  // The year costs $234,006.62: $15,993.38 to spare under $250,000.
  const horizon: BudgetPlan = { ...STEADY_GROWTH_EXAMPLE, budgetAmount: 250_000, budgetPer: "horizon" };
  expect(budgetSentence(horizon, resultOf(horizon))).toBe(
    "Within the horizon's budget of 250,000.00 USD: 15,993.38 USD to spare.",
  );
  const tight: BudgetPlan = { ...horizon, budgetAmount: 200_000 };
  const spent = resultOf(tight);
  const month = spent.months.find((m) => (m.cumulativeCost ?? 0) > 200_000)!;
  expect(budgetSentence(tight, spent)).toBe(
    `The horizon's budget of 200,000.00 USD runs out in ${month.label} (month ${month.month}); ` +
      "the horizon costs 234,006.62 USD.",
  );
});

test("the lever's saving against its ceiling, the share of the bill serving from its month holds", () => {
  const plan: BudgetPlan = { ...STEADY_GROWTH_EXAMPLE, leverSecondsPerClip: 0.03, leverFromMonth: 7 };
  const result = resultOf(plan);
  const lever = result.lever!;
  // 40 ms to 30 ms cuts a quarter of serving from July: the saving is a quarter of its ceiling.
  expect(lever.savedShare).toBeCloseTo(lever.ceilingShare / 4, 12);
  const sentence = leverSentence(plan, result)!;
  expect(sentence).toContain("The lever (0.03 s a clip from Jul 2027) saves");
  expect(sentence).toContain(`${formatShare(lever.savedShare)} of the bill`);
  expect(sentence).toContain(`against a ceiling of ${formatShare(lever.ceilingShare)}: serving from month 7.`);
  // A slower model "from month 7" adds hours rather than saving them.
  const slower: BudgetPlan = { ...plan, leverSecondsPerClip: 0.05 };
  expect(leverSentence(slower, resultOf(slower))).toContain("from Jul 2027) adds");
  expect(leverSentence(STEADY_GROWTH_EXAMPLE, resultOf(STEADY_GROWTH_EXAMPLE))).toBeUndefined();
});

test("a horizon where neither half uses an hour says so, rather than calling it training-dominated", () => {
  const rescansOnly = resultOf({
    ...STEADY_GROWTH_EXAMPLE,
    clipsPerSecond: 0,
    hoursPerRun: 0,
    rescanHours: 10,
    rescanMonths: [2],
  });
  expect(crossoverSentence(rescansOnly.crossover, rescansOnly.months)).toBe(
    "Neither training nor serving uses an accelerator-hour over the horizon.",
  );
});

test("a lever that adds more than the whole bill says how many times it, not a share over 100%", () => {
  const plan: BudgetPlan = {
    ...STEADY_GROWTH_EXAMPLE,
    secondsPerClip: 0,
    leverSecondsPerClip: 0.04,
    leverFromMonth: 12,
    pricePerHour: 2,
  };
  const result = resultOf(plan);
  expect(Math.abs(result.lever!.savedShare)).toBeGreaterThan(1);
  const sentence = leverSentence(plan, result)!;
  expect(sentence).not.toMatch(/\d{3,}(\.\d+)?%/);
  expect(sentence).toContain(`${Math.abs(result.lever!.savedShare).toFixed(2)} times the bill without it`);
});
