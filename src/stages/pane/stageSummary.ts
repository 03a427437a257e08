/*
 * The stage view's answer in a few figures, for the summary it leads with (core/pane/viewSummary.ts): the
 * crossover and which half dominates at each stage, then one sentence with training's share at scale (the ceiling
 * on a training-side saving) and, with a price, what an interval at scale costs. No DOM here: tested directly.
 */
import { isProblem, Problem } from "../../core/model/problems";
import { SummaryFigure, ViewSummary } from "../../core/pane/viewSummary";
import { formatCompact, formatCost, formatCount, formatLead, formatShare } from "../../core/pane/format";
import { Plan } from "../model/plan";
import { StageRow, StageTable } from "../model/stages";

/** "Serving, 36x", "Training, 10,800x" or "Equal": a stage's dominant half as the summary shows it. */
function verdict(row: StageRow): string {
  if (isProblem(row.dominantSide) || isProblem(row.lead)) {
    // No finite ratio: one half is 0 hours (or the halves are too far apart to divide).
    if (row.trainingHours === 0 && row.servingHours > 0) return "Serving only";
    if (row.servingHours === 0 && row.trainingHours > 0) return "Training only";
    return "No ratio";
  }
  if (row.dominantSide === "equal") return "Equal";
  const side = row.dominantSide === "serving" ? "Serving" : "Training";
  return `${side}, ${formatLead(row.lead)}`;
}

const shareText = (share: number | Problem) => (isProblem(share) ? "not defined" : formatShare(share));

/** The stage view's summary of `table`, read with `plan`'s currency; `stale` while a field is invalid. */
export function stageSummary(table: StageTable, plan: Plan, stale = false): ViewSummary {
  const crossover: SummaryFigure = isProblem(table.crossoverClips)
    ? { label: "Crossover, clips", value: "None", note: "(too large to compute)" }
    : { label: "Crossover, clips", value: formatCount(table.crossoverClips) };
  const stages = table.rows.map((row): SummaryFigure => ({
    label: `${row.stage}, ${formatCompact(row.clipsPerInterval)} clips`,
    value: verdict(row),
  }));
  const scale = table.rows[table.rows.length - 1];
  // The crossover's meaning ("above it, serving is the bigger half") is the preview's lead line; the summary keeps
  // to what fits two lines at 350 px: the ceiling at scale, and its money.
  const ceiling =
    `At ${scale.stage}, training is ${shareText(scale.trainingShare)} of the hours: ` +
    "the most a training-side saving can cut.";
  const cost =
    scale.cost === undefined || isProblem(scale.cost)
      ? ""
      : ` An interval at ${scale.stage} costs ${formatCost(scale.cost, plan.currency)}.`;
  return { figures: [crossover, ...stages], sentence: `${ceiling}${cost}`, stale };
}
