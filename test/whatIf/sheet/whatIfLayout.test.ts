/*
 * The what-if sheet's formulas evaluated by real spreadsheet engines (HyperFormula, IronCalc) with
 * the sheet's defined names, every cell against the model's value cached in it; issue 11's figures;
 * and a planner's edits (a scenario input, the base scenario, the moves, a low, a budget)
 * recalculated by HyperFormula to what the model gives for the edited inputs.
 */
import { unwrap } from "../../support/unwrap";
import { DetailedCellError, HyperFormula } from "hyperformula";
import { DEFAULT_STAGE_SCENARIOS, ScenarioState } from "../../../src/whatIf/model/scenarios";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { isProblem } from "../../../src/core/model/problems";
import { PLAN_FIELDS } from "../../../src/stages/model/planFields";
import { LayoutCell } from "../../../src/core/sheet/cell";
import { displayed } from "../../../src/core/sheet/formats";
import { absoluteReference, columnLetter } from "../../../src/core/excel/a1";
import { CachedValue } from "../../../src/core/sheet/cachedValues";
import {
  WHAT_IF_BASE_NAMES,
  WHAT_IF_SHEET_NAME,
  WhatIfLayout,
  whatIfLayout,
  WhatIfOptions,
} from "../../../src/whatIf/sheet/whatIfLayout";
import { excelText } from "../../../src/whatIf/sheet/targetFormulas";
import { ironcalcModel } from "../../support/ironcalc";

const SHEET = WHAT_IF_SHEET_NAME;

function layoutOf(state: ScenarioState<Plan> = DEFAULT_STAGE_SCENARIOS, suffix = "", options: WhatIfOptions = {}) {
  return unwrap(whatIfLayout(state, suffix, options));
}

/** Every formula cell: its address and cell. */
const formulaCells = (layout: WhatIfLayout) =>
  layout.rows.reduce<{ address: string; cell: LayoutCell }[]>(
    (all, row, r) =>
      all.concat(
        row
          .map((cell, c) => ({ address: `${columnLetter(c)}${r + 1}`, cell: cell! }))
          .filter(({ cell }) => cell?.formula !== undefined),
      ),
    [],
  );

/** The layout in HyperFormula: `at` reads a cell, `set` edits one (HyperFormula recalculates at once). */
function inHyperFormula(layout: WhatIfLayout) {
  const content = layout.rows.map((row) =>
    row.map((cell) => (cell === null ? null : cell.formula !== undefined ? `=${cell.formula}` : (cell.value ?? null))),
  );
  // Without smart rounding, HyperFormula gives its doubles as computed (it rounds to 10 digits by default).
  const hf = HyperFormula.buildEmpty({ licenseKey: "gpl-v3", smartRounding: false });
  hf.addSheet(SHEET);
  const sheet = hf.getSheetId(SHEET)!;
  for (const { name, address } of layout.names) hf.addNamedExpression(name, `=${absoluteReference(SHEET, address)}`);
  hf.setSheetContent(sheet, content as never);
  const where = (address: string) => hf.simpleCellAddressFromString(address, sheet)!;
  return {
    at: (address: string) => hf.getCellValue(where(address)),
    set: (address: string, value: number | string | null) => hf.setCellContents(where(address), [[value]]),
  };
}

/** An engine's value in the cached form: a number, a text, or { error }. */
function hfValue(value: unknown): CachedValue {
  if (value instanceof DetailedCellError) return { error: value.value };
  return value as CachedValue;
}

/** Whether an engine's value is the cached one: numbers within 1e-12 relative, texts and errors exactly. */
function same(actual: CachedValue | undefined, expected: CachedValue | undefined): boolean {
  if (typeof actual === "number" && typeof expected === "number") {
    return Math.abs(actual - expected) <= 1e-12 * Math.max(Math.abs(actual), Math.abs(expected));
  }
  // An empty text and an empty cell are the same blank to every formula here.
  if ((actual === "" || actual === null) && (expected === "" || expected === undefined)) return true;
  return JSON.stringify(actual) === JSON.stringify(expected);
}

/** The cells whose engine value differs from the cached one, as readable lines. */
function mismatches(layout: WhatIfLayout, read: (address: string) => CachedValue) {
  return formulaCells(layout).flatMap(({ address, cell }) => {
    const actual = read(address);
    return same(actual, cell.cached)
      ? []
      : [`${address} =${cell.formula}: ${JSON.stringify(actual)}, cached ${JSON.stringify(cell.cached)}`];
  });
}

