/*
 * The what-if sheet's formulas evaluated by real spreadsheet engines (HyperFormula, IronCalc) with
 * the sheet's defined names, every cell against the model's value cached in it; issue 11's figures;
 * and a planner's edits (a scenario input, the base scenario, the moves, a low, a budget)
 * recalculated by HyperFormula to what the model gives for the edited inputs.
 */
import { unwrap } from "../../support/unwrap";
import { DEFAULT_STAGE_SCENARIOS, MAX_SCENARIOS, ScenarioState } from "../../../src/whatIf/model/scenarios";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { isProblem } from "../../../src/core/model/problems";
import { PLAN_FIELDS, planField } from "../../../src/stages/model/planFields";
import { STAGE_OUTPUTS, STAGE_VIEW, StageOutputKey } from "../../../src/stages/model/stagesWhatIf";
import { sensitivity } from "../../../src/sensitivity/model/sensitivity";
import { displayed } from "../../../src/core/sheet/formats";
import { columnLetter, rowOf } from "../../../src/core/excel/a1";
import {
  WHAT_IF_BASE_NAMES,
  WHAT_IF_SHEET_NAME,
  WhatIfLayout,
  whatIfLayout,
  WhatIfOptions,
} from "../../../src/whatIf/sheet/whatIfLayout";
import { excelText } from "../../../src/whatIf/sheet/targetFormulas";
import {
  cellAt,
  columnIndex,
  formulaCells,
  headingColumn,
  labelRow,
  namedAddress,
  placedCells,
} from "../../support/layoutCells";
import {
  cachedMismatches as mismatches,
  hyperFormulaValue as hfValue,
  layoutInHyperFormula,
  layoutInIronCalc,
  sameAsCached as same,
} from "../../support/layoutEngines";

const SHEET = WHAT_IF_SHEET_NAME;

function layoutOf(state: ScenarioState<Plan> = DEFAULT_STAGE_SCENARIOS, suffix = "", options: WhatIfOptions = {}) {
  return unwrap(whatIfLayout(state, suffix, options));
}

/** The layout in HyperFormula, its doubles as computed: `at` reads a cell, `set` edits one. */
const inHyperFormula = (layout: WhatIfLayout) => layoutInHyperFormula(layout, SHEET);

/** A field's label and an output's, as the sheet's rows are labelled (PLAN_FIELDS', STAGE_OUTPUTS'). */
const fieldLabel = (key: keyof Plan) => planField(key).label;
const outputLabel = (key: StageOutputKey) => STAGE_OUTPUTS.find((output) => output.key === key)!.label;

/** The row labelled `label` (column A) in a section; occurrence 1 the second table's row there. */
const rowIn = (layout: WhatIfLayout, label: string, section: keyof WhatIfLayout["sections"], occurrence = 0) =>
  labelRow(layout, label, layout.sections[section], occurrence);

/** The scenarios' columns: scenario `i`'s, or its change against the base, absolute or %. */
function scenarioColumn(layout: WhatIfLayout, i: number, what: "value" | "change" | "change %" = "value"): string {
  if (what === "value") return layout.scenarios.columns[i];
  const group = what === "change" ? "Change against the base" : "Change against the base, %";
  return columnLetter(columnIndex(headingColumn(layout, layout.scenarios.nameRow - 1, group)) + i);
}

/** The cell of row `label` of the scenarios, in scenario `i`'s column (or its change). */
const scenarioCell = (layout: WhatIfLayout, label: string, i: number, what?: "value" | "change" | "change %") =>
  `${scenarioColumn(layout, i, what)}${rowIn(layout, label, "scenarios")}`;

/** Input `key`'s cell in the sensitivity's first table, under `heading`: Base, Low, High, At low, At high, Swing. */
const swingCell = (layout: WhatIfLayout, key: keyof Plan, heading: string) =>
  `${headingColumn(layout, rowOf(layout.tornado.low.name), heading)}${rowIn(layout, fieldLabel(key), "sensitivity")}`;

