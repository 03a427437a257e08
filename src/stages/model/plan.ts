import { clipsPerInterval, crossoverClips } from "../../core/model/formulas";
import { isProblem, Problem } from "../../core/model/problems";
import { effectiveSecondsPerClip, effectiveTrainingHours, StageInputs } from "./stages";

/**
 * What a planner states about their system, before the stage defaults are filled in: the
 * task pane's form and the generated worksheet's inputs block hold exactly these.
 */
export interface Plan {
  /** accelerator-hours of one winning training run, per retrain interval */
  trainingHours: number;
  /** accelerator-seconds of serving per clip */
  secondsPerClip: number;
  /** days between retrains */
  intervalDays: number;
  /** clips per second at scale, averaged over the interval */
  clipsPerSecond: number;
  /** clips per interval at the prototype stage (a few thousand evaluation clips) */
  prototypeClips: number;
  /** clips per interval at launch; undefined = the crossover */
  launchClips?: number;
  /** clips per interval at scale; undefined = clips per second x interval */
  scaleClips?: number;
  /** failed runs and sweeps: multiplies training hours; 1 = none */
  trainingOverhead: number;
  /** fleet provisioned for peak: multiplies serving hours; 1 = billed as consumed */
  peakToMean: number;
  /** price per accelerator-hour; undefined = hours only */
  pricePerHour?: number;
  /** currency of the price, as the planner writes it ("USD", "€") */
  currency?: string;
}

/** The worked example of docs/cost-model.md: the form's defaults. */
export const EXAMPLE_PLAN: Plan = {
  trainingHours: 600,
  secondsPerClip: 0.04,
  intervalDays: 90,
  clipsPerSecond: 250,
  prototypeClips: 5000,
  trainingOverhead: 1,
  peakToMean: 1,
};

/** The launch stage's default: the crossover, after both honesty factors. */
export function defaultLaunchClips(plan: Plan): number | Problem {
  return crossoverClips(effectiveTrainingHours(plan), effectiveSecondsPerClip(plan));
}

/** The scale stage's default: clips per second over one retrain interval. */
export function defaultScaleClips(plan: Plan): number | Problem {
  return clipsPerInterval(plan.clipsPerSecond, plan.intervalDays);
}

/** The stage table's inputs from a plan, with launch and scale defaults filled in. */
export function stageInputsOf(plan: Plan): StageInputs | Problem {
  const launch = plan.launchClips ?? defaultLaunchClips(plan);
  if (isProblem(launch)) return launch;
  const scale = plan.scaleClips ?? defaultScaleClips(plan);
  if (isProblem(scale)) return scale;
  return {
    trainingHours: plan.trainingHours,
    secondsPerClip: plan.secondsPerClip,
    clipsPerStage: [plan.prototypeClips, launch, scale],
    trainingOverhead: plan.trainingOverhead,
    peakToMean: plan.peakToMean,
    pricePerHour: plan.pricePerHour,
  };
}
