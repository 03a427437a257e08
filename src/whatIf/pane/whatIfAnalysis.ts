/*
 * The what-if view's two sections about the base scenario: its sensitivity (the output chooser, sentences,
 * tornado, table, and the editor of the moves and each input's low and high) and its targets (budgets and share
 * in, the model's closed-form answers out). Each follows the base scenario; its own invalid input is said beside
 * the field and marks only its own figures out of date.
 */
import { Plan, STAGE_VIEW, StageOutputKey } from "../../stages/model";
import {
  defaultSensitivitySettings,
  SettingsReading,
  SensitivitySection,
  buildSensitivitySection,
} from "../../sensitivity/pane";
import { buildFieldsForm, BuiltForm } from "../../core/pane/fieldsForm";
import { MarkStale, staleBanner } from "../../core/pane/staleBanner";
import {
  DEFAULT_TARGET_SETTINGS,
  moneyBudgetHint,
  readTargetSettings,
  TargetCell,
  TargetTable,
  targetTable,
  TargetSettings,
} from "./whatIfTargetFigures";
import type { WhatIfInsertOptions } from "../sheet/insertWhatIf";
import { byId } from "../../core/pane/dom";

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

const targetSettings: TargetSettings = { ...DEFAULT_TARGET_SETTINGS };
let targets: BuiltForm<keyof TargetSettings>;
/** the targets' out-of-date marker */
let markTargetsStale: MarkStale;
let sensitivity: SensitivitySection<Plan, StageOutputKey>;
let base: Plan | undefined;
/** the sensitivity's settings as last read, and the targets' sheet options (undefined while invalid) */
let sensitivityReading: SettingsReading<Plan> | undefined;
let targetOptions: Pick<WhatIfInsertOptions, "budgetHours" | "budget" | "servingShare"> | undefined;
/** the sheet's options from the last valid settings; undefined while one is invalid */
let sheetOptions: WhatIfInsertOptions | undefined;

/** A sentence the crossover's tornado needs: a planner expects traffic to move the crossover, and it does not. */
const STILL_NOTES = { crossoverClips: "Traffic moves where the system sits against it, not it." };

/** A field's message beside it, and its input marked. */
function showError(form: BuiltForm<string>, key: string, message: string | undefined): void {
  form.errors.get(key)!.textContent = message ?? "";
  form.inputs.get(key)!.setAttribute("aria-invalid", message ? "true" : "false");
}

/**
 * Builds the sensitivity section after `after` (the scenarios) and the targets' controls; `changed` hears every
 * edit that changes the sheet's options.
 */
export function setUpAnalysis(after: HTMLElement, changed: () => void): void {
  sensitivity = buildSensitivitySection<Plan, StageOutputKey>({
    after,
    title: "Sensitivity of the base scenario",
    view: STAGE_VIEW,
    idPrefix: "whatif-",
    settings: defaultSensitivitySettings<Plan, StageOutputKey>("crossoverClips"),
    stillNotes: STILL_NOTES,
    baseStale: "Out of date: fix the scenarios above to update.",
    editMoves: true,
    changed: (reading) => {
      followSensitivity(reading);
      changed();
    },
  });
  markTargetsStale = staleBanner(byId("whatif-targets"), byId("whatif-targets-stale"));
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
    targetOptions = showTargets();
    updateSheetOptions();
    changed();
  });
  targetForm.addEventListener("submit", (event) => event.preventDefault());
}

/** Follows a new base scenario (undefined: the scenarios are invalid, so every figure here is out of date). */
export function showBase(plan: Plan | undefined): void {
  base = plan;
  followSensitivity(sensitivity.follow(plan));
  targetOptions = showTargets();
  updateSheetOptions();
}

/** The sheet's options from the view's settings, or undefined while one of them is invalid. */
export const whatIfSheetOptions = (): WhatIfInsertOptions | undefined => sheetOptions;

/** Keeps the sensitivity's reading for the sheet's options. */
function followSensitivity(reading: SettingsReading<Plan>): void {
  sensitivityReading = reading;
  updateSheetOptions();
}

/** The sheet's options: the moves, the ranges typed (each its low and high as blue cells), the output, targets. */
function updateSheetOptions(): void {
  const options = sensitivityReading?.valid ? sensitivityReading.options : undefined;
  sheetOptions =
    options && targetOptions
      ? {
          lowFraction: options.lowFraction,
          highFraction: options.highFraction,
          ranges: { ...options.ranges },
          tornadoOutput: sensitivity.settings.output,
          ...targetOptions,
        }
      : undefined;
}

/** Redraws the targets; returns the sheet's target options when the inputs are valid. */
function showTargets(): Pick<WhatIfInsertOptions, "budgetHours" | "budget" | "servingShare"> | undefined {
  const reading = readTargetSettings(targetSettings);
  for (const field of TARGET_FIELDS) showError(targets, field.key, reading.errors[field.key]);
  targets.hints.get("budget")!.textContent = moneyBudgetHint(base, reading.inputs);
  if (!reading.inputs) {
    markTargetsStale("Out of date: fix the budgets or share above to update.");
    return undefined;
  }
  if (!base) {
    markTargetsStale("Out of date: fix the scenarios above to update.");
    return { ...reading.inputs };
  }
  markTargetsStale(undefined);
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
