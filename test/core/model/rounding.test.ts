/*
 * One rounding rule everywhere: the model rounds a lead to three significant figures as a
 * spreadsheet's ROUND does (decimal digits, half away from zero), so DOMINANTHALF, the pane and
 * the written sheet agree on every input. The expected figures are LibreOffice's ROUND, which
 * rounds as Excel does (ROUND(1.005, 2) = 1.01); test/e2e/rounding.e2e.ts holds the model to it
 * on generated ties. HyperFormula and IronCalc are no reference here: HyperFormula's INT
 * truncates negative logarithms and its ROUND breaks ties to even (ROUND(1065000, -4) gives
 * 1060000), and IronCalc's ROUND keeps binary noise (ROUND(1.015, 2) = 1.01,
 * ROUND(86150000, -5) = 86099999.9999999).
 */
import { dominantHalf, roundSignificant } from "../../../src/core/model/dominance";
import { stageTable } from "../../../src/stages/model/stages";

test.each([
  [10.85, 10.9],
  [1.015, 1.02],
  [1.005, 1.01],
  [4.895, 4.9],
  [86150000, 86200000],
  [1065000, 1070000],
  [0.0003145, 0.000315],
  [2.675, 2.68],
  [36, 36],
  [10800, 10800],
  [99.95, 100],
  [0.00009255, 0.0000926],
])("roundSignificant(%p, 3) is %p, as ROUND gives", (value, expected) => {
  expect(roundSignificant(value, 3)).toBe(expected);
});

test("the issue's cases: scale 585,900,000 clips is serving 10.9x, launch 54,810,000 is 1.02x", () => {
  expect(dominantHalf(585_900_000, 0.04, 600)).toBe("serving, 10.9x");
  expect(dominantHalf(54_810_000, 0.04, 600)).toBe("serving, 1.02x");
  const table = stageTable({
    trainingHours: 600,
    secondsPerClip: 0.04,
    clipsPerStage: [5000, 54_810_000, 585_900_000],
  });
  if ("kind" in table) throw new Error(table.message);
  expect(table.rows.map((row) => row.lead)).toEqual([10800, 1.02, 10.9]);
});
