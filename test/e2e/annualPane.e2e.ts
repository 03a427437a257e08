/*
 * The annual view in the pane: the worked example's figures from the defaults, the 2x peak-to-mean and
 * re-scan variants, the levers sorted with their sentences, an invalid field marking the figures out of date.
 * Screenshots: test-artifacts/annual-<width>-*.png.
 */
import { unwrap } from "../support/unwrap";
import { mkdirSync, readFileSync } from "fs";
import JSZip from "jszip";
import { join } from "path";
import { Page } from "playwright-core";
import { ANNUAL_VIEW } from "../../src/annual/model/annualWhatIf";
import { AnnualPlan, EXAMPLE_ANNUAL_PLAN } from "../../src/annual/model/annualFields";
import { isProblem, Problem } from "../../src/core/model/problems";
import { sensitivity, SensitivityOptions } from "../../src/sensitivity/model/sensitivity";
import { formatShareSignificant } from "../../src/core/pane/format";
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

const serious = async (page: Page) =>
  (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");

/** Opens the annual form's folded group whose heading starts `heading` (honesty factors, re-scans, money). */
async function openFold(page: Page, heading: string): Promise<void> {
  const fold = page.locator("#annual-form details.fold", { hasText: heading });
  if ((await fold.getAttribute("open")) === null) await fold.locator("summary").click();
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
  expect(await row(page, "annual-table", "Total")).toEqual(["88,800", "100.0%"]);
  // Sorted by hours saved: the per-clip time first, the cadence last, each against its ceiling.
  const levers = await page.locator("#annual-levers tbody th").allInnerTexts();
  expect(levers[0]).toMatch(/service time/i);
  expect(levers[levers.length - 1]).toMatch(/cadence/i);
  expect((await row(page, "annual-levers", levers[0])).slice(0, 2)).toEqual(["21,600 h", "24.32%"]);
  expect(await row(page, "annual-levers", levers[levers.length - 1])).toEqual(["1,800 h", "2.03%", "2.7%"]);
  await page.getByText("Point the effort at", { exact: false }).waitFor();
  const serious = (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious).toEqual([]);
  await wholePage(page, "annual-350-valid.png");
  expect(await page.getAttribute("#annual-chart", "aria-label")).toContain(
    "Per-clip service time saves 24.32% against a ceiling of 97.3%",
  );
  await page.locator("#annual-preview").screenshot({ path: join(ARTIFACTS, "annual-350-preview.png") });
  await page.context().close();
});

test("at 2x peak-to-mean training is 1.37% of the hours paid for, and idle capacity is 36x training", async () => {
  const page = await annualView();
  // The honesty factors and the re-scans are folded until opened.
  await openFold(page, "Honesty factors");
  await fill(page, "Peak-to-mean provisioning for serving", "2");
  await page.getByText("(1.37% of the hours paid for)", { exact: false }).waitFor();
  await page.getByText("86,400 h a year, 36.0 times the whole training half", { exact: false }).waitFor();
  await fill(page, "Peak-to-mean provisioning for serving", "1");
  await openFold(page, "One-off re-scans");
  await fill(page, "Re-scans of the back catalogue", "1");
  await page.getByText("Training is 1.8% of the year's accelerator-hours", { exact: false }).waitFor();
  await page.context().close();
});

