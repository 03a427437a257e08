/*
 * Both ledgers on the estate sheet (src/estate/sheet/estateLedgerRows.ts), recalculated in HyperFormula and IronCalc
 * against the model's figures cached in every formula cell: A with the seed's ledger (quarterly staleness 1,555.20 a
 * year; retrained yearly it saves 7,200.00 and adds 6,998.40: a net of 201.60), C with a typed error cost and a run's
 * other costs, B's ledger blank; edits followed, the ledger's bounds and the net's check in the master check.
 */
import { EXAMPLE_ESTATE, EstatePlan, estateFigures } from "../../../src/estate/model";
import { EXAMPLE_LEDGER_INPUTS } from "../../../src/ledgers/model";
import { ESTATE_SHEET_NAME, estateSheetLayout } from "../../../src/estate/sheet/estateLayout";
import { CHECKS_OK } from "../../../src/core/sheet/checks";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";
import { unwrap } from "../../support/unwrap";
import { LEDGER_ESTATE } from "./estatePlans";

/** Only A's ledger, and A without a training price: staleness counted, the saving "no price". */
const UNPRICED_RUN: EstatePlan = {
  ...EXAMPLE_ESTATE,
  models: EXAMPLE_ESTATE.models.map((m, i) =>
    i === 0 ? { ...m, ...EXAMPLE_LEDGER_INPUTS, trainingPricePerHour: undefined } : m,
  ),
};
/** A's drift typed without an error cost: not counted, every ledger figure says so. */
const NOT_COUNTED: EstatePlan = {
  ...EXAMPLE_ESTATE,
  models: EXAMPLE_ESTATE.models.map((m, i) => (i === 0 ? { ...m, driftPerMonth: 2e-7 } : m)),
};
const PLANS = [
  ["A and C with a ledger, B blank", LEDGER_ESTATE],
  ["A's run unpriced", UNPRICED_RUN],
  ["A's ledger not counted", NOT_COUNTED],
] as const;

test.each(PLANS)("%s: every formula's value in HyperFormula is the model's", (_, plan) => {
  const layout = unwrap(estateSheetLayout(plan));
  const sheet = layoutInHyperFormula(layout, ESTATE_SHEET_NAME);
  expect(cachedMismatches(layout, (a) => hyperFormulaValue(sheet.at(a)))).toEqual([]);
  expect(sheet.at("B4")).toBe(CHECKS_OK);
});

test("A and C with a ledger: every formula's value in IronCalc is the model's", () => {
  const layout = unwrap(estateSheetLayout(LEDGER_ESTATE));
  expect(cachedMismatches(layout, layoutInIronCalc(layout, ESTATE_SHEET_NAME))).toEqual([]);
});

test("the seed's figures: A's staleness 1,555.20 a year, its cadence lever's net 201.60; the estate's sum", () => {
  const layout = unwrap(estateSheetLayout(LEDGER_ESTATE));
  const sheet = layoutInHyperFormula(layout, ESTATE_SHEET_NAME);
  const at = (key: string, column: string) => sheet.at(`${column}${layout.rowOf[key]}`);
  expect(at("stalenessYear", "D")).toBeCloseTo(1555.2, 6);
  expect(at("leverSaving", "D")).toBeCloseTo(7200, 6);
  expect(at("leverAdded", "D")).toBeCloseTo(6998.4, 6);
  expect(at("leverNet", "D")).toBeCloseTo(201.6, 6);
  // B's ledger is blank: not counted, and its cadence is unchanged.
  expect([at("ledgerCounted", "E"), at("stalenessYear", "E"), at("leverNet", "E")]).toEqual([
    0,
    "not counted",
    "no change",
  ]);
  const ledgers = unwrap(estateFigures(LEDGER_ESTATE)).ledgers!;
  expect(at("stalenessYear", "B")).toBeCloseTo(ledgers.stalenessPerYear as number, 6);
  // C: 32,400,000 clips a month x 0.50 x 4e-7 = 6.48 a month of age; every 6 months 16.20 a month, 194.40 a year.
  expect(at("stalenessYear", "F")).toBeCloseTo(194.4, 6);
  // C yearly saves 8,000.00 of compute and one run's 1,000.00 besides.
  expect(at("leverSaving", "F")).toBeCloseTo(9000, 6);
});

test("an edit is followed; nonsense in a ledger cell, or a net typed over, fails the master check by name", () => {
  const layout = unwrap(estateSheetLayout(LEDGER_ESTATE));
  const sheet = layoutInHyperFormula(layout, ESTATE_SHEET_NAME);
  const row = (key: string) => layout.rowOf[key];
  // B's ledger typed: B is counted and adds its own staleness to the estate's.
  sheet.set(`E${row("driftPerMonth")}`, 2e-7);
  sheet.set(`E${row("costPerError")}`, 1);
  expect(sheet.at(`E${row("ledgerCounted")}`)).toBe(1);
  expect(sheet.at(`E${row("stalenessYear")}`)).toBeCloseTo(1555.2, 6);
  expect(sheet.at(`B${row("stalenessYear")}`)).toBeCloseTo(1555.2 * 2 + 194.4, 6);
  expect(sheet.at("B4")).toBe(CHECKS_OK);
  sheet.set(`D${row("driftPerMonth")}`, 2);
  expect(String(sheet.at("B4"))).toMatch(/^Check failed: Model 1 drift/);
  sheet.set(`D${row("driftPerMonth")}`, 2e-7);
  sheet.set(`D${row("costPerError")}`, -1);
  expect(String(sheet.at("B4"))).toMatch(/^Check failed: Model 1: Cost of one error: 0 or more/);
  sheet.set(`D${row("costPerError")}`, null);
  expect(sheet.at("B4")).toBe(CHECKS_OK);
  sheet.set(`D${row("leverNet")}`, 5);
  expect(sheet.at("B4")).toBe("Check failed: Model 1: the cadence lever's net is its saving minus the staleness added");
});
