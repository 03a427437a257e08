/*
 * Scenarios side by side: up to five named, full sets of a view's inputs, each run through the
 * view's own model, with variances against a chosen base scenario. Also the reading of a stored
 * scenario state (document settings, local storage) by the one versioned reader (savedState.ts), which
 * never throws: anything wrong gives the defaults back with a message that says what was wrong, and an
 * older version is migrated with a message that says so.
 */
import { finiteResult } from "../../core/model/checks";
import { EXAMPLE_PLAN, Plan, STAGE_VIEW, StageOutputKey } from "../../stages/model";
import { OutputValues, WhatIfView } from "../../sensitivity/model";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { shortened } from "../../core/model/shortened";
import {
  isNothingSaved,
  isRefusal,
  readSavedState,
  SavedStateFormat,
  savedStateMarks,
} from "../../core/model/savedState";

/** At most this many scenarios: as many columns as a planner compares at a glance. */
export const MAX_SCENARIOS = 5;

/** The longest scenario name: it heads a column of the scenario sheet. */
export const MAX_SCENARIO_NAME_LENGTH = 40;

/** The version of the stored scenario state this code writes and reads. */
export const SCENARIO_STATE_VERSION = 1;

/** One named, full set of a view's inputs. */
export interface Scenario<I> {
  name: string;
  inputs: I;
}

/** What the pane keeps with the document: the scenarios, in column order, and which is the base. */
export interface ScenarioState<I> {
  scenarios: Scenario<I>[];
  /** the scenario every variance is taken against, by position in `scenarios` */
  baseIndex: number;
}

/**
 * The default scenarios of the stage view, around the worked example (Expected is exactly it).
 * They differ in the two inputs most argued over, traffic and per-clip time, in the usual
 * growth-plan sense:
 * - Conservative: traffic below plan (150 clips/s) and no per-clip speed-up landing, the model
 *   a little heavier (50 ms): scale serving 16,200 h a quarter, crossover 43,200,000 clips.
 * - Expected: the worked example, 250 clips/s at 40 ms: 21,600 h, crossover 54,000,000.
 * - Aggressive: traffic above plan (400 clips/s) and the 40 -> 30 ms lever of the cost model
 *   landed: 25,920 h, crossover 72,000,000.
 * Each is ordinary input, so a planner edits them like any other.
 */
export const DEFAULT_STAGE_SCENARIOS: ScenarioState<Plan> = {
  scenarios: [
    { name: "Conservative", inputs: { ...EXAMPLE_PLAN, clipsPerSecond: 150, secondsPerClip: 0.05 } },
    { name: "Expected", inputs: { ...EXAMPLE_PLAN } },
    { name: "Aggressive", inputs: { ...EXAMPLE_PLAN, clipsPerSecond: 400, secondsPerClip: 0.03 } },
  ],
  baseIndex: 1,
};

/** A fresh copy of a state, so that no caller's edit reaches the defaults. */
export function copyScenarioState<I extends object>(state: ScenarioState<I>): ScenarioState<I> {
  return {
    scenarios: state.scenarios.map((scenario) => ({ name: scenario.name, inputs: { ...scenario.inputs } })),
    baseIndex: state.baseIndex,
  };
}

/** One output of a scenario against the base scenario. */
export interface Variance {
  /** scenario - base, in the output's unit */
  absolute: number | Problem;
  /** (scenario - base) / |base|, a fraction (0.2 is +20%); a Problem when the base is 0 */
  relative: number | Problem;
}

/**
 * A scenario's value against the base's: the difference, and the difference as a fraction of
 * the base. `label` names the output in a message. A Problem on either side passes through; a
 * base of 0 leaves the fraction undefined, which is a Problem, not 0 or Infinity.
 * @example variance(64.8e6, 54e6, "Crossover") // { absolute: 10800000, relative: 0.2 }
 */
