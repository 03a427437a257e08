/*
 * The economic cadence on the estate sheet (src/estate/sheet/estateEconomicRows.ts), recalculated in HyperFormula and
 * IronCalc against the model's figures cached in every formula cell (LibreOffice: estateLibreOffice.test.ts): per
 * model the run's cost, the economic cadence sqrt(2R / (N c d)), the whole months either side with their monthly
 * cost, the best whole month and its cost, and the check that it costs no more than its neighbours. The seed's run
 * (600 h at 2.00) gives docs/cost-model.md's 4.3033 months, best month 4 at 494.40 a month; the estate's A (at
 * 4.00) 6.0858, 6 at 724.00. A bad input (drift negative) is named by the master check; drift blank or 0 reads "not
 * counted" and passes; a blank ledger leaves the sheet as it was.
 */
import { EXAMPLE_ESTATE, EstatePlan } from "../../../src/estate/model";
import { EXAMPLE_LEDGER_INPUTS } from "../../../src/ledgers/model";
import { ESTATE_SHEET_NAME, estateSheetLayout, EstateSheetLayout } from "../../../src/estate/sheet/estateLayout";
import { CHECKS_OK } from "../../../src/core/sheet/checks";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";
import { deepCheckFormulas, expectedInEngines, masterInEngines } from "../../support/checkEdits";
import { unwrap } from "../../support/unwrap";
import { LEDGER_ESTATE, SEED_RUN_ESTATE } from "./estatePlans";

/** A's drift `drift`, its error cost the seed's; B and C without a ledger. */
const driftOnA = (drift: number | undefined): EstatePlan => ({
  ...EXAMPLE_ESTATE,
  models: EXAMPLE_ESTATE.models.map((m, i) => (i === 0 ? { ...m, ...EXAMPLE_LEDGER_INPUTS, driftPerMonth: drift } : m)),
});

/** A's run without a training price: its run reads "no price", and the economic cadence cannot be weighed. */
const UNPRICED_RUN: EstatePlan = {
  ...LEDGER_ESTATE,
  models: LEDGER_ESTATE.models.map((m, i) => (i === 0 ? { ...m, trainingPricePerHour: undefined } : m)),
};

/** A retrained every 7 days: over 12 runs a year, which the second ledger (whole months of age) does not weigh. */
const WEEKLY: EstatePlan = {
  ...SEED_RUN_ESTATE,
  models: SEED_RUN_ESTATE.models.map((m, i) => (i === 0 ? { ...m, cadence: 7, cadenceUnit: "days" } : m)),
};

const PLANS = [
  ["the seed's run on A (600 h at 2.00)", SEED_RUN_ESTATE],
  ["A and C with a ledger, B blank", LEDGER_ESTATE],
  ["A's drift 0", driftOnA(0)],
  ["A's drift blank, its review minutes and hourly cost given", driftOnA(undefined)],
  ["A's training unpriced", UNPRICED_RUN],
  ["A retrained every 7 days (over 12 runs a year)", WEEKLY],
] as const;

/** A model's cell of the row `key` (D the first model), as HyperFormula computes it. */
const reader = (layout: EstateSheetLayout) => {
  const sheet = layoutInHyperFormula(layout, ESTATE_SHEET_NAME);
  return (key: string, column = "D") => hyperFormulaValue(sheet.at(`${column}${layout.rowOf[key]}`));
};

test.each(PLANS)(
  "%s: every formula's value in HyperFormula and IronCalc is the model's; the checks hold",
  (_, plan) => {
    const layout = unwrap(estateSheetLayout(plan));
    const sheet = layoutInHyperFormula(layout, ESTATE_SHEET_NAME);
    expect(cachedMismatches(layout, (a) => hyperFormulaValue(sheet.at(a)))).toEqual([]);
    expect(cachedMismatches(layout, layoutInIronCalc(layout, ESTATE_SHEET_NAME))).toEqual([]);
    expect(sheet.at("B4")).toBe(CHECKS_OK);
    expect(deepCheckFormulas(layout)).toEqual([]);
  },
);

