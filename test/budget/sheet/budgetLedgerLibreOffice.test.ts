/*
 * The budget sheet's "Both ledgers" section (issue 30; src/budget/sheet/budgetTimeline.ts, BudgetLedger* names) as
 * an .xlsx recalculated by LibreOffice headless (a fresh profile that never trusts the cached values), every
 * workbook in one start: the one-model budget with the seed's ledger (drift 2e-7, two minutes of review at 30.00 an
 * hour) and the several-model budget (the estate's worked example, its first and third models with a ledger). Each
 * formula's result is the model's cached value, the staleness totals are the model's (budgetLedger.ts,
 * estateBudget.ts) and the master check reads OK; then, each typed into a copy of the file at the XML level (every
 * other cell as saved), a negative drift and a number over a month's staleness are named by the master check: the
 * drift's bound, and the staleness total's two routes. Skipped, and said, without soffice.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import type { BudgetStaleness } from "../../../src/budget/model/budgetLedger";
import {
  BudgetEstatePlan,
  EXAMPLE_BUDGET_ESTATE,
  oneModelPlan,
  withOneLedger,
} from "../../../src/budget/model/budgetModels";
import { estateBudgetOf, EstateBudgetResult, EstateStaleness } from "../../../src/budget/model/estateBudget";
import { BUDGET_SHEET_NAME } from "../../../src/budget/sheet/budgetLayout";
import { budgetModelsSheetLayout } from "../../../src/budget/sheet/budgetModelsSheet";
import { monthColumn } from "../../../src/budget/sheet/budgetRows";
import { budgetModelsWorkbookBytes } from "../../../src/budget/sheet/budgetXlsx";
import { EXAMPLE_LEDGER_INPUTS } from "../../../src/ledgers/model";
import { CHECKS_OK } from "../../../src/core/sheet/checks";
import type { CachedValue } from "../../../src/core/sheet/cachedValues";
import { CellEdit, editedXlsx, failedWords, masterCheckAddress } from "../../support/checkEdits";
import { LIBREOFFICE_MS } from "../../support/deadlines";
import { formulaResults, sameResult, saveBytes } from "../../support/formulaResults";
import { formulaCells, namedAddress } from "../../support/layoutCells";
import { recalculateManyWithLibreOffice, sofficePath } from "../../support/libreoffice";
import { unwrap } from "../../support/unwrap";

/** One model: the steady-growth example with the seed's ledger. */
const ONE_MODEL: BudgetEstatePlan = withOneLedger(oneModelPlan(STEADY_GROWTH_EXAMPLE), EXAMPLE_LEDGER_INPUTS);

/** The estate's worked example by month: the first model the seed's ledger, the third its own, the second none. */
const SEVERAL_MODELS: BudgetEstatePlan = {
  ...EXAMPLE_BUDGET_ESTATE,
  models: EXAMPLE_BUDGET_ESTATE.models.map((model, i) =>
    i === 0
      ? { ...model, ledger: EXAMPLE_LEDGER_INPUTS }
      : i === 2
        ? { ...model, ledger: { driftPerMonth: 1e-6, costPerError: 3 } }
        : model,
  ),
};

/** The layouts the downloads are written from (chartNote, as the .xlsx writer sets it). */
const layoutOf = (plan: BudgetEstatePlan) => unwrap(budgetModelsSheetLayout(plan, "", { chartNote: true }));
const one = layoutOf(ONE_MODEL);
const several = layoutOf(SEVERAL_MODELS);

/** A month's cell (1-based) of the row `key`. */
const monthCell = (layout: typeof one, key: string, month: number) => `${monthColumn(month - 1)}${layout.rowOf[key]}`;

