/*
 * The "API or own fleet" view in the pane at 350 and 800 px: the worked example's figures (3,450.00 against
 * 3,600.00 at 10M requests, 6,900.00 against 5,208.33 at 20M, the crossover 10,434,783), the sentence where there is
 * no crossover, an invalid field marking the figures out of date, a preset filling the API's prices, and what is
 * typed kept across a reload. Screenshots: test-artifacts/tokens-<width>-*.png.
 */
import { join } from "path";
import { Page } from "playwright-core";
import { axeViolations, ARTIFACTS, Harness, openPane, startHarness, wholePage } from "./browser";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness?.close());

async function tokensView(width: number): Promise<Page> {
  const { page } = await openPane(harness, { officeJs: "missing", viewport: { width, height: 900 } });
  await page.getByRole("tab", { name: "API or fleet" }).click();
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
    expect(await sideways(page)).toBe(0);
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
