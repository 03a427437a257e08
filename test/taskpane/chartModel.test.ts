/* The preview chart's geometry from the model: log axes, lines, crossover and stages. */
import { EXAMPLE_PLAN, Plan, StageTable } from "../../src/model";
import { stageTableOf } from "../support/stageModel";
import { ChartModel, chartModel, tickLabel } from "../../src/taskpane/chartModel";

const table = (plan: Plan = EXAMPLE_PLAN): StageTable => stageTableOf(plan);

test("the stages sit on the serving line, and the crossover where it meets the training line", () => {
  const chart = chartModel(table(), 0.04)!;
  const [a, b] = chart.serving;
  const onServingLine = (p: { x: number; y: number }) =>
    Math.abs(a.y + ((p.x - a.x) * (b.y - a.y)) / (b.x - a.x) - p.y) < 1e-6;
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

test("tick labels read at every magnitude: k, M, B, T, then powers of ten; decimals, then powers", () => {
  const labels = [-324, -5, -4, -2, 0, 2, 3, 7, 9, 12, 14, 15, 241, 308].map(tickLabel);
  expect(labels).toEqual([
    "1e-324",
    "1e-5",
    "0.0001",
    "0.01",
    "1",
    "100",
    "1k",
    "10M",
    "1B",
    "1T",
    "100T",
    "1e15",
    "1e241",
    "1e308",
  ]);
});

/** Adjacent x tick labels, centred on their ticks at about 6 px a character, leave a gap between them. */
function expectXLabelsApart(chart: ChartModel): void {
  const width = (label: string) => label.length * 6;
  for (let i = 1; i < chart.xTicks.length; i++) {
    const [a, b] = [chart.xTicks[i - 1], chart.xTicks[i]];
    expect(b.at - a.at).toBeGreaterThanOrEqual((width(a.label) + width(b.label)) / 2 + 4);
  }
}

test("at most six ticks an axis, and the x labels never overlap at the default width", () => {
  const wide = { ...EXAMPLE_PLAN, prototypeClips: 1, scaleClips: 1e12 };
  for (const chart of [chartModel(table(), 0.04)!, chartModel(table(wide), 0.04)!]) {
    expect(chart.xTicks.length).toBeLessThanOrEqual(6);
    expect(chart.yTicks.length).toBeLessThanOrEqual(6);
    expectXLabelsApart(chart);
  }
});

test("values near 1e300 draw on the serving line, with ticks in powers of ten", () => {
  const huge = { ...EXAMPLE_PLAN, trainingHours: 1e300, prototypeClips: 1e300, scaleClips: 1e305 };
  const chart = chartModel(table(huge), 0.04)!;
  expect(chart.outOfRange).toBeUndefined();
  expect(chart.xTicks.map((t) => t.label)).toEqual(["1e300", "1e301", "1e302", "1e303", "1e304", "1e305"]);
  chart.yTicks.forEach((tick) => expect(tick.label).toMatch(/^1e\d+$/));
  // The crossover (9e304 clips) and launch at it sit at the training line; everything on the plot.
  expect(chart.crossover!.y).toBeCloseTo(chart.training[0].y, 9);
  for (const point of [...chart.stages, chart.crossover!, ...chart.serving]) {
    expect(point.x).toBeGreaterThanOrEqual(chart.plot.left);
    expect(point.x).toBeLessThanOrEqual(chart.plot.right);
    expect(point.y).toBeGreaterThanOrEqual(chart.plot.top);
    expect(point.y).toBeLessThanOrEqual(chart.plot.bottom);
  }
});

test("values too many powers of ten apart give a sentence saying so, and no geometry", () => {
  const chart = chartModel(table({ ...EXAMPLE_PLAN, trainingHours: 1e300 }), 0.04)!;
  expect(chart.outOfRange).toBe(
    "Outside the chart's range: clips per interval run from 5000 to 9e304 and accelerator-hours from 0.056 to 1e300, " +
      "more than 30 powers of ten to draw on one chart.",
  );
  expect([chart.xTicks, chart.yTicks, chart.stages]).toEqual([[], [], []]);
  expect(chart.crossover).toBeUndefined();
});

test("nothing above zero on the serving line is still no chart at all", () => {
  expect(chartModel(table({ ...EXAMPLE_PLAN, launchClips: 1, secondsPerClip: 0 }), 0)).toBeUndefined();
});
