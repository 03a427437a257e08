/*
 * Both ledgers in the annual view (issue 30): the worked example's staleness, the cadence lever's two ledgers and
 * its net, the economic cadence and the sensitivity, as the pane shows them; blank says one ledger only; zero drift
 * leaves every other figure of the view as it was. Screenshots: test-artifacts/ledgers-annual-*.png.
 */
import { join } from "path";
import { Page } from "playwright-core";
import { axeViolations, ARTIFACTS, Harness, openPane, startHarness, wholePage } from "./browser";
import { ONE_LEDGER_ONLY } from "../../src/ledgers/model/ledgerFields";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness?.close());

async function annualView(width = 350): Promise<Page> {
  const { page } = await openPane(harness, { officeJs: "missing", viewport: { width, height: 900 } });
  await page.getByRole("tab", { name: "Annual bill" }).click();
  await page.getByText("Training is 2.7% of the year's accelerator-hours").waitFor();
  return page;
}

/** Types a price of 2.00 USD into the annual form's folded money group. */
async function price(page: Page): Promise<void> {
  const fold = page.locator("#annual-form details.fold", { hasText: "Money" });
  if ((await fold.getAttribute("open")) === null) await fold.locator("summary").click();
  await page.locator("#annual-form").getByLabel("Price per accelerator-hour").fill("2");
  await page.locator("#annual-form").getByLabel("Currency").fill("USD");
}

/** Types into a field of both ledgers' form, by its key (two labels share "cost of one error"). */
const ledger = (page: Page, key: string, text: string) => page.locator(`#annual-ledgers-field-${key}`).fill(text);

/** Everything the annual view shows but both ledgers' section: the figures that must not move. */
const todaysFigures = (page: Page) =>
  page.evaluate(() =>
    ["annual-answer", "annual-table", "annual-levers", "annual-sentences", "annual-summary"].map(
      (id) => document.getElementById(id)!.innerText,
    ),
  );

test("blank says the cadence lever counts one ledger only; the worked example's two ledgers when typed", async () => {
  const page = await annualView();
  await price(page);
  const section = page.locator("#annual-ledgers-section");
  await expect(section.locator("#annual-ledgers-answer").innerText()).resolves.toBe(ONE_LEDGER_ONLY);
  expect(await section.locator("#annual-ledgers-net").isHidden()).toBe(true);
  const before = await todaysFigures(page);
  await ledger(page, "driftPerMonth", "2e-7");
  await ledger(page, "reviewMinutesPerError", "2");
  await ledger(page, "reviewerCostPerHour", "30");
  await expect(section.locator("#annual-ledgers-answer").innerText()).resolves.toBe(
    "A staler model costs 129.60 USD a month in review and harm at the cadence now, 1,555.20 USD a year.",
  );
  const change = await section.locator("#annual-ledgers-change tbody tr").allInnerTexts();
  expect(change.map((row) => row.replace(/\s+/g, " "))).toEqual([
    "Compute saved a year 3,600.00",
    "Staleness added a year 6,998.40",
    "Net a year -3,398.40",
  ]);
  await expect(section.locator("#annual-ledgers-net").innerText()).resolves.toMatch(
    /^Net -3,398.40 USD a year: retraining every 12 months instead of every 3 months loses 3,398.40 USD a year/,
  );
  await expect(section.locator("#annual-ledgers-economic").innerText()).resolves.toMatch(
    /economic cadence is 4.30 months: the best whole month is every 4 months, at 494.40 USD a month/,
  );
  const best = section.locator("#annual-ledgers-sensitivity tbody tr.best");
  expect((await best.innerText()).replace(/\s+/g, " ")).toBe("4 (best) 300.00 194.40 494.40");
  expect(await section.locator("#annual-ledgers-sensitivity tbody tr").count()).toBe(12);
  // The section adds figures; it moves none of the view's own.
  expect(await todaysFigures(page)).toEqual(before);
  const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious).toEqual([]);
  await section.screenshot({ path: join(ARTIFACTS, "ledgers-annual-350.png") });
  await wholePage(page, "ledgers-annual-350-page.png");
});

test("zero drift: no staleness, the net is the compute saving, the other figures unchanged; 320 px fits", async () => {
  const page = await annualView(320);
  await price(page);
  const before = await todaysFigures(page);
  await ledger(page, "driftPerMonth", "0");
  await ledger(page, "costPerError", "1");
  const section = page.locator("#annual-ledgers-section");
  await expect(section.locator("#annual-ledgers-answer").innerText()).resolves.toMatch(/costs 0.00 USD a month/);
  const change = await section.locator("#annual-ledgers-change tbody tr").allInnerTexts();
  expect(change[2].replace(/\s+/g, " ")).toBe("Net a year 3,600.00");
  await expect(section.locator("#annual-ledgers-economic").innerText()).resolves.toMatch(/staleness costs nothing/);
  expect(await todaysFigures(page)).toEqual(before);
  // A bad drift marks the section's figures out of date and says what to fix.
  await ledger(page, "driftPerMonth", "2");
  expect(await page.locator("#annual-ledgers-stale").isVisible()).toBe(true);
  await expect(
    page
      .locator("#annual-ledgers-form")
      .getByText(/between 0 and 1/)
      .count(),
  ).resolves.toBe(1);
  const sideways = await page.evaluate(
    () => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth,
  );
  expect(sideways).toBe(0);
  await section.screenshot({ path: join(ARTIFACTS, "ledgers-annual-320-invalid.png") });
});

test("the what-if view mounts the same section for its base scenario, priced or not", async () => {
  const { page } = await openPane(harness, { officeJs: "missing", viewport: { width: 350, height: 900 } });
  await page.getByRole("tab", { name: "What-if" }).click();
  await page.getByText("Largest swing:", { exact: false }).waitFor();
  await page.locator("#whatif-ledgers-field-driftPerMonth").fill("2e-7");
  await page.locator("#whatif-ledgers-field-costPerError").fill("1");
  // The base scenario, Expected, is the worked example: a 90-day interval, 250 clips/s.
  await expect(page.locator("#whatif-ledgers-answer").innerText()).resolves.toMatch(
    /^A staler model costs 129.60( \S+)? a month/,
  );
  await page.locator("#whatif-ledgers-section").screenshot({ path: join(ARTIFACTS, "ledgers-whatif-350.png") });
});
