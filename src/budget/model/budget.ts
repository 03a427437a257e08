/*
 * The budget over time (docs/cost-model.md, "The budget over time"): a monthly plan that turns a traffic
 * forecast into a cost forecast. Training is a spike in each retrain month (month 1, then every k months),
 * serving a floor that grows with traffic; the crossover is the first retrain interval whose consumed serving
 * exceeds its training. Every figure comes from the core formulas (monthClips, servingHours, amdahlCeiling,
 * costPerThousandClips, marginalCostPerThousandClips); this module only lays them along the months.
 *
 * budgetOf never throws: a plan with bad fields gives one problem per bad field, each naming it by its key
 * (for the pane, beside the field) and by its label (in the message).
 */
import { productRatio } from "../../core/model/arithmetic";
import { finiteResult } from "../../core/model/checks";
import {
  amdahlCeiling,
  costPerThousandClips,
  marginalCostPerThousandClips,
  monthClips,
  servingHours,
} from "../../core/model/formulas";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { EXCEL_LAST_YEAR, isoYearMonth, monthAbbreviation } from "../../core/model/months";
import { MONTHS_PER_YEAR, SECONDS_PER_DAY } from "../../core/model/units";
import { BUDGET_FIELDS, BudgetKey, BudgetPlan, budgetField, inRange } from "./budgetFields";
import { beyondSheet, figureBeyondSheet } from "./sheetLimits";
import { ledgerGiven, LedgerInputs } from "../../ledgers/model";
import { BudgetLedger, stalenessOf } from "./budgetLedger";

export type { BudgetPlan } from "./budgetFields";

/**
 * A plan as one model of several sees it (budgetModels.ts): today's plan, plus the share of the plan's clips the
 * model scores and a price for its training apart from its serving. Each left out is today's plan: every clip
 * scored, training at `pricePerHour` (then the serving price too). budgetOf's arithmetic is written so that a plan
 * without them gives, to the last bit, the figures it gave before they existed (test/budget/model/budgetModels).
 */
export interface ModelBudgetPlan extends BudgetPlan {
  /** the share of the plan's clips this model scores, 0 to 1; undefined: every clip */
  shareScored?: number;
  /** price per accelerator-hour of training; undefined: `pricePerHour`, the serving price */
  trainingPricePerHour?: number;
  /** the second ledger (issue 30): what a staler model costs; undefined or all blank: not on the budget at all */
  ledger?: LedgerInputs;
}

/** One month of the budget: its timing flags (the sheet's 1/0 rows), its traffic and its hours. */
export interface BudgetMonth {
  /** 1-based */
  month: number;
  /** "Jan 2027" */
  label: string;
  retrainFlag: 0 | 1;
  rescanFlag: 0 | 1;
  leverFlag: 0 | 1;
  clipsPerSecond: number;
  /** the days the month counts: its calendar days (28 to 31), or a twelfth of the days a year (monthDays) */
  days: number;
  /** whether the clips per second are the planner's own figure rather than the growth curve's */
  typed: boolean;
  clips: number;
  /** the month's accelerator-seconds per clip: the lever's from its month on */
  secondsPerClip: number;
  servingHoursConsumed: number;
  /** consumed x peak-to-mean */
  servingHoursPaid: number;
  trainingHours: number;
  rescanHours: number;
  /** training + re-scans + paid serving */
  totalHours: number;
  /** totalHours x price, when priced */
  cost?: number;
  /** the months' costs so far, this one included, when priced */
  cumulativeCost?: number;
  /** when budgeted: the month's cost (a month's budget) or the cost so far (the horizon's) is over it */
  overBudget?: boolean;
}

/** One retrain interval: months firstMonth..lastMonth (the last may be partial: it counts its own months). */
export interface BudgetInterval {
  /** 1-based */
  index: number;
  firstMonth: number;
  lastMonth: number;
  trainingHours: number;
  servingHoursConsumed: number;
}

/** Where serving overtakes training over the horizon. */
export type BudgetCrossover =
  /** interval 1 is serving-dominated */
  | { kind: "already" }
  | { kind: "at"; interval: number; firstMonth: number; lastMonth: number }
  /** not within the horizon */
  | { kind: "none" };

