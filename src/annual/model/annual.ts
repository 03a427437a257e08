/*
 * The annual view: a year of the system's accelerator-hours, by part (training, serving, one-off
 * re-scans), consumed and paid, and each part's share of the total. Training's share is the
 * ceiling on any training-side change (Amdahl's law applied to spend). Paid serving is consumed
 * serving times peak-to-mean provisioning (a fleet held at peak bills through the trough);
 * training and re-scans are billed as consumed. Every function returns a result or a Problem.
 */
import { productRatio } from "../../core/model/arithmetic";
import { checkNonNegative, finiteResult } from "../../core/model/checks";
import {
  amdahlCeiling,
  ceilingOf,
  clipsPerInterval,
  costPerThousandClips,
  servingHours,
} from "../../core/model/formulas";
import { AnnualPlan, checkAnnualPlan } from "./annualFields";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { costOf } from "../../stages/model";

/** The inputs of a year's hours: an annual plan's current system, without the proposals. */
export type AnnualInputs = Pick<
  AnnualPlan,
  | "trainingHoursPerRun"
  | "runsPerYear"
  | "trainingOverhead"
  | "secondsPerClip"
  | "clipsPerSecond"
  | "daysPerYear"
  | "peakToMean"
  | "rescanEvents"
  | "rescanHoursEach"
>;

/** A year's accelerator-hours, by part. */
export interface AnnualHours {
  /** the winning runs alone: runs a year x hours per run */
  winningRunHours: number;
  /** training: the winning runs times the overhead of failed runs and sweeps */
  training: number;
  /** the failed runs and sweeps: training - winning runs */
  trainingOverhead: number;
  /** clips scored in the year */
  clips: number;
  /** serving as consumed: clips x seconds per clip / 3600 */
  servingConsumed: number;
  /** serving as paid: consumed x peak-to-mean */
  servingPaid: number;
  /** capacity paid for and not used: paid - consumed serving */
  idleCapacity: number;
  /** one-off re-scans: events x hours each */
  rescans: number;
  totalConsumed: number;
  totalPaid: number;
}

/**
 * hours / divisor_hours, signed: a saving (positive) or an addition (negative) as a share of a
 * total, or as a multiple of the training half. `what` names the figure in a message.
 */
export function hoursRatio(hours: number, divisorHours: number, what: string): number | Problem {
  const bad = checkNonNegative(Math.abs(hours), what) ?? checkNonNegative(divisorHours, what);
  if (bad) return bad;
  if (divisorHours === 0) return problem("divisionByZero", `${what} divides by 0.`);
  const ratio = finiteResult(productRatio(Math.abs(hours), 1, 1, divisorHours, 1), what);
  return isProblem(ratio) || hours >= 0 ? ratio : -ratio;
}

/**
 * Training's share of a bill of three parts, training + serving + other: the ceiling on any
 * change to training (Amdahl's law). The total includes training itself, which is the step a
 * share computed by hand most often misses (2,400 / 86,400 = 2.78%, not 2.70%).
 * @example trainingShare(2400, 86400) // 0.027: 2,400 / 88,800
 * @example trainingShare(2400, 86400, 44400) // 0.018: one re-scan of 44,400 h
 */
export function trainingShare(trainingHours: number, servingHoursValue: number, otherHours = 0): number | Problem {
  const bad =
    checkNonNegative(trainingHours, "training_hours") ??
    checkNonNegative(servingHoursValue, "serving_hours") ??
    checkNonNegative(otherHours, "other_hours");
  if (bad) return bad;
  const total = trainingHours + servingHoursValue + otherHours;
  if (total === 0) return problem("divisionByZero", "training_hours, serving_hours and other_hours are all 0.");
  // Three parts each below the largest double can sum above it; a quarter of each keeps the share.
  // Every part is checked and the total is positive: the ceiling's arithmetic alone (ceilingOf).
  if (total === Infinity) {
    return ceilingOf(trainingHours / 4, trainingHours / 4 + servingHoursValue / 4 + otherHours / 4, 1);
  }
  return ceilingOf(trainingHours, total, 1);
}

/** A figure of the year that must fit a double; the problem names it. */
function yearFigure(value: number, what: string): number | Problem {
  return finiteResult(value, what);
}

/**
 * A year's accelerator-hours by part, from inputs already checked (checkAnnualPlan); a Problem
 * only when a figure is too large to represent.
 * @example annualHours(EXAMPLE_ANNUAL_PLAN).totalConsumed // 88800
 */
