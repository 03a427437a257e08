/*
 * The what-if view's scenarios as a planner types them: each scenario's name and the text of every input, before
 * any of it is a number. The draft is a ScenarioState of texts, so the model's own addScenario / removeScenario
 * (the count limits, the base's move) apply to it unchanged; reading it gives the ScenarioState<Plan> the model
 * compares, or what to fix beside each field. No DOM here, so the rules are tested directly.
 */
import {
  addScenario,
  compareScenarios,
  MAX_SCENARIOS,
  removeScenario,
  ScenarioState,
  scenarioNameProblem,
  StageScenarioComparison,
} from "../model/scenarios";
import { checkPlan, PLAN_FIELDS, Plan, STAGE_VIEW } from "../../stages/model";
import { isProblem, Problem } from "../../core/model/problems";
import { readFields, sentence, startingText } from "../../core/pane/formReading";
import { fieldList } from "../../core/pane/staleBanner";

/** One scenario's inputs as typed: the text of each field ("" for a blank). */
export type ScenarioTexts = Partial<Record<keyof Plan, string>>;

/** Every scenario as typed, in column order, and which is the base. */
export type ScenarioDraft = ScenarioState<ScenarioTexts>;

/** The texts a plan's inputs show as: clips with separators, other numbers as they are, blanks "". */
export function textsOfPlan(plan: Plan): ScenarioTexts {
  const texts: ScenarioTexts = {};
  for (const field of PLAN_FIELDS) texts[field.key] = startingText(plan[field.key] ?? "", field.quantity);
  return texts;
}

/** A state as the view first shows it. */
export function draftOfState(state: ScenarioState<Plan>): ScenarioDraft {
  return {
    scenarios: state.scenarios.map((scenario) => ({ name: scenario.name, inputs: textsOfPlan(scenario.inputs) })),
    baseIndex: state.baseIndex,
  };
}

/** A draft read: the state and its comparison when every name and field is valid, else what to fix where. */
export interface DraftReading {
  state?: ScenarioState<Plan>;
  comparison?: StageScenarioComparison;
  /** per scenario, by column: the message of each invalid field */
  fieldErrors: Partial<Record<keyof Plan, string>>[];
  /** per scenario, by column: what is wrong with its name, or undefined */
  nameErrors: (string | undefined)[];
  /** a problem of the scenarios as a whole that no single field explains (an overflow in one) */
  problem?: string;
}

/**
 * Reads every scenario of `draft` with the stage form's parsing and the model's checks (messages name the field
 * by its label), and every name against the others (blank, too long, or the same as another, case aside).
 */
export function readDraft(draft: ScenarioDraft): DraftReading {
  const names = draft.scenarios.map((scenario) => scenario.name);
  const nameErrors = names.map((name, i) =>
    scenarioNameProblem(
      name,
      names.filter((_, j) => j !== i),
    ),
  );
  const plans: Plan[] = [];
  const fieldErrors = draft.scenarios.map((scenario) => {
    const { values, errors } = readFields(PLAN_FIELDS, scenario.inputs);
    for (const { key, problem } of checkPlan(values)) errors[key] = sentence(problem.message);
    plans.push(values as unknown as Plan);
    return errors;
  });
  const reading: DraftReading = { fieldErrors, nameErrors };
  const valid = nameErrors.every((e) => e === undefined) && fieldErrors.every((e) => Object.keys(e).length === 0);
  if (!valid) return reading;
  const state: ScenarioState<Plan> = {
    scenarios: draft.scenarios.map((scenario, i) => ({ name: scenario.name.trim(), inputs: plans[i] })),
    baseIndex: draft.baseIndex,
  };
  const comparison = compareScenarios(STAGE_VIEW, state);
  if (isProblem(comparison)) return { ...reading, problem: sentence(comparison.message) };
  const refused = comparison.columns.find((column) => isProblem(column.values));
  if (refused) return { ...reading, problem: `${refused.name}: ${sentence((refused.values as Problem).message)}` };
  return { ...reading, state, comparison };
}

/** The first "Scenario n" (n from the count + 1 up) that no scenario is called, case aside. */
export function nextScenarioName(draft: ScenarioDraft): string {
  const taken = new Set(draft.scenarios.map((scenario) => scenario.name.trim().toLowerCase()));
  let n = draft.scenarios.length + 1;
  while (taken.has(`scenario ${n}`)) n++;
  return `Scenario ${n}`;
}

/**
 * The draft with one more scenario at the end, a copy of the base scenario's inputs under a new name; or the
 * model's reason why not (five already).
 */
export function withScenarioAdded(draft: ScenarioDraft): ScenarioDraft | string {
  const base = draft.scenarios[draft.baseIndex] ?? draft.scenarios[0];
  const next = addScenario(draft, { name: nextScenarioName(draft), inputs: { ...base.inputs } });
  return isProblem(next) ? next.message : next;
}

/** The draft without the scenario at `index` (the base moves as the model moves it), or why not (the last one). */
export function withScenarioRemoved(draft: ScenarioDraft, index: number): ScenarioDraft | string {
  const next = removeScenario(draft, index);
  return isProblem(next) ? next.message : next;
}

/** True when another scenario may be added. */
export const canAddScenario = (draft: ScenarioDraft): boolean => draft.scenarios.length < MAX_SCENARIOS;

/**
 * What to fix, for the out-of-date banner: "Serving time per clip in Expected", "2 fields", "the name of scenario 2";
 * undefined when nothing is invalid field by field.
 */
export function whatToFix(draft: ScenarioDraft, reading: DraftReading): string | undefined {
  const found: string[] = [];
  reading.nameErrors.forEach((error, i) => {
    if (error) found.push(`the name of scenario ${i + 1}`);
  });
  reading.fieldErrors.forEach((errors, i) => {
    const name = draft.scenarios[i].name.trim() || `scenario ${i + 1}`;
    for (const field of PLAN_FIELDS) if (errors[field.key]) found.push(`${field.label} in ${name}`);
  });
  return found.length === 0 ? undefined : fieldList(found);
}
