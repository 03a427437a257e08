/*
 * The portable view inside Excel (the recording fake host): add the workbook functions; scan (nothing changes,
 * the report shows counts, samples and the protected sheet); convert (the formulas rewritten, the originals kept
 * on a very hidden sheet, STAGETABLE left and said why); restore (exactly the original formulas back, the
 * originals sheet gone); restore after a row was inserted above the converted cells (found where Excel moved
 * them, and said so). Screenshots: test-artifacts/portable-excel-*.png.
 */
import { mkdirSync } from "fs";
import { Page } from "playwright-core";
import { TWIN_SPECS } from "../../src/portable/formula/twins";
import { axeViolations, ARTIFACTS, Harness, openPane, startHarness, wholePage } from "./browser";

let harness: Harness;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});
afterAll(() => harness?.close());

const PLAN_CELLS = {
  A2: 600,
  B2: 0.04,
  C2: "=MLCOST.CROSSOVER(A2,B2)",
  D2: "=_xldudf_MLCOST_SERVINGHOURS(C2,B2)*2",
  F2: "=MLCOST.STAGETABLE(600,0.04,5000,54000000,1944000000)",
};
const SEED = {
  sheets: [
    { name: "Plan", cells: PLAN_CELLS },
    { name: "Locked", cells: { A1: "=MLCOST.CROSSOVER(600,0.04)" } },
  ],
  names: [],
  protectedSheets: ["Locked"],
};

type Fake = { cells: Record<string, Record<string, { value: unknown }>>; names: { name: string }[]; syncs: number };
const fakeOf = (page: Page) => page.evaluate(() => (window as unknown as { __excelFake: Fake }).__excelFake);
const formulaAt = async (page: Page, sheet: string, address: string) =>
  ((await fakeOf(page)).cells[sheet] || {})[address]?.value;
const sheetNames = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __excelFake: { sheets: { name: string }[] } }).__excelFake.sheets.map((s) => s.name),
  );

async function portableTab(): Promise<Page> {
  const { page } = await openPane(harness, { fakeHost: SEED, viewport: { width: 350, height: 900 } });
  await page.getByRole("tab", { name: "Portable workbook" }).click();
  await page.getByRole("button", { name: "Scan workbook" }).waitFor();
  return page;
}

test("Add workbook functions adds every twin as a workbook name and says so", async () => {
  const page = await portableTab();
  await page.getByRole("button", { name: "Add workbook functions" }).click();
  await page.getByText(`${TWIN_SPECS.length} workbook functions added`).first().waitFor();
  const names = (await fakeOf(page)).names.map((n) => n.name);
  expect(names).toEqual(TWIN_SPECS.map((spec) => spec.id));
  await page.context().close();
});

test("scan changes nothing; convert rewrites and keeps the originals; restore puts them back exactly", async () => {
  const page = await portableTab();
  await page.getByRole("button", { name: "Scan workbook" }).click();
  await page.getByText("Nothing has changed yet.").waitFor();
  await page.getByText("1 protected sheet will be skipped.", { exact: false }).waitFor();
  await page.getByRole("heading", { name: "What changes, for example" }).waitFor();
  expect(await formulaAt(page, "Plan", "C2")).toBe(PLAN_CELLS.C2);
  const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious).toEqual([]);
  await wholePage(page, "portable-excel-350-scan.png");

  const convert = page.getByRole("button", { name: /^Convert \d+ calls?$/ });
  await convert.click();
  await page
    .getByText(/converted to workbook functions\./)
    .first()
    .waitFor();
  expect(await formulaAt(page, "Plan", "C2")).toBe("=CROSSOVER(A2,B2)");
  expect(await formulaAt(page, "Plan", "D2")).toBe("=SERVINGHOURS(C2,B2)*2");
  expect(await formulaAt(page, "Plan", "F2")).toBe(PLAN_CELLS.F2); // STAGETABLE: left, and said why
  expect(await formulaAt(page, "Locked", "A1")).toBe("=MLCOST.CROSSOVER(600,0.04)"); // protected: skipped
  await page.getByText("STAGETABLE spills a table", { exact: false }).waitFor();
  await page.getByText('very hidden sheet named "MLCost originals"', { exact: false }).waitFor();
  expect(await sheetNames(page)).toContain("MLCost originals");
  await wholePage(page, "portable-excel-350-converted.png");

  await page.getByRole("button", { name: "Restore add-in formulas" }).click();
  await page.getByText("2 formulas put back as they were before the conversion.").first().waitFor();
  for (const [address, formula] of Object.entries(PLAN_CELLS))
    if (typeof formula === "string") expect(await formulaAt(page, "Plan", address)).toBe(formula);
  expect(await sheetNames(page)).not.toContain("MLCost originals");
  await page.context().close();
});

test("restore after a row was inserted above the converted cells finds them where Excel moved them", async () => {
  const page = await portableTab();
  await page.getByRole("button", { name: "Scan workbook" }).click();
  await page.getByRole("button", { name: /^Convert \d+ calls?$/ }).click();
  await page
    .getByText(/converted to workbook functions\./)
    .first()
    .waitFor();
  // The user inserts a row above row 2 of Plan: C2 and D2 move to row 3, their references with them.
  await page.evaluate(() =>
    (window as unknown as { __excelFake: { insertRows(sheet: string, at: number): void } }).__excelFake.insertRows(
      "Plan",
      1,
    ),
  );
  expect(await formulaAt(page, "Plan", "C3")).toBe("=CROSSOVER(A3,B3)");
  await page.getByRole("button", { name: "Restore add-in formulas" }).click();
  await page.getByText("2 formulas put back as they were before the conversion.").first().waitFor();
  await page.getByText("Plan C2 (now C3), Plan D2 (now D3)", { exact: false }).waitFor();
  expect(await formulaAt(page, "Plan", "C3")).toBe("=MLCOST.CROSSOVER(A3,B3)");
  expect(await formulaAt(page, "Plan", "D3")).toBe("=_xldudf_MLCOST_SERVINGHOURS(C3,B3)*2");
  expect(await sheetNames(page)).not.toContain("MLCost originals");
  await wholePage(page, "portable-excel-350-restored-moved.png");
  await page.context().close();
});

test("changing the choice after a scan asks for a new scan before anything converts", async () => {
  const page = await portableTab();
  await page.getByRole("button", { name: "Scan workbook" }).click();
  await page.getByRole("button", { name: /^Convert \d+ calls?$/ }).waitFor();
  await page.getByLabel("Plain arithmetic").check();
  await page.getByText("The choice changed: scan again to see what it would do.").waitFor();
  expect(await page.getByRole("button", { name: /^Convert \d+ calls?$/ }).isHidden()).toBe(true);
  await page.context().close();
});
