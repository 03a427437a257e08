/*
 * The what-if view's headline: the base's total hours at scale and crossover, and the scenarios landing lowest and
 * highest against it. The defaults: Expected is the worked example (21,600 h serving + 600 h training at scale,
 * crossover 54,000,000); Conservative serves 150 clips a second at 50 ms (16,200 + 600 h), Aggressive 400 at 30 ms
 * (25,920 + 600 h).
 */
import { compareScenarios, DEFAULT_STAGE_SCENARIOS, ScenarioState } from "../../../src/whatIf/model/scenarios";
import { STAGE_VIEW } from "../../../src/stages/model/stagesWhatIf";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { whatIfSummary } from "../../../src/whatIf/pane/whatIfSummary";
import { unwrap } from "../../support/unwrap";

const summaryOf = (state: ScenarioState<Plan>) => whatIfSummary(unwrap(compareScenarios(STAGE_VIEW, state)));

test("the defaults: Expected as the base, Conservative lowest and Aggressive highest", () => {
  const { figures, sentence } = summaryOf(DEFAULT_STAGE_SCENARIOS);
  expect(figures.map((f) => [f.label, f.value])).toEqual([
    ["Expected (base), Scale", "22,200 h"],
    ["Crossover, Expected", "54,000,000"],
    ["Lowest: Conservative", "16,800 h"],
    ["Highest: Aggressive", "26,520 h"],
  ]);
  // -5,400 / 22,200 and +4,320 / 22,200, to three significant figures.
  expect(figures[2].note).toBe("-24.3%");
  expect(figures[3].note).toBe("+19.5%");
  expect(sentence).toContain("at Scale");
});

test("another base: each scenario against it", () => {
  const { figures } = summaryOf({ ...DEFAULT_STAGE_SCENARIOS, baseIndex: 0 });
  expect(figures[0].label).toBe("Conservative (base), Scale");
  expect(figures[2].label).toBe("Lowest: Expected");
  expect(figures[3].label).toBe("Highest: Aggressive");
});

test("two scenarios: the other one alone, and one scenario: nothing to compare yet", () => {
  const two: ScenarioState<Plan> = {
    scenarios: [
      { name: "Now", inputs: EXAMPLE_PLAN },
      { name: "Faster", inputs: { ...EXAMPLE_PLAN, secondsPerClip: 0.03 } },
    ],
    baseIndex: 0,
  };
  const { figures } = summaryOf(two);
  // 40 ms to 30 ms saves 5,400 h a quarter: 22,200 - 5,400 = 16,800.
  expect(figures[2]).toEqual({ label: "Faster", value: "16,800 h", note: "-24.3%" });
  const one = summaryOf({ scenarios: [two.scenarios[0]], baseIndex: 0 });
  expect(one.figures).toHaveLength(2);
  expect(one.sentence).toContain("Add a scenario");
});

test("stale figures are marked so", () => {
  expect(whatIfSummary(unwrap(compareScenarios(STAGE_VIEW, DEFAULT_STAGE_SCENARIOS)), true).stale).toBe(true);
});
