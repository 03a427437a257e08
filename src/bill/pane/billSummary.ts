/*
 * The Bill view's answer, pinned under the tabs: for the bill's main currency (the one with the most cost),
 * training's share of the accelerator-hours paid (the measured ceiling of any serving saving), serving's
 * measured peak-to-mean, what the file says was paid, and whether the figures reconcile with it; a sentence
 * says the months and hours in words. Before a bill is read it says what to choose.
 */
import type { BillTotals } from "../model/billFigures";
import type { ViewSummary } from "../../core/pane/viewSummary";
import { formatCost, formatHours, formatRatio, formatShare } from "../../core/pane/format";

const span = (t: BillTotals) => (t.firstMonth === t.lastMonth ? t.firstMonth : `${t.firstMonth} to ${t.lastMonth}`);

/** The summary of a read bill's totals (billTotalsOf's, main currency first), or of no bill yet. */
export function billSummary(totals: readonly BillTotals[]): ViewSummary {
  const [main, ...others] = totals;
  if (!main) {
    return {
      figures: [
        { label: "Training's share", value: "–" },
        { label: "Serving peak-to-mean", value: "–" },
      ],
      sentence: "Choose your cloud's FOCUS export below to measure training against serving.",
    };
  }
  const more = others.length ? ` Also billed in ${others.map((t) => t.currency).join(", ")}: see the tables.` : "";
  return {
    figures: [
      {
        label: "Training's share",
        value: main.trainingShareOfHours === undefined ? "–" : formatShare(main.trainingShareOfHours),
        note: "of accelerator-h paid",
      },
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
      `${span(main)}: training paid ${formatHours(main.trainingHours)} accelerator-h ` +
      `(${formatCost(main.trainingCost, main.currency)}); serving used ${formatHours(main.servingHoursConsumed)} h ` +
      `of ${formatHours(main.servingHoursPaid)} h paid.${more}`,
  };
}
