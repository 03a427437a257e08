/*
 * The budget view's inputs, declared once as data, as ANNUAL_FIELDS declares the annual plan's: what each is
 * called, its unit and kind, its group, its check, the defined name that holds it in a written sheet, and what
 * a blank means. The budget model's check, the pane's form, the budget sheet's input block and its data
 * validation all read this list.
 *
 * Choices, and why:
 * - Monthly growth is a fraction in the model (0.05 = +5% a month), and the pane and the sheet show it as a
 *   percentage ("5%"): quantity "percent" says so. Its range is above -100% (a month cannot lose more than
 *   all its traffic), with no upper bound.
 * - The horizon, the cadence and the months a re-scan or a lever falls in are whole numbers; `range` states
 *   each numeric field's bounds as data, for a validation rule Excel can state (whole number, between), and the
 *   field's `check` is built from it (or is the shared check the range is, so the other sheets' rules match).
 * - Checks that join two fields (a cadence of at most the horizon, months within it) are the plan's, in
 *   checkBudgetPlan (budget.ts); a field's own check knows only its own bounds.
 * - BudgetPlan is declared here, beside its fields, and budget.ts re-exports it: the model imports the fields,
 *   never the other way round.
 */
import { checkFactor, checkNonNegative, checkPositive } from "../../core/model/checks";
import { FieldGroupHeading, FieldSpec, Quantity } from "../../core/model/fields";
import { Problem, problem } from "../../core/model/problems";

/** What a planner states for the budget over time (docs/cost-model.md, "The budget over time"). */
export interface BudgetPlan {
  /** the first month of the horizon, an ISO year-month: "2027-01" */
  firstMonth: string;
  /** the horizon, a whole number of months from 1 to 60 (12 by default) */
  months: number;
  /**
   * what a month counts: its calendar days (28 to 31, from its date), or a twelfth of `daysPerYear` (30 days at
   * 360: the worked examples' 30-day months)
   */
  monthDays: MonthDays;
  /** the first month's mean clips per second */
  clipsPerSecond: number;
  /** a fraction: 0.05 is +5% a month (may be negative, above -1); shown as a percentage */
  monthlyGrowth: number;
  /** accelerator-seconds of serving per clip */
  secondsPerClip: number;
  /** accelerator-hours of one winning training run */
  hoursPerRun: number;
  /** failed runs and sweeps: a factor of 1 or more (1 = none) */
  trainingOverhead: number;
  /** k: a whole number from 1 to the horizon; a retrain in month 1, then every k months */
  retrainEveryMonths: number;
  /** days counted in a year (360 by default); with monthDays "yearTwelfth", a month is daysPerYear / 12 days */
  daysPerYear: number;
  /** fleet held at peak: paid serving hours over consumed, a factor of 1 or more */
  peakToMean: number;
  /** accelerator-hours of one re-scan of the back catalogue (0: none) */
  rescanHours: number;
  /** the 1-based months a re-scan falls in */
  rescanMonths: readonly number[];
  /** price per accelerator-hour; undefined: hours only */
  pricePerHour?: number;
  /** the price's currency, as the planner writes it ("USD") */
  currency: string;
  /** a budget in the currency; undefined: no budget */
  budgetAmount?: number;
  /** whether the budget is each month's or the whole horizon's */
  budgetPer: "month" | "horizon";
  /** the lever: accelerator-seconds per clip from leverFromMonth on; undefined: no lever */
  leverSecondsPerClip?: number;
  /** the 1-based month the lever lands in; undefined: no lever */
  leverFromMonth?: number;
  /** month (1-based) -> the planner's own clips per second for it, over the growth curve */
  typedClipsPerSecond: Readonly<Record<number, number>>;
}

/**
 * What a month of the plan counts, as data: its calendar days, or a twelfth of the days counted in a year. The
 * bill's months are calendar months, so plan against actual compares like with like only on the first; the second
 * is the worked examples' (docs/cost-model.md: 30-day months, a 360-day year) and every record saved before the
 * choice existed (budgetRecord.ts's migration keeps them on it).
 */
export const MONTH_DAYS = [
  { value: "calendar", label: "Calendar months (28 to 31 days)" },
  { value: "yearTwelfth", label: "Twelfths of the days a year (360: 30-day months)" },
] as const;

/** A plan's month length: "calendar" or "yearTwelfth" (MONTH_DAYS). */
export type MonthDays = (typeof MONTH_DAYS)[number]["value"];

/** The longest horizon a plan may have, in months: five years. */
export const MAX_BUDGET_MONTHS = 60;

