/* Bad input gives a typed problem with a message that names the input, never NaN or Infinity. */
import fc from "fast-check";
import {
  amdahlCeiling,
  clipsPerInterval,
  costPerThousandClips,
  crossoverClips,
  marginalCostPerThousandClips,
  monthClips,
  servingHours,
  splitRatio,
} from "../../../src/core/model/formulas";
import { dominantHalf, roundSignificant } from "../../../src/core/model/dominance";
import { isProblem } from "../../../src/core/model/problems";
import { FUNCTION_CATALOG } from "../../../src/functions/catalog";

test.each([
  ["negative clips", () => servingHours(-1, 0.04), "invalidNumber", "clips"],
  ["negative seconds", () => servingHours(10, -0.04), "invalidNumber", "seconds_per_clip"],
  ["zero seconds in the crossover", () => crossoverClips(600, 0), "divisionByZero", "seconds_per_clip"],
  ["negative training hours", () => crossoverClips(-600, 0.04), "invalidNumber", "training_hours"],
  ["part over total", () => amdahlCeiling(5, 4), "invalidNumber", "part_hours"],
  ["a zero total", () => amdahlCeiling(0, 0), "divisionByZero", "total_hours"],
  ["fraction_cut over 1", () => amdahlCeiling(1, 4, 1.5), "invalidNumber", "fraction_cut"],
  ["fraction_cut under 0", () => amdahlCeiling(1, 4, -0.1), "invalidNumber", "fraction_cut"],
  ["zero training hours in the ratio", () => splitRatio(10, 0.04, 0), "divisionByZero", "training_hours"],
  ["negative days", () => clipsPerInterval(250, -90), "invalidNumber", "interval_days"],
  ["no clips at all against training", () => dominantHalf(0, 0.04, 600), "divisionByZero", "Serving hours are 0"],
  ["NaN", () => servingHours(NaN, 0.04), "invalidValue", "clips"],
  ["an overflow", () => servingHours(1e300, 1e300), "invalidNumber", "too large"],
  ["an overflowing crossover", () => crossoverClips(1e307, 1e-10), "invalidNumber", "too large"],
  [
    "negative training in a cost per 1,000",
    () => costPerThousandClips(-1, 10, 1e6, 2),
    "invalidNumber",
    "training_hours",
  ],
  [
    "negative serving in a cost per 1,000",
    () => costPerThousandClips(1, -10, 1e6, 2),
    "invalidNumber",
    "serving_hours",
  ],
  ["no clips to share the cost", () => costPerThousandClips(600, 10, 0, 2), "divisionByZero", "clips"],
  ["negative clips in a cost per 1,000", () => costPerThousandClips(600, 10, -5, 2), "invalidNumber", "clips"],
  ["a negative price", () => costPerThousandClips(600, 10, 1e6, -2), "invalidNumber", "price"],
  // Every sign before the divisor, as the twin's arithmetic meets them: a bad price wins over no clips.
  ["a negative price over no clips", () => costPerThousandClips(600, 10, 0, -2), "invalidNumber", "price"],
  ["a text price", () => costPerThousandClips(600, 10, 1e6, NaN), "invalidValue", "price"],
  ["negative clips per second in a month", () => monthClips(-1, 360), "invalidNumber", "clips_per_second"],
  ["negative days a year", () => monthClips(250, -360), "invalidNumber", "days_per_year"],
  ["an overflowing month", () => monthClips(1e300, 1e10), "invalidNumber", "too large"],
  [
    "negative seconds at the margin",
    () => marginalCostPerThousandClips(-0.04, 1, 2),
    "invalidNumber",
    "seconds_per_clip",
  ],
  ["peak-to-mean under 1", () => marginalCostPerThousandClips(0.04, 0.5, 2), "invalidNumber", "peak_to_mean"],
  ["a negative price at the margin", () => marginalCostPerThousandClips(0.04, 1, -2), "invalidNumber", "price"],
  ["an overflowing margin", () => marginalCostPerThousandClips(1e300, 1e10, 1e10), "invalidNumber", "too large"],
])("%s", (_, compute, kind, named) => {
  const result = compute();
  expect(isProblem(result)).toBe(true);
  expect(result).toMatchObject({ kind });
  expect((result as { message: string }).message).toContain(named);
});

test("results are never NaN, Infinity or -0, whatever the numbers: every formula of the catalog", () => {
  const anyDouble = fc.double();
  const formulas = FUNCTION_CATALOG.flatMap((spec) => (spec.kind === "cells" ? [spec] : []));
  expect(formulas.map((spec) => spec.formula)).toEqual(expect.arrayContaining([servingHours, dominantHalf]));
  fc.assert(
    fc.property(anyDouble, anyDouble, anyDouble, anyDouble, anyDouble, anyDouble, (a, b, c, d, e, f) => {
      for (const spec of formulas) {
        const r = spec.formula(a, b, c, d, e, f);
        if (isProblem(r)) continue;
        if (spec.result === "text") {
          // DOMINANTHALF's verdict: "equal", or the larger half and its lead.
          if (typeof r !== "string" || !/^(equal|(serving|training), [0-9.e+]+x)$/.test(r)) return false;
        } else if (typeof r !== "number" || !Number.isFinite(r) || Object.is(r, -0)) return false;
      }
      return true;
    }),
    { numRuns: 2000 },
  );
});

test("roundSignificant keeps three significant figures", () => {
  expect(roundSignificant(10.8333, 3)).toBe(10.8);
  expect(roundSignificant(123456, 3)).toBe(123000);
  expect(roundSignificant(0.0012345, 3)).toBe(0.00123);
  expect(roundSignificant(1.004, 3)).toBe(1);
});