/** What the lever (seconds per clip from a month on) is worth over the horizon, against its ceiling. */
export interface BudgetLever {
  /** the plan's hours without the lever minus with it: negative when the lever adds hours */
  savedHours: number;
  /** savedHours x price, when priced */
  savedCost?: number;
  /** the share of the bill without the lever that the part it touches holds (paid serving from its month on) */
  ceilingShare: number;
  /** savedHours over the bill without the lever */
  savedShare: number;
  /** the bill's hours without the lever */
  totalHoursWithout: number;
  /** the marginal cost per 1,000 clips at the lever's seconds per clip, when priced */
  costPerThousandMarginal?: number;
}

/** The budget's months, intervals and the horizon's figures. */
export interface BudgetResult {
  months: BudgetMonth[];
  intervals: BudgetInterval[];
  trainingHours: number;
  rescanHours: number;
  servingHoursConsumed: number;
  servingHoursPaid: number;
  /** training + re-scans + paid serving */
  totalHours: number;
  clips: number;
  /** training / totalHours: the Amdahl ceiling on any training-side change */
  trainingShare: number;
  /** paid serving / totalHours */
  servingShare: number;
  /** re-scans / totalHours */
  rescanShare: number;
  crossover: BudgetCrossover;
  /** the horizon's totalHours x price, when priced */
  cost?: number;
  /** the horizon's cost / its clips x 1,000 (training amortised), when priced and some clip is scored */
  costPerThousandAverage?: number;
  /** what 1,000 more clips cost at the plan's seconds per clip (without the lever), when priced */
  costPerThousandMarginal?: number;
  /** when budgeted: the first month over budget; undefined when no month is over */
  firstMonthOverBudget?: number;
  lever?: BudgetLever;
  /** the second ledger month by month, only where the plan has a ledger given (budgetLedger.ts) */
  staleness?: BudgetLedger;
}

/** A problem with a budget plan, naming the field (or the typed month) to fix. */
export interface BudgetProblem extends Problem {
  key: BudgetKey | "typedClipsPerSecond";
  /** for a typed month's problem: the month */
  month?: number;
}

/**
 * A plan's first month, read from an ISO year-month ("2027-01", spaces around it allowed) from 1900; undefined for
 * anything else. The pane reads a planner's other spellings ("Jan 2027") into this one (budgetForm.ts,
 * readCalendarMonth).
 */
export function parseCalendarMonth(text: string): { year: number; month: number } | undefined {
  // the one reading (core/model/months.ts), whose rule refuses a month Excel cannot date: here, not on the sheet
  return isoYearMonth(typeof text === "string" ? text.trim() : "");
}

