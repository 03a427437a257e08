/*
 * The reading of the budget view's typed text into a BudgetPlan, as annual/pane/annualForm.ts reads the annual
 * view's: numbers as people write them (core/pane/formReading.ts), and the budget's own kinds: a calendar month
 * ("2027-01", "Jan 2027"), a percentage ("5%" or "5", the label's own convention), a list of months ("3, 9"),
 * a choice, and the planner's own traffic typed over the growth curve month by month. The checks are the model's
 * (each field's, then budgetOf's of the whole plan), with their messages beside the field they name. No DOM here,
 * so the rules are tested directly.
 */
import { budgetOf, BudgetPlan, BudgetResult } from "../model/budget";
import { asPercent, BUDGET_FIELDS, BudgetField, BudgetKey, NEW_BUDGET_PLAN } from "../model/budgetFields";
import { firstCharacters, parseNumber, sentence, startingText } from "../../core/pane/formReading";
import { isoYearMonth, MONTH_NAMES } from "../../core/model/months";

/** A typed text read: its value, or the sentence that says what to fix. */
export type Parsed<T> = { value: T } | { error: string };

/** An ISO year-month from a year and a month that may run past December ("2027", 14 gives "2028-02"). */
function isoMonth(year: number, month: number): string {
  const index = year * 12 + (month - 1);
  const y = Math.floor(index / 12);
  return `${String(y).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * Reads a calendar month as a planner writes one: "2027-01", "2027-1", "2027/01", "01/2027", "1-2027",
 * "Jan 2027", "January 2027", "jan-2027". Gives the ISO year-month ("2027-01"), which the model's own
 * parseCalendarMonth (budget.ts) then checks: this one reads a planner's spellings, that one the plan's ISO text.
 */
export function readCalendarMonth(text: string): Parsed<string> {
  const trimmed = text.trim();
  const ask = "Enter a month as 2027-01 or Jan 2027.";
  if (trimmed === "") return { error: `${ask}` };
  let year: number | undefined;
  let month: number | undefined;
  const yearFirst = /^(\d{4})\s*[-/.]\s*(\d{1,2})$/.exec(trimmed);
  const monthFirst = /^(\d{1,2})\s*[-/.]\s*(\d{4})$/.exec(trimmed);
  const named = /^([a-z]+)\.?[\s,-]*(\d{4})$/i.exec(trimmed);
  if (yearFirst) [year, month] = [Number(yearFirst[1]), Number(yearFirst[2])];
  else if (monthFirst) [year, month] = [Number(monthFirst[2]), Number(monthFirst[1])];
  else if (named) {
    const word = named[1].toLowerCase();
    // Three letters at least, so that "Ma 2027" is not read as March rather than May.
    const at = word.length >= 3 ? MONTH_NAMES.findIndex((name) => name.toLowerCase().startsWith(word)) : -1;
    if (at < 0) return { error: `"${named[1]}" is not a month's name. ${ask}` };
    [year, month] = [Number(named[2]), at + 1];
  }
  if (year === undefined || month === undefined) return { error: `"${trimmed}" is not a month. ${ask}` };
  if (month < 1 || month > 12) return { error: `A month is 1 to 12; got ${month}. ${ask}` };
  return { value: isoMonth(year, month) };
}

/** "January 2027" for "2027-01": the first month as the view's date heading says it. */
export function monthHeading(firstMonth: string): string {
  const at = isoYearMonth(firstMonth);
  return at ? `${MONTH_NAMES[at.month - 1]} ${at.year}` : firstMonth;
}

/** The horizon as a heading: "January 2027 to December 2027", or "January 2027" for one month. */
export function horizonHeading(firstMonth: string, months: number): string {
  const first = monthHeading(firstMonth);
  if (months <= 1) return first;
  const at = isoYearMonth(firstMonth);
  if (!at) return first;
  return `${first} to ${monthHeading(isoMonth(at.year, at.month + months - 1))}`;
}

/**
 * Reads a percentage: "5%", "5 %", "+5", "-2.5%", "0.5%". The field's label says %, so a bare number is a
 * percentage too: "5" is 5%, and so 0.05 as the model's fraction.
 */
export function parsePercent(text: string): Parsed<number> {
  const trimmed = text.trim();
  const bare = trimmed.replace(/\s*%$/, "");
  if (bare.includes("%")) return { error: `"${trimmed}" is not a percentage: write it as 5% or 5.` };
  const value = parseNumber(bare);
  if (typeof value === "string") return { error: bare === "" ? "Enter a percentage, such as 5%." : value };
  // Divided rather than multiplied by 0.01, so that 5 reads as exactly 0.05.
  return { value: value / 100 };
}

/** A fraction as the percentage field shows it: 0.05 as "5%", 0.125 as "12.5%" (the model's one wording). */
export const percentText = asPercent;

/**
 * Reads a list of months of the horizon: "3, 9", "3 9", "3;9". Each a whole number of 1 or more, listed once,
 * given back in order; a blank is no month. Whether each falls within the horizon is the model's check.
 */
export function parseMonthList(text: string): Parsed<number[]> {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const months = new Set<number>();
  for (const part of parts) {
    if (!/^\d+$/.test(part)) return { error: `"${part}" is not a month number: list months as 3, 9.` };
    const month = Number(part);
    if (month < 1) return { error: "Months are counted from 1 (the first month)." };
    months.add(month);
  }
  return { value: [...months].sort((a, b) => a - b) };
}

