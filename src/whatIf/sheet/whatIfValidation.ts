/*
 * Data validation of the what-if sheet's blue cells. The scenario inputs and the sensitivity's
 * low and high take the stage sheet's own rules (validation.ts, derived from the model's checks);
 * the what-if controls add three kinds Excel states as readily: a move of more than -100%, a share
 * between 0 and 1, and the base scenario as a choice among the scenario names (a drop-down list).
 */
import { PlanField } from "../../stages/model";
import { MOVE_RULE } from "../../sensitivity/sheet";
import { inputValidation } from "../../core/sheet/validation";

/** A rule on a number: a lower bound, or both bounds (Excel's "decimal" validation). */
export interface DecimalRule {
  type: "decimal";
  operator: "greaterThanOrEqual" | "greaterThan" | "between";
  bound: number;
  /** the upper bound of "between" */
  upper?: number;
}

/** A choice among the values of a range, shown as a drop-down (Excel's "list" validation). */
export interface ListRule {
  type: "list";
  /** the range of the choices, absolute on this sheet, such as "$C$8:$E$8" */
  source: string;
}

/** The rule on one cell, with the messages Excel shows on selecting it and on a bad entry. */
export interface WhatIfValidation {
  address: string;
  rule: DecimalRule | ListRule;
  /** Excel caps a title at 32 characters and a message at 255 */
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/** The stage sheet's validation of `field`, on `address` (undefined for a text field). */
export function fieldValidation(field: PlanField, address: string, note?: string): WhatIfValidation | undefined {
  const stage = inputValidation(field, address, note);
  if (!stage) return undefined;
  const { rule, prompt, error } = stage;
  return { address, rule: { type: "decimal", operator: rule.operator, bound: rule.bound }, prompt, error };
}

/** A relative move of an input: more than -100% (at -100% every input would be 0). */
export function moveValidation(address: string, side: "low" | "high"): WhatIfValidation {
  const { operator, bound, prompt, error } = MOVE_RULE;
  return { address, rule: { type: "decimal", operator, bound }, prompt: prompt(side), error };
}

/** A number of 0 or more in `unit`: a budget. */
export function nonNegativeValidation(address: string, what: string, unit: string): WhatIfValidation {
  return {
    address,
    rule: { type: "decimal", operator: "greaterThanOrEqual", bound: 0 },
    prompt: { title: "A number, 0 or more", message: `${what} (${unit}): a number 0 or more.` },
    error: { title: "Enter a number 0 or more", message: `${what} must be a number 0 or more (${unit}).` },
  };
}

/** A share of the bill, from 0 to 1 (0% to 100%). */
export function shareValidation(address: string, what: string): WhatIfValidation {
  return {
    address,
    rule: { type: "decimal", operator: "between", bound: 0, upper: 1 },
    prompt: { title: "A share, 0% to 100%", message: `${what}: a share from 0% to 100% (90% is 0.9).` },
    error: { title: "Enter a share from 0% to 100%", message: `${what} must be from 0% to 100% (0 to 1).` },
  };
}

/** The base scenario: one of the scenario names, chosen from a drop-down. */
export function baseScenarioValidation(address: string, namesRange: string): WhatIfValidation {
  return {
    address,
    rule: { type: "list", source: namesRange },
    prompt: {
      title: "One of the scenario names",
      message: "Every change and the sensitivity and targets below are taken against this scenario.",
    },
    error: { title: "Choose a scenario", message: "The base must be one of the scenario names, as spelled there." },
  };
}
