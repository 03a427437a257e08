/*
 * The what-if view: up to five scenarios side by side with every output and its change against a chosen base,
 * the base scenario's sensitivity (tornado) and targets, all live from the model on every valid keystroke. While
 * anything is invalid its message stands beside the field, the figures stay marked out of date, and nothing is
 * saved or written. The scenarios are remembered with the document (inside Excel) or in the browser
 * (whatIfStore.ts); the view is loaded and built the first time its tab is shown.
 */
import { DEFAULT_STAGE_SCENARIOS, ScenarioState } from "../model/scenarios";
import { Plan } from "../../stages/model/plan";
import { PLAN_FIELDS } from "../../stages/model/planFields";
import { setUpAnalysis, showBase, whatIfSheetOptions } from "./whatIfAnalysis";
import { ownRangesSentence } from "../../sensitivity/pane/sensitivityFigures";
import { downloadWhatIf, insertWhatIf, readWhatIfSheetBack } from "./whatIfActions";
import {
  canAddScenario,
  draftOfState,
  DraftReading,
  readDraft,
  ScenarioDraft,
  whatToFix,
  withScenarioAdded,
  withScenarioRemoved,
} from "./whatIfDraft";
import { buildGrid, Grid, readGrid, showGridErrors, showGridOutputs } from "./whatIfGrid";
import { browserStore, documentStore, loadScenarios, saveScenarios, ScenarioStore } from "./whatIfStore";

/** Where the pane runs: the view's actions and its store follow it. */
export type PaneMode = "excel" | "browser";

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

let draft: ScenarioDraft = draftOfState(DEFAULT_STAGE_SCENARIOS);
let reading: DraftReading = readDraft(draft);
let grid: Grid;
let mode: PaneMode | undefined;
let store: ScenarioStore | undefined;
/** true once the planner has changed anything: stored scenarios that arrive later do not replace their work */
let edited = false;
let busy = false;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

/** An action's refusal that is a sentence of its own ("No what-if sheet in this workbook"), shown as it is. */
class Refusal extends Error {}

function setStatus(text: string, isError = false): void {
  const status = byId("whatif-status");
  status.textContent = text;
  status.classList.toggle("error", isError);
}

/** A notice over the view (a stored state that could not be used); "" hides it. */
function setNotice(text: string): void {
  const notice = byId("whatif-notice");
  notice.textContent = text;
  notice.hidden = text === "";
}

/** Rebuilds the grid and the base chooser from the draft (a scenario added, removed, read, or the base changed). */
function render(): void {
  grid = buildGrid(byId<HTMLTableElement>("whatif-grid"), draft, { remove });
  const chooser = byId<HTMLSelectElement>("whatif-base");
  chooser.replaceChildren(
    ...draft.scenarios.map(
      (s, i) => new Option(s.name || `Scenario ${i + 1}`, String(i), false, i === draft.baseIndex),
    ),
  );
  byId<HTMLButtonElement>("whatif-add").disabled = !canAddScenario(draft);
  update();
}

/** Reads the grid, checks it with the model, and redraws everything that follows from it. */
function update(): void {
  readGrid(grid, draft);
  reading = readDraft(draft);
  showGridErrors(grid, draft, reading);
  const chooser = byId<HTMLSelectElement>("whatif-base");
  draft.scenarios.forEach((s, i) => (chooser.options[i].text = s.name.trim() || `Scenario ${i + 1}`));
  const section = byId("whatif-scenarios");
  const banner = byId("whatif-scenarios-stale");
  const state = reading.state;
  section.toggleAttribute("data-stale", !state);
  banner.hidden = Boolean(state);
  if (!state) {
    const what = whatToFix(draft, reading);
    banner.textContent = what
      ? `Out of date: fix ${what} to update; nothing is saved or written meanwhile.`
      : `Out of date. ${reading.problem ?? ""}`;
  } else {
    showGridOutputs(grid, reading.comparison!);
    scheduleSave(state);
  }
  showBase(state ? state.scenarios[state.baseIndex].inputs : undefined);
  refreshActions();
}