/** A list of months as the field shows it: "3, 9". */
const monthListText = (months: readonly number[]): string => months.join(", ");

/**
 * The text a budget field starts with: the steady-growth worked example's value, its months calendar months (a new
 * plan's, NEW_BUDGET_PLAN), "" for a blank.
 */
export function budgetInitialText(field: BudgetField): string {
  const value = (NEW_BUDGET_PLAN as unknown as Record<string, unknown>)[field.key];
  if (value === undefined) return "";
  if (field.quantity === "percent") return percentText(value as number);
  if (field.quantity === "monthList") return monthListText(value as number[]);
  if (typeof value === "number" || typeof value === "string") return startingText(value, field.quantity);
  return "";
}

/**
 * A month's traffic as its cell in the month table shows it, in the form's own number style (en-US, whatever the
 * reader's locale, so that the text reads back as it was written): 428, 1,944, 2.25, 0.0025.
 */
export function trafficText(clipsPerSecond: number): string {
  if (!Number.isFinite(clipsPerSecond)) return "";
  if (Math.abs(clipsPerSecond) >= 1000) return Math.round(clipsPerSecond).toLocaleString("en-US");
  return String(Number(clipsPerSecond.toPrecision(4)));
}

/** The budget form's reading: the plan and its result when every field is valid, a message per field otherwise. */
export interface BudgetFormReading {
  plan?: BudgetPlan;
  result?: BudgetResult;
  errors: Partial<Record<BudgetKey, string>>;
  /** a message per month whose typed traffic is refused */
  typedErrors: Record<number, string>;
  /** a problem of the whole plan that names no field */
  planError?: string;
}

/** Reads one field's text into its value; undefined for a blank the field allows. */
function readField(field: BudgetField, text: string): Parsed<unknown> | undefined {
  const trimmed = text.trim();
  if (trimmed === "" && field.blankMeans !== undefined)
    return field.quantity === "monthList" ? { value: [] } : undefined;
  switch (field.quantity) {
    case "calendarMonth":
      return readCalendarMonth(trimmed);
    case "percent":
      return parsePercent(trimmed);
    case "monthList":
      return parseMonthList(trimmed);
    case "text":
      return { value: firstCharacters(trimmed, field.maxLength ?? 8) };
    case "choice": {
      const choice = field.choices?.find((c) => c.value === trimmed || c.label === trimmed);
      return choice ? { value: choice.value } : { error: `Choose ${field.choices?.map((c) => c.label).join(" or ")}.` };
    }
    default: {
      const value = parseNumber(trimmed);
      return typeof value === "string" ? { error: value } : { value: value === 0 ? 0 : value };
    }
  }
}

/**
 * Reads the budget form: `texts` by field key, `typedTraffic` the texts typed over the growth curve by month
 * (1-based; a blank is no typed figure). Each field's own parse and check first, then the model's checks of the
 * whole plan, each beside the field it names.
 */
export function readBudgetForm(
  texts: Partial<Record<BudgetKey, string>>,
  typedTraffic: Readonly<Record<number, string>> = {},
): BudgetFormReading {
  const errors: Partial<Record<BudgetKey, string>> = {};
  const typedErrors: Record<number, string> = {};
  const values: Record<string, unknown> = {};
  for (const field of BUDGET_FIELDS) {
    const read = readField(field, texts[field.key] ?? "");
    if (read === undefined) continue;
    if ("error" in read) {
      errors[field.key] = sentence(read.error);
      continue;
    }
    values[field.key] = read.value;
    const bad = typeof read.value === "number" ? field.check?.(read.value, field.label) : undefined;
    if (bad) errors[field.key] = sentence(bad.message);
  }
  const typed: Record<number, number> = {};
  for (const [month, text] of Object.entries(typedTraffic)) {
    if (text.trim() === "") continue;
    const value = parseNumber(text);
    if (typeof value === "string") typedErrors[Number(month)] = value;
    else if (value < 0) typedErrors[Number(month)] = `Clips per second must be 0 or more; got ${value}.`;
    else typed[Number(month)] = value;
  }
  if (Object.keys(errors).length > 0) return { errors, typedErrors };
  // Months typed beyond a shortened horizon are kept in the form, but are not the plan's.
  const months = values.months as number;
  for (const month of Object.keys(typed).map(Number)) if (month > months) delete typed[month];
  // A refused text beyond the horizon is not the plan's either: it waits, as its month does, for a longer horizon.
  for (const month of Object.keys(typedErrors).map(Number)) if (month > months) delete typedErrors[month];
  const plan = { ...values, typedClipsPerSecond: typed } as unknown as BudgetPlan;
  if (Object.keys(typedErrors).length > 0) return { errors, typedErrors };
  const result = budgetOf(plan);
  if (!Array.isArray(result)) return { plan, result, errors, typedErrors };
  let planError: string | undefined;
  for (const found of result) {
    const message = sentence(found.message);
    if (found.key === "typedClipsPerSecond" && found.month !== undefined) typedErrors[found.month] ??= message;
    else if (found.key !== "typedClipsPerSecond" && BUDGET_FIELDS.some((f) => f.key === found.key)) {
      errors[found.key] ??= message;
    } else planError = planError ? `${planError} ${message}` : message;
  }
  return { errors, typedErrors, planError };
}