export function variance(value: number | Problem, base: number | Problem, label: string): Variance {
  if (isProblem(base)) return { absolute: base, relative: base };
  if (isProblem(value)) return { absolute: value, relative: value };
  const absolute = finiteResult(value - base, `The variance of ${label}`);
  if (isProblem(absolute)) return { absolute, relative: absolute };
  if (base === 0) {
    const zero = problem(
      "divisionByZero",
      `${label} is 0 in the base scenario, so a change from it is no percentage of it.`,
    );
    return { absolute, relative: zero };
  }
  return { absolute, relative: finiteResult(absolute / Math.abs(base), `The % variance of ${label}`) };
}

/** One column of the comparison: a scenario, its outputs and its variances against the base. */
export interface ScenarioColumn<I, O extends string> {
  name: string;
  inputs: I;
  /** every output of the view for this scenario, or the Problem of its inputs */
  values: OutputValues<O> | Problem;
  /** every output against the base scenario's (the base's own column is 0 and 0%) */
  variances: { readonly [K in O]: Variance };
}

/** Every scenario of a state side by side. */
export interface ScenarioComparison<I, O extends string> {
  baseIndex: number;
  columns: ScenarioColumn<I, O>[];
}

/**
 * Every scenario's outputs by the view's own model, and each against the base scenario. A
 * scenario whose inputs are bad keeps its column, its Problem in place of the values; the state
 * itself (count, names, base) is checked first, a Problem naming what to fix.
 * @example compareScenarios(STAGE_VIEW, DEFAULT_STAGE_SCENARIOS).columns[2].variances.crossoverClips
 */
export function compareScenarios<I extends object, O extends string>(
  view: WhatIfView<I, O>,
  state: ScenarioState<I>,
): ScenarioComparison<I, O> | Problem {
  const bad = checkScenarioList(state);
  if (bad) return problem("invalidValue", bad);
  const values = state.scenarios.map((scenario) => view.evaluate(scenario.inputs));
  const baseValues = values[state.baseIndex];
  const columns = state.scenarios.map((scenario, index): ScenarioColumn<I, O> => {
    const own = values[index];
    const variances: { [K in O]?: Variance } = {};
    for (const output of view.outputs) {
      const value = isProblem(own) ? own : own[output.key];
      const base = isProblem(baseValues) ? baseValues : baseValues[output.key];
      variances[output.key] = variance(value, base, output.label);
    }
    return {
      name: scenario.name,
      inputs: scenario.inputs,
      values: own,
      variances: variances as ScenarioColumn<I, O>["variances"],
    };
  });
  return { baseIndex: state.baseIndex, columns };
}

/**
 * What is wrong with a scenario's name among the others, or undefined: not blank, at most
 * MAX_SCENARIO_NAME_LENGTH characters, and no other scenario's name (case aside, as a reader
 * would confuse them). `others` leaves out the scenario's own current name.
 */
export function scenarioNameProblem(name: unknown, others: readonly string[]): string | undefined {
  if (typeof name !== "string" || name.trim() === "") return "A scenario needs a name.";
  if (Array.from(name).length > MAX_SCENARIO_NAME_LENGTH) {
    return `A scenario name is at most ${MAX_SCENARIO_NAME_LENGTH} characters; "${shortened(name)}" is longer.`;
  }
  const folded = name.trim().toLowerCase();
  if (others.some((other) => other.trim().toLowerCase() === folded)) return `Two scenarios are called "${name}".`;
  return undefined;
}

/** A stored value in a message: text quoted and cut ("1" is not 1), anything else as it reads, cut too. */
const shown = (value: unknown): string =>
  typeof value === "string" ? `"${shortened(value)}"` : shortened(String(value));

/** What is wrong with a state's list of scenarios and base, or undefined. */
function checkScenarioList<I>(state: ScenarioState<I>): string | undefined {
  const count = state.scenarios.length;
  if (count < 1 || count > MAX_SCENARIOS) return `There must be 1 to ${MAX_SCENARIOS} scenarios; there are ${count}.`;
  for (let i = 0; i < count; i++) {
    const others = state.scenarios.filter((_, j) => j < i).map((scenario) => scenario.name);
    const bad = scenarioNameProblem(state.scenarios[i].name, others);
    if (bad) return bad;
  }
  const base = state.baseIndex;
  if (typeof base !== "number" || !Number.isInteger(base) || base < 0 || base >= count) {
    return `The base scenario must be one of the ${count} scenarios (0 to ${count - 1}); got ${shown(base)}.`;
  }
  return undefined;
}

