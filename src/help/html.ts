/*
 * Markup from text and calls. Every word and figure the help page takes from elsewhere (the
 * JSDoc, the model) is escaped here; the page has no script, so markup is all there is.
 */
import { Cell, ExampleCall } from "./calls";
import { formatFigure, formatKind, formulaNumber } from "./format";
import type { NumberKind } from "../core/sheet/formats";

const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** Text made safe for an element's content or an attribute's quoted value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (c) => ENTITIES[c]);

/**
 * A call's formula as code that may wrap after its "(" and at each ", ", never inside a
 * number, so a long call fits a narrow pane without scrolling.
 */
export function formulaHtml(call: Pick<ExampleCall, "id" | "args">): string {
  const args = call.args.map(formulaNumber).join(", ");
  return `<code class="formula">=MLCOST.${escapeHtml(call.id)}(<wbr />${args})</code>`;
}

/** One cell as the page shows it: a figure with separators, or a text. */
const cellText = (cell: Cell): string => (typeof cell === "number" ? formatFigure(cell) : cell);

/**
 * The kind of a spilled column by its heading (STAGETABLE's), so its figures read as the pane's stage table and the
 * stage sheet show them: a training share of 0.99990741 as 99.99074%, not a rounded 1.
 */
const SPILL_KINDS: Readonly<Record<string, NumberKind>> = {
  "Clips per interval": "clips",
  "Serving hours": "hours",
  "Training hours": "hours",
  "Total hours": "hours",
  "Serving / training": "ratio",
  "Training share": "share",
};

/** A spilled cell under `heading`: in its column's kind, else as any figure. */
const spillCellText = (cell: Cell, heading: Cell): string => {
  const kind = typeof heading === "string" ? SPILL_KINDS[heading] : undefined;
  return typeof cell === "number" && kind ? formatKind(kind, cell) : cellText(cell);
};

/** A spilled table as Excel shows it, in a region that scrolls on its own when the page is narrower. */
function spillHtml(call: ExampleCall, rows: readonly (readonly Cell[])[]): string {
  const [header, ...body] = rows;
  const head = header.map((cell) => `<th scope="col">${escapeHtml(cellText(cell))}</th>`).join("");
  const bodyRows = body.map(([first, ...rest]) => {
    const cells = rest.map((cell, i) => `<td>${escapeHtml(spillCellText(cell, header[i + 1]))}</td>`).join("");
    return `<tr><th scope="row">${escapeHtml(cellText(first))}</th>${cells}</tr>`;
  });
  const size = `spills ${rows.length} rows × ${header.length} columns`;
  const note = call.note ? `${size}; ${escapeHtml(call.note)}` : size;
  // A region that scrolls must take focus so a keyboard can scroll it (WCAG 2.1.1).
  return (
    `<span class="note">${note}:</span>` +
    `<div class="spill" role="region" tabindex="0" aria-label="Result of MLCOST.${escapeHtml(call.id)}">` +
    `<table><thead><tr>${head}</tr></thead><tbody>${bodyRows.join("")}</tbody></table></div>`
  );
}

/** A call's result: the figure or quoted text, then its note; or the whole spill. */
function resultHtml(call: ExampleCall): string {
  if (Array.isArray(call.result)) return spillHtml(call, call.result);
  const cell = call.result as Cell;
  const shown = typeof cell === "number" ? formatFigure(cell) : `"${cell}"`;
  const note = call.note ? ` <span class="note">${escapeHtml(call.note)}</span>` : "";
  return `<span class="result">${escapeHtml(shown)}</span>${note}`;
}

/** Calls as a list of formula and result, each pair a group that stays together. */
export function callsHtml(calls: readonly ExampleCall[]): string {
  const items = calls.map(
    (call) => `<div class="call"><dt>${formulaHtml(call)}</dt><dd>${resultHtml(call)}</dd></div>`,
  );
  return `<dl class="calls">\n${items.join("\n")}\n</dl>`;
}
