/*
 * The "API or fleet" sheet's inputs, the source of truth every figure reads: a blue cell a field of TOKEN_FIELDS,
 * in its groups' order, under the field's defined name, validated from the field's own check (as the pane's form
 * applies it). Labelled constants follow, the hours a month a blank stands for, the tokens a price is quoted for
 * (1,000,000) and the checks' tolerance, so that no formula holds a constant but 3,600, 86,400 and 1,000 (0 and 1).
 * The growth's rule (above -1) is none of the shared rules', so it is stated here, as its check is.
 */
import {
  HOURS_PER_MONTH,
  TOKEN_FIELD_GROUPS,
  TOKEN_FIELDS,
  TokenField,
  TokenPlan,
  TOKENS_PER_PRICE_UNIT,
} from "../model";
import type { LayoutCell } from "../../core/sheet/cell";
import { CHECK_TOLERANCE } from "../../core/sheet/checks";
import { moneyFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { safeText } from "../../core/sheet/sheetBasics";
import { fieldValidation, matchingRule, ValidationRule } from "../../core/sheet/validation";
import { TOKENS_NAMES, TokensRows } from "./tokensRows";

/** The number format of a field's blue cell. */
export function tokenFieldFormat(field: TokenField, currency: string | undefined): string {
  if (field.quantity === "pricePerMillion" || field.quantity === "price") return moneyFormat(currency);
  if (field.quantity === "text") return NUMBER_FORMAT.text;
  if (field.quantity === "factor") return NUMBER_FORMAT.factor;
  if (field.quantity === "growth") return NUMBER_FORMAT.shareChange;
  return NUMBER_FORMAT.typed;
}

/** A field's value as its cell holds it: text made safe, a blank left blank. */
function fieldValue(field: TokenField, plan: TokenPlan): number | string | undefined {
  const value = plan[field.key];
  return typeof value === "string" ? safeText(value) : value;
}

/** The growth's rule, as its check (checkGrowth) states it: more than -1, so no month loses all its traffic. */
export const GROWTH_RULE: ValidationRule = { operator: "greaterThan", bound: -1, text: "more than -1 (-100%)" };

/** A field's validation rule: its check's matching shared rule, or the growth's own. */
const ruleOf = (field: TokenField): ValidationRule | undefined =>
  field.quantity === "growth" ? GROWTH_RULE : matchingRule(field);

/** A blue input cell: the value, or an empty blue cell for a blank. */
const inputCell = (value: number | string | undefined, numberFormat: string): LayoutCell =>
  value === undefined ? { role: "input", numberFormat } : { value, numberFormat, role: "input" };

/** Every field's blue cell, a group a section, each validated by its own check's rule. */
export function addTokenInputs(sheet: TokensRows, plan: TokenPlan): void {
  for (const { group, heading } of TOKEN_FIELD_GROUPS) {
    sheet.heading(`${heading} (blue: type over them)`);
    for (const field of TOKEN_FIELDS.filter((f) => f.group === group)) {
      const unit = field.blankMeans ? `${field.unit}; blank: ${field.blankMeans}` : field.unit;
      const cell = inputCell(fieldValue(field, plan), tokenFieldFormat(field, plan.currency));
      const address = sheet.labelled(field.label, cell, unit, { name: field.definedName, key: field.key });
      const rule = ruleOf(field);
      if (rule) {
        const found = fieldValidation(field, address, rule, field.blankMeans);
        const { operator, bound, upper } = rule;
        sheet.validate({
          ...found,
          rule: { type: "decimal", operator, bound, ...(upper === undefined ? {} : { upper }) },
        });
      }
    }
  }
  sheet.labelled(
    "Hours a month by default",
    { value: HOURS_PER_MONTH, numberFormat: "0", role: "derived" },
    "what a blank hours a month stands for (30 days)",
    { name: TOKENS_NAMES.defaultHours, key: "defaultHours" },
  );
  sheet.labelled(
    "Tokens a price is for",
    { value: TOKENS_PER_PRICE_UNIT, numberFormat: NUMBER_FORMAT.clips, role: "derived" },
    "tokens: the API's prices are per 1M tokens",
    { name: TOKENS_NAMES.tokensPerPriceUnit, key: "tokensPerPriceUnit" },
  );
  sheet.labelled(
    "Check tolerance",
    { value: CHECK_TOLERANCE, numberFormat: "0.0E+00", role: "derived" },
    "a check of two routes holds within this share of its figure",
    { name: TOKENS_NAMES.checkTolerance, key: "checkTolerance" },
  );
}