export function annualHours(inputs: AnnualInputs): AnnualHours | Problem {
  const { trainingHoursPerRun, runsPerYear, trainingOverhead, secondsPerClip, peakToMean } = inputs;
  const winningRunHours = yearFigure(productRatio(trainingHoursPerRun, runsPerYear, 1, 1, 1), "Winning-run hours");
  if (isProblem(winningRunHours)) return winningRunHours;
  // The winning runs times the overhead, so the failed runs and sweeps (the difference) are never negative.
  const training = yearFigure(winningRunHours * trainingOverhead, "Training hours a year");
  if (isProblem(training)) return training;
  const clips = clipsPerInterval(inputs.clipsPerSecond, inputs.daysPerYear);
  if (isProblem(clips)) return clips;
  const servingConsumed = servingHours(clips, secondsPerClip);
  if (isProblem(servingConsumed)) return servingConsumed;
  const servingPaid = yearFigure(servingConsumed * peakToMean, "Paid serving hours a year");
  if (isProblem(servingPaid)) return servingPaid;
  const rescans = yearFigure(productRatio(inputs.rescanEvents, inputs.rescanHoursEach, 1, 1, 1), "Re-scan hours");
  if (isProblem(rescans)) return rescans;
  const totalConsumed = yearFigure(training + servingConsumed + rescans, "The year's consumed total");
  if (isProblem(totalConsumed)) return totalConsumed;
  const totalPaid = yearFigure(training + servingPaid + rescans, "The year's paid total");
  if (isProblem(totalPaid)) return totalPaid;
  return {
    winningRunHours,
    training,
    trainingOverhead: training - winningRunHours,
    clips,
    servingConsumed,
    servingPaid,
    idleCapacity: servingPaid - servingConsumed,
    rescans,
    totalConsumed,
    totalPaid,
  };
}

/** The parts of the annual table, in its order; "total" is the last row. */
export const ANNUAL_PARTS = ["training", "serving", "rescans", "total"] as const;
export type AnnualPart = (typeof ANNUAL_PARTS)[number];

/** The label of each row of the annual table, as the pane and the sheet show it. */
export const ANNUAL_PART_LABELS: Readonly<Record<AnnualPart, string>> = {
  training: "Training (runs x overhead)",
  serving: "Serving",
  rescans: "One-off re-scans",
  total: "Total",
};

/** One row of the annual table: a part's hours consumed and paid, and its share of each total. */
export interface AnnualRow {
  part: AnnualPart;
  label: string;
  consumedHours: number;
  /** consumed x peak-to-mean for serving; training and re-scans are billed as consumed */
  paidHours: number;
  /** the part's share of the consumed total: the ceiling on any change to it, counted as consumed */
  consumedShare: number | Problem;
  /** the part's share of the paid total (the bill): the ceiling on any change to it */
  paidShare: number | Problem;
  /** consumed hours x price; undefined when no price was given */
  consumedCost?: number | Problem;
  /** paid hours x price; undefined when no price was given */
  paidCost?: number | Problem;
}

/** The annual table and the figures read off it. */
export interface AnnualTable {
  /** training, serving, re-scans, total: ANNUAL_PARTS' order */
  rows: AnnualRow[];
  hours: AnnualHours;
  /** training's share of the consumed total: the ceiling on any training-side change (2.7%) */
  trainingShareConsumed: number | Problem;
  /** training's share of the paid total (1.37% at 2x peak-to-mean) */
  trainingSharePaid: number | Problem;
  /** paid minus consumed serving: capacity held for the peak */
  idleCapacityHours: number;
  /** idle capacity over the whole training half (36 at 2x peak-to-mean) */
  idleToTraining: number | Problem;
  /**
   * the bill's cost over the year's clips, x 1,000: what 1,000 clips cost with training and re-scans amortised
   * over every clip; undefined when no price was given
   */
  costPerThousandClips?: number | Problem;
}

/**
 * The annual table of a plan: each part's hours consumed and paid, their shares, and training's
 * share of both totals. A plan that fails its checks gives the first problem, naming the field.
 * @example (annualTable(EXAMPLE_ANNUAL_PLAN) as AnnualTable).trainingShareConsumed // 0.027
 */
export function annualTable(plan: AnnualPlan): AnnualTable | Problem {
  const [bad] = checkAnnualPlan(plan);
  if (bad) return bad.problem;
  const hours = annualHours(plan);
  if (isProblem(hours)) return hours;
  const price = plan.pricePerHour;
  const row = (part: AnnualPart, consumedHours: number, paidHours: number): AnnualRow => ({
    part,
    label: ANNUAL_PART_LABELS[part],
    consumedHours,
    paidHours,
    consumedShare: amdahlCeiling(consumedHours, hours.totalConsumed),
    paidShare: amdahlCeiling(paidHours, hours.totalPaid),
    ...(price === undefined ? {} : { consumedCost: costOf(consumedHours, price), paidCost: costOf(paidHours, price) }),
  });
  return {
    rows: [
      row("training", hours.training, hours.training),
      row("serving", hours.servingConsumed, hours.servingPaid),
      row("rescans", hours.rescans, hours.rescans),
      row("total", hours.totalConsumed, hours.totalPaid),
    ],
    hours,
    trainingShareConsumed: trainingShare(hours.training, hours.servingConsumed, hours.rescans),
    trainingSharePaid: trainingShare(hours.training, hours.servingPaid, hours.rescans),
    idleCapacityHours: hours.idleCapacity,
    idleToTraining: hoursRatio(hours.idleCapacity, hours.training, "Idle capacity over training"),
    // The bill beyond training (paid serving and re-scans) is what the clips are scored with, so all of it counts.
    ...(price === undefined
      ? {}
      : {
          costPerThousandClips: costPerThousandClips(
            hours.training,
            hours.servingPaid + hours.rescans,
            hours.clips,
            price,
          ),
        }),
  };
}
