/*
 * The budget view's answer, as words and figures from the model's result: training's share of the horizon (the
 * Amdahl ceiling on any training-side change), the halves and the total, the crossover interval, the cost and its
 * cost per 1,000 clips, the first month over budget, and the lever's saving against its ceiling. The summary at
 * the top of the view shows these; nothing is computed here but the choice of words. No DOM, so each sentence is
 * tested against the model.
 */
import { intervalMonths, neitherHalfUsed } from "../model/budget";
import type { BudgetCrossover, BudgetMonth, BudgetPlan, BudgetResult } from "../model/budget";
import { formatCost, formatCount, formatHours, formatRatio, formatShare, formatUnitCost } from "../../core/pane/format";
import type { SummaryFigure, ViewSummary } from "../../core/pane/viewSummary";

/** The summary as the view shows it: the house's figures and sentence (core/pane/viewSummary.ts), and its parts. */
export interface BudgetSummary extends ViewSummary {
  /** the answer first: training's share of the horizon, the ceiling on any training-side change */
  answer: string;
  crossover: string;
  budget?: string;
  lever?: string;
}

/** Hours as a sentence or a figure says them: "2,400 h". */
export const hoursText = (hours: number): string => `${formatHours(hours)} h`;

/** Money with the plan's currency: "234,007 USD". */
const money = (value: number, plan: Pick<BudgetPlan, "currency">): string =>
  formatCost(value, plan.currency || undefined);

/**
 * Months `first`..`last` by their labels: "Jul-Sep 2027" within a year, "Nov 2027-Jan 2028" across one, "Jul
 * 2027" for one month. Labels are the model's ("Jul 2027").
 */
export function monthSpan(months: readonly BudgetMonth[], first: number, last: number): string {
  const a = months[first - 1]?.label ?? `month ${first}`;
  const b = months[last - 1]?.label ?? `month ${last}`;
  if (first === last) return a;
  const [aMonth, aYear] = a.split(" ");
  const [bMonth, bYear] = b.split(" ");
  return aYear !== undefined && aYear === bYear ? `${aMonth}-${bMonth} ${aYear}` : `${a}-${b}`;
}

/**
 * The crossover over time, in words: "Serving overtakes training in interval 3, months 7-9 (Jul-Sep 2027).",
 * "Already serving-dominated from the first interval.", or "Training-dominated throughout the horizon."
 */
export function crossoverSentence(crossover: BudgetCrossover, months: readonly BudgetMonth[]): string {
  // With no hour on either side there is no crossover to place (a plan of re-scans alone, or of nothing).
  if (neitherHalfUsed(months)) {
    return "Neither training nor serving uses an accelerator-hour over the horizon.";
  }
  if (crossover.kind === "already") return "Already serving-dominated from the first interval.";
  if (crossover.kind === "none") return "Training-dominated throughout the horizon.";
  const { interval, firstMonth, lastMonth } = crossover;
  return (
    `Serving overtakes training in interval ${interval}, ${intervalMonths(firstMonth, lastMonth)} ` +
    `(${monthSpan(months, firstMonth, lastMonth)}).`
  );
}

/** "12 months", "1 month". */
const monthCount = (n: number) => (n === 1 ? "1 month" : `${n} months`);

/**
 * Training's share of the hours paid for over the horizon, the answer first: no change to training can save more.
 */
export function answerSentence(plan: BudgetPlan, result: BudgetResult): string {
  const paid = plan.peakToMean !== 1 ? "the hours paid for" : "the accelerator-hours";
  return (
    `Training is ${formatShare(result.trainingShare)} of ${paid} over ${monthCount(result.months.length)}: ` +
    `no change to training can save more. The horizon scores ${formatCount(result.clips)} clips.`
  );
}

/** The first month over budget, or that none is, when the plan has a budget and a price; undefined otherwise. */
export function budgetSentence(
  plan: Pick<BudgetPlan, "budgetAmount" | "budgetPer" | "currency">,
  result: Pick<BudgetResult, "cost" | "firstMonthOverBudget"> & {
    months: readonly Pick<BudgetMonth, "label" | "overBudget">[];
  },
): string | undefined {
  if (plan.budgetAmount === undefined || result.cost === undefined) return undefined;
  const amount = money(plan.budgetAmount, plan);
  const over = result.firstMonthOverBudget;
  if (plan.budgetPer === "month") {
    if (over === undefined) return `Every month is within the monthly budget of ${amount}.`;
    const count = result.months.filter((m) => m.overBudget).length;
    return (
      `Over the monthly budget of ${amount} from ${result.months[over - 1]?.label ?? `month ${over}`} ` +
      `(month ${over}): ${count === 1 ? "1 month" : `${count} months`} over.`
    );
  }
  if (over === undefined) {
    return `Within the horizon's budget of ${amount}: ${money(plan.budgetAmount - result.cost, plan)} to spare.`;
  }
  return (
    `The horizon's budget of ${amount} runs out in ${result.months[over - 1]?.label ?? `month ${over}`} ` +
    `(month ${over}); the horizon costs ${money(result.cost, plan)}.`
  );
}

