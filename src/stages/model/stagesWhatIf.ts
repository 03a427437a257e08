/*
 * The three-stage plan as the what-if layer sees it (sensitivity/model's WhatIfView): PLAN_FIELDS in, the
 * crossover and each stage's total hours and training share out, computed by the stage table itself.
 */
import { isProblem, Problem } from "../../core/model/problems";
import type { OutputValues, WhatIfOutput, WhatIfView } from "../../sensitivity/model";
import { Plan, stageInputsOf } from "./plan";
import { checkPlan, PLAN_FIELDS } from "./planFields";
import { STAGE_NAMES, StageName, stageTable } from "./stages";

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
