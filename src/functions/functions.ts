/*
 * The MLCOST custom functions. This file is the source of functions.json: Microsoft's
 * custom-functions-metadata-plugin reads these JSDoc blocks at build time (it reads only
 * top-level function declarations). Each function is one line that calls its catalog row
 * (catalog.ts); test/functions/catalog.test.ts holds these blocks, the catalog and the
 * generated functions.json against each other. Ids, names and argument order are a contract
 * with every saved workbook: never rename or reorder them.
 */
import { callById, CustomFunction } from "./catalog";

const call = callById;
/**
 * Clips per retrain interval at which serving hours equal training hours; above it the system is serving-dominated.
 * @customfunction CROSSOVER
 * @helpurl https://localhost:3000/help.html#crossover
 * @param training_hours Accelerator-hours of one training run (per retrain interval), 0 or more.
 * @param seconds_per_clip Accelerator-seconds of serving per clip, more than 0.
 * @returns Clips per retrain interval.
 */
function crossover(training_hours: any[][], seconds_per_clip: any[][]): any[][] {
  return call.CROSSOVER(training_hours, seconds_per_clip);
}

/**
 * Accelerator-hours that scoring a number of clips costs: clips x seconds_per_clip / 3600.
 * @customfunction SERVINGHOURS
 * @helpurl https://localhost:3000/help.html#servinghours
 * @param clips Clips scored (per retrain interval), 0 or more.
 * @param seconds_per_clip Accelerator-seconds of serving per clip, 0 or more.
 * @returns Accelerator-hours.
 */
function servinghours(clips: any[][], seconds_per_clip: any[][]): any[][] {
  return call.SERVINGHOURS(clips, seconds_per_clip);
}

/**
 * The most any change to one part can save, as a fraction of the whole (Amdahl's law applied to spend).
 * @customfunction AMDAHLCEILING
 * @helpurl https://localhost:3000/help.html#amdahlceiling
 * @param part_hours Hours of the part you would change, 0 or more.
 * @param total_hours Hours of the whole bill, including the part.
 * @param [fraction_cut] Fraction of the part the change removes, from 0 to 1. Default 1 (the whole part).
 * @returns A fraction of total_hours, from 0 to 1.
 */
function amdahlceiling(part_hours: any[][], total_hours: any[][], fraction_cut?: any[][]): any[][] {
  return call.AMDAHLCEILING(part_hours, total_hours, fraction_cut);
}

/**
 * Clips in one retrain interval: clips_per_second x interval_days x 86400.
 * @customfunction CLIPSPERINTERVAL
 * @helpurl https://localhost:3000/help.html#clipsperinterval
 * @param clips_per_second Clips scored per second, averaged over the interval, 0 or more.
 * @param interval_days Days between retrains, 0 or more.
 * @returns Clips per retrain interval.
 */
function clipsperinterval(clips_per_second: any[][], interval_days: any[][]): any[][] {
  return call.CLIPSPERINTERVAL(clips_per_second, interval_days);
}

/**
 * How many times the serving half is the training half: serving hours / training hours (1 at the crossover).
 * @customfunction SPLITRATIO
 * @helpurl https://localhost:3000/help.html#splitratio
 * @param clips Clips per retrain interval, 0 or more.
 * @param seconds_per_clip Accelerator-seconds of serving per clip, 0 or more.
 * @param training_hours Accelerator-hours of training per retrain interval, more than 0.
 * @returns Serving hours over training hours.
 */
function splitratio(clips: any[][], seconds_per_clip: any[][], training_hours: any[][]): any[][] {
  return call.SPLITRATIO(clips, seconds_per_clip, training_hours);
}

/**
 * Which half of the bill dominates and by how much, as text: "serving, 36x", "training, 10.8x" or "equal".
 * @customfunction DOMINANTHALF
 * @helpurl https://localhost:3000/help.html#dominanthalf
 * @param clips Clips per retrain interval, 0 or more.
 * @param seconds_per_clip Accelerator-seconds of serving per clip, 0 or more.
 * @param training_hours Accelerator-hours of training per retrain interval, 0 or more.
 * @returns The larger half and its lead over the smaller, to three significant figures.
 */