/** The horizon a new plan has, in months. */
export const DEFAULT_BUDGET_MONTHS = 12;

/**
 * What kind of quantity a budget field holds: the plan's kinds, plus
 * - "calendarMonth": text, an ISO year-month ("2027-01"), shown as a date heading ("Jan 2027");
 * - "monthCount": a whole number of months (the horizon, the cadence);
 * - "monthNumber": a 1-based month of the horizon (the lever's first month);
 * - "monthList": 1-based months of the horizon, as a list ([3, 9]; typed "3, 9");
 * - "percent": a fraction in the model (0.05) that the pane and the sheet show and accept as a percentage (5%);
 * - "choice": one of `choices` (the budget's period).
 */
export type BudgetQuantity =
  Quantity | "calendarMonth" | "monthCount" | "monthNumber" | "monthList" | "percent" | "choice";

/** Where a budget field sits: the form's fieldsets and the sheet's input sections, in order. */
export type BudgetGroup = "time" | "traffic" | "training" | "rescans" | "money" | "lever";

/** The headings of the budget groups, in the order the form and the sheet show them. */
export const BUDGET_GROUPS: readonly FieldGroupHeading<BudgetGroup>[] = [
  { group: "time", heading: "The horizon" },
  { group: "traffic", heading: "Traffic and serving" },
  { group: "training", heading: "Training" },
  { group: "rescans", heading: "Re-scans of the back catalogue" },
  { group: "money", heading: "Money and budget (optional)" },
  { group: "lever", heading: "A lever (optional): a faster model from a month" },
];

/**
 * The bounds of a numeric field, as data: what a validation rule states. `minimum` is included unless
 * `exclusiveMinimum`; `maximum`, when set, is included; `whole` asks for an integer.
 */
export interface NumberRange {
  minimum: number;
  exclusiveMinimum?: boolean;
  maximum?: number;
  whole?: boolean;
}

/** What a budget field may be keyed by: a field of BudgetPlan, but the typed traffic (the months' own column). */
type BudgetFieldKey = Exclude<keyof BudgetPlan, "typedClipsPerSecond">;

/** A row of BUDGET_FIELDS as written. */
type BudgetFieldRow = FieldSpec<BudgetFieldKey, BudgetGroup, BudgetQuantity> & {
  /** a numeric field's bounds (its check is these bounds); none for text, a choice or a list */
  range?: NumberRange;
  /** a choice field's values, in the model's words, and how the pane and the sheet say each */
  choices?: readonly { value: string; label: string }[];
};

/** The words for a range, as a message or a validation prompt says them: "a whole number from 1 to 60". */
export function rangeText(range: NumberRange): string {
  const kind = range.whole ? "a whole number" : "a number";
  if (range.maximum !== undefined) return `${kind} from ${range.minimum} to ${range.maximum}`;
  return range.exclusiveMinimum ? `${kind} above ${range.minimum}` : `${kind} of ${range.minimum} or more`;
}

/** Whether `value` is within `range`. NaN and the infinities never are. */
export function inRange(value: number, range: NumberRange): boolean {
  if (!Number.isFinite(value)) return false;
  if (range.exclusiveMinimum ? value <= range.minimum : value < range.minimum) return false;
  if (range.maximum !== undefined && value > range.maximum) return false;
  return !range.whole || Number.isInteger(value);
}

/** A check of `range`, with the field's label in its message. */
export function rangeCheck(range: NumberRange): (value: number, label: string) => Problem | undefined {
  return (value, label) => {
    if (inRange(value, range)) return undefined;
    if (Number.isNaN(value)) return problem("invalidValue", `${label} must be a number.`);
    const got = Number.isFinite(value) ? `got ${value}` : "enter a finite number";
    return problem("invalidNumber", `${label} must be ${rangeText(range)}; ${got}.`);
  };
}

const NON_NEGATIVE: NumberRange = { minimum: 0 };
const FACTOR: NumberRange = { minimum: 1 };
const MONTH_COUNT: NumberRange = { minimum: 1, maximum: MAX_BUDGET_MONTHS, whole: true };
/** A growth of -100% or less would leave no traffic, or less than none. */
const GROWTH: NumberRange = { minimum: -1, exclusiveMinimum: true };

/* Marked pure, so that a bundle that reads only the worked examples (the functions' help examples) drops the
   field list: the minifier cannot tell on its own that a call has no side effect. */
const checkMonthCount = /*#__PURE__*/ rangeCheck(MONTH_COUNT);