/** Input `key`'s cell in the other outputs' table: under its group's heading (`group`), then its stage's. */
function otherSwingCell(layout: WhatIfLayout, key: keyof Plan, group: string, stage: string): string {
  const header = rowIn(layout, "Input, in the order above", "sensitivity");
  const from = columnIndex(headingColumn(layout, header - 1, group));
  return `${headingColumn(layout, header, stage, from)}${rowIn(layout, fieldLabel(key), "sensitivity", 1)}`;
}

/** The answer of the target `label`: the column under "Answer". */
const targetCell = (layout: WhatIfLayout, label: string) =>
  `${headingColumn(layout, rowIn(layout, "Target", "targets"), "Answer")}${rowIn(layout, label, "targets")}`;

const PRICED: ScenarioState<Plan> = {
  scenarios: [
    { name: "Low", inputs: { ...EXAMPLE_PLAN, clipsPerSecond: 100, pricePerHour: 2, currency: "USD" } },
    {
      name: "Typed",
      inputs: { ...EXAMPLE_PLAN, launchClips: 1e8, scaleClips: 3e9, peakToMean: 2, pricePerHour: 2, currency: "USD" },
    },
    { name: "Heavy", inputs: { ...EXAMPLE_PLAN, trainingOverhead: 3, pricePerHour: 2.5, currency: "USD" } },
  ],
  baseIndex: 1,
};

/** States whose sheets hold every kind of cached value: numbers, texts, "Not reachable" and errors. */
const STATES: Record<string, ScenarioState<Plan>> = {
  "the defaults": DEFAULT_STAGE_SCENARIOS,
  "typed stage traffic and prices": PRICED,
  "a base with no training (0 hours: #DIV/0! in % changes, not reachable targets)": {
    scenarios: [
      { name: "None", inputs: { ...EXAMPLE_PLAN, trainingHours: 0, launchClips: 1e6 } },
      { name: "Some", inputs: EXAMPLE_PLAN },
    ],
    baseIndex: 0,
  },
  "no prototype traffic, one scenario": {
    scenarios: [{ name: "Only", inputs: { ...EXAMPLE_PLAN, prototypeClips: 0, launchClips: 0, pricePerHour: 0 } }],
    baseIndex: 0,
  },
  "five scenarios, the last the base": {
    scenarios: [1, 2, 3, 4, 5].map((i) => ({
      name: `S${i}`,
      inputs: { ...EXAMPLE_PLAN, clipsPerSecond: 100 * i, secondsPerClip: 0.01 * i, trainingOverhead: 1 + i / 10 },
    })),
    baseIndex: 4,
  },
};

describe("HyperFormula recalculates every formula cell to the model's value cached in it", () => {
  test.each(Object.entries(STATES))("%s", (_, state) => {
    for (const chartNote of [false, true]) {
      const layout = layoutOf(state, "", { chartNote });
      const { at } = inHyperFormula(layout);
      expect(mismatches(layout, (address) => hfValue(at(address)))).toEqual([]);
    }
  });

  test("the targets' inputs: a budget the training alone spends, a share of 1, a price of 2", () => {
    const priced = { scenarios: PRICED.scenarios, baseIndex: 2 };
    for (const options of [
      { budgetHours: 500, budget: 100, servingShare: 1 },
      { budgetHours: 1e6, budget: 22_800, servingShare: 0 },
      { budgetHours: 0, budget: 0, servingShare: 0.5 },
    ]) {
      const layout = layoutOf(priced, "", options);
      const { at } = inHyperFormula(layout);
      expect(mismatches(layout, (address) => hfValue(at(address)))).toEqual([]);
    }
  });
});

