/*
 * Data validation of the annual sheet's blue cells, from ANNUAL_FIELDS' own checks, by the stage
 * sheet's rules and messages (validation.ts). A check that fits no rule gives no validation rather
 * than a wrong one (the tests require one on every numeric input).
 */
import type { AnnualField, AnnualPlan } from "../model/annualFields";
import { fieldValidation, matchingRule, ValidationRule } from "../../core/sheet/validation";

/** The rule on one input cell of the annual sheet, with the messages Excel shows. */
export interface AnnualInputValidation {
  address: string;
  /** the field the cell holds (an input, or its low or high in the sensitivity), or a move of every input */
  field: keyof AnnualPlan | "move";
  rule: ValidationRule;
  /** Excel caps a title at 32 characters and a message at 255 */
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/**
 * The validation of the cell at `address` that holds `field`: its rule and the messages, which
 * name the unit. `blankNote` says what the cell's formula stands for when the field was left blank.
 */
export function annualInputValidation(
  field: AnnualField,
  address: string,
  blankNote?: string,
): AnnualInputValidation | undefined {
  const rule = matchingRule(field);
  return rule ? fieldValidation(field, address, rule, blankNote) : undefined;
}
