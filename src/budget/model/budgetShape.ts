/*
 * Whether a value read from outside (a stored budget sheet's record) has the shape of a BudgetPlan: each field of
 * BUDGET_FIELDS of the kind its quantity keeps (a number, text, one of a choice's values, a list of months) and the
 * typed traffic a record of months to numbers. The values' own bounds are the plan's checks (checkBudgetPlan);
 * this is what must hold before those checks, or anything that reads the plan, may run: a currency that is a
 * number, or a record without its typed traffic, made the actuals sheet throw a TypeError.
 */
import { BUDGET_FIELDS, BudgetField, BudgetQuantity } from "./budgetFields";

/** What a field's value is stored as, by its quantity: every quantity not named here keeps a number. */
const STORED_KINDS: Partial<Record<BudgetQuantity, "text" | "choice" | "monthList">> = {
  calendarMonth: "text",
  text: "text",
  choice: "choice",
  monthList: "monthList",
};

/** A stored value's kind in a planner's words: "a number", "text", "null", "a list", "an object". */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "number") return "a number";
  if (typeof value === "string") return "text";
  if (typeof value === "boolean") return "true or false";
  return typeof value === "object" ? "an object" : typeof value;
}

/** What a field keeps, for the sentence: "a number", "text", '"month" or "horizon"', "a list of months". */
function keeps(field: BudgetField): string {
  const kind = STORED_KINDS[field.quantity] ?? "number";
  if (kind === "choice") return (field.choices ?? []).map((c) => `"${c.value}"`).join(" or ");
  return { number: "a number", text: "text", monthList: "a list of months" }[kind];
}

/** Why `value` cannot be `field`'s stored value, or undefined; absent is allowed where a blank means something. */
function fieldShapeProblem(field: BudgetField, value: unknown): string | undefined {
  const name = `its ${field.label} (${field.key})`;
  if (value === undefined) return field.blankMeans === undefined ? `${name} is missing` : undefined;
  const kind = STORED_KINDS[field.quantity] ?? "number";
  const fits =
    kind === "number"
      ? typeof value === "number"
      : kind === "monthList"
        ? Array.isArray(value)
        : kind === "text"
          ? typeof value === "string"
          : (field.choices ?? []).some((c) => c.value === value);
  if (!fits) return `${name} is ${kindOf(value)}, where the plan keeps ${keeps(field)}`;
  if (kind === "monthList") {
    const wrong = (value as unknown[]).find((month) => typeof month !== "number");
    if (wrong !== undefined) return `${name} is a list holding ${kindOf(wrong)}, where the plan keeps months`;
  }
  return undefined;
}

/** Why the typed traffic cannot be a plan's (month -> clips per second), or undefined. */
function typedShapeProblem(typed: unknown): string | undefined {
  const name = "its typed clips per second (typedClipsPerSecond)";
  if (typed === undefined) return `${name} is missing`;
  if (typeof typed !== "object" || typed === null || Array.isArray(typed)) {
    return `${name} is ${kindOf(typed)}, where the plan keeps months and their clips per second`;
  }
  for (const [month, clips] of Object.entries(typed)) {
    if (!/^[1-9]\d*$/.test(month))
      return `its typed clips per second names "${month.slice(0, 20)}", not a month of the horizon`;
    if (typeof clips !== "number") {
      return `month ${month} of its typed clips per second is ${kindOf(clips)}, where the plan keeps a number`;
    }
  }
  return undefined;
}

/**
 * The first reason `plan` is not shaped as a BudgetPlan (a field missing, or of the wrong kind), as a clause
 * ("its Currency (currency) is a number, where the plan keeps text"); undefined when every field is of its kind.
 * @example budgetPlanShapeProblem({ ...plan, currency: 5 }) // "its Currency (currency) is a number, ..."
 */
export function budgetPlanShapeProblem(plan: Readonly<Record<string, unknown>>): string | undefined {
  for (const field of BUDGET_FIELDS) {
    const why = fieldShapeProblem(field, plan[field.key]);
    if (why) return why;
  }
  return typedShapeProblem(plan.typedClipsPerSecond);
}
