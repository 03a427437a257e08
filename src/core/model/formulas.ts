import { checkDivisor, checkFactor, checkFraction, checkNonNegative, finiteResult, tooSmall } from "./checks";
import { productRatio } from "./arithmetic";
import { Problem, problem } from "./problems";
import { CLIPS_PER_THOUSAND, MONTHS_PER_YEAR, SECONDS_PER_DAY, SECONDS_PER_HOUR } from "./units";

/*
 * The formulas of the cost model (docs/cost-model.md), each exactly once. Inputs are
 * accelerator-hours, accelerator-seconds per clip, clips per retrain interval and days.
 * Every function checks its inputs and returns a number or a Problem; none throws.
 * Argument names in messages are the functions' argument names (training_hours), so a
 * message points at the input to fix.
 */

/**
 * Accelerator-hours that scoring `clips` costs: clips x seconds_per_clip / 3600.
 * @example servingHours(1.944e9, 0.04) // 21600
 */
export function servingHours(clips: number, secondsPerClip: number): number | Problem {
  const bad = checkNonNegative(clips, "clips") ?? checkNonNegative(secondsPerClip, "seconds_per_clip");
  if (bad) return bad;
  return finiteResult(productRatio(clips, secondsPerClip, 1, SECONDS_PER_HOUR, 1), "Serving hours");
}

/**
 * Clips per retrain interval at which serving hours equal training hours:
 * training_hours x 3600 / seconds_per_clip. Above it the system is serving-dominated.
 * @example crossoverClips(600, 0.04) // 54000000
 */
export function crossoverClips(trainingHours: number, secondsPerClip: number): number | Problem {
  const bad = checkNonNegative(trainingHours, "training_hours") ?? checkDivisor(secondsPerClip, "seconds_per_clip");
  if (bad) return bad;
  return finiteResult(productRatio(trainingHours, SECONDS_PER_HOUR, 1, secondsPerClip, 1), "The crossover");
}

/**
 * The most any change to one part can save, as a fraction of the whole (Amdahl's law applied
 * to spend): part_hours x fraction_cut / total_hours. total_hours includes the part.
 * @example amdahlCeiling(2400, 88800) // 0.027...
 */
export function amdahlCeiling(partHours: number, totalHours: number, fractionCut = 1): number | Problem {
  const bad =
    checkNonNegative(partHours, "part_hours") ??
    checkNonNegative(totalHours, "total_hours") ??
    checkFraction(fractionCut, "fraction_cut");
  if (bad) return bad;
  if (partHours > totalHours) {
    return problem(
      "invalidNumber",
      `part_hours (${partHours}) is more than total_hours (${totalHours}); the total includes the part.`,
    );
  }
  if (totalHours === 0) return problem("divisionByZero", "total_hours is 0, and the ceiling is a share of it.");
  return ceilingOf(partHours, totalHours, fractionCut);
}

/**
 * The Amdahl ceiling's arithmetic alone, part x fraction / total, for a caller that has already checked
 * what amdahlCeiling checks (a part of at most a positive total), such as trainingShare. Every argument
 * is required: called through amdahlCeiling's default third parameter, TRAININGSHARE's arithmetic was
 * not inlined and a million-cell range took 48 ms instead of 6 (npm run bench, CPU profile).
 */
export function ceilingOf(partHours: number, totalHours: number, fractionCut: number): number | Problem {
  return finiteResult(productRatio(partHours, fractionCut, 1, totalHours, 1), "The ceiling");
}

/**
 * Traffic over one retrain interval: clips_per_second x interval_days x 86400.
 * @example clipsPerInterval(250, 90) // 1944000000
 */
export function clipsPerInterval(clipsPerSecond: number, intervalDays: number): number | Problem {
  const bad = checkNonNegative(clipsPerSecond, "clips_per_second") ?? checkNonNegative(intervalDays, "interval_days");
  if (bad) return bad;
  return finiteResult(productRatio(clipsPerSecond, intervalDays, SECONDS_PER_DAY, 1, 1), "Clips per interval");
}

/**
 * How many times the serving half is the training half, from hours already computed:
 * serving_hours / training_hours. 1 at the crossover.
 */
export function servingToTrainingRatio(servingHoursValue: number, trainingHours: number): number | Problem {
  const bad = checkNonNegative(servingHoursValue, "serving hours") ?? checkDivisor(trainingHours, "training_hours");
  if (bad) return bad;
  return finiteResult(productRatio(servingHoursValue, 1, 1, trainingHours, 1), "The split ratio");
}

/**
 * The split ratio from traffic: SERVINGHOURS(clips, seconds_per_clip) / training_hours.
 * @example splitRatio(1.944e9, 0.04, 600) // 36
 */
export function splitRatio(clips: number, secondsPerClip: number, trainingHours: number): number | Problem {
  const bad =
    checkNonNegative(clips, "clips") ??
    checkNonNegative(secondsPerClip, "seconds_per_clip") ??
    checkDivisor(trainingHours, "training_hours");
  if (bad) return bad;
  // In one step, so serving hours too large (or too small) for a double on their own do not
  // stop a ratio that fits.
  const ratio = productRatio(clips, secondsPerClip, 1, SECONDS_PER_HOUR, trainingHours);
  return finiteResult(ratio, "The split ratio");
}

