/*
 * The what-if sheet's ledger checks (issue 30), tried as a reviewer would on the worked example (docs/cost-model.md,
 * "Both ledgers": the base retraining every 3 months, a scenario retraining yearly): each ledger input typed as
 * nonsense (a negative drift, a negative cost of an error, of review minutes, of a run's other costs) and a number
 * typed over a scenario's net or its best whole month's cost; the master check at the top names the check that
 * fails, in HyperFormula and IronCalc; untouched it reads OK, and a ledger not counted passes its checks.
 */
import { WHAT_IF_SHEET_NAME, whatIfLayout, WhatIfLayout } from "../../../src/whatIf/sheet/whatIfLayout";
import { ScenarioState } from "../../../src/whatIf/model/scenarios";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { EXAMPLE_LEDGER_INPUTS, LedgerInputs } from "../../../src/ledgers/model";
import { CHECKS_OK } from "../../../src/core/sheet/checks";
import {
  BadInput,
  deepCheckFormulas,
  expectedInEngines,
  masterCheckAddress,
  masterInEngines,
} from "../../support/checkEdits";
import { hyperFormulaValue, layoutInHyperFormula } from "../../support/layoutEngines";
import { namedAddress } from "../../support/layoutCells";
import { unwrap } from "../../support/unwrap";

const QUARTERLY: Plan = { ...EXAMPLE_PLAN, pricePerHour: 2 };
const WORKED: ScenarioState<Plan> = {
  scenarios: [
    { name: "Quarterly", inputs: QUARTERLY },
    { name: "Yearly", inputs: { ...QUARTERLY, intervalDays: 360 } },
  ],
  baseIndex: 0,
};

const layoutOf = (ledger: LedgerInputs): WhatIfLayout => unwrap(whatIfLayout(WORKED, "", { ledger }));

/** The cell of the row labelled `label` in column `letter`. */
function cellOf(layout: WhatIfLayout, label: string, letter: string): string {
  const r = layout.rows.findIndex((row) => row[0]?.value === label);
  if (r < 0) throw new Error(`No row ${label}.`);
  return `${letter}${r + 1}`;
}

/** The bad inputs a reviewer tries on the ledger, each with the check the master must name. */
function badInputs(layout: WhatIfLayout): BadInput[] {
  const input = (name: string) => namedAddress(layout, name);
  return [
    { what: "a negative drift", edits: [[input("LedgerDriftPerMonth"), -2e-7]], fails: "Drift: from 0 to 1" },
    { what: "a drift over 1", edits: [[input("LedgerDriftPerMonth"), 2]], fails: "Drift: from 0 to 1" },
    {
      what: "a negative cost of an error",
      edits: [[input("LedgerCostPerError"), -1]],
      fails: "Cost of one error: 0 or more",
    },
    {
      what: "negative minutes of review",
      edits: [[input("LedgerReviewMinutes"), -2]],
      fails: "Minutes of review an error: 0 or more",
    },
    {
      what: "a negative cost a run besides compute",
      edits: [[input("LedgerOtherCostPerRun"), -50]],
      fails: "Cost a run besides compute: 0 or more",
    },
    {
      what: "a number over the yearly scenario's net",
      edits: [[cellOf(layout, "Net, both ledgers", "D"), 0]],
      fails: "D: both ledgers' net, two routes",
    },
    {
      what: "a number over the base's best whole month's cost",
      edits: [[cellOf(layout, "Both ledgers a month, best whole month", "C"), 1000]],
      fails: "C: best whole month, its neighbours",
    },
    {
      what: "a number over the yearly scenario's whole month below",
      edits: [[cellOf(layout, "Whole month below", "D"), 1]],
      fails: "D: best whole month, its neighbours",
    },
  ];
}

describe("the worked example's ledger checks", () => {
  const layout = layoutOf(EXAMPLE_LEDGER_INPUTS);

  test("the master check reads OK untouched and names each bad ledger input, in HyperFormula and IronCalc", () => {
    const bad = badInputs(layout);
    expect(masterInEngines(layout, WHAT_IF_SHEET_NAME, bad)).toEqual(expectedInEngines(bad));
  });

  test("a negative drift, recalculated in HyperFormula, is named by the master check", () => {
    const engine = layoutInHyperFormula(layout, WHAT_IF_SHEET_NAME);
    const master = masterCheckAddress(layout);
    expect(engine.at(master)).toBe(CHECKS_OK);
    engine.set(namedAddress(layout, "LedgerDriftPerMonth"), -2e-7);
    expect(hyperFormulaValue(engine.at(master))).toBe("Check failed: Drift: from 0 to 1");
  });

  test("the master check caches OK, and no check formula is over three deep", () => {
    expect(layout.rows.flat().find((cell) => cell?.formula?.includes(`"${CHECKS_OK}"`))?.cached).toBe(CHECKS_OK);
    expect(deepCheckFormulas(layout)).toEqual([]);
  });

  test("each scenario has its two ledger checks, and each input its bound, in the checks section", () => {
    const { first, last } = layout.sections.checks;
    const names = layout.rows.slice(first - 1, last).map((row) => row[0]?.value);
    for (const letter of ["C", "D"]) {
      expect(names).toContain(`${letter}: both ledgers' net, two routes`);
      expect(names).toContain(`${letter}: best whole month, its neighbours`);
    }
    expect(names.filter((name) => /^(Drift|Cost|Minutes|Reviewer)/.test(String(name)))).toHaveLength(5);
  });
});

describe("a ledger not counted", () => {
  test.each([
    ["no drift", { otherCostPerRun: 50 }],
    ["drift 0", { ...EXAMPLE_LEDGER_INPUTS, driftPerMonth: 0 }],
  ] as const)("(%s) passes its checks in HyperFormula and IronCalc", (_n, ledger) => {
    const layout = layoutOf(ledger);
    expect(masterInEngines(layout, WHAT_IF_SHEET_NAME, [])).toEqual(expectedInEngines([]));
  });
});
