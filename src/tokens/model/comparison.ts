/*
 * The "API or own fleet" comparison of one plan: what a request costs each way, both costs a month at the plan's
 * traffic, the volume from which the fleet is cheaper (or the sentence why it never is), and both costs against
 * volume for the chart. Every figure comes from tokenServing.ts's formulas, which the functions compute too.
 */
import { isProblem, Problem } from "../../core/model/problems";
import { TokenPlan } from "./tokenFields";
import {
  apiCost,
  apiCrossover,
  Fleet,
  fleetCostPerRequest,
  fleetMonth,
  FleetMonth,
  HOURS_PER_MONTH,
  tokenSeconds,
  TOKENS_PER_PRICE_UNIT,
} from "./tokenServing";
import { fleetCheaperMonth } from "./trafficGrowth";

/** Which way of buying the serving is cheaper at a volume. */
export type Cheaper = "api" | "fleet" | "equal";

/** One point of the chart: both costs a month at a volume. */
export interface CostPoint {
  requests: number;
  apiCost: number;
  fleetCost: number;
}

/** The comparison's figures. */
export interface TokenComparison {
  /** the API's cost of one request, after the cache and the batch discount */
  apiPerRequest: number;
  /** seconds of one accelerator a request takes on the fleet */
  secondsPerRequest: number;
  /** the fleet's cost of one request above its minimum */
  fleetPerRequest: number;
  /** the API's cost a month at the plan's traffic */
  apiMonth: number;
  /** the fleet's month at the plan's traffic */
  fleetMonth: FleetMonth;
  /** which is cheaper at the plan's traffic */
  cheaper: Cheaper;
  /** requests a month from which the fleet is cheaper, or the Problem that says why no volume is */
  crossover: number | Problem;
  /** both costs at volumes from 0 to past the crossover and the traffic, for the chart */
  curve: CostPoint[];
  /** with the traffic growing by the plan's monthly growth, the first month the fleet is cheaper, or why none is */
  cheaperMonth: number | Problem;
}

/**
 * The API's cost of one request: (input tokens x the input price, the cached share at the cached price, + output
 * tokens x the output price) / 1M, less the batch discount on the batched share. Plan already checked.
 * @example apiCostPerRequest(EXAMPLE_TOKEN_PLAN) // 0.000345
 */
export function apiCostPerRequest(plan: TokenPlan): number {
  const cached = plan.cachedInputPricePerMillion === undefined ? 0 : (plan.cachedInputShare ?? 0);
  const inputPrice = (1 - cached) * plan.inputPricePerMillion + cached * (plan.cachedInputPricePerMillion ?? 0);
  const listed = apiCost(1, plan.inputTokens, plan.outputTokens, inputPrice, plan.outputPricePerMillion);
  const discounted = 1 - (plan.batchDiscount ?? 0) * (plan.batchShare ?? 0);
  return (isProblem(listed) ? NaN : listed) * discounted;
}

/**
 * The API's blended price per 1M tokens of the plan's requests: its cost a request over the request's tokens, per
 * 1M (what a bill's measured cost per 1M tokens compares with); undefined for a request of no tokens.
 * @example blendedPricePerMillion(EXAMPLE_TOKEN_PLAN) // 0.20294 (0.000345 / 1,700 tokens x 1M)
 */
export function blendedPricePerMillion(plan: TokenPlan): number | undefined {
  const tokens = plan.inputTokens + plan.outputTokens;
  if (!(tokens > 0)) return undefined;
  const price = (apiCostPerRequest(plan) / tokens) * TOKENS_PER_PRICE_UNIT;
  return Number.isFinite(price) ? price : undefined;
}

/** The fleet as the formulas take it. */
export function fleetOf(plan: TokenPlan, secondsPerRequest: number): Fleet {
  return {
    secondsPerRequest,
    peakToMean: plan.peakToMean,
    minAccelerators: plan.minAccelerators,
    pricePerHour: plan.pricePerHour,
    hoursPerMonth: plan.hoursPerMonth ?? HOURS_PER_MONTH,
  };
}

/** How many points the chart draws: enough for the kink where the fleet leaves its minimum. */
const CURVE_POINTS = 41;

/** Both costs at evenly spaced volumes up to `top`. */
function costCurve(top: number, apiPerRequest: number, fleet: Fleet): CostPoint[] {
  const points: CostPoint[] = [];
  for (let i = 0; i < CURVE_POINTS; i++) {
    const requests = (top * i) / (CURVE_POINTS - 1);
    const month = fleetMonth(requests, fleet);
    if (isProblem(month)) break;
    points.push({ requests, apiCost: requests * apiPerRequest, fleetCost: month.cost });
  }
  return points;
}

/** The chart's last volume: twice the larger of the traffic and the crossover, never 0. */
function curveTop(requestsPerMonth: number, crossover: number | Problem): number {
  const largest = Math.max(requestsPerMonth, isProblem(crossover) ? 0 : crossover);
  return largest > 0 ? 2 * largest : TOKENS_PER_PRICE_UNIT;
}

/**
 * The comparison of a checked plan, or the Problem of a figure past a double.
 * @example tokenComparison(EXAMPLE_TOKEN_PLAN).crossover // 10434782.6
 */
export function tokenComparison(plan: TokenPlan): TokenComparison | Problem {
  const seconds = tokenSeconds(
    plan.inputTokens,
    plan.outputTokens,
    plan.inputTokensPerSecond,
    plan.outputTokensPerSecond,
  );
  if (isProblem(seconds)) return seconds;
  const apiPerRequest = apiCostPerRequest(plan);
  const fleet = fleetOf(plan, seconds);
  const month = fleetMonth(plan.requestsPerMonth, fleet);
  if (isProblem(month)) return month;
  const crossover = apiCrossover(
    fleet.minAccelerators,
    fleet.pricePerHour,
    apiPerRequest,
    seconds,
    fleet.peakToMean,
    fleet.hoursPerMonth,
  );
  const apiMonth = plan.requestsPerMonth * apiPerRequest;
  const cheaper: Cheaper = apiMonth < month.cost ? "api" : apiMonth > month.cost ? "fleet" : "equal";
  return {
    apiPerRequest,
    secondsPerRequest: seconds,
    fleetPerRequest: fleetCostPerRequest(seconds, fleet.peakToMean, fleet.pricePerHour),
    apiMonth,
    fleetMonth: month,
    cheaper,
    crossover,
    curve: costCurve(curveTop(plan.requestsPerMonth, crossover), apiPerRequest, fleet),
    cheaperMonth: fleetCheaperMonth(plan.requestsPerMonth, plan.monthlyGrowth, crossover),
  };
}