describe("issue 11's figures, as HyperFormula computes them from the sheet", () => {
  const layout = layoutOf();
  const { at } = inHyperFormula(layout);
  const crossoverAt = (key: keyof Plan) =>
    ["At low", "At high"].map((heading) => at(swingCell(layout, key, heading)) as number);
  const close = (actual: number, expected: number) =>
    expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-12 * expected);

  test("training hours -20% / +20%: crossover 43,200,000 / 64,800,000", () => {
    const [low, high] = crossoverAt("trainingHours");
    close(low, 43_200_000);
    close(high, 64_800_000);
  });

  test("seconds per clip -20% / +20%: crossover 67,500,000 / 45,000,000", () => {
    const [low, high] = crossoverAt("secondsPerClip");
    close(low, 67_500_000);
    close(high, 45_000_000);
  });

  test("traffic -20% / +20% leaves the crossover at 54,000,000, and moves the scale total", () => {
    for (const key of ["clipsPerSecond", "prototypeClips", "intervalDays"] as const) {
      const [low, high] = crossoverAt(key);
      close(low, 54_000_000);
      close(high, 54_000_000);
      expect(at(swingCell(layout, key, "Swing"))).toBe(0);
    }
    // 250 clips/s ±20% at 40 ms over 90 days: scale serving 17,280 to 25,920 h, a swing of 8,640 h.
    close(at(otherSwingCell(layout, "clipsPerSecond", "Swing of total hours", "Scale")) as number, 8_640);
  });

  test("the rows are the model's order of the crossover's swing: seconds, training, the factors, then traffic", () => {
    // The order itself is issue 11's, held in test/sensitivity/model/sensitivity.test.ts.
    const base = DEFAULT_STAGE_SCENARIOS.scenarios[DEFAULT_STAGE_SCENARIOS.baseIndex].inputs;
    const model = unwrap(sensitivity(STAGE_VIEW, base)).outputs.find((o) => o.output.key === "crossoverClips")!;
    const header = rowOf(layout.tornado.low.name);
    const labels = layout.rows.slice(header, header + model.rows.length).map((row) => row[0]?.value);
    expect(labels).toEqual(model.rows.map((row) => row.label));
    expect(layout.tornado.categories).toBe(`A${header + 1}:A${header + model.rows.length}`);
  });

  test("the scenarios: crossovers 43.2M / 54M / 72M; Conservative's -20%, Aggressive's +33.3% against Expected", () => {
    const crossover = (i: number, what?: "value" | "change" | "change %") =>
      at(scenarioCell(layout, outputLabel("crossoverClips"), i, what)) as number;
    close(crossover(0), 43.2e6);
    close(crossover(1), 54e6);
    close(crossover(2), 72e6);
    close(-crossover(0, "change"), 10.8e6);
    expect(crossover(1, "change")).toBe(0);
    close(-crossover(0, "change %"), 0.2);
    close(crossover(2, "change %"), 1 / 3);
  });

  test("the targets: 1.11 ms at scale for parity, launch not reachable while blank, 486,000,000 clips at 90%", () => {
    close(at(targetCell(layout, "Scale: serving hours = training hours")) as number, 1 / 900);
    close(at(targetCell(layout, "Scale: total hours = the hours budget")) as number, 0.02);
    close(at(targetCell(layout, "Prototype: serving hours = training hours")) as number, 432);
    expect(at(targetCell(layout, "Launch: serving hours = training hours"))).toMatch(
      /^Not reachable: Launch: clips per interval is blank/,
    );
    expect(at(targetCell(layout, "Scale: cost = the money budget"))).toBe(
      "Price per accelerator-hour is blank; enter a price to solve for a budget.",
    );
    close(at(targetCell(layout, "Serving = the share above of the bill")) as number, 486e6);
  });

  test("a price of 2 and a budget of 22,800: 20 ms a clip at scale", () => {
    const priced = {
      scenarios: [{ name: "Priced", inputs: { ...EXAMPLE_PLAN, pricePerHour: 2 } }],
      baseIndex: 0,
    };
    const withPrice = layoutOf(priced, "", { budget: 22_800 });
    const engine = inHyperFormula(withPrice);
    close(engine.at(targetCell(withPrice, "Scale: cost = the money budget")) as number, 0.02);
  });
});

