/*
 * The estate sheet's own builders (src/estate/sheet/estateFormulas.ts) against the estate model, in HyperFormula
 * (test/support/builderCases.ts): a cadence's runs a year by runsPerYearOf, a model's crossover by estateYear's, the
 * priced flag by estateYear's priced, a changed lever's saving, retiring.
 */
import fc from "fast-check";
import * as estateExcel from "../../../src/estate/sheet/estateFormulas";
import { CADENCE_UNITS, EXAMPLE_ESTATE, EstateYear, estateYear, runsPerYearOf } from "../../../src/estate/model";
import { leverSaving } from "../../../src/annual/model";
import { annualLeverSaving } from "../../../src/core/excel/yearFormulas";
import { BuilderCases, fraction, positive, quantity, testBuilders } from "../../support/builderCases";
import { problem } from "../../../src/core/model/problems";
import { NO_PRICE } from "../../../src/estate/sheet/estateRows";

const unit = fc.constantFrom(...CADENCE_UNITS);
const count = fc.oneof(positive, fc.integer({ min: 1, max: 365 }));
const days = fc.constantFrom(360, 365, 364);

/** A one-model estate's crossover, as the model gives it, from the model's fields. */
function crossoverOf(hours: number, overhead: number, seconds: number, share: number, peak: number, runs: number) {
  const model = { ...EXAMPLE_ESTATE.models[0], trainingHoursPerRun: hours, trainingOverhead: overhead };
  const plan = {
    ...EXAMPLE_ESTATE,
    models: [{ ...model, secondsPerClip: seconds, shareScored: share, peakToMean: peak, cadence: runs }],
  };
  const year = estateYear(plan) as EstateYear;
  return year.models[0].crossoverClips;
}

const CASES: BuilderCases<typeof estateExcel> = {
  cadenceRunsPerYear: {
    sample: fc.tuple(count, unit, days).map(([n, u, d]) => ({
      cells: [n, u.words, d, 12],
      expected: runsPerYearOf(n, u.unit, d),
    })),
    fixed: [
      { cells: [90, "days between retrains", 360, 12], expected: 4 },
      { cells: [3, "months between retrains", 360, 12], expected: 4 },
      { cells: [4, "runs a year", 360, 12], expected: 4 },
    ],
    formula: ([n, u, d, m]) => estateExcel.cadenceRunsPerYear(n, u, d, m),
  },
  proposedRunsPerYear: {
    sample: fc.tuple(fc.option(count, { nil: null }), unit, days).map(([p, u, d]) => ({
      cells: [p, 7, u.words, d, 12],
      expected: p === null ? 7 : runsPerYearOf(p, u.unit, d),
    })),
    formula: ([p, now, u, d, m]) => estateExcel.proposedRunsPerYear(p, now, u, d, m),
  },
  pricedFigure: {
    sample: fc.tuple(fc.constantFrom(0, 1), quantity).map(([flag, x]) => ({
      cells: [flag, x],
      expected: flag === 1 ? x : NO_PRICE,
    })),
    formula: ([flag, x]) => estateExcel.pricedFigure(flag, x),
  },
  everyModelPriced: {
    // Three models' training prices (A..C) and serving prices (D..F); a blank is a model without that price.
    sample: fc.array(fc.option(quantity, { nil: null }), { minLength: 6, maxLength: 6 }).map((cells) => {
      const year = estateYear({
        ...EXAMPLE_ESTATE,
        models: EXAMPLE_ESTATE.models.map((m, i) => ({
          ...m,
          trainingPricePerHour: cells[i] ?? undefined,
          servingPricePerHour: cells[3 + i] ?? undefined,
        })),
      }) as EstateYear;
      return { cells, expected: year.priced ? 1 : 0 };
    }),
    formula: (cells) => estateExcel.everyModelPriced(`${cells[0]}:${cells[2]}`, `${cells[3]}:${cells[5]}`),
  },
  modelCrossover: {
    sample: fc
      .tuple(quantity, fc.double({ min: 1, max: 3, noNaN: true }), positive, fraction)
      .chain(([hours, overhead, seconds, share]) =>
        fc.tuple(fc.double({ min: 1, max: 3, noNaN: true }), fc.constantFrom(0, 1, 4)).map(([peak, runs]) => ({
          cells: [hours, overhead, seconds, share, peak, runs],
          expected: crossoverOf(hours, overhead, seconds, share, peak, runs),
        })),
      ),
    fixed: [
      { cells: [2000, 1, 0.5, 0.05, 1, 2], expected: 288_000_000 },
      { cells: [600, 1, 0.04, 1, 1, 0], expected: problem("divisionByZero", "not retrained") },
      { cells: [600, 1, 0.04, 0, 1, 4], expected: problem("divisionByZero", "scores no clips") },
    ],
    formula: ([h, o, s, sh, p, r]) => estateExcel.modelCrossover(`${h}*${o}`, `${s}*${sh}*${p}`, r),
  },
  whenChanged: {
    sample: fc.tuple(quantity, quantity, quantity).map(([part, now, proposed]) => ({
      cells: [part, now, proposed],
      expected: now === proposed ? 0 : leverSaving(part, now, proposed),
    })),
    fixed: [
      { cells: [2400, 0, 0], expected: 0 },
      { cells: [86_400, 0.04, 0.03], expected: 21_600 },
    ],
    formula: ([part, now, proposed]) => estateExcel.whenChanged(now, proposed, annualLeverSaving(part, now, proposed)),
  },
  retireSaving: {
    sample: fc.tuple(fc.constantFrom(0, 1, null), quantity).map(([flag, total]) => ({
      cells: [flag, total],
      expected: flag === 1 ? total : 0,
    })),
    fixed: [{ cells: [1, 44_400], expected: 44_400 }],
    formula: ([flag, total]) => estateExcel.retireSaving(flag, total),
  },
  retiredOrKept: {
    sample: fc.constantFrom(0, 1, null).map((flag) => ({ cells: [flag], expected: flag === 1 ? 0 : 1 })),
    formula: ([flag]) => estateExcel.retiredOrKept(flag),
  },
};

testBuilders(estateExcel, CASES);
