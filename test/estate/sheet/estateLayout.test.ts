/*
 * The estate sheet (src/estate/sheet/estateLayout.ts) recalculated in HyperFormula and IronCalc against the model's
 * figures cached in every formula cell: the worked example (191,200 h, 350,080.00 a year, training 3.97% of the
 * hours and 8.68% of the money, the escalation lever third in hours and first in money), an unpriced estate, a
 * one-model estate; edits followed, and the checks catching nonsense typed into a blue cell.
 */
import { EXAMPLE_ESTATE, EstatePlan, estateOfAnnualPlan } from "../../../src/estate/model";
import { EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model";
import { ESTATE_SHEET_NAME, estateSheetLayout } from "../../../src/estate/sheet/estateLayout";
import { CHECKS_OK } from "../../../src/core/sheet/checks";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";
import { unwrap } from "../../support/unwrap";

const UNPRICED: EstatePlan = {
  ...EXAMPLE_ESTATE,
  models: EXAMPLE_ESTATE.models.map((m, i) => (i === 1 ? { ...m, servingPricePerHour: undefined } : m)),
};
const IN_DAYS: EstatePlan = {
  ...EXAMPLE_ESTATE,
  models: EXAMPLE_ESTATE.models.map((m, i) =>
    i === 0
      ? { ...m, cadence: 90, cadenceUnit: "days", cadenceProposed: 360 }
      : i === 2
        ? {
            ...m,
            cadence: 6,
            cadenceUnit: "months",
            peakToMean: 1.5,
            peakToMeanProposed: 1.2,
            rescanEvents: 1,
            rescanHoursEach: 500,
            trainingOverhead: 1.2,
            trainingOverheadProposed: 1.1,
          }
        : m,
  ),
};
const PLANS = [
  ["the worked example", EXAMPLE_ESTATE],
  ["one model unpriced", UNPRICED],
  ["cadences in days and months, every part", IN_DAYS],
  ["one model (today's plan)", estateOfAnnualPlan({ ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2 })],
] as const;

test.each(PLANS)("%s: every formula's value in HyperFormula is the model's", (_, plan) => {
  const layout = unwrap(estateSheetLayout(plan));
  const sheet = layoutInHyperFormula(layout, ESTATE_SHEET_NAME);
  expect(cachedMismatches(layout, (a) => hyperFormulaValue(sheet.at(a)))).toEqual([]);
});

// IronCalc takes about 40 s a layout of three models here (a cell at a time): the example and the unpriced estate.
test.each(PLANS.slice(0, 2))("%s: every formula's value in IronCalc is the model's", (_, plan) => {
  const layout = unwrap(estateSheetLayout(plan));
  expect(cachedMismatches(layout, layoutInIronCalc(layout, ESTATE_SHEET_NAME))).toEqual([]);
});

test("the worked example's answer: 191,200 h, 350,080.00, 3.97% and 8.68%, the escalation lever first in money", () => {
  const layout = unwrap(estateSheetLayout(EXAMPLE_ESTATE));
  const sheet = layoutInHyperFormula(layout, ESTATE_SHEET_NAME);
  const b = (key: string) => sheet.at(`B${layout.rowOf[key]}`);
  expect(b("total")).toBe(191_200);
  expect(b("totalCost")).toBeCloseTo(350_080, 6);
  expect(b("trainingShare")).toBeCloseTo(7600 / 191_200, 12);
  expect(Number(b("trainingCostShare"))).toBeCloseTo(30_400 / 350_080, 12);
  const first = layout.levers!.first;
  expect(sheet.at(`A${first}`)).toBe("Share of clips scored");
  expect(sheet.at(`B${first}`)).toBe("C escalation");
  expect([sheet.at(`C${first}`), sheet.at(`D${first}`), sheet.at(`E${first}`)]).toEqual([1, 1, 3]);
  expect(sheet.at("B4")).toBe(CHECKS_OK);
});

test("an edited input is followed, and nonsense typed into a blue cell fails the master check by name", () => {
  const layout = unwrap(estateSheetLayout(EXAMPLE_ESTATE));
  const sheet = layoutInHyperFormula(layout, ESTATE_SHEET_NAME);
  const row = (key: string) => layout.rowOf[key];
  // C escalating 4% of clips instead of 5%: the estate loses 10,800 h and 43,200.00, as the lever said.
  sheet.set(`F${row("shareScored")}`, 0.04);
  expect(sheet.at(`B${row("total")}`)).toBeCloseTo(191_200 - 10_800, 6);
  expect(Number(sheet.at(`B${row("totalCost")}`))).toBeCloseTo(350_080 - 43_200, 6);
  expect(sheet.at("B4")).toBe(CHECKS_OK);
  // B's cadence in months: every 3 months is 4 runs a year, as before.
  sheet.set(`E${row("cadence")}`, 3);
  sheet.set(`E${row("cadenceUnit")}`, "months between retrains");
  expect(sheet.at(`E${row("runs")}`)).toBe(4);
  // A blank serving price: the money is not counted, and no check fails for it.
  sheet.set(`D${row("servingPricePerHour")}`, null);
  expect(sheet.at(`B${row("totalCost")}`)).toBe("no price");
  expect(sheet.at("B4")).toBe(CHECKS_OK);
  sheet.set(`D${row("trainingHoursPerRun")}`, -600);
  expect(sheet.at("B4")).toBe("Check failed: Model 1: Training run: 0 or more");
  sheet.set(`D${row("trainingHoursPerRun")}`, 600);
  sheet.set(`D${row("shareScored")}`, 1.5);
  expect(String(sheet.at("B4"))).toMatch(/^Check failed: Model 1.? share of clips scored/i);
  sheet.set(`D${row("shareScored")}`, 1);
  sheet.set(`E${row("cadenceUnit")}`, "fortnights");
  expect(sheet.at("B4")).toBe("Check failed: Model 2: the cadence's unit is listed");
  sheet.set(`E${row("cadenceUnit")}`, "runs a year");
  sheet.set(`B${row("total")}`, 1);
  expect(String(sheet.at("B4"))).toMatch(/^Check failed: /);
});
