/*
 * The second ledger's inputs, declared once as data (docs/cost-model.md, "Both ledgers"): how fast the model's
 * error rate grows as it ages, what one error costs, and what a run costs besides its compute. The model's check,
 * the pane's section and the annual sheet's ledger section all read this list.
 *
 * Choices, and why:
 * - Drift is a fraction, errors a clip added each month since the last retrain (2e-7 in the worked example,
 *   0.00002 percentage points): the one unit the functions, the form and the sheet share, said in its unit, so
 *   a planner never wonders whether 0.00002 is a fraction or a percentage.
 * - The cost of one error is typed, or built from minutes of review and a reviewer's hourly cost (two minutes
 *   at 30.00 an hour is 1.00); typed wins, and the other two are then not read (the form says so).
 * - Blank drift or a blank error cost means "not counted": the views then say the cadence lever counts one
 *   ledger only, and no staleness figure is shown as a cost of 0.
 */
import { productRatio } from "../../core/model/arithmetic";
import { checkFraction, checkNonNegative } from "../../core/model/checks";
import { checkFields, KeyedProblem } from "../../core/model/fieldChecks";
import { FieldGroupHeading, FieldSpec } from "../../core/model/fields";
import { Problem, problem } from "../../core/model/problems";

/** What a planner states for the second ledger; every field may be blank (undefined). */
export interface LedgerInputs {
  /** errors a clip added each month the model ages since its last retrain, a fraction (2e-7) */
  driftPerMonth?: number;
  /** the cost of one error in money (review, harm); when blank, minutes of review x the reviewer's hourly cost */
  costPerError?: number;
  /** minutes of human review one error takes */
  reviewMinutesPerError?: number;
  /** a reviewer's cost an hour, in money */
  reviewerCostPerHour?: number;
  /** money a run costs besides its compute (labelling, sign-off); blank: none counted */
  otherCostPerRun?: number;
}

/** What kind of quantity a ledger field holds: a fraction a month, money, or minutes. */
export type LedgerQuantity = "driftFraction" | "money" | "minutes";

/** The ledger section's one group of fields. */
export type LedgerGroup = "staleness";

/** The heading of the ledger's inputs. */
export const LEDGER_FIELD_GROUPS: readonly FieldGroupHeading<LedgerGroup>[] = [
  {
    group: "staleness",
    heading: "What a staler model costs (optional)",
    note: "Blank drift or error cost: not counted, and the cadence lever counts accelerator-hours only.",
  },
];

/** One field of the ledger's inputs. */
export type LedgerField = FieldSpec<keyof LedgerInputs, LedgerGroup, LedgerQuantity>;

/** Every ledger field, in the order the form and the sheet show them. */
export const LEDGER_FIELDS: readonly LedgerField[] = [
  {
    key: "driftPerMonth",
    label: "Drift: errors a clip added each month",
    unit: "a fraction a month (2e-7 = 0.00002 percentage points)",
    quantity: "driftFraction",
    group: "staleness",
    check: checkFraction,
    definedName: "LedgerDriftPerMonth",
    shortLabel: "drift",
    blankMeans: "not counted",
  },
  {
    key: "costPerError",
    label: "Cost of one error",
    unit: "money an error (review, harm)",
    quantity: "money",
    group: "staleness",
    check: checkNonNegative,
    definedName: "LedgerCostPerError",
    shortLabel: "cost an error",
    blankMeans: "minutes of review × hourly cost",
  },
  {
    key: "reviewMinutesPerError",
    label: "Minutes of review an error",
    unit: "minutes (read when the cost of one error is blank)",
    quantity: "minutes",
    group: "staleness",
    check: checkNonNegative,
    definedName: "LedgerReviewMinutes",
    shortLabel: "review minutes",
    blankMeans: "not counted",
  },
  {
    key: "reviewerCostPerHour",
    label: "Reviewer's cost an hour",
    unit: "money an hour",
    quantity: "money",
    group: "staleness",
    check: checkNonNegative,
    definedName: "LedgerReviewerCostPerHour",
    shortLabel: "reviewer an hour",
    blankMeans: "not counted",
  },
  {
    key: "otherCostPerRun",
    label: "Cost a run besides compute",
    unit: "money a run (labelling, sign-off)",
    quantity: "money",
    group: "staleness",
    check: checkNonNegative,
    definedName: "LedgerOtherCostPerRun",
    shortLabel: "other a run",
    blankMeans: "none",
  },
];

