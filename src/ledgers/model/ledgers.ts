/*
 * Both ledgers' figures for one setting of the system (a run's cost, the clips a month, the cadence now and the
 * one weighed against it), whichever view states it: the staleness cost a month and a year, the cadence change's
 * compute saving against the staleness it adds and the net, the economic cadence with its best whole month, and
 * the cadence sensitivity (retrain every 1..12 months, both ledgers a month). The annual and what-if views say
 * their setting in ledgerSettings.ts; the arithmetic is staleness.ts's, never restated here.
 */
import { checkNonNegative, finiteResult } from "../../core/model/checks";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { checkLedgerInputs, countedLedger, LedgerInputs } from "./ledgerFields";
import { bestWholeMonth, cadenceMonthlyCost, economicCadence, stalenessCost, WholeMonth } from "./staleness";

/** The cadences the sensitivity table prices: retrain every 1 to 12 months. */
export const SENSITIVITY_CADENCES: readonly number[] = Array.from({ length: MONTHS_PER_YEAR }, (_, i) => i + 1);

/** What a view states of the system for the second ledger. */
export interface LedgerSetting {
  /** money one run costs, its compute and anything besides; a Problem when it cannot be priced (no price) */
  runCost: number | Problem;
  clipsPerMonth: number | Problem;
  /** the cadence now, months between retrains */
  cadenceMonths: number | Problem;
  /** the change of cadence weighed, when there is one */
  change?: CadenceChange;
}

/** A change of cadence, from now to `proposedMonths`, and what it saves on the compute ledger a year. */
export interface CadenceChange {
  /** what the change is, in words: "Retraining every 12 months instead of every 3" */
  label: string;
  proposedMonths: number | Problem;
  /** money the runs no longer made save a year (negative: more runs cost more): compute, and anything besides */
  savingPerYear: number | Problem;
}

/** The cadence change's two ledgers, side by side, and the net. */
export interface CadenceChangeFigures {
  label: string;
  proposedMonths: number | Problem;
  savingPerYear: number | Problem;
  /** the staleness the change adds a year (negative: a fresher model costs less) */
  stalenessAddedPerYear: number | Problem;
  /** saving minus staleness added: negative when the change loses */
  netPerYear: number | Problem;
}

/** One row of the cadence sensitivity: retrain every `months`, each ledger a month and their total. */
export interface CadenceRow {
  months: number;
  runCostPerMonth: number | Problem;
  stalenessPerMonth: number | Problem;
  totalPerMonth: number | Problem;
}

/** The economic cadence: real, and its best whole month with what that costs a month. */
export interface EconomicCadence {
  months: number;
  best: WholeMonth;
}

/** Both ledgers counted. */
export interface LedgerFigures {
  counted: true;
  drift: number;
  costPerError: number;
  stalenessPerMonth: number | Problem;
  stalenessPerYear: number | Problem;
  /** a Problem without drift (NO_DRIFT: the cadence is set by other reasons) or without a run's cost */
  economic: EconomicCadence | Problem;
  sensitivity: CadenceRow[] | Problem;
  change?: CadenceChangeFigures;
}

/** The second ledger not counted: the sentence the views show instead. */
export interface LedgerNotCounted {
  counted: false;
  sentence: string;
}

/** The staleness a month at `months`: 0 without drift (nothing to count), else the model's. */
function ageCost(setting: LedgerSetting, drift: number, costPerError: number, months: number | Problem) {
  if (isProblem(months)) return months;
  if (isProblem(setting.clipsPerMonth)) return setting.clipsPerMonth;
  if (drift === 0) return checkNonNegative(months, "The cadence") ?? 0;
  return stalenessCost(setting.clipsPerMonth, drift, costPerError, months);
}

const perYear = (monthly: number | Problem, what: string) =>
  isProblem(monthly) ? monthly : finiteResult(monthly * MONTHS_PER_YEAR, what);

/** a - b, or the first problem. */
function difference(a: number | Problem, b: number | Problem, what: string): number | Problem {
  if (isProblem(a)) return a;
  if (isProblem(b)) return b;
  return finiteResult(a - b, what);
}

