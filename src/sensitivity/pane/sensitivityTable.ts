/*
 * A sensitivity section's drawing, for any view: the tornado (SVG, role="img" with the whole chart in its
 * aria-label), the table of the same rows (the figures a screen reader and a planner copying them want), and the
 * editor of each input's low and high. Text goes in as text nodes or textContent only; colours are CSS classes.
 */
import { SensitivityFigures } from "./sensitivityFigures";
import { TornadoModel, TornadoText } from "./tornado";
import { el } from "../../core/pane/dom";

const textOf = (placed: TornadoText, className: string) =>
  el("text", { x: placed.x, y: placed.y, "text-anchor": placed.anchor, class: className }, placed.text);

/** Replaces the drawing in `svg` with the tornado; undefined leaves it empty (the table and sentences say why). */
export function drawTornado(svg: SVGSVGElement, model: TornadoModel | undefined, description: string): void {
  svg.replaceChildren();
  svg.setAttribute("aria-label", description);
  if (!model) {
    svg.setAttribute("viewBox", "0 0 340 0");
    return;
  }
  svg.setAttribute("viewBox", `0 0 ${model.width} ${model.height}`);
  for (const bar of model.bars) {
    svg.append(textOf(bar.label, "bar-label"));
    for (const segment of bar.segments) {
      const x = Math.min(segment.from, segment.to);
      const width = Math.max(1, Math.abs(segment.to - segment.from));
      svg.append(el("rect", { x, y: bar.y, width, height: bar.height, class: `bar-${segment.side}` }));
      svg.append(textOf(segment.label, "bar-figure"));
    }
    if (bar.missing) svg.append(textOf(bar.missing, "bar-figure"));
    if (bar.unchanged) {
      const middle = bar.y + bar.height / 2;
      svg.append(el("circle", { cx: model.baseX, cy: middle, r: 3.5, class: "bar-unchanged" }));
      svg.append(textOf(bar.unchanged, "bar-figure"));
    }
  }
  for (const { y1, y2 } of model.baseLines) {
    svg.append(el("line", { x1: model.baseX, x2: model.baseX, y1, y2, class: "base-line" }));
  }
  svg.append(textOf(model.baseLabel, "base-label"));
  const legend: [string, string][] = [
    ["low", "input at its low"],
    ["high", "input at its high"],
  ];
  let x = 0;
  for (const [side, words] of legend) {
    svg.append(el("rect", { x, y: model.legendY - 9, width: 10, height: 10, class: `bar-${side}` }));
    svg.append(el("text", { x: x + 14, y: model.legendY, class: "legend-text" }, words));
    x += 120;
  }
}

/** A table cell with text; a heading cell with a scope. */
function cell(tag: "td" | "th", text: string, scope?: string): HTMLTableCellElement {
  const node = document.createElement(tag);
  node.textContent = text;
  if (scope) node.setAttribute("scope", scope);
  return node;
}

/** The rows as a table: the input (its low and high under it), the output at each end, the swing. */
export function fillSwingTable<I, O extends string>(table: HTMLTableElement, figures: SensitivityFigures<I, O>): void {
  const head = document.createElement("thead");
  const headRow = document.createElement("tr");
  for (const heading of ["Input, low → high", "At low", "At high", "Swing"]) headRow.append(cell("th", heading, "col"));
  head.append(headRow);
  const body = document.createElement("tbody");
  for (const row of figures.rows) {
    const tr = document.createElement("tr");
    const th = cell("th", row.label, "row");
    const range = document.createElement("span");
    range.className = "unit";
    range.textContent = row.rangeText;
    th.append(document.createElement("br"), range);
    const swing = cell("td", row.zero ? "none" : row.swingText);
    if (row.relativeText && !row.zero) {
      const relative = document.createElement("span");
      relative.className = "change";
      relative.textContent = row.relativeText;
      swing.append(relative);
    }
    tr.append(th, cell("td", row.lowText), cell("td", row.highText), swing);
    if (row.zero) tr.className = "zero-swing";
    body.append(tr);
  }
  table.replaceChildren(head, body);
}

/** The inputs of the ranges editor, by field. */
export type RangeInputs<K extends string> = Map<
  K,
  { low: HTMLInputElement; high: HTMLInputElement; error: HTMLElement }
>;

/**
 * The editor of each varied input's low and high, in field order (so that a row never moves under the cursor as
 * the swings re-sort): a row per input, a low and a high input, and the row's message under it. `idPrefix` keeps
 * two tabs' ids apart: "whatif-" gives whatif-range-<key>-low and whatif-range-error-<key>.
 */
export function buildRangeRows<K extends string>(
  table: HTMLTableElement,
  fields: readonly { key: K; label: string; unit: string }[],
  idPrefix: string,
): RangeInputs<K> {
  const inputs: RangeInputs<K> = new Map();
  const head = document.createElement("thead");
  const headRow = document.createElement("tr");
  for (const heading of ["Input", "Low", "High"]) headRow.append(cell("th", heading, "col"));
  head.append(headRow);
  const body = document.createElement("tbody");
  for (const field of fields) {
    const row = document.createElement("tr");
    const th = cell("th", field.label, "row");
    const unit = document.createElement("span");
    unit.className = "unit";
    unit.textContent = field.unit;
    th.append(document.createElement("br"), unit);
    row.append(th);
    const error = document.createElement("p");
    error.className = "error";
    error.id = `${idPrefix}range-error-${field.key}`;
    const pair = (["low", "high"] as const).map((side) => {
      const input = document.createElement("input");
      input.type = "text";
      input.inputMode = "decimal";
      input.autocomplete = "off";
      input.spellcheck = false;
      input.className = "grid-input";
      input.id = `${idPrefix}range-${field.key}-${side}`;
      input.dataset.key = field.key;
      input.dataset.side = side;
      input.setAttribute("aria-label", `${field.label}, ${side}`);
      input.setAttribute("aria-describedby", error.id);
      const td = document.createElement("td");
      td.append(input);
      row.append(td);
      return input;
    });
    const errorRow = document.createElement("tr");
    errorRow.className = "error-row";
    const errorCell = document.createElement("td");
    errorCell.colSpan = 3;
    errorCell.append(error);
    errorRow.append(errorCell);
    body.append(row, errorRow);
    inputs.set(field.key, { low: pair[0], high: pair[1], error });
  }
  table.replaceChildren(head, body);
  return inputs;
}
