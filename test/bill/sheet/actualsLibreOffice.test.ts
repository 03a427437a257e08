/*
 * The actuals sheet's .xlsx recalculated by LibreOffice headless (a fresh profile that never trusts the cached
 * values): every formula's cached value (the model's) equals LibreOffice's own result, within 1e-12 relative,
 * texts and errors exactly: the fixture's dollars, its euros (no serving: words, never #DIV/0!), and the
 * dollars beside a real budget sheet in the same workbook, both sheets recalculated. Without soffice this
 * file is skipped, and says so.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { BillMonth } from "../../../src/bill/model/billFigures";
import {
  ACTUALS_SHEET_NAME,
  ActualsInput,
  actualsLayout,
  ActualsSheetLayout,
} from "../../../src/bill/sheet/actualsLayout";
import { actualsWorkbookBytes } from "../../../src/bill/sheet/actualsXlsx";
import { BUDGET_SHEET_NAME, budgetSheetLayout } from "../../../src/budget/sheet/budgetLayout";
import type { CachedValue } from "../../../src/core/sheet/cachedValues";
import { formulaResults, sameResult, saveBytes } from "../../support/formulaResults";
import { cellAt, formulaCells, LaidOut } from "../../support/layoutCells";
import { recalculateManyWithLibreOffice, sofficePath } from "../../support/libreoffice";
import { unwrap } from "../../support/unwrap";
import { FIXTURE_SOURCE, fixtureMonths, PLAN_FROM_FEBRUARY } from "./billMonths";
import { ENGINE_START_MS, LIBREOFFICE_MS } from "../../support/deadlines";

const soffice = sofficePath();
if (!soffice) console.warn("LibreOffice is not installed: the actuals sheet's LibreOffice recalculation is skipped.");

/**
 * Whether a reconciliation difference agrees: the file's total less its parts is a few ulps of the total where
 * it reconciles, and LibreOffice (as Excel) snaps a difference that small to 0, so there it agrees within 1e-12
 * of the month's total. Every other cell agrees as sameResult says.
 */
function sameDifference(layout: ActualsSheetLayout, address: string, cached: unknown, theirs: unknown): boolean {
  const [, column, row] = /^([A-Z]+)(\d+)$/.exec(address)!;
  const key = Object.entries(layout.rowOf).find(([, r]) => r === Number(row))?.[0] ?? "";
  if (!key.startsWith("difference:") || typeof cached !== "number" || typeof theirs !== "number") return false;
  const total = cellAt(
    layout,
    `${column}${layout.rowOf[key === "difference:effective" ? "fileEffective" : "fileBilled"]}`,
  );
  const size = Math.abs(Number(total?.formula === undefined ? total?.value : total.cached));
  return Math.abs(cached - theirs) <= 1e-12 * size;
}

/** The formula cells whose LibreOffice result is not the cached one (a date read back as its serial). */
function wrongCells(layout: LaidOut, actual: Map<string, CachedValue | Date>): string[] {
  return formulaCells(layout).flatMap(({ address, cell }) => {
    const theirs = actual.get(address);
    const value = theirs instanceof Date ? theirs.getTime() / 86_400_000 + 25_569 : theirs;
    const isActuals = "currency" in layout;
    return sameResult(cell.cached, value) ||
      (isActuals && sameDifference(layout as ActualsSheetLayout, address, cell.cached, value))
      ? []
      : [`${address} =${cell.formula}: ${JSON.stringify(value)}, cached ${JSON.stringify(cell.cached)}`];
  });
}

(soffice ? describe : describe.skip)("the download recalculated by LibreOffice", () => {
  const folder = mkdtempSync(join(tmpdir(), "mlcost-actuals-"));
  let months: BillMonth[];
  // The three workbooks are recalculated in one LibreOffice start: a start is most of a recalculation's time.
  const inputs = (): Record<"dollars" | "euros" | "beside", ActualsInput> => ({
    dollars: { months, source: FIXTURE_SOURCE, currency: "USD" },
    euros: { months, source: FIXTURE_SOURCE, currency: "EUR" },
    beside: { months, source: FIXTURE_SOURCE, budget: { sheetName: BUDGET_SHEET_NAME, plan: PLAN_FROM_FEBRUARY } },
  });
  const recalculated = new Map<string, string>();
  beforeAll(async () => {
    months = await fixtureMonths();
    const named = Object.entries(inputs());
    const saved = await Promise.all(
      named.map(async ([name, input]) => saveBytes(unwrap(await actualsWorkbookBytes(input)), folder, `${name}.xlsx`)),
    );
    recalculateManyWithLibreOffice(saved).forEach((path, i) => recalculated.set(named[i][0], path));
  }, ENGINE_START_MS + LIBREOFFICE_MS);

  test.each(["dollars", "euros"] as const)(
    "the fixture's %s: every formula's result is the model's",
    async (name) => {
      const actual = await formulaResults(recalculated.get(name)!, ACTUALS_SHEET_NAME);
      const layout = unwrap(actualsLayout(inputs()[name]));
      expect(wrongCells(layout, actual)).toEqual([]);
      expect(actual.size).toBe(formulaCells(layout).length);
    },
    LIBREOFFICE_MS,
  );

  test(
    "beside the budget sheet in one workbook: both sheets' results are the models'",
    async () => {
      const path = recalculated.get("beside")!;
      const actuals = unwrap(actualsLayout(inputs().beside));
      const results = await formulaResults(path, ACTUALS_SHEET_NAME);
      expect(wrongCells(actuals, results)).toEqual([]);
      expect(results.get(`D${actuals.rowOf.planTraining}`)).toBe("not in the plan");
      expect(results.get(`E${actuals.rowOf.varianceTraining}`)).toBeCloseTo(32 - 600, 9);
      const budget = unwrap(budgetSheetLayout(PLAN_FROM_FEBRUARY, "", { chartNote: true }));
      expect(wrongCells(budget, await formulaResults(path, BUDGET_SHEET_NAME))).toEqual([]);
    },
    LIBREOFFICE_MS,
  );
});