/** Minutes in an hour: review minutes x an hourly cost. */
export const MINUTES_PER_HOUR = 60;

/**
 * The worked example's second ledger: drift 2e-7 errors a clip a month, an error two minutes of review at 30.00
 * an hour (1.00), nothing besides compute a run.
 */
export const EXAMPLE_LEDGER_INPUTS: LedgerInputs = {
  driftPerMonth: 2e-7,
  reviewMinutesPerError: 2,
  reviewerCostPerHour: 30,
};

/** A problem with one ledger field, naming it by its label. */
export type LedgerFieldProblem = KeyedProblem<keyof LedgerInputs>;

/**
 * Every problem of `inputs`: each field by its own check and label; then a review half given without the other
 * (minutes without an hourly cost, or the reverse) while no cost of one error is typed, which would be read as
 * "not counted" where the planner meant a cost.
 * @example checkLedgerInputs({ driftPerMonth: 2 })[0].key // "driftPerMonth"
 */
export function checkLedgerInputs(inputs: LedgerInputs): LedgerFieldProblem[] {
  const found = checkFields<LedgerInputs, keyof LedgerInputs>(inputs, LEDGER_FIELDS, []);
  if (found.length > 0 || inputs.costPerError !== undefined) return found;
  const minutes = inputs.reviewMinutesPerError !== undefined;
  const hourly = inputs.reviewerCostPerHour !== undefined;
  if (minutes === hourly) return found;
  const missing = minutes ? "reviewerCostPerHour" : "reviewMinutesPerError";
  const message = minutes
    ? "Give the reviewer's cost an hour too, or type the cost of one error: minutes alone cost nothing."
    : "Give the minutes of review an error too, or type the cost of one error: an hourly cost alone is no cost.";
  return [{ key: missing, problem: problem("invalidValue", message) }];
}

/**
 * The cost of one error: typed, or minutes of review x the reviewer's hourly cost / 60; undefined when neither is
 * given (not counted). Inputs already checked.
 * @example errorCost(EXAMPLE_LEDGER_INPUTS) // 1: two minutes at 30.00 an hour
 */
export function errorCost(inputs: LedgerInputs): number | undefined {
  if (inputs.costPerError !== undefined) return inputs.costPerError;
  const { reviewMinutesPerError: minutes, reviewerCostPerHour: hourly } = inputs;
  return minutes === undefined || hourly === undefined
    ? undefined
    : productRatio(minutes, hourly, 1, MINUTES_PER_HOUR, 1);
}

/** Why the second ledger is not counted, when it is not: the sentence the views show. */
export const ONE_LEDGER_ONLY =
  "The cadence lever counts one ledger only, accelerator-hours: give the drift and the cost of one error to " +
  "weigh what a staler model costs in review and harm.";

/** The drift and the error cost when both are given; the one-ledger sentence otherwise. */
export function countedLedger(inputs: LedgerInputs): { drift: number; costPerError: number } | Problem {
  const costPerError = errorCost(inputs);
  if (inputs.driftPerMonth === undefined || costPerError === undefined) return problem("invalidValue", ONE_LEDGER_ONLY);
  return { drift: inputs.driftPerMonth, costPerError };
}

/**
 * The ledger's inputs when the planner gave any, else undefined: a sheet writes its both-ledgers section only for a
 * ledger typed, so a planner who never opened the section gets the sheet as it was before the ledger existed.
 * @example ledgerGiven({}) // undefined
 */
export function ledgerGiven(ledger: LedgerInputs | undefined): LedgerInputs | undefined {
  return ledger && Object.values(ledger).some((value) => value !== undefined) ? ledger : undefined;
}
