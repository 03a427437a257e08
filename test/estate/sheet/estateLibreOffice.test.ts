/*
 * The estate sheet's .xlsx recalculated by LibreOffice headless (a fresh profile that never trusts the cached
 * values), in one start for every workbook: each formula's cached value (the model's) equals LibreOffice's own
 * result, for the worked example (191,200 h, 350,080.00 a year), an estate with one model unpriced, 20 models, and
 * both ledgers typed on two models, and A as the seed's run (its economic cadence 4.3033 months, best whole month 4
 * at 494.40 a month, docs/cost-model.md "Both ledgers"), once more with a negative drift typed into A's column (at
 * the XML level), which the master check names;
 * and after an edit of its inputs (the file written from the edited plan), the checks catch nonsense typed over a
 * figure. LibreOffice is not an npm package: without soffice (apt-get install libreoffice-calc) this file is skipped,
 * and says so.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { unwrap } from "../../support/unwrap";
import { EXAMPLE_ESTATE, EstatePlan } from "../../../src/estate/model";
import { ESTATE_SHEET_NAME, estateSheetLayout } from "../../../src/estate/sheet/estateLayout";
import { estateWorkbookBytes } from "../../../src/estate/sheet/estateXlsx";
import { formulaResults, sameResult, saveBytes } from "../../support/formulaResults";
import { recalculateManyWithLibreOffice, sofficePath } from "../../support/libreoffice";
import { formulaCells } from "../../support/layoutCells";
import { LIBREOFFICE_MS } from "../../support/deadlines";
import { editedXlsx, failedWords } from "../../support/checkEdits";
import { LEDGER_ESTATE, largeEstate, SEED_RUN_ESTATE } from "./estatePlans";

const UNPRICED: EstatePlan = {
  ...EXAMPLE_ESTATE,
  models: EXAMPLE_ESTATE.models.map((m, i) => (i === 2 ? { ...m, trainingPricePerHour: undefined } : m)),
};
const EDITED: EstatePlan = {
  ...EXAMPLE_ESTATE,
  clipsPerSecond: 400,
  models: EXAMPLE_ESTATE.models.map((m, i) =>
    i === 1 ? { ...m, cadence: 90, cadenceUnit: "days", shareScored: 0.3, peakToMean: 1.6, retireProposed: 0 } : m,
  ),
};

const soffice = sofficePath();
if (!soffice) console.warn("LibreOffice is not installed: the estate sheet's LibreOffice recalculation is skipped.");

(soffice ? describe : describe.skip)("the download recalculated by LibreOffice", () => {
  const folder = mkdtempSync(join(tmpdir(), "mlcost-estate-"));
  const plans = [
    ["the worked example", EXAMPLE_ESTATE],
    ["one model unpriced", UNPRICED],
    ["edited inputs", EDITED],
    ["20 models", largeEstate()],
    ["both ledgers on two models", LEDGER_ESTATE],
    ["the seed's run on A", SEED_RUN_ESTATE],
  ] as const;
  const seed = unwrap(estateSheetLayout(SEED_RUN_ESTATE));
  let recalculated: string[];
  beforeAll(async () => {
    const saved = await Promise.all(
      plans.map(async ([name, plan]) =>
        saveBytes(unwrap(await estateWorkbookBytes(plan)), folder, `${name.replace(/ /g, "-")}.xlsx`),
      ),
    );
    // the seed's file with A's drift typed negative: the nonsense a reviewer types, in the same start
    const seedBytes = unwrap(await estateWorkbookBytes(SEED_RUN_ESTATE));
    const drift = await editedXlsx(seedBytes, ESTATE_SHEET_NAME, [[`D${seed.rowOf.driftPerMonth}`, -2e-7]]);
    saved.push(saveBytes(new Uint8Array(drift).slice().buffer, folder, "seed-negative-drift.xlsx"));
    recalculated = recalculateManyWithLibreOffice(saved);
  }, LIBREOFFICE_MS);

  test.each(plans.map(([name, plan], i) => [name, plan, i] as const))(
    "%s: every formula's result is the model's",
    async (_name, plan, i) => {
      const actual = await formulaResults(recalculated[i], ESTATE_SHEET_NAME);
      const layout = unwrap(estateSheetLayout(plan));
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
    },
    LIBREOFFICE_MS,
  );

  test("the worked example's figures as LibreOffice computes them", async () => {
    const actual = await formulaResults(recalculated[0], ESTATE_SHEET_NAME);
    const layout = unwrap(estateSheetLayout(EXAMPLE_ESTATE));
    const b = (key: string) => actual.get(`B${layout.rowOf[key]}`);
    expect(b("total")).toBe(191_200);
    expect(Number(b("totalCost"))).toBeCloseTo(350_080, 6);
    expect(Number(b("trainingShare"))).toBeCloseTo(0.0397489539748954, 12);
    expect(Number(b("trainingCostShare"))).toBeCloseTo(0.0868372943327239, 12);
    expect(actual.get("B4")).toBe("Check: OK");
  });

  test("the seed's run as LibreOffice computes it: 4.3033 months, best whole month 4 at 494.40 a month", async () => {
    const actual = await formulaResults(recalculated[plans.length - 1], ESTATE_SHEET_NAME);
    const a = (key: string) => Number(actual.get(`D${seed.rowOf[key]}`));
    expect(a("runCost")).toBeCloseTo(1200, 9);
    expect(a("economicMonths")).toBeCloseTo(4.3033, 4);
    expect([a("monthBelow"), a("monthAbove"), a("bestMonth")]).toEqual([4, 5, 4]);
    expect(a("bestCost")).toBeCloseTo(494.4, 9);
    expect(actual.get("B4")).toBe("Check: OK");
  });

  test("a negative drift typed into A's column is named by the master check", async () => {
    const actual = await formulaResults(recalculated[plans.length], ESTATE_SHEET_NAME);
    expect(actual.get("B4")).toBe(failedWords("Model 1 drift: from 0 to 1"));
  });
});