/** A fraction as the pane and the sheet show it: 0.05 as "5%". */
/** A fraction as the percentage a planner types: 0.05 as "5%", 0.125 as "12.5%" (the form and the checks say it so). */
export const asPercent = (fraction: number): string => `${Number((fraction * 100).toPrecision(12))}%`;

/** The growth's check, in the percentage the planner typed: "-100%", not "-1". */
function checkGrowth(value: number, label: string): Problem | undefined {
  if (inRange(value, GROWTH)) return undefined;
  if (Number.isNaN(value)) return problem("invalidValue", `${label} must be a number.`);
  const got = Number.isFinite(value) ? `got ${asPercent(value)}` : "enter a finite number";
  return problem("invalidNumber", `${label} must be above -100% a month (no month loses all its traffic); ${got}.`);
}

/**
 * Every budget field, in the order the form and the sheet show them, the one list of them (BudgetKey is its keys).
 * Defined names all start with "Budget".
 */
const BUDGET_FIELD_ROWS = [
  {
    key: "firstMonth",
    label: "First month",
    unit: "a calendar month, YYYY-MM",
    quantity: "calendarMonth",
    group: "time",
    definedName: "BudgetFirstMonth",
  },
  {
    key: "months",
    label: "Horizon",
    unit: `months, 1 to ${MAX_BUDGET_MONTHS}`,
    quantity: "monthCount",
    group: "time",
    range: MONTH_COUNT,
    check: checkMonthCount,
    definedName: "BudgetMonths",
  },
  {
    key: "monthDays",
    label: "A month counts",
    unit: "its calendar days, or a twelfth of the days a year (below)",
    quantity: "choice",
    group: "time",
    definedName: "BudgetMonthDays",
    choices: MONTH_DAYS,
  },
  {
    key: "clipsPerSecond",
    label: "Clips per second in the first month",
    unit: "clips per second, the month's mean",
    quantity: "clipsPerSecond",
    group: "traffic",
    range: NON_NEGATIVE,
    check: checkNonNegative,
    definedName: "BudgetClipsPerSecond",
  },
  {
    key: "monthlyGrowth",
    label: "Traffic growth",
    unit: "% a month (shown as a percentage: 5% = 0.05)",
    quantity: "percent",
    group: "traffic",
    range: GROWTH,
    check: checkGrowth,
    definedName: "BudgetMonthlyGrowth",
  },
  {
    key: "secondsPerClip",
    label: "Serving time per clip",
    unit: "accelerator-seconds",
    quantity: "seconds",
    group: "traffic",
    range: NON_NEGATIVE,
    check: checkNonNegative,
    definedName: "BudgetSecondsPerClip",
  },
  {
    key: "daysPerYear",
    label: "Days counted in a year",
    unit: "days, for months of a twelfth of them (360 = 30-day months)",
    quantity: "days",
    group: "traffic",
    range: { minimum: 0, exclusiveMinimum: true },
    check: checkPositive,
    definedName: "BudgetDaysPerYear",
  },
  {
    key: "peakToMean",
    label: "Peak-to-mean provisioning for serving",
    unit: "× (1 = billed as consumed)",
    quantity: "factor",
    group: "traffic",
    range: FACTOR,
    check: checkFactor,
    definedName: "BudgetPeakToMean",
  },
  {
    key: "hoursPerRun",
    label: "Training run",
    unit: "accelerator-hours per run",
    quantity: "hours",
    group: "training",
    range: NON_NEGATIVE,
    check: checkNonNegative,
    definedName: "BudgetHoursPerRun",
  },
  {
    key: "trainingOverhead",
    label: "Training overhead: failed runs and sweeps",
    unit: "× (1 = none)",
    quantity: "factor",
    group: "training",
    range: FACTOR,
    check: checkFactor,
    definedName: "BudgetTrainingOverhead",
  },
  {
    key: "retrainEveryMonths",
    label: "Retrain every",
    unit: "months (a run in month 1, then every k months)",
    quantity: "monthCount",
    group: "training",
    range: MONTH_COUNT,
    check: checkMonthCount,
    definedName: "BudgetRetrainEvery",
  },
  {
    key: "rescanHours",
    label: "Hours per re-scan",
    unit: "accelerator-hours each",
    quantity: "hours",
    group: "rescans",
    range: NON_NEGATIVE,
    check: checkNonNegative,
    definedName: "BudgetRescanHours",
  },
  {
    key: "rescanMonths",
    label: "Re-scan months",
    unit: "months of the horizon, e.g. 3, 9",
    quantity: "monthList",
    group: "rescans",
    definedName: "BudgetRescanMonths",
    blankMeans: "none",
  },
  {
    key: "pricePerHour",
    label: "Price per accelerator-hour",
    unit: "per accelerator-hour",
    quantity: "price",
    group: "money",
    range: NON_NEGATIVE,
    check: checkNonNegative,
    definedName: "BudgetPricePerHour",
    blankMeans: "hours only",
  },
  {
    key: "currency",
    label: "Currency",
    unit: "e.g. USD, €",
    quantity: "text",
    group: "money",
    definedName: "BudgetCurrency",
    blankMeans: "none",
  },
  {
    key: "budgetAmount",
    label: "Budget",
    unit: "in the currency, a month's or the horizon's",
    quantity: "price",
    group: "money",
    range: NON_NEGATIVE,
    check: checkNonNegative,
    definedName: "BudgetAmount",
    blankMeans: "no budget",
  },
  {
    key: "budgetPer",
    label: "The budget is",
    unit: "a month's, or the horizon's",
    quantity: "choice",
    group: "money",
    definedName: "BudgetPer",
    choices: [
      { value: "month", label: "per month" },
      { value: "horizon", label: "for the horizon" },
    ],
  },
  {
    key: "leverSecondsPerClip",
    label: "Serving time per clip with the lever",
    unit: "accelerator-seconds",
    quantity: "seconds",
    group: "lever",
    range: NON_NEGATIVE,
    check: checkNonNegative,
    definedName: "BudgetLeverSecondsPerClip",
    blankMeans: "no lever",
  },
  {
    key: "leverFromMonth",
    label: "The lever lands in month",
    unit: "a month of the horizon, 1-based",
    quantity: "monthNumber",
    group: "lever",
    range: MONTH_COUNT,
    check: checkMonthCount,
    definedName: "BudgetLeverFromMonth",
    blankMeans: "no lever",
  },
] as const satisfies readonly BudgetFieldRow[];

