/*
 * The Bill view's answer, pinned under the tabs, in the one currency the figures are in (the costliest unless the
 * planner chose another, billCurrency.ts): where prices are known it leads with training's share of the
 * accelerator cost beside its share of the hours, and says why they differ (the price an accelerator-hour of
 * training and of the rest); serving's measured peak-to-mean, what the file says was paid, whether the figures
 * reconcile with it, and the other currencies' rows, said as left out. Before a bill is read it says what to choose.
 */
import type { BillTotals } from "../model/billFigures";
import { BillInCurrency, costShareWhy, CostShareWhy } from "../model/billCurrency";
import type { SummaryFigure, ViewSummary } from "../../core/pane/viewSummary";
import { formatCompact, formatCost, formatHours, formatRatio, formatShare } from "../../core/pane/format";

const span = (t: BillTotals) => (t.firstMonth === t.lastMonth ? t.firstMonth : `${t.firstMonth} to ${t.lastMonth}`);

/** The summary before a bill is read. */
const NO_BILL: ViewSummary = {
  figures: [
    { label: "Training's share", value: "–" },
    { label: "Serving peak-to-mean", value: "–" },
  ],
  sentence: "Choose your cloud's FOCUS export below to measure training against serving.",
};

/** Why the two shares differ, as a sentence: the price an hour of training against the rest's. */
function whySentence(why: CostShareWhy, currency: string): string {
  const shares = `Training is ${formatShare(why.shareOfHours)} of the accelerator-hours paid and ${formatShare(
    why.shareOfCost,
  )} of their cost`;
  const training = formatCost(why.trainingPricePerHour, currency);
  if (why.restPricePerHour === undefined)
    return `${shares}: only training paid accelerator-hours (${training} an hour).`;
  const rest = formatCost(why.restPricePerHour, currency);
  const ratio = why.trainingPricePerHour / why.restPricePerHour;
  const differ = Math.abs(ratio - 1) > 1e-9 ? (ratio > 1 ? "more" : "less") : undefined;
  const how = differ
    ? `, as its hours cost ${differ} (${training} an hour, against ${rest} for serving, re-scans and other)`
    : `, as its hours cost what the rest's do (${training} an hour)`;
  return `${shares}${how}.`;
}

/** The shares' figures: of cost beside of hours where prices are known, else of hours alone. */
function shareFigures(totals: BillTotals, why: CostShareWhy | undefined): SummaryFigure[] {
  const hours = totals.trainingShareOfHours === undefined ? "–" : formatShare(totals.trainingShareOfHours);
  if (!why) return [{ label: "Training's share", value: hours, note: "of accelerator-h paid" }];
  return [
    { label: "Training's share of cost", value: formatShare(why.shareOfCost), note: "of accelerator cost" },
    { label: "Training's share of hours", value: formatShare(why.shareOfHours), note: "of accelerator-h paid" },
  ];
}

/** The other currencies' rows, left out of every figure: "2 rows (45.00 EUR)". */
function leftOutSentence(seen: BillInCurrency): string {
  if (seen.leftOut.length === 0) return "";
  const parts = seen.leftOut.map(
    (o) =>
      `${o.rows.toLocaleString("en-US")} ${o.rows === 1 ? "row" : "rows"} (${formatCost(o.effectiveCost, o.currency)})`,
  );
  return (
    ` Every figure is in ${seen.currency}; left out, in other currencies: ${parts.join(", ")}.` +
    " Choose the currency above the figures to see them."
  );
}

/** The plan's API price per 1M tokens (the API-or-fleet view's blended price), where that view is open. */
export interface PlanPrice {
  price: number;
  currency?: string;
}

/**
 * Serving bought by the token, where the bill has token rows: " Bought by the token: 4.75M tokens (31.50 USD),
 * 5.79 USD per 1M tokens measured (4.00 USD of rows that give no tokens not in that price)", and where the
 * API-or-fleet view is open, "; the plan's API price 0.20 USD per 1M (the API-or-fleet view)".
 */
function byTokenSentence(main: BillTotals, plan?: PlanPrice): string {
  if (main.byTokenTokens === 0 && main.byTokenCost === 0) return "";
  const planned =
    plan && `; the plan's API price ${formatCost(plan.price, plan.currency)} per 1M (the API-or-fleet view)`;
  const perMillion =
    main.byTokenCostPerMillion === undefined
      ? " (no row gives its tokens)"
      : `, ${formatCost(main.byTokenCostPerMillion, main.currency)} per 1M tokens measured`;
  const without =
    main.byTokenCostWithoutTokens !== 0 && main.byTokenCostPerMillion !== undefined
      ? ` (${formatCost(main.byTokenCostWithoutTokens, main.currency)} of rows that give no tokens not in that price)`
      : "";
  return (
    ` Bought by the token: ${formatCompact(main.byTokenTokens)} tokens` +
    ` (${formatCost(main.byTokenCost, main.currency)})${perMillion}${without}` +
    `${main.byTokenCostPerMillion === undefined ? "" : (planned ?? "")}.`
  );
}

/** Each model's share of the accelerator cost, where the mapping reads models: " By model: chat 78.3%, ...". */
function modelsSentence(seen: BillInCurrency): string {
  const whole = seen.models.reduce((n, m) => n + m.acceleratorCost, 0);
  if (seen.models.length === 0 || !(whole > 0)) return "";
  const parts = seen.models.map(
    (m) => `${m.model === "" ? "no model" : m.model} ${formatShare(Math.max(0, m.acceleratorCost) / whole)}`,
  );
  return ` By model, of the accelerator cost: ${parts.join(", ")}.`;
}

/** The summary of the bill in its chosen currency (billInCurrency's), or of no bill yet. */
export function billSummary(seen: BillInCurrency | undefined, plan?: PlanPrice): ViewSummary {
  const main = seen?.totals;
  if (!seen || !main) return NO_BILL;
  const why = costShareWhy(main);
  return {
    figures: [
      ...shareFigures(main, why),
      {
        label: "Serving peak-to-mean",
        value: main.peakToMean === undefined ? "no serving" : formatRatio(main.peakToMean),
        note: `${formatHours(main.servingHoursIdle)} h idle`,
      },
      // the whole file's EffectiveCost (amortised; storage, tax and credits in it): what the bill says it cost
      { label: "Whole bill", value: formatCost(main.fileEffectiveCost, main.currency), note: span(main) },
      { label: "Reconciles", value: main.reconciles ? "yes" : "no", note: main.reconciles ? undefined : "see below" },
    ],
    sentence:
      (why ? `${whySentence(why, main.currency)} ` : "") +
      `${span(main)}: training paid ${formatHours(main.trainingHours)} accelerator-h ` +
      `(${formatCost(main.trainingCost, main.currency)}); serving used ${formatHours(main.servingHoursConsumed)} h ` +
      `of ${formatHours(main.servingHoursPaid)} h paid.${byTokenSentence(main, plan)}${modelsSentence(seen)}` +
      leftOutSentence(seen),
  };
}
