/*
 * Both ledgers' section, built once and mounted by the annual and the what-if views through this folder's face:
 * the second ledger's inputs (LEDGER_FIELDS, through the pane's one form framework), then the staleness a month and
 * a year, the cadence change's compute saving, staleness added and net side by side (the net on a line of its own),
 * the economic cadence with its monthly cost and the sensitivity table (retrain every 1..12 months, both ledgers);
 * while the drift or the error cost is blank, the one line that says the cadence lever counts one ledger only.
 */
import type { Problem } from "../../core/model/problems";
import { buildFieldsForm, BuiltForm } from "../../core/pane/fieldsForm";
import { readFields, sentence, startingText } from "../../core/pane/formReading";
import { formatCost } from "../../core/pane/format";
import { checkLedgerInputs, LEDGER_FIELD_GROUPS, LEDGER_FIELDS, LedgerField, LedgerInputs } from "../model";
import type { LedgerFigures, LedgerNotCounted } from "../model";
import { ledgerWords, LedgerWords } from "./ledgerFigures";

/** Where a view puts the section, and the ids' prefix that keeps two views' sections apart ("annual-"). */
export interface LedgerSectionConfig {
  after: HTMLElement;
  prefix: string;
  /** the inputs the section starts with (blank: not counted) */
  initial?: LedgerInputs;
}

/** The figures of a view's plan for given ledger inputs; undefined while the view's own inputs are invalid. */
export type LedgerCompute = (inputs: LedgerInputs) => LedgerFigures | LedgerNotCounted | Problem;

/** The section a view holds: it hands over how to compute, and the section redraws on its own inputs too. */
export interface LedgerSection {
  /** redraws from the view's plan, or marks the figures out of date while the view's inputs are invalid */
  update(compute: LedgerCompute | undefined, currency?: string): void;
  /** the inputs as typed, when valid */
  inputs(): LedgerInputs | undefined;
}

type LedgerKey = keyof LedgerInputs;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, id: string, className: string, text = "") {
  const node = document.createElement(tag);
  if (id) node.id = id;
  if (className) node.className = className;
  node.textContent = text;
  return node;
}

/** A table's head and rows, each row's first cell its heading. */
function fillTable(table: HTMLTableElement, headings: readonly string[], rows: readonly string[][], mark?: number) {
  const head = element("thead", "", "");
  const headRow = element("tr", "", "");
  headings.forEach((text) => headRow.append(Object.assign(element("th", "", "", text), { scope: "col" })));
  head.append(headRow);
  const body = element("tbody", "", "");
  rows.forEach(([first, ...rest], i) => {
    const row = element("tr", "", i === mark ? "best" : "");
    const label = i === mark ? `${first} (best)` : first;
    row.append(Object.assign(element("th", "", "", label), { scope: "row" }));
    rest.forEach((text) => row.append(element("td", "", "", text)));
    body.append(row);
  });
  table.replaceChildren(head, body);
}

/** The section's elements. */
interface Parts {
  stale: HTMLElement;
  answer: HTMLElement;
  change: HTMLTableElement;
  net: HTMLElement;
  economic: HTMLElement;
  sensitivity: HTMLTableElement;
  sensitivityNote: HTMLElement;
}

/** Draws the words into the parts, the tables' money headed by `currency`; a part with nothing to say is hidden. */
function draw(parts: Parts, words: LedgerWords, currency: string | undefined): void {
  const inCurrency = (text: string) => (currency ? `${text} (${currency})` : text);
  parts.answer.textContent = words.answer;
  fillTable(parts.change, ["Cadence change", inCurrency("Both ledgers")], words.change);
  parts.change.closest<HTMLElement>(".table-wrap")!.hidden = words.change.length === 0;
  parts.net.textContent = words.net ?? "";
  parts.net.hidden = words.net === undefined;
  parts.economic.textContent = words.economic ?? "";
  parts.economic.hidden = words.economic === undefined;
  const headings = ["Every (months)", "Runs a month", "Staleness a month", inCurrency("Total a month")];
  fillTable(parts.sensitivity, headings, words.sensitivity, words.bestRow);
  parts.sensitivity.closest<HTMLElement>(".table-wrap")!.hidden = words.sensitivity.length === 0;
  parts.sensitivityNote.textContent = words.sensitivityNote ?? "";
  parts.sensitivityNote.hidden = words.sensitivityNote === undefined;
}

