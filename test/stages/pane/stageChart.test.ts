/* The preview chart's geometry from the model: log axes, lines, crossover and stages. */
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { StageTable } from "../../../src/stages/model/stages";
import { stageTableOf } from "../../support/stageModel";
import { CHARACTER_WIDTH } from "../../../src/core/pane/dom";
import { ChartModel, chartModel, Label } from "../../../src/stages/pane/stageChart";
import { formatPowerOfTen } from "../../../src/core/pane/format";

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
  expect(chart.xTicks[0].label).toBe("1K");
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

test("tick labels read at every magnitude, in the table's compact style, then scientific", () => {
  const labels = [-324, -5, -4, -2, 0, 2, 3, 7, 9, 12, 14, 15, 241, 308].map(formatPowerOfTen);
  expect(labels).toEqual([
    "1E-324",
    "1E-5",
    "0.0001",
    "0.01",
    "1",
    "100",
    "1K",
    "10M",
    "1B",
    "1T",
    "100T",
    "1E15",
    "1E241",
    "1E308",
  ]);
});

/** The horizontal extent of a label's text at about CHARACTER_WIDTH a character. */
function extent(label: Label, text: string): [number, number] {
  const width = text.length * CHARACTER_WIDTH;
  return label.anchor === "start" ? [label.x, label.x + width] : [label.x - width, label.x];
}

test("a stage near the right edge is labelled to its left, so the label stays whole inside the drawing", () => {
  // 2,000,000 training hours and 5,000,000 clips per second (the large plan); and Scale at 10^13 clips,
  // a power of ten, so exactly at the right end of the x axis.
  const large = { ...EXAMPLE_PLAN, trainingHours: 2e6, clipsPerSecond: 5e6 };
  const atEnd = { ...large, scaleClips: 1e13 };
  for (const width of [280, 340, 560]) {
    const end = chartModel(table(atEnd), 0.04, width)!;
    const scale = end.stages.find((s) => s.name === "Scale")!;
    expect(scale.x).toBeCloseTo(end.plot.right, 6);
    // Left of its point and above it, where the serving line (rising to the right) is not.
    expect(scale.label).toEqual({ x: scale.x - 6, y: scale.y - 8, anchor: "end" });
    const chart = chartModel(table(large), 0.04, width)!;
    for (const stage of [...chart.stages, ...end.stages]) {
      const [from, to] = extent(stage.label, stage.name);
      expect(from).toBeGreaterThanOrEqual(0);
      expect(to).toBeLessThanOrEqual(width);
      expect(stage.label.y).toBeGreaterThanOrEqual(10);
      expect(stage.label.y).toBeLessThanOrEqual(end.plot.bottom);
    }
    const [from, to] = extent(chart.crossoverLabel!, "crossover");
    expect([from >= 0, to <= width]).toEqual([true, true]);
  }
  // With room to its right and below, a label starts beside its point and under it, as before.
  const launch = chartModel(table(), 0.04)!.stages[1];
  expect(launch.label).toEqual({ x: launch.x + 6, y: launch.y + 14, anchor: "start" });
});

test("a stage at the foot of the plot is labelled above its point, clear of the x axis's labels", () => {
  const chart = chartModel(table(), 0.04)!;
  const prototype = chart.stages[0];
  expect(prototype.y + 14).toBeGreaterThan(chart.plot.bottom);
  expect(prototype.label.y).toBe(prototype.y - 8);
  for (const stage of chart.stages) expect(stage.label.y).toBeLessThanOrEqual(chart.plot.bottom);
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
  expect(chart.xTicks.map((t) => t.label)).toEqual(["1E300", "1E301", "1E302", "1E303", "1E304", "1E305"]);
  chart.yTicks.forEach((tick) => expect(tick.label).toMatch(/^1E\d+$/));
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
    "Outside the chart's range: clips per interval run from 5K to 9E304 and accelerator-hours from 0.056 to 1E300, " +
      "more than 30 powers of ten to draw on one chart.",
  );
  expect([chart.xTicks, chart.yTicks, chart.stages]).toEqual([[], [], []]);
  expect(chart.crossover).toBeUndefined();
});

test("nothing above zero on the serving line is still no chart at all", () => {
  expect(chartModel(table({ ...EXAMPLE_PLAN, launchClips: 1, secondsPerClip: 0 }), 0)).toBeUndefined();
});
