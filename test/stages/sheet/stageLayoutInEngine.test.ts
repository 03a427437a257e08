/*
 * The generated worksheet's formulas, evaluated by a real spreadsheet engine (HyperFormula)
 * with the sheet's defined names, cell by cell against the model.
 */
import fc from "fast-check";
import { DetailedCellError } from "hyperformula";
import { EXAMPLE_PLAN, Plan, stageInputsOf } from "../../../src/stages/model/plan";
import { isProblem } from "../../../src/core/model/problems";
import { expectClose, expectSheetMatchesModel, stageTableAddress, stageTableOf } from "../../support/stageModel";
import { sheetLayout, SheetLayout } from "../../../src/stages/sheet/stageLayout";
import { STAGE_COLUMNS, StageColumnKey } from "../../../src/stages/sheet/stageColumns";
import { stageTable } from "../../../src/stages/model/stages";
import { formulaCells } from "../../support/layoutCells";
import { cachedMismatches, layoutInHyperFormula, layoutInIronCalc } from "../../support/layoutEngines";
import { stagePlan } from "../../support/planArbitraries";

const SHEET = "Cost stages";

/** The layout in HyperFormula at its default rounding, as Excel: numbers as text of 15 significant digits at most. */
const evaluate = (layout: SheetLayout) => layoutInHyperFormula(layout, SHEET, { smartRounding: true }).at;

const close = (actual: unknown, expected: number) => expectClose(actual, expected, 1e-9);

/** Every cell of the stage table against the model, evaluated by HyperFormula. */
function expectTableMatchesModel(layout: SheetLayout, plan: Plan) {
  const at = evaluate(layout);
  // HyperFormula's ROUND with negative digits leaves float noise (ROUND(3240412, -4) is
  // 3240000.0000000005 there, exact in Excel and LibreOffice): figures compare within 1e-9.
  expectSheetMatchesModel(layout, plan, at, { relative: 1e-9 });
  return at;
}

test("the worked example: crossover 54,000,000, scale 21,600 serving hours, serving 36x, training 2.7%", () => {
  const layout = sheetLayout(EXAMPLE_PLAN);
  const at = expectTableMatchesModel(layout, EXAMPLE_PLAN);
  const scale = (key: StageColumnKey) => at(stageTableAddress(layout, "Scale", key));
  close(scale("clipsPerInterval"), 1.944e9);
  close(scale("servingHours"), 21_600);
  close(scale("splitRatio"), 36);
  expect(scale("dominantSide")).toBe("serving");
  close(scale("lead"), 36);
  expect((scale("trainingShare") as number).toFixed(3)).toBe("0.027");
  expect(at(stageTableAddress(layout, "Launch", "dominantSide"))).toBe("equal");
  close(at(layout.chart.crossoverClips), 54e6);
});

test("honesty factors: three times the training takes the example from 36x to 12x", () => {
  const plan = { ...EXAMPLE_PLAN, trainingOverhead: 3 };
  const layout = sheetLayout(plan);
  const at = expectTableMatchesModel(layout, plan);
  expect(at(stageTableAddress(layout, "Scale", "dominantSide"))).toBe("serving");
  close(at(stageTableAddress(layout, "Scale", "lead")), 12);
});

test("peak-to-mean, typed stage traffic, a price and a suffix for a second copy", () => {
  const plan: Plan = {
    ...EXAMPLE_PLAN,
    peakToMean: 2,
    launchClips: 1e8,
    scaleClips: 3e9,
    pricePerHour: 2.5,
    currency: "USD",
  };
  const layout = sheetLayout(plan, "_2");
  expect(layout.names.every((n) => n.name.endsWith("_2"))).toBe(true);
  expect(layout.table.name).toBe("CostStages_2");
  expect(layout.table.columns).toBe(STAGE_COLUMNS.length); // priced: every column, the cost's too
  expectTableMatchesModel(layout, plan);
});

test("property-like sweep: many plans, every cell equal to the model", () => {
  const plans: Plan[] = [];
  for (const trainingHours of [0.5, 600, 2e5])
    for (const secondsPerClip of [1e-4, 0.04, 3])
      for (const overhead of [1, 2.5])
        plans.push({
          ...EXAMPLE_PLAN,
          trainingHours,
          secondsPerClip,
          trainingOverhead: overhead,
          prototypeClips: 1234,
        });
  for (const plan of plans) expectTableMatchesModel(sheetLayout(plan), plan);
});

