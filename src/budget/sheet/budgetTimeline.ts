/*
 * The budget sheet's time rows, under the inputs: timing flags (1/0 rows: a retrain month, a re-scan month,
 * the lever active), traffic (the growth curve, the planner's typed months over it, the month's clips), the
 * month's accelerator-hours by part, money when priced, the crossover by retrain interval, the plan without
 * the lever when there is one, the horizon's shares and the checks. Every month's cell of a row is the same
 * formula over its own column (a timing flag multiplies hours; no IF reads a date); the horizon's figure is
 * in B. Each cell caches the model's value: the month's figure (budgetOf), the curve's (the plan without its
 * typed months), the plan's without the lever.
 */
import type { BudgetMonth, BudgetResult } from "../model/budget";
import { BUDGET_FIELDS, budgetField, BudgetKey, BudgetPlan } from "../model/budgetFields";
import * as inExcel from "../../core/excel/formulas";
import * as budgetExcel from "./budgetFormulas";
import { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { safeText } from "../../core/sheet/sheetBasics";
import { BudgetRows, monthColumn } from "./budgetRows";
import { figureCell } from "../../core/sheet/rows";
import { rangeValidation } from "./budgetValidation";
import { COUNT_FORMAT, fieldShown } from "./budgetInputs";

/** Seconds per clip as computed: 0.04, 0.0001. */
export const SECONDS_FORMAT = "0.0####";

/** A month's days: 31, or 30.42 for a twelfth of 365. */
export const DAYS_FORMAT = "0.##";

/** What a cost reads while the price is emptied. */
export const NO_PRICE = "no price";

/** The model's figures the time rows cache: the plan's, its curve's, and without its lever when it has one. */
export interface BudgetFigures {
  result: BudgetResult;
  /** the months of the plan without its typed months: the growth curve alone */
  curve: readonly BudgetMonth[];
  /** the months of the plan without its lever, when it has one */
  withoutLever?: readonly BudgetMonth[];
}

/** The check rows' keys and labels, in the order the master check names the first failing one. */
export const CHECKS = [
  { key: "checkInputs", label: "Every required input is filled" },
  { key: "checkParts", label: "Each month's parts sum to its total" },
  { key: "checkHorizon", label: "The horizon's total (its months) equals its parts" },
  { key: "checkShares", label: "Shares sum to 100%" },
  { key: "checkCrossover", label: "Serving passes training first at the crossover" },
] as const;

/** The derived names the time rows carry, unsuffixed. */
export const TIMELINE_NAMES = [
  "BudgetHorizonClips",
  "BudgetHorizonServingConsumed",
  "BudgetHorizonTrainingHours",
  "BudgetHorizonRescanHours",
  "BudgetHorizonServingPaid",
  "BudgetHorizonTotalHours",
  "BudgetHorizonCost",
  "BudgetCrossoverMonth",
  "BudgetCrossoverInterval",
  "BudgetHorizonTotalWithoutLever",
  "BudgetLeverTouchedHours",
  "BudgetTrainingShare",
  "BudgetRescanShare",
  "BudgetServingShare",
] as const;

const sumOf = (months: readonly BudgetMonth[], pick: (m: BudgetMonth) => number) =>
  months.reduce((sum, m) => sum + pick(m), 0);

/** What every time row reads: the sheet, the plan and the model's figures, and the shorthands the rows share. */
interface Timeline {
  sheet: BudgetRows;
  plan: BudgetPlan;
  figures: BudgetFigures;
  months: readonly BudgetMonth[];
  /** the defined name of a budget input */
  field: (key: BudgetKey) => string;
  /** a derived name, suffixed */
  named: (base: string) => string;
  /** a month's cell of `formula`, caching the model's figure `pick` of that month */
  derived: (
    pick: (m: BudgetMonth, index: number) => number | string,
    format: string,
  ) => (formula: string, i: number) => LayoutCell;
  /** the horizon's sum of a row, caching `cached` */
  sum: (cached: number, format: string) => (range: string) => LayoutCell;
  /** whether the plan has its lever (its seconds and its month) */
  lever: boolean;
}

const HOURS = NUMBER_FORMAT.hours;

/** The rows of the time axis from the flags to the checks, added to `sheet` below the inputs. */
export function addTimeline(sheet: BudgetRows, plan: BudgetPlan, figures: BudgetFigures, costFormat: string): void {
  const months = figures.result.months;
  const t: Timeline = {
    sheet,
    plan,
    figures,
    months,
    field: (key) => sheet.named(budgetField(key).definedName),
    named: sheet.named,
    derived: (pick, format) => (formula, i) => figureCell(formula, pick(months[i], i), format),
    sum: (cached, format) => (range) => figureCell(inExcel.horizonSum(range), cached, format),
    lever: plan.leverSecondsPerClip !== undefined && plan.leverFromMonth !== undefined,
  };
  addFlags(t);
  addTraffic(t);
  addHours(t);
  const { result } = figures;
  if (plan.pricePerHour !== undefined) addMoney(sheet, plan, result, costFormat);
  addCrossover(sheet, result, t.field("retrainEveryMonths"));
  if (t.lever && figures.withoutLever) addWithoutLever(sheet, result, figures.withoutLever, t.field);
  addShares(sheet, result);
  addChecks(sheet, plan, t.named("BudgetCheckTolerance"));
}

/** The timing flags: 1 in a retrain month, a re-scan month (typed, blue), the lever's months; the interval. */
function addFlags(t: Timeline): void {
  t.sheet.heading("Timing flags: 1 in the months they apply");
  t.sheet.timeRow("retrain", {
    label: "Retrain month",
    unit: "1 = a run",
    month: (c) =>
      t.derived((m) => m.retrainFlag, COUNT_FORMAT)(
        budgetExcel.retrainFlag(c.at("month"), t.field("retrainEveryMonths")),
        c.index,
      ),
    horizon: t.sum(
      sumOf(t.months, (m) => m.retrainFlag),
      COUNT_FORMAT,
    ),
  });
  t.sheet.timeRow("rescan", {
    label: "Re-scan month",
    unit: "1 = a re-scan (blue)",
    month: (c) => ({ value: t.months[c.index].rescanFlag, numberFormat: COUNT_FORMAT, role: "input" }),
    horizon: t.sum(
      sumOf(t.months, (m) => m.rescanFlag),
      COUNT_FORMAT,
    ),
  });
  const rescanRow = t.sheet.lastRow;
  t.months.forEach((_, i) =>
    t.sheet.validate(
      rangeValidation(`${monthColumn(i)}${rescanRow}`, "A re-scan month", "1 = a re-scan, 0 = none", {
        minimum: 0,
        maximum: 1,
        whole: true,
      }),
    ),
  );
  if (t.lever)
    t.sheet.timeRow("lever", {
      label: "Lever active",
      unit: "1 = the lever's seconds",
      month: (c) =>
        t.derived((m) => m.leverFlag, COUNT_FORMAT)(
          budgetExcel.fromMonthFlag(c.at("month"), t.field("leverFromMonth"), t.field("leverSecondsPerClip")),
          c.index,
        ),
      horizon: t.sum(
        sumOf(t.months, (m) => m.leverFlag),
        COUNT_FORMAT,
      ),
    });
  const intervalOf = (month: number) =>
    t.figures.result.intervals.find((i) => month >= i.firstMonth && month <= i.lastMonth)!;
  t.sheet.timeRow("interval", {
    label: "Retrain interval",
    unit: "months 1..k = 1",
    month: (c) =>
      t.derived((m) => intervalOf(m.month).index, COUNT_FORMAT)(
        budgetExcel.retrainInterval(c.at("month"), t.field("retrainEveryMonths")),
        c.index,
      ),
  });
}

/** The traffic: the growth curve, the months typed over it (blue), the month's clips per second and clips. */
function addTraffic(t: Timeline): void {
  t.sheet.heading("Traffic");
  t.sheet.timeRow("curve", {
    label: "Clips per second, growth curve",
    unit: "clips/s",
    month: (c) =>
      figureCell(
        budgetExcel.growthCurve(t.field("clipsPerSecond"), t.field("monthlyGrowth"), c.at("month")),
        t.figures.curve[c.index].clipsPerSecond,
        HOURS,
      ),
  });
  t.sheet.timeRow("typed", {
    label: "Clips per second, typed over the curve",
    unit: "clips/s (blue; blank: curve)",
    month: (c) => {
      const typed = t.plan.typedClipsPerSecond[c.index + 1];
      return typed === undefined
        ? { role: "input" }
        : { value: typed, numberFormat: NUMBER_FORMAT.typed, role: "input" };
    },
  });
  const typedRow = t.sheet.lastRow;
  t.months.forEach((_, i) =>
    t.sheet.validate(
      rangeValidation(
        `${monthColumn(i)}${typedRow}`,
        `Clips per second typed for ${t.months[i].label}`,
        "clips per second",
        {
          minimum: 0,
        },
      ),
    ),
  );
  t.sheet.timeRow("cps", {
    label: "Clips per second",
    unit: "clips/s",
    month: (c) =>
      t.derived((m) => m.clipsPerSecond, HOURS)(inExcel.typedOrDefault(c.at("typed"), c.at("curve")), c.index),
  });
  // The month's days from its own dated heading (the next month's first day less its first day), or a twelfth of
  // the days a year, as the choice's flag says: one formula in every column, no IF on a date.
  t.sheet.timeRow("days", {
    label: "Days in the month",
    unit: "days: its calendar days, or days a year / months a year",
    month: (c) =>
      t.derived((m) => m.days, DAYS_FORMAT)(
        budgetExcel.monthDays(
          t.named("BudgetCalendarMonthsFlag"),
          c.at("header"),
          t.field("daysPerYear"),
          t.named("BudgetMonthsPerYear"),
        ),
        c.index,
      ),
    horizon: t.sum(
      sumOf(t.months, (m) => m.days),
      DAYS_FORMAT,
    ),
  });
  t.sheet.timeRow("clips", {
    label: "Clips",
    unit: "clips",
    month: (c) =>
      t.derived((m) => m.clips, NUMBER_FORMAT.clips)(
        budgetExcel.clipsInMonth(
          t.named("BudgetCalendarMonthsFlag"),
          c.at("cps"),
          c.at("days"),
          t.field("daysPerYear"),
          t.named("BudgetMonthsPerYear"),
        ),
        c.index,
      ),
    horizon: t.sum(t.figures.result.clips, NUMBER_FORMAT.clips),
    name: "BudgetHorizonClips",
  });
}

/** The month's accelerator-hours by part: serving consumed and paid, training, re-scans, the total. */
function addHours(t: Timeline): void {
  t.sheet.heading("Accelerator-hours");
  if (t.lever)
    t.sheet.timeRow("seconds", {
      label: "Seconds per clip",
      unit: "accelerator-s",
      month: (c) =>
        t.derived((m) => m.secondsPerClip, SECONDS_FORMAT)(
          budgetExcel.leverSecondsPerClip(c.at("lever"), t.field("secondsPerClip"), t.field("leverSecondsPerClip")),
          c.index,
        ),
    });
  t.sheet.timeRow("consumed", {
    label: "Serving, consumed",
    unit: "h",
    month: (c) =>
      t.derived((m) => m.servingHoursConsumed, HOURS)(
        inExcel.servingHours(c.at("clips"), t.lever ? c.at("seconds") : t.field("secondsPerClip")),
        c.index,
      ),
    horizon: t.sum(t.figures.result.servingHoursConsumed, HOURS),
    name: "BudgetHorizonServingConsumed",
  });
  t.sheet.timeRow("training", {
    label: "Training",
    unit: "h",
    month: (c) =>
      t.derived((m) => m.trainingHours, HOURS)(
        budgetExcel.flaggedHours(
          c.at("retrain"),
          inExcel.effectiveTrainingHours(t.field("hoursPerRun"), t.field("trainingOverhead")),
        ),
        c.index,
      ),
    horizon: t.sum(t.figures.result.trainingHours, HOURS),
    name: "BudgetHorizonTrainingHours",
  });
  t.sheet.timeRow("rescanHours", {
    label: "Re-scans",
    unit: "h",
    month: (c) =>
      t.derived((m) => m.rescanHours, HOURS)(budgetExcel.flaggedHours(c.at("rescan"), t.field("rescanHours")), c.index),
    horizon: t.sum(t.figures.result.rescanHours, HOURS),
    name: "BudgetHorizonRescanHours",
  });
  t.sheet.timeRow("paid", {
    label: "Serving, paid",
    unit: "h",
    month: (c) =>
      t.derived((m) => m.servingHoursPaid, HOURS)(
        inExcel.paidServingHours(c.at("consumed"), t.field("peakToMean")),
        c.index,
      ),
    horizon: t.sum(t.figures.result.servingHoursPaid, HOURS),
    name: "BudgetHorizonServingPaid",
  });
  t.sheet.timeRow("total", {
    label: "Total, paid",
    unit: "h",
    role: "stageName",
    month: (c) =>
      t.derived((m) => m.totalHours, HOURS)(
        inExcel.totalHours(c.at("training"), c.at("rescanHours"), c.at("paid")),
        c.index,
      ),
    // The sum of the months, as the model's: the lever's saving is a difference of two such sums.
    horizon: t.sum(t.figures.result.totalHours, HOURS),
    name: "BudgetHorizonTotalHours",
  });
}

/** The month's cost, the cost so far and, with a budget, the over-budget flag. */
function addMoney(sheet: BudgetRows, plan: BudgetPlan, result: BudgetResult, costFormat: string): void {
  const months = result.months;
  const price = sheet.named(budgetField("pricePerHour").definedName);
  const money = safeText(plan.currency) || "money";
  const orNoPrice = (figure: string) => budgetExcel.whenFilled([price], figure, NO_PRICE);
  sheet.heading("Money");
  const costRow = sheet.timeRow("cost", {
    label: "Cost",
    unit: money,
    // An emptied price is no price: the cost rows read "no price", never a cost of 0 that looks real.
    month: (c) => figureCell(orNoPrice(inExcel.costOf(c.at("total"), price)), months[c.index].cost!, costFormat),
    horizon: (range) => figureCell(orNoPrice(inExcel.horizonSum(range)), result.cost!, costFormat),
    name: "BudgetHorizonCost",
  });
  sheet.timeRow("cumulative", {
    label: "Cost so far",
    unit: money,
    month: (c) =>
      figureCell(
        orNoPrice(budgetExcel.runningTotal(`$${monthColumn(0)}${costRow}`, c.at("cost"))),
        months[c.index].cumulativeCost!,
        costFormat,
      ),
  });
  if (plan.budgetAmount === undefined) return;
  sheet.timeRow("over", {
    label: "Over budget",
    unit: "1 = over",
    month: (c) =>
      figureCell(
        budgetExcel.overBudgetFlag(
          c.at("cost"),
          c.at("cumulative"),
          sheet.named("BudgetPerMonthFlag"),
          sheet.named("BudgetAmount"),
        ),
        months[c.index].overBudget ? 1 : 0,
        COUNT_FORMAT,
      ),
    horizon: (range) => figureCell(inExcel.horizonSum(range), months.filter((m) => m.overBudget).length, COUNT_FORMAT),
  });
}

/** Each month's retrain interval's training and serving, the serving-dominated flag, and where it first is. */
function addCrossover(sheet: BudgetRows, result: BudgetResult, every: string): void {
  const intervalOf = (month: number) => result.intervals.find((i) => month >= i.firstMonth && month <= i.lastMonth)!;
  const months = result.months;
  sheet.heading("The crossover, by retrain interval");
  const interval = sheet.absoluteMonths("interval");
  // Each half summed over the month's retrain interval, from its own monthly row.
  const intervalSums = [
    { key: "intervalTraining", label: "The interval's training", of: "training", hours: "trainingHours" },
    {
      key: "intervalServing",
      label: "The interval's serving, consumed",
      of: "consumed",
      hours: "servingHoursConsumed",
    },
  ] as const;
  for (const { key, label, of, hours } of intervalSums) {
    sheet.timeRow(key, {
      label,
      unit: "h",
      month: (c) =>
        figureCell(
          budgetExcel.intervalSum(interval, c.at("interval"), sheet.absoluteMonths(of)),
          intervalOf(months[c.index].month)[hours],
          NUMBER_FORMAT.hours,
        ),
    });
  }
  sheet.timeRow("dominated", {
    label: "Serving-dominated interval",
    unit: "1 = serving > training",
    month: (c) => {
      const { servingHoursConsumed, trainingHours } = intervalOf(months[c.index].month);
      return figureCell(
        inExcel.exceedsFlag(c.at("intervalServing"), c.at("intervalTraining")),
        servingHoursConsumed > trainingHours ? 1 : 0,
        COUNT_FORMAT,
      );
    },
  });
  const { crossover } = result;
  const firstMonth = crossover.kind === "at" ? crossover.firstMonth : crossover.kind === "already" ? 1 : "none";
  const at = crossover.kind === "at" ? crossover.interval : crossover.kind === "already" ? 1 : "none";
  sheet.labelled(
    "First serving-dominated month",
    figureCell(
      budgetExcel.firstFlagged(sheet.monthsOf("dominated"), sheet.monthsOf("month")),
      firstMonth,
      COUNT_FORMAT,
    ),
    "the first month of the crossover interval",
    { name: "BudgetCrossoverMonth" },
  );
  sheet.labelled(
    "Crossover interval",
    figureCell(budgetExcel.crossoverInterval(sheet.named("BudgetCrossoverMonth"), every), at, COUNT_FORMAT),
    "the first retrain interval whose serving exceeds its training",
    { name: "BudgetCrossoverInterval" },
  );
}

/** The plan without its lever: paid serving at the plan's seconds per clip, the hours, the part the lever touches. */
function addWithoutLever(
  sheet: BudgetRows,
  result: BudgetResult,
  without: readonly BudgetMonth[],
  field: (key: BudgetKey) => string,
): void {
  const hours = NUMBER_FORMAT.hours;
  const months = result.months;
  sheet.heading("Without the lever");
  sheet.timeRow("paidWithout", {
    label: "Serving, paid, without the lever",
    unit: "h",
    month: (c) =>
      figureCell(
        inExcel.paidServingHours(inExcel.servingHours(c.at("clips"), field("secondsPerClip")), field("peakToMean")),
        without[c.index].servingHoursPaid,
        hours,
      ),
    horizon: (range) =>
      figureCell(
        inExcel.horizonSum(range),
        sumOf(without, (m) => m.servingHoursPaid),
        hours,
      ),
  });
  sheet.timeRow("totalWithout", {
    label: "Total, paid, without the lever",
    unit: "h",
    month: (c) =>
      figureCell(
        inExcel.totalHours(c.at("training"), c.at("rescanHours"), c.at("paidWithout")),
        without[c.index].totalHours,
        hours,
      ),
    horizon: (range) => figureCell(inExcel.horizonSum(range), result.lever!.totalHoursWithout, hours),
    name: "BudgetHorizonTotalWithoutLever",
  });
  sheet.timeRow("touched", {
    label: "Paid serving the lever touches",
    unit: "h",
    month: (c) =>
      figureCell(
        budgetExcel.flaggedHours(c.at("lever"), c.at("paidWithout")),
        months[c.index].leverFlag * without[c.index].servingHoursPaid,
        hours,
      ),
    horizon: (range) =>
      figureCell(
        inExcel.horizonSum(range),
        sumOf(without, (m) => (months[m.month - 1].leverFlag ? m.servingHoursPaid : 0)),
        hours,
      ),
    name: "BudgetLeverTouchedHours",
  });
}

/** The horizon's parts as shares of its paid total. */
function addShares(sheet: BudgetRows, result: BudgetResult): void {
  const n = sheet.named;
  const share = (part: string, cached: number) =>
    figureCell(inExcel.shareOfTotal(n(part), n("BudgetHorizonTotalHours")), cached, NUMBER_FORMAT.share);
  sheet.heading("The horizon's shares of its paid hours");
  sheet.labelled("Training's share", share("BudgetHorizonTrainingHours", result.trainingShare), "of the total", {
    name: "BudgetTrainingShare",
  });
  sheet.labelled("Re-scans' share", share("BudgetHorizonRescanHours", result.rescanShare), "of the total", {
    name: "BudgetRescanShare",
  });
  sheet.labelled("Serving's share, paid", share("BudgetHorizonServingPaid", result.servingShare), "of the total", {
    name: "BudgetServingShare",
  });
}

/** The check rows: each 0 when it holds (a month's row counts the months that fail, in B). */
function addChecks(sheet: BudgetRows, plan: BudgetPlan, tolerance: string): void {
  const n = sheet.named;
  const zero = (formula: string): LayoutCell => figureCell(formula, 0, COUNT_FORMAT);
  const countFailing = (range: string) => zero(inExcel.horizonSum(range));
  const [inputs, parts, horizon, shares, crossover] = CHECKS;
  sheet.heading("Checks: 0 where each holds (the master check at the top names the first that fails)");
  // Excel's Delete empties a validated cell, and an empty cell reads as 0: an input without a blank meaning
  // must be filled. Checked first, as an emptied cadence makes the other checks errors.
  const required = BUDGET_FIELDS.filter(
    (f) => f.blankMeans === undefined && f.key !== "months" && f.key !== "rescanMonths" && fieldShown(f, plan),
  );
  sheet.labelled(
    inputs.label,
    zero(
      budgetExcel.requiredInputsCheck(
        required.filter((f) => f.quantity !== "choice").map((f) => n(f.definedName)),
        required.filter((f) => f.quantity === "choice").map((f) => n(f.definedName)),
      ),
    ),
    "1 = fails",
    { key: inputs.key },
  );
  sheet.timeRow(parts.key, {
    label: parts.label,
    unit: "1 = fails",
    month: (c) =>
      zero(
        budgetExcel.mismatchFlag(
          inExcel.totalHours(c.at("training"), c.at("rescanHours"), c.at("paid")),
          c.at("total"),
          tolerance,
        ),
      ),
    horizon: countFailing,
  });
  // The horizon's total (the sum of its months' totals) against the sum of its parts' horizon figures.
  const horizonParts = inExcel.totalHours(
    sheet.horizonOf("training"),
    sheet.horizonOf("rescanHours"),
    sheet.horizonOf("paid"),
  );
  sheet.labelled(
    horizon.label,
    zero(budgetExcel.mismatchFlag(horizonParts, n("BudgetHorizonTotalHours"), tolerance)),
    "1 = fails",
    { key: horizon.key },
  );
  const sharesSum = inExcel.totalHours(n("BudgetTrainingShare"), n("BudgetRescanShare"), n("BudgetServingShare"));
  sheet.labelled(shares.label, zero(budgetExcel.mismatchFlag(sharesSum, "1", tolerance)), "1 = fails", {
    key: shares.key,
  });
  sheet.timeRow(crossover.key, {
    label: crossover.label,
    unit: "1 = fails",
    month: (c) =>
      zero(
        budgetExcel.crossoverCheck(
          c.at("interval"),
          n("BudgetCrossoverInterval"),
          c.at("intervalServing"),
          c.at("intervalTraining"),
        ),
      ),
    horizon: countFailing,
  });
}
