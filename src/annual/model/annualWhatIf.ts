/*
 * The annual view as the what-if layer sees it: the year's inputs (the proposals and the money
 * fields aside: a proposal only moves a lever's saving, and a price moves no hour) and the
 * figures that matter, from the annual table. Sensitivity of the annual view is then
 * `sensitivity(ANNUAL_VIEW, plan)`, as for the stage view.
 */
import { annualTable } from "./annual";
import { ANNUAL_FIELDS, AnnualPlan } from "./annualFields";
import { isProblem } from "../../core/model/problems";
import { OutputValues, WhatIfOutput, WhatIfView } from "../../sensitivity/model";

/** The annual figures the what-if questions are asked about. */
export type AnnualOutputKey = "totalConsumedHours" | "totalPaidHours" | "trainingShareConsumed" | "trainingSharePaid";

/** The annual outputs, in the order a pane lists them: the year's hours, then training's share (the ceiling). */
export const ANNUAL_OUTPUTS: readonly WhatIfOutput<AnnualOutputKey>[] = [
  {
    key: "trainingShareConsumed",
    label: "Training's share of the year",
    unit: "share of hours used",
    quantity: "share",
  },
  { key: "trainingSharePaid", label: "Training's share of the bill", unit: "share of hours paid", quantity: "share" },
  { key: "totalConsumedHours", label: "Hours used in the year", unit: "accelerator-hours", quantity: "hours" },
  { key: "totalPaidHours", label: "Hours paid in the year", unit: "accelerator-hours", quantity: "hours" },
];

/** The annual figures of `plan`, or the model's first problem with it. */
export function evaluateAnnualPlan(plan: AnnualPlan) {
  const table = annualTable(plan);
  if (isProblem(table)) return table;
  const values: OutputValues<AnnualOutputKey> = {
    totalConsumedHours: table.hours.totalConsumed,
    totalPaidHours: table.hours.totalPaid,
    trainingShareConsumed: table.trainingShareConsumed,
    trainingSharePaid: table.trainingSharePaid,
  };
  return values;
}

/** The annual view: its current inputs (no proposals, no money) and its figures. */
export const ANNUAL_VIEW: WhatIfView<AnnualPlan, AnnualOutputKey> = {
  id: "annual",
  fields: ANNUAL_FIELDS.filter((field) => field.group !== "levers" && field.group !== "money"),
  outputs: ANNUAL_OUTPUTS,
  evaluate: evaluateAnnualPlan,
};
