/*
 * The scenarios side by side, as one table so that inputs and outputs line up by scenario: a column per scenario
 * (its name editable, a Remove button), a row per input of the stage view (PLAN_FIELDS) with an input in every
 * column, then a row per output (STAGE_OUTPUTS) with each scenario's figure and its change against the base. An
 * invalid field's message sits in a row right under the field's own, naming the scenario; the input names that
 * message in aria-describedby. The first column stays in place while a narrow pane scrolls the grid sideways, and
 * so does the base scenario's (every cell of it class base-col), so that the base and one other always show.
 */
import { OutputQuantity } from "../../sensitivity/model";
import { STAGE_OUTPUTS, StageOutputKey, Plan, PLAN_FIELDS } from "../../stages/model";
import { formatChange, formatOutput } from "../../sensitivity/pane";
import { StageScenarioComparison } from "../model/scenarios";
import { DraftReading, ScenarioDraft } from "./whatIfDraft";
import { make, setAttributeIfChanged, setText } from "../../core/pane/dom";

/** The grid's elements, for reading the typed texts and showing what follows from them. */
export interface Grid {
  names: HTMLInputElement[];
  /** each scenario's Remove button, named after the scenario */
  removes: HTMLButtonElement[];
  inputs: Map<keyof Plan, HTMLInputElement[]>;
  /** each row's error row and, per scenario, its message */
  errors: Map<keyof Plan | "name", { row: HTMLTableRowElement; messages: HTMLElement[] }>;
  outputs: Map<StageOutputKey, { value: HTMLElement; change: HTMLElement }[]>;
  outputBody: HTMLTableSectionElement;
}

/** What the grid asks of the view. */
export interface GridActions {
  remove(index: number): void;
}

/** An element with a class (none for "") and, optionally, text: the grid's cells are told apart by class alone. */
const classed = <K extends keyof HTMLElementTagNameMap>(tag: K, className = "", text?: string) =>
  make(tag, className ? { class: className } : {}, text);

/** A cell input as the stage form makes them: text, decimal keyboard, right-aligned figures. */
function textInput(id: string, value: string, numeric: boolean): HTMLInputElement {
  const input = classed("input", "grid-input");
  input.id = id;
  input.type = "text";
  input.inputMode = numeric ? "decimal" : "text";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.value = value;
  return input;
}

/** The row under a row of inputs that holds its messages, one per scenario, hidden while all are valid. */
function errorRow(key: string, count: number): { row: HTMLTableRowElement; messages: HTMLElement[] } {
  const row = classed("tr", "error-row");
  row.hidden = true;
  const cell = classed("td");
  cell.colSpan = count + 1;
  const messages = Array.from({ length: count }, (_, i) => {
    const message = classed("p", "error");
    message.id = `whatif-error-${key}-${i}`;
    return message;
  });
  cell.append(...messages);
  row.append(cell);
  return { row, messages };
}

/** A row heading: the label, then its unit in small type (read as "label, unit"). */
function rowHeading(label: string, unit: string): HTMLTableCellElement {
  const th = classed("th");
  th.scope = "row";
  th.append(label, classed("span", "visually-hidden", ", "), classed("span", "unit", unit));
  return th;
}

/** The unit beside an input, with what a blank stands for. */
const unitOf = (field: (typeof PLAN_FIELDS)[number]) =>
  field.blankMeans ? `${field.unit}; blank = ${field.blankMeans}` : field.unit;

