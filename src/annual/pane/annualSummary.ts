/*
 * The annual view's answer in a few figures, for the summary it leads with (core/pane/viewSummary.ts): training's
 * share of the year (the ceiling on any training-side saving), the biggest proposed lever and what it saves, and
 * with a price the year's bill in money; one sentence with the biggest lever's headline, as the levers' sentence
 * says it. No DOM here: tested directly.
 */
import { isProblem, Problem } from "../../core/model/problems";
import { SummaryFigure, ViewSummary } from "../../core/pane/viewSummary";
import { formatCost, formatHoursSaved, formatShare, formatSignificant } from "../../core/pane/format";
import { AnnualFigures, LeverFigureFormat, leverHeadline } from "../model/levers";
import { AnnualPlan } from "../model/annualFields";

/** How the pane writes the annual figures: its kinds, and the plan's currency when it has a price. */
export function paneFigures(plan: Pick<AnnualPlan, "pricePerHour" | "currency">): LeverFigureFormat {
  return {
    hours: formatHoursSaved,
    share: formatShare,
    figure: formatSignificant,
    ...(plan.pricePerHour === undefined ? {} : { money: (value: number) => formatCost(value, plan.currency) }),
  };
}

const shareText = (share: number | Problem) => (isProblem(share) ? "not defined" : formatShare(share));

/** The annual view's summary of `view` for `plan`; `stale` while a field is invalid. */
export function annualSummary(view: AnnualFigures, plan: AnnualPlan, stale = false): ViewSummary {
  const { table, levers } = view;
  const paidDiffers = table.hours.totalPaid !== table.hours.totalConsumed;
  const figures: SummaryFigure[] = [
    {
      label: "Training's share of the year",
      value: shareText(table.trainingShareConsumed),
      ...(paidDiffers && { note: `${shareText(table.trainingSharePaid)} of the hours paid for` }),
    },
  ];
  const total = table.rows.find((row) => row.part === "total")!;
  if (total.paidCost !== undefined) {
    figures.push({
      label: "The year's bill",
      value: isProblem(total.paidCost) ? "—" : formatCost(total.paidCost, plan.currency),
    });
  }
  const biggest = levers.rows.find((row) => row.changed && typeof row.hoursSavedPerYear === "number");
  const format = paneFigures(plan);
  let sentence = "No change proposed yet: enter a proposed value under Proposed changes.";
  if (biggest && typeof biggest.hoursSavedPerYear === "number") {
    const saved = biggest.hoursSavedPerYear;
    const money = typeof biggest.costSavedPerYear === "number" ? biggest.costSavedPerYear : undefined;
    figures.push({
      label: `Biggest lever: ${biggest.label.toLowerCase()}`,
      value: money === undefined ? `${formatHoursSaved(saved)} h a year` : `${formatCost(money, plan.currency)} a year`,
      note: `${shareText(biggest.shareOfBill)} of the bill, against a ceiling of ${shareText(biggest.ceiling)}`,
    });
    const headline = leverHeadline(biggest, plan.runsPerYear, format);
    sentence =
      saved > 0
        ? `${biggest.label}: ${headline}.`
        : "No proposed change saves hours: each leaves the bill as it is or adds to it.";
  }
  return { figures, sentence, stale };
}
