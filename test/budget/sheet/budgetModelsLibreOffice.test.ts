/*
 * The budget sheet of several models (issue 29) as an .xlsx recalculated by LibreOffice headless (a fresh profile
 * that never trusts the cached values, one start for the file): every formula's cached value (the model's) equals
 * LibreOffice's result, for the estate's worked example and a five-year plan of four models with every part (their
 * own cadences, shares and prices, re-scans, a lever, a typed month, a horizon's budget). Skipped, and said, without
 * soffice.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { LAUNCH_RAMP_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { BudgetEstatePlan, EXAMPLE_BUDGET_ESTATE, oneModelPlan } from "../../../src/budget/model/budgetModels";
import { BUDGET_SHEET_NAME } from "../../../src/budget/sheet/budgetLayout";
import { budgetModelsSheetLayout } from "../../../src/budget/sheet/budgetModelsSheet";
import { budgetModelsWorkbookBytes } from "../../../src/budget/sheet/budgetXlsx";
import { LIBREOFFICE_MS } from "../../support/deadlines";
import { formulaResults, sameResult, saveBytes } from "../../support/formulaResults";
import { formulaCells } from "../../support/layoutCells";
import { recalculateManyWithLibreOffice, sofficePath } from "../../support/libreoffice";
import { unwrap } from "../../support/unwrap";

/** Four models over five calendar years: each its own cadence, share and prices; re-scans, a lever, a budget. */
const FOUR_MODELS: BudgetEstatePlan = (() => {
  const base = oneModelPlan({
    ...LAUNCH_RAMP_EXAMPLE,
    monthDays: "calendar",
    firstMonth: "2027-11",
    months: 60,
    monthlyGrowth: 0.12,
    budgetAmount: 900_000,
    budgetPer: "horizon",
    typedClipsPerSecond: { 6: 30, 48: 2000 },
  });
  const model = base.models[0];
  return {
    ...base,
    models: [
      { ...model, name: "First pass", peakToMean: 1.8, trainingPricePerHour: 4, servingPricePerHour: 0.8 },
      {
        ...model,
        name: "Second opinion",
        retrainEveryMonths: 6,
        secondsPerClip: 0.02,
        rescanHours: 4_000,
        rescanMonths: [13, 40],
      },
      {
        ...model,
        name: "Escalation",
        shareScored: 0.05,
        secondsPerClip: 0.5,
        hoursPerRun: 2000,
        retrainEveryMonths: 12,
      },
      { ...model, name: "Faster", leverSecondsPerClip: 0.025, leverFromMonth: 19, trainingOverhead: 1.3 },
    ],
  };
})();

const soffice = sofficePath();
if (!soffice) console.warn("LibreOffice is not installed: the models' budget sheet's recalculation is skipped.");

(soffice ? describe : describe.skip)("the models' budget recalculated by LibreOffice", () => {
  const folder = mkdtempSync(join(tmpdir(), "mlcost-budget-models-"));
  const plans = [
    ["the estate's worked example", EXAMPLE_BUDGET_ESTATE],
    ["four models over five years", FOUR_MODELS],
  ] as const;
  let recalculated: string[];
  beforeAll(async () => {
    const saved = await Promise.all(
      plans.map(async ([name, plan]) =>
        saveBytes(unwrap(await budgetModelsWorkbookBytes(plan)), folder, `${name.replace(/[ ']/g, "-")}.xlsx`),
      ),
    );
    recalculated = recalculateManyWithLibreOffice(saved);
  }, LIBREOFFICE_MS);

  test.each(plans.map(([name, plan], i) => [name, plan, i] as const))(
    "%s: every formula's result is the model's",
    async (_name, plan, i) => {
      const actual = await formulaResults(recalculated[i], BUDGET_SHEET_NAME);
      const layout = unwrap(budgetModelsSheetLayout(plan, "", { chartNote: true }));
      const wrong = formulaCells(layout).flatMap(({ address, cell }) => {
        const theirs = actual.get(address);
        const value = theirs instanceof Date ? theirs.getTime() / 86_400_000 + 25_569 : theirs;
        return sameResult(cell.cached, value)
          ? []
          : [`${address} =${cell.formula}: ${JSON.stringify(value)}, cached ${JSON.stringify(cell.cached)}`];
      });
      expect(wrong).toEqual([]);
      expect(actual.size).toBe(formulaCells(layout).length);
    },
    LIBREOFFICE_MS,
  );
});
