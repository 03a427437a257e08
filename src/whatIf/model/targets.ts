/*
 * Targets solved in closed form: the input at which the model meets a goal, exact rather than
 * iterated as Goal Seek would. Each solves one of the model's own formulas for the other
 * variable and returns a number, a Problem naming the input to fix, or NotReachable (a Problem
 * with the reason) where no positive answer exists: a share of 0 or 1, a budget that training
 * alone already spends, a stage with no traffic.
 */
import { productRatio } from "../../core/model/arithmetic";
import { checkFactor, checkFraction, checkNonNegative, checkDivisor, finiteResult } from "../../core/model/checks";
import { crossoverClips } from "../../core/model/formulas";
import {
  checkPlan,
  planField,
  Plan,
  stageInputsOf,
  effectiveSecondsPerClip,
  effectiveTrainingHours,
  STAGE_NAMES,
  StageName,
} from "../../stages/model";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { SECONDS_PER_HOUR } from "../../core/model/units";

/**
 * A target no positive input meets. It is a Problem (kind "invalidNumber": no number in the
 * input's domain answers it), so every layer that shows Problems shows it; `notReachable`
 * tells it from a bad input, and `reason` is the sentence without the "Not reachable" lead.
 */
export interface NotReachable extends Problem {
  readonly kind: "invalidNumber";
  readonly notReachable: true;
  readonly reason: string;
}

/** Builds a NotReachable from its reason ("the budget is below training alone."). */
export function notReachable(reason: string): NotReachable {
  return { kind: "invalidNumber", message: `Not reachable: ${reason}`, notReachable: true, reason };
}

/** Tells a NotReachable from a number or any other Problem. */
export function isNotReachable(value: unknown): value is NotReachable {
  return isProblem(value) && (value as NotReachable).notReachable === true;
}

/** A positive result that rounded to 0 is not an answer anyone can type. */
function positiveResult(value: number, what: string): number | Problem {
  if (value === 0) return problem("invalidNumber", `${what} is too small to represent (below 5e-324).`);
  return finiteResult(value, what);
}

/**
 * The seconds per clip (as typed, before peak-to-mean) at which scoring `clips` costs
 * `servingHours` accelerator-hours: SERVINGHOURS solved for seconds per clip,
 * serving_hours x 3600 / (clips x peak_to_mean).
 * @example secondsPerClipForServingHours(600, 54e6) // 0.04
 */
export function secondsPerClipForServingHours(servingHours: number, clips: number, peakToMean = 1): number | Problem {
  const bad =
    checkNonNegative(servingHours, "serving hours") ??
    checkNonNegative(clips, "clips") ??
    checkFactor(peakToMean, "peak_to_mean");
  if (bad) return bad;
  if (clips === 0) return notReachable("with no traffic (0 clips) serving is 0 hours at any per-clip time.");
  if (servingHours === 0) return notReachable("only a per-clip time of 0 makes serving 0 hours.");
  return positiveResult(productRatio(servingHours, SECONDS_PER_HOUR, 1, clips, peakToMean), "The per-clip time");
}

/** What a per-clip target at one stage reads from a plan: its traffic and the effective training half. */
interface StageTargetContext {
  clips: number;
  trainingHours: number;
  peakToMean: number;
}

/** The plan's stage traffic and effective training hours, or why a per-clip target cannot be solved there. */
function stageContext(plan: Plan, stage: StageName): StageTargetContext | Problem {
  const bad = checkPlan(plan);
  if (bad.length > 0) return bad[0].problem;
  const index = STAGE_NAMES.indexOf(stage);
  if (index < 0) return problem("invalidValue", `The stage must be one of ${STAGE_NAMES.join(", ")}; got ${stage}.`);
  if (stage === "Launch" && plan.launchClips === undefined) {
    // A blank launch is the crossover, which is itself a function of the per-clip time: serving
    // equals training there at every per-clip time, and the total is always twice training.
    const label = planField("launchClips").label;
    return notReachable(
      `${label} is blank, so launch traffic is the crossover and moves with the per-clip time: ` +
        "serving equals training there at any per-clip time. Enter launch clips to solve for one.",
    );
  }
  const inputs = stageInputsOf(plan);
  if (isProblem(inputs)) return inputs;
  const clips = inputs.clipsPerStage[index];
  if (clips === 0)
    return notReachable(`${stage} has no traffic (0 clips), so serving is 0 hours at any per-clip time.`);
  return { clips, trainingHours: effectiveTrainingHours(plan), peakToMean: plan.peakToMean };
}

/**
 * The seconds per clip at which a stage's serving hours equal its training hours, after both
 * honesty factors: training_hours x overhead x 3600 / (clips x peak_to_mean). Slower than this,
 * serving is the larger half at that stage.
 * @example secondsPerClipAtParity(EXAMPLE_PLAN, "Scale") // 0.0011111 (1.11 ms)
 */
export function secondsPerClipAtParity(plan: Plan, stage: StageName): number | Problem {
  const context = stageContext(plan, stage);
  if (isProblem(context)) return context;
  if (context.trainingHours === 0) {
    return notReachable("training is 0 hours, and only a per-clip time of 0 makes serving equal it.");
  }
  return secondsPerClipForServingHours(context.trainingHours, context.clips, context.peakToMean);
}

/**
 * The seconds per clip at which a stage's total hours (training with overhead, plus serving
 * with peak-to-mean) equal `budgetHours`: the slowest per-clip time within that budget.
 * @example secondsPerClipForBudgetHours(EXAMPLE_PLAN, "Scale", 11400) // 0.02
 */
