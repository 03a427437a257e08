/*
 * What the budget's inputs (budget/model/budgetFields.ts) would be if set from the measured bill: hours per
 * run, seconds per clip where the planner gives a clip count, peak-to-mean and the price per accelerator-hour
 * (with its currency). Each suggestion carries the budget field's key, the value in that field's unit, and a
 * sentence saying where it comes from, so the pane can offer it beside the field and the planner can judge it.
 * A value outside the field's range is reported, never suggested: the pane must not set an input its own check
 * refuses. Choices, and why:
 * - Hours per run is training's paid accelerator-hours over the runs: the planner's runs a month times the
 *   months measured, or, without it, one run in each month that has training hours. Failed runs and sweeps are
 *   in the bill's hours, so the sentence says to set the training overhead to 1 with it.
 * - Seconds per clip is serving's consumed hours (not paid: the budget multiplies by peak-to-mean itself)
 *   over the clips the planner says were served in the same months.
 * - Peak-to-mean is serving paid over serving consumed, summed over the months (a ratio of sums, so a quiet
 *   month weighs as little as it cost).
 * - The price is every mapped accelerator row's EffectiveCost over its paid hours (training, serving, re-scans
 *   and other: the budget prices all of them at one rate), in one currency only.
 */
import { budgetField, BudgetKey, inRange, rangeText } from "../../budget/model";
import { moneyText } from "../../core/model/money";
import { BillMonth, isBillMonth } from "./billFigures";

/** One input the measurement offers. */
export interface MeasuredInput {
  key: BudgetKey;
  /** in the budget field's unit (hours, seconds, a factor, money per accelerator-hour; text for the currency) */
  value: number | string;
  /** where it comes from, in a planner's words */
  sentence: string;
}

/** An input the measurement cannot offer, and why (a value outside the field's range is given with it). */
export interface MeasuredInputRefused {
  key: BudgetKey;
  value?: number;
  sentence: string;
}

/** What the planner adds to the measurement. */
export interface MeasurementContext {
  /** winning and failed training runs a month, as the planner counts them; one a month with training if absent */
  runsPerMonth?: number;
  /** clips served over the same months; seconds per clip is offered only with it */
  clips?: number;
}

/** A figure as a sentence says it: 1,250 / 55.6 / 0.0556 (three significant figures below 100). */
function said(value: number): string {
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString("en-US");
  return Number(value.toPrecision(3)).toLocaleString("en-US", { maximumFractionDigits: 12 });
}

/** The months as a span: "in 2026-01", "in 2026-01..2026-03". */
function span(months: readonly string[]): string {
  const sorted = [...new Set(months)].sort();
  if (sorted.length === 0) return "in no month";
  return sorted.length === 1 ? `in ${sorted[0]}` : `in ${sorted[0]}..${sorted[sorted.length - 1]}`;
}

const sum = (months: readonly BillMonth[], figure: (m: BillMonth) => number) =>
  months.reduce((total, m) => total + (Number.isFinite(figure(m)) ? figure(m) : 0), 0);

/** The inputs offered and refused so far, over the measured months (`list`, said as `when`). */
interface Offers {
  list: readonly BillMonth[];
  when: string;
  suggestions: MeasuredInput[];
  refused: MeasuredInputRefused[];
  /** offers `value` for `key`, or refuses it, saying why, when the field's range does not hold it */
  offer(key: BudgetKey, value: number, sentence: string): void;
  refuse(key: BudgetKey, sentence: string): void;
}

/** An empty set of offers over `months` (only those of a calendar month). */
function offersOver(months: readonly BillMonth[]): Offers {
  const list = (Array.isArray(months) ? months : []).filter((m) => m && isBillMonth(m.month));
  const offers: Offers = {
    list,
    when: span(list.map((m) => m.month)),
    suggestions: [],
    refused: [],
    offer: (key, value, sentence) => {
      const field = budgetField(key);
      if (!field.range || inRange(value, field.range)) offers.suggestions.push({ key, value, sentence });
      else {
        offers.refused.push({
          key,
          value,
          sentence: `${sentence}, which ${field.label.toLowerCase()} cannot be (it is ${rangeText(field.range)}).`,
        });
      }
    },
    refuse: (key, sentence) => offers.refused.push({ key, sentence }),
  };
  return offers;
}

