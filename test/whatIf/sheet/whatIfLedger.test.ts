/*
 * Both ledgers on the what-if sheet (issue 30): the worked example of docs/cost-model.md "Both ledgers" (a run
 * of 600 h at 2.00, 250 clips/s, drift 2e-7, two minutes of review at 30.00 an hour), the base retraining every
 * 3 months against a scenario retraining yearly, recalculated in HyperFormula and IronCalc to the model's figures
 * (staleness.ts's and stageLedgers'), and a blank ledger leaving the sheet as it was.
 */
import { whatIfLayout, WhatIfLayout } from "../../../src/whatIf/sheet/whatIfLayout";
import { ScenarioState } from "../../../src/whatIf/model/scenarios";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { EXAMPLE_LEDGER_INPUTS, LedgerInputs, stageLedgers } from "../../../src/ledgers/model";
import { isProblem } from "../../../src/core/model/problems";
import { LEDGER_SECTION_HEIGHT } from "../../../src/whatIf/sheet/ledgerSection";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";
import type { CachedValue } from "../../../src/core/sheet/cachedValues";

const QUARTERLY: Plan = { ...EXAMPLE_PLAN, pricePerHour: 2 };
const WORKED: ScenarioState<Plan> = {
  scenarios: [
    { name: "Quarterly", inputs: QUARTERLY },
    { name: "Yearly", inputs: { ...QUARTERLY, intervalDays: 360 } },
  ],
  baseIndex: 0,
};

function layoutOf(ledger?: LedgerInputs, state = WORKED): WhatIfLayout {
  const layout = whatIfLayout(state, "", ledger === undefined ? {} : { ledger });
  if (isProblem(layout)) throw new Error(layout.message);
  return layout;
}

/** The sheet row labelled `label` in the ledger's section. */
function rowOf(layout: WhatIfLayout, label: string): number {
  const r = layout.rows.findIndex((row) => row[0]?.value === label);
  if (r < 0) throw new Error(`No row ${label}.`);
  return r + 1;
}

describe("the worked example on the what-if sheet", () => {
  const layout = layoutOf(EXAMPLE_LEDGER_INPUTS);
  const hf = layoutInHyperFormula(layout, "What-if");
  const hfRead = (address: string) => hyperFormulaValue(hf.at(address));
  const ironcalc = layoutInIronCalc(layout, "What-if");
  const engines: [string, (address: string) => CachedValue][] = [
    ["HyperFormula", hfRead],
    ["IronCalc", ironcalc],
  ];

  it.each(engines)("recalculates in %s to every cached figure of the model", (_name, read) => {
    expect(cachedMismatches(layout, read)).toEqual([]);
  });

  it.each(engines)("in %s: yearly against 3-monthly saves 3,600.00, adds 6,998.40, nets -3,398.40", (_n, read) => {
    const at = (label: string) => Number(read(`D${rowOf(layout, label)}`));
    expect(at("The cadence change's compute saving")).toBeCloseTo(3600, 9);
    expect(at("The staleness it adds")).toBeCloseTo(6998.4, 9);
    expect(at("Net, both ledgers")).toBeCloseTo(-3398.4, 9);
  });

  it.each(engines)("in %s: the economic cadence is 4.3033, the best whole month 4 at 494.40", (_n, read) => {
    const at = (label: string) => Number(read(`C${rowOf(layout, label)}`));
    const model = stageLedgers(QUARTERLY, EXAMPLE_LEDGER_INPUTS);
    if (isProblem(model) || !model.counted || isProblem(model.economic)) throw new Error("model not counted");
    expect(at("Economic cadence")).toBeCloseTo(model.economic.months, 12);
    expect(at("Economic cadence")).toBeCloseTo(4.3033, 4);
    expect(at("Best whole month")).toBe(model.economic.best.months);
    expect(at("Both ledgers a month, best whole month")).toBeCloseTo(494.4, 9);
    expect(at("Staleness a month, at the cadence")).toBeCloseTo(Number(model.stalenessPerMonth), 9);
  });

  it.each(engines)("in %s: the cadence sensitivity is the model's, 1..12 months", (_n, read) => {
    const model = stageLedgers(QUARTERLY, EXAMPLE_LEDGER_INPUTS);
    if (isProblem(model) || !model.counted || isProblem(model.sensitivity)) throw new Error("model not counted");
    const first = rowOf(layout, "1 month");
    model.sensitivity.forEach((row, i) => {
      expect(Number(read(`E${first + i}`))).toBeCloseTo(Number(row.totalPerMonth), 9);
    });
    expect(Number(read(`E${first + 3}`))).toBeCloseTo(494.4, 9);
  });

  it("writes the section's height as placed", () => {
    const top = rowOf(layout, "Both ledgers: compute against a staler model");
    // the section, then the blank row before the checks
    expect(layout.sections.checks.first - top - 1).toBe(LEDGER_SECTION_HEIGHT);
  });
});

describe("a ledger without drift or an error cost", () => {
  it("says 'not counted' in every staleness figure, and recalculates to it", () => {
    const layout = layoutOf({ otherCostPerRun: 50 });
    const hf = layoutInHyperFormula(layout, "What-if");
    const read = (address: string) => hyperFormulaValue(hf.at(address));
    expect(cachedMismatches(layout, read)).toEqual([]);
    expect(read(`D${rowOf(layout, "Net, both ledgers")}`)).toBe("not counted");
  });
});

describe("a ledger the model cannot price or weigh", () => {
  const unpriced: ScenarioState<Plan> = {
    scenarios: [
      { name: "Unpriced", inputs: EXAMPLE_PLAN },
      { name: "Yearly", inputs: { ...QUARTERLY, intervalDays: 360 } },
    ],
    baseIndex: 0,
  };
  it.each([
    ["a scenario without a price", EXAMPLE_LEDGER_INPUTS, unpriced],
    ["drift 0 (no economic cadence)", { ...EXAMPLE_LEDGER_INPUTS, driftPerMonth: 0 }, WORKED],
  ] as const)("(%s) recalculates in HyperFormula and IronCalc to the model's figures", (_n, ledger, state) => {
    const layout = layoutOf(ledger, state);
    const hf = layoutInHyperFormula(layout, "What-if");
    expect(cachedMismatches(layout, (address) => hyperFormulaValue(hf.at(address)))).toEqual([]);
    expect(cachedMismatches(layout, layoutInIronCalc(layout, "What-if"))).toEqual([]);
  });

  it("says 'no price' for the unpriced run, never a run costing 0, and every figure over it is #VALUE!", () => {
    const layout = layoutOf(EXAMPLE_LEDGER_INPUTS, unpriced);
    const hf = layoutInHyperFormula(layout, "What-if");
    const read = (address: string) => hyperFormulaValue(hf.at(address));
    expect(read(`C${rowOf(layout, "A run's cost")}`)).toBe("no price");
    expect(read(`C${rowOf(layout, "Economic cadence")}`)).toEqual({ error: "#VALUE!" });
    expect(read(`D${rowOf(layout, "The cadence change's compute saving")}`)).toEqual({ error: "#VALUE!" });
    expect(Number(read(`D${rowOf(layout, "A run's cost")}`))).toBeCloseTo(1200, 9);
  });
});

describe("a blank ledger", () => {
  it.each([
    ["absent", undefined],
    ["all blank", {}],
  ] as const)("(%s) leaves the sheet as it was", (_n, ledger) => {
    expect(layoutOf(ledger === undefined ? undefined : { ...ledger })).toEqual(layoutOf());
  });
});