/**
 * Each half's share of the total, which is the Amdahl ceiling on optimising that half.
 * @example halfShare(600, 21600) // 0.027: training is 2.7% of the bill
 */
export function halfShare(halfHours: number, otherHalfHours: number): number | Problem {
  const total = halfHours + otherHalfHours;
  // Two halves each below the largest double can sum above it; halving both keeps the share.
  if (total === Infinity && Number.isFinite(halfHours) && Number.isFinite(otherHalfHours)) {
    return amdahlCeiling(halfHours / 2, halfHours / 2 + otherHalfHours / 2);
  }
  return amdahlCeiling(halfHours, total);
}

/**
 * log10 of the accelerator-hours one clip costs: log10(seconds_per_clip / 3600). Serving hours
 * on a log scale are log10(clips) plus this, a sum that cannot overflow where the product could
 * (a chart of any accepted input). secondsPerClip is positive.
 * @example servingHoursPerClipLog10(0.036) // -5
 */
export function servingHoursPerClipLog10(secondsPerClip: number): number {
  return Math.log10(secondsPerClip) - Math.log10(SECONDS_PER_HOUR);
}

/**
 * log10 of the crossover: log10(training_hours x 3600 / seconds_per_clip), from logs, so a
 * crossover too large for a double still has its place on a log axis. Both inputs are positive.
 * @example crossoverClipsLog10(600, 0.04) // log10(54,000,000)
 */
export function crossoverClipsLog10(trainingHours: number, secondsPerClip: number): number {
  return Math.log10(trainingHours) - servingHoursPerClipLog10(secondsPerClip);
}

/**
 * The average cost of 1,000 clips with training amortised over every clip:
 * (training_hours + serving_hours) x price / clips x 1000. Serving hours are the hours paid for
 * (consumed x peak-to-mean) when the caller has them: what the bill charges.
 * @example costPerThousandClips(2400, 114603.3, 1.0314e10, 2) // 0.02269: 2.27 cents per 1,000 clips
 */
export function costPerThousandClips(
  trainingHours: number,
  servingHoursValue: number,
  clips: number,
  pricePerHour: number,
): number | Problem {
  // Every sign first, then the divisor, as the formula in a cell meets them (the LAMBDA twin's order).
  const bad =
    checkNonNegative(trainingHours, "training_hours") ??
    checkNonNegative(servingHoursValue, "serving_hours") ??
    checkNonNegative(clips, "clips") ??
    checkNonNegative(pricePerHour, "price") ??
    checkDivisor(clips, "clips");
  if (bad) return bad;
  const cost = costOfHours(trainingHours, servingHoursValue, clips, pricePerHour);
  // 0 only as the true cost is 0 (no hours, or a price of 0), never a positive cost below the smallest double.
  if (cost === 0 && trainingHours + servingHoursValue > 0 && pricePerHour > 0) {
    return tooSmall("The cost per 1,000 clips");
  }
  return finiteResult(cost, "The cost per 1,000 clips");
}

/** The cost's arithmetic over checked inputs: (training + serving) x price x 1000 / clips, out of range as it is. */
function costOfHours(trainingHours: number, servingHoursValue: number, clips: number, pricePerHour: number): number {
  const totalHours = trainingHours + servingHoursValue;
  // Halved only where the sum passes the largest double (two halves each below it): halving a subnormal loses
  // its last bit (5e-324 / 2 is 0), and productRatio takes any finite factors.
  if (totalHours !== Infinity) return productRatio(totalHours, pricePerHour, CLIPS_PER_THOUSAND, clips, 1);
  return productRatio(trainingHours / 2 + servingHoursValue / 2, pricePerHour, 2 * CLIPS_PER_THOUSAND, clips, 1);
}

/**
 * Traffic in one month of the budget: clips_per_second x days_per_year / 12 x 86400 (a month is a
 * twelfth of the year the planner counts: 30 days at 360).
 * @example monthClips(250, 360) // 648000000
 */
export function monthClips(clipsPerSecond: number, daysPerYear: number): number | Problem {
  const bad = checkNonNegative(clipsPerSecond, "clips_per_second") ?? checkNonNegative(daysPerYear, "days_per_year");
  if (bad) return bad;
  return finiteResult(
    productRatio(clipsPerSecond, daysPerYear, SECONDS_PER_DAY, MONTHS_PER_YEAR, 1),
    "Clips in a month",
  );
}

/**
 * What 1,000 more clips cost at the margin, training aside: seconds_per_clip / 3600 x peak_to_mean x
 * price x 1000 (the paid serving hours they add, priced).
 * @example marginalCostPerThousandClips(0.04, 1, 2) // 0.02222
 */
export function marginalCostPerThousandClips(
  secondsPerClip: number,
  peakToMean: number,
  pricePerHour: number,
): number | Problem {
  const bad =
    checkNonNegative(secondsPerClip, "seconds_per_clip") ??
    checkFactor(peakToMean, "peak_to_mean") ??
    checkNonNegative(pricePerHour, "price");
  if (bad) return bad;
  // In one step, the price inside: a clip's paid hours x 1,000 may pass a double where the priced result does not.
  const perThousand = productRatio(secondsPerClip, peakToMean, pricePerHour, SECONDS_PER_HOUR, 1 / CLIPS_PER_THOUSAND);
  return finiteResult(perThousand, "The marginal cost per 1,000 clips");
}
