/*
 * The annual view's chart, in two parts drawn from the model's figures: the year's bill split by part (one
 * bar, each part its share), and each proposed lever's saving as a share of the bill against its ceiling (the
 * share of the bill the part it touches is: no change to that part can save more), in money too at a price.
 * Colours come from the pane's chart classes and annual.css (the titles' chart-title), so light and dark themes
 * hold: every text has a fill from the theme's tokens, never the SVG default black.
 */
import { AnnualFigures } from "../model/levers";
import { isProblem, Problem } from "../../core/model/problems";
import { el } from "../../core/pane/dom";

const WIDTH = 340;
const LEFT = 10;
const RIGHT = 10;
const BAR = 14;
const ROW = 40;

/** The class that colours a part of the bill. */
const PART_CLASS: Record<string, string> = { training: "training-text", serving: "stage", rescans: "crossover-point" };

const value = (x: number | Problem) => (isProblem(x) ? 0 : Math.max(0, x));

/** How the chart writes its figures, as the tables do; `money` when the plan has a price. */
export interface AnnualChartFormat {
  share: (x: number) => string;
  hours: (x: number) => string;
  money?: (x: number) => string;
}

/** Draws `view` into `svg`, its figures written by `format`. */
export function drawAnnualChart(svg: SVGSVGElement, view: AnnualFigures, format: AnnualChartFormat): void {
  const { share, hours, money } = format;
  svg.replaceChildren();
  const span = WIDTH - LEFT - RIGHT;
  let y = 14;
  svg.append(
    el(
      "text",
      { x: LEFT, y, class: "chart-title" },
      money ? "The bill by part (paid)" : "The bill by part (hours paid)",
    ),
  );
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
  svg.append(el("text", { x: LEFT, y, class: "chart-title" }, "Each lever's saving against its ceiling"));
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
    const cost = money && typeof row.costSavedPerYear === "number" ? `, ${money(row.costSavedPerYear)}` : "";
    const text =
      `${hours(value(row.hoursSavedPerYear))} h${cost}: ${share(value(row.shareOfBill))} of the bill, ` +
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
            `${row.label} saves ${share(value(row.shareOfBill))}` +
            (money && typeof row.costSavedPerYear === "number" ? ` (${money(row.costSavedPerYear)})` : "") +
            ` against a ceiling of ${share(value(row.ceiling))}`,
        )
        .join("; "),
  );
}
