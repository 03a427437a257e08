/* Draws the stage chart's model as SVG elements. Text goes in with textContent only. */
import { CHARACTER_WIDTH, el } from "../../core/pane/dom";
import { ChartModel, Label } from "./stageChart";

/** `text` in lines of at most `width` characters, broken between words (SVG text does not wrap). */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A text element at a label's place, anchored as the model says. */
const labelText = (label: Label, text: string, cls: string) =>
  el("text", { x: label.x, y: label.y, class: cls, "text-anchor": label.anchor }, text);

/** A note in place of the chart, one text element per line. */
function drawNote(svg: SVGSVGElement, note: string, width: number): void {
  wrapWords(note, Math.floor((width - 20) / CHARACTER_WIDTH)).forEach((line, i) => {
    svg.append(el("text", { x: 10, y: 20 + i * 13, class: "chart-note" }, line));
  });
}

/**
 * Replaces the contents of `svg` with the chart. An empty model, or one whose values are out of
 * the chart's range, leaves a message instead.
 */
export function drawChart(svg: SVGSVGElement, model: ChartModel | undefined): void {
  svg.replaceChildren();
  if (!model) {
    drawNote(svg, "Nothing above zero to plot on log axes.", 340);
    return;
  }
  svg.setAttribute("viewBox", `0 0 ${model.width} ${model.height}`);
  if (model.outOfRange !== undefined) {
    drawNote(svg, model.outOfRange, model.width);
    return;
  }
  const { plot } = model;
  for (const tick of model.xTicks) {
    svg.append(el("line", { x1: tick.at, x2: tick.at, y1: plot.top, y2: plot.bottom, class: "grid" }));
    svg.append(el("text", { x: tick.at, y: plot.bottom + 14, class: "tick", "text-anchor": "middle" }, tick.label));
  }
  for (const tick of model.yTicks) {
    svg.append(el("line", { x1: plot.left, x2: plot.right, y1: tick.at, y2: tick.at, class: "grid" }));
    svg.append(el("text", { x: plot.left - 4, y: tick.at + 4, class: "tick", "text-anchor": "end" }, tick.label));
  }
  const title = { class: "axis-title", "text-anchor": "middle" };
  const centre = (plot.left + plot.right) / 2;
  svg.append(el("text", { ...title, x: centre, y: model.height - 6 }, "clips per interval (log)"));
  const middle = (plot.top + plot.bottom) / 2;
  const vertical = { ...title, x: 12, y: middle, transform: `rotate(-90 12 ${middle})` };
  svg.append(el("text", vertical, "accelerator-hours (log)"));
  const [t0, t1] = model.training;
  svg.append(el("line", { x1: t0.x, y1: t0.y, x2: t1.x, y2: t1.y, class: "training" }));
  const [s0, s1] = model.serving;
  svg.append(el("line", { x1: s0.x, y1: s0.y, x2: s1.x, y2: s1.y, class: "serving" }));
  if (model.crossover) {
    const { x, y } = model.crossover;
    svg.append(el("line", { x1: x, x2: x, y1: plot.top, y2: plot.bottom, class: "crossover" }));
    if (model.crossoverLabel) svg.append(labelText(model.crossoverLabel, "crossover", "label"));
    svg.append(el("circle", { cx: x, cy: y, r: 4, class: "crossover-point" }));
  }
  for (const stage of model.stages) {
    svg.append(el("circle", { cx: stage.x, cy: stage.y, r: 4.5, class: "stage" }));
    svg.append(labelText(stage.label, stage.name, "label"));
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
