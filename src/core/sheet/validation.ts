/*
 * Data validation of the sheet's input cells, derived from the model's own checks: a planner who
 * types into a blue cell meets the guard the pane's form applies. Each numeric PLAN_FIELD names
 * its check (checkNonNegative, checkPositive, checkFactor...); rather than a second hand list of
 * bounds, the check is matched to one of the few rules Excel's "decimal" validation can state, by
 * asking the check itself at the boundaries. On the stage sheet a check that fits none of them
 * throws, so a new kind of check comes here before it reaches a sheet; the annual sheet (whose
 * fields add a share from 0 to 1, the "between" rule) reads the same rules and messages.
 */
/** Excel's comparison for a "decimal" rule (Office.js spells them GreaterThanOrEqualTo, GreaterThan, Between). */
export type ValidationOperator = "greaterThanOrEqual" | "greaterThan" | "between";

/** A bound (or, for "between", two) a typed number must meet. */
export interface ValidationRule {
  operator: ValidationOperator;
  bound: number;
  /** the upper bound of a "between" rule, included */
  upper?: number;
  /** how the pane would say it: "0 or more" */
  text: string;
}

/** A field as validation reads it: PlanField and AnnualField both are one. */
export interface ValidatedField {
  key: string;
  label: string;
  unit: string;
  quantity: string;
  check?: (value: number, label: string) => unknown;
}

/** The rule on one input cell, with the messages Excel shows: on selecting it, and on a bad entry. */
export interface InputValidation<K extends string = string> {
  address: string;
  field: K;
  rule: ValidationRule;
  /** Excel caps a title at 32 characters and a message at 255 */
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/** The rules a check may match, most common first. */
const RULES: readonly ValidationRule[] = [
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
export function ruleAdmits(rule: ValidationRule, value: number): boolean {
  if (rule.operator === "between") return value >= rule.bound && value <= (rule.upper ?? rule.bound);
  return rule.operator === "greaterThan" ? value > rule.bound : value >= rule.bound;
}

/** The rule that accepts exactly what `field`'s check accepts at every probe; undefined for text or no match. */
export function matchingRule(field: ValidatedField): ValidationRule | undefined {
  const check = field.check;
  if (field.quantity === "text" || !check) return undefined;
  const accepts = (value: number) => check(value, field.label) === undefined;
  return RULES.find((r) => PROBES.every((value) => ruleAdmits(r, value) === accepts(value)));
}

/** A field's rule, where every check must have one (the stage sheet's); undefined for text; no match throws. */
export function validationRule(field: ValidatedField): ValidationRule | undefined {
  if (field.quantity === "text" || !field.check) return undefined;
  const rule = matchingRule(field);
  if (!rule) throw new Error(`No data-validation rule matches the check of ${field.label}; add one to RULES.`);
  return rule;
}

/** The unit beside a rule: a factor's "× (1 = none)" is "1 = none", as the rule already says "a multiplier". */
function unitText(field: ValidatedField): string {
  return field.quantity === "factor" ? field.unit.replace(/^×\s*\((.*)\)$/, "$1") : field.unit;
}

/**
 * The validation of the cell at `address` that holds `field` under `rule`: the rule and the messages, which
 * name the unit. `blankNote` says what a blank cell stands for: the default the row beside it works out.
 */
export function fieldValidation<K extends string>(
  field: ValidatedField & { key: K },
  address: string,
  rule: ValidationRule,
  blankNote?: string,
): InputValidation<K> {
  const number = field.quantity === "factor" ? "a multiplier" : field.quantity === "share" ? "a share" : "a number";
  const kept = blankNote ? ` Blank uses the default, ${blankNote}; a number replaces it.` : "";
  return {
    address,
    field: field.key,
    rule,
    // Excel caps a title at 32 characters.
    prompt: {
      title: `${number.replace(/^a/, "A")}, ${rule.text}`.slice(0, 32),
      message: `${field.label} (${unitText(field)}): ${number} ${rule.text}.${kept}`,
    },
    error: {
      title: `Enter ${number} ${rule.text}`.slice(0, 32),
      message: `${field.label} must be ${number} ${rule.text} (${unitText(field)}).`,
    },
  };
}

/** The validation of the cell at `address` that holds `field`, whose check must match a rule (see fieldValidation). */
export function inputValidation<K extends string>(
  field: ValidatedField & { key: K },
  address: string,
  blankNote?: string,
): InputValidation<K> | undefined {
  const rule = validationRule(field);
  return rule ? fieldValidation(field, address, rule, blankNote) : undefined;
}
