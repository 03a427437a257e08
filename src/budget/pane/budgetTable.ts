/*
 * The budget view's month table: one row a month (the month, its clips per second, training, serving paid, the
 * total and, with a price, the cost), narrow enough for a 320-px pane, scrolling sideways with a cue when it is
 * not. A month's clips per second is a cell a planner may type over the growth curve: a typed month stays typed
 * (marked, and listed above the table with a way to clear it) until its cell is emptied or cleared. The table is
 * built once per shape (months, priced, re-scans) and then only its texts change, so a cell being typed in keeps
 * its focus on every keystroke.
 */
import type { BudgetMonth } from "../model/budget";
import { formatCost, formatHours } from "../../core/pane/format";
import { setAttributeIfChanged, setText } from "../../core/pane/dom";
import { trafficText } from "./budgetForm";

/** A month as the table and the chart show it: one model's (BudgetMonth) or the estate's, its retrains marked. */
export type ShownMonth = Pick<
  BudgetMonth,
  | "month"
  | "label"
  | "clipsPerSecond"
  | "trainingHours"
  | "rescanHours"
  | "servingHoursConsumed"
  | "servingHoursPaid"
  | "totalHours"
  | "cost"
  | "cumulativeCost"
  | "overBudget"
> & { retrainFlag: 0 | 1 };

/** The months the table and the chart show: one model's budget (a BudgetResult) or the estate's rows. */
export interface ShownMonths {
  months: readonly ShownMonth[];
  /** the horizon's cost, when priced */
  cost?: number;
  rescanHours: number;
}

/** The table's elements and the planner's typed texts, by month. */
export interface MonthTable {
  /** Redraws the rows from `result`; `errors` marks the typed cells refused. */
  show(result: ShownMonths | undefined, currency: string, errors: Readonly<Record<number, string>>): void;
  /** The texts typed over the curve, by month (1-based). */
  typed(): Record<number, string>;
  /** Forgets every typed month (the curve's figures come back). */
  clear(): void;
}

interface Row {
  row: HTMLTableRowElement;
  heading: HTMLTableCellElement;
  input: HTMLInputElement;
  cells: HTMLTableCellElement[];
}

/** A cell of `tag` with `text`. */
function cell<K extends "td" | "th">(tag: K, text = "", scope?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  if (scope) node.setAttribute("scope", scope);
  return node;
}

/** A column heading that may wrap to two lines: "Serving paid" over "h". */
function heading(name: string, unit: string): HTMLTableCellElement {
  const th = cell("th", "", "col");
  const unitText = document.createElement("span");
  unitText.className = "col-unit";
  unitText.textContent = unit;
  th.append(name, document.createElement("br"), unitText);
  return th;
}

/** What the table keeps between redraws: the typed texts by month, its rows, and the last figures shown. */
interface TableState {
  typedTexts: Record<number, string>;
  rows: Row[];
  last: { result?: ShownMonths; currency: string; errors: Readonly<Record<number, string>> };
  changed: () => void;
}

/** The table's head for the columns `priced` and `rescans` need. */
function tableHead(priced: boolean, rescans: boolean, currency: string): HTMLTableSectionElement {
  const head = document.createElement("thead");
  const headRow = document.createElement("tr");
  headRow.append(heading("Month", ""), heading("Traffic", "clips/s"), heading("Training", "h"));
  if (rescans) headRow.append(heading("Re-scan", "h"));
  headRow.append(heading("Serving paid", "h"), heading("Total", "h"));
  if (priced) headRow.append(heading("Cost", currency));
  head.append(headRow);
  return head;
}

/** A month's traffic cell: typing over the curve keeps the text; emptied and left, the curve's figure returns. */
function trafficInput(month: number, state: TableState): HTMLInputElement {
  const input = document.createElement("input");
  input.type = "text";
  input.inputMode = "decimal";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.className = "grid-input traffic-input";
  input.id = `budget-traffic-${month}`;
  // A month typed before the table took a new shape (a longer horizon, a price) keeps its text.
  input.value = state.typedTexts[month] ?? "";
  input.addEventListener("input", () => {
    if (input.value.trim() === "") delete state.typedTexts[month];
    else state.typedTexts[month] = input.value;
    state.changed();
  });
  // Emptied and left: the curve's figure comes back into the cell.
  input.addEventListener("change", () => {
    const curve = state.last.result?.months[month - 1];
    if (input.value.trim() === "" && curve) input.value = trafficText(curve.clipsPerSecond);
  });
  return input;
}

/** A month's row: its heading, its traffic cell, and a cell for each figure column. */
function monthRow(month: number, columns: number, state: TableState): Row {
  const row = document.createElement("tr");
  const th = cell("th", "", "row");
  const input = trafficInput(month, state);
  const traffic = cell("td");
  traffic.append(input);
  const cells = Array.from({ length: columns }, () => cell("td"));
  row.append(th, traffic, ...cells);
  return { row, heading: th, input, cells };
}

