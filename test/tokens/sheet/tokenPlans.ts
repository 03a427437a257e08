/* The plans the "API or fleet" sheet's tests write: the worked example, a cache and batches, no crossover. */
import { EXAMPLE_TOKEN_PLAN, TokenPlan } from "../../../src/tokens/model";

/** A cache and batches, and a month of 730 hours typed. */
export const CACHED_AND_BATCHED: TokenPlan = {
  ...EXAMPLE_TOKEN_PLAN,
  cachedInputPricePerMillion: 0.075,
  cachedInputShare: 0.4,
  batchDiscount: 0.5,
  batchShare: 0.3,
  hoursPerMonth: 730,
};
/** A fleet so dear that no volume makes it cheaper. */
export const NO_CROSSOVER: TokenPlan = { ...EXAMPLE_TOKEN_PLAN, pricePerHour: 40 };
/** Traffic growing 5% a month from 5M: the fleet becomes cheaper in month 17. */
export const GROWING: TokenPlan = { ...EXAMPLE_TOKEN_PLAN, requestsPerMonth: 5_000_000, monthlyGrowth: 0.05 };
/** Each plan by what it shows. */
export const TOKEN_SHEET_PLANS = [
  ["the worked example", EXAMPLE_TOKEN_PLAN],
  ["cached and batched, 730 h", CACHED_AND_BATCHED],
  ["no crossover", NO_CROSSOVER],
  ["growing 5% a month from 5M", GROWING],
  ["growing, no crossover", { ...NO_CROSSOVER, monthlyGrowth: 0.05 }],
] as const;
