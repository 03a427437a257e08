/*
 * Data validation of the annual sheet's blue cells, from ANNUAL_FIELDS' own checks, as
 * validation.ts derives the stage sheet's: each check is matched to one of the rules Excel's
 * "decimal" validation can state by asking the check itself on both sides of every bound. The
 * annual fields add a share from 0 to 1 (checkFraction), which needs a "between" rule the stage
 * sheet has no use for; a check that fits no rule gives no validation rather than a wrong one (the
 * tests require one on every numeric input).
 */
import type { AnnualField, AnnualPlan } from "../../model";

/** Excel's comparison for a "decimal" rule. */
export type AnnualValidationOperator = "greaterThanOrEqual" | "greaterThan" | "between";

/** A bound (or, for "between", two) a typed number must meet. */
export interface AnnualValidationRule {
  operator: AnnualValidationOperator;
  bound: number;
  /** the upper bound of a "between" rule, included */
  upper?: number;
  /** how the pane would say it: "0 or more" */
  text: string;
}

/** The rule on one input cell of the annual sheet, with the messages Excel shows. */
export interface AnnualInputValidation {
  address: string;
  field: keyof AnnualPlan;
  rule: AnnualValidationRule;
  /** Excel caps a title at 32 characters and a message at 255 */
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/** The rules a check may match, most common first. */
const RULES: readonly AnnualValidationRule[] = [
  { operator: "greaterThanOrEqual", bound: 0, text: "0 or more" },
  { operator: "greaterThan", bound: 0, text: "more than 0" },
  { operator: "greaterThanOrEqual", bound: 1, text: "1 or more" },
  { operator: "between", bound: 0, upper: 1, text: "from 0 to 1" },
];

/** Numbers on both sides of every bound above, and far from them. */
const PROBES: readonly number[] = [
  -1e300,
  -1,
  -Number.MIN_VALUE,
  0,
  Number.MIN_VALUE,
  1e-9,
  0.5,
  1 - Number.EPSILON / 2,
  1,
  1 + Number.EPSILON,
  2,
  1e300,
];

/** Whether a number meets `rule`, as Excel's validation decides it. */
export function annualRuleAdmits(rule: AnnualValidationRule, value: number): boolean {
  switch (rule.operator) {
    case "greaterThan":
      return value > rule.bound;
    case "between":
      return value >= rule.bound && value <= (rule.upper ?? rule.bound);
    default:
      return value >= rule.bound;
  }
}

/** The rule that accepts exactly what `field`'s check accepts at every probe; undefined for text or no match. */
export function annualValidationRule(field: AnnualField): AnnualValidationRule | undefined {
  const check = field.check;
  if (field.quantity === "text" || !check) return undefined;
  const accepts = (value: number) => check(value, field.label) === undefined;
  return RULES.find((r) => PROBES.every((value) => annualRuleAdmits(r, value) === accepts(value)));
}

/** The unit beside a rule: a factor's "× (1 = none)" is "1 = none", as the rule already says "a multiplier". */
function unitText(field: AnnualField): string {
  return field.quantity === "factor" ? field.unit.replace(/^×\s*\((.*)\)$/, "$1") : field.unit;
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
  const rule = annualValidationRule(field);
  if (!rule) return undefined;
  const number = field.quantity === "factor" ? "a multiplier" : field.quantity === "share" ? "a share" : "a number";
  const kept = blankNote ? ` The formula here gives the default, ${blankNote}; a number replaces it.` : "";
  const title = `${number.replace(/^a/, "A")}, ${rule.text}`;
  return {
    address,
    field: field.key,
    rule,
    prompt: {
      title: title.slice(0, 32),
      message: `${field.label} (${unitText(field)}): ${number} ${rule.text}.${kept}`,
    },
    error: {
      title: `Enter ${number} ${rule.text}`.slice(0, 32),
      message: `${field.label} must be ${number} ${rule.text} (${unitText(field)}).`,
    },
  };
}
