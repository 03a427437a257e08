/*
 * A view, as the what-if layer sees it: its input fields (declared once, as data) and one
 * function from a full set of inputs to the figures that matter. Sensitivity and scenarios are
 * written against this shape only, so the stage view below and the annual view plug in alike.
 * The function is the view's own model (the stage table here); no figure is re-derived.
 */
import { checkPlan, PLAN_FIELDS } from "../../stages/model/planFields";
import { Plan, stageInputsOf } from "../../stages/model/plan";
import { isProblem, Problem } from "../../core/model/problems";
import { STAGE_NAMES, StageName, stageTable } from "../../stages/model/stages";

/**
 * One input of a view. PlanField satisfies it; the annual view's fields should too. Only the
 * members the what-if layer reads are here.
 */
export interface WhatIfField<I> {
  key: keyof I & string;
  label: string;
  /** the unit as a planner reads it beside the value */
  unit: string;
  /** "text" fields are never varied; "factor" fields (1 = none) never go below 1 */
  quantity: string;
  /** the model's check of a number, naming the field by `label` */
  check?: (value: number, label: string) => Problem | undefined;
  /** set for a field that may be left blank: what the blank stands for */
  blankMeans?: string;
}

/** What kind of figure an output is, so a pane or sheet picks its number format. */
export type OutputQuantity = "clips" | "hours" | "share" | "money" | "runs";

/** One figure a view computes that what-if questions are asked about. */
export interface WhatIfOutput<O extends string> {
  key: O;
  /** as a planner reads it: "Total hours at Scale" */
  label: string;
  unit: string;
  quantity: OutputQuantity;
}

/** Every output of a view, each a number or the Problem that stopped it. */
export type OutputValues<O extends string> = { readonly [K in O]: number | Problem };

/** A view: its fields, its outputs, and its model from a full set of inputs to those outputs. */
export interface WhatIfView<I, O extends string> {
  /** a stable id, for stored state and sheet names ("stages") */
  id: string;
  fields: readonly WhatIfField<I>[];
  outputs: readonly WhatIfOutput<O>[];
  /**
   * The view's model: every output, or the first Problem of the inputs as a whole (naming the
   * field to fix). An output that alone cannot be computed holds its own Problem.
   */
  evaluate(inputs: I): OutputValues<O> | Problem;
}

/** The stage view's outputs: the crossover, and each stage's total hours and training share. */
export type StageOutputKey = "crossoverClips" | `totalHours${StageName}` | `trainingShare${StageName}`;

/** The stage view's outputs, in the order a table shows them: the crossover, then totals, then shares. */
export const STAGE_OUTPUTS: readonly WhatIfOutput<StageOutputKey>[] = [
  { key: "crossoverClips", label: "Crossover", unit: "clips per interval", quantity: "clips" },
  ...STAGE_NAMES.map((stage): WhatIfOutput<StageOutputKey> => ({
    key: `totalHours${stage}`,
    label: `Total hours at ${stage}`,
    unit: "accelerator-hours per interval",
    quantity: "hours",
  })),
  ...STAGE_NAMES.map((stage): WhatIfOutput<StageOutputKey> => ({
    key: `trainingShare${stage}`,
    label: `Training share at ${stage}`,
    unit: "share of total hours",
    quantity: "share",
  })),
];

/**
 * The stage view's model: the plan's own checks (messages name the field by its label), the
 * stage defaults (launch at the crossover, scale from clips per second), then the stage table.
 */
export function evaluateStagePlan(plan: Plan): OutputValues<StageOutputKey> | Problem {
  const bad = checkPlan(plan);
  if (bad.length > 0) return bad[0].problem;
  const inputs = stageInputsOf(plan);
  if (isProblem(inputs)) return inputs;
  const table = stageTable(inputs);
  if (isProblem(table)) return table;
  const values: { [K in StageOutputKey]?: number | Problem } = { crossoverClips: table.crossoverClips };
  table.rows.forEach((row) => {
    values[`totalHours${row.stage}`] = row.totalHours;
    values[`trainingShare${row.stage}`] = row.trainingShare;
  });
  return values as OutputValues<StageOutputKey>;
}

/** The three-stage view: PLAN_FIELDS in, the crossover and each stage's total and training share out. */
export const STAGE_VIEW: WhatIfView<Plan, StageOutputKey> = {
  id: "stages",
  fields: PLAN_FIELDS,
  outputs: STAGE_OUTPUTS,
  evaluate: evaluateStagePlan,
};
