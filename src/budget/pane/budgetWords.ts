/*
 * The line under a budget field that says how its text was read ("January 2027", "Read as +5% a month", "Mar
 * 2027, Sep 2027", "Runs in Jan, Apr, Jul, Oct"), or what its blank means: a planner sees that "5" was taken as
 * 5%, and which calendar months a list of month numbers names. No DOM here.
 */
import { budgetMonthLabel, BudgetResult, parseCalendarMonth } from "../model/budget";
import { budgetField, BudgetKey, MAX_BUDGET_MONTHS } from "../model/budgetFields";
import { parseNumber } from "../../core/pane/formReading";
import { monthHeading, parseMonthList, parsePercent, percentText, readCalendarMonth } from "./budgetForm";

type Texts = Partial<Record<BudgetKey, string>>;

/** The horizon the texts give, in months: the months field's, or the longest a plan may have while it does not read. */
function horizonOf(texts: Texts): number {
  const months = parseNumber(texts.months ?? "");
  return typeof months === "number" && Number.isInteger(months) && months >= 1 && months <= MAX_BUDGET_MONTHS
    ? months
    : MAX_BUDGET_MONTHS;
}

/**
 * The months of a list as labels from the first month typed, when it reads: "Mar 2027, Sep 2027". A month past the
 * horizon has no heading (400 digits read as Infinity, which headed "undefined Infinity"): the line says what to type.
 */
function monthLabels(months: readonly number[], texts: Texts, what: string): string | undefined {
  const horizon = horizonOf(texts);
  if (months.some((m) => m > horizon)) return `Past the ${horizon}-month horizon: enter ${what} from 1 to ${horizon}.`;
  const first = readCalendarMonth(texts.firstMonth ?? "");
  // The model heads months from 1900 on only (Excel's dates); before that the field's own message says so.
  if (!("value" in first) || !parseCalendarMonth(first.value)) return undefined;
  return months.map((m) => budgetMonthLabel(first.value, m)).join(", ");
}

/**
 * The line under field `key`: how its text was read, or what its blank means. `result` (the plan's, when it
 * computed) gives the retrain months.
 */
export function readingHint(key: BudgetKey, texts: Texts, result?: BudgetResult): string {
  const text = (texts[key] ?? "").trim();
  const field = budgetField(key);
  if (text === "" && field.blankMeans !== undefined) return `Blank = ${field.blankMeans}`;
  switch (key) {
    case "firstMonth": {
      const read = readCalendarMonth(text);
      return "value" in read ? monthHeading(read.value) : "";
    }
    case "monthlyGrowth": {
      const read = parsePercent(text);
      if (!("value" in read)) return "";
      const sign = read.value > 0 ? "+" : "";
      return `Read as ${sign}${percentText(read.value)} a month`;
    }
    case "rescanMonths": {
      const read = parseMonthList(text);
      return "value" in read ? (monthLabels(read.value, texts, "months") ?? "") : "";
    }
    case "leverFromMonth": {
      const read = parseMonthList(text);
      return "value" in read && read.value.length === 1 ? (monthLabels(read.value, texts, "a month") ?? "") : "";
    }
    case "retrainEveryMonths": {
      if (!result) return "";
      const runs = result.months.filter((m) => m.retrainFlag === 1).map((m) => m.label.split(" ")[0]);
      return runs.length <= 6 ? `Runs in ${runs.join(", ")}` : `${runs.length} runs over the horizon`;
    }
    case "monthDays":
      return result ? monthDaysHint(result) : "";
    default:
      return "";
  }
}

/**
 * What the months count, from the plan's months: "365 days over the horizon, each month its own" for calendar
 * months; "Each month 30 days, a twelfth of the year: the bill's months are calendar months" for the other.
 */
function monthDaysHint(result: BudgetResult): string {
  const days = result.months.map((m) => m.days);
  const total = days.reduce((sum, d) => sum + d, 0);
  if (days.every((d) => Number.isInteger(d)) && new Set(days).size > 1) {
    return `${total.toLocaleString("en-US")} days over the horizon, each month its own`;
  }
  const each = Number(days[0].toFixed(2));
  return `Each month ${each} days, a twelfth of the year: the bill's months are calendar months`;
}
