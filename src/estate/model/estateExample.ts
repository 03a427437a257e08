/*
 * The estate's worked example, alone in its module so that the functions bundle, whose catalog's examples read it,
 * carries none of the estate's field rows (test/functions/bundle.test.ts holds the bundle under 30 KB).
 */
import { DAYS_PER_YEAR_COUNTED } from "../../annual/model";
import type { EstatePlan } from "./estateFields";

/**
 * The worked example of docs/cost-model.md: a first-pass classifier and a second opinion on every clip, and an
 * escalation model on one clip in twenty, at 250 clips/s over a 360-day year. Proposed: A at 30 ms and retrained
 * yearly, B retired, C escalating 4% of clips instead of 5%, at 0.45 s a clip, retrained yearly.
 */
export const EXAMPLE_ESTATE: EstatePlan = {
  clipsPerSecond: 250,
  daysPerYear: DAYS_PER_YEAR_COUNTED,
  currency: "USD",
  models: [
    {
      name: "A policy classifier",
      trainingHoursPerRun: 600,
      trainingOverhead: 1,
      cadence: 4,
      cadenceUnit: "runsPerYear",
      secondsPerClip: 0.04,
      shareScored: 1,
      peakToMean: 1,
      rescanEvents: 0,
      rescanHoursEach: 0,
      trainingPricePerHour: 4,
      servingPricePerHour: 0.8,
      cadenceProposed: 1,
      secondsPerClipProposed: 0.03,
    },
    {
      name: "B second opinion",
      trainingHoursPerRun: 300,
      trainingOverhead: 1,
      cadence: 4,
      cadenceUnit: "runsPerYear",
      secondsPerClip: 0.02,
      shareScored: 1,
      peakToMean: 1,
      rescanEvents: 0,
      rescanHoursEach: 0,
      trainingPricePerHour: 4,
      servingPricePerHour: 0.8,
      retireProposed: 1,
    },
    {
      name: "C escalation",
      trainingHoursPerRun: 2000,
      trainingOverhead: 1,
      cadence: 2,
      cadenceUnit: "runsPerYear",
      secondsPerClip: 0.5,
      shareScored: 0.05,
      peakToMean: 1,
      rescanEvents: 0,
      rescanHoursEach: 0,
      trainingPricePerHour: 4,
      servingPricePerHour: 4,
      cadenceProposed: 1,
      secondsPerClipProposed: 0.45,
      shareScoredProposed: 0.04,
    },
  ],
};
