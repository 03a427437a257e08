/*
 * The "API or fleet" sheet's .xlsx recalculated by LibreOffice headless (a fresh profile that never trusts the
 * cached values), in one start for every workbook: each formula's cached value (the model's) equals LibreOffice's
 * own result, for the worked example (0.25 s, 3,450.00 against 3,600.00, crossover 10,434,782.6), a cache and
 * batches, no crossover (#N/A, and the sentence why), the example at 20M (6,900.00 against 5,208.33), and traffic
 * growing 5% a month from 5M (the fleet cheaper from month 17).
 * LibreOffice is not an npm package: without soffice (apt-get install libreoffice-calc) this file is skipped, and
 * says so.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { unwrap } from "../../support/unwrap";
import { EXAMPLE_TOKEN_PLAN } from "../../../src/tokens/model";
import { TOKENS_SHEET_NAME, tokensSheetLayout } from "../../../src/tokens/sheet";
import { tokensWorkbookBytes } from "../../../src/tokens/sheet/tokensXlsx";
import { formulaResults, sameResult, saveBytes } from "../../support/formulaResults";
import { recalculateManyWithLibreOffice, sofficePath } from "../../support/libreoffice";
import { formulaCells } from "../../support/layoutCells";
import { LIBREOFFICE_MS } from "../../support/deadlines";
import { GROWING, TOKEN_SHEET_PLANS } from "./tokenPlans";

const soffice = sofficePath();
if (!soffice)
  console.warn("LibreOffice is not installed: the API-or-fleet sheet's LibreOffice recalculation is skipped.");

(soffice ? describe : describe.skip)("the download recalculated by LibreOffice", () => {
  const folder = mkdtempSync(join(tmpdir(), "mlcost-tokens-"));
  const plans = [
    ...TOKEN_SHEET_PLANS,
    ["the example at 20M", { ...EXAMPLE_TOKEN_PLAN, requestsPerMonth: 2e7 }],
  ] as const;
  let recalculated: string[];
  beforeAll(async () => {
    const saved = await Promise.all(
      plans.map(async ([name, plan]) =>
        saveBytes(unwrap(await tokensWorkbookBytes(plan)), folder, `${name.replace(/[ ,]/g, "-")}.xlsx`),
      ),
    );
    recalculated = recalculateManyWithLibreOffice(saved);
  }, LIBREOFFICE_MS);

  test.each(plans.map(([name, plan], i) => [name, plan, i] as const))(
    "%s: every formula's result is the model's",
    async (_name, plan, i) => {
      const actual = await formulaResults(recalculated[i], TOKENS_SHEET_NAME);
      const layout = unwrap(tokensSheetLayout(plan));
      const wrong = formulaCells(layout).flatMap(({ address, cell }) =>
        sameResult(cell.cached, actual.get(address))
          ? []
          : [
              `${address} =${cell.formula}: ${JSON.stringify(actual.get(address))}, ` +
                `cached ${JSON.stringify(cell.cached)}`,
            ],
      );
      expect(wrong).toEqual([]);
      expect(actual.size).toBe(formulaCells(layout).length);
      expect(actual.get("B4")).toBe("Check: OK");
    },
    LIBREOFFICE_MS,
  );

  test("the worked example's figures as LibreOffice computes them, at 10M and at 20M", async () => {
    const layout = unwrap(tokensSheetLayout(EXAMPLE_TOKEN_PLAN));
    const at10 = await formulaResults(recalculated[0], TOKENS_SHEET_NAME);
    const at20 = await formulaResults(recalculated[plans.length - 1], TOKENS_SHEET_NAME);
    const b = (results: Map<string, unknown>, key: string) => Number(results.get(`B${layout.rowOf[key]}`));
    expect(b(at10, "secondsPerRequest")).toBeCloseTo(0.25, 12);
    expect(b(at10, "apiMonth")).toBeCloseTo(3450, 6);
    expect(b(at10, "fleetMonth")).toBeCloseTo(3600, 6);
    expect(b(at10, "crossover")).toBeCloseTo(10_434_782.6, 1);
    expect(b(at20, "apiMonth")).toBeCloseTo(6900, 6);
    expect(b(at20, "fleetMonth")).toBeCloseTo(5208.33, 2);
    expect(at20.get("B5")).toBe("your own fleet");
  });

  test("traffic growing 5% a month from 5M: the fleet becomes cheaper in month 17, as by hand", async () => {
    const i = plans.findIndex(([, plan]) => plan === GROWING);
    const layout = unwrap(tokensSheetLayout(GROWING));
    const results = await formulaResults(recalculated[i], TOKENS_SHEET_NAME);
    expect(results.get(`B${layout.rowOf.cheaperMonth}`)).toBe(17);
  });
});