/** The value of the cell in column `letter` of the row whose label (column A) is `label`, within rows first..last. */
function rowAddress(
  layout: WhatIfLayout,
  label: string,
  letter: string,
  section: keyof WhatIfLayout["sections"],
  occurrence = 0,
) {
  const { first, last } = layout.sections[section];
  const found = layout.rows
    .map((row, i) => (i + 1 >= first && i + 1 <= last && row[0]?.value === label ? i + 1 : 0))
    .filter((r) => r > 0);
  if (found.length <= occurrence) throw new Error(`No row "${label}" in ${section}`);
  return `${letter}${found[occurrence]}`;
}

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
  const crossoverAt = (label: string) =>
    [rowAddress(layout, label, "F", "sensitivity"), rowAddress(layout, label, "G", "sensitivity")].map(
      (address) => at(address) as number,
    );
  const close = (actual: number, expected: number) =>
    expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-12 * expected);

  test("training hours -20% / +20%: crossover 43,200,000 / 64,800,000", () => {
    const [low, high] = crossoverAt("Training run per retrain");
    close(low, 43_200_000);
    close(high, 64_800_000);
  });

  test("seconds per clip -20% / +20%: crossover 67,500,000 / 45,000,000", () => {
    const [low, high] = crossoverAt("Serving time per clip");
    close(low, 67_500_000);
    close(high, 45_000_000);
  });

  test("traffic -20% / +20% leaves the crossover at 54,000,000, and moves the scale total", () => {
    for (const label of ["Scale: clips per second", "Prototype: clips per interval", "Retrain interval"]) {
      const [low, high] = crossoverAt(label);
      close(low, 54_000_000);
      close(high, 54_000_000);
      expect(at(rowAddress(layout, label, "H", "sensitivity"))).toBe(0);
    }
    // 250 clips/s ±20% at 40 ms over 90 days: scale serving 17,280 to 25,920 h, a swing of 8,640 h.
    close(at(rowAddress(layout, "Scale: clips per second", "E", "sensitivity", 1)) as number, 8_640);
  });

  test("the rows are the model's order of the crossover's swing: seconds, training, the factors, then traffic", () => {
    const { first } = layout.sections.sensitivity;
    const labels = layout.rows.slice(first + 5, first + 12).map((row) => row[0]?.value);
    expect(labels).toEqual([
      "Serving time per clip",
      "Training run per retrain",
      "Training overhead: failed runs and sweeps",
      "Peak-to-mean provisioning for serving",
      "Retrain interval",
      "Prototype: clips per interval",
      "Scale: clips per second",
    ]);
    expect(layout.tornado.categories).toBe(`A${first + 6}:A${first + 12}`);
  });

  test("the scenarios: crossovers 43.2M / 54M / 72M; Conservative's -20%, Aggressive's +33.3% against Expected", () => {
    const crossover = (letter: string) => at(rowAddress(layout, "Crossover", letter, "scenarios")) as number;
    close(crossover("C"), 43.2e6);
    close(crossover("D"), 54e6);
    close(crossover("E"), 72e6);
    close(-crossover("F"), 10.8e6);
    expect(crossover("G")).toBe(0);
    close(-crossover("I"), 0.2);
    close(crossover("K"), 1 / 3);
  });

  test("the targets: 1.11 ms at scale for parity, launch not reachable while blank, 486,000,000 clips at 90%", () => {
    close(at(rowAddress(layout, "Scale: serving hours = training hours", "C", "targets")) as number, 1 / 900);
    close(at(rowAddress(layout, "Scale: total hours = the hours budget", "C", "targets")) as number, 0.02);
    close(at(rowAddress(layout, "Prototype: serving hours = training hours", "C", "targets")) as number, 432);
    expect(at(rowAddress(layout, "Launch: serving hours = training hours", "C", "targets"))).toMatch(
      /^Not reachable: Launch: clips per interval is blank/,
    );
    expect(at(rowAddress(layout, "Scale: cost = the money budget", "C", "targets"))).toBe(
      "Price per accelerator-hour is blank; enter a price to solve for a budget.",
    );
    close(at(rowAddress(layout, "Serving = the share above of the bill", "C", "targets")) as number, 486e6);
  });

  test("a price of 2 and a budget of 22,800: 20 ms a clip at scale", () => {
    const priced = {
      scenarios: [{ name: "Priced", inputs: { ...EXAMPLE_PLAN, pricePerHour: 2 } }],
      baseIndex: 0,
    };
    const withPrice = layoutOf(priced, "", { budget: 22_800 });
    const engine = inHyperFormula(withPrice);
    close(engine.at(rowAddress(withPrice, "Scale: cost = the money budget", "C", "targets")) as number, 0.02);
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

  const rowOfAddress = (address: string) => Number(/\d+$/.exec(address)![0]);
  /** Everything but the sensitivity table, whose row order is the one written (the model may re-sort). */
  const outsideSensitivity = (layout: WhatIfLayout) => (address: string) => {
    const r = rowOfAddress(address);
    return r < layout.sections.sensitivity.first || r > layout.sections.sensitivity.last;
  };

  test("Expected's training hours 600 -> 1,200: its outputs, the variances, sensitivity, targets all follow", () => {
    const edited = DEFAULT_STAGE_SCENARIOS.scenarios.map((s) => ({ name: s.name, inputs: { ...s.inputs } }));
    edited[1].inputs.trainingHours = 1200;
    const expected = layoutOf({ scenarios: edited, baseIndex: 1 });
    const changed = expectEdited(
      (layout, set) => set(`D${layout.scenarios.inputRows.trainingHours}`, 1200),
      expected,
      outsideSensitivity(expected),
    );
    // Every output of Expected, every variance column, the targets and the workings moved.
    const layout = layoutOf();
    for (const label of ["Crossover", "Total hours at Scale", "Training share at Scale"]) {
      for (const letter of ["D", "F", "H", "I", "K"]) {
        expect(changed).toContain(rowAddress(layout, label, letter, "scenarios"));
      }
      // Conservative's own figures do not depend on Expected's inputs.
      expect(changed).not.toContain(rowAddress(layout, label, "C", "scenarios"));
    }
    expect(changed).toContain(rowAddress(layout, "Scale: serving hours = training hours", "C", "targets"));
    // The sensitivity rows, by label: the crossover at low and high is 0.8 and 1.2 of 108,000,000.
    const engine = inHyperFormula(layout);
    engine.set(`D${layout.scenarios.inputRows.trainingHours}`, 1200);
    const crossover = [
      engine.at(rowAddress(layout, "Training run per retrain", "F", "sensitivity")),
      engine.at(rowAddress(layout, "Training run per retrain", "G", "sensitivity")),
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
    const shown = hfValue(engine.at(rowAddress(layout, "Crossover", "F", "scenarios")));
    expect(shown).toEqual({ error: "#N/A" });
  });

  test("the low move -20% -> -50%: every low and the swings follow, as the model computes them", () => {
    const expected = layoutOf(DEFAULT_STAGE_SCENARIOS, "", { lowFraction: -0.5 });
    // The order may differ; every sensitivity row is compared by its label.
    const layout = layoutOf();
    const engine = inHyperFormula(layout);
    engine.set(layout.names.find((n) => n.name === "WhatIfLowMove")!.address, -0.5);
    const labels = new Set(layout.rows.map((row) => row[0]?.value));
    let compared = 0;
    for (const field of PLAN_FIELDS) {
      if (!labels.has(field.label) || field.quantity === "text") continue;
      if (field.key === "launchClips" || field.key === "scaleClips" || field.key === "pricePerHour") continue;
      compared++;
      // Both tables: the crossover's (base, low, high, at low, at high, swing), then the other swings.
      for (const table of [0, 1]) {
        for (const letter of "CDEFGH") {
          const theirs = rowAddress(expected, field.label, letter, "sensitivity", table);
          const model = expected.rows[rowOfAddress(theirs) - 1][letter.charCodeAt(0) - 65]?.cached;
          if (model === undefined) continue;
          const mine = hfValue(engine.at(rowAddress(layout, field.label, letter, "sensitivity", table)));
          expect({ field: field.key, letter, same: same(mine, model) }).toEqual({
            field: field.key,
            letter,
            same: true,
          });
        }
      }
    }
    expect(compared).toBe(7);
  });

  test("a typed low (300 training hours) replaces the default's formula: the crossover at low is 27,000,000", () => {
    const layout = layoutOf();
    const engine = inHyperFormula(layout);
    engine.set(rowAddress(layout, "Training run per retrain", "D", "sensitivity"), 300);
    expect(engine.at(rowAddress(layout, "Training run per retrain", "F", "sensitivity"))).toBeCloseTo(27e6, 3);
    expect(engine.at(rowAddress(layout, "Training run per retrain", "H", "sensitivity"))).toBeCloseTo(37.8e6, 3);
  });

  test("a planner's own range (training hours 300 to 900) is written as typed values, and every cell agrees", () => {
    const ranges = { trainingHours: { low: 300, high: 900 } };
    const layout = layoutOf(DEFAULT_STAGE_SCENARIOS, "", { ranges });
    const low = rowAddress(layout, "Training run per retrain", "D", "sensitivity");
    const high = rowAddress(layout, "Training run per retrain", "E", "sensitivity");
    const cellAt = (address: string) => layout.rows[rowOfAddress(address) - 1][address.charCodeAt(0) - 65]!;
    expect([cellAt(low), cellAt(high)].map((cell) => [cell.value, cell.formula, cell.role])).toEqual([
      [300, undefined, "input"],
      [900, undefined, "input"],
    ]);
    // Other inputs still follow the moves.
    expect(cellAt(rowAddress(layout, "Serving time per clip", "D", "sensitivity")).formula).toMatch(/WhatIfLowMove/);
    expect(layout.rows.some((row) => /values of their own.*Training run per retrain/.test(String(row[0]?.value)))).toBe(
      true,
    );
    const engine = inHyperFormula(layout);
    expect(mismatches(layout, (address) => hfValue(engine.at(address)))).toEqual([]);
    // The crossover at 300 and 900 hours: 600 hours give 54,000,000.
    expect(engine.at(rowAddress(layout, "Training run per retrain", "F", "sensitivity"))).toBeCloseTo(27e6, 3);
    expect(engine.at(rowAddress(layout, "Training run per retrain", "G", "sensitivity"))).toBeCloseTo(81e6, 3);
    // A move no longer reaches the typed ends.
    engine.set(layout.names.find((n) => n.name === "WhatIfLowMove")!.address, -0.5);
    expect(engine.at(low)).toBe(300);
  });

  test("only the high of its own (training hours 900): the low still follows the move; every cell agrees", () => {
    const layout = layoutOf(DEFAULT_STAGE_SCENARIOS, "", { ranges: { trainingHours: { high: 900 } } });
    const low = rowAddress(layout, "Training run per retrain", "D", "sensitivity");
    const high = rowAddress(layout, "Training run per retrain", "E", "sensitivity");
    const cellAt = (address: string) => layout.rows[rowOfAddress(address) - 1][address.charCodeAt(0) - 65]!;
    expect(cellAt(low).formula).toMatch(/WhatIfLowMove/);
    expect(cellAt(high)).toMatchObject({ value: 900, role: "input" });
    expect(layout.rows.some((row) => /own.*Training run per retrain \(high\)/.test(String(row[0]?.value)))).toBe(true);
    const engine = inHyperFormula(layout);
    expect(mismatches(layout, (address) => hfValue(engine.at(address)))).toEqual([]);
    engine.set(layout.names.find((n) => n.name === "WhatIfLowMove")!.address, -0.5);
    expect(engine.at(low)).toBe(300);
    expect(engine.at(high)).toBe(900);
  });

  test("a range the field refuses gives its Problem, never a sheet", () => {
    const refused = whatIfLayout(DEFAULT_STAGE_SCENARIOS, "", { ranges: { trainingHours: { low: -5, high: 900 } } });
    expect(isProblem(refused) && refused.message).toMatch(/low value/);
  });

  test("a budget of 1,000 hours: every per-clip time within it follows", () => {
    const expected = layoutOf(DEFAULT_STAGE_SCENARIOS, "", { budgetHours: 1000 });
    expectEdited(
      (layout, set) => set(layout.names.find((n) => n.name === "WhatIfBudgetHours")!.address, 1000),
      expected,
    );
  });

  test("a typed launch traffic in the base scenario makes the launch targets reachable", () => {
    const edited = DEFAULT_STAGE_SCENARIOS.scenarios.map((s) => ({ name: s.name, inputs: { ...s.inputs } }));
    edited[1].inputs.launchClips = 1e8;
    const expected = layoutOf({ scenarios: edited, baseIndex: 1 });
    // The typed launch is varied in the model's sensitivity (it has a number now): the sheet as
    // written has no row for it, so only the scenarios and the targets are compared.
    const layout = layoutOf();
    const engine = inHyperFormula(layout);
    engine.set(`D${layout.scenarios.inputRows.launchClips}`, 1e8);
    // The scenarios come first, in the same rows; the targets follow a longer sensitivity table.
    const { first, last } = layout.sections.scenarios;
    for (const { address, cell } of formulaCells(expected)) {
      const r = rowOfAddress(address);
      if (r < first || r > last) continue;
      expect({ address, same: same(hfValue(engine.at(address)), cell.cached) }).toEqual({ address, same: true });
    }
    for (const label of layout.rows
      .slice(layout.sections.targets.first, layout.sections.targets.last)
      .map((row) => row[0]?.value)) {
      if (typeof label !== "string" || !/: |Serving =/.test(label)) continue;
      const model = expected.rows[rowOfAddress(rowAddress(expected, label, "C", "targets")) - 1][2]!.cached;
      const mine = hfValue(engine.at(rowAddress(layout, label, "C", "targets")));
      expect({ label, same: same(mine, model) }).toEqual({ label, same: true });
    }
    // 600 h × 3600 / 100,000,000 clips: 21.6 ms a clip.
    expect(engine.at(rowAddress(layout, "Launch: serving hours = training hours", "C", "targets"))).toBeCloseTo(
      0.0216,
      15,
    );
  });
});

describe("the sheet's shape", () => {
  test("names: the six controls, unique, suffixed as the stage sheet's for a second copy", () => {
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
    const functions = new Set(["IF", "INDEX", "MATCH", "ABS", "MAX"]);
    for (const { cell } of formulaCells(layout)) {
      const words = cell.formula!.replace(/"(?:[^"]|"")*"/g, "").replace(/\$?\b[A-Z]{1,2}\$?\d+\b/g, "");
      for (const word of words.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
        if (functions.has(word)) continue;
        expect(defined).toContain(word);
      }
    }
  });

  test("every number shows through a format the sheet's renderer knows; it prints on three landscape pages", () => {
    const layout = layoutOf();
    for (const row of layout.rows) {
      for (const cell of row) {
        const value = cell?.formula !== undefined ? cell.cached : cell?.value;
        if (typeof value === "number") expect(() => displayed(value, cell!.numberFormat ?? "General")).not.toThrow();
      }
    }
    expect(layout.page).toMatchObject({ orientation: "landscape", pages: 3 });
    // As wide as the scenarios with their changes (A:K), which the sensitivity's two tables fit within.
    expect(layout.page.printArea).toBe(`A1:K${layout.sections.targets.last}`);
    expect(layout.page.rowBreaks).toEqual([layout.sections.scenarios.last, layout.sections.sensitivity.last]);
    expect(layout.sections.workings.first).toBeGreaterThan(layout.sections.targets.last);
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
    layout.rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell?.role !== "input" || cell.numberFormat === "@") return;
        expect(validated).toContain(`${columnLetter(c)}${r + 1}`);
      }),
    );
    expect(layout.validations.find((v) => v.address === layout.scenarios.base)!.rule).toEqual({
      type: "list",
      source: "$C$8:$E$8",
    });
  });

  test("a bad state or a scenario the model refuses gives a Problem naming it, never a sheet", () => {
    const six = { scenarios: [1, 2, 3, 4, 5, 6].map((i) => ({ name: `S${i}`, inputs: EXAMPLE_PLAN })), baseIndex: 0 };
    expect(isProblem(whatIfLayout(six))).toBe(true);
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
    const model = ironcalcModel();
    model.renameSheet(0, SHEET);
    for (const { name, address } of layout.names) model.newDefinedName(name, null, absoluteReference(SHEET, address));
    layout.rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (!cell) return;
        const input = cell.formula !== undefined ? `=${cell.formula}` : cell.value;
        if (input === undefined) return;
        model.setUserInput(0, r + 1, c + 1, String(input));
        // 17 significant digits, so the text read back is the engine's double exactly.
        const area = { sheet: 0, row: r + 1, column: c + 1, width: 1, height: 1 };
        if (cell.formula !== undefined) model.updateRangeStyle(area, "num_fmt", "0.0000000000000000E+00");
      }),
    );
    model.evaluate();
    const read = (address: string): CachedValue => {
      const [, letter, row] = /^([A-Z]+)(\d+)$/.exec(address)!;
      const text = model.getFormattedCellValue(0, Number(row), letter.charCodeAt(0) - 64);
      if (text.startsWith("#")) return { error: text };
      return text !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
    };
    expect(mismatches(layout, read)).toEqual([]);
  }
});