/** Keeps a valid state in the store a moment after the last keystroke. */
function scheduleSave(state: ScenarioState<Plan>): void {
  if (!store || !edited) return;
  const into = store;
  if (saveTimer !== undefined) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    saveTimer = undefined;
    saveScenarios(into, state).catch((failure) => {
      const why = failure instanceof Error ? failure.message : String(failure);
      setStatus(`The scenarios could not be saved ${mode === "excel" ? "with the workbook" : "here"}: ${why}`, true);
    });
  }, 250);
}

function remove(index: number): void {
  readGrid(grid, draft);
  const next = withScenarioRemoved(draft, index);
  if (typeof next === "string") return setStatus(next, true);
  draft = next;
  edited = true;
  render();
  byId("whatif-add").focus();
}

function add(): void {
  readGrid(grid, draft);
  const next = withScenarioAdded(draft);
  if (typeof next === "string") return setStatus(next, true);
  draft = next;
  edited = true;
  render();
  grid.names[grid.names.length - 1].focus();
}

/** The action buttons for the mode, enabled while everything is valid and nothing runs. */
function refreshActions(): void {
  const valid = Boolean(reading.state) && whatIfSheetOptions() !== undefined;
  const buttons: [string, boolean][] = [
    ["whatif-insert", mode === "excel"],
    ["whatif-download", mode === "browser"],
    ["whatif-read", mode === "excel"],
  ];
  for (const [id, shown] of buttons) {
    const button = byId<HTMLButtonElement>(id);
    button.hidden = !shown;
    button.disabled = busy || (id !== "whatif-read" && !valid);
  }
}

/** Runs an action with the buttons off and its sentence in the status line. */
async function run(work: () => Promise<string>): Promise<void> {
  if (busy) return;
  busy = true;
  refreshActions();
  setStatus("Working...");
  try {
    setStatus(await work());
  } catch (failure) {
    const why = failure instanceof Error ? failure.message : String(failure);
    setStatus(failure instanceof Refusal ? why : `That did not work: ${why}`, true);
  } finally {
    busy = false;
    refreshActions();
  }
}

/** Insert or Download: the sheet of the valid state and the view's settings. */
async function write(action: typeof insertWhatIf): Promise<string> {
  const state = reading.state;
  const options = whatIfSheetOptions();
  if (!state || !options) throw new Refusal("Fix the fields marked above first; nothing was written.");
  const done = await action(state, options);
  const own = ownRangesSentence(PLAN_FIELDS, options.ranges);
  return own ? `${done} ${own}` : done;
}

/** Read from sheet: the scenarios of the workbook's what-if sheet replace the view's. */
async function readBack(): Promise<string> {
  const found = await readWhatIfSheetBack();
  if (typeof found === "string") throw new Refusal(found);
  draft = found.draft;
  edited = true;
  render();
  const names = found.draft.scenarios.map((s) => s.name).join(", ");
  const base = found.draft.scenarios[found.draft.baseIndex].name;
  const check = reading.state ? "" : " Some of its inputs need fixing: see the fields marked.";
  return [`Read ${found.draft.scenarios.length} scenarios from "${found.sheetName}": ${names}; base ${base}.`]
    .concat(found.notes, check ? [check.trim()] : [])
    .join(" ");
}

/** Tells the view where the pane runs: loads the remembered scenarios from there, and shows its actions. */
export function setWhatIfMode(ready: PaneMode): void {
  if (mode) return;
  mode = ready;
  store = ready === "excel" ? documentStore() : browserStore();
  const loaded = loadScenarios(store);
  if (!edited) {
    draft = draftOfState(loaded.state);
    render();
  }
  setNotice(loaded.message ?? "");
  byId("whatif-insert").addEventListener("click", () => void run(() => write(insertWhatIf)));
  byId("whatif-download").addEventListener("click", () => void run(() => write(downloadWhatIf)));
  byId("whatif-read").addEventListener("click", () => void run(readBack));
  refreshActions();
}

/** Builds the view: the grid from the defaults (until the mode's store answers), the base chooser, the sections. */
export function setUpWhatIfView(): void {
  setUpAnalysis(() => refreshActions());
  byId("whatif-grid").addEventListener("input", () => {
    edited = true;
    update();
  });
  byId("whatif-base").addEventListener("change", (event) => {
    readGrid(grid, draft);
    draft.baseIndex = Number((event.target as HTMLSelectElement).value);
    edited = true;
    render();
  });
  byId("whatif-add").addEventListener("click", add);
  render();
}
