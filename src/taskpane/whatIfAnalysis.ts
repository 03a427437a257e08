/*
 * The what-if view's two sections about the base scenario: its sensitivity (the output chooser, sentences,
 * tornado, table, and the editor of the moves and each input's low and high) and its targets (budgets and share
 * in, the model's closed-form answers out). Each follows the base scenario; its own invalid input is said beside
 * the field and marks only its own figures out of date.
 */
import { defaultSwingRange, Plan, PLAN_FIELDS, STAGE_OUTPUTS, StageOutputKey } from "../model";
import { buildFieldsForm, BuiltForm } from "./fieldsForm";
import { formatCost } from "./format";
import { editableText, formatOutput } from "./whatIfFigures";
import { buildRangeRows, drawTornado, fillSwingTable, RangeInputs } from "./whatIfSensitivity";
import {
  DEFAULT_SENSITIVITY_SETTINGS,
  readSensitivitySettings,
  SensitivityFigures,
  sensitivityFigures,
  SensitivitySettings,
} from "./whatIfSensitivityFigures";
import {
  DEFAULT_TARGET_SETTINGS,
  moneyBudget,
  readTargetSettings,
  TargetCell,
  TargetTable,
  targetTable,
  TargetSettings,
} from "./whatIfTargetFigures";
import { tornadoDescription, tornadoModel } from "./whatIfTornado";
import type { WhatIfInsertOptions } from "../sheet/insertWhatIf";

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

type MoveKey = "lowMove" | "highMove";

const MOVE_FIELDS = [
  { key: "lowMove", label: "Low: move every input by", unit: "% of its base value", quantity: "share", group: "moves" },
  {
    key: "highMove",
    label: "High: move every input by",
    unit: "% of its base value",
    quantity: "share",
    group: "moves",
  },
] as const;

const TARGET_FIELDS = [
  { key: "budgetHours", label: "Hours budget", unit: "accelerator-hours per interval", quantity: "hours", group: "t" },
  {
    key: "budget",
    label: "Money budget",
    unit: "per interval, at the base scenario's price",
    quantity: "price",
    group: "t",
    blankMeans: "hours budget × price",
  },
  { key: "servingShare", label: "Serving share to reach", unit: "% of total hours", quantity: "share", group: "t" },
] as const;

const sensitivitySettings: SensitivitySettings = { ...DEFAULT_SENSITIVITY_SETTINGS, ranges: {} };
const targetSettings: TargetSettings = { ...DEFAULT_TARGET_SETTINGS };
let moves: BuiltForm<MoveKey>;
let targets: BuiltForm<keyof TargetSettings>;
let ranges: RangeInputs = new Map();
/** the varied inputs the range rows were built for, to rebuild them only when that set changes */
let rangeKeys = "";
let base: Plan | undefined;
/** the last valid moves, for the default ranges while a move is being retyped */
let fractions = { low: -0.2, high: 0.2 };
/** the tornado's figures as last drawn, and the width it is drawn at (its box's, once a ResizeObserver says) */
let shownFigures: SensitivityFigures | undefined;
let tornadoWidth = 340;
const tornado = () => document.getElementById("whatif-tornado") as unknown as SVGSVGElement;
/** the sheet's options from the last valid settings; undefined while one is invalid */
let sheetOptions: WhatIfInsertOptions | undefined;

/** Marks a section's figures out of date (with the banner's text) or up to date (undefined). */
function markStale(section: string, text: string | undefined): void {
  byId(section).toggleAttribute("data-stale", text !== undefined);
  const banner = byId(`${section}-stale`);
  banner.hidden = text === undefined;
  banner.textContent = text ?? "";
}

/** A field's message beside it, and its input marked. */
function showError(form: BuiltForm<string>, key: string, message: string | undefined): void {
  form.errors.get(key)!.textContent = message ?? "";
  form.inputs.get(key)!.setAttribute("aria-invalid", message ? "true" : "false");
}