/** Hours per run: training's paid hours over the runs (the planner's runs a month, else one a month trained). */
function offerHoursPerRun(offers: Offers, runsPerMonth: number | undefined): void {
  const { list, when } = offers;
  const trainingHours = sum(list, (m) => m.trainingHours);
  const monthsMeasured = new Set(list.map((m) => m.month));
  const trainingMonths = [...new Set(list.filter((m) => m.trainingHours > 0).map((m) => m.month))];
  if (runsPerMonth !== undefined && !(Number.isFinite(runsPerMonth) && runsPerMonth > 0)) {
    offers.refuse("hoursPerRun", "Runs a month must be a number above 0 to give hours per run.");
  } else if (trainingHours <= 0) {
    offers.refuse("hoursPerRun", `No training hours were paid ${when}: no hours per run to offer.`);
  } else {
    const runs = runsPerMonth !== undefined ? runsPerMonth * monthsMeasured.size : trainingMonths.length;
    const counted =
      runsPerMonth !== undefined
        ? `${said(runs)} runs (${said(runsPerMonth)} a month over ${monthsMeasured.size} months)`
        : `${runs} ${runs === 1 ? "run" : "runs"} (one in each month with training)`;
    offers.offer(
      "hoursPerRun",
      trainingHours / runs,
      `Training paid ${said(trainingHours)} h over ${counted} ${when}: ${said(trainingHours / runs)} h a run, ` +
        "failed runs and sweeps included (set the training overhead to 1 with it)",
    );
  }
}

/** Seconds per clip (serving's consumed hours over the clips served) and the peak-to-mean (paid over consumed). */
function offerServing(offers: Offers, clips: number | undefined): void {
  const { list, when } = offers;
  const consumed = sum(list, (m) => m.servingHoursConsumed);
  const paid = sum(list, (m) => m.servingHoursPaid);
  if (clips === undefined) {
    offers.refuse("secondsPerClip", "Give the clips served over these months to offer seconds per clip.");
  } else if (!(Number.isFinite(clips) && clips > 0)) {
    offers.refuse("secondsPerClip", "The clips served must be a number above 0.");
  } else if (consumed <= 0) {
    offers.refuse("secondsPerClip", `Serving used no accelerator-hour ${when}: no seconds per clip.`);
  } else {
    const seconds = (consumed * 3600) / clips;
    offers.offer(
      "secondsPerClip",
      seconds,
      `Serving used ${said(consumed)} h for ${Math.round(clips).toLocaleString("en-US")} clips ${when}: ` +
        `${said(seconds)} accelerator-seconds a clip`,
    );
  }
  if (consumed <= 0) {
    offers.refuse("peakToMean", `Serving used no accelerator-hour ${when}: no peak-to-mean.`);
  } else {
    offers.offer(
      "peakToMean",
      paid / consumed,
      `Serving paid ${said(paid)} h over ${said(consumed)} h used ${when}: ${said(paid / consumed)} times`,
    );
  }
}

/** The price per accelerator-hour (every mapped row's EffectiveCost over its paid hours) and its currency. */
function offerPrice(offers: Offers): void {
  const { list, when } = offers;
  const currencies = [...new Set(list.map((m) => m.currency))];
  const hoursPaid = sum(list, (m) => m.prices.reduce((s, p) => s + p.hoursPaid, 0));
  const cost = sum(list, (m) => m.prices.reduce((s, p) => s + p.effectiveCost, 0));
  if (currencies.length > 1) {
    offers.refuse(
      "pricePerHour",
      `The months are billed in ${currencies.length} currencies (${currencies.join(", ")}): ` +
        "choose one to offer a price.",
    );
  } else if (hoursPaid <= 0) {
    offers.refuse("pricePerHour", `No accelerator-hour was paid ${when}: no price to offer.`);
  } else {
    const currency = currencies[0];
    const before = offers.suggestions.length;
    offers.offer(
      "pricePerHour",
      cost / hoursPaid,
      `The mapped accelerator rows cost ${moneyText(cost, currency)} EffectiveCost for ${said(hoursPaid)} h paid ` +
        `${when}: ${said(cost / hoursPaid)}${currency ? ` ${currency}` : ""} an accelerator-hour`,
    );
    if (offers.suggestions.length > before && currency !== "") {
      offers.suggestions.push({ key: "currency", value: currency, sentence: `The bill is in ${currency} ${when}` });
    }
  }
}

/**
 * The budget inputs the measured months offer, and those they cannot (with why). The months may be in several
 * currencies: hours add across them, the price does not.
 * @example measuredInputs(months, { clips: 1e7 }).suggestions.find((s) => s.key === "peakToMean")?.value // 1.089
 */
export function measuredInputs(
  months: readonly BillMonth[],
  context: MeasurementContext = {},
): { suggestions: MeasuredInput[]; refused: MeasuredInputRefused[] } {
  const offers = offersOver(months);
  offerHoursPerRun(offers, context.runsPerMonth);
  offerServing(offers, context.clips);
  offerPrice(offers);
  return { suggestions: offers.suggestions, refused: offers.refused };
}
