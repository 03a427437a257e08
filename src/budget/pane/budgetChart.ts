/*
 * The budget view's chart of the months: one column a month, serving as the growing floor (the hours used, and
 * above them the hours paid for but idle at peak-to-mean), re-scans, and training as the spike of each retrain
 * month on top; with a price, the cumulative cost as a line on an axis of its own at the right, and the horizon's
 * budget as a dashed line on it. The geometry is computed apart from the drawing (chartModel), so that a test
 * reads it without a DOM; colours come from classes over the pane's tokens, so light and dark themes hold.
 */
import type { BudgetPlan } from "../model/budget";
import type { ShownMonths } from "./budgetTable";
import { formatCompact } from "../../core/pane/format";
import { CHARACTER_WIDTH, el } from "../../core/pane/dom";

const CHART_WIDTH = 340;
const CHART_HEIGHT = 220;
const TOP_PRICED = 42;
const TOP = 28;
const BOTTOM = 30;
const LEFT = 40;
const RIGHT_PRICED = 44;
const RIGHT = 8;

/** One layer of one month's column, in the chart's units (px of the viewBox). */
export interface BarPart {
  month: number;
  kind: "used" | "idle" | "rescan" | "training";
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A tick of an axis: where, and its text. */
export interface Tick {
  at: number;
  label: string;
}

/** The chart's geometry. */
export interface BudgetChartModel {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  bars: BarPart[];
  hourTicks: Tick[];
  /** the months' labels under the columns: month names, the year under each January and the first month */
  monthTicks: { x: number; label: string; year?: string }[];
  /** with a price: the cumulative cost, a point per month at its column's centre */
  cumulative?: { x: number; y: number }[];
  costTicks?: Tick[];
  /** with a budget for the horizon: its height on the cost axis */
  budgetLine?: number;
}

/** The least "nice" number (1, 2, 2.5 or 5 times a power of ten) at or above `value`; 1 for nothing. */
export function niceCeiling(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value * (1 - 1e-12)) return step * power;
  return 10 * power;
}

/** The columns a month label steps over so that labels do not collide: 1, 2, 3, 6 or 12 months. */
function labelStep(band: number): number {
  return [1, 2, 3, 6, 12].find((step) => band * step >= 4 * CHARACTER_WIDTH + 4) ?? 12;
}

/** The chart's geometry for `result`; `plan` says whether a budget line is drawn. */
export function chartModel(
  plan: Pick<BudgetPlan, "budgetPer" | "budgetAmount">,
  result: ShownMonths,
): BudgetChartModel {
  const priced = result.cost !== undefined;
  const top = priced ? TOP_PRICED : TOP;
  const plot = {
    left: LEFT,
    right: CHART_WIDTH - (priced ? RIGHT_PRICED : RIGHT),
    top,
    bottom: CHART_HEIGHT - BOTTOM,
  };
  const months = result.months;
  const band = (plot.right - plot.left) / Math.max(months.length, 1);
  const barWidth = Math.max(1, band * 0.72);
  const tallest = Math.max(...months.map((m) => m.totalHours), 0);
  const hoursMax = niceCeiling(tallest);
  const y = (hours: number) => plot.bottom - (Math.max(0, hours) / hoursMax) * (plot.bottom - plot.top);
  const bars: BarPart[] = [];
  months.forEach((m, i) => {
    const x = plot.left + i * band + (band - barWidth) / 2;
    let base = 0;
    const layers: [BarPart["kind"], number][] = [
      ["used", m.servingHoursConsumed],
      ["idle", m.servingHoursPaid - m.servingHoursConsumed],
      ["rescan", m.rescanHours],
      ["training", m.trainingHours],
    ];
    for (const [kind, hours] of layers) {
      if (!(hours > 0)) continue;
      const yTop = y(base + hours);
      bars.push({ month: m.month, kind, x, y: yTop, width: barWidth, height: Math.max(0, y(base) - yTop) });
      base += hours;
    }
  });
  // The top tick carries the axis's unit: "20K h".
  const hourTicks = [0, 0.5, 1].map((f) => ({
    at: y(f * hoursMax),
    label: f === 1 ? `${formatCompact(hoursMax)} h` : formatCompact(f * hoursMax),
  }));
  const step = labelStep(band);
  const monthTicks: BudgetChartModel["monthTicks"] = [];
  months.forEach((m, i) => {
    const [name, year] = m.label.split(" ");
    const january = name === "Jan";
    if (i % step !== 0 && !(january && step < 12)) return;
    monthTicks.push({ x: plot.left + (i + 0.5) * band, label: name, year: i === 0 || january ? year : undefined });
  });
  // A January off the step (steps of 2 or 3 from a month that is not January) could sit beside a stepped label.
  const spaced = monthTicks.filter((t, i, all) => i === 0 || t.x - all[i - 1].x >= 4 * CHARACTER_WIDTH);
  const model: BudgetChartModel = {
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    plot,
    bars,
    hourTicks,
    monthTicks: spaced,
  };
  if (priced) {
    const horizonBudget = plan.budgetPer === "horizon" ? plan.budgetAmount : undefined;
    const costMax = niceCeiling(Math.max(result.cost ?? 0, horizonBudget ?? 0));
    const yCost = (cost: number) => plot.bottom - (Math.max(0, cost) / costMax) * (plot.bottom - plot.top);
    model.cumulative = months.map((m, i) => ({ x: plot.left + (i + 0.5) * band, y: yCost(m.cumulativeCost ?? 0) }));
    model.costTicks = [0, 0.5, 1].map((f) => ({ at: yCost(f * costMax), label: formatCompact(f * costMax) }));
    if (horizonBudget !== undefined) model.budgetLine = yCost(horizonBudget);
  }
  return model;
}