/** Each file: its name, the plan written, its layout, the cells typed into the saved file, the check named. */
const FILES: { name: string; plan: BudgetEstatePlan; layout: typeof one; edits: CellEdit[]; fails?: string }[] = [
  { name: "one model", plan: ONE_MODEL, layout: one, edits: [] },
  { name: "several models", plan: SEVERAL_MODELS, layout: several, edits: [] },
  {
    name: "one model, drift negative",
    plan: ONE_MODEL,
    layout: one,
    edits: [[namedAddress(one, "BudgetLedgerDriftPerMonth"), -2e-7]],
    fails: "Drift: from 0 to 1",
  },
  {
    name: "one model, a number over month 5's staleness",
    plan: ONE_MODEL,
    layout: one,
    edits: [[monthCell(one, "staleness", 5), 10]],
    fails: "Staleness, two routes",
  },
  {
    name: "several models, the third's drift negative",
    plan: SEVERAL_MODELS,
    layout: several,
    edits: [[namedAddress(several, "BudgetLedgerDriftPerMonth_M3"), -1]],
    fails: several.rows.map((row) => String(row[0]?.value ?? "")).find((label) => label.startsWith("M3: Drift")),
  },
  {
    name: "several models, a number over an estate month's staleness",
    plan: SEVERAL_MODELS,
    layout: several,
    edits: [[monthCell(several, "estate:staleness", 4), 1]],
    fails: "The models add up to the estate's staleness",
  },
];

const soffice = sofficePath();
if (!soffice)
  console.warn("LibreOffice is not installed: the budget ledger's recalculation in LibreOffice is skipped.");

(soffice ? describe : describe.skip)("the budget's both ledgers recalculated by LibreOffice", () => {
  const folder = mkdtempSync(join(tmpdir(), "mlcost-budget-ledger-"));
  let results: Map<string, CachedValue>[];
  beforeAll(async () => {
    const bytes = new Map<BudgetEstatePlan, ArrayBuffer>();
    for (const plan of [ONE_MODEL, SEVERAL_MODELS]) bytes.set(plan, unwrap(await budgetModelsWorkbookBytes(plan)));
    const saved = await Promise.all(
      FILES.map(async ({ name, plan, edits }, i) => {
        const written = bytes.get(plan)!;
        const file = edits.length === 0 ? written : new Uint8Array(await editedXlsx(written, BUDGET_SHEET_NAME, edits));
        return saveBytes(
          file instanceof ArrayBuffer ? file : file.slice().buffer,
          folder,
          `${i}-${name.replace(/[ ,']/g, "-")}.xlsx`,
        );
      }),
    );
    const recalculated = recalculateManyWithLibreOffice(saved);
    results = await Promise.all(recalculated.map((path) => formulaResults(path, BUDGET_SHEET_NAME)));
  }, LIBREOFFICE_MS);

  test.each([0, 1].map((i) => [FILES[i].name, i] as const))("%s: every formula's result is the model's", (_n, i) => {
    const { layout } = FILES[i];
    const actual = results[i];
    const wrong = formulaCells(layout).flatMap(({ address, cell }) => {
      const theirs = actual.get(address);
      const value = theirs instanceof Date ? theirs.getTime() / 86_400_000 + 25_569 : theirs;
      return sameResult(cell.cached, value)
        ? []
        : [`${address} =${cell.formula}: ${JSON.stringify(value)}, cached ${JSON.stringify(cell.cached)}`];
    });
    expect(wrong).toEqual([]);
    expect(actual.size).toBe(formulaCells(layout).length);
    expect(actual.get(masterCheckAddress(layout))).toBe(CHECKS_OK);
  });

  test("the staleness totals are the model's: the one model's horizon, the estate's the counted models' sum", () => {
    const oneModel = (estateBudgetOf(ONE_MODEL) as EstateBudgetResult).models[0].budget.staleness as BudgetStaleness;
    expect(Number(results[0].get(namedAddress(one, "BudgetHorizonStaleness")))).toBeCloseTo(oneModel.total, 6);
    const estate = (estateBudgetOf(SEVERAL_MODELS) as EstateBudgetResult).staleness as EstateStaleness;
    expect(estate.counted).toHaveLength(2);
    expect(Number(results[1].get(namedAddress(several, "BudgetEstateStaleness")))).toBeCloseTo(estate.total, 6);
  });

  test.each(FILES.slice(2).map((file, k) => [file.name, file, k + 2] as const))(
    "%s: the master check names it",
    (_name, file, i) => {
      expect(file.fails).toBeDefined();
      expect(results[i].get(masterCheckAddress(file.layout))).toBe(failedWords(file.fails!));
    },
  );
});
