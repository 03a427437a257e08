import { checkFactor, checkNonNegative } from "../../core/model/checks";
import { Dominance, dominanceOfTraffic, dominanceText } from "../../core/model/dominance";
import { crossoverClips, halfShare, servingHours, splitRatio } from "../../core/model/formulas";
import { isProblem, Problem, problem } from "../../core/model/problems";

/** The three traffic levels the task pane and STAGETABLE show, in order. */
export const STAGE_NAMES = ["Prototype", "Launch", "Scale"] as const;
export type StageName = (typeof STAGE_NAMES)[number];

/** Everything the three-stage table is computed from. */
export interface StageInputs {
  /** accelerator-hours of one winning training run, per retrain interval */
  trainingHours: number;
  /** accelerator-seconds of serving per clip */
  secondsPerClip: number;
  /** clips per retrain interval at each stage, in STAGE_NAMES order */
  clipsPerStage: readonly [number, number, number];
  /** failed runs and sweeps: multiplies training hours (1 = none); 1 or more */
  trainingOverhead?: number;
  /** fleet provisioned for peak: multiplies serving hours (1 = billed as consumed); 1 or more */
  peakToMean?: number;
  /** price per accelerator-hour, in any currency; omitted = no cost column */
  pricePerHour?: number;
}

/** One stage of the table. Cells that cannot be computed hold the Problem instead. */
export interface StageRow {
  stage: StageName;
  clipsPerInterval: number;
  servingHours: number;
  trainingHours: number;
  totalHours: number;
  /** serving hours / training hours */
  splitRatio: number | Problem;
  /** "serving, 36x", "training, 10.8x" or "equal" */
  dominantHalf: string | Problem;
  /** the larger half: "serving", "training" or "equal" */
  dominantSide: Dominance["side"] | Problem;
  /** the larger half over the smaller, three significant figures (1 when equal) */
  lead: number | Problem;
  /** training hours / total: the ceiling on any training-side saving */
  trainingShare: number | Problem;
  /** serving hours / total: the ceiling on any serving-side saving */
  servingShare: number | Problem;
  /** total hours x price; undefined when no price was given */
  cost: number | Problem | undefined;
}

/** The whole table, with the crossover it is read against. */
export interface StageTable {
  rows: StageRow[];
  /** clips per interval where effective serving hours equal effective training hours */
  crossoverClips: number | Problem;
  /** training hours after the overhead factor */
  trainingHoursEffective: number;
}

/** Effective training hours: the winning run times the overhead of failed runs and sweeps. */
export function effectiveTrainingHours(inputs: { trainingHours: number; trainingOverhead?: number }): number {
  return inputs.trainingHours * (inputs.trainingOverhead ?? 1);
}

/** Effective serving seconds per clip: service time times the peak-to-mean provisioning factor. */
export function effectiveSecondsPerClip(inputs: { secondsPerClip: number; peakToMean?: number }): number {
  return inputs.secondsPerClip * (inputs.peakToMean ?? 1);
}

/**
 * The table's five main inputs as =MLCOST.STAGETABLE names its arguments, in its order: the names a problem
 * with one of them gives (the catalog's STAGETABLE row reads them too).
 */
export const STAGE_TABLE_ARGUMENTS = [
  "training_hours",
  "seconds_per_clip",
  "prototype_clips",
  "launch_clips",
  "scale_clips",
] as const;

/** Checks every input of the table; the first problem found, naming its input, or undefined. */
export function checkStageInputs(inputs: StageInputs): Problem | undefined {
  const [training, seconds, prototype, launch, scale] = STAGE_TABLE_ARGUMENTS;
  return (
    checkNonNegative(inputs.trainingHours, training) ??
    checkNonNegative(inputs.secondsPerClip, seconds) ??
    checkNonNegative(inputs.clipsPerStage[0], prototype) ??
    checkNonNegative(inputs.clipsPerStage[1], launch) ??
    checkNonNegative(inputs.clipsPerStage[2], scale) ??
    checkFactor(inputs.trainingOverhead ?? 1, "training_overhead") ??
    checkFactor(inputs.peakToMean ?? 1, "peak_to_mean") ??
    (inputs.pricePerHour === undefined ? undefined : checkNonNegative(inputs.pricePerHour, "price_per_hour"))
  );
}

/**
 * The same model at three traffic levels: only the clips (the denominator) move between rows.
 * Honesty factors multiply training hours (failed runs, sweeps) and serving hours
 * (peak-to-mean provisioning) before anything is compared.
 * @example stageTable({ trainingHours: 600, secondsPerClip: 0.04, clipsPerStage: [5e3, 54e6, 1.944e9] })
 */
export function stageTable(inputs: StageInputs): StageTable | Problem {
  const bad = checkStageInputs(inputs);
  if (bad) return bad;
  const trainingHoursEffective = effectiveTrainingHours(inputs);
  const secondsPerClipEffective = effectiveSecondsPerClip(inputs);
  if (!Number.isFinite(trainingHoursEffective))
    return problem("invalidNumber", "training_hours x training_overhead is too large.");
  const rows: StageRow[] = [];
  for (let i = 0; i < STAGE_NAMES.length; i++) {
    const clips = inputs.clipsPerStage[i];
    const serving = servingHours(clips, secondsPerClipEffective);
    if (typeof serving !== "number") return serving;
    const total = serving + trainingHoursEffective;
    if (!Number.isFinite(total))
      return problem("invalidNumber", `${STAGE_NAMES[i]} total hours are too large to represent (over 1.8e308).`);
    const price = inputs.pricePerHour;
    // The ratio and the verdict from traffic in one step, as SPLITRATIO and DOMINANTHALF take them: serving hours
    // below the normal range have lost digits that the ratio would otherwise carry.
    const dominance = dominanceOfTraffic(clips, secondsPerClipEffective, trainingHoursEffective);
    rows.push({
      stage: STAGE_NAMES[i],
      clipsPerInterval: clips,
      servingHours: serving,
      trainingHours: trainingHoursEffective,
      totalHours: total,
      splitRatio: splitRatio(clips, secondsPerClipEffective, trainingHoursEffective),
      dominantHalf: dominanceText(dominance),
      dominantSide: isProblem(dominance) ? dominance : dominance.side,
      lead: isProblem(dominance) ? dominance : dominance.lead,
      trainingShare: halfShare(trainingHoursEffective, serving),
      servingShare: halfShare(serving, trainingHoursEffective),
      cost: price === undefined ? undefined : costOf(total, price),
    });
  }
  return {
    rows,
    crossoverClips: crossoverClips(trainingHoursEffective, secondsPerClipEffective),
    trainingHoursEffective,
  };
}

/** Money: accelerator-hours x price per accelerator-hour. */
export function costOf(hours: number, pricePerHour: number): number | Problem {
  const bad = checkNonNegative(hours, "hours") ?? checkNonNegative(pricePerHour, "price_per_hour");
  if (bad) return bad;
  const cost = hours * pricePerHour;
  return Number.isFinite(cost) ? cost : problem("invalidNumber", "The cost is too large to represent (over 1.8e308).");
}
