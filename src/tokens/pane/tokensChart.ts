/*
 * The "API or own fleet" chart: both costs a month against requests a month, on linear axes from 0 (the fleet's
 * floor is flat until the traffic outgrows its accelerators always on, then rises at its cost a request; the API
 * rises from 0 at its own), the crossover marked where the lines meet and the plan's traffic as a dashed line. The
 * pane's chart classes colour it (core/pane/pane.css), so light and dark themes hold.
 */
import { isProblem } from "../../core/model/problems";
import { el } from "../../core/pane/dom";
import type { TokenComparison } from "../model";

const WIDTH = 340;
const HEIGHT = 224;
const LEFT = 58;
const RIGHT = 12;
const TOP = 26;
const BOTTOM = 50;

/** The pane's formatters, handed in: compact ticks and money. */
export interface ChartWords {
  compact: (value: number) => string;
  money: (value: number) => string;
}

/** Draws both costs against volume into `svg`, with the traffic at `requests`. */
export function drawTokensChart(
  svg: SVGSVGElement,
  figures: TokenComparison,
  requests: number,
  words: ChartWords,
): void {
  svg.replaceChildren();
  const points = figures.curve;
  const top = points[points.length - 1];
  const maxRequests = top.requests || 1;
  const maxCost = Math.max(top.apiCost, top.fleetCost) || 1;
  const x = (n: number) => LEFT + (n / maxRequests) * (WIDTH - LEFT - RIGHT);
  const y = (cost: number) => HEIGHT - BOTTOM - (cost / maxCost) * (HEIGHT - TOP - BOTTOM);
  svg.append(el("text", { x: 10, y: 14, class: "chart-title" }, "Cost a month against requests a month"));
  for (const share of [0, 0.5, 1]) {
    const cost = maxCost * share;
    svg.append(el("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: y(cost), y2: y(cost), class: "grid" }));
    svg.append(el("text", { x: LEFT - 4, y: y(cost) + 3, "text-anchor": "end", class: "tick" }, words.compact(cost)));
    const n = maxRequests * share;
    // The last tick ends at the plot's edge, so it is not cut off at the drawing's.
    const anchor = share === 1 ? "end" : share === 0 ? "start" : "middle";
    svg.append(
      el("text", { x: x(n), y: HEIGHT - BOTTOM + 12, "text-anchor": anchor, class: "tick" }, words.compact(n)),
    );
  }
  svg.append(
    el(
      "text",
      { x: (LEFT + WIDTH) / 2, y: HEIGHT - BOTTOM + 24, "text-anchor": "middle", class: "axis-title" },
      "requests a month",
    ),
  );
  const line = (pick: (p: (typeof points)[number]) => number, cls: string) =>
    el("polyline", { points: points.map((p) => `${x(p.requests)},${y(pick(p))}`).join(" "), fill: "none", class: cls });
  svg.append(
    line((p) => p.fleetCost, "training"),
    line((p) => p.apiCost, "serving"),
  );
  svg.append(el("line", { x1: x(requests), x2: x(requests), y1: TOP, y2: HEIGHT - BOTTOM, class: "crossover" }));
  if (!isProblem(figures.crossover)) {
    const at = figures.crossover;
    svg.append(el("circle", { cx: x(at), cy: y(at * figures.apiPerRequest), r: 4, class: "crossover-point" }));
  }
  const legendY = HEIGHT - 4;
  svg.append(el("text", { x: 10, y: legendY, class: "serving-text legend" }, "■ API"));
  svg.append(el("text", { x: 60, y: legendY, class: "training-text legend" }, "■ your fleet"));
  svg.append(el("text", { x: 150, y: legendY, class: "label" }, "┆ the plan's traffic"));
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  const crossing = isProblem(figures.crossover)
    ? "no crossover"
    : `they cross at ${words.compact(figures.crossover)} requests`;
  svg.setAttribute(
    "aria-label",
    `Cost a month against requests a month: the API from 0, your fleet from ` +
      `${words.money(points[0].fleetCost)}; ${crossing}.`,
  );
}
