/* Scenarios side by side: the defaults, variances against the base, and stored state that never breaks the pane. */
import { unwrap } from "../../support/unwrap";
import fc from "fast-check";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { isProblem, Problem } from "../../../src/core/model/problems";
import {
  addScenario,
  compareScenarios,
  copyScenarioState,
  DEFAULT_STAGE_SCENARIOS,
  MAX_SCENARIOS,
  readScenarioState,
  readStageScenarioState,
  removeScenario,
  ScenarioState,
  scenarioStateJson,
  StageScenarioComparison,
  variance,
} from "../../../src/whatIf/model/scenarios";
import { STAGE_OUTPUTS, STAGE_VIEW } from "../../../src/stages/model/stagesWhatIf";
import { expectClose, stageTableOf } from "../../support/stageModel";

function comparisonOf(state: ScenarioState<Plan>): StageScenarioComparison {
  return unwrap(compareScenarios(STAGE_VIEW, state));
}

describe("the default scenarios", () => {
  const comparison = comparisonOf(DEFAULT_STAGE_SCENARIOS);

  test("Conservative, Expected (the worked example, the base), Aggressive: traffic and per-clip time", () => {
    expect(comparison.columns.map((c) => c.name)).toEqual(["Conservative", "Expected", "Aggressive"]);
    expect(comparison.baseIndex).toBe(1);
    expect(DEFAULT_STAGE_SCENARIOS.scenarios[1].inputs).toEqual(EXAMPLE_PLAN);
    const differing = DEFAULT_STAGE_SCENARIOS.scenarios.map(({ inputs }) => [
      inputs.clipsPerSecond,
      inputs.secondsPerClip,
    ]);
    expect(differing).toEqual([
      [150, 0.05],
      [250, 0.04],
      [400, 0.03],
    ]);
  });

  test("each column is the stage table's own figures", () => {
    comparison.columns.forEach((column, i) => {
      const table = stageTableOf(DEFAULT_STAGE_SCENARIOS.scenarios[i].inputs);
      const values = column.values as Exclude<typeof column.values, Problem>;
      expect(values.crossoverClips).toBe(table.crossoverClips);
      table.rows.forEach((row) => {
        expect(values[`totalHours${row.stage}`]).toBe(row.totalHours);
        expect(values[`trainingShare${row.stage}`]).toBe(row.trainingShare);
      });
    });
  });

  test("the documented figures: crossovers 43.2M / 54M / 72M, scale serving 16,200 / 21,600 / 25,920 h", () => {
    const crossover = comparison.columns.map((c) => (c.values as Record<string, number>).crossoverClips);
    const scale = comparison.columns.map((c) => (c.values as Record<string, number>).totalHoursScale - 600);
    [43.2e6, 54e6, 72e6].forEach((expected, i) => expectClose(crossover[i], expected, 1e-12));
    [16_200, 21_600, 25_920].forEach((expected, i) => expectClose(scale[i], expected, 1e-12));
  });

  test("variances against Expected: absolute and %, the base's own 0 and 0%", () => {
    const [conservative, expected, aggressive] = comparison.columns;
    expectClose(aggressive.variances.crossoverClips.absolute, 18e6, 1e-12);
    expectClose(aggressive.variances.crossoverClips.relative, 1 / 3, 1e-12);
    expectClose(conservative.variances.totalHoursScale.absolute, -5_400, 1e-12);
    expectClose(conservative.variances.totalHoursScale.relative, -5_400 / 22_200, 1e-12);
    for (const output of STAGE_OUTPUTS) expect(expected.variances[output.key]).toEqual({ absolute: 0, relative: 0 });
  });

  test("another base: every variance is against it", () => {
    const comparison = comparisonOf({ ...DEFAULT_STAGE_SCENARIOS, baseIndex: 0 });
    expectClose(comparison.columns[2].variances.crossoverClips.relative, 72 / 43.2 - 1, 1e-12);
  });
});

