/*
 * The Estate view's chart: the estate split by model and half. Each model has a bar of its share of the estate's
 * hours and, priced, one of its money, each split into its training and its serving (and re-scans), on one scale
 * (the whole estate is the full width), so a model cheap in hours and dear in money shows it at a glance. The
 * annual chart's classes colour it (core/pane/pane.css), so light and dark themes hold.
 */
import { ESTATE_PARTS, EstatePart, EstateYear, PartFigures } from "../model";
import { isProblem, Problem } from "../../core/model/problems";
import { el } from "../../core/pane/dom";

const WIDTH = 340;
const LEFT = 10;
const RIGHT = 10;
const BAR = 10;

/** The class that colours a part. */
const PART_CLASS: Record<EstatePart, string> = {
  training: "training-text",
  serving: "stage",
  rescans: "crossover-point",
};

const value = (x: number | Problem | undefined) => (x === undefined || isProblem(x) ? 0 : Math.max(0, x));

/** One bar: the parts' shares of the estate, side by side from the left. */
function bar(svg: SVGSVGElement, y: number, parts: Record<EstatePart, PartFigures>, pick: "hoursShare" | "costShare") {
  const span = WIDTH - LEFT - RIGHT;
  let x = LEFT;
  for (const part of ESTATE_PARTS) {
    const width = value(parts[part][pick]) * span;
    if (width <= 0) continue;
    svg.append(el("rect", { x, y, width: Math.max(width, 1), height: BAR, class: PART_CLASS[part] }));
    x += width;
  }
}

/** Draws the estate's split into `svg`, its shares written by `share`: a model's name, its bars, then its shares. */
export function drawEstateChart(svg: SVGSVGElement, year: EstateYear, share: (x: number) => string): void {
  svg.replaceChildren();
  let y = 16;
  const title = year.priced ? "By model and half: hours, then money" : "By model and half";
  svg.append(el("text", { x: LEFT, y, class: "chart-title" }, title));
  y += 6;
  const described: string[] = [];
  for (const model of year.models) {
    y += 18;
    // A name is at most MODEL_NAME_MAX_LENGTH (40) characters: about 280 of the drawing's 320 units at 12.5 px.
    svg.append(el("text", { x: LEFT, y, class: "label" }, model.name));
    y += 5;
    bar(svg, y, model.parts, "hoursShare");
    y += BAR + 2;
    if (year.priced) {
      bar(svg, y, model.parts, "costShare");
      y += BAR + 2;
    }
    const trainingHours = share(value(model.parts.training.hoursShare));
    const hours = `${share(value(model.total.hoursShare))} of hours (training ${trainingHours})`;
    const money = year.priced
      ? `${share(value(model.total.costShare))} of money (training ${share(value(model.parts.training.costShare))})`
      : undefined;
    // One line a measure: both on one line ran 430 units at 12.5 px, past the drawing's 340.
    for (const line of money === undefined ? [hours] : [hours, money]) {
      y += 15;
      svg.append(el("text", { x: LEFT, y, class: "tick" }, line));
    }
    described.push(`${model.name}: ${hours}${money === undefined ? "" : `, ${money}`}`);
  }
  y += 22;
  svg.append(el("text", { x: LEFT, y, class: "training-text legend" }, "■ training"));
  svg.append(el("text", { x: LEFT + 100, y, class: "serving-text legend" }, "■ serving"));
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${y + 8}`);
  svg.setAttribute("aria-label", `The estate by model and half. ${described.join("; ")}.`);
}
