/*
 * The second ledger's arithmetic (docs/cost-model.md, "Both ledgers"): in month j after a retrain the error rate
 * is e0 + drift x (j - 1), so over a cadence of k months the age costs N x cost_per_error x drift x (k - 1) / 2 a
 * month on average (STALENESSCOST), and the monthly cost that moves with k, R / k + that, is least at
 * k* = sqrt(2R / (N x cost_per_error x drift)) months (ECONOMICCADENCE). The model counts age in whole months
 * (month 1 after a retrain is at e0), so a cadence is 1 month or more. Every function returns a result or a
 * Problem; the argument names in messages are the functions'. Drift is a fraction, errors a clip a month (0 to 1).
 */
import { productRatio } from "../../core/model/arithmetic";
import { checkFraction, checkNonNegative, finiteResult } from "../../core/model/checks";
import { isProblem, Problem, problem } from "../../core/model/problems";

/** Drift of 0: the model does not age, and this ledger has nothing to count. */
export const NO_DRIFT =
  "drift is 0: a model that does not drift costs nothing more as it ages, so staleness costs nothing in this " +
  "ledger; enter the errors a clip it adds each month.";

/** The shortest cadence the model counts: age is whole months, month 1 after a retrain at the base error rate. */
export const SHORTEST_CADENCE_MONTHS = 1;

/** drift refused when 0, after the arguments' signs (the twins' order: domain first, then this). */
function driftProblem(drift: number): Problem | undefined {
  return drift === 0 ? problem("invalidValue", NO_DRIFT) : undefined;
}

/**
 * What the model's age costs on average a month at a cadence of `cadenceMonths`:
 * clips_per_month x cost_per_error x drift x (cadence_months - 1) / 2.
 * @example stalenessCost(648e6, 2e-7, 1, 4) // 194.4
 * @example stalenessCost(648e6, 2e-7, 1, 12) // 712.8
 */
export function stalenessCost(
  clipsPerMonth: number,
  drift: number,
  costPerError: number,
  cadenceMonths: number,
): number | Problem {
  const bad =
    checkNonNegative(clipsPerMonth, "clips_per_month") ??
    checkFraction(drift, "drift") ??
    checkNonNegative(costPerError, "cost_per_error") ??
    checkNonNegative(cadenceMonths, "cadence_months") ??
    driftProblem(drift);
  if (bad) return bad;
  if (cadenceMonths < SHORTEST_CADENCE_MONTHS) {
    return problem("invalidNumber", `cadence_months must be 1 or more (whole months of age); got ${cadenceMonths}.`);
  }
  const halfAgeMonths = (cadenceMonths - 1) / 2;
  // In one step where a plain product would overflow or lose digits on the way.
  return finiteResult(productRatio(clipsPerMonth, costPerError, drift, 1, 1) * halfAgeMonths, "The staleness cost");
}

/**
 * The cadence, in months, at which a run's cost and the model's age cost least together:
 * sqrt(2 x run_cost / (clips_per_month x cost_per_error x drift)). Real, not whole: bestWholeMonth rounds it.
 * @example economicCadence(1200, 648e6, 2e-7, 1) // 4.3033
 */
export function economicCadence(
  runCost: number,
  clipsPerMonth: number,
  drift: number,
  costPerError: number,
): number | Problem {
  const bad =
    checkNonNegative(runCost, "run_cost") ??
    checkNonNegative(clipsPerMonth, "clips_per_month") ??
    checkFraction(drift, "drift") ??
    checkNonNegative(costPerError, "cost_per_error") ??
    driftProblem(drift);
  if (bad) return bad;
  if (clipsPerMonth === 0 || costPerError === 0) {
    const zero = clipsPerMonth === 0 ? "clips_per_month" : "cost_per_error";
    return problem("divisionByZero", `${zero} is 0: no error costs anything, so no cadence is economic.`);
  }
  // 2R / (N c) / drift in one step; where that passes a double, the quotient of the square roots, which fits.
  const squared = productRatio(2, runCost, 1, clipsPerMonth, costPerError) / drift;
  const months =
    squared < Infinity
      ? Math.sqrt(squared)
      : Math.sqrt(2 * runCost) / Math.sqrt(clipsPerMonth) / Math.sqrt(costPerError) / Math.sqrt(drift);
  return finiteResult(months, "The economic cadence");
}

/**
 * The monthly cost that moves with the cadence: run_cost / cadence_months + the staleness cost.
 * @example cadenceMonthlyCost(1200, 648e6, 2e-7, 1, 4) // 494.4
 */
export function cadenceMonthlyCost(
  runCost: number,
  clipsPerMonth: number,
  drift: number,
  costPerError: number,
  cadenceMonths: number,
): number | Problem {
  const staleness = stalenessCost(clipsPerMonth, drift, costPerError, cadenceMonths);
  if (isProblem(staleness)) return staleness;
  const bad = checkNonNegative(runCost, "run_cost");
  if (bad) return bad;
  return finiteResult(runCost / cadenceMonths + staleness, "The cadence's monthly cost");
}

/** A whole month and what it costs a month. */
export interface WholeMonth {
  months: number;
  costPerMonth: number;
}

/**
 * The best whole-month cadence from the real one: the cheaper of its floor and its ceiling, at least 1 month (the
 * cost is convex in the cadence, so no other whole month is cheaper). `costAt` prices a cadence.
 * @example bestWholeMonth(4.3033, (k) => 1200 / k + 64.8 * (k - 1)) // { months: 4, costPerMonth: 494.4 }
 */
export function bestWholeMonth(
  economicMonths: number,
  costAt: (months: number) => number | Problem,
): WholeMonth | Problem {
  const below = Math.max(SHORTEST_CADENCE_MONTHS, Math.floor(economicMonths));
  const above = Math.max(SHORTEST_CADENCE_MONTHS, Math.ceil(economicMonths));
  const low = costAt(below);
  if (isProblem(low)) return low;
  const high = costAt(above);
  if (isProblem(high)) return high;
  // The shorter cadence on a tie: the fresher model at the same cost.
  return high < low ? { months: above, costPerMonth: high } : { months: below, costPerMonth: low };
}