describe("the money budget: a formula over the named inputs where priced, 'no price' where not (issue 19)", () => {
  const close = (actual: number, expected: number) =>
    expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * expected);
  const budgetCell = (layout: WhatIfLayout) => namedAddress(layout, "WhatIfBudget").replace(/\$/g, "");
  const priced = (price: number) => ({
    scenarios: [{ name: "Priced", inputs: { ...EXAMPLE_PLAN, pricePerHour: price, currency: "USD" } }],
    baseIndex: 0,
  });

  test("with no price the sheet invents no money: the cell says 'no price', and is no typed constant", () => {
    const layout = layoutOf();
    const cell = cellAt(layout, budgetCell(layout))!;
    expect(cell.formula).toBeDefined();
    expect(cell.cached).toBe("no price");
    expect(inHyperFormula(layout).at(budgetCell(layout))).toBe("no price");
  });

  test("with a price of 2 it is the hours budget at that price, 22,800, and follows either", () => {
    const layout = layoutOf(priced(2));
    const cell = cellAt(layout, budgetCell(layout))!;
    expect(cell.formula).toMatch(/WhatIfBudgetHours/);
    expect(cell.cached).toBe(22_800);
    expect(displayed(22_800, cell.numberFormat!)).toBe("22,800.00 USD");
    const { at, set } = inHyperFormula(layout);
    close(at(budgetCell(layout)) as number, 22_800);
    close(at(targetCell(layout, "Scale: cost = the money budget")) as number, 0.02);
    set(namedAddress(layout, "WhatIfBudgetHours").replace(/\$/g, ""), 1_000);
    close(at(budgetCell(layout)) as number, 2_000);
    set(`${layout.scenarios.columns[0]}${layout.scenarios.inputRows.pricePerHour}`, 3);
    close(at(budgetCell(layout)) as number, 3_000);
  });

  /** The blue cell of the money budget: the row above the budget used, which carries the name. */
  const budgetInput = (layout: WhatIfLayout) => {
    const used = budgetCell(layout);
    return `${used.replace(/\d+$/, "")}${rowOf(used) - 1}`;
  };

  test("a budget the planner typed is written as typed, a blue input; the budget used reads it", () => {
    const layout = layoutOf(priced(2), "", { budget: 5_000 });
    expect(cellAt(layout, budgetInput(layout))).toMatchObject({ value: 5_000, role: "input" });
    expect(cellAt(layout, budgetInput(layout))!.formula).toBeUndefined();
    expect(cellAt(layout, budgetCell(layout))!.cached).toBe(5_000);
    // Emptied, the budget is the hours budget at the price again; the answers follow.
    const { at, set } = inHyperFormula(layout);
    set(budgetInput(layout), null);
    close(at(budgetCell(layout)) as number, 22_800);
    close(at(targetCell(layout, "Scale: cost = the money budget")) as number, 0.02);
  });

  test("left blank, the money budget's blue cell is empty, never the formula of its default", () => {
    const layout = layoutOf(priced(2));
    expect(cellAt(layout, budgetInput(layout))).toEqual({ numberFormat: expect.any(String), role: "input" });
    expect(cellAt(layout, `A${rowOf(budgetInput(layout))}`)!.value).toBe("Budget in money");
  });
});

