/*
 * The what-if view: up to five scenarios side by side with every output and its change against a chosen base,
 * the base scenario's sensitivity (tornado) and targets, all live from the model on every valid keystroke. While
 * anything is invalid its message stands beside the field, the figures stay marked out of date, and nothing is
 * saved or written. The scenarios are remembered with the document (inside Excel) or in the browser
 * (whatIfStore.ts); the view is loaded and built the first time its tab is shown.
 */
import { DEFAULT_STAGE_SCENARIOS, ScenarioState } from "../model/scenarios";
import { Plan, PLAN_FIELDS } from "../../stages/model";
import { ownRangesSentence } from "../../sensitivity/pane";
import { setUpAnalysis, showBase, whatIfSheetOptions } from "./whatIfAnalysis";
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
import { loadScenarios, saveScenarios } from "./whatIfStore";
import type { SettingsStore } from "../../core/host/settingsStore";
import { Refusal, ViewActions, viewActions } from "../../core/pane/viewActions";
import type { PaneHost } from "../../core/views/paneHost";
import type { MountedView } from "../../core/views/paneView";
import { byId } from "../../core/pane/dom";
import type { WhatIfInsertOptions } from "../sheet/insertWhatIf";
import { downloadStatus, insertStatus } from "../../core/pane/writeStatus";
import type { SheetReadBack } from "./whatIfExcel";
import { MarkStale, outOfDate, staleBanner, staleSummary } from "../../core/pane/staleBanner";
import { renderSummary } from "../../core/pane/viewSummary";
import { FrameUpdate, frameUpdate, OffscreenDraw, offscreenDraw } from "../../core/pane/frameUpdate";
import { whatIfSummary } from "./whatIfSummary";
import { followGridScroll } from "./whatIfGridCue";
import { StageScenarioComparison } from "../model/scenarios";
import { buildLedgerSection, LedgerSection } from "../../ledgers/pane";
import { stageLedgers } from "../../ledgers/model";

/*
 * The view's actions, each loaded on its click: Insert (inside Excel: the what-if sheet with its tornado chart, by
 * the one sheet writer), Download (in a browser: the same sheet as an .xlsx), and Read from sheet (inside Excel: the
 * scenarios of a what-if sheet the add-in wrote, back into the view). Each returns the status sentence, or throws
 * with the reason.
 */
/** The file a download saves. */
export const WHAT_IF_FILE_NAME = "mlcost-what-if.xlsx";

/** Inserts the what-if sheet for `state` into the open workbook. */
export async function insertWhatIf(state: ScenarioState<Plan>, options: WhatIfInsertOptions): Promise<string> {
  const { insertWhatIfSheet } = await import(/* webpackChunkName: "whatif-insert" */ "../sheet/insertWhatIf");
  const result = await insertWhatIfSheet(state, options);
  return insertStatus(result, { drawn: "its tornado chart", skipped: "tornado chart" });
}

/** Downloads the what-if sheet for `state` as an .xlsx. */
export async function downloadWhatIf(state: ScenarioState<Plan>, options: WhatIfInsertOptions): Promise<string> {
  const { whatIfWorkbookBytes } = await import(/* webpackChunkName: "whatif-xlsx" */ "../sheet/whatIfXlsx");
  return downloadStatus(
    await whatIfWorkbookBytes(state, options),
    WHAT_IF_FILE_NAME,
    "the scenarios, sensitivity and targets as live formulas over its blue cells, readable without the add-in.",
  );
}

/** Reads the scenarios of the workbook's what-if sheet: what was found, or the sentence saying why not. */
export async function readWhatIfSheetBack(): Promise<SheetReadBack | string> {
  const { readWhatIfSheet } = await import(/* webpackChunkName: "whatif-read" */ "./whatIfExcel");
  return readWhatIfSheet();
}

let draft: ScenarioDraft = draftOfState(DEFAULT_STAGE_SCENARIOS);
let reading: DraftReading = readDraft(draft);
/** both ledgers' section, for the base scenario */
let ledgers: LedgerSection;
let grid: Grid;
let host: PaneHost | undefined;
let store: SettingsStore | undefined;
/** true once the planner has changed anything: stored scenarios that arrive later do not replace their work */
let edited = false;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
/** the action bar: Insert and Read from sheet inside Excel, Download in a browser */
let actions: ViewActions;
/** the scenarios' out-of-date marker */
let markStale: MarkStale;
/** the last valid comparison, whose headline the summary keeps (greyed) while a field is invalid */
let shownComparison: StageScenarioComparison | undefined;
/** the grid's redraw on a keystroke, at most once a frame */
let redraw: FrameUpdate;
/** the sections under the grid (sensitivity, targets, both ledgers), drawn while they are near the view */
let analysisDraw: OffscreenDraw;
/** says which scenarios are scrolled out of the grid's view, after a rebuild */
let refreshCue: () => void = () => undefined;

/** A notice over the view (a stored state that could not be used, or one migrated); "" hides it. */
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
  refreshCue();
}