function dominanthalf(clips: any[][], seconds_per_clip: any[][], training_hours: any[][]): any[][] {
  return call.DOMINANTHALF(clips, seconds_per_clip, training_hours);
}

/**
 * The three-stage table (prototype, launch, scale) as a spilled array with a header row.
 * @customfunction STAGETABLE
 * @helpurl https://localhost:3000/help.html#stagetable
 * @param training_hours Accelerator-hours of training per retrain interval, 0 or more.
 * @param seconds_per_clip Accelerator-seconds of serving per clip, 0 or more.
 * @param prototype_clips Clips per interval at the prototype stage (a few thousand evaluation clips).
 * @param launch_clips Clips per interval at launch (near the crossover).
 * @param scale_clips Clips per interval at scale (tens of times the crossover).
 * @returns Four rows of eight columns: stage, clips, serving hours, training hours, total hours,
 * serving/training, dominant half, training share.
 */
function stagetable(
  training_hours: any[][],
  seconds_per_clip: any[][],
  prototype_clips: any[][],
  launch_clips: any[][],
  scale_clips: any[][],
): any[][] {
  return call.STAGETABLE(training_hours, seconds_per_clip, prototype_clips, launch_clips, scale_clips);
}

/**
 * Training's share of a bill of training, serving and other hours: the most any change to training can save.
 * @customfunction TRAININGSHARE
 * @helpurl https://localhost:3000/help.html#trainingshare
 * @param training_hours Accelerator-hours of training over the period (runs x hours per run x overhead), 0 or more.
 * @param serving_hours Accelerator-hours of serving over the same period, consumed or paid, 0 or more.
 * @param [other_hours] Other hours in the same bill, such as one-off re-scans, 0 or more. Default 0.
 * @returns A fraction of the whole bill, from 0 to 1.
 */
function trainingshare(training_hours: any[][], serving_hours: any[][], other_hours?: any[][]): any[][] {
  return call.TRAININGSHARE(training_hours, serving_hours, other_hours);
}

/**
 * Hours a change saves on a part proportional to the input it moves: part_hours x (current - proposed) / current.
 * @customfunction LEVERSAVING
 * @helpurl https://localhost:3000/help.html#leversaving
 * @param part_hours Hours of the part the input scales: training for runs a year, paid serving for seconds per clip.
 * @param current The input as it is now (runs a year, hours per run, seconds per clip, peak-to-mean), more than 0.
 * @param proposed The input as proposed, 0 or more; above current, the result is negative (hours added).
 * @returns Accelerator-hours saved over the period of part_hours, never more than part_hours.
 */
function leversaving(part_hours: any[][], current: any[][], proposed: any[][]): any[][] {
  return call.LEVERSAVING(part_hours, current, proposed);
}

/**
 * The average cost of 1,000 clips, training amortised over every clip: (training + serving) x price / clips x 1000.
 * @customfunction COSTPER1K
 * @helpurl https://localhost:3000/help.html#costper1k
 * @param training_hours Accelerator-hours of training (and re-scans) over the period, 0 or more.
 * @param serving_hours Accelerator-hours of serving over the same period, paid (consumed x peak-to-mean), 0 or more.
 * @param clips Clips scored over the same period, more than 0.
 * @param price Price per accelerator-hour, 0 or more.
 * @returns Cost per 1,000 clips, in the price's currency.
 */
function costper1k(training_hours: any[][], serving_hours: any[][], clips: any[][], price: any[][]): any[][] {
  return call.COSTPER1K(training_hours, serving_hours, clips, price);
}

/**
 * Clips in one month of a budget, a twelfth of the year counted: clips_per_second x days_per_year / 12 x 86400.
 * @customfunction CLIPSPERMONTH
 * @helpurl https://localhost:3000/help.html#clipspermonth
 * @param clips_per_second Clips scored per second, the month's mean, 0 or more.
 * @param [days_per_year] Days counted in a year, 0 or more. Default 360 (30-day months, as the annual view counts).
 * @returns Clips in the month.
 */
