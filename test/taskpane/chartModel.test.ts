/* The preview chart's geometry from the model: log axes, lines, crossover and stages. */
import { EXAMPLE_PLAN, Plan, StageTable } from "../../src/model";
import { stageTableOf } from "../support/stageModel";
import { chartModel } from "../../src/taskpane/chartModel";

const table = (plan: Plan = EXAMPLE_PLAN): StageTable => stageTableOf(plan);

test("the stages sit on the serving line, and the crossover where it meets the training line", () => {
  const chart = chartModel(table(), 0.04)!;
  const [a, b] = chart.serving;
  const onServingLine = (p: { x: number; y: number }) => Math.abs(a.y + ((p.x - a.x) * (b.y - a.y)) / (b.x - a.x) - p.y) < 1e-6;
  expect(chart.stages.map((s) => s.name)).toEqual(["Prototype", "Launch", "Scale"]);
  chart.stages.forEach((stage) => expect(onServingLine(stage)).toBe(true));
  expect(onServingLine(chart.crossover!)).toBe(true);
  expect(chart.crossover!.y).toBeCloseTo(chart.training[0].y, 9);
  // Launch is at the crossover by default.
  expect(chart.stages[1].x).toBeCloseTo(chart.crossover!.x, 9);
  expect(chart.training[0].y).toBe(chart.training[1].y);
});

test("axes are powers of ten covering every point", () => {
  const chart = chartModel(table(), 0.04)!;
  expect(chart.xTicks[0].label).toBe("1k");
  for (const stage of chart.stages) {
    expect(stage.x).toBeGreaterThanOrEqual(chart.plot.left);
    expect(stage.x).toBeLessThanOrEqual(chart.plot.right);
    expect(stage.y).toBeGreaterThanOrEqual(chart.plot.top);
    expect(stage.y).toBeLessThanOrEqual(chart.plot.bottom);
  }
});

test("a stage with no clips cannot sit on a log axis and is named as off the scale", () => {
  const chart = chartModel(table({ ...EXAMPLE_PLAN, prototypeClips: 0 }), 0.04)!;
  expect(chart.offScale).toEqual(["Prototype"]);
  expect(chart.stages.length).toBe(2);
});