describe("variance", () => {
  test("a base of 0 leaves the % undefined: a Problem naming the output; the absolute stands", () => {
    const result = variance(5, 0, "Crossover");
    expect(result.absolute).toBe(5);
    expect(result.relative).toMatchObject({ kind: "divisionByZero" });
    expect((result.relative as Problem).message).toContain("Crossover is 0 in the base scenario");
  });

  test("a Problem on either side passes through", () => {
    const bad = { kind: "invalidNumber", message: "no" } as const;
    expect(variance(bad, 1, "x")).toEqual({ absolute: bad, relative: bad });
    expect(variance(1, bad, "x")).toEqual({ absolute: bad, relative: bad });
  });

  test("a difference too large for a double is a Problem", () => {
    expect(variance(1.7e308, -1.7e308, "x").absolute).toMatchObject({ kind: "invalidNumber" });
  });

  test("a base scenario with no training: the training share's % variance is a Problem, the rest numbers", () => {
    const state = copyScenarioState(DEFAULT_STAGE_SCENARIOS);
    state.scenarios[1].inputs.trainingHours = 0;
    const aggressive = comparisonOf(state).columns[2];
    expect(aggressive.variances.crossoverClips.relative).toMatchObject({ kind: "divisionByZero" });
    expect(typeof aggressive.variances.totalHoursScale.relative).toBe("number");
  });
});

describe("a scenario the model refuses keeps its column; a bad state is a Problem", () => {
  test("bad inputs in one scenario", () => {
    const state = copyScenarioState(DEFAULT_STAGE_SCENARIOS);
    state.scenarios[0].inputs.secondsPerClip = 0;
    const [conservative, , aggressive] = comparisonOf(state).columns;
    expect(isProblem(conservative.values)).toBe(true);
    expect((conservative.values as Problem).message).toContain("Serving time per clip");
    expect(isProblem(conservative.variances.crossoverClips.absolute)).toBe(true);
    expect(isProblem(aggressive.values)).toBe(false);
  });

  test("too many, none, repeated names, a base out of range", () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `S${i}`, inputs: EXAMPLE_PLAN }));
    const cases: [ScenarioState<Plan>, string][] = [
      [{ scenarios: six, baseIndex: 0 }, "1 to 5 scenarios"],
      [{ scenarios: [], baseIndex: 0 }, "1 to 5 scenarios"],
      [{ scenarios: [six[0], { ...six[1], name: " s0 " }], baseIndex: 0 }, 'Two scenarios are called " s0 "'],
      [{ scenarios: [six[0], { ...six[1], name: " " }], baseIndex: 0 }, "needs a name"],
      [{ scenarios: [six[0]], baseIndex: 1 }, "The base scenario must be one of the 1 scenarios"],
      [{ scenarios: [six[0]], baseIndex: 0.5 }, "The base scenario"],
    ];
    for (const [state, message] of cases) {
      const result = compareScenarios(STAGE_VIEW, state) as Problem;
      expect(isProblem(result)).toBe(true);
      expect(result.message).toContain(message);
    }
  });
});