/**
 * The stored scenario state, declared once (src/core/model/savedState.ts): version 1, the first, wrote no format
 * name, so a state without one is read as scenarios; the version that follows writes "mlcost-scenarios"
 * (formatNamedFrom). No migration yet: a new version adds its step to `migrations`. The shape check is a view's.
 */
export const SCENARIO_STATE = {
  format: "mlcost-scenarios",
  what: "The saved scenarios",
  it: "they",
  kind: "a scenario state",
  version: SCENARIO_STATE_VERSION,
  formatNamedFrom: 2,
  migrations: [],
} as const satisfies Omit<SavedStateFormat<unknown>, "check">;

/** The stored scenario state of `view`: SCENARIO_STATE with the view's shape check. */
export function scenarioStateFormat<I extends object, O extends string>(
  view: WhatIfView<I, O>,
): SavedStateFormat<ScenarioState<I>> {
  return { ...SCENARIO_STATE, check: (record) => checkState(view, record) };
}

/** A stored scenario state, as JSON text: what the pane saves in document settings or local storage. */
export function scenarioStateJson<I>(state: ScenarioState<I>): string {
  // Blank optional fields are undefined, which JSON leaves out: stored as absent, read back as blank.
  const marks = savedStateMarks(SCENARIO_STATE);
  return JSON.stringify({ ...marks, baseIndex: state.baseIndex, scenarios: state.scenarios });
}

/** A stored state read back: the state to use, and what a planner should be told of it. */
export interface ScenarioStateReading<I> {
  state: ScenarioState<I>;
  /** why the stored state could not be used and the defaults were loaded, or that an older version was migrated */
  message?: string;
}

/**
 * Reads a stored scenario state (JSON text, or the parsed value) for `view`. Nothing stored
 * (null, undefined or "") gives the defaults with no message. An older version is migrated and the message
 * says so. Anything else that is not a valid state of this view (not JSON, a newer or unknown version, no
 * scenarios or more than five, a bad or repeated name, a base out of range, a field of the wrong type, a value
 * the view's model refuses) gives the defaults with a message saying what was wrong. Never throws.
 * Every field is read by the view's own list: numbers must be finite numbers, text must be
 * text, and null or absent is allowed only where the field may be blank. Keys the view does not
 * know are dropped.
 */
export function readScenarioState<I extends object, O extends string>(
  view: WhatIfView<I, O>,
  stored: unknown,
  defaults: ScenarioState<I>,
): ScenarioStateReading<I> {
  if (isNothingSaved(stored)) return { state: copyScenarioState(defaults) };
  const reading = readSavedState(scenarioStateFormat(view), stored);
  if (isRefusal(reading)) {
    return {
      state: copyScenarioState(defaults),
      message: `The saved scenarios could not be used, so the defaults are loaded: ${reading.refused}`,
    };
  }
  return reading.notes.length > 0
    ? { state: reading.value, message: reading.notes.join(" ") }
    : { state: reading.value };
}

/** The current version's shape (readScenarioState's checks): the state, or a sentence saying what is wrong. */
function checkState<I extends object, O extends string>(
  view: WhatIfView<I, O>,
  record: Record<string, unknown>,
): ScenarioState<I> | string {
  const list = record.scenarios;
  if (!Array.isArray(list)) return "there is no list of scenarios.";
  if (list.length < 1 || list.length > MAX_SCENARIOS) {
    return `there are ${list.length} scenarios; there must be 1 to ${MAX_SCENARIOS}.`;
  }
  const scenarios: Scenario<I>[] = [];
  for (let i = 0; i < list.length; i++) {
    const scenario = readScenario(view, list[i], i);
    if (typeof scenario === "string") return scenario;
    scenarios.push(scenario);
  }
  // A state without its base is said so by name (the list's check would say "got undefined").
  if (record.baseIndex === undefined || record.baseIndex === null) {
    const which =
      scenarios.length === 1
        ? "0, the only scenario"
        : `one of the ${scenarios.length} scenarios, 0 to ${scenarios.length - 1}`;
    return `they name no base scenario (baseIndex): it must be ${which}.`;
  }
  const state: ScenarioState<I> = { scenarios, baseIndex: record.baseIndex as number };
  const bad = checkScenarioList(state);
  if (bad) return bad;
  return state;
}

