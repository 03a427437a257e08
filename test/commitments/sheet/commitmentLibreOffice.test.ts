/*
 * The commitment sheet's .xlsx recalculated by LibreOffice headless (a fresh profile that never trusts the cached
 * values), in one start for every workbook: each formula's cached value (the model's) equals LibreOffice's own
 * result, for the worked example at 40% (commit 10, 23,040.00, 20% saved, coverage 50.0%) and at 60% (commit 30,
 * 17,280.00), a bill's commitment, fractional levels and no discount. The download carries the notes sheet too.
 * LibreOffice is not an npm package: without soffice (apt-get install libreoffice-calc) this file is skipped, and
 * says so.
 */
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import ExcelJS from "exceljs";
import { unwrap } from "../../support/unwrap";
import { COMMITMENT_SHEET_NAME, commitmentSheetLayout } from "../../../src/commitments/sheet";
import { commitmentWorkbookBytes } from "../../../src/commitments/sheet/commitmentXlsx";
import { COVER_SHEET_NAME } from "../../../src/core/notes/cover";
import { formulaResults, sameResult, saveBytes } from "../../support/formulaResults";
import { recalculateManyWithLibreOffice, sofficePath } from "../../support/libreoffice";
import { formulaCells } from "../../support/layoutCells";
import { LIBREOFFICE_MS } from "../../support/deadlines";
import { AT_SIXTY, COMMITMENT_SHEET_PLANS, WORKED_EXAMPLE } from "./commitmentPlans";

const soffice = sofficePath();
if (!soffice)
  console.warn("LibreOffice is not installed: the commitment sheet's LibreOffice recalculation is skipped.");

test("the download holds the commitment sheet and the notes sheet", async () => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(unwrap(await commitmentWorkbookBytes(WORKED_EXAMPLE)));
  expect(workbook.worksheets.map((w) => w.name)).toEqual([COMMITMENT_SHEET_NAME, COVER_SHEET_NAME]);
});

(soffice ? describe : describe.skip)("the download recalculated by LibreOffice", () => {
  const folder = mkdtempSync(join(tmpdir(), "mlcost-commitment-"));
  let recalculated: string[];
  beforeAll(async () => {
    const saved = await Promise.all(
      COMMITMENT_SHEET_PLANS.map(async ([name, plan]) =>
        saveBytes(unwrap(await commitmentWorkbookBytes(plan)), folder, `${name.replace(/[ ,:%']/g, "-")}.xlsx`),
      ),
    );
    recalculated = recalculateManyWithLibreOffice(saved);
  }, LIBREOFFICE_MS);

  test.each(COMMITMENT_SHEET_PLANS.map(([name, plan], i) => [name, plan, i] as const))(
    "%s: every formula's result is the model's",
    async (_name, plan, i) => {
      const actual = await formulaResults(recalculated[i], COMMITMENT_SHEET_NAME);
      const layout = unwrap(commitmentSheetLayout(plan));
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

  test("the worked example's figures as LibreOffice computes them, at 40% and at 60%", async () => {
    const layout = unwrap(commitmentSheetLayout(WORKED_EXAMPLE));
    const i60 = COMMITMENT_SHEET_PLANS.findIndex(([, plan]) => plan === AT_SIXTY);
    const at40 = await formulaResults(recalculated[0], COMMITMENT_SHEET_NAME);
    const at60 = await formulaResults(recalculated[i60], COMMITMENT_SHEET_NAME);
    const b = (results: Map<string, unknown>, key: string) => Number(results.get(`B${layout.rowOf[key]}`));
    expect(b(at40, "committed")).toBe(10);
    expect(b(at40, "totalCost")).toBeCloseTo(23_040, 6);
    expect(b(at40, "savingShare")).toBeCloseTo(0.2, 12);
    expect(b(at40, "coverage")).toBeCloseTo(0.5, 12);
    expect(b(at60, "committed")).toBe(30);
    expect(b(at60, "totalCost")).toBeCloseTo(17_280, 6);
    expect(b(at60, "utilisation")).toBeCloseTo(2 / 3, 12);
  });
});
