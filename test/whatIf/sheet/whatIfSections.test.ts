/*
 * The what-if sheet's sections are placed before they are written: each top follows from the heights of
 * the sections above it. These tests hold the counts to what the builders write, over the states that
 * change a section's height (own ends that wrap, inputs not varied, chart or notes), and show that a
 * section written lower is the same section, its references to its own rows moved with it.
 */
import { unwrap } from "../../support/unwrap";
import {
  DEFAULT_STAGE_SCENARIOS,
  ScenarioState,
  StageScenarioComparison,
  compareScenarios,
} from "../../../src/whatIf/model/scenarios";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { PLAN_FIELDS } from "../../../src/stages/model/planFields";
import { STAGE_OUTPUTS, STAGE_VIEW, StageOutputKey } from "../../../src/stages/model/stagesWhatIf";
import { sensitivity, SensitivityOptions } from "../../../src/sensitivity/model/sensitivity";
import { whatIfLayout, WhatIfOptions } from "../../../src/whatIf/sheet/whatIfLayout";
import { SCENARIO_SECTION_HEIGHT, scenarioSection } from "../../../src/whatIf/sheet/scenarioSection";
import { sensitivityHeight, sensitivitySection } from "../../../src/whatIf/sheet/sensitivitySection";
import { TARGET_SECTION_HEIGHT } from "../../../src/whatIf/sheet/targetSection";
import { WORKINGS_HEIGHT, workingsPlace } from "../../../src/whatIf/sheet/workingsSection";
import type { Row } from "../../../src/core/sheet/rows";

const nameOf = (baseName: string) => baseName;

/** A plan with every input typed: only the currency (text) is not varied. */
const TYPED_PLAN: Plan = {
  ...EXAMPLE_PLAN,
  launchClips: 60_000_000,
  scaleClips: 2e9,
  pricePerHour: 2.5,
  currency: "USD",
};

/** Every numeric input with a low and a high of its own: a note long enough to wrap. */
const ALL_OWN: SensitivityOptions<Plan>["ranges"] = Object.fromEntries(
  PLAN_FIELDS.filter((field) => typeof TYPED_PLAN[field.key] === "number").map((field) => {
    const value = TYPED_PLAN[field.key] as number;
    return [field.key, { low: field.quantity === "factor" ? 1 : value * 0.5, high: value * 2 }];
  }),
);

const CASES: [string, Plan, SensitivityOptions<Plan>][] = [
  ["the worked example (blank stages and price not varied)", EXAMPLE_PLAN, {}],
  ["every input typed (only the currency not varied)", TYPED_PLAN, {}],
  ["one own end", EXAMPLE_PLAN, { ranges: { trainingHours: { low: 300 } } }],
  ["every input's own ends, a note that wraps", TYPED_PLAN, { ranges: ALL_OWN }],
  ["other moves", EXAMPLE_PLAN, { lowFraction: -0.5, highFraction: 0.1 }],
];

/** The state of one scenario, `plan`, which is the base. */
const stateOf = (plan: Plan): ScenarioState<Plan> => ({ scenarios: [{ name: "Only", inputs: plan }], baseIndex: 0 });

/** Each cell's formula, or null: what a reference to a row changes. */
const formulas = (rows: Row[]) => rows.map((row) => row.map((cell) => cell?.formula ?? null));

describe.each(CASES)("%s", (_name, plan, options) => {
  const swings = unwrap(sensitivity(STAGE_VIEW, plan, options));

  test.each([false, true])("the sensitivity writes the rows its height counts (chart note %s)", (chartNote) => {
    for (const tornadoOutput of STAGE_OUTPUTS.map((output) => output.key as StageOutputKey)) {
      const sources = { swings, base: plan, tornadoOutput, lowFraction: -0.2, highFraction: 0.2, chartNote };
      const section = sensitivitySection(40, sources, workingsPlace(200), nameOf);
      expect(section.rows).toHaveLength(sensitivityHeight(swings, chartNote));
      expect(section.span).toEqual({ first: 40, last: 40 + section.rows.length - 1 });
    }
  });

  test("every section starts where the heights above it place it, a blank row between", () => {
    const layoutOptions = options as WhatIfOptions;
    for (const chartNote of [false, true]) {
      const layout = unwrap(whatIfLayout(stateOf(plan), "", { ...layoutOptions, chartNote }));
      const { scenarios, sensitivity: swingRows, targets, checks, workings } = layout.sections;
      // The scenarios start after the title's rows: the title, its note and the master check's row.
      expect(layout.rows.slice(0, 3).map((row) => row[0]?.role)).toEqual(["title", "note", "label"]);
      expect(scenarios).toEqual({ first: 4, last: 3 + SCENARIO_SECTION_HEIGHT });
      expect(swingRows).toEqual({
        first: scenarios.last + 2,
        last: scenarios.last + 1 + sensitivityHeight(swings, chartNote),
      });
      expect(targets).toEqual({ first: swingRows.last + 2, last: swingRows.last + 1 + TARGET_SECTION_HEIGHT });
      // The checks: their heading, the tolerance, then a check a row to the last flag the master check reads.
      expect(checks.first).toBe(targets.last + 2);
      expect(String(layout.rows[checks.first - 1][0]?.value)).toMatch(/^4\. Checks:/);
      expect(layout.rows[2][2]?.formula).toContain(`C${checks.first + 2}:C${checks.last}`);
      expect(workings).toEqual({ first: checks.last + 2, last: checks.last + 1 + WORKINGS_HEIGHT });
      expect(layout.rows).toHaveLength(workings.last);
    }
  });
});

test("the scenarios written lower are the same section, every reference to its rows moved with it", () => {
  const comparison = compareScenarios(STAGE_VIEW, DEFAULT_STAGE_SCENARIOS) as StageScenarioComparison;
  const at4 = scenarioSection(4, DEFAULT_STAGE_SCENARIOS, comparison, nameOf);
  const at10 = scenarioSection(10, DEFAULT_STAGE_SCENARIOS, comparison, nameOf);
  const moved = (formula: string | null) =>
    formula?.replace(
      /(\$?[A-Z]{1,2}\$?)(\d+)/g,
      (_match, column: string, row: string) => `${column}${Number(row) + 6}`,
    ) ?? null;
  expect(formulas(at10.rows)).toEqual(formulas(at4.rows).map((row) => row.map(moved)));
  expect(at10.nameRow).toBe(at4.nameRow + 6);
  expect(at10.validations.map((v) => v.address)).toEqual(at4.validations.map((v) => moved(v.address)));
  expect(at10.names).toEqual(at4.names.map((name) => ({ ...name, address: moved(name.address) })));
});

test("the wrapping case wraps: every input's own ends take more than one row of notes", () => {
  const layout = unwrap(whatIfLayout(stateOf(TYPED_PLAN), "", { ranges: ALL_OWN }));
  const { first, last } = layout.sections.sensitivity;
  const notes = layout.rows.slice(first - 1, last).filter((row) => row.length === 1 && row[0]?.role === "note");
  const own = notes.findIndex((row) => String(row[0]?.value).startsWith("Typed as values of their own"));
  expect(own).toBeGreaterThanOrEqual(0);
  expect(String(notes[own][0]?.value).endsWith(".")).toBe(false);
});
