/* The three-stage table from the model: defaults, honesty factors, money. */
import {
  defaultLaunchClips,
  defaultScaleClips,
  EXAMPLE_PLAN,
  Plan,
  stageInputsOf,
} from "../../../src/stages/model/plan";
import { isProblem } from "../../../src/core/model/problems";
import { STAGE_NAMES, stageTable, StageTable } from "../../../src/stages/model/stages";
import { stageTableOf } from "../../support/stageModel";

const tableOf = (plan: Plan): StageTable => stageTableOf(plan);

test("defaults reproduce the worked example: launch at the crossover, scale at 250 clips/s for 90 days", () => {
  expect(defaultLaunchClips(EXAMPLE_PLAN)).toBeCloseTo(54e6, 6);
  expect(defaultScaleClips(EXAMPLE_PLAN)).toBe(1.944e9);
  const table = tableOf(EXAMPLE_PLAN);
  expect(table.rows.map((r) => r.stage)).toEqual([...STAGE_NAMES]);
  const [prototype, launch, scale] = table.rows;
  expect(prototype.servingHours).toBeCloseTo((5000 * 0.04) / 3600, 12);
  expect(prototype.dominantHalf).toBe("training, 10800x");
  expect(launch.dominantHalf).toBe("equal");
  expect(launch.splitRatio).toBeCloseTo(1, 12);
  expect(scale.servingHours).toBeCloseTo(21_600, 9);
  expect(scale.splitRatio).toBeCloseTo(36, 12);
  expect(scale.dominantHalf).toBe("serving, 36x");
  expect(scale.trainingShare as number).toBeCloseTo(600 / 22_200, 12);
  expect((scale.trainingShare as number) + (scale.servingShare as number)).toBeCloseTo(1, 12);
  expect(scale.cost).toBeUndefined();
});

test("x3 training for failed runs and sweeps takes the example from 36x to 12x; the verdict stands", () => {
  const scale = tableOf({ ...EXAMPLE_PLAN, trainingOverhead: 3 }).rows[2];
  expect(scale.trainingHours).toBe(1800);
  expect(scale.splitRatio).toBeCloseTo(12, 12);
  expect(scale.dominantHalf).toBe("serving, 12x");
});

test("peak-to-mean provisioning only moves the answer toward serving", () => {
  const base = tableOf(EXAMPLE_PLAN);
  const peaked = tableOf({ ...EXAMPLE_PLAN, peakToMean: 2 });
  expect(peaked.rows[2].splitRatio).toBeCloseTo(72, 12);
  expect(peaked.crossoverClips).toBeCloseTo((base.crossoverClips as number) / 2, 6);
  // Fixed traffic costs twice the serving hours; launch, defaulting to the crossover, moves with it and stays equal.
  for (const i of [0, 2]) expect(peaked.rows[i].servingHours).toBeCloseTo(2 * base.rows[i].servingHours, 9);
  expect(peaked.rows[1].dominantHalf).toBe("equal");
});

test("a price turns hours into money", () => {
  const scale = tableOf({ ...EXAMPLE_PLAN, pricePerHour: 2 }).rows[2];
  expect(scale.cost).toBeCloseTo(2 * 22_200, 9);
});

test("bad stage inputs are problems that name the input", () => {
  const bad = stageInputsOf({ ...EXAMPLE_PLAN, secondsPerClip: 0 });
  expect(bad).toMatchObject({ kind: "divisionByZero" });
  const inputs = stageInputsOf({ ...EXAMPLE_PLAN, trainingOverhead: 0.5 });
  if (isProblem(inputs)) throw new Error("the factor is checked by stageTable");
  expect(stageTable(inputs)).toMatchObject({
    kind: "invalidNumber",
    message: expect.stringContaining("training_overhead"),
  });
});
