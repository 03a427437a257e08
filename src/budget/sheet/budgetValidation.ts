/*
 * Data validation of the budget sheet's blue cells, from BUDGET_FIELDS' own ranges (the bounds its checks
 * are built from): a whole number where the field asks for one (the cadence, a month of the horizon), a
 * bound or two otherwise, and a drop-down of the choices where the field is a choice (the budget's period).
 * The month rows' own blue cells (a typed month's traffic, a re-scan month's 1) are validated as their
 * fields would be.
 */
import { BudgetField, NumberRange, rangeText } from "../model/budgetFields";
import type { CellRule } from "../../core/writers/finish";

/** The rule on one input cell of the budget sheet, with the messages Excel shows. */
export interface BudgetValidation {
  address: string;
  rule: CellRule;
  /** Excel caps a title at 32 characters and a message at 255 */
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/** The Excel rule of a field's range: whole or decimal, between its bounds or above its minimum. */
export function rangeRule(range: NumberRange): CellRule {
  const type = range.whole ? "whole" : "decimal";
  if (range.maximum !== undefined) return { type, operator: "between", bound: range.minimum, upper: range.maximum };
  return { type, operator: range.exclusiveMinimum ? "greaterThan" : "greaterThanOrEqual", bound: range.minimum };
}

/** The unit beside a rule's words: a factor's "× (1 = none)" read as "1 = none". */
const unitText = (unit: string) => unit.replace(/^×\s*\((.*)\)$/, "$1");

/** The validation of a cell holding `label`'s value within `range`, in `unit`. */
export function rangeValidation(address: string, label: string, unit: string, range: NumberRange): BudgetValidation {
  const words = rangeText(range);
  // Excel cuts a title at 32 characters ("from 1 to 6" for 1 to 60): a longer one becomes the kind alone,
  // the message giving the range in full.
  const full = `Enter ${words}`;
  const title = full.length <= TITLE_LENGTH ? full : range.whole ? "Enter a whole number" : "Enter a number";
  return {
    address,
    rule: rangeRule(range),
    prompt: { title, message: `${label} (${unitText(unit)}): ${words}.`.slice(0, 255) },
    error: { title, message: `${label} must be ${words} (${unitText(unit)}).`.slice(0, 255) },
  };
}

/** The longest title Excel shows whole. */
const TITLE_LENGTH = 32;

/**
 * A month field's range within a horizon of `horizonMonths` (a cadence, the lever's month: at most the
 * horizon, as the model checks); any other range as it is.
 */
export function withinHorizon(field: BudgetField, horizonMonths: number): NumberRange | undefined {
  const { range } = field;
  if (!range || (field.quantity !== "monthCount" && field.quantity !== "monthNumber")) return range;
  return { ...range, maximum: Math.min(range.maximum ?? horizonMonths, horizonMonths) };
}

/**
 * The validation of the cell at `address` holding `field`: its range's rule (a month's bounded by the
 * horizon of `horizonMonths` when given), or its choices; none for text.
 */
export function fieldValidation(
  field: BudgetField,
  address: string,
  choices?: string,
  horizonMonths?: number,
): BudgetValidation | undefined {
  if (field.choices && choices) {
    const words = field.choices.map((c) => `"${c.label}"`).join(" or ");
    return {
      address,
      rule: { type: "list", source: choices },
      prompt: { title: "Choose from the list", message: `${field.label}: ${words}.` },
      error: { title: "Choose from the list", message: `${field.label} is ${words}.` },
    };
  }
  const range = horizonMonths === undefined ? field.range : withinHorizon(field, horizonMonths);
  return range ? rangeValidation(address, field.label, field.unit, range) : undefined;
}