/** A table in its sideways-scrolling frame. */
function framedTable(id: string, label: string): { wrap: HTMLElement; table: HTMLTableElement } {
  // A scrolling region a keyboard can reach and a screen reader can name (axe: scrollable-region-focusable).
  const wrap = element("div", "", "table-wrap");
  wrap.tabIndex = 0;
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", label);
  const table = element("table", id, "ledger-table");
  table.setAttribute("aria-label", label);
  wrap.append(table);
  return { wrap, table };
}

/** Builds the section's elements after `config.after`, its form included. */
function buildParts(config: LedgerSectionConfig): { parts: Parts; built: BuiltForm<LedgerKey>; form: HTMLFormElement } {
  const id = (name: string) => `${config.prefix}ledgers-${name}`;
  const root = element("section", id("section"), "ledgers");
  root.setAttribute("aria-labelledby", id("title"));
  const title = element("h2", id("title"), "", "Both ledgers: compute against a staler model");
  const form = element("form", id("form"), "");
  form.noValidate = true;
  form.setAttribute("aria-label", "What a staler model costs");
  const initial = config.initial ?? {};
  const text = (field: LedgerField) => {
    const value = initial[field.key];
    return value === undefined ? "" : startingText(value, field.quantity);
  };
  const built = buildFieldsForm<LedgerKey, LedgerField>(form, LEDGER_FIELDS, LEDGER_FIELD_GROUPS, text, id(""));
  for (const [key, hint] of built.hints)
    hint.textContent = `Blank = ${LEDGER_FIELDS.find((f) => f.key === key)!.blankMeans}`;
  const change = framedTable(id("change"), "The cadence change: compute saved, staleness added and the net");
  const sensitivity = framedTable(id("sensitivity"), "Total cost a month against the cadence, both ledgers");
  const parts: Parts = {
    stale: element("p", id("stale"), "stale-banner"),
    answer: element("p", id("answer"), "sentences"),
    change: change.table,
    net: element("p", id("net"), "ledger-net"),
    economic: element("p", id("economic"), "sentences"),
    sensitivity: sensitivity.table,
    sensitivityNote: element("p", id("sensitivity-note"), "sentences"),
  };
  parts.stale.hidden = true;
  const results = [parts.stale, parts.answer, change.wrap, parts.net, parts.economic];
  root.append(title, form, ...results, sensitivity.wrap, parts.sensitivityNote);
  config.after.after(root);
  return { parts, built, form };
}

/** Reads the section's form: the inputs when every field is valid, a message per field otherwise. */
function readInputs(built: BuiltForm<LedgerKey>): LedgerInputs | undefined {
  const texts: Partial<Record<LedgerKey, string>> = {};
  for (const [key, input] of built.inputs) texts[key] = input.value;
  const { values, errors } = readFields(LEDGER_FIELDS, texts);
  const inputs = values as LedgerInputs;
  if (Object.keys(errors).length === 0) {
    for (const { key, problem } of checkLedgerInputs(inputs)) errors[key] = sentence(problem.message);
  }
  for (const [key, input] of built.inputs) {
    const message = errors[key] ?? "";
    built.errors.get(key)!.textContent = message;
    input.setAttribute("aria-invalid", message ? "true" : "false");
  }
  return Object.keys(errors).length === 0 ? inputs : undefined;
}

/**
 * Builds both ledgers' section after `config.after`; the view calls `update` with its plan's figures on every
 * valid keystroke of its own, and the section recomputes on its own inputs' keystrokes.
 */
export function buildLedgerSection(config: LedgerSectionConfig): LedgerSection {
  const { parts, built, form } = buildParts(config);
  let compute: LedgerCompute | undefined;
  let currency: string | undefined;
  let current: LedgerInputs | undefined;
  const redraw = () => {
    current = readInputs(built);
    const stale = !compute || !current;
    parts.stale.hidden = !stale;
    parts.stale.textContent = stale ? "Out of date: fix the inputs marked to update these figures." : "";
    if (stale) return;
    const figures = compute!(current!);
    draw(
      parts,
      ledgerWords(
        figures,
        (x) => formatCost(x, currency),
        (x) => formatCost(x),
      ),
      currency,
    );
  };
  form.addEventListener("input", redraw);
  form.addEventListener("submit", (event) => event.preventDefault());
  return {
    update(next, nextCurrency) {
      compute = next;
      currency = nextCurrency;
      redraw();
    },
    inputs: () => current,
  };
}
