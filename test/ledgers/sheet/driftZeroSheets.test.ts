/*
 * Drift typed as 0 on both sheets that state the ledger (issue 30): the ledger is counted, the staleness costs
 * nothing and the economic cadence has no answer (NO_DRIFT), so the sheets' economic cadence, its whole months, their
 * costs and the best whole month are #VALUE! in every engine. Each cell must cache that error, never a silent 0 a
 * previewer would show (the annual sheet cached 0 in its six cells below the economic cadence before its chain was
 * ledgers/sheet's ECONOMIC_FIGURES over ledgerColumnFigures); the master check reads OK.
 */
import { unwrap } from "../../support/unwrap";
import { EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { ANNUAL_SHEET_NAME, annualSheetLayout } from "../../../src/annual/sheet/annualLayout";
import { WHAT_IF_SHEET_NAME, whatIfLayout } from "../../../src/whatIf/sheet/whatIfLayout";
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { CHECKS_OK } from "../../../src/core/sheet/checks";
import { labelRow } from "../../support/layoutCells";
import { masterCheckAddress } from "../../support/checkEdits";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";

const DRIFT_ZERO = { driftPerMonth: 0, costPerError: 1 };
const PRICED = { ...EXAMPLE_PLAN, pricePerHour: 2 };

const SHEETS = [
  {
    name: ANNUAL_SHEET_NAME,
    layout: unwrap(
      annualSheetLayout({ ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2, runsPerYearProposed: 1 }, "", {
        ledgers: DRIFT_ZERO,
      }),
    ),
  },
  {
    name: WHAT_IF_SHEET_NAME,
    layout: unwrap(
      whatIfLayout(
        {
          scenarios: [
            { name: "Quarterly", inputs: PRICED },
            { name: "Yearly", inputs: { ...PRICED, intervalDays: 360 } },
          ],
          baseIndex: 0,
        },
        "",
        { ledger: DRIFT_ZERO },
      ),
    ),
  },
];

describe.each(SHEETS)("the $name sheet with drift 0", ({ name, layout }) => {
  test("recalculated in HyperFormula and IronCalc, every cell is its cached value, the master check OK", () => {
    const { at } = layoutInHyperFormula(layout, name);
    expect(cachedMismatches(layout, (address) => hyperFormulaValue(at(address)))).toEqual([]);
    expect(cachedMismatches(layout, layoutInIronCalc(layout, name))).toEqual([]);
    expect(at(masterCheckAddress(layout))).toBe(CHECKS_OK);
  });

  test("the best whole month caches the engines' #VALUE!, not 0", () => {
    const cell = layout.rows[labelRow(layout, "Best whole month") - 1][2];
    expect(cell?.cached).toMatchObject({ error: "#VALUE!" });
  });
});