/** The calendar month of the horizon's month `month` (1-based) from `firstMonth`, which parses. */
export function calendarMonthOf(firstMonth: string, month: number): { year: number; month: number } {
  const first = parseCalendarMonth(firstMonth)!;
  const index = first.month - 1 + month - 1;
  return { year: first.year + Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * The days in a calendar month: 28 or 29 for February (a leap year: every fourth, but not the centuries other than
 * every fourth), 30 or 31 for the others. The proleptic Gregorian calendar throughout: Excel alone counts a
 * 29 February 1900 (kept for Lotus's sake), so a budget sheet dated from February 1900 counts that month a day
 * longer than the model does.
 * @example calendarDays(2028, 2) // 29
 */
export function calendarDays(year: number, month: number): number {
  // day 0 of the next month is this one's last
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The days month `month` (1-based) of `plan` counts: its calendar days from the plan's first month, or a twelfth
 * of the days counted in a year (30 at 360). The plan's first month parses.
 * @example monthDaysOf({ ...NEW_BUDGET_PLAN, firstMonth: "2028-01" }, 2) // 29
 */
export function monthDaysOf(plan: BudgetPlan, month: number): number {
  if (plan.monthDays !== "calendar") return plan.daysPerYear / MONTHS_PER_YEAR;
  const { year, month: calendar } = calendarMonthOf(plan.firstMonth, month);
  return calendarDays(year, calendar);
}

/**
 * Clips in a month of the plan: clips per second x the month's days x 86,400. A twelfth of a year is reckoned as
 * core's monthClips reckons it (clips/s x days a year x 86,400 / 12), so 30-day months give the figures they gave
 * before months could be calendar months, to the last bit.
 */
function clipsInMonth(plan: BudgetPlan, clipsPerSecond: number, days: number): number | Problem {
  if (plan.monthDays !== "calendar") return monthClips(clipsPerSecond, plan.daysPerYear);
  return finiteResult(productRatio(clipsPerSecond, days, SECONDS_PER_DAY, 1, 1), "Clips in a month");
}

/** The heading of the horizon's month `month`: "Jan 2027". */
export function budgetMonthLabel(firstMonth: string, month: number): string {
  const { year, month: calendar } = calendarMonthOf(firstMonth, month);
  return `${monthAbbreviation(calendar)} ${year}`;
}

/** A problem naming a field of the plan. */
function fieldProblem(key: BudgetKey, kind: Problem["kind"], message: string): BudgetProblem {
  return { key, ...problem(kind, message) };
}

const isBlank = (value: unknown) => value === undefined;

/** What an input the sheet multiplies must be (sheetLimits.ts), after its label. */
const SHEET_SIZE = "must be 0 or from 1e-100 to 1e100, for the sheet's formulas to compute it step by step";

/**
 * The problem of a horizon whose last month Excel cannot date (past December 9999, where its dates end: a sheet's
 * month headings would show ####), or undefined. `plan.firstMonth` parses.
 */
function horizonPastExcel(plan: BudgetPlan, months: number): BudgetProblem | undefined {
  const last = calendarMonthOf(plan.firstMonth, months);
  if (last.year <= EXCEL_LAST_YEAR) return undefined;
  const label = budgetField("firstMonth").label;
  // the latest first month, counted in months from year 0: December 9999 less the horizon's other months
  const latest = EXCEL_LAST_YEAR * 12 + 11 - (months - 1);
  const latestText = `${Math.floor(latest / 12)}-${String((latest % 12) + 1).padStart(2, "0")}`;
  return fieldProblem(
    "firstMonth",
    "invalidValue",
    `${label}: a ${months}-month horizon from ${plan.firstMonth.trim()} runs past December ${EXCEL_LAST_YEAR}, ` +
      `where Excel's dates end; start it by ${latestText}.`,
  );
}

/** A month of the horizon (1-based, whole, at most `months`), or why not, in words. */
function monthWithin(value: number, months: number): string | undefined {
  if (inRange(value, { minimum: 1, maximum: months, whole: true })) return undefined;
  return `must be a month of the horizon, a whole number from 1 to ${months}; got ${value}`;
}

/**
 * Every problem of `plan`: each field's own check, then the checks that join fields (the cadence and the
 * months named within the horizon, the lever's two fields together, a budget with a price), then each typed
 * month. One problem per bad field; none for a plan the model can compute.
 * @example checkBudgetPlan({ ...STEADY_GROWTH_EXAMPLE, months: 61 })[0].key // "months"
 */
export function checkBudgetPlan(plan: BudgetPlan): BudgetProblem[] {
  const found: BudgetProblem[] = [];
  const bad = new Set<BudgetKey>();
  const add = (p: BudgetProblem) => {
    found.push(p);
    bad.add(p.key as BudgetKey);
  };
  if (!parseCalendarMonth(plan.firstMonth)) {
    const label = budgetField("firstMonth").label;
    add(
      fieldProblem("firstMonth", "invalidValue", `${label} must be a calendar month as YYYY-MM (2027-01), from 1900.`),
    );
  }
  for (const field of BUDGET_FIELDS) {
    const value = plan[field.key];
    if (!field.check) continue;
    if (isBlank(value) && field.blankMeans !== undefined) continue;
    const checked = typeof value === "number" ? field.check(value, field.label) : field.check(NaN, field.label);
    if (checked) add({ key: field.key, ...checked });
    else if (typeof value === "number" && field.key !== "monthlyGrowth" && beyondSheet(value)) {
      add(fieldProblem(field.key, "invalidNumber", `${field.label} ${SHEET_SIZE}; got ${value}.`));
    }
  }
  const horizon = bad.has("months") ? undefined : plan.months;
  const pastExcel = bad.has("firstMonth") || horizon === undefined ? undefined : horizonPastExcel(plan, horizon);
  if (pastExcel) add(pastExcel);
  if (horizon !== undefined && !bad.has("retrainEveryMonths") && plan.retrainEveryMonths > horizon) {
    const label = budgetField("retrainEveryMonths").label;
    add(
      fieldProblem("retrainEveryMonths", "invalidNumber", `${label} must be at most the horizon, ${horizon} months.`),
    );
  }
  if (horizon !== undefined) {
    const rescans = Array.isArray(plan.rescanMonths) ? plan.rescanMonths : [NaN];
    const wrong = rescans.find((month) => typeof month !== "number" || monthWithin(month, horizon) !== undefined);
    if (wrong !== undefined) {
      const why = monthWithin(typeof wrong === "number" ? wrong : NaN, horizon)!;
      add(fieldProblem("rescanMonths", "invalidNumber", `${budgetField("rescanMonths").label}: each ${why}.`));
    }
    const lever = plan.leverFromMonth;
    if (!bad.has("leverFromMonth") && typeof lever === "number" && lever > horizon) {
      add(
        fieldProblem(
          "leverFromMonth",
          "invalidNumber",
          `${budgetField("leverFromMonth").label} ${monthWithin(lever, horizon)}.`,
        ),
      );
    }
  }
  const leverGiven = !isBlank(plan.leverSecondsPerClip);
  if (leverGiven !== !isBlank(plan.leverFromMonth)) {
    const missing: BudgetKey = leverGiven ? "leverFromMonth" : "leverSecondsPerClip";
    const other = budgetField(leverGiven ? "leverSecondsPerClip" : "leverFromMonth").label;
    const needs = `${budgetField(missing).label} is blank, and a lever needs it with ${other}`;
    const message = `${needs}; fill both, or neither.`;
    if (!bad.has(missing)) add(fieldProblem(missing, "invalidValue", message));
  }
  if (!isBlank(plan.budgetAmount) && isBlank(plan.pricePerHour) && !bad.has("budgetAmount")) {
    const label = budgetField("budgetAmount").label;
    const message = `${label} is money: enter a price per accelerator-hour too, or leave it blank.`;
    add(fieldProblem("budgetAmount", "invalidValue", message));
  }
  const monthDays = budgetField("monthDays");
  if (!monthDays.choices?.some((choice) => choice.value === plan.monthDays)) {
    const choices = monthDays.choices!.map((choice) => choice.label).join(" or ");
    add(fieldProblem("monthDays", "invalidValue", `${monthDays.label}: choose ${choices}.`));
  }
  if (plan.budgetPer !== "month" && plan.budgetPer !== "horizon") {
    const message = `${budgetField("budgetPer").label} a month's or the horizon's: choose one.`;
    add(fieldProblem("budgetPer", "invalidValue", message));
  }
  for (const [key, value] of Object.entries(plan.typedClipsPerSecond ?? {})) {
    const month = Number(key);
    const where = horizon === undefined ? undefined : monthWithin(month, horizon);
    const label = `Clips per second typed for month ${key}`;
    if (where !== undefined) {
      found.push({ key: "typedClipsPerSecond", month, ...problem("invalidNumber", `${label}: the month ${where}.`) });
    } else if (typeof value === "number" && value >= 0 && beyondSheet(value)) {
      found.push({
        key: "typedClipsPerSecond",
        month,
        ...problem("invalidNumber", `${label} ${SHEET_SIZE}; got ${value}.`),
      });
    } else if (!(typeof value === "number" && value >= 0 && Number.isFinite(value))) {
      const isNumber = typeof value === "number" && !Number.isNaN(value);
      const message = `${label} must be a number of 0 or more${isNumber ? `; got ${value}` : ""}.`;
      const kind = isNumber ? "invalidNumber" : "invalidValue";
      found.push({ key: "typedClipsPerSecond", month, ...problem(kind, message) });
    }
  }
  return found;
}

/**
 * The growth curve's clips per second in month `month` (1-based) of `plan`, typed months or not: the first month's x
 * (1 + growth)^(month - 1), in the sheet's order (the curve row the sheet caches).
 */
export const growthCurveClipsPerSecond = (plan: BudgetPlan, month: number): number =>
  curveClipsPerSecond(plan.clipsPerSecond, plan.monthlyGrowth, month);

/** The curve's clips per second in month `month`: first x (1 + growth)^(month - 1), which may not fit a double. */
function curveClipsPerSecond(first: number, growth: number, month: number): number {
  if (first === 0 || month === 1) return first;
  const plain = first * Math.pow(1 + growth, month - 1);
  if (plain > 0 && Number.isFinite(plain)) return plain;
  // The power alone left the range though the product may not have (a tiny first month, a steep growth).
  return Math.exp(Math.log(first) + (month - 1) * Math.log1p(growth));
}

/** The plan's problem with a figure too large for a double, named by the field whose size it follows. */
function tooLarge(key: BudgetKey, what: string): BudgetProblem {
  const message = `${what} is too large to compute (over 1.8e308); check ${budgetField(key).label} and its units.`;
  return fieldProblem(key, "invalidNumber", message);
}

/** A computed figure, or tooLarge's problem with it. */
function figure(value: number | Problem, key: BudgetKey, what: string): number | BudgetProblem {
  return isProblem(value) ? tooLarge(key, what) : value;
}

/** The months and totals of a checked plan, with the lever or without it. */
function plannedMonths(plan: ModelBudgetPlan, withLever: boolean): BudgetMonth[] | BudgetProblem {
  const runHours = figure(
    finiteResult(plan.hoursPerRun * plan.trainingOverhead, "Training hours"),
    "hoursPerRun",
    "A run's hours x the overhead",
  );
  if (isProblem(runHours)) return runHours;
  const rescanSet = new Set(plan.rescanMonths);
  const leverFrom = withLever && plan.leverSecondsPerClip !== undefined ? plan.leverFromMonth : undefined;
  const months: BudgetMonth[] = [];
  for (let month = 1; month <= plan.months; month += 1) {
    const typedValue = plan.typedClipsPerSecond?.[month];
    const typed = typedValue !== undefined;
    const clipsPerSecond = typed ? typedValue : curveClipsPerSecond(plan.clipsPerSecond, plan.monthlyGrowth, month);
    const what = `Month ${month}'s traffic`;
    const clipsSize = typed ? "clipsPerSecond" : "monthlyGrowth";
    if (!Number.isFinite(clipsPerSecond)) return tooLarge(clipsSize, what);
    const days = monthDaysOf(plan, month);
    const clips = figure(clipsInMonth(plan, clipsPerSecond, days), clipsSize, `${what} in clips`);
    if (isProblem(clips)) return clips;
    const leverFlag = leverFrom !== undefined && month >= leverFrom ? 1 : 0;
    const secondsPerClip = leverFlag ? plan.leverSecondsPerClip! : plan.secondsPerClip;
    const scored = plan.shareScored === undefined ? clips : clips * plan.shareScored;
    const consumed = figure(servingHours(scored, secondsPerClip), "secondsPerClip", `Month ${month}'s serving hours`);
    if (isProblem(consumed)) return consumed;
    const paid = figure(
      finiteResult(consumed * plan.peakToMean, "Paid serving"),
      "peakToMean",
      `Month ${month}'s paid serving`,
    );
    if (isProblem(paid)) return paid;
    const retrainFlag = (month - 1) % plan.retrainEveryMonths === 0 ? 1 : 0;
    const rescanFlag = rescanSet.has(month) ? 1 : 0;
    const trainingHours = retrainFlag ? runHours : 0;
    const rescanHours = rescanFlag ? plan.rescanHours : 0;
    const total = figure(
      finiteResult(trainingHours + rescanHours + paid, "Hours"),
      "secondsPerClip",
      `Month ${month}'s hours`,
    );
    if (isProblem(total)) return total;
    months.push({
      month,
      label: budgetMonthLabel(plan.firstMonth, month),
      retrainFlag,
      rescanFlag,
      leverFlag,
      clipsPerSecond,
      days,
      typed,
      clips,
      secondsPerClip,
      servingHoursConsumed: consumed,
      servingHoursPaid: paid,
      trainingHours,
      rescanHours,
      totalHours: total,
    });
  }
  return months;
}

/** The sum of one figure over `months`, or the plan's problem when it does not fit a double. */
function horizonSum(months: readonly BudgetMonth[], pick: (m: BudgetMonth) => number, key: BudgetKey, what: string) {
  let sum = 0;
  for (const month of months) sum += pick(month);
  return figure(finiteResult(sum, what), key, `The horizon's ${what}`);
}

/** The retrain intervals of `months`, every `k` months from month 1; the last counts only its own months. */
function intervalsOf(months: readonly BudgetMonth[], k: number): BudgetInterval[] {
  const intervals: BudgetInterval[] = [];
  for (let first = 1; first <= months.length; first += k) {
    const slice = months.slice(first - 1, first - 1 + k);
    intervals.push({
      index: intervals.length + 1,
      firstMonth: first,
      lastMonth: first + slice.length - 1,
      trainingHours: slice.reduce((sum, m) => sum + m.trainingHours, 0),
      servingHoursConsumed: slice.reduce((sum, m) => sum + m.servingHoursConsumed, 0),
    });
  }
  return intervals;
}

/** An interval's months in words, as the pane and the sheet both say them: "months 7-9", or "month 4" for one. */
export const intervalMonths = (first: number, last: number): string =>
  first === last ? `month ${first}` : `months ${first}-${last}`;

/** True when neither half uses an accelerator-hour in any month: no crossover to place (re-scans alone, or nothing). */
export const neitherHalfUsed = (months: readonly BudgetMonth[]): boolean =>
  months.every((m) => m.trainingHours === 0 && m.servingHoursConsumed === 0);

/** The first interval whose consumed serving exceeds its training: "already" when it is the first. */
export function crossoverOf(intervals: readonly BudgetInterval[]): BudgetCrossover {
  const over = intervals.find((interval) => interval.servingHoursConsumed > interval.trainingHours);
  if (!over) return { kind: "none" };
  if (over.index === 1) return { kind: "already" };
  return { kind: "at", interval: over.index, firstMonth: over.firstMonth, lastMonth: over.lastMonth };
}

/** A share of the horizon's hours (a checked part of a positive total). */
export function shareOf(part: number, total: number): number {
  const share = amdahlCeiling(part, total);
  // Parts summed in a different order than the total may pass it by an ulp; the share is then the whole.
  return isProblem(share) ? Math.min(1, part / total) : share;
}

/** The hours of a checked plan, with or without its lever, and the horizon's sums; no money yet. */
function horizonOf(plan: ModelBudgetPlan, withLever: boolean) {
  const months = plannedMonths(plan, withLever);
  if (isProblem(months)) return months;
  const trainingHours = horizonSum(months, (m) => m.trainingHours, "hoursPerRun", "training hours");
  const rescanHours = horizonSum(months, (m) => m.rescanHours, "rescanHours", "re-scan hours");
  const consumed = horizonSum(months, (m) => m.servingHoursConsumed, "secondsPerClip", "serving hours");
  const paid = horizonSum(months, (m) => m.servingHoursPaid, "peakToMean", "paid serving hours");
  const total = horizonSum(months, (m) => m.totalHours, "secondsPerClip", "hours");
  const clips = horizonSum(months, (m) => m.clips, "clipsPerSecond", "clips");
  for (const sum of [trainingHours, rescanHours, consumed, paid, total, clips]) if (isProblem(sum)) return sum;
  return {
    months,
    trainingHours: trainingHours as number,
    rescanHours: rescanHours as number,
    servingHoursConsumed: consumed as number,
    servingHoursPaid: paid as number,
    totalHours: total as number,
    clips: clips as number,
  };
}

/**
 * What training's price adds per accelerator-hour of training over the serving price: 0 when they are one price.
 * A month then costs its hours at the serving price plus its training hours at this difference, so that one price
 * adds an exact 0 to today's cost (x + 0 is x).
 */
const trainingPremium = (plan: ModelBudgetPlan, price: number): number =>
  plan.trainingPricePerHour === undefined ? 0 : plan.trainingPricePerHour - price;

/** A month's cost: its hours at the serving price `price`, plus its training hours at the training premium. */
function monthCost(plan: ModelBudgetPlan, month: BudgetMonth, price: number): number | BudgetProblem {
  const atServingPrice = productRatio(month.totalHours, price, 1, 1, 1);
  const premium = trainingPremium(plan, price);
  const cost = premium === 0 ? atServingPrice : atServingPrice + month.trainingHours * premium;
  return figure(finiteResult(cost, "Cost"), "pricePerHour", "A cost");
}

/** Prices the months in place (cost, cumulative cost, over budget) and gives the horizon's cost. */
function priceMonths(plan: ModelBudgetPlan, months: BudgetMonth[], price: number): number | BudgetProblem {
  let cumulative = 0;
  for (const month of months) {
    const cost = monthCost(plan, month, price);
    if (isProblem(cost)) return cost;
    cumulative = cost + cumulative;
    if (!Number.isFinite(cumulative)) return tooLarge("pricePerHour", "The cumulative cost");
    month.cost = cost;
    month.cumulativeCost = cumulative;
    if (plan.budgetAmount !== undefined) {
      month.overBudget = (plan.budgetPer === "month" ? cost : cumulative) > plan.budgetAmount;
    }
  }
  return cumulative;
}

/**
 * The budget of `plan`: its months (flags, traffic, hours and, when priced, cost), its retrain intervals, the
 * horizon's figures, the crossover, and the lever's saving against its ceiling; or one problem per bad field.
 * @example (budgetOf(STEADY_GROWTH_EXAMPLE) as BudgetResult).totalHours // 117003.3...
 */
export function budgetOf(plan: BudgetPlan, ledger?: LedgerInputs): BudgetResult | BudgetProblem[] {
  return modelBudgetOf(ledgerGiven(ledger) ? { ...plan, ledger } : plan);
}

/**
 * The budget of one model's plan (budgetOf's, with the share of clips it scores and its training price): serving
 * scores the share of each month's clips; a month costs its hours at the serving price (`pricePerHour`) plus its
 * training at the training price's premium over it. The plan's own checks only: the share and the training price
 * are the estate's to check (budgetModels.ts).
 */
export function modelBudgetOf(plan: ModelBudgetPlan): BudgetResult | BudgetProblem[] {
  const problems = checkBudgetPlan(plan);
  if (problems.length > 0) return problems;
  const horizon = horizonOf(plan, true);
  if (isProblem(horizon)) return [horizon];
  const { months, totalHours } = horizon;
  if (totalHours === 0) {
    const message =
      "The horizon has no accelerator-hours (no training, serving or re-scans), so nothing has a share; " +
      `enter ${budgetField("hoursPerRun").label} or traffic.`;
    return [fieldProblem("hoursPerRun", "invalidNumber", message)];
  }
  const intervals = intervalsOf(months, plan.retrainEveryMonths);
  const result: BudgetResult = {
    ...horizon,
    intervals,
    trainingShare: shareOf(horizon.trainingHours, totalHours),
    servingShare: shareOf(horizon.servingHoursPaid, totalHours),
    rescanShare: shareOf(horizon.rescanHours, totalHours),
    crossover: crossoverOf(intervals),
  };
  const price = plan.pricePerHour;
  if (price !== undefined) {
    const cost = priceMonths(plan, months, price);
    if (isProblem(cost)) return [cost];
    result.cost = cost;
    const average = averagePerThousand(plan, horizon, price);
    if (average !== undefined) result.costPerThousandAverage = average;
    const marginal = marginalCostPerThousandClips(scoredSeconds(plan, plan.secondsPerClip), plan.peakToMean, price);
    if (isProblem(marginal)) return [tooLarge("secondsPerClip", "The marginal cost per 1,000 clips")];
    result.costPerThousandMarginal = marginal;
    if (plan.budgetAmount !== undefined) result.firstMonthOverBudget = months.find((m) => m.overBudget)?.month;
  }
  if (plan.leverSecondsPerClip !== undefined && plan.leverFromMonth !== undefined) {
    const lever = leverOf(plan, horizon);
    if (isProblem(lever)) return [lever];
    result.lever = lever;
  }
  const ledger = ledgerGiven(plan.ledger);
  if (ledger) result.staleness = stalenessOf(ledgerMonths(plan, months), ledger);
  // Last, over every figure: the sheet must compute each as the model did, or nothing is shown or written.
  const beyond = figureBeyondSheet(plan, result);
  if (beyond) return [fieldProblem(beyond[0], "invalidNumber", beyond[1])];
  // The sheet holds the plan without its lever beside it (the saving's rows): that plan must compute too.
  if (result.lever === undefined) return result;
  const withoutLever = modelBudgetOf({
    ...plan,
    leverSecondsPerClip: undefined,
    leverFromMonth: undefined,
    ledger: undefined,
  });
  return Array.isArray(withoutLever) ? withoutLever : result;
}

/** What the ledger reads of each month: its retrain flag and the clips the model scores (plannedMonths' scored). */
const ledgerMonths = (plan: ModelBudgetPlan, months: readonly BudgetMonth[]) =>
  months.map((m) => ({
    retrainFlag: m.retrainFlag,
    scoredClips: plan.shareScored === undefined ? m.clips : m.clips * plan.shareScored,
  }));

/** A clip of the plan's traffic costs the model its seconds times the share it scores (today's seconds at 1). */
const scoredSeconds = (plan: ModelBudgetPlan, secondsPerClip: number): number =>
  plan.shareScored === undefined ? secondsPerClip : secondsPerClip * plan.shareScored;

/**
 * The horizon's cost per 1,000 of the plan's clips, training amortised: at the serving price, plus training's
 * premium per clip; undefined when no clip is scored or it does not fit a double.
 */
function averagePerThousand(
  plan: ModelBudgetPlan,
  horizon: { trainingHours: number; rescanHours: number; servingHoursPaid: number; clips: number },
  price: number,
): number | undefined {
  const { trainingHours, rescanHours, servingHoursPaid, clips } = horizon;
  const average = costPerThousandClips(trainingHours + rescanHours, servingHoursPaid, clips, price);
  if (isProblem(average)) return undefined;
  const premium = trainingPremium(plan, price);
  if (premium === 0) return average;
  const withPremium = finiteResult(average + ((trainingHours * premium) / clips) * 1000, "The cost per 1,000 clips");
  return isProblem(withPremium) ? undefined : withPremium;
}

/** The lever's worth: the plan without it minus the plan with it, against the share the part it touches holds. */
function leverOf(plan: ModelBudgetPlan, withLever: { totalHours: number }): BudgetLever | BudgetProblem {
  const without = horizonOf(plan, false);
  if (isProblem(without)) return without;
  const from = plan.leverFromMonth!;
  const touched = without.months.reduce((sum, m) => (m.month >= from ? sum + m.servingHoursPaid : sum), 0);
  if (without.totalHours === 0) {
    // The lever can then only add hours, and a saving is a share of a bill there is not.
    const message =
      "Without the lever the horizon has no accelerator-hours, so the lever's saving is no share of a bill; " +
      `leave ${budgetField("leverSecondsPerClip").label} blank, or give the plan hours without it.`;
    return fieldProblem("leverSecondsPerClip", "invalidNumber", message);
  }
  const savedHours = without.totalHours - withLever.totalHours;
  const lever: BudgetLever = {
    savedHours,
    ceilingShare: shareOf(Math.min(touched, without.totalHours), without.totalHours),
    savedShare: savedHours / without.totalHours,
    totalHoursWithout: without.totalHours,
  };
  const price = plan.pricePerHour;
  if (price !== undefined) {
    const savedCost = finiteResult(savedHours * price, "The lever's saving");
    if (isProblem(savedCost)) return tooLarge("pricePerHour", "The lever's saving");
    lever.savedCost = savedCost;
    const leverSeconds = scoredSeconds(plan, plan.leverSecondsPerClip!);
    const marginal = marginalCostPerThousandClips(leverSeconds, plan.peakToMean, price);
    if (!isProblem(marginal)) lever.costPerThousandMarginal = marginal;
  }
  return lever;
}
