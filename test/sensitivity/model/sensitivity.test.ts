/* Sensitivity (the tornado) of the stage view, and of any view: issue 11's figures and the closed forms. */
import { unwrap } from "../../support/unwrap";
import fc from "fast-check";
import { crossoverClips } from "../../../src/core/model/formulas";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { isProblem, Problem } from "../../../src/core/model/problems";
import {
  defaultSwingRange,
  OutputSensitivity,
  Sensitivity,
  sensitivity,
} from "../../../src/sensitivity/model/sensitivity";
import { WhatIfView } from "../../../src/sensitivity/model/whatIfView";
import { STAGE_OUTPUTS, STAGE_VIEW, StageOutputKey } from "../../../src/stages/model/stagesWhatIf";
import { PLAN_FIELDS, planField } from "../../../src/stages/model/planFields";
import { expectClose } from "../../support/stageModel";
import { stagePlan } from "../../support/planArbitraries";

type StageSensitivity = Sensitivity<Plan, StageOutputKey>;

function sensitivityOf(plan: Plan, options = {}): StageSensitivity {
  return unwrap(sensitivity(STAGE_VIEW, plan, options));
}

function tornado(result: StageSensitivity, key: StageOutputKey): OutputSensitivity<Plan, StageOutputKey> {
  return result.outputs.find((output) => output.output.key === key)!;
}

function rowOf(result: StageSensitivity, output: StageOutputKey, input: keyof Plan) {
  const row = tornado(result, output).rows.find((r) => r.key === input);
  if (!row) throw new Error(`${input} was not varied`);
  return row;
}

const TRAFFIC: (keyof Plan)[] = ["clipsPerSecond", "prototypeClips", "launchClips", "scaleClips", "intervalDays"];

describe("issue 11's figures: only training hours and seconds per clip move the crossover", () => {
  const result = sensitivityOf(EXAMPLE_PLAN);

  test("training hours +20% gives 64,800,000 clips and -20% gives 43,200,000", () => {
    const row = rowOf(result, "crossoverClips", "trainingHours");
    expect([row.lowInput, row.highInput]).toEqual([480, 720]);
    expectClose(row.highOutput, 64_800_000, 1e-12);
    expectClose(row.lowOutput, 43_200_000, 1e-12);
  });

  test("seconds per clip +20% gives 45,000,000 clips and -20% gives 67,500,000", () => {
    const row = rowOf(result, "crossoverClips", "secondsPerClip");
    expectClose(row.highOutput, 45_000_000, 1e-12);
    expectClose(row.lowOutput, 67_500_000, 1e-12);
  });

  test("traffic +-20% leaves the crossover at 54,000,000", () => {
    // Launch and scale traffic are blank in the example; given, they are varied too.
    const given = sensitivityOf({ ...EXAMPLE_PLAN, launchClips: 54e6, scaleClips: 1.944e9 });
    for (const key of TRAFFIC) {
      const row = rowOf(given, "crossoverClips", key);
      expect(row.lowInput).not.toBe(row.highInput);
      expectClose(row.lowOutput, 54_000_000, 1e-12);
      expectClose(row.highOutput, 54_000_000, 1e-12);
      expect(row.swing).toBe(0);
    }
  });

  test("the crossover's tornado: seconds per clip, training hours, then the two factors, then nothing", () => {
    const order = tornado(result, "crossoverClips").rows.map((row) => [row.key, row.swing]);
    // Issue 11's order of the inputs that move the crossover, largest swing first.
    const moving = ["secondsPerClip", "trainingHours", "trainingOverhead", "peakToMean"];
    // Then every other varied input, swing 0, in the form's field order (PLAN_FIELDS').
    const still = PLAN_FIELDS.map((f) => f.key).filter(
      (key) => result.varied.some((v) => v.key === key) && !moving.includes(key),
    );
    expect(order.map(([key]) => key)).toEqual([...moving, ...still]);
    expect(order.slice(moving.length).every(([, swing]) => swing === 0)).toBe(true);
    expectClose(order[0][1], 22_500_000, 1e-12);
    expectClose(order[1][1], 21_600_000, 1e-12);
    expectClose(order[2][1], 10_800_000, 1e-12);
    expectClose(order[3][1], 9_000_000, 1e-12);
    expect(tornado(result, "crossoverClips").rows[1].relativeSwing).toBeCloseTo(0.4, 12);
  });

  test("traffic moves where the system sits: scale's total and training share swing with clips per second", () => {
    const row = rowOf(result, "totalHoursScale", "clipsPerSecond");
    expectClose(row.lowOutput, 600 + 17_280, 1e-12);
    expectClose(row.highOutput, 600 + 25_920, 1e-12);
    const share = rowOf(result, "trainingShareScale", "clipsPerSecond");
    expectClose(share.highOutput, 600 / 26_520, 1e-12);
    // The cadence moves scale traffic (clips per second x interval) but never the crossover.
    expectClose(rowOf(result, "totalHoursScale", "intervalDays").highOutput, 600 + 25_920, 1e-12);
    // Serving hours at scale are clips per second x interval x seconds per clip: each moves them alike.
    const rows = tornado(result, "totalHoursScale").rows;
    expect(
      rows
        .slice(0, 3)
        .map((r) => r.key)
        .sort(),
    ).toEqual(["clipsPerSecond", "intervalDays", "secondsPerClip"]);
    for (const r of rows.slice(0, 3)) expectClose(r.swing, 8_640, 1e-12);
    // Then peak-to-mean (up only: 1 is its floor), training hours, overhead (up only).
    expect(rows.slice(3, 6).map((r) => r.key)).toEqual(["peakToMean", "trainingHours", "trainingOverhead"]);
    expect(rows.slice(3, 6).map((r) => Math.round(r.swing as number))).toEqual([4_320, 240, 120]);
  });
});