/** Reads the grid, checks it with the model, and redraws everything that follows from it. */
function update(): void {
  readGrid(grid, draft);
  reading = readDraft(draft);
  showGridErrors(grid, draft, reading);
  const chooser = byId<HTMLSelectElement>("whatif-base");
  draft.scenarios.forEach((s, i) => (chooser.options[i].text = s.name.trim() || `Scenario ${i + 1}`));
  const state = reading.state;
  if (!state) {
    markStale(outOfDate(whatToFix(draft, reading), reading.problem, "nothing is saved or written meanwhile"));
    const staleText = staleSummary(whatToFix(draft, reading), reading.problem);
    if (shownComparison) renderSummary(byId("whatif-summary"), { ...whatIfSummary(shownComparison, true), staleText });
  } else {
    markStale(undefined);
    shownComparison = reading.comparison!;
    renderSummary(byId("whatif-summary"), whatIfSummary(shownComparison));
    showGridOutputs(grid, reading.comparison!);
    scheduleSave(state);
  }
  const base = state?.scenarios[state.baseIndex].inputs;
  analysisDraw.request(() => showAnalysis(base));
  actions.refresh();
}

/**
 * Follows the base scenario (undefined while the scenarios are invalid) in the sections under the grid: its
 * sensitivity and targets, both ledgers. Run by the view's offscreenDraw, so a keystroke in the grid draws them only
 * while they are near the view; the sheet's options follow them, so the actions are refreshed after.
 */
function showAnalysis(base: Plan | undefined): void {
  showBase(base);
  ledgers.update(base && ((inputs) => stageLedgers(base, inputs)), base?.currency);
  actions.refresh();
}

/** Keeps a valid state in the store a moment after the last keystroke. */
function scheduleSave(state: ScenarioState<Plan>): void {
  if (!store || !edited) return;
  const into = store;
  if (saveTimer !== undefined) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    saveTimer = undefined;
    void saveScenarios(into, state).then((notSaved) => {
      if (notSaved) actions.say(notSaved, true);
    });
  }, 250);
}

function remove(index: number): void {
  readGrid(grid, draft);
  const next = withScenarioRemoved(draft, index);
  if (typeof next === "string") return actions.say(next, true);
  draft = next;
  edited = true;
  render();
  byId("whatif-add").focus();
}

function add(): void {
  readGrid(grid, draft);
  const next = withScenarioAdded(draft);
  if (typeof next === "string") return actions.say(next, true);
  draft = next;
  edited = true;
  render();
  grid.names[grid.names.length - 1].focus();
}

/** Insert or Download: the sheet of the valid state and the view's settings. */
async function write(action: typeof insertWhatIf): Promise<string> {
  redraw.flush();
  analysisDraw.flush();
  const state = reading.state;
  const options = whatIfSheetOptions();
  // The ledger's inputs as typed (all blank: none, and the sheet is as without the ledger); invalid ones refuse.
  const ledger = ledgers.inputs();
  if (!state || !options || !ledger) throw new Refusal("Fix the fields marked above first; nothing was written.");
  const done = await action(state, { ...options, ledger });
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
function useHost(chosen: PaneHost): void {
  if (host) return;
  host = chosen;
  const ready = chosen.mode;
  store = chosen.settings;
  const loaded = loadScenarios(store);
  if (!edited) {
    draft = draftOfState(loaded.state);
    render();
  }
  setNotice(loaded.message ?? "");
  actions.setMode(ready);
}

/** Builds the what-if view; its actions and remembered scenarios follow once the host is known. */
export function mount(): MountedView<undefined> {
  setUpWhatIfView();
  return { offers: undefined, useHost };
}

/** Builds the view: the grid from the defaults (until the mode's store answers), the base chooser, the sections. */
function setUpWhatIfView(): void {
  actions = viewActions({
    status: byId("whatif-status"),
    actions: [
      { button: byId<HTMLButtonElement>("whatif-insert"), mode: "excel", work: () => write(insertWhatIf) },
      { button: byId<HTMLButtonElement>("whatif-download"), mode: "browser", work: () => write(downloadWhatIf) },
      { button: byId<HTMLButtonElement>("whatif-read"), mode: "excel", needsValid: false, work: readBack },
    ],
    // A keystroke's redraw may wait for the next frame: an action reads the scenarios as typed.
    valid: () => (redraw.flush(), Boolean(reading.state) && whatIfSheetOptions() !== undefined),
    failure: "That did not work",
  });
  markStale = staleBanner(byId("whatif-scenarios"), byId("whatif-scenarios-stale"));
  setUpAnalysis(byId("whatif-scenarios"), () => actions.refresh());
  // Both ledgers for the base scenario, after its targets (issue 30).
  ledgers = buildLedgerSection({ after: byId("whatif-targets"), prefix: "whatif-" });
  analysisDraw = offscreenDraw(
    ["whatif-sensitivity", "whatif-targets", "whatif-ledgers-section"].map((id) => byId(id)),
  );
  redraw = frameUpdate(update);
  byId("whatif-grid").addEventListener("input", () => {
    edited = true;
    redraw.request();
  });
  byId("whatif-base").addEventListener("change", (event) => {
    readGrid(grid, draft);
    draft.baseIndex = Number((event.target as HTMLSelectElement).value);
    edited = true;
    render();
  });
  byId("whatif-add").addEventListener("click", add);
  refreshCue = followGridScroll(byId("whatif-grid-wrap"), byId("whatif-grid-cue"));
  render();
}