/** Builds the sensitivity's and targets' controls; `changed` hears every edit that changes the sheet's options. */
export function setUpAnalysis(changed: () => void): void {
  const output = byId<HTMLSelectElement>("whatif-output");
  for (const o of STAGE_OUTPUTS) output.append(new Option(o.label, o.key, false, o.key === "crossoverClips"));
  output.addEventListener("change", () => {
    sensitivitySettings.output = output.value as StageOutputKey;
    showAnalysis();
    changed();
  });
  const moveForm = byId<HTMLFormElement>("whatif-moves");
  moves = buildFieldsForm(
    moveForm,
    MOVE_FIELDS,
    [{ group: "moves", heading: "Default moves" }],
    (f) => (f.key === "lowMove" ? sensitivitySettings.lowMove : sensitivitySettings.highMove),
    "whatif-",
  );
  moveForm.addEventListener("input", (event) => {
    const input = event.target as HTMLInputElement;
    if (input.dataset.side) {
      const key = input.dataset.key as keyof Plan;
      const pair = ranges.get(key)!;
      sensitivitySettings.ranges[key] = { low: pair.low.value, high: pair.high.value };
      pair.low.classList.add("edited");
      pair.high.classList.add("edited");
    } else {
      sensitivitySettings.lowMove = moves.inputs.get("lowMove")!.value;
      sensitivitySettings.highMove = moves.inputs.get("highMove")!.value;
    }
    showAnalysis();
    changed();
  });
  moveForm.append(byId("whatif-range-wrap"));
  moveForm.addEventListener("submit", (event) => event.preventDefault());
  byId("whatif-reset-ranges").addEventListener("click", () => {
    sensitivitySettings.ranges = {};
    ranges.forEach((pair) => [pair.low, pair.high].forEach((input) => input.classList.remove("edited")));
    showAnalysis();
    changed();
  });
  const targetForm = byId<HTMLFormElement>("whatif-target-form");
  targets = buildFieldsForm(
    targetForm,
    TARGET_FIELDS,
    [{ group: "t", heading: "Budgets and share" }],
    (f) => targetSettings[f.key],
    "whatif-",
  );
  targetForm.addEventListener("input", () => {
    for (const field of TARGET_FIELDS) targetSettings[field.key] = targets.inputs.get(field.key)!.value;
    showAnalysis();
    changed();
  });
  targetForm.addEventListener("submit", (event) => event.preventDefault());
  followTornadoWidth();
}

/** Redraws the tornado whenever its box's width changes; an engine without ResizeObserver keeps 340 px, scaled. */
function followTornadoWidth(): void {
  if (typeof ResizeObserver !== "function") return;
  new ResizeObserver(([entry]) => {
    const width = Math.round(entry.contentRect.width);
    if (width > 0 && width !== tornadoWidth) {
      tornadoWidth = width;
      drawAtWidth();
    }
  }).observe(tornado());
}

/** Follows a new base scenario (undefined: the scenarios are invalid, so every figure here is out of date). */
export function showBase(plan: Plan | undefined): void {
  base = plan;
  showAnalysis();
}

/** The sheet's options from the view's settings, or undefined while one of them is invalid. */
export const whatIfSheetOptions = (): WhatIfInsertOptions | undefined => sheetOptions;

/** True when the planner typed a low and high of their own for some input (the sheet uses the moves only). */
export const hasOwnRanges = (): boolean => Object.keys(sensitivitySettings.ranges).length > 0;

function showAnalysis(): void {
  const sensitivity = showSensitivity();
  const target = showTargets();
  sheetOptions =
    sensitivity && target
      ? {
          lowFraction: sensitivity.low,
          highFraction: sensitivity.high,
          tornadoOutput: sensitivitySettings.output,
          ...target,
        }
      : undefined;
}

/** The varied inputs at the base: numbers, not blank. */
const variedFields = (plan: Plan) =>
  PLAN_FIELDS.filter((field) => field.quantity !== "text" && plan[field.key] !== undefined);