describe("a planner's edits, recalculated by HyperFormula to the model's figures for the edited inputs", () => {
  /** After `edit` in the engine, every cell equals the layout of `expected` (the same shape), cell by cell. */
  function expectEdited(
    edit: (layout: WhatIfLayout, set: (address: string, value: number | string | null) => void) => void,
    expected: WhatIfLayout,
    compare: (address: string) => boolean = () => true,
  ) {
    const layout = layoutOf();
    const engine = inHyperFormula(layout);
    edit(layout, engine.set);
    const before = inHyperFormula(layout);
    const changed = formulaCells(layout).filter(
      ({ address }) => !same(hfValue(engine.at(address)), hfValue(before.at(address))),
    );
    expect(changed.length).toBeGreaterThan(0);
    const wrong = formulaCells(expected).flatMap(({ address, cell }) => {
      if (!compare(address)) return [];
      const actual = hfValue(engine.at(address));
      return same(actual, cell.cached)
        ? []
        : [`${address}: ${JSON.stringify(actual)}, model ${JSON.stringify(cell.cached)}`];
    });
    expect(wrong).toEqual([]);
    return changed.map((c) => c.address);
  }

  /** Everything but the sensitivity table, whose row order is the one written (the model may re-sort). */
  const outsideSensitivity = (layout: WhatIfLayout) => (address: string) => {
    const r = rowOf(address);
    return r < layout.sections.sensitivity.first || r > layout.sections.sensitivity.last;
  };

  test("Expected's training hours 600 -> 1,200: its outputs, the variances, sensitivity, targets all follow", () => {
    const edited = DEFAULT_STAGE_SCENARIOS.scenarios.map((s) => ({ name: s.name, inputs: { ...s.inputs } }));
    edited[1].inputs.trainingHours = 1200;
    const expected = layoutOf({ scenarios: edited, baseIndex: 1 });
    /** Expected's cell of an input: the second scenario's column. */
    const expectedInput = (layout: WhatIfLayout, key: keyof Plan) =>
      `${scenarioColumn(layout, 1)}${layout.scenarios.inputRows[key]}`;
    const changed = expectEdited(
      (layout, set) => set(expectedInput(layout, "trainingHours"), 1200),
      expected,
      outsideSensitivity(expected),
    );
    // Every output of Expected, every variance column, the targets and the workings moved.
    const layout = layoutOf();
    for (const key of ["crossoverClips", "totalHoursScale", "trainingShareScale"] as const) {
      const label = outputLabel(key);
      // Expected's own; the changes of Conservative and Aggressive against it, absolute and %.
      const moved = [scenarioCell(layout, label, 1)];
      for (const i of [0, 2])
        moved.push(scenarioCell(layout, label, i, "change"), scenarioCell(layout, label, i, "change %"));
      for (const address of moved) expect(changed).toContain(address);
      // Conservative's own figures do not depend on Expected's inputs.
      expect(changed).not.toContain(scenarioCell(layout, label, 0));
    }
    expect(changed).toContain(targetCell(layout, "Scale: serving hours = training hours"));
    // The sensitivity rows, by label: the crossover at low and high is 0.8 and 1.2 of 108,000,000.
    const engine = inHyperFormula(layout);
    engine.set(expectedInput(layout, "trainingHours"), 1200);
    const crossover = [
      engine.at(swingCell(layout, "trainingHours", "At low")),
      engine.at(swingCell(layout, "trainingHours", "At high")),
    ] as number[];
    expect(crossover.map((x) => Math.round(x))).toEqual([86_400_000, 129_600_000]);
  });

  test("the base scenario Expected -> Aggressive: the sheet becomes the one written with that base", () => {
    const expected = layoutOf({ ...DEFAULT_STAGE_SCENARIOS, baseIndex: 2 });
    expectEdited((layout, set) => set(layout.scenarios.base, "Aggressive"), expected, outsideSensitivity(expected));
  });

  test("a base name that is no scenario's gives #N/A in every change, not a number", () => {
    const layout = layoutOf();
    const engine = inHyperFormula(layout);
    engine.set(layout.scenarios.base, "Nobody");
    const shown = hfValue(engine.at(scenarioCell(layout, outputLabel("crossoverClips"), 0, "change")));
    expect(shown).toEqual({ error: "#N/A" });
  });

  test("the low move -20% -> -50%: every low and the swings follow, as the model computes them", () => {
    const expected = layoutOf(DEFAULT_STAGE_SCENARIOS, "", { lowFraction: -0.5 });
    // The order may differ; every sensitivity row is compared by its label.
    const layout = layoutOf();
    const engine = inHyperFormula(layout);
    engine.set(namedAddress(layout, "WhatIfLowMove"), -0.5);
    // The inputs the base scenario varies (the blank launch, scale and price are not).
    const base = DEFAULT_STAGE_SCENARIOS.scenarios[DEFAULT_STAGE_SCENARIOS.baseIndex].inputs;
    const varied = unwrap(sensitivity(STAGE_VIEW, base)).varied;
    let compared = 0;
    for (const field of PLAN_FIELDS) {
      if (!varied.some((input) => input.key === field.key)) continue;
      compared++;
      // Both tables: the crossover's (base, low, high, at low, at high, swing), then the other swings:
      // every figure right of the label and unit columns.
      for (const table of [0, 1]) {
        const theirs = rowIn(expected, field.label, "sensitivity", table);
        const mine = rowIn(layout, field.label, "sensitivity", table);
        expected.rows[theirs - 1].forEach((cell, c) => {
          if (c < 2 || cell?.cached === undefined) return;
          const letter = columnLetter(c);
          const value = hfValue(engine.at(`${letter}${mine}`));
          expect({ field: field.key, letter, same: same(value, cell.cached) }).toEqual({
            field: field.key,
            letter,
            same: true,
          });
        });
      }
    }
    expect(compared).toBe(varied.length);
  });

  test("a typed low (300 training hours) replaces the moved default: the crossover at low is 27,000,000", () => {
    const layout = layoutOf();
    const engine = inHyperFormula(layout);
    const own = swingCell(layout, "trainingHours", "Your low");
    expect(cellAt(layout, own)).toEqual({ numberFormat: expect.any(String), role: "input" });
    engine.set(own, 300);
    expect(engine.at(swingCell(layout, "trainingHours", "Low"))).toBe(300);
    expect(engine.at(swingCell(layout, "trainingHours", "At low"))).toBeCloseTo(27e6, 3);
    expect(engine.at(swingCell(layout, "trainingHours", "Swing"))).toBeCloseTo(37.8e6, 3);
    // Emptied again, the low follows the move: 600 h less 20%.
    engine.set(own, null);
    expect(engine.at(swingCell(layout, "trainingHours", "Low"))).toBeCloseTo(480, 9);
  });

  test("a planner's own range (training hours 300 to 900) is written as typed values, and every cell agrees", () => {
    const ranges = { trainingHours: { low: 300, high: 900 } };
    const layout = layoutOf(DEFAULT_STAGE_SCENARIOS, "", { ranges });
    const low = swingCell(layout, "trainingHours", "Low");
    const high = swingCell(layout, "trainingHours", "High");
    const [ownLow, ownHigh] = ["Your low", "Your high"].map((h) =>
      cellAt(layout, swingCell(layout, "trainingHours", h))!,
    );
    expect([ownLow, ownHigh].map((cell) => [cell.value, cell.formula, cell.role])).toEqual([
      [300, undefined, "input"],
      [900, undefined, "input"],
    ]);
    expect([cellAt(layout, low)!.cached, cellAt(layout, high)!.cached]).toEqual([300, 900]);
    // Other inputs still follow the moves.
    expect(cellAt(layout, swingCell(layout, "secondsPerClip", "Low"))!.formula).toMatch(/WhatIfLowMove/);
    expect(layout.rows.some((row) => /values of their own.*Training run per retrain/.test(String(row[0]?.value)))).toBe(
      true,
    );
    const engine = inHyperFormula(layout);
    expect(mismatches(layout, (address) => hfValue(engine.at(address)))).toEqual([]);
    // The crossover at 300 and 900 hours: 600 hours give 54,000,000.
    expect(engine.at(swingCell(layout, "trainingHours", "At low"))).toBeCloseTo(27e6, 3);
    expect(engine.at(swingCell(layout, "trainingHours", "At high"))).toBeCloseTo(81e6, 3);
    // A move no longer reaches the typed ends.
    engine.set(namedAddress(layout, "WhatIfLowMove"), -0.5);
    expect(engine.at(low)).toBe(300);
  });

  test("only the high of its own (training hours 900): the low still follows the move; every cell agrees", () => {
    const layout = layoutOf(DEFAULT_STAGE_SCENARIOS, "", { ranges: { trainingHours: { high: 900 } } });
    const low = swingCell(layout, "trainingHours", "Low");
    const high = swingCell(layout, "trainingHours", "High");
    expect(cellAt(layout, low)!.formula).toMatch(/WhatIfLowMove/);
    expect(cellAt(layout, swingCell(layout, "trainingHours", "Your high"))).toMatchObject({
      value: 900,
      role: "input",
    });
    expect(cellAt(layout, swingCell(layout, "trainingHours", "Your low"))).toEqual({
      numberFormat: expect.any(String),
      role: "input",
    });
    expect(layout.rows.some((row) => /own.*Training run per retrain \(high\)/.test(String(row[0]?.value)))).toBe(true);
    const engine = inHyperFormula(layout);
    expect(mismatches(layout, (address) => hfValue(engine.at(address)))).toEqual([]);
    engine.set(namedAddress(layout, "WhatIfLowMove"), -0.5);
    expect(engine.at(low)).toBe(300);
    expect(engine.at(high)).toBe(900);
  });

  test("a range the field refuses gives its Problem, never a sheet", () => {
    const refused = whatIfLayout(DEFAULT_STAGE_SCENARIOS, "", { ranges: { trainingHours: { low: -5, high: 900 } } });
    expect(isProblem(refused) && refused.message).toMatch(/low value/);
  });

  test("a budget of 1,000 hours: every per-clip time within it follows", () => {
    const expected = layoutOf(DEFAULT_STAGE_SCENARIOS, "", { budgetHours: 1000 });
    expectEdited((layout, set) => set(namedAddress(layout, "WhatIfBudgetHours"), 1000), expected);
  });

  test("a typed launch traffic in the base scenario makes the launch targets reachable", () => {
    const edited = DEFAULT_STAGE_SCENARIOS.scenarios.map((s) => ({ name: s.name, inputs: { ...s.inputs } }));
    edited[1].inputs.launchClips = 1e8;
    const expected = layoutOf({ scenarios: edited, baseIndex: 1 });
    // The typed launch is varied in the model's sensitivity (it has a number now): the sheet as
    // written has no row for it, so only the scenarios and the targets are compared.
    const layout = layoutOf();
    const engine = inHyperFormula(layout);
    engine.set(`${scenarioColumn(layout, 1)}${layout.scenarios.inputRows.launchClips}`, 1e8);
    // The scenarios come first, in the same rows; the targets follow a longer sensitivity table.
    const { first, last } = layout.sections.scenarios;
    for (const { address, cell } of formulaCells(expected)) {
      const r = rowOf(address);
      if (r < first || r > last) continue;
      expect({ address, same: same(hfValue(engine.at(address)), cell.cached) }).toEqual({ address, same: true });
    }
    for (const label of layout.rows
      .slice(layout.sections.targets.first, layout.sections.targets.last)
      .map((row) => row[0]?.value)) {
      if (typeof label !== "string" || !/: |Serving =/.test(label)) continue;
      const model = cellAt(expected, targetCell(expected, label))!.cached;
      const mine = hfValue(engine.at(targetCell(layout, label)));
      expect({ label, same: same(mine, model) }).toEqual({ label, same: true });
    }
    // 600 h × 3600 / 100,000,000 clips: 21.6 ms a clip.
    expect(engine.at(targetCell(layout, "Launch: serving hours = training hours"))).toBeCloseTo(0.0216, 15);
  });
});

