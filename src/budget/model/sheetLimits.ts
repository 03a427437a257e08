/*
 * What the budget sheet's arithmetic can hold (issue 27). The sheet computes each figure as its formula is
 * written, one step at a time (clips per second x days x 86400, then x seconds / 3600, ...), where a step past
 * a double's largest (1.8e308) is #NUM! and one below Excel's smallest (2.2e-308) is 0; the model reaches some
 * figures through steps that would not fit (productRatio's mantissas, a power taken through logs). A plan the
 * sheet cannot compute as the model does is refused, before the pane shows a figure or Insert writes one.
 *
 * The rule is one bound on every input and every figure the sheet holds: 0, or a size from 1e-100 to 1e100. The
 * sheet's formulas multiply at most three such figures with constants up to 86,400, so every step of every
 * formula then stays between 1e-305 and 1e305, whatever its order. A plan outside it is absurd (1e100 clips is
 * 1e83 times every clip the world scores a year), and the sentence names the input to change.
 */
import { MAX_ESTATE_MODELS } from "../../estate/model";
import { BudgetKey, budgetField, BudgetPlan, MAX_BUDGET_MONTHS } from "./budgetFields";

/**
 * What a month of budget.ts's BudgetMonth shows on the sheet, declared here because budget.ts imports this
 * module and test/architecture refuses any import cycle, type-only ones included. BudgetMonth and BudgetResult
 * satisfy these shapes (budget.ts passes its own result to figureBeyondSheet, so tsc checks that they agree).
 */
interface MonthShown {
  month: number;
  typed: boolean;
  clipsPerSecond: number;
  clips: number;
  servingHoursConsumed: number;
  servingHoursPaid: number;
  totalHours: number;
  cost?: number;
  cumulativeCost?: number;
}

/** What budget.ts's BudgetResult shows on the sheet besides its months. */
interface ResultShown {
  months: readonly MonthShown[];
  trainingHours: number;
  servingHoursPaid: number;
  totalHours: number;
  clips: number;
  trainingShare: number;
  servingShare: number;
  rescanShare: number;
  cost?: number;
  costPerThousandAverage?: number;
  costPerThousandMarginal?: number;
  lever?: {
    savedHours: number;
    savedCost?: number;
    savedShare: number;
    ceilingShare: number;
    costPerThousandMarginal?: number;
  };
}

/** The largest size of a figure the sheet computes; 1 / it is the smallest but 0. */
export const SHEET_FIGURE_LIMIT = 1e100;

/** Whether `value` is beyond what the sheet's steps can hold: not 0 and outside 1e-100..1e100 (NaN, Infinity too). */
export function beyondSheet(value: number): boolean {
  const size = Math.abs(value);
  return size !== 0 && !(size >= 1 / SHEET_FIGURE_LIMIT && size <= SHEET_FIGURE_LIMIT);
}

/** A figure's size as the sentence says it. */
const sizeText = (value: number) => (Number.isFinite(value) ? value.toPrecision(3) : "over 1.8e308");

/** Why a figure cannot go on the sheet, and the input to fix, in one sentence. */
export function beyondSheetMessage(what: string, value: number, key: BudgetKey): string {
  return (
    `${what} is ${sizeText(value)}, beyond what the sheet's formulas can compute step by step (each figure ` +
    `0 or from 1e-100 to 1e100); check ${budgetField(key).label}.`
  );
}

/** A figure the sheet holds, with the input whose size it follows. */
type Figure = readonly [what: string, value: number | undefined, key: BudgetKey];

/** The figures one month puts on the sheet, named as the pane names them. */
function monthFigures(plan: BudgetPlan, m: MonthShown): Figure[] {
  const month = `Month ${m.month}'s`;
  const growth = Math.pow(1 + plan.monthlyGrowth, m.month - 1);
  const traffic: BudgetKey = m.typed || plan.monthlyGrowth === 0 ? "clipsPerSecond" : "monthlyGrowth";
  return [
    // The curve's factor is a step of every month's curve cell, the typed months' too.
    [`${month} growth factor, (1 + ${budgetField("monthlyGrowth").label})^${m.month - 1},`, growth, "monthlyGrowth"],
    [`${month} clips per second on the curve`, plan.clipsPerSecond * growth, "monthlyGrowth"],
    [`${month} clips per second`, m.clipsPerSecond, traffic],
    [`${month} clips`, m.clips, traffic],
    [`${month} serving hours`, m.servingHoursConsumed, "secondsPerClip"],
    [`${month} paid serving hours`, m.servingHoursPaid, "peakToMean"],
    [`${month} hours`, m.totalHours, "secondsPerClip"],
    [`${month} cost`, m.cost, "pricePerHour"],
    [`${month} cost so far`, m.cumulativeCost, "pricePerHour"],
  ];
}

/** The horizon's figures and the lever's. */
function horizonFigures(result: ResultShown): Figure[] {
  const { lever } = result;
  return [
    ["The horizon's training hours", result.trainingHours, "hoursPerRun"],
    ["The horizon's serving hours", result.servingHoursPaid, "secondsPerClip"],
    ["The horizon's hours", result.totalHours, "secondsPerClip"],
    ["The horizon's clips", result.clips, "clipsPerSecond"],
    ["Training's share", result.trainingShare, "hoursPerRun"],
    ["Serving's share", result.servingShare, "secondsPerClip"],
    ["The re-scans' share", result.rescanShare, "rescanHours"],
    ["The horizon's cost", result.cost, "pricePerHour"],
    ["The average cost per 1,000 clips", result.costPerThousandAverage, "pricePerHour"],
    ["The marginal cost per 1,000 clips", result.costPerThousandMarginal, "pricePerHour"],
    ["The lever's saving", lever?.savedHours, "leverSecondsPerClip"],
    ["The lever's saving in money", lever?.savedCost, "leverSecondsPerClip"],
    ["The lever's share of the bill", lever?.savedShare, "leverSecondsPerClip"],
    ["The lever's ceiling", lever?.ceilingShare, "leverSecondsPerClip"],
    ["The lever's marginal cost per 1,000 clips", lever?.costPerThousandMarginal, "leverSecondsPerClip"],
  ];
}

/**
 * The first figure of a computed plan the sheet cannot hold (beyondSheet), as [key, message]; undefined when
 * every one fits.
 */
export function figureBeyondSheet(plan: BudgetPlan, result: ResultShown): [BudgetKey, string] | undefined {
  const figures = [...result.months.flatMap((m) => monthFigures(plan, m)), ...horizonFigures(result)];
  const beyond = figures.find(([, value]) => value !== undefined && beyondSheet(value));
  return beyond && [beyond[2], beyondSheetMessage(beyond[0], beyond[1]!, beyond[2])];
}

/**
 * The most model-months one budget sheet holds: MAX_ESTATE_MODELS (20) models x MAX_BUDGET_MONTHS (60) months, the
 * estate's and the horizon's own caps, so a plan the field checks allow always fits. Measured (issue 29) on the
 * sheet of 20 models x 60 months with a lever and a budget: 1,591 rows, 28,716 cells, 521 names, 1,486 validation
 * rules and 1.70 MB of values and formulas as JSON, about 85 KB a model, under the 2 MB a sync aims at and Excel
 * on the web's 5 MB request limit (portable/excel/payload.ts); one model of 60 months is 99 KB.
 * test/budget/sheet/budgetModelsSheet.test.ts holds the 20 x 60 sheet under half the 5 MB.
 */
export const MAX_SHEET_MODEL_MONTHS = MAX_ESTATE_MODELS * MAX_BUDGET_MONTHS;