/** Redraws the sensitivity; returns the moves when they are valid. */
function showSensitivity(): { low: number; high: number } | undefined {
  const reading = readSensitivitySettings(sensitivitySettings);
  showError(moves, "lowMove", reading.errors.lowMove);
  showError(moves, "highMove", reading.errors.highMove);
  if (reading.options) fractions = { low: reading.options.lowFraction!, high: reading.options.highFraction! };
  if (!base) {
    markStale("whatif-sensitivity", "Out of date: fix the scenarios above to update.");
    return reading.options ? fractions : undefined;
  }
  const fields = variedFields(base);
  const keys = fields.map((field) => field.key).join();
  if (keys !== rangeKeys) {
    ranges = buildRangeRows(byId<HTMLTableElement>("whatif-range-table"), fields);
    rangeKeys = keys;
    for (const [key, pair] of ranges) {
      const own = sensitivitySettings.ranges[key];
      if (own) [pair.low.value, pair.high.value] = [own.low, own.high];
      pair.low.classList.toggle("edited", Boolean(own));
      pair.high.classList.toggle("edited", Boolean(own));
    }
  }
  for (const field of fields) {
    const pair = ranges.get(field.key)!;
    const message = reading.errors[`${field.key}.low`] ?? reading.errors[`${field.key}.high`];
    pair.error.textContent = message ?? "";
    pair.error.closest("tr")!.hidden = !message;
    pair.low.setAttribute("aria-invalid", reading.errors[`${field.key}.low`] ? "true" : "false");
    pair.high.setAttribute("aria-invalid", reading.errors[`${field.key}.high`] ? "true" : "false");
    if (sensitivitySettings.ranges[field.key]) continue;
    const range = defaultSwingRange(field, base[field.key] as number, fractions.low, fractions.high);
    pair.low.value = editableText(range.low);
    pair.high.value = editableText(range.high);
  }
  if (!reading.options) {
    markStale("whatif-sensitivity", "Out of date: fix the moves or ranges below to update.");
    return undefined;
  }
  const figures = sensitivityFigures(base, reading.options, sensitivitySettings.output);
  markStale("whatif-sensitivity", figures.problem);
  byId("whatif-sentences").replaceChildren(
    ...figures.sentences.map((text) => {
      const line = document.createElement("p");
      line.textContent = text;
      return line;
    }),
  );
  shownFigures = figures;
  drawAtWidth();
  fillSwingTable(byId<HTMLTableElement>("whatif-swings"), figures);
  return fractions;
}

/** The tornado at the width it is shown at, so that its 10-px text is 10 px at every pane width. */
function drawAtWidth(): void {
  if (!shownFigures) return;
  const figures = shownFigures;
  const full = (value: number) => formatOutput(figures.output.quantity, value, "full");
  drawTornado(tornado(), tornadoModel(figures, Math.max(260, tornadoWidth)), tornadoDescription(figures, full));
}

/** Redraws the targets; returns the sheet's target options when the inputs are valid. */
function showTargets(): Pick<WhatIfInsertOptions, "budgetHours" | "budget" | "servingShare"> | undefined {
  const reading = readTargetSettings(targetSettings);
  for (const field of TARGET_FIELDS) showError(targets, field.key, reading.errors[field.key]);
  const hint = targets.hints.get("budget")!;
  const budget = base && reading.inputs ? moneyBudget(base, reading.inputs) : undefined;
  hint.textContent =
    budget === undefined
      ? `Blank = hours budget × price${base ? "; the base has no price" : ""}`
      : `Blank = hours budget × price: ${formatCost(budget, base?.currency)}`;
  if (!reading.inputs) {
    markStale("whatif-targets", "Out of date: fix the budgets or share above to update.");
    return undefined;
  }
  if (!base) {
    markStale("whatif-targets", "Out of date: fix the scenarios above to update.");
    return { ...reading.inputs };
  }
  markStale("whatif-targets", undefined);
  fillTargets(targetTable(base, reading.inputs));
  return { ...reading.inputs };
}

/** A table cell: a heading with its scope, or a figure ("Not reachable (1)" points at note 1 under the table). */
function tableCell(tag: "th" | "td", text: string, scope?: string): HTMLTableCellElement {
  const node = document.createElement(tag);
  node.textContent = text;
  if (scope) node.scope = scope;
  return node;
}

const answerCell = (answer: TargetCell) => {
  const td = tableCell("td", answer.note ? `${answer.text} (${answer.note})` : answer.text);
  if (answer.note) td.className = "not-reached";
  return td;
};

/** The targets' table (a row per target, a column per stage; the share's row across them) and its notes. */
function fillTargets(table: TargetTable): void {
  const head = document.createElement("thead");
  const headRow = document.createElement("tr");
  headRow.append(tableCell("th", "Per-clip time for", "col"), ...table.stages.map((s) => tableCell("th", s, "col")));
  head.append(headRow);
  const body = document.createElement("tbody");
  for (const row of table.rows) {
    const tr = document.createElement("tr");
    tr.append(tableCell("th", row.label, "row"), ...row.cells.map(answerCell));
    body.append(tr);
  }
  const share = document.createElement("tr");
  share.className = "share-row";
  const answer = answerCell(table.share.answer);
  answer.colSpan = table.stages.length;
  share.append(tableCell("th", table.share.label, "row"), answer);
  body.append(share);
  byId<HTMLTableElement>("whatif-targets-table").replaceChildren(head, body);
  const notes = byId("whatif-target-notes");
  notes.replaceChildren(
    ...table.notes.map((note, i) => {
      const item = document.createElement("li");
      item.textContent = `(${i + 1}) ${note}`;
      return item;
    }),
  );
}