describe("the honesty factors", () => {
  test("overhead and peak-to-mean are varied, each never below 1 (1 = none)", () => {
    const result = sensitivityOf(EXAMPLE_PLAN);
    for (const key of ["trainingOverhead", "peakToMean"] as const) {
      const input = result.varied.find((v) => v.key === key)!;
      expect(input).toMatchObject({ base: 1, low: 1, high: 1.2, limited: true, edited: false });
    }
    expectClose(rowOf(result, "crossoverClips", "trainingOverhead").highOutput, 64_800_000, 1e-12);
    expectClose(rowOf(result, "crossoverClips", "peakToMean").highOutput, 45_000_000, 1e-12);
    expectClose(rowOf(result, "crossoverClips", "peakToMean").lowOutput, 54_000_000, 1e-12);
  });

  test("training hours are moved with the overhead applied: x2 overhead doubles both ends", () => {
    const result = sensitivityOf({ ...EXAMPLE_PLAN, trainingOverhead: 2 });
    const hours = rowOf(result, "crossoverClips", "trainingHours");
    expectClose(hours.lowOutput, 86_400_000, 1e-12);
    expectClose(hours.highOutput, 129_600_000, 1e-12);
    const overhead = result.varied.find((v) => v.key === "trainingOverhead")!;
    expect(overhead).toMatchObject({ low: 1.6, high: 2.4, limited: false });
  });

  test("seconds per clip are moved with peak-to-mean applied", () => {
    const result = sensitivityOf({ ...EXAMPLE_PLAN, peakToMean: 2 });
    const row = rowOf(result, "crossoverClips", "secondsPerClip");
    expectClose(row.highOutput, 22_500_000, 1e-12);
    expectClose(row.lowOutput, 33_750_000, 1e-12);
  });
});

describe("blanks and text", () => {
  test("a blank that stands for a computed default is not varied; the inputs it follows are", () => {
    const result = sensitivityOf(EXAMPLE_PLAN);
    // Every field the example leaves blank, in the form's order: a text field for being text.
    const blank = PLAN_FIELDS.filter((field) => EXAMPLE_PLAN[field.key] === undefined);
    expect(result.skipped.map((s) => [s.key, s.reason])).toEqual(
      blank.map((field) => [field.key, field.quantity === "text" ? "text" : "blank"]),
    );
    expect(blank.map((field) => field.key)).toEqual(expect.arrayContaining(["launchClips", "scaleClips"]));
    expect(result.skipped[0].message).toContain("blank (= the crossover)");
    // Launch sits at the crossover, so its total is twice training at either end of training hours.
    const launch = rowOf(result, "totalHoursLaunch", "trainingHours");
    expectClose(launch.lowOutput, 960, 1e-12);
    expectClose(launch.highOutput, 1440, 1e-12);
    expect(rowOf(result, "trainingShareLaunch", "secondsPerClip").swing).toBeCloseTo(0, 12);
  });

  test("a given launch, scale and price are varied; the currency, text, never is", () => {
    const plan = { ...EXAMPLE_PLAN, launchClips: 1e7, scaleClips: 1e9, pricePerHour: 2, currency: "USD" };
    const result = sensitivityOf(plan);
    expect(result.skipped.map((s) => s.key)).toEqual(["currency"]);
    expect(result.varied.map((v) => v.key)).toContain("pricePerHour");
    // A price moves money only; none of these outputs is money.
    for (const output of STAGE_OUTPUTS) expect(rowOf(result, output.key, "pricePerHour").swing).toBe(0);
    // A given scale traffic replaces clips per second x interval, which then move nothing.
    expect(rowOf(result, "totalHoursScale", "clipsPerSecond").swing).toBe(0);
  });

  test("an input at 0 is varied to 0 and 0, and swings nothing", () => {
    const result = sensitivityOf({ ...EXAMPLE_PLAN, prototypeClips: 0 });
    const row = rowOf(result, "totalHoursPrototype", "prototypeClips");
    expect([row.lowInput, row.highInput, row.swing]).toEqual([0, 0, 0]);
  });
});

