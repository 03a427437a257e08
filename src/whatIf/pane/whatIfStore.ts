/*
 * Where the what-if view keeps its scenarios between sessions. Inside Excel, with the document: Office's document
 * settings, "custom settings ... stored in the host document as name/value pairs", "saved per add-in and per
 * document", held in memory until saveAsync persists them
 * (https://learn.microsoft.com/javascript/api/office/office.settings; and "Persist add-in state and settings",
 * https://learn.microsoft.com/office/dev/add-ins/develop/persisting-add-in-state-and-settings). In a browser, in
 * local storage. What is read back goes through the model's readStageScenarioState, so a bad stored state gives
 * the defaults and a message, never a broken pane.
 */
import { Plan } from "../../stages/model";
import { shortened } from "../../core/model/shortened";
import { readStageScenarioState, ScenarioState, scenarioStateJson, ScenarioStateReading } from "../model/scenarios";

/** The key of the stored state, in document settings and in local storage alike. */
export const SCENARIOS_KEY = "mlcost.whatIf.stageScenarios";

/** A place the scenarios are kept. */
export interface ScenarioStore {
  /** what the stored value is (null or undefined when there is none); may throw where storage is refused */
  read(): unknown;
  /** keeps `json`; rejects with the reason it could not */
  write(json: string): Promise<void>;
}

/** The document's settings (inside Excel): set, then saveAsync to persist them in the workbook. */
export function documentStore(): ScenarioStore {
  const settings = () => Office.context.document.settings;
  return {
    read: () => settings().get(SCENARIOS_KEY),
    write: (json) =>
      new Promise((done, fail) => {
        settings().set(SCENARIOS_KEY, json);
        settings().saveAsync((result) => {
          // Compared as text: the enum's value is "failed" (Office.AsyncResultStatus.Failed).
          if (String(result.status) === "failed") fail(new Error(result.error?.message ?? "saving failed"));
          else done();
        });
      }),
  };
}

/** The browser's local storage, which a browser may refuse (private modes, storage turned off): then it throws. */
export function browserStore(): ScenarioStore {
  return {
    read: () => window.localStorage.getItem(SCENARIOS_KEY),
    write: async (json) => window.localStorage.setItem(SCENARIOS_KEY, json),
  };
}

/** The stored scenarios read from `store`: the model's reading, or the defaults and why where storage refuses. */
export function loadScenarios(store: ScenarioStore): ScenarioStateReading<Plan> {
  let stored: unknown;
  try {
    stored = store.read();
  } catch (failure) {
    const reading = readStageScenarioState(undefined);
    // A host's text may be anything, a megabyte too: the first sentence or so says enough.
    const why = shortened(failure instanceof Error ? failure.message : String(failure), 100);
    return { ...reading, message: `Saved scenarios could not be read, so the defaults are loaded: ${why}` };
  }
  return readStageScenarioState(stored);
}

/** Keeps `state` in `store`, as the model writes it. */
export function saveScenarios(store: ScenarioStore, state: ScenarioState<Plan>): Promise<void> {
  try {
    return store.write(scenarioStateJson(state));
  } catch (failure) {
    return Promise.reject(failure);
  }
}