test("a price gives money everywhere: the year, each lever, 1,000 clips, sentences, chart, summary", async () => {
  const page = await annualView();
  await openFold(page, "Money");
  await fill(page, "Price per accelerator-hour", "2.5");
  await fill(page, "Currency", "USD");
  // 88,800 h x 2.5; 7,776,000,000 clips a year
  await page
    .getByText("The year's bill is 222,000.00 USD: 0.0285 USD per 1,000 clips scored.", { exact: false })
    .waitFor();
  expect(await page.locator("#annual-table thead th").allInnerTexts()).toContain("Cost a year (USD)");
  expect(await row(page, "annual-table", "Serving")).toEqual(["86,400", "97.3%", "216,000.00 USD"]);
  const levers = await page.locator("#annual-levers tbody th").allInnerTexts();
  // the money under the hours, in one cell: the table fits 350 px
  expect(await row(page, "annual-levers", levers[0])).toEqual(["21,600 h\n54,000.00 USD", "24.32%", "97.3%"]);
  expect(await row(page, "annual-levers", levers[levers.length - 1])).toEqual([
    "1,800 h\n4,500.00 USD",
    "2.03%",
    "2.7%",
  ]);
  // The per-clip lever's headline, in the pane as in the sheet, with its money.
  const sentences = await page.locator("#annual-sentences").innerText();
  expect(sentences).toContain(
    "40 ms to 30 ms a clip saves 5,400 h a quarter, nine retrains' worth " +
      "(21,600 accelerator-hours a year, 54,000.00 USD)",
  );
  expect(sentences).toContain("1,800 accelerator-hours a year (4,500.00 USD)");
  expect(await page.getAttribute("#annual-chart", "aria-label")).toContain("saves 24.32% (54,000.00 USD)");
  // The summary, in view at the top: training's share, the bill, the biggest lever in money.
  const summary = page.locator("#annual-summary");
  expect(await summary.locator(".summary-value").allInnerTexts()).toEqual([
    "2.7%",
    "222,000.00 USD",
    "54,000.00 USD a year",
  ]);
  const wrap = page.locator("#annual-levers").locator("xpath=..");
  expect(await wrap.evaluate((node) => node.scrollWidth - node.clientWidth)).toBe(0);
  const box = (await summary.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(700);
  await wholePage(page, "annual-350-priced.png");
  await page.screenshot({ path: join(ARTIFACTS, "annual-350-priced-top.png") });
  await page.locator("#annual-preview").screenshot({ path: join(ARTIFACTS, "annual-350-priced-preview.png") });
  // The H100 preset gives money too.
  await page
    .getByLabel("Start from a public price")
    .selectOption({ label: "H100, AWS p5 (per GPU), us-east-1: 6.88 USD" });
  await page.getByText("The year's bill is 610,944.00 USD", { exact: false }).waitFor(); // 88,800 x 6.88
  await page.context().close();
});

/** The contrast of two CSS colours (rgb(...)), by WCAG 2's relative luminance. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? ["0", "0", "0"]).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

test.each(["light", "dark"] as const)(
  "%s: every text of the annual chart reads against the pane (4.5:1)",
  async (scheme) => {
    const { page } = await openPane(harness, {
      officeJs: "missing",
      viewport: { width: 350, height: 900 },
      colorScheme: scheme,
    });
    await page.getByRole("tab", { name: "Annual bill" }).click();
    await page.locator("#annual-chart text").first().waitFor();
    const colours = await page.evaluate(() => {
      const background = getComputedStyle(document.body).backgroundColor;
      return Array.from(document.querySelectorAll("#annual-chart text")).map((t) => ({
        text: t.textContent,
        fill: getComputedStyle(t).fill,
        background,
      }));
    });
    expect(colours.length).toBeGreaterThan(3);
    const poor = colours.filter((c) => contrast(c.fill, c.background) < 4.5).map((c) => `${c.text}: ${c.fill}`);
    expect(poor).toEqual([]);
    await page.locator("#annual-preview").screenshot({ path: join(ARTIFACTS, `annual-350-chart-${scheme}.png`) });
    await page.context().close();
  },
);

test("an invalid field marks the year out of date and names the field; 320 px does not scroll sideways", async () => {
  const page = await annualView(320);
  await fill(page, "Clips per second", "25O");
  await page.getByText("Out of date: fix Clips per second to update.").waitFor();
  expect(await page.getAttribute("#annual-preview", "data-stale")).not.toBeNull();
  await page.getByText("Out of date: fix the fields above to update.").waitFor();
  // The range editor too fits the narrowest pane.
  await page.locator("#annual-sensitivity summary").click();
  const overflow = await page.evaluate(
    () => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth,
  );
  expect(overflow).toBe(0);
  await wholePage(page, "annual-320-invalid.png");
  await page.locator("#annual-sensitivity").screenshot({ path: join(ARTIFACTS, "annual-320-sensitivity-stale.png") });
  await page.context().close();
});

test("in a browser, Download gives the annual sheet as an .xlsx, without unused workbook functions", async () => {
  const page = await annualView();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download annual sheet (.xlsx)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("mlcost-annual.xlsx");
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const workbook = await zip.file("xl/workbook.xml")!.async("string");
  expect(workbook).toMatch(/<sheet [^>]*name="Annual view"/);
  expect(workbook).not.toContain('<definedName name="LEVERSAVING"'); // no cell calls it (workbookTwins.test)
  await page.getByText("Downloaded mlcost-annual.xlsx").waitFor();
  await page.context().close();
});

test("inside Excel, Insert writes the annual sheet with its charts and says so", async () => {
  const { page } = await openPane(harness, {
    fakeHost: { sheets: [{ name: "Sheet1", cells: {} }], names: [] },
    viewport: { width: 350, height: 900 },
  });
  await page.getByRole("tab", { name: "Annual bill" }).click();
  await page.getByRole("button", { name: "Insert annual sheet" }).click();
  await page.getByText('Inserted on a new sheet, "Annual view", with its charts.').waitFor();
  const fake = await page.evaluate(
    () =>
      (window as unknown as { __excelFake: { sheets: { name: string }[]; charts: { name: string }[] } }).__excelFake,
  );
  expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "Annual view", "About this workbook"]); // and its notes
  // The bill's pie and the levers' bars; the sheet side may add more (its tornado), which annualSheet.e2e.ts pins.
  expect(fake.charts.map((c) => c.name)).toEqual(
    expect.arrayContaining(["MLCost annual bill", "MLCost annual levers"]),
  );
  await page.context().close();
});

test("inside Excel, a low and high typed for an input reach the annual sheet as its typed blue cells", async () => {
  const { page } = await openPane(harness, {
    fakeHost: { sheets: [{ name: "Sheet1", cells: {} }], names: [] },
    viewport: { width: 350, height: 900 },
  });
  await page.getByRole("tab", { name: "Annual bill" }).click();
  await page.locator("#annual-sensitivity summary").click();
  const low = page.getByLabel("Runs per year (cadence), low", { exact: true });
  const insert = page.getByRole("button", { name: "Insert annual sheet" });
  // Nothing is written while a range is refused.
  await low.fill("-1");
  await page.locator("#annual-range-error-runsPerYear").getByText("must be 0 or more", { exact: false }).waitFor();
  expect(await insert.isDisabled()).toBe(true);
  await low.fill("2");
  await page.getByLabel("Runs per year (cadence), high", { exact: true }).fill("12");
  await insert.click();
  await page
    .getByText("The sheet has your own low and high of Runs per year (cadence) as blue cells", { exact: false })
    .waitFor();
  const cells = await page.evaluate(
    () =>
      (
        window as unknown as {
          __excelFake: { cells: Record<string, Record<string, { type: string; value: unknown }>> };
        }
      ).__excelFake.cells["Annual view"],
  );
  const rows = Object.keys(cells)
    .filter((address) => /^A\d+$/.test(address) && cells[address].value === "Runs per year (cadence)")
    .map((address) => [cells[`D${address.slice(1)}`], cells[`E${address.slice(1)}`]]);
  expect(rows).toContainEqual([
    expect.objectContaining({ type: "number", value: 2 }),
    expect.objectContaining({ type: "number", value: 12 }),
  ]);
  await page.context().close();
});

test("a dated public price fills price, currency and source, and the downloaded sheet keeps the source", async () => {
  const page = await annualView();
  await openFold(page, "Money");
  await page.getByLabel("Start from a public price").selectOption({ index: 1 });
  // Where the price is from, in words: no repository path.
  const source = await page.locator("#annual-price-preset-source").innerText();
  expect(source).toContain("AWS on-demand, retrieved 2026-11-09");
  expect(source).not.toMatch(/\w\/\w/);
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

/** A row of the annual swing table: training's share at the input's low, at its high, and the swing (first line). */
async function swingRow(page: Page, label: string): Promise<string[]> {
  const row = page.locator("#annual-swings tbody tr", { has: page.locator(`th:has-text("${label}")`) });
  const cells = await row.locator("td").allInnerTexts();
  return cells.map((text) => text.split("\n")[0]);
}

test("what moves the ceiling: each input 20% either way, training's share at each end, largest first", async () => {
  const page = await annualView();
  await page.locator("#annual-swings tbody tr").first().waitFor();
  // 480 h a run: 1,920 / 88,320 = 2.17%; 720 h: 2,880 / 89,280 = 3.23%; the swing in points.
  // the swing in points of the share, as the sheet's swing cell shows it
  expect(await swingRow(page, "Training run")).toEqual(["2.17%", "3.23%", "1.05%"]);
  // Traffic up 20% makes serving bigger: training's share falls to 2.26%.
  // 2,400 / 71,520 and 2,400 / 106,080; the swing before rounding is 1.09 points.
  expect(await swingRow(page, "Clips per second")).toEqual(["3.36%", "2.26%", "1.09%"]);
  const tornado = (await page.getAttribute("#annual-tornado", "aria-label"))!;
  expect(tornado).toContain("Tornado chart of training's share of the year, base 2.7%.");
  expect(tornado).toContain("Training run: 2.17% at low, 3.23% at high");
  expect(tornado).toContain("Re-scans of the back catalogue: no change");
  await page.getByText("Largest swing: ", { exact: false }).waitFor();
  // Another of the year's figures: the hours used, which every input but the re-scans' hours moves.
  await page.locator("#annual-sensitivity").getByLabel("Output", { exact: true }).selectOption("totalConsumedHours");
  expect((await swingRow(page, "Training run"))[0]).toBe("88,320");
  await page.locator("#annual-sensitivity").getByLabel("Output", { exact: true }).selectOption("trainingShareConsumed");
  expect(await page.$$eval("[id]", (all) => all.length - new Set(all.map((e) => e.id)).size)).toBe(0);
  await page.locator("#annual-sensitivity").screenshot({ path: join(ARTIFACTS, "annual-350-sensitivity.png") });
  await page.context().close();
});

test("a typed range moves its row and the tornado to the model's figures; a refused one has no figure", async () => {
  const page = await annualView();
  const share = (value: number | Problem) => (isProblem(value) ? "—" : formatShareSignificant(value));
  /** The model's row of training's share for `key` with `ranges` typed, as the pane should show it. */
  const expected = (key: keyof AnnualPlan, ranges: SensitivityOptions<AnnualPlan>["ranges"] = {}) => {
    const result = unwrap(sensitivity(ANNUAL_VIEW, EXAMPLE_ANNUAL_PLAN, { ranges }));
    const tornado = result.outputs.find((o) => o.output.key === "trainingShareConsumed")!;
    const row = tornado.rows.find((r) => r.key === key)!;
    return { low: share(row.lowOutput), high: share(row.highOutput), order: tornado.rows.map((r) => r.label) };
  };
  await page.locator("#annual-sensitivity summary", { hasText: "Low and high of each input" }).click();
  const low = page.getByLabel("Runs per year (cadence), low", { exact: true });
  const high = page.getByLabel("Runs per year (cadence), high", { exact: true });
  expect([await low.inputValue(), await high.inputValue()]).toEqual(["3.2", "4.8"]);
  await low.fill("2");
  await high.fill("12");
  const typed = expected("runsPerYear", { runsPerYear: { low: 2, high: 12 } });
  const typedLabel = `Runs per year (cadence): ${typed.low} at low, ${typed.high} at high`;
  await page.waitForFunction(
    (text) => (document.getElementById("annual-tornado")!.getAttribute("aria-label") ?? "").includes(text),
    typedLabel,
  );
  expect((await swingRow(page, "Runs per year")).slice(0, 2)).toEqual([typed.low, typed.high]);
  expect(
    await page.locator("#annual-swings tbody th").evaluateAll((ths) => ths.map((th) => th.firstChild!.textContent)),
  ).toEqual(typed.order);
  // The drawing itself follows: its bars in the model's order, largest swing first.
  expect(await page.locator("#annual-tornado text.bar-label").allTextContents()).toEqual(typed.order);
  await wholePage(page, "annual-350-ranges.png");

  // A negative count is refused by the field's own check: its message beside it, its row without a figure.
  await low.fill("-1");
  const error = page.locator("#annual-range-error-runsPerYear");
  await error.getByText("Runs per year (cadence) (low value) must be 0 or more", { exact: false }).waitFor();
  expect(await low.getAttribute("aria-invalid")).toBe("true");
  expect(await low.getAttribute("aria-describedby")).toBe("annual-range-error-runsPerYear");
  expect(await swingRow(page, "Runs per year")).toEqual(["—", "—", "—"]);
  expect(await page.getAttribute("#annual-tornado", "aria-label")).toContain(
    "Runs per year (cadence): no figure at low, no figure at high",
  );
  // The other rows keep the model's figures.
  const training = expected("trainingHoursPerRun");
  expect((await swingRow(page, "Training run")).slice(0, 2)).toEqual([training.low, training.high]);
  expect(await page.getAttribute("#annual-sensitivity", "data-stale")).toBeNull();
  expect(await serious(page)).toEqual([]);
  await page.locator("#annual-sensitivity").screenshot({ path: join(ARTIFACTS, "annual-350-range-refused.png") });

  await page.getByRole("button", { name: "Reset to 20% either way" }).click();
  const reset = expected("runsPerYear");
  expect((await swingRow(page, "Runs per year")).slice(0, 2)).toEqual([reset.low, reset.high]);
  expect(await low.inputValue()).toBe("3.2");
  expect(await error.isHidden()).toBe(true);
  await page.context().close();
});

test("typing only the high keeps the low following the input and the moves", async () => {
  const page = await annualView();
  await page.locator("#annual-sensitivity summary", { hasText: "Low and high of each input" }).click();
  const low = page.getByLabel("Clips per second, low", { exact: true });
  const high = page.getByLabel("Clips per second, high", { exact: true });
  await high.fill("400");
  expect(await high.evaluate((input) => input.classList.contains("edited"))).toBe(true);
  expect(await low.evaluate((input) => input.classList.contains("edited"))).toBe(false);
  // The model with the high alone given: its low is the default, 200 clips/s.
  const result = unwrap(sensitivity(ANNUAL_VIEW, EXAMPLE_ANNUAL_PLAN, { ranges: { clipsPerSecond: { high: 400 } } }));
  const modelRow = result.outputs[0].rows.find((r) => r.key === "clipsPerSecond")!;
  const shown = (value: number | Problem) => (isProblem(value) ? "—" : formatShareSignificant(value));
  expect((await swingRow(page, "Clips per second")).slice(0, 2)).toEqual([
    shown(modelRow.lowOutput),
    shown(modelRow.highOutput),
  ]);
  expect(await low.inputValue()).toBe("200");
  // The input itself changes: the low follows it (300 x 0.8 = 240), the typed high stays.
  await fill(page, "Clips per second", "300");
  await page.waitForFunction(
    () => (document.getElementById("annual-range-clipsPerSecond-low") as HTMLInputElement).value === "240",
  );
  expect(await high.inputValue()).toBe("400");
  await page.context().close();
});
