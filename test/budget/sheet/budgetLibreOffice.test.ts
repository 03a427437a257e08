/*
 * The budget sheet's .xlsx recalculated by LibreOffice headless (a fresh profile that never trusts the cached
 * values): every formula's cached value (the model's) equals LibreOffice's own result, within 1e-12 relative,
 * texts and errors exactly, for both worked examples (30-day months) and a five-year plan in calendar months with
 * every part (re-scans, a typed month, a horizon's budget, a lever); and it prints landscape, one page wide.
 * LibreOffice is not an npm package: without soffice (apt-get install libreoffice-calc) this file is skipped, and
 * says so.
 */
import { mkdtempSync, readFileSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { unwrap } from "../../support/unwrap";
import { BudgetPlan, LAUNCH_RAMP_EXAMPLE, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { BUDGET_SHEET_NAME, budgetSheetLayout } from "../../../src/budget/sheet/budgetLayout";
import { budgetWorkbookBytes } from "../../../src/budget/sheet/budgetXlsx";
import { formulaResults, sameResult, saveBytes } from "../../support/formulaResults";
import {
  pdfPageCount,
  printWithLibreOffice,
  recalculateManyWithLibreOffice,
  sofficePath,
} from "../../support/libreoffice";
import { formulaCells } from "../../support/layoutCells";
import { LIBREOFFICE_MS } from "../../support/deadlines";

// In calendar months, from November 2027: five Februaries, 2028's and 2032's of 29 days (the worked examples are
// the 30-day months)
const FIVE_YEARS: BudgetPlan = {
  ...LAUNCH_RAMP_EXAMPLE,
  monthDays: "calendar",
  firstMonth: "2027-11",
  months: 60,
  monthlyGrowth: 0.12,
  peakToMean: 1.8,
  rescanHours: 44_400,
  rescanMonths: [13, 40],
  budgetAmount: 250_000,
  budgetPer: "horizon",
  leverSecondsPerClip: 0.025,
  leverFromMonth: 19,
  typedClipsPerSecond: { 6: 30, 48: 2000 },
};

const soffice = sofficePath();
if (!soffice) console.warn("LibreOffice is not installed: the budget sheet's LibreOffice recalculation is skipped.");

(soffice ? describe : describe.skip)("the download recalculated by LibreOffice", () => {
  const folder = mkdtempSync(join(tmpdir(), "mlcost-budget-"));

  const plans = [
    ["steady growth", STEADY_GROWTH_EXAMPLE],
    ["the launch ramp", LAUNCH_RAMP_EXAMPLE],
    ["five years of every part", FIVE_YEARS],
  ] as const;
  // One LibreOffice start recalculates the three workbooks: a start is most of a recalculation's time.
  let recalculated: string[];
  beforeAll(async () => {
    const saved = await Promise.all(
      plans.map(async ([name, plan]) =>
        saveBytes(unwrap(await budgetWorkbookBytes(plan)), folder, `${name.replace(/ /g, "-")}.xlsx`),
      ),
    );
    recalculated = recalculateManyWithLibreOffice(saved);
  }, LIBREOFFICE_MS);

  test.each(plans.map(([name, plan], i) => [name, plan, i] as const))(
    "%s: every formula's result is the model's",
    async (name, plan, i) => {
      const actual = await formulaResults(recalculated[i], BUDGET_SHEET_NAME);
      const layout = unwrap(budgetSheetLayout(plan, "", { chartNote: true }));
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

  test(
    "five years print landscape at a readable scale, split across pages rather than shrunk onto one",
    async () => {
      const saved = saveBytes(unwrap(await budgetWorkbookBytes(FIVE_YEARS)), folder, "print.xlsx");
      const pdf = printWithLibreOffice(saved);
      const boxes = [...readFileSync(pdf, "latin1").matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)/g)];
      expect(boxes.length).toBeGreaterThan(0);
      for (const [, width, height] of boxes) expect(Number(width)).toBeGreaterThan(Number(height));
      // At 75% (issue 28), column A repeated: 63 columns take many pages, where one page wide printed 0.7 pt.
      expect(pdfPageCount(pdf)).toBeGreaterThan(10);
    },
    LIBREOFFICE_MS,
  );
});
