/*
 * The Estate view in the pane at 350 and 800 px: the worked example's three models and every figure the doc gives
 * (191,200 h, 350,080.00, training 3.97% of the hours and 8.68% of the money, the levers in both rankings); add,
 * duplicate, rename and remove a model; an invalid field marking the figures out of date; today's plan as a
 * one-model estate; Download (a browser) and Insert (the fake Excel host) of the estate sheet; both ledgers typed in
 * a model's card (folded until opened), its figures in the card and the cadence lever's net, nothing overflowing.
 * Screenshots: test-artifacts/estate-<width>-*.png.
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

async function estateView(width: number): Promise<Page> {
  const { page } = await openPane(harness, { officeJs: "missing", viewport: { width, height: 900 } });
  await page.getByRole("tab", { name: "Estate" }).click();
  await page.getByText("Training is 3.97% of the estate's accelerator-hours", { exact: false }).waitFor();
  return page;
}

/** A table's row whose heading is `heading`, as shown: its cells' text. */
const row = (page: Page, table: string, heading: string) =>
  page
    .locator(`#${table} tbody tr`, { has: page.locator(`th:text-is("${heading}")`) })
    .locator("td")
    .allInnerTexts();

const sideways = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

const serious = async (page: Page) =>
  (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");

describe.each([350, 800])("at %i px", (width) => {
  test("the defaults are the worked example: every figure, the levers ranked by money and by hours", async () => {
    const page = await estateView(width);
    await page.getByText("but 8.68% of its money", { exact: false }).waitFor();
    expect(await row(page, "estate-table", "Estate")).toEqual([
      "7,600 h\n30,400.00 USD",
      "183,600 h\n319,680.00 USD",
      "100.0%\n100.0%",
    ]);
    expect(await row(page, "estate-table", "C escalation")).toEqual([
      "4,000 h\n16,000.00 USD",
      "54,000 h\n216,000.00 USD",
      "30.33%\n66.27%",
    ]);
    expect(await row(page, "estate-crossovers", "C escalation")).toEqual([
      "288,000,000",
      "3,888,000,000",
      "serving, 13.5x",
    ]);
    const summary = await page.locator("#estate-summary").innerText();
    expect(summary).toContain("191,200 h");
    expect(summary).toContain("350,080.00 USD");
    const levers = await page.locator("#estate-levers tbody th").allInnerTexts();
    expect(levers).toEqual([
      "C escalation: share of clips scored, 5% to 4% of clips",
      "B second opinion: retired",
      "C escalation: per-clip service time, 500 ms to 450 ms a clip",
      "A policy classifier: per-clip service time, 40 ms to 30 ms a clip",
      "C escalation: retrain cadence, 2 to 1 runs a year",
      "A policy classifier: retrain cadence, 4 to 1 runs a year",
    ]);
    expect(await row(page, "estate-levers", levers[0])).toEqual([
      "1\n3 in hours",
      "43,200.00 USD\n10,800 h",
      "12.34% of money (61.7%)\n5.65% of hours (28.24%)",
    ]);
    expect(await row(page, "estate-levers", levers[1])).toEqual([
      "2\n1 in hours",
      "39,360.00 USD\n44,400 h",
      "11.24% of money (11.24%)\n23.22% of hours (23.22%)",
    ]);
    await page.locator("#estate-ranking").getByText("In money, C escalation: share of clips scored").waitFor();
    expect(await page.getAttribute("#estate-chart", "aria-label")).toContain("C escalation: 30.33% of hours");
    expect(await sideways(page)).toBe(0);
    expect(await serious(page)).toEqual([]);
    await wholePage(page, `estate-${width}-valid.png`);
    await page.locator("#estate-preview").screenshot({ path: join(ARTIFACTS, `estate-${width}-preview.png`) });
    await page.context().close();
  });
});

test("duplicate, rename and remove a model: the estate follows", async () => {
  const page = await estateView(350);
  await page.getByRole("button", { name: "Duplicate model 2" }).click();
  await page.getByRole("heading", { name: "Model 3: B second opinion (copy)" }).waitFor();
  expect(await row(page, "estate-table", "B second opinion (copy)")).toEqual([
    "1,200 h\n4,800.00 USD",
    "43,200 h\n34,560.00 USD",
    "18.85%\n10.11%",
  ]);
  await page.locator("#estate-summary").getByText("235,600 h").waitFor();
  await page.locator("#estate-models .model-card").nth(2).locator('input[name="name"]').fill("D shadow model");
  await page.getByRole("heading", { name: "Model 3: D shadow model" }).waitFor();
  expect(await row(page, "estate-table", "D shadow model")).toHaveLength(3);
  await page.getByRole("button", { name: "Remove model 3" }).click();
  await page.locator("#estate-summary").getByText("191,200 h").waitFor();
  expect(await page.locator("#estate-models .model-card").count()).toBe(3);
  await page.getByRole("button", { name: "Add a model" }).click();
  await page.getByRole("heading", { name: "Model 4: Model 4" }).waitFor();
  await wholePage(page, "estate-350-four-models.png");
  await page.context().close();
});

test("an invalid field says what to fix beside it and marks the figures out of date", async () => {
  const page = await estateView(350);
  const escalation = page.locator("#estate-models .model-card").nth(2);
  await escalation.locator('input[name="shareScored"]').fill("1.5");
  await escalation.getByText("Share of clips scored must be between 0 and 1; got 1.5.").waitFor();
  await page.locator("#estate-stale").getByText("Out of date", { exact: false }).waitFor();
  expect(await page.getAttribute("#estate-preview", "data-stale")).toBe("");
  await wholePage(page, "estate-350-invalid.png");
  await escalation.locator('input[name="shareScored"]').fill("0.05");
  await page.locator("#estate-stale").waitFor({ state: "hidden" });
  await page.context().close();
});

test("today's plan, the annual view's inputs, becomes a one-model estate", async () => {
  const page = await estateView(350);
  await page.getByRole("tab", { name: "Annual bill" }).click();
  await page.getByText("Training is 2.7% of the year's accelerator-hours").waitFor();
  await page.getByRole("tab", { name: "Estate" }).click();
  await page.getByRole("button", { name: "Start from the annual view's plan" }).click();
  await page.getByText("is now a one-model estate", { exact: false }).waitFor();
  expect(await page.locator("#estate-models .model-card").count()).toBe(1);
  await page.locator("#estate-summary").getByText("88,800 h").waitFor();
  expect(await row(page, "estate-table", "Estate")).toEqual(["2,400 h", "86,400 h", "100.0%"]);
  await page.context().close();
});

test("in a browser, Download gives the estate sheet as an .xlsx with its names, no unused twin", async () => {
  const page = await estateView(350);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download estate sheet (.xlsx)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("mlcost-estate.xlsx");
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const workbook = await zip.file("xl/workbook.xml")!.async("string");
  expect(workbook).toMatch(/<sheet [^>]*name="Estate"/);
  expect(workbook).toContain('<definedName name="EstateClipsPerSecond"');
  expect(workbook).not.toContain('<definedName name="LEVERSAVING"'); // no cell calls it (workbookTwins.test)
  await page.getByText("Downloaded mlcost-estate.xlsx").waitFor();
  await page.context().close();
});

test("inside Excel, Insert writes the estate sheet on a new sheet; an invalid field turns it off", async () => {
  const { page } = await openPane(harness, {
    fakeHost: { sheets: [{ name: "Sheet1", cells: {} }], names: [] },
    viewport: { width: 350, height: 900 },
  });
  await page.getByRole("tab", { name: "Estate" }).click();
  const insert = page.getByRole("button", { name: "Insert estate sheet" });
  await insert.click();
  await page.getByText('Inserted on a new sheet, "Estate", with the levers ranked and the checks.').waitFor();
  const fake = await page.evaluate(
    () => (window as unknown as { __excelFake: { sheets: { name: string }[] } }).__excelFake,
  );
  expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "Estate", "About this workbook"]); // and its notes
  await page.locator("#estate-models .model-card").nth(2).locator('input[name="shareScored"]').fill("1.5");
  await expect(insert.isDisabled()).resolves.toBe(true);
  await page.context().close();
});

