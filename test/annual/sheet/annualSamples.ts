/*
 * Generated annual inputs and the annual model's hours of them, for the builders' cases of the annual sheet's
 * own formulas and of the shared ones the year uses (totals, idle capacity).
 */
import fc from "fast-check";
import { annualHours, AnnualHours, AnnualInputs } from "../../../src/annual/model/annual";
import { factor, quantity, Sample } from "../../support/builderCases";

const annualInputs: fc.Arbitrary<AnnualInputs> = fc.record({
  trainingHoursPerRun: quantity,
  runsPerYear: fc.integer({ min: 0, max: 52 }),
  trainingOverhead: factor,
  secondsPerClip: quantity,
  clipsPerSecond: fc.double({ min: 0, max: 1e5, noNaN: true }),
  daysPerYear: fc.constantFrom(360, 365),
  peakToMean: factor,
  rescanEvents: fc.integer({ min: 0, max: 5 }),
  rescanHoursEach: quantity,
});

/** Annual inputs with their hours: every generated input fits a double, so the model answers. */
export const annualCase = (
  cells: (h: AnnualHours, i: AnnualInputs) => number[],
  answer: (h: AnnualHours) => number,
): fc.Arbitrary<Sample> =>
  annualInputs.map((inputs): Sample => {
    const hours = annualHours(inputs) as AnnualHours;
    return { cells: cells(hours, inputs), expected: answer(hours) };
  });