/** The economic cadence and its best whole month; NO_DRIFT's problem without drift. */
function economicOf(setting: LedgerSetting, drift: number, costPerError: number): EconomicCadence | Problem {
  const { runCost, clipsPerMonth } = setting;
  if (isProblem(runCost)) return runCost;
  if (isProblem(clipsPerMonth)) return clipsPerMonth;
  const months = economicCadence(runCost, clipsPerMonth, drift, costPerError);
  if (isProblem(months)) return months;
  const best = bestWholeMonth(months, (k) => cadenceMonthlyCost(runCost, clipsPerMonth, drift, costPerError, k));
  return isProblem(best) ? best : { months, best };
}

/** Retrain every 1..12 months: each ledger a month and the total. */
function sensitivityOf(setting: LedgerSetting, drift: number, costPerError: number): CadenceRow[] | Problem {
  const { runCost } = setting;
  if (isProblem(runCost)) return runCost;
  return SENSITIVITY_CADENCES.map((months) => {
    const staleness = ageCost(setting, drift, costPerError, months);
    const runCostPerMonth = runCost / months;
    const total = isProblem(staleness) ? staleness : finiteResult(runCostPerMonth + staleness, "The monthly total");
    return { months, runCostPerMonth, stalenessPerMonth: staleness, totalPerMonth: total };
  });
}

/** The change's saving, the staleness it adds and the net, a year. */
function changeOf(
  setting: LedgerSetting,
  change: CadenceChange,
  drift: number,
  costPerError: number,
  nowPerMonth: number | Problem,
): CadenceChangeFigures {
  const proposedPerMonth = ageCost(setting, drift, costPerError, change.proposedMonths);
  const added = perYear(difference(proposedPerMonth, nowPerMonth, "The staleness added"), "The staleness added");
  return {
    label: change.label,
    proposedMonths: change.proposedMonths,
    savingPerYear: change.savingPerYear,
    stalenessAddedPerYear: added,
    netPerYear: difference(change.savingPerYear, added, "The net"),
  };
}

/**
 * Both ledgers for `setting`: the staleness now a month and a year, the economic cadence, the sensitivity and the
 * change weighed; "not counted" (with its sentence) when the drift or the cost of one error is blank; the first
 * problem of the inputs when one is refused.
 * @example (ledgerFigures(setting, EXAMPLE_LEDGER_INPUTS) as LedgerFigures).stalenessPerMonth // 129.6 quarterly
 */
export function ledgerFigures(
  setting: LedgerSetting,
  inputs: LedgerInputs,
): LedgerFigures | LedgerNotCounted | Problem {
  const [bad] = checkLedgerInputs(inputs);
  if (bad) return bad.problem;
  const counted = countedLedger(inputs);
  if (isProblem(counted)) return { counted: false, sentence: counted.message };
  const { drift, costPerError } = counted;
  const stalenessPerMonth = ageCost(setting, drift, costPerError, setting.cadenceMonths);
  return {
    counted: true,
    drift,
    costPerError,
    stalenessPerMonth,
    stalenessPerYear: perYear(stalenessPerMonth, "The staleness a year"),
    economic: economicOf(setting, drift, costPerError),
    sensitivity: sensitivityOf(setting, drift, costPerError),
    ...(setting.change && { change: changeOf(setting, setting.change, drift, costPerError, stalenessPerMonth) }),
  };
}

/**
 * A cadence in months from runs a year: 12 / runs; a problem for 0 runs (never retrained: no average age) and for
 * more than 12 (the model counts age in whole months).
 */
export function cadenceOfRuns(runsPerYear: number, what: string): number | Problem {
  if (runsPerYear > MONTHS_PER_YEAR) {
    return problem(
      "invalidNumber",
      `${what} is ${runsPerYear} runs a year: the second ledger counts a model's age in whole months, so it ` +
        "weighs 12 runs a year or fewer.",
    );
  }
  if (runsPerYear > 0) return finiteResult(MONTHS_PER_YEAR / runsPerYear, what);
  return problem(
    "divisionByZero",
    `${what} is 0 runs a year: the model is never retrained, so its age, and what it costs, grows without end.`,
  );
}