/** Writes a month's figures into its row `r`, the `i`th, only where a text changed. */
function fillRow(r: Row, m: ShownMonth, i: number, rescans: boolean, typed: boolean): void {
  const [name, year] = m.label.split(" ");
  // The year once, at the first month and each January; a screen reader hears it on every row.
  const showYear = i === 0 || name === "Jan";
  if (r.heading.dataset.label !== m.label) {
    r.heading.dataset.label = m.label;
    const yearText = document.createElement("span");
    yearText.className = showYear ? "year" : "visually-hidden";
    yearText.textContent = ` ${year}`;
    r.heading.replaceChildren(name, yearText);
  }
  r.row.classList.toggle("typed", typed);
  r.row.classList.toggle("retrain", m.retrainFlag === 1);
  r.row.classList.toggle("over-budget", m.overBudget === true);
  r.input.classList.toggle("typed", typed);
  setAttributeIfChanged(
    r.input,
    "aria-label",
    `Clips per second in ${m.label}, ${typed ? "typed over the growth curve" : "from the growth curve"}`,
  );
  const curve = trafficText(m.clipsPerSecond);
  if (!typed && document.activeElement !== r.input && r.input.value !== curve) r.input.value = curve;
  const figures = [formatHours(m.trainingHours)];
  if (rescans) figures.push(formatHours(m.rescanHours));
  figures.push(formatHours(m.servingHoursPaid), formatHours(m.totalHours));
  if (m.cost !== undefined) figures.push(formatCost(m.cost));
  figures.forEach((text, c) => {
    if (r.cells[c]) setText(r.cells[c], text);
  });
}

/** The note over the table: its words, its Clear button, and the refused typed cells' messages. */
interface TypedNote {
  words: HTMLElement;
  clearButton: HTMLButtonElement;
  errorText: HTMLElement;
}

/** Builds the typed-traffic note in `note`. */
function typedNote(note: HTMLElement): TypedNote {
  const words = document.createElement("span");
  const clearButton = document.createElement("button");
  clearButton.type = "button";
  clearButton.className = "secondary";
  clearButton.textContent = "Clear typed traffic";
  const errorText = document.createElement("span");
  errorText.id = "budget-typed-error";
  errorText.className = "error";
  note.append(words, clearButton, errorText);
  return { words, clearButton, errorText };
}

/** Says which months are typed and which typed cells are refused, and marks the refused cells. */
function showTyped(state: TableState, note: TypedNote, errors: Readonly<Record<number, string>>): void {
  const { rows, typedTexts } = state;
  const label = (month: number) => rows[month - 1]?.heading.textContent?.trim() ?? `Month ${month}`;
  const typedLabels = Object.keys(typedTexts)
    .map(Number)
    .filter((month) => month <= rows.length)
    .sort((a, b) => a - b)
    .map(label);
  const noteWords = typedLabels.length
    ? `Typed over the growth curve: ${typedLabels.join(", ")}. `
    : "Type a month's clips per second over the growth curve; empty its cell to go back to the curve.";
  setText(note.words, noteWords);
  note.clearButton.hidden = typedLabels.length === 0;
  const refused = Object.entries(errors).map(([month, message]) => `${label(Number(month))}: ${message}`);
  setText(note.errorText, refused.join(" "));
  rows.forEach((r, i) => {
    const bad = errors[i + 1] !== undefined;
    setAttributeIfChanged(r.input, "aria-invalid", bad ? "true" : "false");
    if (bad) setAttributeIfChanged(r.input, "aria-describedby", note.errorText.id);
    else if (r.input.hasAttribute("aria-describedby")) r.input.removeAttribute("aria-describedby");
  });
}

/**
 * The month table in `wrap` (which scrolls sideways), its typed-traffic note in `note` (the typed months and a
 * Clear button), its scroll cue in `cue`; `changed` hears every typed change.
 */
export function monthTable(wrap: HTMLElement, note: HTMLElement, cue: HTMLElement, changed: () => void): MonthTable {
  const table = document.createElement("table");
  table.id = "budget-table";
  table.className = "budget-table";
  table.setAttribute("aria-label", "The budget month by month");
  wrap.append(table);
  const state: TableState = { typedTexts: {}, rows: [], last: { currency: "", errors: {} }, changed };
  let shape = "";
  const typed = typedNote(note);
  const clear = () => {
    for (const key of Object.keys(state.typedTexts)) delete state.typedTexts[Number(key)];
    for (const r of state.rows) r.input.value = "";
    changed();
  };
  typed.clearButton.addEventListener("click", clear);

  /** Builds the rows for `months` and the columns `priced` and `rescans` need. */
  const build = (months: readonly ShownMonth[], priced: boolean, rescans: boolean, currency: string) => {
    const body = document.createElement("tbody");
    const columns = 3 + (rescans ? 1 : 0) + (priced ? 1 : 0);
    state.rows = months.map((m) => monthRow(m.month, columns, state));
    body.append(...state.rows.map((r) => r.row));
    table.replaceChildren(tableHead(priced, rescans, currency), body);
  };

  /** Shows the cue when the table is wider than its wrap (and so scrolls sideways). */
  const cueIfWide = () => {
    cue.hidden = wrap.scrollWidth <= wrap.clientWidth + 1;
  };
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(cueIfWide).observe(wrap);

  return {
    show(result, currency, errors) {
      state.last = { result, currency, errors };
      if (result) {
        const priced = result.cost !== undefined;
        const rescans = result.rescanHours > 0;
        const nextShape = `${result.months.length}|${priced}|${rescans}|${currency}`;
        if (nextShape !== shape) {
          build(result.months, priced, rescans, currency);
          shape = nextShape;
          // Only a new shape can change the table's width (its wrap's is the ResizeObserver's).
          requestAnimationFrame(cueIfWide);
        }
        result.months.forEach((m, i) => {
          const r = state.rows[i];
          if (r) fillRow(r, m, i, rescans, state.typedTexts[m.month] !== undefined);
        });
      }
      showTyped(state, typed, errors);
    },
    typed: () => ({ ...state.typedTexts }),
    clear,
  };
}
