/*
 * The take-back after a failed data batch tells this insert's sheet and names from others' by their
 * formulas (NamedItem.formula, ExcelApi 1.7). An Excel without it must delete nothing, and say what to
 * look for, rather than read what it cannot.
 */
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { insertStageSheet } from "../../../src/stages/sheet/insertStages";
import { installFakeExcel } from "../../support/fakeExcel";

const EMPTY = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };

test("below ExcelApi 1.7 a failed data batch is not taken back: the error says so and what to look for", async () => {
  const fake = installFakeExcel({ ...EMPTY, excelApi: "1.6", failOn: "tables.add" });
  await expect(insertStageSheet(EXAMPLE_PLAN)).rejects.toThrow(
    /Taking back what this insert had written failed too \(this Excel lacks ExcelApi 1\.7, which .*\): look for a sheet "Cost stages"/,
  );
  expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "Cost stages"]);
  expect(fake.writes.some((w) => w.kind.includes("delete"))).toBe(false);
});

test("with ExcelApi 1.7 the same failure is taken back, as before", async () => {
  const fake = installFakeExcel({ ...EMPTY, excelApi: "1.7", failOn: "tables.add" });
  await expect(insertStageSheet(EXAMPLE_PLAN)).rejects.toThrow(/Removed what this insert had made/);
  expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
});
