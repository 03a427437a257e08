/*
 * The year's parts as sheet formulas, written once for every place the annual sheet computes one:
 * the bill table and its workings (over the named inputs and figures) and each row of the
 * sensitivity (with one input's low or high cell in that input's place). Each part is the model's
 * annualHours step (src/annual/model/annual.ts), built by core/excel/formulas.ts and yearFormulas.ts: winning runs =
 * hours per run x runs; training = winning runs x overhead; clips = clips per second x days x
 * 86,400; serving = clips x seconds per clip / 3,600, paid x peak-to-mean; re-scans = events x
 * hours each; the total, their sum.
 */
import { AnnualPlan } from "../model/annualFields";
import * as inExcel from "../../core/excel/formulas";
import * as annualExcel from "../../core/excel/yearFormulas";

/** Each part as a formula; a part built on another takes that one's cell or formula. */
export interface YearPartFormulas {
  winningRuns: string;
  /** training from the winning runs' hours */
  training: (winningRuns: string) => string;
  clips: string;
  /** serving as used, from the clips of the year */
  servingConsumed: (clips: string) => string;
  /** serving as paid, from serving as used */
  servingPaid: (consumed: string) => string;
  rescans: string;
}

/** The year's total, used or paid: the three parts added (the serving part, used or paid, decides which). */
export const yearTotalFormula = (training: string, serving: string, rescans: string): string =>
  inExcel.totalHours(training, serving, rescans);

/**
 * The year's parts over the cells `at` names for each input (a defined name, or a cell such as D62).
 * Every formula is a product and a division left to right, so one can take another's place unbracketed.
 */
export function yearPartFormulas(at: (key: keyof AnnualPlan) => string): YearPartFormulas {
  return {
    winningRuns: annualExcel.winningRunHours(at("trainingHoursPerRun"), at("runsPerYear")),
    training: (winningRuns) => inExcel.effectiveTrainingHours(winningRuns, at("trainingOverhead")),
    clips: inExcel.clipsPerInterval(at("clipsPerSecond"), at("daysPerYear")),
    servingConsumed: (clips) => inExcel.servingHours(clips, at("secondsPerClip")),
    servingPaid: (consumed) => inExcel.paidServingHours(consumed, at("peakToMean")),
    rescans: annualExcel.rescanHours(at("rescanEvents"), at("rescanHoursEach")),
  };
}