test("the seed's run: 4.3033 months, the best whole month 4 at 494.40 a month (docs/cost-model.md)", () => {
  const at = reader(unwrap(estateSheetLayout(SEED_RUN_ESTATE)));
  expect(at("runCost")).toBeCloseTo(1200, 9);
  expect(at("economicMonths")).toBeCloseTo(4.3033, 4);
  expect([at("monthBelow"), at("monthAbove")]).toEqual([4, 5]);
  expect(at("costBelow")).toBeCloseTo(494.4, 9);
  expect(at("costAbove")).toBeCloseTo(499.2, 9);
  expect(at("bestMonth")).toBe(4);
  expect(at("bestCost")).toBeCloseTo(494.4, 9);
});

test("the estate's A at 4.00 an hour: run 2,400.00, 6.0858 months, best 6 at 724.00; C adds its other costs", () => {
  const at = reader(unwrap(estateSheetLayout(LEDGER_ESTATE)));
  expect(at("runCost")).toBeCloseTo(2400, 9);
  expect(at("economicMonths")).toBeCloseTo(6.0858, 4);
  expect(at("bestMonth")).toBe(6);
  expect(at("bestCost")).toBeCloseTo(724, 9);
  // C: 2,000 h at 4.00 and 1,000.00 besides compute; B's ledger blank reads "not counted".
  expect(at("runCost", "F")).toBeCloseTo(9000, 9);
  expect(at("economicMonths", "E")).toBe("not counted");
  expect(at("bestMonth", "E")).toBe("not counted");
});

test("a run without a price reads 'no price', never a run of 0; over 12 runs a year, the cadence's #NUM!", () => {
  const unpriced = reader(unwrap(estateSheetLayout(UNPRICED_RUN)));
  expect(unpriced("runCost")).toBe("no price");
  expect([unpriced("economicMonths"), unpriced("bestCost")]).toEqual([{ error: "#VALUE!" }, { error: "#VALUE!" }]);
  const weekly = reader(unwrap(estateSheetLayout(WEEKLY)));
  expect([weekly("runCost"), weekly("bestMonth")]).toEqual([{ error: "#NUM!" }, { error: "#NUM!" }]);
});

test("drift 0 or blank: the economic cadence's rows read 'not counted', never an error into the checks", () => {
  for (const drift of [0, undefined]) {
    const at = reader(unwrap(estateSheetLayout(driftOnA(drift))));
    for (const key of ["economicMonths", "monthBelow", "costBelow", "bestMonth", "bestCost"]) {
      expect({ drift, key, value: at(key) }).toEqual({ drift, key, value: "not counted" });
    }
  }
});

test("a bad input (drift negative), or a best month's cost typed over, is named by the master check", () => {
  const layout = unwrap(estateSheetLayout(SEED_RUN_ESTATE));
  const row = (key: string) => layout.rowOf[key];
  const bad = [
    {
      what: "drift negative",
      edits: [[`D${row("driftPerMonth")}`, -2e-7]] as const,
      fails: "Model 1 drift: from 0 to 1",
    },
    {
      what: "the best month's cost typed over",
      edits: [[`D${row("bestCost")}`, 600]] as const,
      fails: "Model 1: the best whole month costs no more than its neighbours",
    },
  ];
  const found = masterInEngines(layout, ESTATE_SHEET_NAME, bad);
  expect(found).toEqual(expectedInEngines(bad));
});

test("a blank ledger leaves the sheet as it was: no economic rows, the figures unchanged", () => {
  const blank: EstatePlan = {
    ...EXAMPLE_ESTATE,
    models: EXAMPLE_ESTATE.models.map((m) => ({ ...m, driftPerMonth: undefined, costPerError: undefined })),
  };
  expect(estateSheetLayout(blank)).toEqual(estateSheetLayout(EXAMPLE_ESTATE));
  expect(unwrap(estateSheetLayout(EXAMPLE_ESTATE)).rowOf.economicMonths).toBeUndefined();
});
