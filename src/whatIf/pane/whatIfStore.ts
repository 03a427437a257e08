/*
 * Where the what-if view keeps its scenarios between sessions: the settings store where the pane runs
 * (src/core/host/settingsStore.ts: the document's settings inside Excel, local storage in a browser). What is read
 * back goes through the model's readStageScenarioState, so a bad stored state gives the defaults and a message, an
 * older one is migrated with a message that says so, and the pane never breaks.
 */
import { Plan } from "../../stages/model";
import { isSettingsRefusal, readSetting, SettingsStore } from "../../core/host/settingsStore";
import { readStageScenarioState, ScenarioState, scenarioStateJson, ScenarioStateReading } from "../model/scenarios";

/** The key of the stored state, in document settings and in local storage alike. */
export const SCENARIOS_KEY = "mlcost.whatIf.stageScenarios";

/** The stored scenarios read from `store`: the model's reading, or the defaults and why where storage refuses. */
export function loadScenarios(store: SettingsStore): ScenarioStateReading<Plan> {
  const stored = readSetting(store, SCENARIOS_KEY);
  if (isSettingsRefusal(stored)) {
    const reading = readStageScenarioState(undefined);
    return { ...reading, message: `Saved scenarios could not be read, so the defaults are loaded: ${stored.refused}` };
  }
  return readStageScenarioState(stored);
}

/** Keeps `state` in `store`, as the model writes it: resolves to the failure's sentence, or undefined once kept. */
export function saveScenarios(store: SettingsStore, state: ScenarioState<Plan>): Promise<string | undefined> {
  return store.write(SCENARIOS_KEY, scenarioStateJson(state));
}