test("a zero in the sheet gives the same error the model gives", () => {
  const plan = { ...EXAMPLE_PLAN, prototypeClips: 0 };
  const layout = sheetLayout(plan);
  const at = evaluate(layout);
  const model = stageTableOf(plan);
  expect(isProblem(model.rows[0].dominantHalf)).toBe(true);
  expect((at(stageTableAddress(layout, "Prototype", "dominantSide")) as DetailedCellError).value).toBe("#DIV/0!");
});

test("every formula cell refers only to names the layout defines", () => {
  const layout = sheetLayout({ ...EXAMPLE_PLAN, pricePerHour: 1 });
  const defined = new Set(layout.names.map((n) => n.name));
  const functions = new Set(["IF", "ROUND", "MAX", "INT", "LOG10"]);
  // the checks' functions (src/stages/sheet/stageChecks.ts)
  for (const f of ["SUM", "ROWS", "ABS", "ISNUMBER", "ISBLANK", "IFERROR", "INDEX", "MATCH"]) functions.add(f);
  for (const row of layout.rows)
    for (const cell of row)
      for (const word of cell?.formula?.replace(/"[^"]*"/g, "").match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
        if (functions.has(word) || /^[A-Z]{1,3}\d+$/.test(word)) continue;
        expect(defined).toContain(word);
      }
});

test("every formula cell caches what the engine computes from its formula: numbers, texts and errors", () => {
  const plans: Plan[] = [
    EXAMPLE_PLAN,
    { ...EXAMPLE_PLAN, peakToMean: 2, pricePerHour: 2.5, currency: "USD" },
    { ...EXAMPLE_PLAN, trainingHours: 0 },
    { ...EXAMPLE_PLAN, prototypeClips: 0, launchClips: 1e8 },
  ];
  for (const plan of plans) {
    const errors = expectCachedValuesComputed(sheetLayout(plan));
    if (plan.trainingHours === 0 || plan.prototypeClips === 0) expect(errors).toBeGreaterThan(0);
  }
});

/** Every formula cell of `layout` against the engine's value of it; the number of errors among them. */
function expectCachedValuesComputed(layout: SheetLayout): number {
  const at = evaluate(layout);
  let errors = 0;
  for (const { address, cell } of formulaCells(layout)) {
    const value = at(address);
    const cached = cell.cached!;
    if (typeof cached === "object") {
      errors++;
      expect((value as DetailedCellError).value).toBe(cached.error);
    } else if (typeof cached === "number") close(value, cached);
    else expect(value).toBe(cached);
  }
  return errors;
}

test("property: any plan PLAN_FIELDS admit, every cell caches what the engine computes, and equals the model", () => {
  for (const plan of fc.sample(stagePlan, { numRuns: 40, seed: 17 })) {
    const layout = sheetLayout(plan);
    expectCachedValuesComputed(layout);
    const inputs = stageInputsOf(plan);
    const table = isProblem(inputs) ? inputs : stageTable(inputs);
    const clean =
      !isProblem(table) &&
      !isProblem(table.crossoverClips) &&
      table.rows.every((row) => Object.values(row).every((value) => !isProblem(value)));
    if (clean) expectTableMatchesModel(layout, plan);
  }
});

test("an emptied Launch or Scale input gives its default (the crossover, the traffic), never #DIV/0! or 0", () => {
  const typed: Plan = { ...EXAMPLE_PLAN, launchClips: 1e8, scaleClips: 3e9 };
  const layout = sheetLayout(typed);
  const engine = layoutInHyperFormula(layout, SHEET, { smartRounding: true });
  expectSheetMatchesModel(layout, typed, engine.at, { relative: 1e-9 });
  engine.set(layout.inputs.launchClips!, null);
  engine.set(layout.inputs.scaleClips!, null);
  expectSheetMatchesModel(layout, EXAMPLE_PLAN, engine.at, { relative: 1e-9 });
  close(engine.at(stageTableAddress(layout, "Launch", "clipsPerInterval")), 54e6);
  close(engine.at(stageTableAddress(layout, "Scale", "clipsPerInterval")), 1.944e9);
});

test("IronCalc computes every formula cell's cached value, the defaults' and used values' rows among them", () => {
  for (const plan of [EXAMPLE_PLAN, { ...EXAMPLE_PLAN, launchClips: 1e8, pricePerHour: 2, currency: "USD" }]) {
    const layout = sheetLayout(plan);
    expect(cachedMismatches(layout, layoutInIronCalc(layout, SHEET))).toEqual([]);
  }
});
