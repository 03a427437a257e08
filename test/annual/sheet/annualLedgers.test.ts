/*
 * The annual sheet's "Both ledgers" section (issue 30): the worked example (docs/cost-model.md, "Both ledgers":
 * going yearly saves 3,600.00 of compute, adds 6,998.40 of staleness, net -3,398.40; the economic cadence 4.3033,
 * its best whole month 4 at 494.40 a month) recalculated in HyperFormula and IronCalc to the model's cached values;
 * a ledger without drift says the cadence lever counts one ledger only, its checks pass, and every figure above the
 * section reads as on a sheet without it; an all-blank ledger writes no section at all.
 */
import { unwrap } from "../../support/unwrap";
import { AnnualPlan, EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { EXAMPLE_LEDGER_INPUTS, LedgerInputs, ONE_LEDGER_ONLY } from "../../../src/ledgers/model";
import { ANNUAL_SHEET_NAME, AnnualSheetLayout, annualSheetLayout } from "../../../src/annual/sheet/annualLayout";
import { CHECKS_OK } from "../../../src/core/sheet/checks";
import { labelRow, formulaCells } from "../../support/layoutCells";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";
import { masterCheckAddress } from "../../support/checkEdits";

const PRICED: AnnualPlan = { ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2 };
/** The worked example: quarterly now, yearly proposed. */
const YEARLY: AnnualPlan = { ...PRICED, runsPerYearProposed: 1 };

const layoutOf = (plan: AnnualPlan, ledgers?: LedgerInputs): AnnualSheetLayout =>
  unwrap(annualSheetLayout(plan, "", ledgers === undefined ? {} : { ledgers }));

/** The value cell (C) of the row labelled `label`. */
const valueOf = (layout: AnnualSheetLayout, label: string) => `C${labelRow(layout, label)}`;

describe("the worked example's both ledgers", () => {
  const layout = layoutOf(YEARLY, EXAMPLE_LEDGER_INPUTS);
  const { at } = layoutInHyperFormula(layout, ANNUAL_SHEET_NAME);

  test("recalculated in HyperFormula, every cell is the model's value", () => {
    expect(cachedMismatches(layout, (address) => hyperFormulaValue(at(address)))).toEqual([]);
  });

  test("recalculated in IronCalc, every cell is the model's value", () => {
    expect(cachedMismatches(layout, layoutInIronCalc(layout, ANNUAL_SHEET_NAME))).toEqual([]);
  });

  test("yearly saves 3,600.00 of compute, adds 6,998.40 of staleness, nets -3,398.40", () => {
    expect(at(valueOf(layout, "Cadence lever: compute saved a year"))).toBeCloseTo(3600, 9);
    expect(at(valueOf(layout, "Cadence lever: staleness added a year"))).toBeCloseTo(6998.4, 9);
    expect(at(valueOf(layout, "Cadence lever: net a year"))).toBeCloseTo(-3398.4, 9);
  });

  test("the economic cadence is 4.3033 months, its best whole month 4 at 494.40 a month", () => {
    expect(at(valueOf(layout, "Economic cadence"))).toBeCloseTo(4.3033, 4);
    expect(at(valueOf(layout, "Best whole month"))).toBe(4);
    expect(at(valueOf(layout, "Best whole month's cost a month"))).toBeCloseTo(494.4, 9);
  });

  test("the master check holds, and names a ledger check when the net is typed over", () => {
    const engine = layoutInHyperFormula(layout, ANNUAL_SHEET_NAME);
    expect(engine.at(masterCheckAddress(layout))).toBe(CHECKS_OK);
    engine.set(valueOf(layout, "Cadence lever: net a year"), 0);
    expect(engine.at(masterCheckAddress(layout))).toContain("net is its saving minus the staleness added");
  });
});

describe("a ledger without drift", () => {
  const without = layoutOf(YEARLY);
  const blank = layoutOf(YEARLY, { reviewerCostPerHour: 40 });

  test("an all-blank ledger writes no section: the sheet is the sheet without the ledger, cell for cell", () => {
    expect(layoutOf(YEARLY, {}).rows).toEqual(without.rows);
  });
  const { at } = layoutInHyperFormula(blank, ANNUAL_SHEET_NAME);

  test("says the cadence lever counts one ledger only, shows no staleness as 0, and its checks pass", () => {
    expect(cachedMismatches(blank, (address) => hyperFormulaValue(at(address)))).toEqual([]);
    expect(blank.rows.flat().some((cell) => cell?.cached === ONE_LEDGER_ONLY)).toBe(true);
    expect(at(valueOf(blank, "Staleness a month, now"))).toBe("not counted");
    expect(at(masterCheckAddress(blank))).toBe(CHECKS_OK);
  });

  test("leaves every figure above the section as on a sheet without it (the master check's range aside)", () => {
    const section = labelRow(blank, (text) => text.startsWith("Both ledgers"));
    const above = (layout: AnnualSheetLayout) =>
      formulaCells(layout)
        .filter(({ address }) => address !== masterCheckAddress(layout) && Number(/\d+/.exec(address)![0]) <= section)
        .map(({ address, cell }) => [address, cell.formula, cell.cached]);
    expect(above(blank)).toEqual(above(without));
  });
});
