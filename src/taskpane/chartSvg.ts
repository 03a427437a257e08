/* Draws a ChartModel as SVG elements. Text goes in with textContent only. */
import { ChartModel } from "./chartModel";

const SVG = "http://www.w3.org/2000/svg";

function el<K extends keyof SVGElementTagNameMap>(name: K, attributes: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Replaces the contents of `svg` with the chart; an empty model leaves a message. */
export function drawChart(svg: SVGSVGElement, model: ChartModel | undefined): void {
  svg.replaceChildren();
  if (!model) {
    svg.append(el("text", { x: 10, y: 20, class: "chart-note" }, "Nothing above zero to plot on log axes."));
    return;
  }
  const { plot } = model;
  svg.setAttribute("viewBox", `0 0 ${model.width} ${model.height}`);
  for (const tick of model.xTicks) {
    svg.append(el("line", { x1: tick.at, x2: tick.at, y1: plot.top, y2: plot.bottom, class: "grid" }));
    svg.append(el("text", { x: tick.at, y: plot.bottom + 14, class: "tick", "text-anchor": "middle" }, tick.label));
  }
  for (const tick of model.yTicks) {
    svg.append(el("line", { x1: plot.left, x2: plot.right, y1: tick.at, y2: tick.at, class: "grid" }));
    svg.append(el("text", { x: plot.left - 4, y: tick.at + 4, class: "tick", "text-anchor": "end" }, tick.label));
  }
  svg.append(el("text", { x: (plot.left + plot.right) / 2, y: model.height - 6, class: "axis-title", "text-anchor": "middle" }, "clips per interval (log)"));
  svg.append(
    el("text", { x: 12, y: (plot.top + plot.bottom) / 2, class: "axis-title", "text-anchor": "middle", transform: `rotate(-90 12 ${(plot.top + plot.bottom) / 2})` }, "accelerator-hours (log)"),
  );
  const [t0, t1] = model.training;
  svg.append(el("line", { x1: t0.x, y1: t0.y, x2: t1.x, y2: t1.y, class: "training" }));
  const [s0, s1] = model.serving;
  svg.append(el("line", { x1: s0.x, y1: s0.y, x2: s1.x, y2: s1.y, class: "serving" }));
  if (model.crossover) {
    const { x, y } = model.crossover;
    svg.append(el("line", { x1: x, x2: x, y1: plot.top, y2: plot.bottom, class: "crossover" }));
    svg.append(el("text", { x: x + 4, y: plot.top + 10, class: "label" }, "crossover"));
    svg.append(el("circle", { cx: x, cy: y, r: 4, class: "crossover-point" }));
  }
  for (const stage of model.stages) {
    svg.append(el("circle", { cx: stage.x, cy: stage.y, r: 4.5, class: "stage" }));
    svg.append(el("text", { x: stage.x + 6, y: stage.y + 14, class: "label" }, stage.name));
  }
  // Legend, top left, where the serving line is lowest.
  const legend = [
    ["serving", "serving"],
    ["training", "training"],
  ];
  legend.forEach(([name, cls], i) => {
    const y = plot.top + 10 + i * 13;
    svg.append(el("line", { x1: plot.left + 6, x2: plot.left + 22, y1: y - 3, y2: y - 3, class: cls }));
    svg.append(el("text", { x: plot.left + 26, y, class: `legend ${cls}-text` }, `${name} hours`));
  });
}