describe("stored state", () => {
  const edited: ScenarioState<Plan> = {
    scenarios: [
      { name: "Low", inputs: { ...EXAMPLE_PLAN, launchClips: 1e7, pricePerHour: 2.5, currency: "€" } },
      { name: "High", inputs: { ...EXAMPLE_PLAN, scaleClips: 5e9, trainingOverhead: 3 } },
    ],
    baseIndex: 1,
  };

  test("written as JSON and read back, blanks and all", () => {
    const json = scenarioStateJson(edited);
    expect(JSON.parse(json).version).toBe(1);
    expect(JSON.parse(json).scenarios[1].inputs).not.toHaveProperty("launchClips");
    const reading = readStageScenarioState(json);
    expect(reading.message).toBeUndefined();
    expect(reading.state).toEqual(edited);
    // The parsed value reads the same as the text.
    expect(readStageScenarioState(JSON.parse(json)).state).toEqual(edited);
  });

  test("nothing stored: the defaults, no message, and a copy that edits cannot reach", () => {
    for (const nothing of [null, undefined, ""]) {
      const reading = readStageScenarioState(nothing);
      expect(reading).toEqual({ state: DEFAULT_STAGE_SCENARIOS });
      reading.state.scenarios[0].inputs.trainingHours = 1;
      reading.state.scenarios.pop();
    }
    expect(DEFAULT_STAGE_SCENARIOS.scenarios[0].inputs.trainingHours).toBe(600);
    expect(DEFAULT_STAGE_SCENARIOS.scenarios).toHaveLength(3);
  });

  const stored = (change: (state: Record<string, any>) => void): Record<string, any> => {
    const state = JSON.parse(scenarioStateJson(edited));
    change(state);
    return state;
  };

  const bad: [string, unknown, string][] = [
    ["not JSON", "{scenarios:", "not valid JSON"],
    ["a number", 42, "not a scenario state"],
    ["an array", [], "not a scenario state"],
    ["a newer version", stored((s) => (s.version = 2)), "version 2, from a newer MLCost; this add-in reads version 1."],
    ["no version", stored((s) => delete s.version), "they have no version; this add-in reads version 1."],
    ["a version as text", stored((s) => (s.version = "1")), 'they are version "1"; this add-in reads version 1.'],
    ["no list", stored((s) => (s.scenarios = {})), "no list of scenarios"],
    ["an empty list", stored((s) => (s.scenarios = [])), "there are 0 scenarios"],
    ["six", stored((s) => (s.scenarios = Array(6).fill(s.scenarios[0]))), "there are 6 scenarios"],
    ["a scenario that is not one", stored((s) => (s.scenarios[1] = "High")), "scenario 2 is not a scenario"],
    ["no name", stored((s) => delete s.scenarios[0].name), "scenario 1 has no name"],
    ["no inputs", stored((s) => (s.scenarios[0].inputs = null)), '"Low" has no inputs'],
    ["a repeated name", stored((s) => (s.scenarios[1].name = "LOW")), 'Two scenarios are called "LOW"'],
    ["a long name", stored((s) => (s.scenarios[1].name = "x".repeat(41))), "at most 40 characters"],
    ["a base out of range", stored((s) => (s.baseIndex = 2)), "(0 to 1); got 2"],
    ["a base as text", stored((s) => (s.baseIndex = "1")), 'got "1"'],
    ["no base", stored((s) => delete s.baseIndex), "they name no base scenario (baseIndex): it must be one of the 2"],
    ["a null base", stored((s) => (s.baseIndex = null)), "they name no base scenario (baseIndex)"],
    ["a number as text", stored((s) => (s.scenarios[0].inputs.trainingHours = "600")), "Training run per retrain must"],
    ["a required field blank", stored((s) => (s.scenarios[1].inputs.secondsPerClip = null)), "no Serving time per"],
    [
      "a required field gone",
      stored((s) => delete s.scenarios[1].inputs.intervalDays),
      '"High" has no Retrain interval',
    ],
    ["text as a number", stored((s) => (s.scenarios[0].inputs.currency = 5)), "Currency must be text"],
    ["NaN", stored((s) => (s.scenarios[0].inputs.peakToMean = NaN)), "Peak-to-mean provisioning for serving must"],
    ["a value the model refuses", stored((s) => (s.scenarios[0].inputs.peakToMean = 0.5)), "multiplier of 1 or more"],
  ];

  test.each(bad)("%s: the defaults, and a message saying what was wrong", (_, value, message) => {
    const reading = readStageScenarioState(value);
    expect(reading.state).toEqual(DEFAULT_STAGE_SCENARIOS);
    expect(reading.message).toMatch(/^The saved scenarios could not be used, so the defaults are loaded: /);
    expect(reading.message).toContain(message);
  });

  test("a state without its base names what is missing, never 'got undefined'", () => {
    const message = readStageScenarioState(stored((s) => delete s.baseIndex)).message!;
    expect(message).toBe(
      "The saved scenarios could not be used, so the defaults are loaded: they name no base scenario (baseIndex): " +
        "it must be one of the 2 scenarios, 0 to 1.",
    );
  });

  const huge = "\u{1F600}".repeat(500_000); // a megabyte or two of emoji, stored by another program or by hand
  test.each([
    ["the version", stored((s) => (s.version = huge))],
    ["a name with no inputs", stored((s) => ((s.scenarios[0].name = huge), (s.scenarios[0].inputs = null)))],
    [
      "a name the model refuses",
      stored((s) => ((s.scenarios[0].name = huge), (s.scenarios[0].inputs.peakToMean = 0.5))),
    ],
    ["a long name", stored((s) => (s.scenarios[1].name = huge))],
    ["the base", stored((s) => (s.baseIndex = huge))],
  ])("%s of a megabyte: the message quotes its first 20 characters, whole ones", (_, value) => {
    const message = readStageScenarioState(value).message!;
    expect(message.length).toBeLessThan(300);
    expect(message).toContain(`"${"\u{1F600}".repeat(20)}..."`);
    expect(message).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  test("keys the view does not know are dropped; an own __proto__ is never an input", () => {
    const json = scenarioStateJson(edited).replace(
      '"name":"Low","inputs":{',
      '"name":"Low","inputs":{"__proto__":{"x":1},"extra":1,',
    );
    const reading = readStageScenarioState(json);
    expect(reading.message).toBeUndefined();
    expect(reading.state).toEqual(edited);
    expect(Object.keys(reading.state.scenarios[0].inputs)).not.toContain("extra");
  });

  test("a getter or a Proxy that throws is a message, not a throw", () => {
    const getter = stored(() => undefined);
    Object.defineProperty(getter.scenarios[0], "inputs", {
      get() {
        throw new Error("boom");
      },
    });
    expect(readStageScenarioState(getter).message).toContain("reading them failed (boom)");
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
      },
    );
    expect(readStageScenarioState(proxy).message).toContain("trap");
  });

  test("property: anything at all reads to a state the comparison accepts, without a throw", () => {
    const anything = fc.oneof(fc.anything(), fc.json(), fc.string());
    fc.assert(
      fc.property(anything, (value) => {
        const reading = readScenarioState(STAGE_VIEW, value, DEFAULT_STAGE_SCENARIOS);
        expect(isProblem(compareScenarios(STAGE_VIEW, reading.state))).toBe(false);
      }),
    );
  });
});