/**
 * What a 350-px pane hides: each figures table's sideways scroll (its wrap's), a cell drawn past its table's
 * right edge, a chart text past the drawing's edge, and figures set under 12 px (the pane's caption size).
 */
const cramped = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    for (const wrap of Array.from(document.querySelectorAll<HTMLElement>("#estate-preview .table-wrap"))) {
      const id = wrap.querySelector("table")!.id;
      if (wrap.scrollWidth > wrap.clientWidth) found.push(`${id} scrolls ${wrap.scrollWidth - wrap.clientWidth} px`);
      const right = wrap.getBoundingClientRect().right;
      for (const cell of Array.from(wrap.querySelectorAll<HTMLElement>("td, tbody th"))) {
        if (cell.getBoundingClientRect().right > right + 0.5) found.push(`${id}: "${cell.innerText}" past the edge`);
        const size = parseFloat(getComputedStyle(cell).fontSize);
        if (size < 12) found.push(`${id}: "${cell.innerText}" at ${size} px`);
      }
    }
    const svg = document.querySelector<SVGSVGElement>("#estate-chart")!;
    const box = svg.getBoundingClientRect();
    const scale = box.width / svg.viewBox.baseVal.width;
    for (const text of Array.from(svg.querySelectorAll("text"))) {
      const r = text.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
        found.push(`chart: "${text.textContent}" past the edge`);
      const size = parseFloat(getComputedStyle(text).fontSize) * scale;
      if (size < 11.95) found.push(`chart: "${text.textContent}" at ${size.toFixed(1)} px`);
    }
    return found;
  });

