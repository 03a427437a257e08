/*
 * A year's builders (src/core/excel/yearFormulas.ts), which the annual and estate sheets write, against the annual
 * model, in HyperFormula (test/support/builderCases.ts): the year's parts by annualHours, the levers' savings by
 * leverSaving, their ranks by savingRanks.
 */
import fc from "fast-check";
import * as annualExcel from "../../../src/core/excel/yearFormulas";
import { leverSaving, savingRanks } from "../../../src/annual/model/levers";
import { BuilderCases, direct, fraction, quantity, testBuilders } from "../../support/builderCases";
import { annualCase } from "../../annual/sheet/annualSamples";

const CASES: BuilderCases<typeof annualExcel> = {
  winningRunHours: {
    sample: annualCase(
      (_, i) => [i.trainingHoursPerRun, i.runsPerYear],
      (h) => h.winningRunHours,
    ),
    formula: ([hoursPerRun, runs]) => annualExcel.winningRunHours(hoursPerRun, runs),
  },
  rescanHours: {
    sample: annualCase(
      (_, i) => [i.rescanEvents, i.rescanHoursEach],
      (h) => h.rescans,
    ),
    formula: ([events, each]) => annualExcel.rescanHours(events, each),
  },
  failedRunHours: {
    sample: annualCase(
      (h) => [h.training, h.winningRunHours],
      (h) => h.trainingOverhead,
    ),
    fixed: [{ cells: [3600, 2400], expected: 1200 }],
    formula: ([training, winning]) => annualExcel.failedRunHours(training, winning),
  },
  annualLeverSaving: {
    sample: direct(fc.tuple(quantity, quantity, quantity), leverSaving),
    fixed: [
      { cells: [2400, 4, 1], expected: 1800 },
      { cells: [86_400, 0.04, 0.03], expected: 21_600 },
      { cells: [2400, 0, 1], expected: leverSaving(2400, 0, 1) },
    ],
    formula: ([part, current, proposed]) => annualExcel.annualLeverSaving(part, current, proposed),
  },
  workNotDoneSaving: {
    // As leversTable reads the lever: the hours follow the share still re-scored, 1 - 0 now, 1 - share proposed.
    sample: fc.tuple(quantity, fraction).map(([hours, share]) => ({
      cells: [hours, share],
      expected: leverSaving(hours, 1 - 0, 1 - share),
    })),
    fixed: [{ cells: [172_800, 0.25], expected: 43_200 }],
    formula: ([hours, share]) => annualExcel.workNotDoneSaving(hours, share),
  },
  leverRank: {
    // The first of six savings ranked within all six (A..F of its row), against the model's rule; ties drawn often.
    sample: fc
      .array(fc.oneof(fc.constantFrom(0, 1800, 21600), fc.double({ min: -1e6, max: 1e6, noNaN: true })), {
        minLength: 6,
        maxLength: 6,
      })
      .map((cells) => ({ cells, expected: savingRanks(cells)[0] })),
    fixed: [{ cells: [1800, 21600, 1800, 0, 0, -5], expected: 2 }],
    formula: (cells) => annualExcel.leverRank(cells[0], `${cells[0]}:${cells[cells.length - 1]}`),
  },
};

testBuilders(annualExcel, CASES);