function clipspermonth(clips_per_second: any[][], days_per_year?: any[][]): any[][] {
  return call.CLIPSPERMONTH(clips_per_second, days_per_year);
}

/**
 * What 1,000 more clips cost, training aside: seconds_per_clip / 3600 x peak_to_mean x price x 1000.
 * @customfunction MARGINALCOSTPER1K
 * @helpurl https://localhost:3000/help.html#marginalcostper1k
 * @param seconds_per_clip Accelerator-seconds of serving per clip, 0 or more.
 * @param price Price per accelerator-hour, 0 or more.
 * @param [peak_to_mean] Paid serving hours over consumed, a multiplier of 1 or more. Default 1 (billed as consumed).
 * @returns Cost of 1,000 more clips, in the price's currency.
 */
function marginalcostper1k(seconds_per_clip: any[][], price: any[][], peak_to_mean?: any[][]): any[][] {
  return call.MARGINALCOSTPER1K(seconds_per_clip, price, peak_to_mean);
}

/**
 * Serving hours paid for one model on a share of the clips: clips x share_scored x seconds_per_clip / 3600 x peak.
 * @customfunction MODELSERVINGHOURS
 * @helpurl https://localhost:3000/help.html#modelservinghours
 * @param clips Clips of the whole plan (a year's, or a retrain interval's), 0 or more.
 * @param share_scored Share of those clips the model scores, from 0 to 1 (1 = every clip).
 * @param seconds_per_clip Accelerator-seconds of serving per clip the model scores, 0 or more.
 * @param [peak_to_mean] Paid serving hours over consumed, a multiplier of 1 or more. Default 1 (billed as consumed).
 * @returns Accelerator-hours of serving paid.
 */
function modelservinghours(
  clips: any[][],
  share_scored: any[][],
  seconds_per_clip: any[][],
  peak_to_mean?: any[][],
): any[][] {
  return call.MODELSERVINGHOURS(clips, share_scored, seconds_per_clip, peak_to_mean);
}

/**
 * What the model's age costs on average a month: clips_per_month x cost_per_error x drift x (cadence_months - 1) / 2.
 * @customfunction STALENESSCOST
 * @helpurl https://localhost:3000/help.html#stalenesscost
 * @param clips_per_month Clips scored a month, 0 or more.
 * @param drift Errors a clip the model adds each month since its last retrain, a fraction (2e-7), more than 0.
 * @param cost_per_error Cost of one error (review, harm), 0 or more.
 * @param cadence_months Months between retrains, 1 or more.
 * @returns Staleness cost a month, in the error cost's currency.
 */
function stalenesscost(
  clips_per_month: any[][],
  drift: any[][],
  cost_per_error: any[][],
  cadence_months: any[][],
): any[][] {
  return call.STALENESSCOST(clips_per_month, drift, cost_per_error, cadence_months);
}

/**
 * The cadence, in months, at which runs and staleness cost least together: sqrt(2 x run_cost / (clips x cost x drift)).
 * @customfunction ECONOMICCADENCE
 * @helpurl https://localhost:3000/help.html#economiccadence
 * @param run_cost Cost of one training run (compute, labelling, sign-off), 0 or more.
 * @param clips_per_month Clips scored a month, more than 0.
 * @param drift Errors a clip the model adds each month since its last retrain, a fraction (2e-7), more than 0.
 * @param cost_per_error Cost of one error (review, harm), more than 0.
 * @returns Months between retrains; the best whole month is the cheaper of the two around it.
 */
function economiccadence(
  run_cost: any[][],
  clips_per_month: any[][],
  drift: any[][],
  cost_per_error: any[][],
): any[][] {
  return call.ECONOMICCADENCE(run_cost, clips_per_month, drift, cost_per_error);
}

