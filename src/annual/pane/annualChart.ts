/*
 * The annual view's chart, in two parts drawn from the model's figures: the year's bill split by part (one
 * bar, each part its share), and each proposed lever's saving as a share of the bill against its ceiling (the
 * share of the bill the part it touches is: no change to that part can save more). Colours come from the pane's
 * chart classes, so light and dark themes hold.
 */
import { AnnualFigures } from "../model/levers";
import { isProblem, Problem } from "../../core/model/problems";
import { el } from "../../core/pane/svg";

const WIDTH = 340;
const LEFT = 10;
const RIGHT = 10;
const BAR = 14;
const ROW = 40;

/** The class that colours a part of the bill. */
const PART_CLASS: Record<string, string> = { training: "training-text", serving: "stage", rescans: "crossover-point" };

const value = (x: number | Problem) => (isProblem(x) ? 0 : Math.max(0, x));

/** Draws `view` into `svg`; `share` and `hours` write the figures as the tables do. */
export function drawAnnualChart(
  svg: SVGSVGElement,
  view: AnnualFigures,
  share: (x: number) => string,
  hours: (x: number) => string,
): void {
  svg.replaceChildren();
  const span = WIDTH - LEFT - RIGHT;
  let y = 14;
  svg.append(el("text", { x: LEFT, y, class: "legend" }, "The bill by part (hours paid)"));
  y += 8;
  let x = LEFT;
  const parts = view.table.rows.filter((row) => row.part !== "total" && value(row.paidShare) > 0);
  for (const row of parts) {
    const width = value(row.paidShare) * span;
    svg.append(el("rect", { x, y, width: Math.max(width, 1), height: BAR, class: PART_CLASS[row.part] || "stage" }));
    x += width;
  }
  y += BAR + 14;
  const legend = parts.map((row) => `${row.label.replace(/ \(.*\)$/, "")} ${share(value(row.paidShare))}`).join(" · ");
  svg.append(el("text", { x: LEFT, y, class: "label" }, legend));
  y += 24;

  const levers = view.levers.rows.filter((row) => row.changed && !isProblem(row.hoursSavedPerYear));
  svg.append(el("text", { x: LEFT, y, class: "legend" }, "Each lever's saving against its ceiling"));
  y += 6;
  if (levers.length === 0) {
    y += 16;
    svg.append(el("text", { x: LEFT, y, class: "chart-note" }, "No change proposed yet."));
  }
  const widest = Math.max(...levers.map((row) => value(row.ceiling)), 1e-12);
  for (const row of levers) {
    y += 16;
    svg.append(el("text", { x: LEFT, y, class: "label" }, row.label));
    y += 4;
    const ceiling = (value(row.ceiling) / widest) * span;
    const saving = (Math.min(value(row.shareOfBill), value(row.ceiling)) / widest) * span;
    svg.append(el("rect", { x: LEFT, y, width: Math.max(ceiling, 1), height: BAR, class: "crossover-point" }));
    svg.append(el("rect", { x: LEFT, y, width: Math.max(saving, 1), height: BAR, class: "stage" }));
    const text =
      `${hours(value(row.hoursSavedPerYear))} h: ${share(value(row.shareOfBill))} of the bill, ` +
      `ceiling ${share(value(row.ceiling))}`;
    svg.append(el("text", { x: LEFT, y: y + BAR + 12, class: "tick" }, text));
    y += ROW - 16;
  }
  const height = y + 12;
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${height}`);
  svg.setAttribute(
    "aria-label",
    `The bill by part: ${legend}. ` +
      levers
        .map(
          (row) =>
            `${row.label} saves ${share(value(row.shareOfBill))} against a ceiling of ${share(value(row.ceiling))}`,
        )
        .join("; "),
  );
}
