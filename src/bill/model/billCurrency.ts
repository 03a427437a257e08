/*
 * The bill's answer in one currency: the currency the planner chose (the costliest one unless they chose
 * another), the months of it that every figure then counts, and the other currencies' rows, said as left out
 * with their count and cost, so a figure never adds dollars to euros and never drops euros silently. And why
 * training's share of the accelerator cost differs from its share of the hours: the price an hour of each half.
 */
import { amdahlCeiling } from "../../core/model/formulas";
import { isProblem } from "../../core/model/problems";
import { BillMonth, BillTotals, billTotalsOf, isBillMonth, mappedHoursPaid } from "./billFigures";
import { BILL_ROLES } from "./roles";

/** A currency's rows that the figures in another currency leave out. */
export interface OtherCurrency {
  currency: string;
  /** the file's rows in it, over every month */
  rows: number;
  /** the file's EffectiveCost in it, over every month */
  effectiveCost: number;
}

/** The bill seen in one currency. */
export interface BillInCurrency {
  /** the currency of every figure: the chosen one when the bill has it, else the costliest */
  currency: string;
  /** every currency of the bill, the costliest first (the choice's options) */
  currencies: string[];
  /** the months in `currency` only */
  months: BillMonth[];
  /** the figures over `months`; undefined when the bill has no dated month */
  totals: BillTotals | undefined;
  /** the other currencies' rows, left out of every figure, the costliest first */
  leftOut: OtherCurrency[];
  /** each model's figures over `months`, the costliest first; empty for a bill of one model */
  models: BillModelTotals[];
}

/** A model's figures over the months of one currency. */
export interface BillModelTotals {
  /** as the rows name it (lower-cased); "" for the accelerator rows that name no model */
  model: string;
  trainingHours: number;
  trainingCost: number;
  servingHoursConsumed: number;
  servingHoursPaid: number;
  /** every accelerator-hour the model paid (training, serving, re-scans, other) */
  acceleratorHoursPaid: number;
  /** the EffectiveCost of the model's accelerator rows */
  acceleratorCost: number;
  /** serving paid / consumed; undefined where serving consumed nothing */
  peakToMean?: number;
  /** training's share of the model's accelerator cost; undefined where it paid none */
  trainingShareOfCost?: number;
}

/**
 * Each model's figures over `months` (one currency's: the caller's to choose), the costliest first: sums of the
 * months' model figures (BillMonth.models) and ratios of the sums. None for a bill of one model.
 * @example modelTotalsOf(months)[0].acceleratorCost // the costliest model's accelerator cost
 */
export function modelTotalsOf(months: readonly BillMonth[]): BillModelTotals[] {
  const byModel = new Map<string, BillModelTotals>();
  for (const month of months) {
    for (const { model, roles } of month.models ?? []) {
      const totals = byModel.get(model) ?? {
        model,
        trainingHours: 0,
        trainingCost: 0,
        servingHoursConsumed: 0,
        servingHoursPaid: 0,
        acceleratorHoursPaid: 0,
        acceleratorCost: 0,
      };
      totals.trainingHours += roles.training.hoursPaid;
      totals.trainingCost += roles.training.effectiveCost;
      totals.servingHoursConsumed += roles.serving.hoursConsumed;
      totals.servingHoursPaid += roles.serving.hoursPaid;
      totals.acceleratorHoursPaid += mappedHoursPaid(roles);
      totals.acceleratorCost += BILL_ROLES.reduce((n, r) => n + roles[r].effectiveCost, 0);
      byModel.set(model, totals);
    }
  }
  const all = [...byModel.values()];
  for (const totals of all) {
    if (totals.servingHoursConsumed > 0) totals.peakToMean = totals.servingHoursPaid / totals.servingHoursConsumed;
    totals.trainingShareOfCost = share(totals.trainingCost, totals.acceleratorCost);
  }
  return all.sort(
    (a, b) => b.acceleratorCost - a.acceleratorCost || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0),
  );
}

/**
 * The bill in `chosen` (the costliest currency when `chosen` is absent or not the bill's): the months and totals
 * of that currency, and the other currencies' rows and cost, left out.
 * @example billInCurrency(months, "EUR").leftOut // [{ currency: "USD", rows: 22, effectiveCost: 2984.4 }]
 */
export function billInCurrency(months: readonly BillMonth[], chosen?: string): BillInCurrency {
  const dated = (Array.isArray(months) ? months : []).filter((m) => m && isBillMonth(m.month));
  const all = billTotalsOf(dated);
  const currencies = all.map((t) => t.currency);
  const currency = chosen !== undefined && currencies.includes(chosen) ? chosen : (currencies[0] ?? "");
  const leftOut = all
    .filter((t) => t.currency !== currency)
    .map((t) => ({
      currency: t.currency,
      rows: dated.filter((m) => m.currency === t.currency).reduce((n, m) => n + m.fileTotal.rows, 0),
      effectiveCost: t.fileEffectiveCost,
    }));
  const inCurrency = dated.filter((m) => m.currency === currency);
  return {
    currency,
    currencies,
    months: inCurrency,
    totals: all.find((t) => t.currency === currency),
    leftOut,
    models: modelTotalsOf(inCurrency),
  };
}

/** Why training's share of the accelerator cost is not its share of the hours: the price an hour of each half. */
export interface CostShareWhy {
  shareOfHours: number;
  shareOfCost: number;
  trainingHours: number;
  trainingCost: number;
  /** serving, re-scans and other: every mapped accelerator-hour that is not training's */
  restHours: number;
  restCost: number;
  /** training's EffectiveCost over its hours paid */
  trainingPricePerHour: number;
  /** the rest's EffectiveCost over its hours paid; undefined when only training paid hours */
  restPricePerHour?: number;
}

/** A share, or undefined where the whole is not positive or a credit makes the part negative. */
function share(part: number, whole: number): number | undefined {
  if (!(whole > 0) || part < 0) return undefined;
  const value = amdahlCeiling(part, whole);
  return isProblem(value) ? undefined : value;
}

/**
 * Training's share of the accelerator cost beside its share of the hours, and the prices an hour that make them
 * differ (share of cost = hours x price of training over the same for every half). Undefined where prices are not
 * known: no hour or no cost paid, or training paid no hour (no price an hour to give).
 * @example costShareWhy(totals)?.trainingPricePerHour // training's EffectiveCost / its hours paid
 */
export function costShareWhy(totals: BillTotals | undefined): CostShareWhy | undefined {
  if (!totals) return undefined;
  const { trainingHours, trainingCost, acceleratorHoursPaid, acceleratorCost } = totals;
  const shareOfHours = share(trainingHours, acceleratorHoursPaid);
  const shareOfCost = share(trainingCost, acceleratorCost);
  if (shareOfHours === undefined || shareOfCost === undefined || !(trainingHours > 0)) return undefined;
  const restHours = acceleratorHoursPaid - trainingHours;
  const restCost = acceleratorCost - trainingCost;
  return {
    shareOfHours,
    shareOfCost,
    trainingHours,
    trainingCost,
    restHours,
    restCost,
    trainingPricePerHour: trainingCost / trainingHours,
    restPricePerHour: restHours > 0 ? restCost / restHours : undefined,
  };
}
