/*
 * The annual view's sensitivity: each of the year's inputs moved -20% and +20% (the what-if layer's default),
 * and how far that moves training's share of the year, the ceiling on any training-side change. Drawn as
 * bars around the base share and as a table, largest swing first, from the model's sensitivity(ANNUAL_VIEW).
 */
import { ANNUAL_VIEW, AnnualPlan, isProblem, Problem, sensitivity } from "../model";
import { el } from "./chartSvg";

const WIDTH = 340;
const LABEL_ROW = 13;
const BAR = 10;

const numberOf = (x: number | Problem) => (isProblem(x) ? undefined : x);

function cell(tag: "td" | "th", text: string, scope?: string): HTMLTableCellElement {
  const node = document.createElement(tag);
  node.textContent = text;
  if (scope) node.setAttribute("scope", scope);
  return node;
}

/** The section's parts, made under `after` the first time. */
function parts(after: HTMLElement): {
  heading: HTMLElement;
  text: HTMLElement;
  svg: SVGSVGElement;
  table: HTMLTableElement;
} {
  const existing = document.getElementById("annual-sensitivity");
  if (existing) {
    return {
      heading: existing.querySelector("h2")!,
      text: existing.querySelector("p")!,
      svg: existing.querySelector("svg")!,
      table: existing.querySelector("table")!,
    };
  }
  const section = document.createElement("div");
  section.id = "annual-sensitivity";
  const heading = document.createElement("h2");
  heading.className = "subheading";
  heading.textContent = "What moves the ceiling";
  const text = document.createElement("p");
  text.className = "sentences";
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("width", "100%");
  const wrap = document.createElement("div");
  wrap.className = "table-wrap";
  const table = document.createElement("table");
  table.setAttribute("aria-label", "Training's share of the year with each input at its low and its high");
  wrap.append(table);
  section.append(heading, text, svg, wrap);
  after.after(section);
  return { heading, text, svg, table };
}

/**
 * Shows how training's share of the year swings with each input of `plan` at -20% and +20%, under `after`;
 * `share` writes a share as the view's tables do.
 */
export function showAnnualSensitivity(after: HTMLElement, plan: AnnualPlan, share: (x: number) => string): void {
  const { text, svg, table } = parts(after);
  const result = sensitivity(ANNUAL_VIEW, plan);
  if (isProblem(result)) {
    text.textContent = result.message;
    svg.replaceChildren();
    table.replaceChildren();
    return;
  }
  const tornado = result.outputs.find((o) => o.output.key === "trainingShareConsumed")!;
  const base = numberOf(tornado.base);
  const rows = tornado.rows.filter((row) => numberOf(row.lowOutput) !== undefined);
  const ends = (row: (typeof rows)[0]) => [share(numberOf(row.lowOutput)!), share(numberOf(row.highOutput)!)];
  const top = rows[0];
  const still = rows.filter((row) => row.swing === 0).map((row) => row.label);
  text.textContent =
    (top && base !== undefined
      ? `Each input moved 20% either way: ${top.label} moves training's share most, from ` +
        `${share(numberOf(top.lowOutput)!)} to ${share(numberOf(top.highOutput)!)} (now ${share(base)}).`
      : "") + (still.length ? ` ${still.join(", ")}: no change.` : "");

  // Bars around the base share: the span from the low input's share to the high input's.
  svg.replaceChildren();
  const values = rows.reduce<number[]>(
    (all, row) => all.concat([numberOf(row.lowOutput)!, numberOf(row.highOutput)!]),
    [],
  );
  const lo = Math.min(...values, base ?? 0);
  const hi = Math.max(...values, base ?? 0);
  const x = (v: number) => 10 + ((v - lo) / (hi - lo || 1)) * (WIDTH - 20);
  let y = 4;
  for (const row of rows) {
    y += LABEL_ROW;
    svg.append(el("text", { x: 10, y, class: "label" }, row.label));
    y += 3;
    const [a, b] = [x(numberOf(row.lowOutput)!), x(numberOf(row.highOutput)!)];
    svg.append(el("rect", { x: Math.min(a, b), y, width: Math.max(1, Math.abs(b - a)), height: BAR, class: "stage" }));
    y += BAR + 4;
  }
  if (base !== undefined) {
    svg.append(el("line", { x1: x(base), x2: x(base), y1: 6, y2: y, class: "crossover" }));
  }
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${y + 4}`);
  svg.setAttribute(
    "aria-label",
    rows.map((row) => `${row.label}: ${ends(row).join(" at its low, ")} at its high`).join("; "),
  );

  const head = document.createElement("thead");
  const headRow = document.createElement("tr");
  for (const title of ["Input", "At -20%", "At +20%"]) headRow.append(cell("th", title, "col"));
  head.append(headRow);
  const body = document.createElement("tbody");
  for (const row of rows) {
    const tr = document.createElement("tr");
    tr.append(
      cell("th", row.label, "row"),
      cell("td", share(numberOf(row.lowOutput)!)),
      cell("td", share(numberOf(row.highOutput)!)),
    );
    body.append(tr);
  }
  table.replaceChildren(head, body);
}
