/*
 * The preview chart at every value the form accepts: whatever the plan, the geometry holds only
 * finite numbers and the SVG gets no NaN or Infinity, or the chart says the values are out of range.
 */
import fc from "fast-check";
import { EXAMPLE_PLAN, Plan, stageInputsOf } from "../../../src/stages/model/plan";
import { effectiveSecondsPerClip, stageTable } from "../../../src/stages/model/stages";
import { isProblem } from "../../../src/core/model/problems";
import { ChartModel, chartModel } from "../../../src/stages/pane/stageChart";
import { drawChart } from "../../../src/stages/pane/stageChartSvg";

/** An SVG element as drawChart uses it, recording what it is given; no DOM in the node environment. */
interface FakeNode {
  name: string;
  attributes: Record<string, string>;
  textContent: string;
  children: FakeNode[];
  setAttribute(key: string, value: string): void;
  append(...nodes: FakeNode[]): void;
  replaceChildren(): void;
}

function fakeNode(name: string): FakeNode {
  return {
    name,
    attributes: {},
    textContent: "",
    children: [],
    setAttribute(key, value) {
      this.attributes[key] = value;
    },
    append(...nodes) {
      this.children.push(...nodes);
    },
    replaceChildren() {
      this.children = [];
    },
  };
}

const fakeDocument = { createElementNS: (_namespace: string, name: string) => fakeNode(name) };
beforeAll(() => Object.assign(globalThis, { document: fakeDocument }));
afterAll(() => delete (globalThis as { document?: unknown }).document);

/** The svg element after drawChart(model). */
function drawn(model: ChartModel | undefined): FakeNode {
  const svg = fakeNode("svg");
  drawChart(svg as unknown as SVGSVGElement, model);
  return svg;
}

/** Every attribute value written anywhere under `node`. */
const attributeValues = (node: FakeNode): string[] => [
  ...Object.values(node.attributes),
  ...node.children.flatMap(attributeValues),
];

/** Every number anywhere inside `value` that is not finite, with its path. */
function nonFinite(value: unknown, path = "model"): string[] {
  if (typeof value === "number") return Number.isFinite(value) ? [] : [`${path} = ${value}`];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => nonFinite(inner, `${path}.${key}`));
}

/** The chart the task pane would draw for `plan`, or "refused" when the model refuses the plan. */
function chartOf(plan: Plan): ChartModel | undefined | "refused" {
  const inputs = stageInputsOf(plan);
  if (isProblem(inputs)) return "refused";
  const table = stageTable(inputs);
  if (isProblem(table)) return "refused";
  return chartModel(table, effectiveSecondsPerClip(plan));
}

/** A tick label that reads: 1K, 100T, 1E15, 0.01, 1E-5; never 1e+241T. */
const READABLE_TICK = /^(\d+(\.\d+)?[KMBT]?|1E-?\d+)$/;

/** The chart for `plan` is drawable or says why not, and drawing it writes no NaN or Infinity. */
function expectDrawable(plan: Plan): void {
  const chart = chartOf(plan);
  if (chart === "refused") return;
  expect(nonFinite(chart)).toEqual([]);
  expect(attributeValues(drawn(chart)).filter((v) => /NaN|Infinity/.test(v))).toEqual([]);
  if (chart === undefined || chart.outOfRange !== undefined) return;
  for (const axis of [chart.xTicks, chart.yTicks]) {
    expect(axis.length).toBeGreaterThanOrEqual(2);
    expect(axis.length).toBeLessThanOrEqual(6);
    axis.forEach((tick) => expect(tick.label).toMatch(READABLE_TICK));
  }
  expectApart(chart.xTicks, (tick) => tick.label.length * LABEL_CHARACTER_PX);
  // The y labels stack: a 10-px font needs about 12 px a line.
  expectApart(chart.yTicks, () => 12);
  // Every label's text stays inside the drawing, at about 6 px a character.
  const labels = [...chart.stages.map((s) => [s.label, s.name] as const)];
  if (chart.crossoverLabel) labels.push([chart.crossoverLabel, "crossover"]);
  for (const [label, text] of labels) {
    const width = text.length * LABEL_CHARACTER_PX;
    const [from, to] = label.anchor === "start" ? [label.x, label.x + width] : [label.x - width, label.x];
    expect(from).toBeGreaterThanOrEqual(0);
    expect(to).toBeLessThanOrEqual(chart.width);
    // a 10-px line of text above its baseline, and above the x axis's labels
    expect(label.y).toBeGreaterThanOrEqual(10);
    expect(label.y).toBeLessThanOrEqual(chart.plot.bottom);
  }
}

const LABEL_CHARACTER_PX = 6;

/** Adjacent centred labels of width `size` do not overlap, with 4 px to spare. */
function expectApart(ticks: ChartModel["xTicks"], size: (tick: ChartModel["xTicks"][number]) => number): void {
  for (let i = 1; i < ticks.length; i++) {
    const gap = Math.abs(ticks[i].at - ticks[i - 1].at);
    expect(gap).toBeGreaterThanOrEqual((size(ticks[i]) + size(ticks[i - 1])) / 2 + 4);
  }
}

