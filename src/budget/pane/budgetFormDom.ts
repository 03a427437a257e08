/*
 * The budget view's form, built from BUDGET_FIELDS with the pane's one form framework (core/pane/fieldsForm.ts):
 * the horizon, traffic and training open, and the advanced inputs folded, each fold's summary showing its values
 * while folded (the framework's folded groups): the factors (gathered from the traffic and training groups: a
 * planner rarely changes them), the re-scans, money and budget, and the lever. The budget's period is a chooser,
 * not a text.
 */
import { BUDGET_FIELDS, BUDGET_GROUPS, BudgetField, BudgetGroup, BudgetKey } from "../model/budgetFields";
import { buildFieldsForm, FormGroup } from "../../core/pane/fieldsForm";
import { budgetInitialText } from "./budgetForm";

/** A field's control: a text input, or the chooser of a choice field. */
export type BudgetControl = HTMLInputElement | HTMLSelectElement;

/** The form's elements by field key. */
export interface BudgetFormElements {
  controls: Map<BudgetKey, BudgetControl>;
  errors: Map<BudgetKey, HTMLElement>;
  /** a line under each field that says how its text was read ("January 2027", "+5% a month", "Blank = none") */
  hints: Map<BudgetKey, HTMLElement>;
}

/** The fields the "Factors" fold gathers from their groups, each with the short name its summary gives it. */
const FACTORS: Partial<Record<BudgetKey, string>> = {
  trainingOverhead: "overhead",
  peakToMean: "peak-to-mean",
  daysPerYear: "days a year",
};

/** The short names the folds' summaries give their other fields. */
const SHORT_LABELS: Partial<Record<BudgetKey, string>> = {
  rescanHours: "hours each",
  rescanMonths: "months",
  pricePerHour: "price",
  currency: "currency",
  budgetAmount: "budget",
  budgetPer: "budgeted",
  leverSecondsPerClip: "seconds per clip",
  leverFromMonth: "from month",
};

const FOLDED: readonly BudgetGroup[] = ["rescans", "money", "lever"];

/** The form's groups: the model's, the factors folded after training, and the advanced groups folded. */
const FORM_GROUPS: FormGroup[] = [
  ...BUDGET_GROUPS.filter((g) => !FOLDED.includes(g.group)),
  { group: "factors", heading: "Factors", folded: true },
  ...BUDGET_GROUPS.filter((g) => FOLDED.includes(g.group)).map((g) => ({ ...g, folded: true })),
];

/** The fields as the form draws them: the factors in a group of their own, short names for the folds. */
const FORM_FIELDS: (Omit<BudgetField, "group"> & { group: string; shortLabel?: string })[] = BUDGET_FIELDS.map(
  (field) =>
    FACTORS[field.key] !== undefined
      ? { ...field, group: "factors", shortLabel: FACTORS[field.key] }
      : { ...field, shortLabel: SHORT_LABELS[field.key] },
);

/**
 * A chooser in place of a choice field's input, with the same id, name and description. The input it replaces
 * keeps its value and mark in step, since the fold's summary reads them from it.
 */
function chooser(field: BudgetField, input: HTMLInputElement): HTMLSelectElement {
  const select = document.createElement("select");
  select.id = input.id;
  select.name = input.name;
  select.setAttribute("aria-describedby", input.getAttribute("aria-describedby") ?? "");
  for (const choice of field.choices ?? []) select.append(new Option(choice.label, choice.value));
  select.value = input.value;
  const mirror = () => {
    const choice = field.choices?.find((c) => c.value === select.value);
    input.value = choice?.label ?? select.value;
    input.setAttribute("aria-invalid", select.getAttribute("aria-invalid") ?? "false");
  };
  select.addEventListener("input", mirror);
  new MutationObserver(mirror).observe(select, { attributes: true, attributeFilter: ["aria-invalid"] });
  input.replaceWith(select);
  mirror();
  return select;
}

/** A hint line under a field that has none (the framework makes them only for fields that may be blank). */
function addHint(row: Element, key: BudgetKey, control: BudgetControl): HTMLElement {
  const hint = document.createElement("p");
  hint.className = "hint";
  hint.id = `budget-hint-${key}`;
  row.append(hint);
  control.setAttribute("aria-describedby", `${control.getAttribute("aria-describedby") ?? ""} ${hint.id}`.trim());
  return hint;
}

/** Builds the budget form into `form`. */
export function buildBudgetForm(form: HTMLFormElement): BudgetFormElements {
  const built = buildFieldsForm<BudgetKey, (typeof FORM_FIELDS)[number]>(
    form,
    FORM_FIELDS,
    FORM_GROUPS,
    (field) => budgetInitialText(field as BudgetField),
    "budget-",
  );
  const controls = new Map<BudgetKey, BudgetControl>(built.inputs);
  const hints = new Map(built.hints);
  for (const field of BUDGET_FIELDS) {
    const input = built.inputs.get(field.key)!;
    if (field.quantity === "choice") controls.set(field.key, chooser(field, input));
    // A month, a percentage and a list need "-", "%" and ",", which a phone's decimal keypad may not have.
    if (["calendarMonth", "percent", "monthList"].includes(field.quantity)) input.inputMode = "text";
    const control = controls.get(field.key)!;
    if (!hints.has(field.key)) hints.set(field.key, addHint(control.closest(".field")!, field.key, control));
  }
  built.refreshFolds();
  return { controls, errors: built.errors, hints };
}
