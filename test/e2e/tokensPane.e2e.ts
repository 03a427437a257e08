/*
 * The "API or own fleet" view in the pane at 350 and 800 px: the worked example's figures (3,450.00 against
 * 3,600.00 at 10M requests, 6,900.00 against 5,208.33 at 20M, the crossover 10,434,783), the form beside the figures
 * at 800 px, the sentence where there is no crossover, an invalid field marking the figures out of date, a preset
 * filling the API's prices, and what is typed kept across a reload; the traffic from the Stage view's plan, or the
 * Budget view's with its growth (the month the fleet becomes cheaper), a typed figure winning; Download (a browser)
 * read back, and Insert (the fake Excel host). Screenshots: test-artifacts/tokens-<width>-*.png.
 */
import { readFileSync } from "fs";
import JSZip from "jszip";
import { join } from "path";
import { Page } from "playwright-core";
import { axeViolations, ARTIFACTS, Harness, openPane, startHarness, wholePage } from "./browser";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness?.close());

/** The view at `width`, the worked example's 10,000,000 requests a month typed over the plan's traffic. */
async function tokensView(width: number): Promise<Page> {
  const { page } = await openPane(harness, { officeJs: "missing", viewport: { width, height: 900 } });
  await page.getByRole("tab", { name: "API or fleet" }).click();
  await page.locator("#tokens-answer").getByText("At 648,000,000 requests", { exact: false }).waitFor();
  await page.locator("#tokens-field-requestsPerMonth").fill("10,000,000");
  await page.locator("#tokens-answer").getByText("the API is cheaper", { exact: false }).waitFor();
  return page;
}

/** A row of the comparison's table, by its heading: its cells' text. */
const row = (page: Page, heading: string) =>
  page
    .locator("#tokens-table tbody tr", { has: page.locator(`th:text-is("${heading}")`) })
    .locator("td")
    .allInnerTexts();

const sideways = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

describe.each([350, 800])("at %i px", (width) => {
  test("the worked example: both months at 10M, the crossover, the chart; then 20M, where the fleet wins", async () => {
    const page = await tokensView(width);
    expect(await page.locator("#tokens-answer").innerText()).toBe(
      "At 10,000,000 requests a month the API is cheaper: the API costs 3,450.00 USD and your fleet 3,600.00 USD.",
    );
    expect(await page.locator("#tokens-crossover").innerText()).toBe(
      "Your fleet is cheaper above 10,434,783 requests a month.",
    );
    // 0.000345 and 0.00026042 a request.
    expect(await row(page, "Cost of 1,000 requests")).toEqual(["0.3450 USD", "0.2604 USD"]);
    expect(await row(page, "Cost a month")).toEqual(["3,450.00 USD", "3,600.00 USD"]);
    expect(await row(page, "Seconds a request")).toEqual(["—", "0.250 s"]);
    expect(await row(page, "Accelerator-hours a month")).toEqual(["—", "1,440 h (the minimum)"]);
    const summary = await page.locator("#tokens-summary").innerText();
    expect(summary).toContain("3,450.00 USD");
    expect(summary).toContain("10,434,783 requests");
    expect(await page.getAttribute("#tokens-chart", "aria-label")).toContain("your fleet from 3,600.00 USD");
    expect(await page.locator("#tokens-hint-requestsPerMonth").innerText()).toBe(
      "Typed: it wins over the Stage view's plan: 648,000,000 a month.",
    );
    expect(await sideways(page)).toBe(0);
    if (width === 800) {
      // Side by side: the figures at the right of the form, their tops level with the presets'.
      const form = (await page.locator("#tokens-form").boundingBox())!;
      const preview = (await page.locator("#tokens-preview").boundingBox())!;
      expect(preview.x).toBeGreaterThanOrEqual(form.x + form.width);
      const presets = (await page.locator(".tokens-presets").boundingBox())!;
      expect(Math.abs(preview.y - presets.y)).toBeLessThan(40);
    }
    const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious).toEqual([]);
    await wholePage(page, `tokens-${width}-example.png`);
    await page.locator("#tokens-field-requestsPerMonth").fill("20,000,000");
    await page.locator("#tokens-answer").getByText("your fleet is cheaper", { exact: false }).waitFor();
    expect(await row(page, "Cost a month")).toEqual(["6,900.00 USD", "5,208.33 USD"]);
    expect(await row(page, "Accelerator-hours a month")).toEqual(["—", "2,083 h"]);
    await page.locator("#tokens-preview").screenshot({ path: join(ARTIFACTS, `tokens-${width}-preview-20M.png`) });
    await page.context().close();
  });
});