test("at 350 px every figure fits the pane, readable: no table scrolls sideways, no chart text runs off", async () => {
  const page = await estateView(350);
  await page.getByText("but 8.68% of its money", { exact: false }).waitFor();
  expect(await cramped(page)).toEqual([]);
  // A name as long as a model's may be (40 characters), as planners name them: it wraps in the tables.
  const long = "Customer-support escalation (EU, shadow)";
  await page.locator("#estate-models .model-card").nth(2).locator('input[name="name"]').fill(long);
  await page.locator("#estate-table tbody th", { hasText: long }).waitFor();
  expect(await row(page, "estate-table", long)).toHaveLength(3);
  expect(await cramped(page)).toEqual([]);
  expect(await page.getAttribute("#estate-chart", "aria-label")).toContain(`${long}: 30.33% of hours`);
  expect(await sideways(page)).toBe(0);
  expect(await serious(page)).toEqual([]);
  await wholePage(page, "estate-350-long-name.png");
  await page.context().close();
});

describe.each([350, 800])("both ledgers at %i px", (width) => {
  test("A's ledger typed in its card: its staleness, economic cadence and net; the cadence lever's net", async () => {
    const page = await estateView(width);
    const card = page.locator("#estate-models .model-card").first();
    const fold = card.locator("details.fold", { hasText: "What a staler model costs" });
    // Folded by default, so a card stays short; nothing of the ledger shows until it is typed.
    expect(await fold.getAttribute("open")).toBeNull();
    expect(await card.locator(".model-ledger").isHidden()).toBe(true);
    await fold.locator("summary").click();
    await card.locator('input[name="driftPerMonth"]').fill("2e-7");
    await card.locator('input[name="costPerError"]').fill("1");
    const ledger = card.locator(".model-ledger");
    await ledger.getByText("129.60 USD a month", { exact: false }).waitFor();
    const lines = await ledger.innerText();
    expect(lines).toContain("1,555.20 USD a year");
    expect(lines).toContain("The economic cadence is 6.09 months: the best whole month is every 6 months");
    expect(lines).toContain("Net 201.60 USD a year");
    expect(await page.locator("#estate-ledger").innerText()).toBe(
      "Both ledgers: a staler model costs the estate 1,555.20 USD a year in review and harm, beside 350,080.00 " +
        "USD of compute.",
    );
    expect(await row(page, "estate-levers", "A policy classifier: retrain cadence, 4 to 1 runs a year")).toEqual([
      "6\n6 in hours",
      "7,200.00 USD\n1,800 h\nnet of staleness: 201.60 USD",
      "2.06% of money (2.74%)\n0.94% of hours (1.26%)",
    ]);
    expect(await page.locator("#estate-ledger-note").innerText()).toContain("C escalation counts one ledger only");
    expect(await cramped(page)).toEqual([]);
    expect(await sideways(page)).toBe(0);
    expect(await serious(page)).toEqual([]);
    await wholePage(page, `estate-${width}-ledger.png`);
    await page.context().close();
  });
});