describe("adding and removing scenarios", () => {
  test("up to five, each name its own", () => {
    let state = copyScenarioState(DEFAULT_STAGE_SCENARIOS);
    for (const name of ["Four", "Five"]) state = addScenario(state, { name, inputs: EXAMPLE_PLAN }) as typeof state;
    expect(state.scenarios).toHaveLength(MAX_SCENARIOS);
    expect(addScenario(state, { name: "Six", inputs: EXAMPLE_PLAN })).toMatchObject({ kind: "invalidValue" });
    const short = removeScenario(state, 4) as typeof state;
    expect((addScenario(short, { name: "expected", inputs: EXAMPLE_PLAN }) as Problem).message).toContain("Two");
    expect(DEFAULT_STAGE_SCENARIOS.scenarios).toHaveLength(3);
  });

  test("the base follows its scenario; removing it makes the first the base; the last one stays", () => {
    const state = copyScenarioState(DEFAULT_STAGE_SCENARIOS);
    expect((removeScenario(state, 0) as typeof state).baseIndex).toBe(0);
    expect((removeScenario(state, 0) as typeof state).scenarios[0].name).toBe("Expected");
    expect((removeScenario(state, 2) as typeof state).baseIndex).toBe(1);
    expect((removeScenario(state, 1) as typeof state).baseIndex).toBe(0);
    const one = { scenarios: [state.scenarios[0]], baseIndex: 0 };
    expect(removeScenario(one, 0)).toMatchObject({ message: "The last scenario stays: a comparison needs one." });
    expect(removeScenario(state, 3)).toMatchObject({ kind: "invalidValue" });
  });
});
