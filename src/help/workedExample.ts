/*
 * The worked example of docs/cost-model.md, computed from a plan by the model's own functions,
 * so that the help page's figures are the model's. A different plan gives a different example;
 * the page is built from EXAMPLE_PLAN, the form's defaults.
 */
import { amdahlCeiling, clipsPerInterval, crossoverClips, servingHours, splitRatio } from "../core/model/formulas";
import { Dominance, dominanceOfHours } from "../core/model/dominance";
import { isProblem, Problem } from "../core/model/problems";
import { EXAMPLE_ANNUAL_PLAN } from "../annual/model";
import type { ExampleFigures } from "../functions";
import { ExampleCall, exampleCall } from "./calls";
import { formatShare } from "./format";

/** The fields of a plan the example reads; the honesty factors and the price play no part. */
export type ExamplePlan = ExampleFigures["plan"];

/** Every figure of the worked example: those the catalog's examples are written over, and the walk-through's. */
export interface WorkedExample extends ExampleFigures {
  /** the retrain interval in words: "quarter", or undefined for an interval with no name */
  readonly intervalName: string | undefined;
  readonly servingHours: number;
  readonly splitRatio: number;
  /** the larger half: "serving", "training" or "equal" */
  readonly dominantSide: Dominance["side"];
  /** training's share of a year's bill: the ceiling on any training-side saving */
  readonly ceiling: number;
}

/** A figure the example needs; a Problem here is a plan the example cannot show, so the build stops. */
function must<T>(value: T | Problem, what: string): T {
  if (isProblem(value)) throw new Error(`The help page's worked example has no ${what}: ${value.message}`);
  return value;
}

const INTERVAL_NAMES: readonly [number, number, string][] = [
  [7, 7, "week"],
  [28, 31, "month"],
  [89, 92, "quarter"],
  [365, 366, "year"],
];

/** "quarter" for 90 days; undefined for an interval with no everyday name. */
export function intervalName(days: number): string | undefined {
  return INTERVAL_NAMES.find(([low, high]) => days >= low && days <= high)?.[2];
}

/**
 * The worked example's figures from a plan, each from the model.
 * @example workedExample(EXAMPLE_PLAN).crossover // 54000000
 */
export function workedExample(plan: ExamplePlan): WorkedExample {
  const { trainingHours, secondsPerClip } = plan;
  const clips = must(clipsPerInterval(plan.clipsPerSecond, plan.intervalDays), "clips per interval");
  const serving = must(servingHours(clips, secondsPerClip), "serving hours");
  // A year counts whole intervals, as the docs' "a year of four quarters" does.
  const retrainsPerYear = Math.max(1, Math.round(365 / plan.intervalDays));
  const trainingYear = retrainsPerYear * trainingHours;
  const servingYear = retrainsPerYear * serving;
  return {
    plan,
    intervalName: intervalName(plan.intervalDays),
    clips,
    servingHours: serving,
    splitRatio: must(splitRatio(clips, secondsPerClip, trainingHours), "split ratio"),
    dominantSide: must(dominanceOfHours(serving, trainingHours), "dominant half").side,
    crossover: must(crossoverClips(trainingHours, secondsPerClip), "crossover"),
    retrainsPerYear,
    trainingYear,
    servingYear,
    totalYear: trainingYear + servingYear,
    ceiling: must(amdahlCeiling(trainingYear, trainingYear + servingYear), "Amdahl ceiling"),
    rescanHours: EXAMPLE_ANNUAL_PLAN.rescanHoursEach,
  };
}

/** "per quarter", or "per interval" when the interval has no name. */
export const perInterval = (example: WorkedExample): string => `per ${example.intervalName ?? "interval"}`;

/** The calls that walk through the example, in reading order: one interval's, then the year's. */
export function workedExampleCalls(example: WorkedExample): { interval: ExampleCall[]; year: ExampleCall[] } {
  const { clipsPerSecond, intervalDays, trainingHours: hours, secondsPerClip: seconds } = example.plan;
  const per = perInterval(example);
  const interval = [
    exampleCall("CLIPSPERINTERVAL", [clipsPerSecond, intervalDays], `clips ${per}`),
    exampleCall("SERVINGHOURS", [example.clips, seconds], `serving hours ${per}`),
    exampleCall("SPLITRATIO", [example.clips, seconds, hours], "serving hours per training hour"),
    exampleCall("DOMINANTHALF", [example.clips, seconds, hours], "the larger half, and its lead"),
    exampleCall("CROSSOVER", [hours, seconds], `clips ${per} at which the two halves are equal`),
  ];
  const share = formatShare(example.ceiling);
  const yearCall = exampleCall(
    "AMDAHLCEILING",
    [example.trainingYear, example.totalYear],
    `(${share}): training's share of a year's bill, and the most any saving on training can take off it`,
  );
  return { interval, year: [yearCall] };
}