describe("ranges", () => {
  test("a planner's own range replaces the default for that input only", () => {
    const result = sensitivityOf(EXAMPLE_PLAN, { ranges: { secondsPerClip: { low: 0.03, high: 0.05 } } });
    const row = rowOf(result, "crossoverClips", "secondsPerClip");
    expectClose(row.lowOutput, 72_000_000, 1e-12);
    expectClose(row.highOutput, 43_200_000, 1e-12);
    expect(result.varied.find((v) => v.key === "secondsPerClip")).toMatchObject({ edited: true, low: 0.03 });
    expect(result.varied.find((v) => v.key === "trainingHours")).toMatchObject({ edited: false, low: 480 });
    expect(result.varied.find((v) => v.key === "secondsPerClip")!.editedEnds).toEqual({ low: true, high: true });
  });

  test("one end of a planner's own alone: the other end is the default move's, and says so", () => {
    const result = sensitivityOf(EXAMPLE_PLAN, { ranges: { secondsPerClip: { high: 0.05 } } });
    const input = result.varied.find((v) => v.key === "secondsPerClip")!;
    expect(input).toMatchObject({ high: 0.05, edited: true, editedEnds: { low: false, high: true } });
    expect(input.low).toBeCloseTo(0.032, 15);
    // 0.032 s a clip (the default -20%) gives 67,500,000 clips; 0.05 s gives 43,200,000.
    expectClose(rowOf(result, "crossoverClips", "secondsPerClip").lowOutput, 67_500_000, 1e-12);
    expectClose(rowOf(result, "crossoverClips", "secondsPerClip").highOutput, 43_200_000, 1e-12);
    // A refused end alone is named by its side.
    const refused = sensitivityOf(EXAMPLE_PLAN, { ranges: { secondsPerClip: { high: -1 } } });
    expect(refused.varied.find((v) => v.key === "secondsPerClip")!.problem!.message).toContain("(high value)");
    // A factor's default low is still kept at 1 when only its high is given.
    const factor = sensitivityOf(EXAMPLE_PLAN, { ranges: { peakToMean: { high: 2 } } });
    expect(factor.varied.find((v) => v.key === "peakToMean")).toMatchObject({ low: 1, high: 2, limited: true });
  });

  test("other default fractions move every input without its own range", () => {
    const result = sensitivityOf(EXAMPLE_PLAN, { lowFraction: -0.5, highFraction: 0.5 });
    const row = rowOf(result, "crossoverClips", "trainingHours");
    expectClose(row.lowOutput, 27_000_000, 1e-12);
    expectClose(row.highOutput, 81_000_000, 1e-12);
  });

  test("a range the field refuses is that input's Problem, named, and sorts last", () => {
    const result = sensitivityOf(EXAMPLE_PLAN, { ranges: { secondsPerClip: { low: 0, high: 0.05 } } });
    const input = result.varied.find((v) => v.key === "secondsPerClip")!;
    expect(input.problem).toMatchObject({ kind: "divisionByZero" });
    expect(input.problem!.message).toContain("Serving time per clip (low value)");
    const rows = tornado(result, "crossoverClips").rows;
    expect(rows[rows.length - 1].key).toBe("secondsPerClip");
    expect(isProblem(rows[rows.length - 1].swing)).toBe(true);
    // Every other input is untouched by it.
    expectClose(rowOf(result, "crossoverClips", "trainingHours").highOutput, 64_800_000, 1e-12);
  });

  test("a factor's own range below 1 is refused with the field's message", () => {
    const result = sensitivityOf(EXAMPLE_PLAN, { ranges: { peakToMean: { low: 0.5, high: 2 } } });
    const input = result.varied.find((v) => v.key === "peakToMean")!;
    expect(input.problem!.message).toMatch(/^Peak-to-mean provisioning for serving \(low value\) is a multiplier/);
  });

  test("defaultSwingRange: -20% / +20%, a factor kept at 1 or more", () => {
    expect(defaultSwingRange(planField("trainingHours"), 600)).toEqual({ low: 480, high: 720, limited: false });
    expect(defaultSwingRange(planField("trainingOverhead"), 1.1)).toEqual({ low: 1, high: 1.32, limited: true });
  });
});

