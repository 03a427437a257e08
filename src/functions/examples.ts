/*
 * What a catalog row says of its examples: calls written over the worked example's figures, so the
 * help page shows them for whatever plan it is built from, each with what it returns for the docs'
 * worked example (docs/cost-model.md), the figure the README and the help page quote. The help page,
 * bench/run.js and test/functions/examples.test.ts read them from FUNCTION_CATALOG.
 */
import type { Plan } from "../stages/model";

/** The worked example's figures that examples are written over; src/help/workedExample.ts computes them for a plan. */
export interface ExampleFigures {
  readonly plan: Pick<Plan, "trainingHours" | "secondsPerClip" | "intervalDays" | "clipsPerSecond" | "prototypeClips">;
  /** clips per retrain interval */
  readonly clips: number;
  readonly crossover: number;
  /** the intervals in a year, rounded: 4 for 90 days */
  readonly retrainsPerYear: number;
  readonly trainingYear: number;
  readonly servingYear: number;
  readonly totalYear: number;
  /** the hours of one back-catalogue re-scan (the annual view's example) */
  readonly rescanHours: number;
}

/** A result as the docs state it: a figure, a text, or a spilled table's rows. */
export type ExampleResult = number | string | readonly (readonly (number | string)[])[];

/** What a note may speak of, and how the help page writes figures. */
export interface ExampleWords {
  readonly figures: ExampleFigures;
  /** the call's result for the page's plan */
  readonly result: ExampleResult;
  /** "per quarter", or "per interval" for an interval with no everyday name */
  readonly perInterval: string;
  readonly figure: (value: number) => string;
  readonly share: (value: number) => string;
}

/** One example call of a catalog function. */
export interface FunctionExample {
  /** the arguments as a reader types them, from the worked example's figures */
  readonly args: (figures: ExampleFigures) => readonly number[];
  /** what the call returns for the docs' worked example, as the page shows it (three significant figures) */
  readonly returns: ExampleResult;
  /** the few words the help page prints after the result */
  readonly note: string | ((words: ExampleWords) => string);
}

/** A function's examples: at least one, so a row without one does not compile. */
export type FunctionExamples = readonly [FunctionExample, ...FunctionExample[]];

/**
 * The docs' cadence change, "retrain once a year instead of four times", as a proposal of runs a
 * year; a plan that already retrains yearly retrains half as often instead.
 * @example yearlyRetraining({ retrainsPerYear: 4 }).words // "retraining once a year instead of 4 times"
 */
export function yearlyRetraining({ retrainsPerYear: times }: Pick<ExampleFigures, "retrainsPerYear">): {
  now: number;
  proposed: number;
  words: string;
} {
  return times > 1
    ? { now: times, proposed: 1, words: `retraining once a year instead of ${times} times` }
    : { now: 1, proposed: 0.5, words: "retraining half as often" };
}
