/*
 * Both ledgers over the budget's months (issue 30; docs/cost-model.md, "Both ledgers" and "The budget over time"):
 * a timing row, the model's age in whole months since its last retrain (0 in a retrain month, 1 the month after,
 * ..., k - 1 before the next), and the staleness each month costs, clips scored x drift x age x the cost of one
 * error. Over a cadence of k months the ages average (k - 1) / 2, so a flat month's average is STALENESSCOST's
 * N x c x d x (k - 1) / 2 (ledgers/model's stalenessCost), and the horizon's staleness total stands beside its
 * compute total, each in its own total. The section's figures (the staleness at the cadence, the economic cadence,
 * the sensitivity) are ledgers/model's over the budget's setting (budgetLedgerSetting), never restated here.
 *
 * Only a ledger given (ledgerGiven) adds anything: a plan without one is budgetOf's result as it was, to the bit.
 */
import { finiteResult } from "../../core/model/checks";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import { checkLedgerInputs, errorCost, ONE_LEDGER_ONLY, runCostOf } from "../../ledgers/model";
import type { LedgerInputs, LedgerNotCounted, LedgerSetting } from "../../ledgers/model";
import { beyondSheet, SHEET_FIGURE_LIMIT } from "./sheetLimits";

/** The second ledger over the horizon: each month's age and staleness cost, and the horizon's total. */
export interface BudgetStaleness {
  counted: true;
  /** errors a clip added each month the model ages, a fraction */
  drift: number;
  /** the cost of one error used: typed, or minutes of review x an hourly cost / 60 */
  costPerError: number;
  /** month by month, whole months since the last retrain: 0 in a retrain month */
  ageMonths: number[];
  /** month by month, clips scored x drift x age x the cost of one error */
  costByMonth: number[];
  /** the horizon's staleness: the months' sum, apart from its compute cost */
  total: number;
  /** the horizon's average month: total / months */
  perMonth: number;
  /** the average month x 12 */
  perYear: number;
}

/** The budget's second ledger: counted, not counted (its sentence), or the ledger's first problem. */
export type BudgetLedger = BudgetStaleness | LedgerNotCounted | Problem;

/** What a month of the plan tells the ledger: whether it retrains, and the clips its model scores. */
export interface LedgerMonth {
  retrainFlag: 0 | 1;
  /** the clips the model scores that month: all of them, or its share */
  scoredClips: number;
}

/**
 * Whole months since the last retrain, month by month, from the retrain flags the budget computes: 0 in a retrain
 * month, one more each month after (month 1 always retrains, so the first is 0).
 * @example ageMonths([1, 0, 0, 1, 0]) // [0, 1, 2, 0, 1]
 */
export function ageMonths(retrainFlags: readonly (0 | 1)[]): number[] {
  const ages: number[] = [];
  for (const [i, flag] of retrainFlags.entries()) ages.push(flag === 1 || i === 0 ? 0 : ages[i - 1] + 1);
  return ages;
}

/** Why a figure of the ledger cannot go on the sheet, or undefined (sheetLimits.ts's one bound). */
function beyondSheetProblem(what: string, value: number): Problem | undefined {
  if (!beyondSheet(value)) return undefined;
  return problem(
    "invalidNumber",
    `${what} must be 0 or from 1e-100 to ${SHEET_FIGURE_LIMIT.toExponential()}, for the sheet's formulas to ` +
      `compute it step by step; got ${value}: check the ledger's inputs and their units.`,
  );
}

/** The first input of `ledger` the sheet cannot hold, as a problem. */
function ledgerInputBeyondSheet(ledger: LedgerInputs): Problem | undefined {
  for (const [key, value] of Object.entries(ledger)) {
    const bad = typeof value === "number" ? beyondSheetProblem(`The ledger's ${key}`, value) : undefined;
    if (bad) return bad;
  }
  return undefined;
}

/**
 * The second ledger over `months`: each month's age and staleness, the horizon's total, its average month and
 * year; "not counted" while the drift or the cost of one error is blank; the ledger's first problem (a field out
 * of its bounds, a figure the sheet cannot hold).
 * @example (stalenessOf(twelveFlatMonths, EXAMPLE_LEDGER_INPUTS) as BudgetStaleness).perMonth // 129.6 quarterly
 */
export function stalenessOf(months: readonly LedgerMonth[], ledger: LedgerInputs): BudgetLedger {
  const [bad] = checkLedgerInputs(ledger);
  if (bad) return bad.problem;
  const beyond = ledgerInputBeyondSheet(ledger);
  if (beyond) return beyond;
  const costPerError = errorCost(ledger);
  const drift = ledger.driftPerMonth;
  if (drift === undefined || costPerError === undefined) return { counted: false, sentence: ONE_LEDGER_ONLY };
  const ages = ageMonths(months.map((m) => m.retrainFlag));
  const costByMonth: number[] = [];
  let total = 0;
  for (const [i, month] of months.entries()) {
    // In the sheet's order: clips scored x the cost of one error x drift x age.
    const cost = finiteResult(month.scoredClips * costPerError * drift * ages[i], "A month's staleness");
    const bad = isProblem(cost) ? cost : beyondSheetProblem(`Month ${i + 1}'s staleness`, cost);
    if (bad) return bad;
    costByMonth.push(cost as number);
    total += cost as number;
  }
  const sum = finiteResult(total, "The horizon's staleness");
  if (isProblem(sum)) return sum;
  const tooBig = beyondSheetProblem("The horizon's staleness", sum);
  if (tooBig) return tooBig;
  const perMonth = sum / months.length;
  return {
    counted: true,
    drift,
    costPerError,
    ageMonths: ages,
    costByMonth,
    total: sum,
    perMonth,
    perYear: perMonth * MONTHS_PER_YEAR,
  };
}

/** What the budget states of the system for the ledger section: the plan's run, its cadence and its clips. */
export interface BudgetLedgerPlan {
  hoursPerRun: number;
  trainingOverhead: number;
  retrainEveryMonths: number;
  /** the serving price (the training price where a model has its own: `trainingPricePerHour`) */
  pricePerHour?: number;
  trainingPricePerHour?: number;
}

/**
 * The budget's setting for both ledgers' section (ledgers/model's ledgerFigures): a run priced at the training
 * price (hours per run x overhead, plus its other costs), the clips a month scored on average over the horizon, the
 * plan's cadence. The section then says the staleness at that cadence, the economic cadence and the sensitivity.
 */
export function budgetLedgerSetting(
  plan: BudgetLedgerPlan,
  scoredClips: readonly number[],
  ledger: LedgerInputs,
): LedgerSetting {
  const runHours = plan.hoursPerRun * plan.trainingOverhead;
  let clips = 0;
  for (const month of scoredClips) clips += month;
  return {
    runCost: runCostOf(runHours, plan.trainingPricePerHour ?? plan.pricePerHour, ledger),
    clipsPerMonth: finiteResult(clips / scoredClips.length, "The clips a month"),
    cadenceMonths: plan.retrainEveryMonths,
  };
}
