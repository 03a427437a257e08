/* The what-if view's scenarios as typed: reading them with the model's checks, adding and removing columns. */
import { DEFAULT_STAGE_SCENARIOS, MAX_SCENARIOS } from "../../../src/whatIf/model/scenarios";
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import {
  draftOfState,
  nextScenarioName,
  readDraft,
  ScenarioDraft,
  textsOfPlan,
  whatToFix,
  withScenarioAdded,
  withScenarioRemoved,
} from "../../../src/whatIf/pane/whatIfDraft";

const defaults = (): ScenarioDraft => draftOfState(DEFAULT_STAGE_SCENARIOS);

test("the default scenarios read back as the model's, with the issue's crossovers and variances", () => {
  const reading = readDraft(defaults());
  expect(reading.state).toEqual(DEFAULT_STAGE_SCENARIOS);
  const columns = reading.comparison!.columns;
  expect(columns.map((c) => (c.values as { crossoverClips: number }).crossoverClips)).toEqual([43.2e6, 54e6, 72e6]);
  expect(columns[2].variances.crossoverClips.relative).toBeCloseTo(1 / 3, 12);
  expect(columns[0].variances.crossoverClips.relative).toBeCloseTo(-0.2, 12);
  expect(columns[1].variances.crossoverClips).toEqual({ absolute: 0, relative: 0 });
});

test("a plan's texts are the form's: clips with separators, blanks empty", () => {
  const texts = textsOfPlan(EXAMPLE_PLAN);
  expect(texts.prototypeClips).toBe("5,000");
  expect(texts.secondsPerClip).toBe("0.04");
  expect(texts.launchClips).toBe("");
  expect(texts.currency).toBe("");
});

test("an invalid field gives its message in its scenario only, and no state", () => {
  const draft = defaults();
  draft.scenarios[1].inputs.secondsPerClip = "0,04";
  draft.scenarios[2].inputs.trainingHours = "-5";
  const reading = readDraft(draft);
  expect(reading.state).toBeUndefined();
  expect(reading.fieldErrors[0]).toEqual({});
  expect(reading.fieldErrors[1].secondsPerClip).toMatch(/point for decimals/);
  expect(reading.fieldErrors[2].trainingHours).toMatch(/Training run per retrain must be 0 or more/);
  expect(whatToFix(draft, reading)).toBe(
    "Serving time per clip in Expected and Training run per retrain in Aggressive",
  );
});

test("names must be present and different (case aside); both of a pair are marked", () => {
  const draft = defaults();
  draft.scenarios[0].name = "expected";
  draft.scenarios[2].name = " ";
  const reading = readDraft(draft);
  expect(reading.state).toBeUndefined();
  expect(reading.nameErrors[0]).toMatch(/Two scenarios/);
  expect(reading.nameErrors[1]).toMatch(/Two scenarios/);
  expect(reading.nameErrors[2]).toMatch(/needs a name/);
  expect(whatToFix(draft, reading)).toBe("3 fields");
});

test("adding copies the base under a new name, up to five; removing keeps the base scenario", () => {
  let draft = defaults();
  expect(nextScenarioName(draft)).toBe("Scenario 4");
  for (let n = 4; n <= MAX_SCENARIOS; n++) {
    const next = withScenarioAdded(draft);
    if (typeof next === "string") throw new Error(next);
    draft = next;
  }
  expect(draft.scenarios.map((s) => s.name)).toEqual([
    "Conservative",
    "Expected",
    "Aggressive",
    "Scenario 4",
    "Scenario 5",
  ]);
  expect(draft.scenarios[4].inputs).toEqual(draft.scenarios[1].inputs);
  expect(withScenarioAdded(draft)).toMatch(/At most 5 scenarios/);
  const removed = withScenarioRemoved(draft, 0);
  if (typeof removed === "string") throw new Error(removed);
  expect(removed.scenarios[removed.baseIndex].name).toBe("Expected");
  const baseGone = withScenarioRemoved(removed, removed.baseIndex);
  if (typeof baseGone === "string") throw new Error(baseGone);
  expect(baseGone.baseIndex).toBe(0);
  let one: ScenarioDraft = { scenarios: [draft.scenarios[0]], baseIndex: 0 };
  expect(withScenarioRemoved(one, 0)).toMatch(/last scenario stays/);
  one = { ...one, scenarios: [{ name: "Scenario 2", inputs: {} }] };
  expect(nextScenarioName(one)).toBe("Scenario 3");
});

test("the draft's copies never reach the model's defaults", () => {
  const draft = defaults();
  draft.scenarios[0].inputs.trainingHours = "1";
  const added = withScenarioAdded(draft) as ScenarioDraft;
  added.scenarios[3].inputs.trainingHours = "2";
  expect(DEFAULT_STAGE_SCENARIOS.scenarios[0].inputs.trainingHours).toBe(600);
  expect(draft.scenarios[1].inputs.trainingHours).toBe("600");
});