/** A budget plan's input fields, by key: one of BUDGET_FIELDS' (every field of BudgetPlan but the typed traffic). */
export type BudgetKey = (typeof BUDGET_FIELD_ROWS)[number]["key"];

/** One field of a BudgetPlan: the shared FieldSpec, with its numeric range and a choice field's choices. */
export type BudgetField = BudgetFieldRow & { key: BudgetKey };

/** Every budget field, in the order the form and the sheet show them. */
export const BUDGET_FIELDS: readonly BudgetField[] = BUDGET_FIELD_ROWS;

// Every field of BudgetPlan but the typed traffic has its row: a field added to the plan without one fails here.
type NoneMissing<Missing extends never> = Missing;
type _EveryPlanFieldHasARow = NoneMissing<Exclude<BudgetFieldKey, BudgetKey>>;

/** The budget field of `key`. */
export function budgetField(key: BudgetKey): BudgetField {
  return BUDGET_FIELDS.find((field) => field.key === key)!;
}

/** The worked examples' common system (docs/cost-model.md, "The budget over time"): 600 h a run, quarterly. */
const WORKED_SYSTEM: Omit<BudgetPlan, "clipsPerSecond" | "monthlyGrowth"> = {
  firstMonth: "2027-01",
  months: DEFAULT_BUDGET_MONTHS,
  // the worked examples are stated in 30-day months (docs/cost-model.md), and their tests hold them on it
  monthDays: "yearTwelfth",
  secondsPerClip: 0.04,
  hoursPerRun: 600,
  trainingOverhead: 1,
  retrainEveryMonths: 3,
  daysPerYear: 360,
  peakToMean: 1,
  rescanHours: 0,
  rescanMonths: [],
  pricePerHour: 2,
  currency: "USD",
  budgetPer: "month",
  typedClipsPerSecond: {},
};

/** The first worked example, the pane's defaults: 250 clips/s in month 1, +5% a month, $2 an accelerator-hour. */
export const STEADY_GROWTH_EXAMPLE: BudgetPlan = { ...WORKED_SYSTEM, clipsPerSecond: 250, monthlyGrowth: 0.05 };

/** The second worked example: a launch, 1 clip/s in month 1, +50% a month. */
export const LAUNCH_RAMP_EXAMPLE: BudgetPlan = { ...WORKED_SYSTEM, clipsPerSecond: 1, monthlyGrowth: 0.5 };

/**
 * The plan a new budget starts from (the pane's defaults): the steady-growth example, its months counted in their
 * calendar days, as a dated month counts by default.
 */
export const NEW_BUDGET_PLAN: BudgetPlan = { ...STEADY_GROWTH_EXAMPLE, monthDays: "calendar" };
