/*
 * The budget sheet's inputs, in one block by group (BUDGET_FIELDS' order): blue, named, validated, labelled
 * with units, the source of truth every month's formula reads. Three fields take another shape here:
 * - the first month is an Excel date, shown "Jan 2027", so the time axis's headings follow an edit of it;
 * - the horizon is the time axis's own length (a column a month is written once: another horizon is another
 *   sheet), counted by a formula rather than typed;
 * - the re-scan months are a row of blue 1/0 cells on the time axis (a timing flag the planner marks), so
 *   this block says where they are.
 * The money rows are written when the plan is priced, the budget's when it has one, the lever's when it has
 * one, as the model reads them. A choice (the budget's period, what a month counts) has its options beside it
 * and a 1/0 flag below it. Two constants follow, labelled: months a year (a 30-day month is days a year / 12)
 * and the checks' tolerance, so that no formula holds a constant but the universal ones.
 */
import { BUDGET_FIELDS, BUDGET_GROUPS, BudgetField, BudgetKey, BudgetPlan } from "../model/budgetFields";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import { Quantity } from "../../core/model/fields";
import * as budgetExcel from "./budgetFormulas";
import { LayoutCell } from "../../core/sheet/cell";
import { inputFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { safeText } from "../../core/sheet/sheetBasics";
import { monthSerial, MONTH_FORMAT } from "./budgetDates";
import { BudgetRows, monthColumn } from "./budgetRows";
import { figureCell } from "../../core/sheet/rows";
import { CHECK_TOLERANCE } from "../../core/sheet/checks";
import { fieldValidation } from "./budgetRows";
import { secondsFromTokensRows, SecondsRows } from "../../tokens/sheet";
import type { RequestTokens } from "../../tokens/model";

/**
 * The prefix of the budget sheet's token inputs' names (issue 32): BudgetClipInputTokens, BudgetClipOutputPerSecond...
 * apart from the stage sheet's Clip... and the annual's Serving..., so each sheet in one workbook keeps its own.
 */
export const BUDGET_TOKEN_PREFIX = "BudgetClip";

/** A growth shown as a percentage, to two decimals where it has them: 5.0%, 5.25%, -3.5%. */
export const PERCENT_FORMAT = "0.0#%";
/** A whole number of months. */
export const COUNT_FORMAT = "0";

/** The derived names of the inputs block (the constants and the budget's period as a flag), unsuffixed. */
export const INPUT_NAMES = [
  "BudgetMonthsPerYear",
  "BudgetCheckTolerance",
  "BudgetPerMonthFlag",
  "BudgetCalendarMonthsFlag",
] as const;

/**
 * The choice fields' 1/0 flags, each 1 when the choice reads its first option: the rows that depend on a choice
 * multiply by a flag (and its complement), as by a timing flag, rather than compare text.
 */
const CHOICE_FLAGS: Partial<Record<BudgetKey, { label: string; name: (typeof INPUT_NAMES)[number] }>> = {
  budgetPer: { label: "A month's budget", name: "BudgetPerMonthFlag" },
  monthDays: { label: "Calendar months", name: "BudgetCalendarMonthsFlag" },
};

/** The number format of a budget input. */
export function budgetInputFormat(field: BudgetField, costFormat: string): string {
  switch (field.quantity) {
    case "calendarMonth":
      return MONTH_FORMAT;
    case "monthCount":
    case "monthNumber":
      return COUNT_FORMAT;
    case "percent":
      return PERCENT_FORMAT;
    case "price":
      return costFormat;
    case "text":
    case "choice":
      return NUMBER_FORMAT.text;
    default:
      return inputFormat(field.quantity as Quantity);
  }
}

/** Whether `field` has a row for `plan`: money when priced, the budget when budgeted, the lever when given. */
export function fieldShown(field: BudgetField, plan: BudgetPlan): boolean {
  if (field.key === "currency") return plan.pricePerHour !== undefined && safeText(plan.currency) !== "";
  if (field.key === "budgetAmount" || field.key === "budgetPer") return plan.budgetAmount !== undefined;
  if (field.group === "money") return plan.pricePerHour !== undefined;
  if (field.group === "lever") return plan.leverSecondsPerClip !== undefined;
  return true;
}

/** The words a choice field shows for the plan's value. */
const choiceLabel = (field: BudgetField, value: string) => field.choices?.find((c) => c.value === value)?.label ?? "";

/** The blue cell holding `field`'s value in `plan`. */
export function inputCell(field: BudgetField, plan: BudgetPlan, costFormat: string): LayoutCell {
  const format = budgetInputFormat(field, costFormat);
  if (field.key === "firstMonth")
    return { value: monthSerial(plan.firstMonth, 1), numberFormat: format, role: "input" };
  const value = plan[field.key as Exclude<BudgetKey, "rescanMonths">];
  if (field.quantity === "choice")
    return { value: choiceLabel(field, String(value)), numberFormat: format, role: "input", align: "right" };
  if (typeof value === "string") return { value: safeText(value), numberFormat: format, role: "input", align: "right" };
  return { value: value ?? 0, numberFormat: format, role: "input" };
}

/**
 * The inputs block of `plan`, added to `sheet`: each group under its heading, each field named and
 * validated, then the constants. The horizon's cell counts the columns of the row `monthKey`. With `tokens` (the
 * request's tokens the planner's seconds per clip came from, issue 32), seconds per clip is TOKENSECONDS' formula
 * over their four blue inputs under it, its defined name unchanged, so every month's row reads it as typed seconds.
 */
export function addInputs(
  sheet: BudgetRows,
  plan: BudgetPlan,
  costFormat: string,
  monthKey: string,
  which: (field: BudgetField) => boolean = () => true,
  tokens?: RequestTokens,
): void {
  const field = (key: BudgetKey) => sheet.named(BUDGET_FIELDS.find((f) => f.key === key)!.definedName);
  for (const { group, heading } of BUDGET_GROUPS) {
    const fields = BUDGET_FIELDS.filter((f) => f.group === group && which(f) && fieldShown(f, plan));
    if (fields.length === 0) continue;
    sheet.heading(heading);
    for (const spec of fields) {
      if (spec.key === "months") {
        const cell = figureCell(budgetExcel.horizonMonths(sheet.monthsOf(monthKey)), plan.months, COUNT_FORMAT);
        sheet.labelled(spec.label, cell, "months: one column a month (another horizon is another sheet)", {
          name: spec.definedName,
        });
        continue;
      }
      if (spec.key === "rescanMonths") {
        const marked = plan.rescanMonths.length
          ? `now months ${[...plan.rescanMonths].sort((a, b) => a - b).join(", ")}`
          : "none now";
        sheet.note(`${spec.label}: type 1 under a month in the row "Re-scan month" below (${marked}).`);
        continue;
      }
      if (spec.key === "secondsPerClip" && tokens) {
        addSecondsFromTokens(sheet, spec, plan, costFormat, tokens);
        continue;
      }
      addInput(sheet, spec, plan, costFormat, field);
    }
  }
  addConstants(sheet);
}

/** One input's labelled blue cell, named and validated (a choice with its options and flag). */
export function addInput(
  sheet: BudgetRows,
  spec: BudgetField,
  plan: BudgetPlan,
  costFormat: string,
  field: (key: BudgetKey) => string,
): void {
  const address = sheet.labelled(spec.label, inputCell(spec, plan, costFormat), spec.unit, { name: spec.definedName });
  if (spec.quantity === "choice") addChoice(sheet, spec, address, field(spec.key), String(plan[spec.key]));
  else sheet.validate(fieldValidation(spec, address, undefined, plan.months));
}

/**
 * Seconds per clip as TOKENSECONDS' formula over the request's four blue token inputs (tokens/sheet's rows), named
 * with BUDGET_TOKEN_PREFIX; their validations in the budget sheet's terms.
 */
function addSecondsFromTokens(
  sheet: BudgetRows,
  spec: BudgetField,
  plan: BudgetPlan,
  costFormat: string,
  tokens: RequestTokens,
): void {
  const rows: SecondsRows = {
    named: sheet.named,
    labelled: (label, value, unit, options) => sheet.labelled(label, value, unit, options),
    // a token's rule as every budget cell's: a decimal, its bound (the writers' terms; the layout stays pure)
    validate: (validation) => {
      if (!validation) return;
      const { address, rule, prompt, error } = validation;
      const { operator, bound, upper } = rule;
      sheet.validate({ address, rule: { type: "decimal", operator, bound, upper }, prompt, error });
    },
  };
  const row = {
    label: spec.label,
    definedName: spec.definedName,
    numberFormat: budgetInputFormat(spec, costFormat),
    seconds: plan.secondsPerClip,
  };
  secondsFromTokensRows(rows, row, tokens, BUDGET_TOKEN_PREFIX);
}

/** The constants every formula reads by name: months a year and the checks' tolerance. */
export function addConstants(sheet: BudgetRows): void {
  sheet.heading("Constants");
  sheet.labelled(
    "Months a year",
    { value: MONTHS_PER_YEAR, numberFormat: COUNT_FORMAT, role: "derived" },
    "a month is days a year / months a year",
    { name: "BudgetMonthsPerYear" },
  );
  sheet.labelled(
    "Check tolerance",
    { value: CHECK_TOLERANCE, numberFormat: "0.0E+00", role: "derived" },
    "relative: a check holds within this share of its figure",
    { name: "BudgetCheckTolerance" },
  );
}

/**
 * A choice (the budget's period, what a month counts): its options written beside it, in the month columns this
 * block leaves empty, as the drop-down's source, and a 1/0 flag of its first option that the rows multiply (the
 * over-budget row, the month's days).
 */
function addChoice(sheet: BudgetRows, spec: BudgetField, address: string, choiceName: string, value: string): void {
  const row = sheet.lastRow;
  const choices = spec.choices!;
  const last = sheet.rows[sheet.rows.length - 1];
  while (last.length < 3) last.push(null);
  choices.forEach((choice) => last.push({ value: choice.label, role: "note" }));
  const first = `$${monthColumn(0)}$${row}`;
  const source = `${first}:$${monthColumn(choices.length - 1)}$${row}`;
  sheet.validate(fieldValidation(spec, address, source));
  const option = choices[0];
  const flag = CHOICE_FLAGS[spec.key]!;
  sheet.labelled(
    flag.label,
    figureCell(budgetExcel.choiceFlag(choiceName, first), value === option.value ? 1 : 0, COUNT_FORMAT),
    `1 when ${spec.label.toLowerCase()} "${option.label}", else 0`,
    { name: flag.name },
  );
}
