/*
 * The reading of the annual view's typed text into an AnnualPlan and its figures, as stages/pane/stageForm.ts
 * reads the stage view's: the same parsing, the model's checks with each field's label. Loaded with the annual
 * view only.
 */
import { ANNUAL_FIELDS, annualExampleValue, AnnualField, AnnualPlan, checkAnnualPlan } from "../model/annualFields";
import { annualFigures, AnnualFigures, LeverFigureFormat } from "../model/levers";
import { isProblem } from "../../core/model/problems";
import { readFields, sentence, startingText } from "../../core/pane/formReading";

/** The text an annual field starts with: the annual worked example's value, "" for a blank proposal. */
export const annualInitialText = (field: AnnualField): string =>
  startingText(annualExampleValue(field), field.quantity);

/** The annual form's field ids: the AnnualPlan's own keys. */
export type AnnualFieldId = keyof AnnualPlan;

/** The annual form's reading: the plan and its view when every field is valid, a message per field otherwise. */
export interface AnnualFormReading {
  plan?: AnnualPlan;
  view?: AnnualFigures;
  errors: Partial<Record<AnnualFieldId, string>>;
  planError?: string;
}

/**
 * Reads the annual form, as readForm reads the stage form; `format` writes the sentences' figures, from the plan
 * read (its price and currency give the money).
 */
export function readAnnualForm(
  texts: Partial<Record<AnnualFieldId, string>>,
  format?: (plan: AnnualPlan) => LeverFigureFormat,
): AnnualFormReading {
  const { values: plan, errors } = readFields(ANNUAL_FIELDS, texts);
  for (const { key, problem } of checkAnnualPlan(plan as unknown as AnnualPlan))
    errors[key] = sentence(problem.message);
  if (Object.keys(errors).length > 0) return { errors };
  const complete = plan as unknown as AnnualPlan;
  const view = annualFigures(complete, format?.(complete));
  if (isProblem(view)) return { errors, planError: sentence(view.message) };
  return { plan: complete, view, errors };
}