/**
 * The lever's saving against its ceiling, when the plan has a lever: "The lever (0.03 s a clip from Jul 2027) saves
 * 16,407 h (32,814.77 USD), 14.02% of the bill, against a ceiling of 56.09%: serving from month 7."
 */
export function leverSentence(plan: BudgetPlan, result: BudgetResult): string | undefined {
  const lever = result.lever;
  if (!lever || plan.leverSecondsPerClip === undefined) return undefined;
  const from = plan.leverFromMonth ?? 1;
  const when = result.months[from - 1]?.label ?? `month ${from}`;
  const cost = lever.savedCost !== undefined ? ` (${money(Math.abs(lever.savedCost), plan)})` : "";
  const verb = lever.savedHours < 0 ? "adds" : "saves";
  // A lever that adds hours can add more than the whole bill without it: a share over 100% reads as a typo.
  const share = Math.abs(lever.savedShare);
  const ofBill = share > 1 ? `${formatRatio(share)} times the bill without it` : `${formatShare(share)} of the bill`;
  return (
    `The lever (${plan.leverSecondsPerClip} s a clip from ${when}) ${verb} ${hoursText(Math.abs(lever.savedHours))}` +
    `${cost}, ${ofBill}, against a ceiling of ${formatShare(lever.ceilingShare)}: serving from month ${from}.`
  );
}

/** The horizon's figures a summary shows: one model's (BudgetResult) or the estate's (EstateBudgetResult). */
export type HorizonFigures = Pick<
  BudgetResult,
  | "trainingShare"
  | "trainingHours"
  | "servingHoursPaid"
  | "servingHoursConsumed"
  | "rescanHours"
  | "totalHours"
  | "cost"
  | "costPerThousandAverage"
  | "costPerThousandMarginal"
> & { months: readonly unknown[] };

/**
 * The summary's figures of a horizon, short enough for two to a row in a 320-px pane: training's share first (the
 * ceiling), training, serving paid and used, re-scans when there are any, the total; with a price the cost, the
 * cost per 1,000 clips on average and the next 1,000's (the marginal).
 */
export function horizonSummaryFigures(currency: string, result: HorizonFigures): SummaryFigure[] {
  const figures: SummaryFigure[] = [
    { label: "Training's share", value: formatShare(result.trainingShare), note: "the ceiling" },
    { label: "Training", value: hoursText(result.trainingHours) },
    { label: "Serving paid", value: hoursText(result.servingHoursPaid) },
    { label: "Serving used", value: hoursText(result.servingHoursConsumed) },
  ];
  if (result.rescanHours > 0) figures.push({ label: "Re-scans", value: hoursText(result.rescanHours) });
  figures.push({ label: `Total, ${monthCount(result.months.length)}`, value: hoursText(result.totalHours) });
  // The currency in the label, so that a value stays short enough for its half of a 320-px row.
  const unit = currency ? `, ${currency}` : "";
  if (result.cost !== undefined) figures.push({ label: `Cost${unit}`, value: formatCost(result.cost) });
  const average = result.costPerThousandAverage;
  const marginal = result.costPerThousandMarginal;
  if (average !== undefined) figures.push({ label: `Per 1,000 clips${unit}`, value: formatUnitCost(average) });
  // What one more thousand clips cost: the marginal cost, training aside.
  if (marginal !== undefined) figures.push({ label: `Next 1,000 clips${unit}`, value: formatUnitCost(marginal) });
  return figures;
}

/**
 * The summary's figures and sentences for `plan` and its `result`, short enough for two to a row in a 320-px pane:
 * training's share first (the ceiling), training, serving paid and used, re-scans when there are any, the total;
 * with a price the cost, the cost per 1,000 clips on average and the next 1,000's (the marginal). Then one sentence:
 * the crossover, and the budget and the lever when the plan has them.
 */
export function budgetSummary(plan: BudgetPlan, result: BudgetResult, stale = false): BudgetSummary {
  const figures = horizonSummaryFigures(plan.currency, result);
  const crossover = crossoverSentence(result.crossover, result.months);
  const budget = budgetSentence(plan, result);
  const lever = leverSentence(plan, result);
  return {
    figures,
    sentence: [crossover, budget, lever].filter((s) => s !== undefined).join(" "),
    stale,
    answer: answerSentence(plan, result),
    crossover,
    budget,
    lever,
  };
}
