/*
 * The budget download with its seconds per clip from a request's tokens (issue 32), recalculated by LibreOffice
 * headless (a fresh profile that never trusts the cached values): every formula's result is the model's, and every
 * month of every row is the one LibreOffice gives the same plan's download with the seconds typed. Without soffice
 * (apt-get install libreoffice-calc) this file is skipped, and says so.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { unwrap } from "../../support/unwrap";
import { BudgetPlan, LAUNCH_RAMP_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { oneModelPlan } from "../../../src/budget/model/budgetModels";
import { BUDGET_SHEET_NAME, BudgetSheetLayout, budgetSheetLayout } from "../../../src/budget/sheet/budgetLayout";
import { budgetModelsWorkbookBytes } from "../../../src/budget/sheet/budgetXlsx";
import { monthColumn } from "../../../src/budget/sheet/budgetRows";
import { EXAMPLE_REQUEST_TOKENS } from "../../../src/tokens/model";
import { formulaResults, sameResult, saveBytes } from "../../support/formulaResults";
import type { CachedValue } from "../../../src/core/sheet/cachedValues";
import { recalculateManyWithLibreOffice, sofficePath } from "../../support/libreoffice";
import { formulaCells } from "../../support/layoutCells";
import { LIBREOFFICE_MS } from "../../support/deadlines";

/** The launch ramp at the worked example's 0.25 s a request, two years, priced, with re-scans, a lever and a budget. */
const PLAN: BudgetPlan = {
  ...LAUNCH_RAMP_EXAMPLE,
  months: 24,
  secondsPerClip: 0.25,
  rescanHours: 400,
  rescanMonths: [5, 17],
  budgetAmount: 90_000,
  leverSecondsPerClip: 0.2,
  leverFromMonth: 13,
  typedClipsPerSecond: { 4: 12 },
};
const tokens = EXAMPLE_REQUEST_TOKENS;

const soffice = sofficePath();
if (!soffice) console.warn("LibreOffice is not installed: the budget tokens sheet's LibreOffice check is skipped.");

/** A recalculated value as the layout caches it: a date read back as its serial. */
const serial = (value: unknown): CachedValue | undefined =>
  value instanceof Date ? value.getTime() / 86_400_000 + 25_569 : (value as CachedValue | undefined);

(soffice ? describe : describe.skip)("the download with seconds from tokens, recalculated by LibreOffice", () => {
  const folder = mkdtempSync(join(tmpdir(), "mlcost-budget-tokens-"));
  const fromTokens = unwrap(budgetSheetLayout(PLAN, "", { chartNote: true, tokens }));
  const typed = unwrap(budgetSheetLayout(PLAN, "", { chartNote: true }));
  let results: Map<string, unknown>[];
  beforeAll(async () => {
    const saved = [
      saveBytes(unwrap(await budgetModelsWorkbookBytes(oneModelPlan(PLAN), tokens)), folder, "tokens.xlsx"),
      saveBytes(unwrap(await budgetModelsWorkbookBytes(oneModelPlan(PLAN))), folder, "typed.xlsx"),
    ];
    const recalculated = recalculateManyWithLibreOffice(saved);
    results = await Promise.all(recalculated.map((file) => formulaResults(file, BUDGET_SHEET_NAME)));
  }, LIBREOFFICE_MS);

  test("every formula's result is the model's, the seconds' TOKENSECONDS formula among them", () => {
    const [actual] = results;
    const wrong = formulaCells(fromTokens).flatMap(({ address, cell }) => {
      const value = serial(actual.get(address));
      return sameResult(cell.cached, value)
        ? []
        : [`${address} =${cell.formula}: ${JSON.stringify(value)}, cached ${JSON.stringify(cell.cached)}`];
    });
    expect(wrong).toEqual([]);
    expect(actual.size).toBe(formulaCells(fromTokens).length);
    const seconds = fromTokens.names.find((n) => n.name === "BudgetSecondsPerClip")!.address;
    expect(actual.get(seconds)).toBe(0.25);
  });

  test("every month of every row is the typed-seconds download's, recalculated the same way", () => {
    const [ours, theirs] = results;
    const months = (layout: BudgetSheetLayout, read: Map<string, unknown>, key: string) =>
      Array.from({ length: layout.months }, (_, i) => serial(read.get(`${monthColumn(i)}${layout.rowOf[key]}`)));
    expect(Object.keys(fromTokens.rowOf).sort()).toEqual(Object.keys(typed.rowOf).sort());
    let compared = 0;
    for (const key of Object.keys(typed.rowOf)) {
      const a = months(fromTokens, ours, key);
      const b = months(typed, theirs, key);
      expect([key, a]).toEqual([key, b]);
      compared += a.filter((value) => value !== undefined).length;
    }
    // the rows of formulas over the months: hours, money, checks (a typed or flag row's cells are values)
    expect(compared).toBeGreaterThan(20 * PLAN.months);
  });
});