const EXTREMES = [0, 5e-324, 1e-300, 1e-10, 1, 1e6, 1e300, 1.5e308, Number.MAX_VALUE];
const QUANTITIES = ["trainingHours", "secondsPerClip", "intervalDays", "clipsPerSecond", "prototypeClips"] as const;
const STAGES = ["launchClips", "scaleClips"] as const;
const FACTORS = ["trainingOverhead", "peakToMean"] as const;

describe("each input at the extremes of a double, the rest as in the example", () => {
  const cases = [...QUANTITIES, ...STAGES, ...FACTORS].flatMap((field) =>
    EXTREMES.map((value) => [field, value] as [keyof Plan, number]),
  );
  test.each(cases)("%s = %p", (field, value) => expectDrawable({ ...EXAMPLE_PLAN, [field]: value }));
});

/** Mantissa x 10^exponent, the exponent from low to high: 0 or Infinity where that leaves a double. */
const magnitude = (low: number, high: number) =>
  fc
    .tuple(fc.double({ min: 1, max: 10, noNaN: true }), fc.integer({ min: low, max: high }))
    .map(([mantissa, exponent]) => mantissa * 10 ** exponent);

/** Any non-negative double, weighted towards the extremes and towards every power of ten. */
const quantity = fc.oneof(
  fc.constantFrom(...EXTREMES),
  fc.double({ min: 0, max: Number.MAX_VALUE, noNaN: true }),
  magnitude(-324, 308).filter(Number.isFinite),
);
const factor = fc.oneof(
  fc.constantFrom(1, 1.5, 1e6, 1e300, 1.5e308, Number.MAX_VALUE),
  fc.double({ min: 1, max: Number.MAX_VALUE, noNaN: true }),
);

const plans: fc.Arbitrary<Plan> = fc.record({
  trainingHours: quantity,
  secondsPerClip: quantity,
  intervalDays: quantity,
  clipsPerSecond: quantity,
  prototypeClips: quantity,
  launchClips: fc.option(quantity, { nil: undefined }),
  scaleClips: fc.option(quantity, { nil: undefined }),
  trainingOverhead: factor,
  peakToMean: factor,
});

test("every plan the model accepts draws a finite chart, or says it is out of range", () => {
  fc.assert(
    fc.property(plans, (plan) => expectDrawable(plan)),
    { numRuns: 2000 },
  );
});

/** The inputs the drawable plans keep from the example. */
const EXAMPLE_PLAN_ARBITRARIES = {
  intervalDays: fc.constant(EXAMPLE_PLAN.intervalDays),
  clipsPerSecond: fc.constant(EXAMPLE_PLAN.clipsPerSecond),
  trainingOverhead: fc.constant(EXAMPLE_PLAN.trainingOverhead),
};

/*
 * Plans that fit on one chart wherever they sit in a double's range: stages within a few powers of
 * ten of each other, training hours near where serving meets them. Random doubles rarely do.
 */
const drawablePlans: fc.Arbitrary<Plan> = fc
  .tuple(fc.integer({ min: -323, max: 306 }), fc.integer({ min: -323, max: 306 }))
  .chain(([clips, seconds]) =>
    fc.record({
      ...EXAMPLE_PLAN_ARBITRARIES,
      prototypeClips: magnitude(clips, clips + 2),
      launchClips: magnitude(clips, clips + 4),
      scaleClips: magnitude(clips + 2, clips + 8),
      secondsPerClip: magnitude(seconds, seconds + 1),
      trainingHours: magnitude(clips + seconds - 8, clips + seconds + 2),
      peakToMean: fc.constantFrom(1, 1.5),
    }),
  );

test("plans that fit draw at every magnitude, from subnormal to the largest double", () => {
  let charts = 0;
  const property = fc.property(drawablePlans, (plan) => {
    expectDrawable(plan);
    const chart = chartOf(plan);
    if (chart !== "refused" && chart !== undefined && chart.outOfRange === undefined) charts++;
  });
  fc.assert(property, { numRuns: 1000 });
  // Most of them draw a chart rather than a message, so the checks above ran on real charts.
  expect(charts).toBeGreaterThan(500);
});

test("a plan the model accepts but that spans too many powers of ten says so instead of drawing", () => {
  const chart = chartOf({ ...EXAMPLE_PLAN, prototypeClips: 5e-324 }) as ChartModel;
  expect(chart.outOfRange).toMatch(/^Outside the chart's range: clips per interval run from 4.9E-324 to /);
  const svg = drawn(chart);
  const text = svg.children.map((node) => node.textContent).join(" ");
  expect(text).toBe(chart.outOfRange);
  // Wrapped to the chart's width at about 6 px a character.
  svg.children.forEach((node) => expect(node.textContent.length * 6).toBeLessThanOrEqual(chart.width - 10));
  expect(svg.children.every((node) => node.name === "text")).toBe(true);
});