export function secondsPerClipForBudgetHours(plan: Plan, stage: StageName, budgetHours: number): number | Problem {
  const bad = checkNonNegative(budgetHours, "The budget in accelerator-hours");
  if (bad) return bad;
  const context = stageContext(plan, stage);
  if (isProblem(context)) return context;
  if (budgetHours <= context.trainingHours) {
    return notReachable(
      `the budget (${budgetHours} accelerator-hours) is not more than training alone ` +
        `(${context.trainingHours} accelerator-hours, with overhead), leaving nothing for serving.`,
    );
  }
  return secondsPerClipForServingHours(budgetHours - context.trainingHours, context.clips, context.peakToMean);
}

/**
 * The seconds per clip at which a stage's cost (total hours x the plan's price per hour) equals
 * `budget`, in the plan's currency: the budget in hours is budget / price, then as
 * secondsPerClipForBudgetHours.
 * @example secondsPerClipForBudgetCost({ ...EXAMPLE_PLAN, pricePerHour: 2 }, "Scale", 22800) // 0.02
 */
export function secondsPerClipForBudgetCost(plan: Plan, stage: StageName, budget: number): number | Problem {
  const bad = checkNonNegative(budget, "The budget");
  if (bad) return bad;
  const price = plan.pricePerHour;
  const label = planField("pricePerHour").label;
  if (price === undefined) return problem("invalidValue", `${label} is blank; enter a price to solve for a budget.`);
  const badPrice = checkNonNegative(price, label);
  if (badPrice) return badPrice;
  if (price === 0) return notReachable(`at a ${label.toLowerCase()} of 0 every per-clip time costs 0.`);
  const budgetHours = finiteResult(productRatio(budget, 1, 1, price, 1), "The budget in accelerator-hours");
  if (isProblem(budgetHours)) return budgetHours;
  return secondsPerClipForBudgetHours(plan, stage, budgetHours);
}

/**
 * The clips per interval at which serving is `share` of the bill (0 < share < 1), from
 * effective hours (training with overhead, seconds per clip with peak-to-mean): serving must be
 * training x share / (1 - share) hours, and the crossover formula gives the clips at which
 * serving costs that many hours.
 * @example clipsForServingShare(600, 0.04, 0.5) // 54000000: half the bill is the crossover
 */
export function clipsForServingShare(trainingHours: number, secondsPerClip: number, share: number): number | Problem {
  const bad =
    checkNonNegative(trainingHours, "training_hours") ??
    checkDivisor(secondsPerClip, "seconds_per_clip") ??
    checkFraction(share, "The serving share");
  if (bad) return bad;
  if (share === 0) return notReachable("a serving share of 0 is no traffic at all (0 clips).");
  if (trainingHours === 0) return notReachable("training is 0 hours, so serving is the whole bill at any traffic.");
  if (share === 1) {
    return notReachable(`serving is the whole bill only with no training, and training is ${trainingHours} hours.`);
  }
  const servingHours = finiteResult(productRatio(trainingHours, share, 1, 1 - share, 1), "The serving hours");
  if (isProblem(servingHours)) return servingHours;
  const clips = crossoverClips(servingHours, secondsPerClip);
  return isProblem(clips) ? clips : positiveResult(clips, "The clips per interval");
}

/**
 * The clips per retrain interval at which serving is `share` of a plan's bill, with both
 * honesty factors applied as the stage table applies them.
 * @example clipsForServingShareOfPlan(EXAMPLE_PLAN, 0.9) // 486000000
 */
export function clipsForServingShareOfPlan(plan: Plan, share: number): number | Problem {
  const bad = checkPlan(plan);
  if (bad.length > 0) return bad[0].problem;
  return clipsForServingShare(effectiveTrainingHours(plan), effectiveSecondsPerClip(plan), share);
}

/**
 * The runs per year at which training is `share` of the year's compute (0 < share < 1):
 * runs x run_hours / (runs x run_hours + serving_hours) = share, so
 * runs = share x annual_serving_hours / ((1 - share) x training_hours_per_run). A real number of
 * runs; rounding to whole runs is the reader's choice. Plain numbers, so any annual model can
 * pass its own training hours per run (with overhead) and serving hours a year (consumed or
 * paid, whichever bill the share is of; add re-scan hours to it when the bill counts them).
 * @example runsPerYearForTrainingShare(600, 86400, 2400 / 88800) // 4
 */
export function runsPerYearForTrainingShare(
  trainingHoursPerRun: number,
  annualServingHours: number,
  share: number,
): number | Problem {
  const bad =
    checkNonNegative(trainingHoursPerRun, "training hours per run") ??
    checkNonNegative(annualServingHours, "serving hours a year") ??
    checkFraction(share, "The training share");
  if (bad) return bad;
  if (share === 0) return notReachable("a training share of 0 is no runs at all.");
  if (trainingHoursPerRun === 0) return notReachable("a run of 0 hours is no share of the bill at any cadence.");
  if (annualServingHours === 0) {
    return notReachable("with no serving hours, training is the whole bill at any number of runs.");
  }
  if (share === 1) {
    return notReachable(`training is the whole bill only with no serving, and serving is ${annualServingHours} hours.`);
  }
  const runs = productRatio(share, annualServingHours, 1, 1 - share, trainingHoursPerRun);
  return positiveResult(runs, "The runs per year");
}
