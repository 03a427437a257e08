/*
 * Serving bought by the token (docs/cost-model.md, "Serving bought by the token: an API against your own fleet"):
 * a request's seconds on the team's own accelerators from its tokens (TOKENSECONDS), what the API charges for
 * requests (APICOST), the fleet's cost a month (paid hours the larger of the peak-driven need and the accelerators
 * always on), and the volume from which the fleet is cheaper (APICROSSOVER), or why it never is. Every function
 * returns a result or a Problem; the argument names in messages are the functions'.
 */
import { checkFactor, checkNonNegative, finiteResult } from "../../core/model/checks";
import { Problem, problem } from "../../core/model/problems";
import { SECONDS_PER_HOUR } from "../../core/model/units";

/** Prices are quoted per million tokens. */
export const TOKENS_PER_PRICE_UNIT = 1_000_000;

/** The hours a month the fleet's minimum runs: 30 days, as the budget's months count. */
export const HOURS_PER_MONTH = 720;

// A request's seconds live with the request's fields, which the views that ask seconds per clip load alone.
export { tokenSeconds } from "./requestSeconds";

/**
 * What the API charges for `requests`: requests x (input tokens x input price + output tokens x output price) /
 * 1,000,000, prices per 1M tokens.
 * @example apiCost(1e7, 1500, 200, 0.15, 0.6) // 3450
 */
export function apiCost(
  requests: number,
  inputTokens: number,
  outputTokens: number,
  inputPricePerMillion: number,
  outputPricePerMillion: number,
): number | Problem {
  const bad =
    checkNonNegative(requests, "requests") ??
    checkNonNegative(inputTokens, "input_tokens") ??
    checkNonNegative(outputTokens, "output_tokens") ??
    checkNonNegative(inputPricePerMillion, "input_price_per_million") ??
    checkNonNegative(outputPricePerMillion, "output_price_per_million");
  if (bad) return bad;
  const perRequest =
    (inputTokens * inputPricePerMillion + outputTokens * outputPricePerMillion) / TOKENS_PER_PRICE_UNIT;
  return finiteResult(perRequest * requests, "The API's cost");
}

/**
 * The fleet's cost of one request at the margin, above its minimum: seconds x peak-to-mean x price / 3,600.
 * @example fleetCostPerRequest(0.25, 1.5, 2.5) // 0.00026042
 */
export function fleetCostPerRequest(secondsPerRequest: number, peakToMean: number, pricePerHour: number): number {
  return ((secondsPerRequest * peakToMean) / SECONDS_PER_HOUR) * pricePerHour;
}

/** The fleet's month: accelerator-hours paid (the larger of the peak-driven need and the minimum) and their cost. */
export interface FleetMonth {
  /** accelerator-hours paid: max(requests x seconds / 3,600 x peak-to-mean, minimum accelerators x hours) */
  paidHours: number;
  /** the hours the traffic alone asks for at its peak-to-mean */
  neededHours: number;
  /** the hours the accelerators always on come to */
  minimumHours: number;
  /** paid hours x price */
  cost: number;
  /** true when the minimum, not the traffic, sets what is paid */
  atMinimum: boolean;
}

/** What the fleet is and costs, the arguments of its month apart from the traffic. */
export interface Fleet {
  secondsPerRequest: number;
  peakToMean: number;
  minAccelerators: number;
  pricePerHour: number;
  hoursPerMonth: number;
}

/**
 * The fleet's month at `requests` a month. Inputs already checked (the view's fields); a figure past a double is
 * a Problem.
 * @example fleetMonth(2e7, EXAMPLE_FLEET).cost // 5208.33
 */
export function fleetMonth(requests: number, fleet: Fleet): FleetMonth | Problem {
  const neededHours = ((requests * fleet.secondsPerRequest) / SECONDS_PER_HOUR) * fleet.peakToMean;
  const minimumHours = fleet.minAccelerators * fleet.hoursPerMonth;
  const paidHours = Math.max(neededHours, minimumHours);
  const cost = finiteResult(paidHours * fleet.pricePerHour, "The fleet's cost a month");
  if (typeof cost !== "number") return cost;
  return { paidHours, neededHours, minimumHours, cost, atMinimum: minimumHours >= neededHours };
}

/** The sentence where no volume makes the fleet cheaper: its cost a request is not under the API's. */
export function noCrossoverMessage(fleetPerRequest: number, apiPerRequest: number): string {
  const shown = (x: number) => String(Number(x.toPrecision(4)));
  return (
    "The API is cheaper at every volume: the fleet's cost a request (seconds x peak-to-mean x price / 3600 = " +
    `${shown(fleetPerRequest)}) is not under the API's (${shown(apiPerRequest)}), so more requests never pay ` +
    "for the accelerators always on."
  );
}

/** The Problem of no crossover, built apart from the formula so that it stays small (checks.ts says why). */
function noCrossover(fleetPerRequest: number, apiPerRequest: number): Problem {
  return problem("notAvailable", noCrossoverMessage(fleetPerRequest, apiPerRequest));
}

/**
 * Requests a month above which the fleet is cheaper than the API: minimum accelerators x hours a month x price /
 * the API's cost a request, where the fleet's cost a request (seconds x peak-to-mean x price / 3,600) is under the
 * API's; otherwise no volume makes it cheaper, and the Problem says why (#N/A).
 * @example apiCrossover(2, 2.5, 0.000345, 0.25, 1.5, 720) // 10434782.6
 */
export function apiCrossover(
  minAccelerators: number,
  pricePerHour: number,
  apiCostPerRequest: number,
  secondsPerRequest: number,
  peakToMean: number,
  hoursPerMonth: number,
): number | Problem {
  const bad =
    checkNonNegative(minAccelerators, "min_accelerators") ??
    checkNonNegative(pricePerHour, "price_per_hour") ??
    checkNonNegative(apiCostPerRequest, "api_cost_per_request") ??
    checkNonNegative(secondsPerRequest, "seconds_per_request") ??
    checkFactor(peakToMean, "peak_to_mean") ??
    checkNonNegative(hoursPerMonth, "hours_per_month");
  if (bad) return bad;
  const fleetPerRequest = fleetCostPerRequest(secondsPerRequest, peakToMean, pricePerHour);
  if (fleetPerRequest >= apiCostPerRequest) return noCrossover(fleetPerRequest, apiCostPerRequest);
  return finiteResult(((minAccelerators * hoursPerMonth) / apiCostPerRequest) * pricePerHour, "The crossover");
}
