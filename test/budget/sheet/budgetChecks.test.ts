/*
 * The budget sheet's checks, tried as the reviewer did (issue 28): seconds per clip -0.04, growth typed 5
 * for 5%, peak-to-mean 0.5, -600 h a run, retrain every 0, a number typed over one month's serving formula, a
 * negative typed month; the master check at the top names the check that fails (never OK, never #DIV/0!), in
 * HyperFormula and IronCalc over the layout and in LibreOffice over the saved .xlsx edited at the XML level;
 * untouched, every engine reads OK. No check formula is over three functions deep.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { BudgetPlan, LAUNCH_RAMP_EXAMPLE, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { BUDGET_SHEET_NAME, budgetSheetLayout, BudgetSheetLayout } from "../../../src/budget/sheet/budgetLayout";
import { budgetWorkbookBytes } from "../../../src/budget/sheet/budgetXlsx";
import { monthColumn } from "../../../src/budget/sheet/budgetRows";
import {
  BadInput,
  expectedInEngines,
  expectedInLibreOffice,
  deepCheckFormulas,
  masterCheckAddress,
  masterInEngines,
  masterInLibreOffice,
} from "../../support/checkEdits";
import { namedAddress } from "../../support/layoutCells";
import { sofficePath } from "../../support/libreoffice";
import { unwrap } from "../../support/unwrap";
import { LIBREOFFICE_MS } from "../../support/deadlines";

/** The launch ramp with a price and a lever from month 4: every row the checks read. */
const WITH_LEVER: BudgetPlan = {
  ...LAUNCH_RAMP_EXAMPLE,
  pricePerHour: 2,
  currency: "USD",
  leverSecondsPerClip: 0.02,
  leverFromMonth: 4,
};

/** The cell of row `key` in month `month` (1-based). */
const monthCell = (layout: BudgetSheetLayout, key: string, month: number) =>
  `${monthColumn(month - 1)}${layout.rowOf[key]}`;

/** The bad inputs a reviewer tries on `layout`, each with the check that must name it. */
function badInputs(layout: BudgetSheetLayout): BadInput[] {
  const at = (name: string) => namedAddress(layout, name);
  return [
    {
      what: "seconds per clip -0.04",
      edits: [[at("BudgetSecondsPerClip"), -0.04]],
      fails: "Serving time per clip: 0 or more",
    },
    {
      what: "growth typed 5 for 5%",
      edits: [[at("BudgetMonthlyGrowth"), 5]],
      fails: "Traffic growth: at most 100% a month",
    },
    {
      what: "peak-to-mean 0.5",
      edits: [[at("BudgetPeakToMean"), 0.5]],
      fails: "Peak-to-mean provisioning for serving: 1 or more",
    },
    { what: "-600 h a run", edits: [[at("BudgetHoursPerRun"), -600]], fails: "Training run: 0 or more" },
    { what: "retrain every 0", edits: [[at("BudgetRetrainEvery"), 0]], fails: "Retrain every: whole, 1 or more" },
    { what: "retrain every 2.5", edits: [[at("BudgetRetrainEvery"), 2.5]], fails: "Retrain every: whole, 1 or more" },
    { what: "growth emptied", edits: [[at("BudgetMonthlyGrowth"), null]], fails: "Every required input is filled" },
    {
      what: "a number over a month's paid serving",
      edits: [[monthCell(layout, "paid", 5), 10]],
      fails: "Serving paid, two routes",
    },
    {
      what: "a number over a month's consumed serving",
      edits: [[monthCell(layout, "consumed", 5), 10]],
      fails: "Serving paid, two routes",
    },
    {
      what: "a number over a month's training",
      edits: [[monthCell(layout, "training", 2), 10]],
      fails: "Training, two routes",
    },
    {
      what: "a number over a month's total",
      edits: [[monthCell(layout, "total", 5), 10]],
      fails: "Each month's parts sum to its total",
    },
    {
      what: "a negative typed month",
      edits: [[monthCell(layout, "typed", 3), -5]],
      fails: "Typed clips per second: 0 or more",
    },
  ];
}

test.each([
  ["steady growth", STEADY_GROWTH_EXAMPLE],
  ["the launch ramp with a lever", WITH_LEVER],
])("%s: the master check reads OK untouched and names each bad input, in HyperFormula and IronCalc", (_, plan) => {
  const layout = unwrap(budgetSheetLayout(plan));
  const bad = badInputs(layout);
  expect(masterInEngines(layout, BUDGET_SHEET_NAME, bad)).toEqual(expectedInEngines(bad));
});

test("the master check sits at the top, frozen in view; no check formula is over three functions deep", () => {
  const layout = unwrap(budgetSheetLayout(WITH_LEVER));
  const master = masterCheckAddress(layout);
  expect(Number(master.slice(1))).toBeLessThanOrEqual(layout.page.frozenRows);
  expect(deepCheckFormulas(layout)).toEqual([]);
});

const soffice = sofficePath();
if (!soffice) console.warn("LibreOffice is not installed: the budget sheet's checks in LibreOffice are skipped.");

(soffice ? test : test.skip)(
  "the saved .xlsx with each bad input typed in, recalculated by LibreOffice: the master check names it",
  async () => {
    const layout = unwrap(budgetSheetLayout(WITH_LEVER, "", { chartNote: true }));
    const bad = badInputs(layout);
    const folder = mkdtempSync(join(tmpdir(), "mlcost-budget-checks-"));
    const bytes = unwrap(await budgetWorkbookBytes(WITH_LEVER));
    const words = await masterInLibreOffice(bytes, BUDGET_SHEET_NAME, masterCheckAddress(layout), bad, folder);
    expect(words).toEqual(expectedInLibreOffice(bad));
  },
  LIBREOFFICE_MS,
);