const BAR_CLASS: Record<BarPart["kind"], string> = {
  used: "budget-used",
  idle: "budget-idle",
  rescan: "budget-rescan",
  training: "budget-training",
};

type Attributes = Record<string, string | number>;

/** Draws an SVG's children in order, each `add` reusing the child already at its place. */
interface InPlace {
  add(name: keyof SVGElementTagNameMap, attributes: Attributes, text?: string): void;
  /** Removes the children past the last one added. */
  done(): void;
}

/**
 * Draws into `svg` in place: a child of the same tag at the same place keeps its node and has only the attributes
 * and text that changed set; a keystroke then moves the columns rather than rebuilding some 300 nodes (a new node
 * costs its creation and a layout of its own). A child of another tag is replaced.
 */
function inPlace(svg: SVGSVGElement): InPlace {
  let at = 0;
  return {
    add(name, attributes, text = "") {
      const existing = svg.children[at++] as SVGElement | undefined;
      if (!existing || existing.tagName !== name) {
        const node = el(name, attributes, text);
        if (existing) existing.replaceWith(node);
        else svg.append(node);
        return;
      }
      for (const attribute of Array.from(existing.attributes)) {
        if (!(attribute.name in attributes)) existing.removeAttribute(attribute.name);
      }
      for (const [key, value] of Object.entries(attributes)) {
        if (existing.getAttribute(key) !== String(value)) existing.setAttribute(key, String(value));
      }
      if (existing.textContent !== text) existing.textContent = text;
    },
    done() {
      while (svg.children.length > at) svg.lastElementChild!.remove();
    },
  };
}

/** One legend entry: a swatch of `className` and its words, from x; gives the x after it. */
function legendEntry(svg: InPlace, x: number, y: number, className: string, words: string, line = false) {
  if (line) svg.add("line", { x1: x, y1: y - 3, x2: x + 12, y2: y - 3, class: className });
  else svg.add("rect", { x, y: y - 8, width: 10, height: 10, class: className });
  svg.add("text", { x: x + 15, y, class: "label" }, words);
  return x + 15 + words.length * CHARACTER_WIDTH + 10;
}

/** Draws `model` into `chart` (in place: see inPlace), with `description` as its accessible name. */
export function drawBudgetChart(chart: SVGSVGElement, model: BudgetChartModel, currency: string, description: string) {
  const svg = inPlace(chart);
  chart.setAttribute("viewBox", `0 0 ${model.width} ${model.height}`);
  chart.setAttribute("aria-label", description);
  const { plot } = model;
  let x = 4;
  const priced = model.cumulative !== undefined;
  x = legendEntry(svg, x, 12, "budget-training", "Training");
  x = legendEntry(svg, x, 12, "budget-used", "Serving used");
  x = legendEntry(svg, x, 12, "budget-idle", "paid, idle");
  if (model.bars.some((b) => b.kind === "rescan")) legendEntry(svg, x, 12, "budget-rescan", "Re-scans");
  if (priced) {
    const next = legendEntry(
      svg,
      4,
      28,
      "budget-cumulative",
      `Cumulative cost${currency ? ` (${currency})` : ""}`,
      true,
    );
    if (model.budgetLine !== undefined) legendEntry(svg, next, 28, "budget-line", "Budget", true);
  }
  for (const tick of model.hourTicks) {
    svg.add("line", { x1: plot.left, y1: tick.at, x2: plot.right, y2: tick.at, class: "grid" });
    svg.add("text", { x: plot.left - 4, y: tick.at + 3, "text-anchor": "end", class: "tick" }, tick.label);
  }
  for (const bar of model.bars) {
    svg.add("rect", { x: bar.x, y: bar.y, width: bar.width, height: bar.height, class: BAR_CLASS[bar.kind] });
  }
  for (const tick of model.monthTicks) {
    svg.add("text", { x: tick.x, y: plot.bottom + 12, "text-anchor": "middle", class: "tick" }, tick.label);
    if (tick.year) {
      svg.add("text", { x: tick.x, y: plot.bottom + 24, "text-anchor": "middle", class: "tick" }, tick.year);
    }
  }
  if (model.cumulative && model.costTicks) {
    for (const tick of model.costTicks) {
      svg.add("text", { x: plot.right + 4, y: tick.at + 3, class: "tick" }, tick.label);
    }
    if (model.budgetLine !== undefined) {
      const at = model.budgetLine;
      svg.add("line", { x1: plot.left, y1: at, x2: plot.right, y2: at, class: "budget-line" });
    }
    const points = model.cumulative.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ");
    svg.add("polyline", { points, class: "budget-cumulative" });
  }
  svg.done();
}