/** One stored scenario: its name and every field of the view, each of the right type, and inputs the model takes. */
function readScenario<I extends object, O extends string>(
  view: WhatIfView<I, O>,
  stored: unknown,
  index: number,
): Scenario<I> | string {
  const which = `scenario ${index + 1}`;
  if (typeof stored !== "object" || stored === null) return `${which} is not a scenario.`;
  const { name, inputs } = stored as { name?: unknown; inputs?: unknown };
  if (typeof name !== "string") return `${which} has no name.`;
  const named = `"${shortened(name)}"`;
  if (typeof inputs !== "object" || inputs === null) return `${named} has no inputs.`;
  const source = inputs as Record<string, unknown>;
  const read: Record<string, unknown> = {};
  for (const field of view.fields) {
    // Own properties only: a stored "__proto__" or an inherited key is never an input.
    const value = Object.prototype.hasOwnProperty.call(source, field.key) ? source[field.key] : undefined;
    if (value === undefined || value === null) {
      if (field.blankMeans === undefined) return `${named} has no ${field.label}.`;
      continue;
    }
    const wanted = field.quantity === "text" ? "string" : "number";
    if (typeof value !== wanted || (wanted === "number" && !Number.isFinite(value as number))) {
      return `${named}: ${field.label} must be ${wanted === "string" ? "text" : "a number"}.`;
    }
    read[field.key] = value;
  }
  const scenarioInputs = read as I;
  const values = view.evaluate(scenarioInputs);
  if (isProblem(values)) return `${named}: ${values.message}`;
  return { name, inputs: scenarioInputs };
}

/** The stage view's stored state read back, with DEFAULT_STAGE_SCENARIOS where it cannot be used. */
export function readStageScenarioState(stored: unknown): ScenarioStateReading<Plan> {
  return readScenarioState(STAGE_VIEW, stored, DEFAULT_STAGE_SCENARIOS);
}

/** The stage view's comparison, as compareScenarios(STAGE_VIEW, state) gives it. */
export type StageScenarioComparison = ScenarioComparison<Plan, StageOutputKey>;

/**
 * A copy of `state` with one more scenario at the end, or a Problem saying why not (five
 * already, a bad or repeated name). The base stays where it was.
 */
export function addScenario<I extends object>(
  state: ScenarioState<I>,
  scenario: Scenario<I>,
): ScenarioState<I> | Problem {
  if (state.scenarios.length >= MAX_SCENARIOS) {
    return problem("invalidValue", `At most ${MAX_SCENARIOS} scenarios; remove one to add another.`);
  }
  const bad = scenarioNameProblem(
    scenario.name,
    state.scenarios.map((other) => other.name),
  );
  if (bad) return problem("invalidValue", bad);
  const next = copyScenarioState(state);
  next.scenarios.push({ name: scenario.name, inputs: { ...scenario.inputs } });
  return next;
}

/**
 * A copy of `state` without the scenario at `index`, or a Problem (the last one stays: a
 * comparison needs one). Removing the base makes the first scenario the base; removing one
 * before it keeps the same base scenario.
 */
export function removeScenario<I extends object>(state: ScenarioState<I>, index: number): ScenarioState<I> | Problem {
  const count = state.scenarios.length;
  if (!Number.isInteger(index) || index < 0 || index >= count) {
    return problem("invalidValue", `There is no scenario ${index + 1}; there are ${count}.`);
  }
  if (count === 1) return problem("invalidValue", "The last scenario stays: a comparison needs one.");
  const next = copyScenarioState(state);
  next.scenarios.splice(index, 1);
  if (index === state.baseIndex) next.baseIndex = 0;
  else if (index < state.baseIndex) next.baseIndex = state.baseIndex - 1;
  return next;
}