describe("the sheet's shape", () => {
  test("names: the named controls, unique, suffixed as the stage sheet's for a second copy", () => {
    expect(layoutOf().names.map((n) => n.name)).toEqual(WHAT_IF_BASE_NAMES);
    const second = layoutOf(DEFAULT_STAGE_SCENARIOS, "_2");
    expect(second.names.map((n) => n.name)).toEqual(WHAT_IF_BASE_NAMES.map((n) => `${n}_2`));
    for (const { formula } of formulaCells(second).map((f) => f.cell)) {
      for (const word of formula!.replace(/"(?:[^"]|"")*"/g, "").match(/WhatIf[A-Za-z]+(_\d+)?/g) ?? []) {
        expect(word).toMatch(/_2$/);
      }
    }
  });

  test("every formula refers only to cells, the layout's names and Excel 2016's functions", () => {
    const layout = layoutOf(PRICED);
    const defined = new Set(layout.names.map((n) => n.name));
    // The checks' flags and the master check add SUM, ISNUMBER, IFERROR and MATCH, each in Excel 2007's set.
    const functions = new Set(["IF", "ISBLANK", "ISTEXT", "OR", "INDEX", "NA", "ABS", "MAX"]);
    for (const name of ["SUM", "ISNUMBER", "IFERROR", "MATCH"]) functions.add(name);
    for (const { cell } of formulaCells(layout)) {
      const words = cell.formula!.replace(/"(?:[^"]|"")*"/g, "").replace(/\$?\b[A-Z]{1,2}\$?\d+\b/g, "");
      for (const word of words.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
        if (functions.has(word)) continue;
        expect(defined).toContain(word);
      }
    }
  });

  test("every number shows through a format the sheet's renderer knows; it prints on four landscape pages", () => {
    const layout = layoutOf();
    for (const row of layout.rows) {
      for (const cell of row) {
        const value = cell?.formula !== undefined ? cell.cached : cell?.value;
        if (typeof value === "number") expect(() => displayed(value, cell!.numberFormat ?? "General")).not.toThrow();
      }
    }
    expect(layout.page).toMatchObject({ orientation: "landscape", pages: 4 });
    // As wide as the scenarios with their changes (to the last one's %), which the sensitivity's two tables fit within.
    const widest = scenarioColumn(layout, layout.scenarios.columns.length - 1, "change %");
    // The checks print after the targets, on a page of their own; the workings below them do not print.
    expect(layout.page.printArea).toBe(`A1:${widest}${layout.sections.checks.last}`);
    expect(
      Math.max(...layout.rows.slice(0, layout.sections.targets.last).map((row) => row.length)),
    ).toBeLessThanOrEqual(columnIndex(widest) + 1);
    // The label and unit columns stay on screen: every column left of the first scenario's.
    expect(layout.page.frozenColumns).toBe(columnIndex(layout.scenarios.columns[0]));
    const { scenarios, sensitivity: swings, targets, checks } = layout.sections;
    expect(layout.page.rowBreaks).toEqual([scenarios.last, swings.last, targets.last]);
    expect(layout.sections.workings.first).toBeGreaterThan(checks.last);
  });

  test("the tornado: inputs, low and high ranges of the sensitivity table, crossing at the base crossover", () => {
    const excel = layoutOf();
    const file = layoutOf(DEFAULT_STAGE_SCENARIOS, "", { chartNote: true });
    expect(excel.tornado).toMatchObject({ output: "crossoverClips", base: { value: 54e6 } });
    expect(excel.tornado.from).toBeDefined();
    expect(file.tornado.from).toBeUndefined();
    const notes = file.rows.map((row) => row[0]?.value).filter((v) => typeof v === "string" && v.includes("No chart"));
    expect(notes).toHaveLength(1);
  });

  test("validation on every blue cell: the scenario inputs, the base (a list), the moves, the lows and highs", () => {
    const layout = layoutOf();
    const validated = new Set(layout.validations.map((v) => v.address));
    for (const { address, cell } of placedCells(layout)) {
      if (cell.role === "input" && cell.numberFormat !== "@") expect(validated).toContain(address);
    }
    const { columns, nameRow } = layout.scenarios;
    expect(layout.validations.find((v) => v.address === layout.scenarios.base)!.rule).toEqual({
      type: "list",
      source: `$${columns[0]}$${nameRow}:$${columns[columns.length - 1]}$${nameRow}`,
    });
  });

  test("a bad state or a scenario the model refuses gives a Problem naming it, never a sheet", () => {
    const tooMany = Array.from({ length: MAX_SCENARIOS + 1 }, (_, i) => ({ name: `S${i}`, inputs: EXAMPLE_PLAN }));
    expect(isProblem(whatIfLayout({ scenarios: tooMany, baseIndex: 0 }))).toBe(true);
    const bad = whatIfLayout({
      scenarios: [{ name: "Bad", inputs: { ...EXAMPLE_PLAN, trainingHours: -1 } }],
      baseIndex: 0,
    });
    expect(isProblem(bad) && bad.message).toMatch(/^"Bad": /);
    expect(isProblem(whatIfLayout(DEFAULT_STAGE_SCENARIOS, "", { servingShare: 2 }))).toBe(true);
  });

  test("a text constant longer than Excel's 255 characters is joined from parts", () => {
    expect(excelText('a"b')).toBe('"a""b"');
    expect(excelText("x".repeat(300))).toBe(`"${"x".repeat(255)}"&"${"x".repeat(45)}"`);
  });
});

test("IronCalc recalculates every formula cell to the model's value cached in it", () => {
  for (const state of [DEFAULT_STAGE_SCENARIOS, PRICED]) {
    const layout = layoutOf(state);
    expect(mismatches(layout, layoutInIronCalc(layout, SHEET))).toEqual([]);
  }
});