describe("bad input is a Problem naming what to fix, never a throw", () => {
  test("a base plan the model refuses", () => {
    const result = sensitivity(STAGE_VIEW, { ...EXAMPLE_PLAN, secondsPerClip: -1 }) as Problem;
    expect(isProblem(result)).toBe(true);
    expect(result.message).toContain("Serving time per clip");
  });

  test("a fraction that is no fraction", () => {
    for (const lowFraction of [NaN, -1, -Infinity]) {
      const result = sensitivity(STAGE_VIEW, EXAMPLE_PLAN, { lowFraction }) as Problem;
      expect(result).toMatchObject({ kind: "invalidNumber" });
      expect(result.message).toContain("low fraction");
    }
  });

  test("a default end too large for a double stays at the base value, and says so", () => {
    const result = sensitivityOf({ ...EXAMPLE_PLAN, prototypeClips: 1.7e308 });
    const input = result.varied.find((v) => v.key === "prototypeClips")!;
    expect(input).toMatchObject({ low: 1.7e308 * 0.8, high: 1.7e308, limited: true });
    expect(input.problem).toBeUndefined();
  });

  test("an output too large at one end is that row's Problem", () => {
    const result = sensitivityOf({ ...EXAMPLE_PLAN, prototypeClips: 1e308, secondsPerClip: 5400 });
    const row = rowOf(result, "totalHoursPrototype", "secondsPerClip");
    expect(row.highOutput).toMatchObject({ kind: "invalidNumber" });
    expect(row.swing).toBe(row.highOutput);
  });

  test("a relative swing of an output that is 0 at base is a Problem, the swing itself a number", () => {
    const result = sensitivityOf({ ...EXAMPLE_PLAN, trainingHours: 0 });
    const row = rowOf(result, "crossoverClips", "secondsPerClip");
    expect(row.swing).toBe(0);
    expect(row.relativeSwing).toMatchObject({ kind: "divisionByZero" });
  });
});

test("property: each row is the model's closed form, and no traffic input ever moves the crossover", () => {
  fc.assert(
    fc.property(stagePlan, (given) => {
      // Launch and scale traffic given, so that every traffic input is varied.
      const plan = { ...given, launchClips: given.launchClips ?? 1e6, scaleClips: given.scaleClips ?? 2e9 };
      const { trainingHours: t, secondsPerClip: s, trainingOverhead: overhead, peakToMean: peak } = plan;
      const result = sensitivityOf(plan);
      const training = rowOf(result, "crossoverClips", "trainingHours");
      expectClose(training.lowOutput, crossoverClips(t * 0.8 * overhead, s * peak) as number, 1e-12);
      expectClose(training.highOutput, crossoverClips(t * 1.2 * overhead, s * peak) as number, 1e-12);
      const serving = rowOf(result, "crossoverClips", "secondsPerClip");
      expectClose(serving.highOutput, crossoverClips(t * overhead, s * 1.2 * peak) as number, 1e-12);
      for (const key of TRAFFIC) expect(rowOf(result, "crossoverClips", key).swing).toBe(0);
    }),
  );
});

test("any view plugs in: fields and a function from inputs to outputs", () => {
  interface Box {
    width: number;
    height: number;
    note: string;
  }
  const view: WhatIfView<Box, "area"> = {
    id: "box",
    fields: [
      { key: "width", label: "Width", unit: "m", quantity: "length" },
      { key: "height", label: "Height", unit: "m", quantity: "length" },
      { key: "note", label: "Note", unit: "", quantity: "text" },
    ],
    outputs: [{ key: "area", label: "Area", unit: "m2", quantity: "hours" }],
    evaluate: (box) => ({ area: box.width * box.height }),
  };
  const result = unwrap(sensitivity(view, { width: 2, height: 10, note: "x" }));
  expect(result.outputs[0].rows.map((row) => [row.key, row.swing])).toEqual([
    ["width", 8],
    ["height", 8],
  ]);
  expect(result.skipped).toEqual([expect.objectContaining({ key: "note", reason: "text" })]);
});
