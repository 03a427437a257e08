/*
 * The reading of the stage form's typed text into a Plan. The fields themselves (label, unit,
 * check, example value, optional) are the model's PLAN_FIELDS. No DOM here, so the rules are
 * tested directly. The checks are the model's, called with the field's label so a message names
 * what to fix.
 */
import { checkPlan, exampleValue, PLAN_FIELDS, PlanField } from "../model/planFields";
import { isProblem } from "../../core/model/problems";
import { Plan, stageInputsOf } from "../model/plan";
import { stageTable, StageTable } from "../model/stages";
import { readFields, sentence, startingText } from "../../core/pane/formReading";

/** The form's field ids: the Plan's own keys. */
export type FieldId = keyof Plan;

/** The text a field starts with: the worked example's value, "" for a field left to its default. */
export const initialText = (field: PlanField): string => startingText(exampleValue(field), field.quantity);

/** The form's reading: a plan when every field is valid, and a message per invalid field. */
export interface FormReading {
  plan?: Plan;
  /** the plan's stage table, present whenever the plan is */
  table?: StageTable;
  errors: Partial<Record<FieldId, string>>;
  /** a problem of the whole plan (such as an overflow) that no single field explains */
  planError?: string;
}

/** Reads the typed texts of every field into a Plan, or says what to fix next to each field. */
export function readForm(texts: Partial<Record<FieldId, string>>): FormReading {
  const { values: plan, errors } = readFields(PLAN_FIELDS, texts);
  for (const { key, problem } of checkPlan(plan)) errors[key] = sentence(problem.message);
  if (Object.keys(errors).length > 0) return { errors };
  const complete = plan as unknown as Plan;
  const inputs = stageInputsOf(complete);
  const table = isProblem(inputs) ? inputs : stageTable(inputs);
  if (isProblem(table)) return { errors, planError: sentence(table.message) };
  return { plan: complete, table, errors };
}
