/*
 * The annual view in the pane: the worked example's figures from the defaults, the 2x peak-to-mean and
 * re-scan variants, the levers sorted with their sentences, an invalid field marking the figures out of date.
 * Screenshots: test-artifacts/annual-<width>-*.png.
 */
import { mkdirSync, readFileSync } from "fs";
import JSZip from "jszip";
import { join } from "path";
import { Page } from "playwright-core";
import { axeViolations, ARTIFACTS, Harness, openPane, startHarness, wholePage } from "./browser";

let harness: Harness;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});
afterAll(() => harness?.close());

async function annualView(width = 350): Promise<Page> {
  const { page } = await openPane(harness, { officeJs: "missing", viewport: { width, height: 900 } });
  await page.getByRole("tab", { name: "Annual bill" }).click();
  await page.getByText("Training is 2.7% of the year's accelerator-hours").waitFor();
  return page;
}

/** Types into a field of the annual form (the stage form, hidden, has fields of the same names). */
const fill = (page: Page, label: string, text: string) => page.locator("#annual-form").getByLabel(label).fill(text);

/** The annual table's row for `part` as shown: its cells' text. */
const row = (page: Page, table: string, heading: string) =>
  page
    .locator(`#${table} tbody tr`, { has: page.locator(`th:text-is("${heading}")`) })
    .locator("td")
    .allInnerTexts();

test("the defaults show the worked example's year and levers", async () => {
  const page = await annualView();
  expect(await row(page, "annual-table", "Training (runs x overhead)")).toEqual(["2,400", "2.7%"]);
  expect(await row(page, "annual-table", "Serving")).toEqual(["86,400", "97.3%"]);
  expect(await row(page, "annual-table", "Total")).toEqual(["88,800", "100%"]);
  // Sorted by hours saved: the per-clip time first, the cadence last, each against its ceiling.
  const levers = await page.locator("#annual-levers tbody th").allInnerTexts();
  expect(levers[0]).toMatch(/service time/i);
  expect(levers[levers.length - 1]).toMatch(/cadence/i);
  expect((await row(page, "annual-levers", levers[0])).slice(0, 2)).toEqual(["21,600 h", "24.3%"]);
  expect(await row(page, "annual-levers", levers[levers.length - 1])).toEqual(["1,800 h", "2.03%", "2.7%"]);
  await page.getByText("Point the effort at", { exact: false }).waitFor();
  const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious).toEqual([]);
  await wholePage(page, "annual-350-valid.png");
  expect(await page.getAttribute("#annual-chart", "aria-label")).toContain(
    "Per-clip service time saves 24.3% against a ceiling of 97.3%",
  );
  await page.locator("#annual-preview").screenshot({ path: join(ARTIFACTS, "annual-350-preview.png") });
  await page.context().close();
});

test("at 2x peak-to-mean training is 1.37% of the hours paid for, and idle capacity is 36x training", async () => {
  const page = await annualView();
  await fill(page, "Peak-to-mean provisioning for serving", "2");
  await page.getByText("(1.37% of the hours paid for)", { exact: false }).waitFor();
  await page.getByText("86,400 h a year, 36x the whole training half", { exact: false }).waitFor();
  await fill(page, "Peak-to-mean provisioning for serving", "1");
  await fill(page, "Re-scans of the back catalogue", "1");
  await page.getByText("Training is 1.8% of the year's accelerator-hours", { exact: false }).waitFor();
  await page.context().close();
});

test("an invalid field marks the year out of date and names the field; 320 px does not scroll sideways", async () => {
  const page = await annualView(320);
  await fill(page, "Clips per second", "25O");
  await page.getByText("Out of date: fix Clips per second to update.").waitFor();
  expect(await page.getAttribute("#annual-preview", "data-stale")).not.toBeNull();
  const overflow = await page.evaluate(
    () => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth,
  );
  expect(overflow).toBe(0);
  await wholePage(page, "annual-320-invalid.png");
  await page.context().close();
});

test("in a browser, Download gives the annual sheet as an .xlsx with the workbook functions", async () => {
  const page = await annualView();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download annual sheet (.xlsx)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("mlcost-annual.xlsx");
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const workbook = await zip.file("xl/workbook.xml")!.async("string");
  expect(workbook).toMatch(/<sheet [^>]*name="Annual view"/);
  expect(workbook).toContain('<definedName name="LEVERSAVING"');
  await page.getByText("Downloaded mlcost-annual.xlsx").waitFor();
  await page.context().close();
});

test("inside Excel, Insert writes the annual sheet with its two charts and says so", async () => {
  const { page } = await openPane(harness, {
    fakeHost: { sheets: [{ name: "Sheet1", cells: {} }], names: [] },
    viewport: { width: 350, height: 900 },
  });
  await page.getByRole("tab", { name: "Annual bill" }).click();
  await page.getByRole("button", { name: "Insert annual sheet" }).click();
  await page.getByText('Inserted on a new sheet, "Annual view", with its charts.').waitFor();
  const fake = await page.evaluate(
    () => (window as unknown as { __excelFake: { sheets: { name: string }[]; charts: unknown[] } }).__excelFake,
  );
  expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "Annual view"]);
  expect(fake.charts).toHaveLength(2);
  await page.context().close();
});

test("a dated public price fills price, currency and source, and the downloaded sheet keeps the source", async () => {
  const page = await annualView();
  await page.getByLabel("Start from a public price").selectOption({ index: 1 });
  expect(await page.locator("#annual-field-pricePerHour").inputValue()).toBe("6.88");
  expect(await page.locator("#annual-field-currency").inputValue()).toBe("USD");
  expect(await page.locator("#annual-field-priceSource").inputValue()).toContain("retrieved 2026-11-09");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download annual sheet (.xlsx)" }).click(),
  ]);
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  expect(await zip.file("xl/sharedStrings.xml")!.async("string")).toContain("retrieved 2026-11-09");
  await page.context().close();
});

test("what moves the ceiling: each input 20% either way, training's share at each end, largest first", async () => {
  const page = await annualView();
  const rows = page.locator("#annual-sensitivity tbody tr");
  await rows.first().waitFor();
  const cells = async (label: string) =>
    page
      .locator("#annual-sensitivity tbody tr", { has: page.locator(`th:text-is("${label}")`) })
      .locator("td")
      .allInnerTexts();
  // 480 h a run: 1,920 / 88,320 = 2.17%; 720 h: 2,880 / 89,280 = 3.23%.
  expect(await cells("Training run")).toEqual(["2.17%", "3.23%"]);
  // Traffic up 20% makes serving bigger: training's share falls to 2.26%.
  expect(await cells("Clips per second")).toEqual(["3.36%", "2.26%"]); // 2,400 / 71,520 and 2,400 / 106,080
  expect(await page.getAttribute("#annual-sensitivity svg", "aria-label")).toContain("Training run: 2.17% at its low");
  await page.locator("#annual-sensitivity").screenshot({ path: join(ARTIFACTS, "annual-350-sensitivity.png") });
  await page.context().close();
});
