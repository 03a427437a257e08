/*
 * The budget sheet's time rows, under the inputs: timing flags (1/0 rows: a retrain month, a re-scan month,
 * the lever active), traffic (the growth curve, the planner's typed months over it, the month's clips), the
 * month's accelerator-hours by part, money when priced, the crossover by retrain interval, the plan without
 * the lever when there is one, the horizon's shares and the checks. Every month's cell of a row is the same
 * formula over its own column (a timing flag multiplies hours; no IF reads a date); the horizon's figure is
 * in B. Each cell caches the model's value: the month's figure (budgetOf), the curve's (the plan without its
 * typed months), the plan's without the lever.
 */
import type { BudgetMonth, BudgetResult, ModelBudgetPlan } from "../model/budget";
import {
  asPercent,
  BUDGET_FIELDS,
  BudgetField,
  budgetField,
  BudgetKey,
  BudgetPlan,
  MAX_BUDGET_MONTHS,
  NumberRange,
} from "../model/budgetFields";
import { isModelKey } from "../model/budgetModels";
import * as inExcel from "../../core/excel/formulas";
import * as budgetExcel from "./budgetFormulas";
import { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { safeText } from "../../core/sheet/sheetBasics";
import { BudgetRows, FIRST_MONTH_COLUMN, monthColumn } from "./budgetRows";
import { columnLetter } from "../../core/excel/a1";
import { figureCell } from "../../core/sheet/rows";
import { rangeValidation } from "./budgetRows";
import { COUNT_FORMAT, fieldShown } from "./budgetInputs";
import {
  addCheckRows,
  anyCachedError,
  CHECK_TOLERANCE,
  CheckBound,
  fieldBoundChecks,
  noErrorCheck,
  PlacedChecks,
  SheetCheck,
  sameFigureCheck,
} from "../../core/sheet/checks";
import { SECONDS_PER_HOUR } from "../../core/model/units";
import { isProblem } from "../../core/model/problems";
import { fieldValidation, matchingRule } from "../../core/sheet/validation";
import { LEDGER_FIELDS, ledgerGiven, MINUTES_PER_HOUR, ONE_LEDGER_ONLY } from "../../ledgers/model";
import type { LedgerField, LedgerInputs } from "../../ledgers/model";
import { ledgerCounted, ledgerErrorCost, ledgerInputCell, whenCounted } from "../../ledgers/sheet";
import { ageMonths, BudgetStaleness } from "../model/budgetLedger";
import type { BudgetValidation } from "./budgetRows";

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
  plan: ModelBudgetPlan;
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

/** What the time rows of `plan` read on `sheet`. */
function timelineOf(sheet: BudgetRows, plan: ModelBudgetPlan, figures: BudgetFigures): Timeline {
  const months = figures.result.months;
  return {
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
}

/** The names of the prices a cost row reads: the serving price, and training's where it has its own. */
export interface PriceNames {
  serving: string;
  training?: string;
}

/** The rows of the time axis from the flags to the checks, added to `sheet` below the inputs. */
export function addTimeline(
  sheet: BudgetRows,
  plan: ModelBudgetPlan,
  figures: BudgetFigures,
  costFormat: string,
): PlacedChecks {
  const t = timelineOf(sheet, plan, figures);
  addFlags(t);
  addTraffic(t);
  addHours(t);
  const { result } = figures;
  if (plan.pricePerHour !== undefined) {
    addMoney(sheet, plan, result, costFormat, { serving: t.field("pricePerHour") }, plan.budgetAmount !== undefined);
  }
  const ledgerChecks = addLedger(t, costFormat);
  addCrossover(sheet, result, t.field("retrainEveryMonths"));
  if (t.lever && figures.withoutLever) addWithoutLever(sheet, plan, result, figures.withoutLever, t.field);
  addShares(sheet, result);
  return addChecks(sheet, plan, figures, t.named("BudgetCheckTolerance"), ledgerChecks);
}

/** The traffic rows every model of a plan of several shares (the growth curve, typed months, clips). */
export function addSharedTraffic(sheet: BudgetRows, plan: BudgetPlan, figures: BudgetFigures): void {
  addTraffic(timelineOf(sheet, plan, figures));
}

/**
 * A model's block of time rows, written within its scope (BudgetRows.inModel) below its inputs and the shared
 * traffic: its timing flags, its hours (serving its share of the clips), its cost at its two prices, its crossover,
 * its plan without its lever, its shares and its month checks; its checks, to be placed with the estate's.
 */
export function addModelTimeline(
  sheet: BudgetRows,
  plan: ModelBudgetPlan,
  figures: BudgetFigures,
  costFormat: string,
  prices: PriceNames,
): SheetCheck[] {
  const t = timelineOf(sheet, plan, figures);
  addFlags(t);
  addHours(t);
  const { result } = figures;
  if (plan.pricePerHour !== undefined) addMoney(sheet, plan, result, costFormat, prices, false);
  const ledgerChecks = addLedger(t, costFormat);
  addCrossover(sheet, result, t.field("retrainEveryMonths"));
  if (t.lever && figures.withoutLever) addWithoutLever(sheet, plan, result, figures.withoutLever, t.field);
  addShares(sheet, result);
  const tolerance = t.named("BudgetCheckTolerance");
  sheet.heading("Check workings: 1 in a month that fails");
  addMonthChecks(sheet, tolerance);
  addClipSeconds(sheet, figures);
  const own = (f: BudgetField) => isModelKey(f.key);
  return [
    requiredCheck(sheet, plan, own),
    ...fieldChecks(sheet, plan, own),
    ...routeChecks(sheet, plan, figures, tolerance),
    ...ledgerChecks,
  ];
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

/** The clips a model scores of `clips`: its share of them, in a plan of several models (all, in today's plan). */
const scoredClips = (t: { plan: ModelBudgetPlan; sheet: BudgetRows }, clips: string): string =>
  t.plan.shareScored === undefined ? clips : `${clips}*${t.sheet.named(SHARE_SCORED_NAME)}`;

/** The defined name of a model's share of clips scored (budgetModels.ts's row), unsuffixed. */
export const SHARE_SCORED_NAME = "BudgetShareScored";

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
        inExcel.servingHours(scoredClips(t, c.at("clips")), t.lever ? c.at("seconds") : t.field("secondsPerClip")),
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
function addMoney(
  sheet: BudgetRows,
  plan: BudgetPlan,
  result: BudgetResult,
  costFormat: string,
  prices: PriceNames,
  budgeted: boolean,
): void {
  const months = result.months;
  const price = prices.serving;
  const money = safeText(plan.currency) || "money";
  const filled = prices.training === undefined ? [price] : [price, prices.training];
  const orNoPrice = (figure: string) => budgetExcel.whenFilled(filled, figure, NO_PRICE);
  const costOf = (c: { at: (key: string) => string }) =>
    prices.training === undefined
      ? inExcel.costOf(c.at("total"), price)
      : budgetExcel.modelCost(c.at("total"), price, c.at("training"), prices.training);
  sheet.heading("Money");
  const costRow = sheet.timeRow("cost", {
    label: "Cost",
    unit: money,
    // An emptied price is no price: the cost rows read "no price", never a cost of 0 that looks real.
    month: (c) => figureCell(orNoPrice(costOf(c)), months[c.index].cost!, costFormat),
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
  if (!budgeted) return;
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
  plan: ModelBudgetPlan,
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
        inExcel.paidServingHours(
          inExcel.servingHours(scoredClips({ plan, sheet }, c.at("clips")), field("secondsPerClip")),
          field("peakToMean"),
        ),
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

/**
 * The checks (core/sheet/checks.ts): the required inputs filled, each input within its field's range, the growth
 * not a percentage typed without its sign, the typed months' traffic, no error value, then the figures by two
 * routes, each month's parts against its total and the crossover (two month rows that flag the months that fail,
 * counted in B). The master check in the answer names the first that fails.
 */
function addChecks(
  sheet: BudgetRows,
  plan: BudgetPlan,
  figures: BudgetFigures,
  tolerance: string,
  ledgerChecks: readonly SheetCheck[],
): PlacedChecks {
  const errorRange = `A${sheet.rowOf("header")}:${monthColumn(plan.months - 1)}${sheet.lastRow}`;
  const noError = !anyCachedError(sheet.rows.slice(sheet.rowOf("header") - sheet.top));
  sheet.heading("Check workings: 1 in a month that fails");
  addMonthChecks(sheet, tolerance);
  addClipSeconds(sheet, figures);
  sheet.heading("Checks: 0 where each holds, 1 where it fails (the master check at the top names the first)");
  return addCheckRows(sheet, [
    requiredCheck(sheet, plan, () => true),
    ...fieldChecks(sheet, plan, () => true),
    ...sharedChecks(sheet, plan),
    sheetErrorCheck(sheet, errorRange, noError),
    ...routeChecks(sheet, plan, figures, tolerance),
    ...ledgerChecks,
  ]);
}

/** With a lever the seconds per clip change in its month: the clips' seconds are a sum of the months' products. */
function addClipSeconds(sheet: BudgetRows, figures: BudgetFigures): void {
  if (!sheet.has("seconds")) return;
  const clipSeconds = sumOf(figures.result.months, (m) => m.clips * m.secondsPerClip);
  const cell = figureCell(`SUMPRODUCT(${sheet.monthsOf("clips")},${sheet.monthsOf("seconds")})`, clipSeconds, HOURS);
  sheet.labelled("Clip-seconds, each month's clips × its seconds", cell, "accelerator-s", { key: "clipSeconds" });
}

/** No figure from the time axis's heading down to `errorRange`'s end is an error value. */
export function sheetErrorCheck(sheet: BudgetRows, errorRange: string, noError: boolean): SheetCheck {
  return noErrorCheck(
    "No figure is an error value",
    errorRange,
    `A cell in ${errorRange} shows an error value (#DIV/0!, #VALUE!...): ` +
      "an input above is blank or out of its range.",
    noError,
  );
}

/** The month rows of the checks: 1 in a month whose parts miss its total, or whose halves contradict the crossover. */
function addMonthChecks(sheet: BudgetRows, tolerance: string): void {
  const n = sheet.named;
  const zero = (formula: string): LayoutCell => figureCell(formula, 0, COUNT_FORMAT);
  const countFailing = (range: string) => zero(inExcel.horizonSum(range));
  sheet.timeRow("checkParts", {
    label: "A month's parts miss its total",
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
  sheet.timeRow("checkCrossover", {
    label: "A month contradicts the crossover",
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

/**
 * Every required input filled: Excel's Delete empties a validated cell, which reads as 0, so an input without a
 * blank meaning must be filled. First, as an emptied cadence makes the other checks fail too.
 */
export function requiredCheck(sheet: BudgetRows, plan: BudgetPlan, which: (f: BudgetField) => boolean): SheetCheck {
  const required = BUDGET_FIELDS.filter(
    (f) =>
      which(f) && f.blankMeans === undefined && f.key !== "months" && f.key !== "rescanMonths" && fieldShown(f, plan),
  );
  const tests = required.map(
    (f) => `${f.quantity === "choice" ? "ISTEXT" : "ISNUMBER"}(${sheet.named(f.definedName)})`,
  );
  return {
    name: "Every required input is filled",
    holds: () => tests.join("*"),
    errorProof: true,
    failure: "A required input is empty: each blue cell above without a default must hold its number (or its choice).",
    held: true,
  };
}

/** What a planner who types 5 for 5% gets: 500% a month. Over 100% a month (doubling) no plan's traffic grows. */
const MOST_MONTHLY_GROWTH = 1;

/**
 * A field's range as a check's bound, in a planner's words: "whole, 1 or more", "above -100%". The 60-month cap
 * of a cadence or a month is the sheet's width, not a plan's bound (a cadence past the horizon retrains once).
 */
function boundOfRange(range: NumberRange, percent: boolean): CheckBound {
  const { maximum, ...rest } = range;
  const bound: NumberRange = maximum !== undefined && maximum < MAX_BUDGET_MONTHS ? { ...rest, maximum } : rest;
  const at = (value: number) => (percent ? asPercent(value) : String(value));
  const from = bound.exclusiveMinimum ? `above ${at(bound.minimum)}` : `${at(bound.minimum)} or more`;
  const text = bound.maximum !== undefined ? `from ${at(bound.minimum)} to ${at(bound.maximum)}` : from;
  return { ...bound, text: bound.whole ? `whole, ${text}` : text };
}

/**
 * Each shown input within its field's range (a whole number of 1 or more for a cadence; the 60-month cap is the
 * sheet's width, not a plan's bound), the growth at most 100% a month, the typed months' clips 0 or more.
 */
export function fieldChecks(sheet: BudgetRows, plan: BudgetPlan, which: (f: BudgetField) => boolean): SheetCheck[] {
  const shown = BUDGET_FIELDS.filter(
    (f) => which(f) && f.range !== undefined && f.key !== "months" && fieldShown(f, plan),
  );
  return fieldBoundChecks(
    shown,
    (f) => sheet.named(f.definedName),
    (f) => plan[f.key] as number | undefined,
    (f) => boundOfRange(f.range!, f.quantity === "percent"),
  );
}

/** The growth at most 100% a month, the typed months' clips 0 or more: the traffic's checks, once a sheet. */
export function sharedChecks(sheet: BudgetRows, plan: BudgetPlan): SheetCheck[] {
  const growth = sheet.named(budgetField("monthlyGrowth").definedName);
  const typed = sheet.monthsOf("typed");
  return [
    {
      name: "Traffic growth: at most 100% a month",
      holds: () => `${growth}<=${MOST_MONTHLY_GROWTH}`,
      failure:
        "Traffic growth is over 100% a month: doubling every month is 4,096 times in a year. 5 is 500%: " +
        "type 5% for five per cent.",
      held: plan.monthlyGrowth <= MOST_MONTHLY_GROWTH,
    },
    {
      name: "Typed clips per second: 0 or more",
      holds: () => `COUNTIF(${typed},"<0")=0`,
      failure: "A month's typed clips per second is negative: type a number of 0 or more, or leave it blank.",
      held: true,
    },
  ];
}

/** Whether two routes' figures agree within the checks' tolerance, as the sheet's condition decides it. */
const agree = (a: number, b: number) => Math.abs(a - b) <= CHECK_TOLERANCE * Math.abs(b);

/** A check of two routes to one figure, arithmetic over cells, with the model's figure by each route. */
function route(name: string, routes: readonly (readonly [string, number])[], tolerance: string, failure: string) {
  const [[a, byA], [b, byB]] = routes;
  return sameFigureCheck(name, [a, b], tolerance, failure, agree(byA, byB));
}

/**
 * The figures by two routes: each part's horizon (the months' sum) against its inputs (serving paid from the clips,
 * training from the runs, re-scans from their months), so a number typed over one month's formula is caught; the
 * months' parts against their totals; the horizon's total against its parts; the shares against 100%; the crossover.
 */
function routeChecks(
  sheet: BudgetRows,
  plan: ModelBudgetPlan,
  figures: BudgetFigures,
  tolerance: string,
): SheetCheck[] {
  const field = (key: BudgetKey) => sheet.named(budgetField(key).definedName);
  const n = sheet.named;
  const { result } = figures;
  const months = result.months;
  const lever = sheet.has("seconds");
  const clips = scoredClips({ plan, sheet }, sheet.horizonOf("clips"));
  const perClip = lever
    ? scoredClips({ plan, sheet }, sheet.horizonOf("clipSeconds"))
    : `${clips}*${field("secondsPerClip")}`;
  const share = plan.shareScored ?? 1;
  const clipSeconds = lever
    ? sumOf(months, (m) => m.clips * m.secondsPerClip) * share
    : result.clips * share * plan.secondsPerClip;
  const retrains = sumOf(months, (m) => m.retrainFlag);
  const rescans = sumOf(months, (m) => m.rescanFlag);
  const horizonParts = inExcel.totalHours(
    sheet.horizonOf("training"),
    sheet.horizonOf("rescanHours"),
    sheet.horizonOf("paid"),
  );
  const shares = inExcel.totalHours(n("BudgetTrainingShare"), n("BudgetRescanShare"), n("BudgetServingShare"));
  const typedOver = "a number is typed over a month's formula in that row";
  return [
    route(
      "Serving paid, two routes",
      [
        [sheet.horizonOf("paid"), result.servingHoursPaid],
        [`${perClip}*${field("peakToMean")}/${SECONDS_PER_HOUR}`, (clipSeconds * plan.peakToMean) / SECONDS_PER_HOUR],
      ],
      tolerance,
      `Serving, paid, is not the clips × seconds per clip × peak-to-mean: ${typedOver} or in serving consumed.`,
    ),
    route(
      "Training, two routes",
      [
        [sheet.horizonOf("training"), result.trainingHours],
        [
          `${sheet.horizonOf("retrain")}*${field("hoursPerRun")}*${field("trainingOverhead")}`,
          retrains * plan.hoursPerRun * plan.trainingOverhead,
        ],
      ],
      tolerance,
      `Training is not the retrain months × hours per run × overhead: ${typedOver}.`,
    ),
    route(
      "Re-scans, two routes",
      [
        [sheet.horizonOf("rescanHours"), result.rescanHours],
        [`${sheet.horizonOf("rescan")}*${field("rescanHours")}`, rescans * plan.rescanHours],
      ],
      tolerance,
      `Re-scans are not the re-scan months × hours per re-scan: ${typedOver}.`,
    ),
    {
      name: "Each month's parts sum to its total",
      holds: () => `${sheet.horizonOf("checkParts")}=0`,
      failure: "A month's training + re-scans + serving paid is not its total: a number is typed over a total.",
      held: true,
    },
    route(
      "The horizon's total, two routes",
      [
        [horizonParts, result.trainingHours + result.rescanHours + result.servingHoursPaid],
        [n("BudgetHorizonTotalHours"), result.totalHours],
      ],
      tolerance,
      "The horizon's total (its months) is not its parts' horizons: a number is typed over a horizon figure.",
    ),
    route(
      "Shares sum to 100%",
      [
        [shares, result.trainingShare + result.rescanShare + result.servingShare],
        ["1", 1],
      ],
      tolerance,
      "Training's, re-scans' and serving's shares do not add up to 100%: a number is typed over a share.",
    ),
    {
      name: "Serving passes training first at the crossover",
      holds: () => `${sheet.horizonOf("checkCrossover")}=0`,
      failure:
        "A retrain interval's halves contradict the crossover: a number is typed over the crossover or an interval.",
      held: true,
    },
  ];
}

/*
 * Both ledgers over the months (issue 30), below the money: the second ledger's inputs as blue, named cells
 * (LEDGER_FIELDS, blank = its blankMeans), whether it is counted, the cost of one error used, then a timing row (the
 * model's whole months since its last retrain, 0 in a retrain month) and the staleness each month costs, its own
 * total in B beside the cost's. Written only for a ledger given (the plan's `ledger`): a plan without one is today's
 * sheet, cell for cell. Below the rows the bill's plan against actual reads (the time axis, training, paid serving,
 * the cost), so a budget record without the ledger still finds them where they are.
 */

/** The ledger's defined names on the budget sheet, unsuffixed: each input's, then the derived ones. */
export const LEDGER_NAMES: readonly string[] = [
  ...LEDGER_FIELDS.map((field) => budgetLedgerName(field.definedName)),
  "BudgetLedgerCounted",
  "BudgetMinutesPerHour",
  "BudgetLedgerErrorCost",
  "BudgetHorizonStaleness",
];

/** A ledger field's name on the budget sheet: "Budget" before the annual sheet's, so both sit in one workbook. */
function budgetLedgerName(definedName: string): string {
  return `Budget${definedName}`;
}

/** The validation of a ledger field's cell: its check's rule (core/sheet/validation.ts), in the budget's shape. */
function ledgerValidation(field: LedgerField, address: string): BudgetValidation | undefined {
  const rule = matchingRule(field);
  if (!rule) return undefined;
  const { prompt, error } = fieldValidation(field, address, rule, field.blankMeans);
  const { operator, bound, upper } = rule;
  return { address, rule: { type: "decimal", operator, bound, ...(upper !== undefined && { upper }) }, prompt, error };
}

/** The ledger's inputs, each named and validated; each field's cell by key. */
function ledgerInputs(t: Timeline, ledger: LedgerInputs, costFormat: string): Record<keyof LedgerInputs, string> {
  const cells = {} as Record<keyof LedgerInputs, string>;
  for (const field of LEDGER_FIELDS) {
    const unit = `${field.unit} (blank: ${field.blankMeans})`;
    const cell = ledgerInputCell(field, ledger, costFormat);
    cells[field.key] = t.sheet.labelled(field.label, cell, unit, { name: budgetLedgerName(field.definedName) });
    const validation = ledgerValidation(field, cells[field.key]);
    if (validation) t.sheet.validate(validation);
  }
  return cells;
}

/** The model's staleness when counted; undefined when not (the cells then read "not counted"). */
const countedOf = (t: Timeline): BudgetStaleness | undefined => {
  const staleness = t.figures.result.staleness;
  return staleness && !isProblem(staleness) && staleness.counted ? staleness : undefined;
};

/**
 * The ledger's rows of a plan with a ledger given: its inputs, whether it is counted, the cost of one error used,
 * the months since the last retrain and the staleness by month with its total; its checks (each input's bounds, the
 * total by two routes) for the checks at the foot. None for a plan without a ledger.
 */
function addLedger(t: Timeline, costFormat: string): SheetCheck[] {
  const ledger = ledgerGiven(t.plan.ledger);
  if (!ledger) return [];
  const { sheet } = t;
  const staleness = countedOf(t);
  sheet.heading("Both ledgers: what a staler model costs, beside the compute");
  const cells = ledgerInputs(t, ledger, costFormat);
  const { driftPerMonth: drift, costPerError, reviewMinutesPerError: minutes, reviewerCostPerHour: hourly } = cells;
  const counted = sheet.labelled(
    "Second ledger counted",
    figureCell(ledgerCounted(drift, costPerError, minutes, hourly), staleness ? 1 : 0, COUNT_FORMAT),
    "1: drift and the cost of one error given; 0: not counted",
    { name: "BudgetLedgerCounted" },
  );
  const notCounted = staleness ? undefined : ONE_LEDGER_ONLY;
  if (notCounted) sheet.wrappedNote(notCounted);
  // a constant in a labelled cell, as the months a year are (budgetInputs.ts)
  const minutesPerHour = sheet.labelled(
    "Minutes an hour",
    { value: MINUTES_PER_HOUR, numberFormat: COUNT_FORMAT, role: "derived" },
    "review minutes × an hourly cost / this",
    { name: "BudgetMinutesPerHour" },
  );
  sheet.labelled(
    "Cost of one error, used",
    figureCell(
      whenCounted(counted, ledgerErrorCost(costPerError, minutes, hourly, minutesPerHour)),
      staleness?.costPerError ?? NOT_COUNTED,
      costFormat,
    ),
    "typed, or minutes of review × hourly cost / 60",
    { name: "BudgetLedgerErrorCost" },
  );
  // The month rows read the names, which are the same from every column (cells would shift column by column).
  const named = {
    counted: sheet.named("BudgetLedgerCounted"),
    error: sheet.named("BudgetLedgerErrorCost"),
    drift: sheet.named(budgetLedgerName(LEDGER_FIELDS.find((f) => f.key === "driftPerMonth")!.definedName)),
  };
  addStalenessRows(t, named.counted, named.error, named.drift, costFormat, staleness);
  return [
    ...fieldBoundChecks(
      LEDGER_FIELDS,
      (field) => cells[field.key],
      (field) => ledger[field.key],
    ),
    {
      name: "Months since the last retrain follow the retrain months",
      holds: () => `${sheet.horizonOf("checkAge")}=0`,
      failure:
        "A month's months since the last retrain is not 0 in a retrain month, or one more than the month before: " +
        "a number is typed over that row.",
      held: true,
    },
    stalenessRoutes(t, named.counted, named.error, named.drift, staleness),
  ];
}

/** What a ledger figure reads while the ledger is not counted (ledgers/sheet's whenCounted says the same). */
const NOT_COUNTED = "not counted";

/** The timing row (months since the last retrain) and the staleness by month, its total in B. */
function addStalenessRows(
  t: Timeline,
  counted: string,
  error: string,
  drift: string,
  costFormat: string,
  staleness: BudgetStaleness | undefined,
): void {
  const ages = ageMonths(t.months.map((m) => m.retrainFlag));
  t.sheet.timeRow("age", {
    label: "Months since the last retrain",
    unit: "0 in a retrain month",
    month: (c) =>
      figureCell(
        budgetExcel.monthsSinceRetrain(c.at("month"), t.field("retrainEveryMonths")),
        ages[c.index],
        COUNT_FORMAT,
      ),
  });
  t.sheet.timeRow("checkAge", {
    label: "Months since the last retrain miss the retrain months",
    unit: "1 = fails",
    month: (c) =>
      figureCell(
        budgetExcel.ageCheck(
          c.at("retrain"),
          c.at("age"),
          `${columnLetter(FIRST_MONTH_COLUMN + c.index - 1)}${t.sheet.rowOf("age")}`,
        ),
        0,
        COUNT_FORMAT,
      ),
    horizon: (range) => figureCell(inExcel.horizonSum(range), 0, COUNT_FORMAT),
  });
  const money = safeText(t.plan.currency) || "money";
  t.sheet.timeRow("staleness", {
    label: "Staleness",
    unit: `${money}: clips × cost of an error × drift × months since`,
    month: (c) =>
      figureCell(
        whenCounted(counted, budgetExcel.stalenessInMonth(scoredClips(t, c.at("clips")), error, drift, c.at("age"))),
        staleness?.costByMonth[c.index] ?? NOT_COUNTED,
        costFormat,
      ),
    // Its own total, apart from the cost's: the two ledgers are not one bill.
    horizon: (range) =>
      figureCell(whenCounted(counted, inExcel.horizonSum(range)), staleness?.total ?? NOT_COUNTED, costFormat),
    name: "BudgetHorizonStaleness",
  });
}

/**
 * The staleness total by two routes: the months' sum against the clip-months of age (each month's clips scored x
 * its months since the last retrain, summed) x the cost of one error x drift; each 0 while the ledger is not counted.
 */
function stalenessRoutes(
  t: Timeline,
  counted: string,
  error: string,
  drift: string,
  staleness: BudgetStaleness | undefined,
): SheetCheck {
  const { sheet } = t;
  const total = sheet.named("BudgetHorizonStaleness");
  const clipMonths = scoredClips(t, `SUMPRODUCT(${sheet.monthsOf("clips")},${sheet.monthsOf("age")})`);
  const share = t.plan.shareScored ?? 1;
  const byAge = staleness
    ? t.months.reduce((sum, m, i) => sum + m.clips * staleness.ageMonths[i], 0) *
      share *
      staleness.costPerError *
      staleness.drift
    : 0;
  // The routes in labelled cells (a check's own cells would sit in the month columns): 0 while not counted.
  const route = (label: string, formula: string, value: number) =>
    sheet.labelled(
      label,
      figureCell(`IF(${counted}=1,${formula},0)`, value, NUMBER_FORMAT.typed),
      "0 while not counted",
    );
  const byMonths = route("Staleness check: the months' total", total, staleness?.total ?? 0);
  const byClipMonths = route(
    "Staleness check: clip-months of age × cost × drift",
    `${clipMonths}*${error}*${drift}`,
    byAge,
  );
  return sameFigureCheck(
    "Staleness, two routes",
    [byMonths, byClipMonths],
    sheet.named("BudgetCheckTolerance"),
    "The staleness total (its months) is not the clip-months of age × the cost of an error × drift: a number is " +
      "typed over a month of the staleness or of the months since the last retrain.",
    !staleness || Math.abs(staleness.total - byAge) <= CHECK_TOLERANCE * Math.abs(byAge),
  );
}