test("no crossover: the sentence says the API is cheaper at every volume, and why", async () => {
  const page = await tokensView(350);
  await page.locator("#tokens-field-outputPricePerMillion").fill("0.1");
  await page.locator("#tokens-crossover").getByText("The API is cheaper at every volume", { exact: false }).waitFor();
  expect(await page.locator("#tokens-crossover").innerText()).toMatch(/the fleet's cost a request .* is not under/);
  expect(await page.locator("#tokens-summary").innerText()).toContain("no volume");
  await page.context().close();
});

test("an invalid field says what to fix beside it and greys the figures; a preset fills the API's prices", async () => {
  const page = await tokensView(350);
  await page.locator("#tokens-field-peakToMean").fill("0.5");
  await page.getByText("Peak-to-mean is a multiplier of 1 or more (1 = none); got 0.5.").waitFor();
  await page.locator("#tokens-stale").getByText("Out of date", { exact: false }).waitFor();
  await wholePage(page, "tokens-350-invalid.png");
  await page.locator("#tokens-field-peakToMean").fill("1.5");
  await page.locator("#tokens-stale").waitFor({ state: "hidden" });
  await page.locator("#tokens-api-preset").selectOption({ label: "OpenAI GPT-4o: 2.5 / 10 USD per 1M" });
  await page
    .locator("#tokens-api-preset-source")
    .getByText("Source: OpenAI API pricing page", { exact: false })
    .waitFor();
  expect(await page.locator("#tokens-field-inputPricePerMillion").inputValue()).toBe("2.5");
  // 1,500 x 2.50 + 200 x 10.00 per 1M: 0.00575 a request, 57,500.00 at 10M; the fleet 3,600.00.
  await page.locator("#tokens-answer").getByText("your fleet is cheaper", { exact: false }).waitFor();
  expect(await row(page, "Cost a month")).toEqual(["57,500.00 USD", "3,600.00 USD"]);
  // A planner's own price wins: typed over the preset, it is what counts.
  await page.locator("#tokens-field-inputPricePerMillion").fill("0.15");
  await page.locator("#tokens-field-outputPricePerMillion").fill("0.6");
  await page.locator("#tokens-answer").getByText("the API is cheaper", { exact: false }).waitFor();
  await page.context().close();
});

test("what is typed is kept in this browser and comes back after a reload", async () => {
  const page = await tokensView(350);
  await page.locator("#tokens-field-pricePerHour").fill("3");
  await page.locator("#tokens-kept").getByText("kept in this browser", { exact: false }).waitFor();
  await page.waitForTimeout(800);
  await page.reload();
  await page.getByRole("tab", { name: "API or fleet" }).click();
  await page.locator("#tokens-answer").waitFor();
  await page.waitForFunction(
    () => (document.getElementById("tokens-field-pricePerHour") as HTMLInputElement | null)?.value === "3",
  );
  // 2 x 720 x 3.00 = 4,320.00 at its minimum.
  expect(await row(page, "Cost a month")).toEqual(["3,450.00 USD", "4,320.00 USD"]);
  await page.context().close();
});

test("blank, the traffic is the Stage view's plan, said; changed there, it follows; typed, it wins", async () => {
  const { page } = await openPane(harness, { officeJs: "missing", viewport: { width: 350, height: 900 } });
  await page.getByRole("tab", { name: "API or fleet" }).click();
  const line = page.locator("#tokens-hint-requestsPerMonth");
  // 250 clips a second (the stage view's worked example) x 720 h x 3,600 s.
  await line.getByText("From the Stage view's plan: 648,000,000 a month", { exact: false }).waitFor();
  expect(await page.locator("#tokens-answer").innerText()).toBe(
    "At 648,000,000 requests a month your fleet is cheaper: the API costs 223,560.00 USD and your fleet " +
      "168,750.00 USD.",
  );
  expect(await page.locator("#tokens-hint-monthlyGrowth").innerText()).toMatch(/^None given: type one, or open/);
  await page.getByRole("tab", { name: "Cost stages" }).click();
  await page.locator("#field-clipsPerSecond").fill("2");
  await page.getByRole("tab", { name: "API or fleet" }).click();
  await line.getByText("From the Stage view's plan: 5,184,000 a month", { exact: false }).waitFor();
  await page.locator("#tokens-answer").getByText("At 5,184,000 requests a month the API is cheaper").waitFor();
  await page.locator("#tokens-field-requestsPerMonth").fill("20,000,000");
  await line.getByText("Typed: it wins over the Stage view's plan: 5,184,000 a month.").waitFor();
  await page.context().close();
});

test("with the Budget view open, its first month and growth: the month the fleet becomes cheaper", async () => {
  const { page } = await openPane(harness, { officeJs: "missing", viewport: { width: 800, height: 900 } });
  await page.getByRole("tab", { name: "Budget" }).click();
  await page.locator("#budget-summary").waitFor();
  await page.getByRole("tab", { name: "API or fleet" }).click();
  await page
    .locator("#tokens-hint-monthlyGrowth")
    .getByText("From the Budget view's +5.0% a month", { exact: false })
    .waitFor();
  expect(await page.locator("#tokens-hint-requestsPerMonth").innerText()).toMatch(/^From the Budget view's plan: /);
  // 5,000,000 typed: 5M x 1.05^16 = 10,914,373 is the first month's traffic past the crossover, 10,434,783.
  await page.locator("#tokens-field-requestsPerMonth").fill("5,000,000");
  await page.locator("#tokens-month").getByText("month 17", { exact: false }).waitFor();
  expect(await page.locator("#tokens-month").innerText()).toBe(
    "With traffic growing +5.0% a month from 5,000,000, your fleet is cheaper from month 17 (10,914,373 requests).",
  );
  await wholePage(page, "tokens-800-budget-growth.png");
  await page.locator("#tokens-field-monthlyGrowth").fill("0.1");
  // 5M x 1.1^8 = 10,717,944 passes it first: month 9.
  await page.locator("#tokens-month").getByText("from month 9 (10,717,944 requests)", { exact: false }).waitFor();
  await page.context().close();
});

test("in a browser, Download gives the API-or-fleet sheet as an .xlsx: its names, the month live", async () => {
  const page = await tokensView(350);
  await page.locator("#tokens-field-requestsPerMonth").fill("5,000,000");
  await page.locator("#tokens-field-monthlyGrowth").fill("0.05");
  await page.locator("#tokens-month").getByText("month 17", { exact: false }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download API-or-fleet sheet (.xlsx)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("mlcost-api-or-fleet.xlsx");
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const workbook = await zip.file("xl/workbook.xml")!.async("string");
  expect(workbook).toMatch(/<sheet [^>]*name="API or fleet"/);
  for (const name of ["TokRequestsPerMonth", "TokMonthlyGrowth", "TokTokensPerPriceUnit", "TokCheaperMonth"])
    expect(workbook).toContain(`<definedName name="${name}"`);
  const sheet = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
  // The month, live over the named figures, caching the model's 17; the 1,000,000 a labelled cell's.
  expect(sheet).toMatch(/<f>IF\(TokRequestsPerMonth&gt;TokCrossover,1,TokGrowthMonths\+1\+1\)<\/f><v>17<\/v>/);
  expect(sheet).not.toContain("/1000000");
  await page.getByText("Downloaded mlcost-api-or-fleet.xlsx").waitFor();
  await page.context().close();
});

test("inside Excel, Insert writes the API-or-fleet sheet on a new sheet, with the traffic typed", async () => {
  const { page } = await openPane(harness, {
    fakeHost: { sheets: [{ name: "Sheet1", cells: {} }], names: [] },
    viewport: { width: 350, height: 900 },
  });
  await page.getByRole("tab", { name: "API or fleet" }).click();
  await page.locator("#tokens-field-requestsPerMonth").fill("10,000,000");
  await page.locator("#tokens-answer").getByText("the API is cheaper", { exact: false }).waitFor();
  await page.getByRole("button", { name: "Insert API-or-fleet sheet" }).click();
  await page.getByText('Inserted on a new sheet, "API or fleet"', { exact: false }).waitFor();
  type Fake = {
    sheets: { name: string }[];
    names: { name: string; reference?: string }[];
    cells: Record<string, Record<string, { value?: unknown; formula?: string }>>;
  };
  const fake = await page.evaluate(() => (window as unknown as { __excelFake: Fake }).__excelFake);
  expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "API or fleet", "About this workbook"]); // and its notes
  const reference = fake.names.find((n) => n.name === "TokRequestsPerMonth")!.reference!;
  const [sheetName, address] = reference.replace(/[=$']/g, "").split("!");
  expect(fake.cells[sheetName][address]).toMatchObject({ value: 10_000_000 });
  await page.context().close();
});
