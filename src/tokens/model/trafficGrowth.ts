/*
 * The plan's traffic as the "API or own fleet" comparison reads it: requests a month from another view's clips per
 * second (a request is a clip), and, with the traffic growing by a share a month (the budget's monthlyGrowth), the
 * first month whose traffic passes the crossover, from which the fleet is cheaper. Month 1 is the month of the
 * traffic given; month m carries it x (1 + growth)^(m - 1), as the budget's growth curve does.
 */
import { finiteResult } from "../../core/model/checks";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { SECONDS_PER_HOUR } from "../../core/model/units";

/**
 * Requests a month at `clipsPerSecond` (the month's mean) over a month of `hoursPerMonth` hours.
 * @example requestsPerMonthOf(250, 720) // 648000000
 */
export function requestsPerMonthOf(clipsPerSecond: number, hoursPerMonth: number): number {
  return clipsPerSecond * hoursPerMonth * SECONDS_PER_HOUR;
}

/**
 * Requests in month `month` (1-based) when month 1 has `firstMonthRequests` and each grows by `monthlyGrowth`.
 * @example requestsInMonth(5e6, 0.05, 17) // 10914373.2
 */
export function requestsInMonth(firstMonthRequests: number, monthlyGrowth: number, month: number): number {
  return firstMonthRequests * Math.pow(1 + monthlyGrowth, month - 1);
}

/** The sentence where the traffic never passes the crossover because it does not grow. */
export const NOT_GROWING_WORDS =
  "The traffic does not grow, so it never passes the crossover: the API stays cheaper every month.";

/** The sentence where no growth is given, so no month is worked out. */
export const NO_GROWTH_WORDS =
  "No traffic growth is given: type one, or open the Budget view, to see the month the fleet becomes cheaper.";

/**
 * The whole months of growth that bring `firstMonthRequests` up to `crossover`, INT(LN(crossover / first) /
 * LN(1 + growth)): negative where the traffic is above it already. A Problem (#N/A) where there is no crossover (its
 * own sentence), no growth given, or a traffic that does not grow.
 * @example monthsOfGrowth(5e6, 0.05, 10434782.6) // 15
 */
export function monthsOfGrowth(
  firstMonthRequests: number,
  monthlyGrowth: number | undefined,
  crossover: number | Problem,
): number | Problem {
  if (isProblem(crossover)) return crossover;
  if (monthlyGrowth === undefined) return problem("notAvailable", NO_GROWTH_WORDS);
  if (!(monthlyGrowth > 0) || !(firstMonthRequests > 0)) return problem("notAvailable", NOT_GROWING_WORDS);
  // LN(1 + growth), as the sheet's formula reads it, so both round alike.
  const months = Math.floor(Math.log(crossover / firstMonthRequests) / Math.log(1 + monthlyGrowth));
  return finiteResult(months, "The months of growth");
}

/**
 * The first month (1-based) whose requests pass `crossover` when month 1 has `firstMonthRequests` and each month
 * grows by `monthlyGrowth` (0.05 = 5%): month 1 where the traffic is already above it, else the smallest m with
 * first x (1 + growth)^(m - 1) > crossover, the whole months of growth to it + 1 + 1 (one past it, from month 1).
 * A Problem (#N/A) where there is no crossover (its own sentence), no growth given, or a traffic that does not grow
 * to it.
 * @example fleetCheaperMonth(5e6, 0.05, 10434782.6) // 17
 */
export function fleetCheaperMonth(
  firstMonthRequests: number,
  monthlyGrowth: number | undefined,
  crossover: number | Problem,
): number | Problem {
  if (!isProblem(crossover) && firstMonthRequests > crossover) return 1;
  const months = monthsOfGrowth(firstMonthRequests, monthlyGrowth, crossover);
  return isProblem(months) ? months : months + 2;
}
