/*
 * The Estate view's answer in a few figures, for the summary it leads with (core/pane/viewSummary.ts): the
 * estate's year in hours and money, training's share of each (the ceiling on any training-side saving, taken
 * against the whole estate), and the lever that comes first; one sentence on where the two rankings disagree.
 * Also the words the view's tables use for a lever. No DOM here: tested directly.
 */
import { EstateFigures, EstateLeverRow } from "../model";
import { isProblem, Problem } from "../../core/model/problems";
import { SummaryFigure, ViewSummary } from "../../core/pane/viewSummary";
import { formatCost, formatHoursSaved, formatShare, formatSignificant } from "../../core/pane/format";

const shareText = (share: number | Problem | undefined) =>
  share === undefined || isProblem(share) ? "not defined" : formatShare(share);

/** How a change reads by the kind of input it moves: "40 ms to 30 ms a clip", "4 to 1 runs a year". */
const CHANGE_WORDS: Readonly<Record<string, { scale: number; unit: string; after: string }>> = {
  seconds: { scale: 1000, unit: " ms", after: " a clip" },
  count: { scale: 1, unit: "", after: " runs a year" },
  hours: { scale: 1, unit: " h", after: " a run" },
  factor: { scale: 1, unit: "x", after: "" },
  share: { scale: 100, unit: "%", after: " of clips" },
};

/** A lever's change in its input's words: "40 ms to 30 ms a clip", "5% to 4% of clips", "retired". */
export function leverChange(row: EstateLeverRow): string {
  const words = CHANGE_WORDS[row.quantity];
  if (row.part === "model" || !words) return "retired";
  const { scale, unit, after } = words;
  const [from, to] = [row.current, row.proposed].map((value) => formatSignificant(value * scale));
  return `${from}${unit} to ${to}${unit}${after}`;
}

/** A lever as the tables name it: "C escalation: share of clips scored, 5% to 4% of clips". */
export function leverName(row: EstateLeverRow): string {
  const what = row.part === "model" ? "retired" : `${row.label.toLowerCase()}, ${leverChange(row)}`;
  return `${row.modelName}: ${what}`;
}

/** A lever's saving in money when priced, in hours otherwise. */
export function leverSaved(row: EstateLeverRow, currency?: string): string {
  if (typeof row.costSaved === "number") return formatCost(row.costSaved, currency);
  return typeof row.hoursSaved === "number" ? `${formatHoursSaved(row.hoursSaved)} h` : "—";
}

/** The sentence on the two rankings: where the first in money is not the first in hours, it says so. */
export function rankingSentence(figures: EstateFigures): string {
  const { levers } = figures;
  const first = levers.rows[0];
  if (!first) return "No change proposed yet: enter a proposed value under a model's Proposed changes.";
  if (levers.rankedBy === "hours") return `In hours, ${leverName(first)} comes first (no price for every model).`;
  if (!levers.rankingsDiffer) return `${leverName(first)} comes first, in money and in hours alike.`;
  return (
    `In money, ${leverName(first)} comes first; in hours it is number ${first.hoursRank}, ` +
    `and ${leverName(levers.byHours[0])} leads. Money is what a budget holder acts on.`
  );
}

/** The Estate view's summary of `figures`; `stale` while a field is invalid. */
export function estateSummary(figures: EstateFigures, currency: string | undefined, stale = false): ViewSummary {
  const { year, levers } = figures;
  const total = year.total;
  const figuresShown: SummaryFigure[] = [
    {
      label: "The estate's year",
      value: `${formatHoursSaved(total.hours)} h`,
      ...(typeof total.cost === "number" && { note: formatCost(total.cost, currency) }),
    },
    {
      label: "Training's share of the estate",
      value: `${shareText(year.parts.training.hoursShare)} of hours`,
      ...(year.priced && { note: `${shareText(year.parts.training.costShare)} of the money` }),
    },
  ];
  const first = levers.rows[0];
  if (first) {
    const share = year.priced ? first.costShare : first.hoursShare;
    const ceiling = year.priced ? first.costCeiling : first.hoursCeiling;
    figuresShown.push({
      label: `First lever: ${leverName(first)}`,
      value: `${leverSaved(first, currency)} a year`,
      note: `${shareText(share)} of the estate, against a ceiling of ${shareText(ceiling)}`,
    });
  }
  return { figures: figuresShown, sentence: rankingSentence(figures), stale };
}