/**
 * Seconds of one accelerator a request takes: input_tokens / input_tokens_per_second + output / output per second.
 * @customfunction TOKENSECONDS
 * @helpurl https://localhost:3000/help.html#tokenseconds
 * @param input_tokens Input (prompt) tokens a request, 0 or more.
 * @param output_tokens Output (completion) tokens a request, 0 or more.
 * @param input_tokens_per_second Input tokens one accelerator reads a second (prefill), more than 0.
 * @param output_tokens_per_second Output tokens one accelerator writes a second (decode), more than 0.
 * @returns Accelerator-seconds a request: the seconds per clip of every other function.
 */
function tokenseconds(
  input_tokens: any[][],
  output_tokens: any[][],
  input_tokens_per_second: any[][],
  output_tokens_per_second: any[][],
): any[][] {
  return call.TOKENSECONDS(input_tokens, output_tokens, input_tokens_per_second, output_tokens_per_second);
}

/**
 * What an API charges: requests x (input_tokens x input price + output_tokens x output price) / 1,000,000.
 * @customfunction APICOST
 * @helpurl https://localhost:3000/help.html#apicost
 * @param requests Requests, 0 or more (a month's, or 1 for the cost of one request).
 * @param input_tokens Input (prompt) tokens a request, 0 or more.
 * @param output_tokens Output (completion) tokens a request, 0 or more.
 * @param input_price_per_million The API's price per 1M input tokens, 0 or more.
 * @param output_price_per_million The API's price per 1M output tokens, 0 or more.
 * @returns The API's cost, in its prices' currency.
 */
function apicost(
  requests: any[][],
  input_tokens: any[][],
  output_tokens: any[][],
  input_price_per_million: any[][],
  output_price_per_million: any[][],
): any[][] {
  return call.APICOST(requests, input_tokens, output_tokens, input_price_per_million, output_price_per_million);
}

/**
 * Requests a month from which your own fleet is cheaper than the API; #N/A where the API is cheaper at every volume.
 * @customfunction APICROSSOVER
 * @helpurl https://localhost:3000/help.html#apicrossover
 * @param min_accelerators Accelerators always on, paid whether used or not, 0 or more.
 * @param price_per_hour Price of one accelerator an hour, 0 or more.
 * @param api_cost_per_request The API's cost of one request (APICOST of 1 request), 0 or more.
 * @param seconds_per_request Accelerator-seconds a request on the fleet (TOKENSECONDS), 0 or more.
 * @param peak_to_mean The fleet held for the peak over the mean, a multiplier of 1 or more.
 * @param [hours_per_month] Hours a month the minimum is paid for. Default 720 (30 days).
 * @returns Requests a month at which both cost the same: minimum x hours x price / api_cost_per_request.
 */
function apicrossover(
  min_accelerators: any[][],
  price_per_hour: any[][],
  api_cost_per_request: any[][],
  seconds_per_request: any[][],
  peak_to_mean: any[][],
  hours_per_month?: any[][],
): any[][] {
  return call.APICROSSOVER(
    min_accelerators,
    price_per_hour,
    api_cost_per_request,
    seconds_per_request,
    peak_to_mean,
    hours_per_month,
  );
}

/** The registered functions by id, as Excel calls them, for tests and benchmarks. */
export const customFunctions: Record<string, CustomFunction> = {
  CROSSOVER: crossover,
  SERVINGHOURS: servinghours,
  AMDAHLCEILING: amdahlceiling,
  CLIPSPERINTERVAL: clipsperinterval,
  SPLITRATIO: splitratio,
  DOMINANTHALF: dominanthalf,
  STAGETABLE: stagetable,
  TRAININGSHARE: trainingshare,
  LEVERSAVING: leversaving,
  COSTPER1K: costper1k,
  CLIPSPERMONTH: clipspermonth,
  MARGINALCOSTPER1K: marginalcostper1k,
  MODELSERVINGHOURS: modelservinghours,
  STALENESSCOST: stalenesscost,
  ECONOMICCADENCE: economiccadence,
  TOKENSECONDS: tokenseconds,
  APICOST: apicost,
  APICROSSOVER: apicrossover,
};