/** Builds the grid for `draft` into `table`, replacing what was there. */
export function buildGrid(table: HTMLTableElement, draft: ScenarioDraft, actions: GridActions): Grid {
  const count = draft.scenarios.length;
  const grid: Grid = {
    names: [],
    removes: [],
    inputs: new Map(),
    errors: new Map(),
    outputs: new Map(),
    outputBody: classed("tbody"),
  };
  const head = classed("thead");
  const headRow = classed("tr");
  const corner = classed("th", "", "Scenario");
  corner.scope = "col";
  headRow.append(corner);
  draft.scenarios.forEach((scenario, i) => {
    const th = classed("th", i === draft.baseIndex ? "scenario base base-col" : "scenario");
    th.scope = "col";
    const name = textInput(`whatif-name-${i}`, scenario.name, false);
    name.setAttribute("aria-label", `Name of scenario ${i + 1}`);
    name.setAttribute("aria-describedby", `whatif-error-name-${i}`);
    grid.names.push(name);
    const foot = classed("span", "scenario-foot");
    foot.append(classed("span", "base-tag", i === draft.baseIndex ? "Base" : ""));
    const remove = classed("button", "link-button", "Remove");
    remove.type = "button";
    remove.disabled = count === 1;
    remove.addEventListener("click", () => actions.remove(i));
    grid.removes.push(remove);
    foot.append(remove);
    th.append(name, foot);
    headRow.append(th);
  });
  head.append(headRow);
  const nameErrors = errorRow("name", count);
  grid.errors.set("name", nameErrors);
  head.append(nameErrors.row);

  const inputBody = classed("tbody");
  for (const field of PLAN_FIELDS) {
    const row = classed("tr");
    row.append(rowHeading(field.label, unitOf(field)));
    const inputs = draft.scenarios.map((scenario, i) => {
      const input = textInput(`whatif-${field.key}-${i}`, scenario.inputs[field.key] ?? "", field.quantity !== "text");
      input.setAttribute("aria-label", `${field.label}, ${scenario.name}`);
      input.setAttribute("aria-describedby", `whatif-error-${field.key}-${i}`);
      const td = classed("td", i === draft.baseIndex ? "base-col" : "");
      td.append(input);
      row.append(td);
      return input;
    });
    grid.inputs.set(field.key, inputs);
    const errors = errorRow(field.key, count);
    grid.errors.set(field.key, errors);
    inputBody.append(row, errors.row);
  }

  const outputBody = grid.outputBody;
  outputBody.className = "outputs";
  const groupRow = classed("tr", "group-row");
  const group = classed("th");
  // The heading spans every column: its words stay in view while the grid scrolls sideways.
  group.append(classed("span", "sticky-text", "Outputs, and the change against the base"));
  group.scope = "colgroup";
  group.colSpan = count + 1;
  groupRow.append(group);
  outputBody.append(groupRow);
  for (const output of STAGE_OUTPUTS) {
    const row = classed("tr");
    row.append(rowHeading(output.label, output.unit));
    const cells = draft.scenarios.map((_, i) => {
      const td = classed("td", i === draft.baseIndex ? "base-col" : "");
      const value = classed("span", "figure");
      const change = classed("span", "change");
      td.append(value, change);
      row.append(td);
      return { value, change };
    });
    grid.outputs.set(output.key, cells);
    outputBody.append(row);
  }
  // Equal scenario columns (table-layout: fixed), and as wide together as the count needs (count-<n>).
  table.className = `whatif-grid count-${count}`;
  table.replaceChildren(head, inputBody, outputBody);
  return grid;
}

/** Copies what is typed in the grid into `draft` (names and every input's text). */
export function readGrid(grid: Grid, draft: ScenarioDraft): void {
  draft.scenarios.forEach((scenario, i) => {
    scenario.name = grid.names[i].value;
    for (const field of PLAN_FIELDS) scenario.inputs[field.key] = grid.inputs.get(field.key)![i].value;
  });
}

/** Shows each invalid name and field's message under its row, and names each input after its scenario. */
export function showGridErrors(grid: Grid, draft: ScenarioDraft, reading: DraftReading): void {
  const label = (i: number) => draft.scenarios[i].name.trim() || `Scenario ${i + 1}`;
  const mark = (input: HTMLInputElement, message: string | undefined) =>
    setAttributeIfChanged(input, "aria-invalid", message ? "true" : "false");
  const names = grid.errors.get("name")!;
  reading.nameErrors.forEach((message, i) => {
    setText(names.messages[i], message ? `Scenario ${i + 1}: ${message}` : "");
    mark(grid.names[i], message);
    setAttributeIfChanged(grid.removes[i], "aria-label", `Remove ${label(i)}`);
  });
  names.row.hidden = reading.nameErrors.every((message) => !message);
  for (const field of PLAN_FIELDS) {
    const { row, messages } = grid.errors.get(field.key)!;
    const inputs = grid.inputs.get(field.key)!;
    reading.fieldErrors.forEach((errors, i) => {
      const message = errors[field.key];
      setText(messages[i], message ? `${label(i)}: ${message}` : "");
      mark(inputs[i], message);
      setAttributeIfChanged(inputs[i], "aria-label", `${field.label}, ${label(i)}`);
    });
    row.hidden = reading.fieldErrors.every((errors) => !errors[field.key]);
  }
}

/** Writes every output of every scenario, and its change against the base ("base" in the base's own column). */
export function showGridOutputs(grid: Grid, comparison: StageScenarioComparison): void {
  for (const output of STAGE_OUTPUTS) {
    const quantity: OutputQuantity = output.quantity;
    grid.outputs.get(output.key)!.forEach((cell, i) => {
      const column = comparison.columns[i];
      const values = column.values as Record<StageOutputKey, number>;
      setText(cell.value, formatOutput(quantity, values[output.key], "full"));
      if (i === comparison.baseIndex) {
        setText(cell.change, "base");
        return;
      }
      const change = formatChange(quantity, column.variances[output.key]);
      setText(cell.change, `${change.absolute} (${change.relative})`);
    });
  }
}
