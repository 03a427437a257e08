/*
 * Sensitivity of the annual view through the generic what-if layer: the worked example's year,
 * each current input moved -20% / +20%, the swing of training's share (the ceiling on any
 * training-side change) and of the year's hours.
 */
import { unwrap } from "../../support/unwrap";
import { ANNUAL_VIEW } from "../../../src/annual/model/annualWhatIf";
import { EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { sensitivity } from "../../../src/sensitivity/model/sensitivity";

const result = unwrap(sensitivity(ANNUAL_VIEW, EXAMPLE_ANNUAL_PLAN));

const rowsOf = (output: string) => result.outputs.find((o) => o.output.key === output)!.rows;

test("the annual view varies the year's inputs, never a proposal or a price", () => {
  const varied = result.varied.map((v) => v.key);
  expect(varied).toContain("trainingHoursPerRun");
  expect(varied).toContain("clipsPerSecond");
  expect(varied.some((key) => /Proposed|price|currency|shareNotRescored/i.test(key))).toBe(false);
});

test("training's share: hours per run and runs a year move it up; traffic and seconds per clip down", () => {
  const rows = rowsOf("trainingShareConsumed");
  const run = rows.find((r) => r.key === "trainingHoursPerRun")!;
  // 720 h a run: 2,880 / (2,880 + 86,400); 480 h: 1,920 / 88,320.
  expect(run.highOutput).toBeCloseTo(2880 / 89_280, 14);
  expect(run.lowOutput).toBeCloseTo(1920 / 88_320, 14);
  const traffic = rows.find((r) => r.key === "clipsPerSecond")!;
  expect(traffic.highOutput).toBeCloseTo(2400 / (2400 + 86_400 * 1.2), 14);
  expect(traffic.highOutput as number).toBeLessThan(traffic.lowOutput as number);
  // Serving is 97% of the year: the inputs of serving swing the share no less than those of training.
  expect(["clipsPerSecond", "secondsPerClip", "daysPerYear"]).toContain(rows[0].key);
});

test("the year's hours swing most with serving's inputs: 86,400 of 88,800 hours are serving", () => {
  const rows = rowsOf("totalConsumedHours");
  expect(rows[0].swing).toBeCloseTo(86_400 * 0.4, 8);
  const run = rows.find((r) => r.key === "trainingHoursPerRun")!;
  expect(run.swing).toBeCloseTo(2400 * 0.4, 8);
});
