/*
 * The what-if view's headline, for the summary it leads with (core/pane/viewSummary.ts): the base scenario's
 * total hours at scale and crossover, and the scenarios that land lowest and highest against it. Total hours at
 * scale are the headline because they are the bill a planner budgets for; the full grid stays below. No DOM here.
 */
import { isProblem } from "../../core/model/problems";
import { SummaryFigure, ViewSummary } from "../../core/pane/viewSummary";
import { StageScenarioComparison } from "../model/scenarios";
import { formatChange, formatOutput } from "../../sensitivity/pane";

/** The headline output: total accelerator-hours per interval at the last (scale) stage. */
const HEADLINE = "totalHoursScale" as const;

/** A scenario's figure at scale, with its change against the base under it. */
function scenarioFigure(comparison: StageScenarioComparison, index: number, rank: string): SummaryFigure {
  const column = comparison.columns[index];
  const value = isProblem(column.values) ? column.values : column.values[HEADLINE];
  const change = formatChange("hours", column.variances[HEADLINE]);
  return {
    label: `${rank}${column.name}`,
    value: `${formatOutput("hours", value, "full")} h`,
    note: change.relative,
  };
}

/** The what-if view's summary of `comparison`; `stale` while a field is invalid. */
export function whatIfSummary(comparison: StageScenarioComparison, stale = false): ViewSummary {
  const baseIndex = comparison.baseIndex;
  const base = comparison.columns[baseIndex];
  const baseValues = base.values;
  const total = isProblem(baseValues) ? baseValues : baseValues[HEADLINE];
  const crossover = isProblem(baseValues) ? baseValues : baseValues.crossoverClips;
  const figures: SummaryFigure[] = [
    { label: `${base.name} (base), Scale`, value: `${formatOutput("hours", total, "full")} h` },
    { label: `Crossover, ${base.name}`, value: formatOutput("clips", crossover, "full") },
  ];
  const headline = (i: number) => {
    const values = comparison.columns[i].values;
    const value = isProblem(values) ? values : values[HEADLINE];
    return isProblem(value) ? Number.NaN : value;
  };
  const others = comparison.columns
    .map((_, i) => i)
    .filter((i) => i !== baseIndex && !Number.isNaN(headline(i)))
    .sort((a, b) => headline(a) - headline(b));
  if (others.length === 1) figures.push(scenarioFigure(comparison, others[0], ""));
  if (others.length >= 2) {
    figures.push(scenarioFigure(comparison, others[0], "Lowest: "));
    figures.push(scenarioFigure(comparison, others[others.length - 1], "Highest: "));
  }
  const sentence =
    comparison.columns.length === 1
      ? `Total hours per interval at Scale. Add a scenario to compare it with ${base.name}.`
      : `Total hours per interval at Scale, each against the base.`;
  return { figures, sentence, stale };
}
