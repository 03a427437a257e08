/*
 * The what-if view in the pane (Chromium): the issue's figures (scenarios' crossovers and variances, the
 * sensitivity of the worked example with traffic's zero swing), editing, adding and removing scenarios, choosing
 * the base, persistence (local storage in a browser, document settings in the fake Excel host), Insert and
 * Download of the what-if sheet, reading a written sheet back, axe-core, and no sideways scroll at 320 px.
 * Screenshots: test-artifacts/whatif-<width>-*.png.
 * Run alone: npx jest --config jest.e2e.config.js test/e2e/whatIfPane.e2e.ts
 */
import { mkdirSync, readFileSync } from "fs";
import JSZip from "jszip";
import { Page } from "playwright-core";
import { axeViolations, ARTIFACTS, drawn, Harness, openPane, PaneOptions, startHarness, wholePage } from "./browser";

let harness: Harness;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});
afterAll(() => harness?.close());

const KEY = "mlcost.whatIf.stageScenarios";
const BROWSER: PaneOptions = { officeJs: "missing" };
const EXCEL: PaneOptions = { fakeHost: { sheets: [{ name: "Sheet1", cells: {} }], names: [] } };

/** Opens the pane and its what-if tab, settled on the figures. */
async function whatIfView(width = 350, options: PaneOptions = BROWSER): Promise<Page> {
  const { page } = await openPane(harness, { ...options, viewport: { width, height: 900 } });
  await showTab(page);
  return page;
}

async function showTab(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "What-if" }).click();
  await page.getByText("Largest swing:", { exact: false }).waitFor();
}

/** A row of the grid's outputs: each scenario's figure and its change, as shown. */
async function outputRow(page: Page, label: string): Promise<{ figures: string[]; changes: string[] }> {
  const row = page.locator("#whatif-grid tbody.outputs tr", { has: page.locator(`th:text-is("${label}")`) });
  await row.waitFor();
  return {
    figures: await row.locator(".figure").allInnerTexts(),
    changes: await row.locator(".change").allInnerTexts(),
  };
}

/** A row of the swings table: the output at low, at high, and the swing (its first line). */
async function swingRow(page: Page, label: string): Promise<string[]> {
  await drawn(page);
  const row = page.locator("#whatif-swings tbody tr", { has: page.locator(`th:has-text("${label}")`) });
  const cells = await row.locator("td").allInnerTexts();
  return cells.map((text) => text.split("\n")[0]);
}

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

const serious = async (page: Page) =>
  (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");

test("the defaults show the issue's scenarios, variances and sensitivity; no sideways page scroll", async () => {
  for (const width of [320, 350, 800]) {
    const page = await whatIfView(width);
    expect(await outputRow(page, "Crossover")).toEqual({
      figures: ["43,200,000", "54,000,000", "72,000,000"],
      changes: ["-10,800,000 (-20.0%)", "base", "+18,000,000 (+33.3%)"],
    });
    // The worked example's tornado: training hours and seconds per clip move the crossover, traffic does not.
    const tornado = (await page.getAttribute("#whatif-tornado", "aria-label"))!;
    expect(tornado).toContain("Training run per retrain: 43,200,000 at low, 64,800,000 at high");
    expect(tornado).toContain("Serving time per clip: 67,500,000 at low, 45,000,000 at high");
    expect(tornado).toContain("Scale: clips per second: no change");
    expect(await swingRow(page, "Training run per retrain")).toEqual(["43,200,000", "64,800,000", "21,600,000"]);
    expect(await swingRow(page, "Serving time per clip")).toEqual(["67,500,000", "45,000,000", "22,500,000"]);
    expect(await swingRow(page, "Scale: clips per second")).toEqual(["54,000,000", "54,000,000", "none"]);
    await page.getByText("Traffic moves where the system sits against it, not it.", { exact: false }).waitFor();
    await page
      .getByText("Largest swing: Serving time per clip, which moves the crossover from 67,500,000 to 45,000,000.")
      .waitFor();
    // Targets of the base (Expected): 1.11 ms at parity at scale, 20 ms for 11,400 h, and a reason where none.
    const targets = (label: string) =>
      page
        .locator("#whatif-targets-table tr", { has: page.locator(`th:text-is("${label}")`) })
        .locator("td")
        .allInnerTexts();
    expect(await targets("Serving = training")).toEqual(["432 s", "Not reachable (1)", "1.11 ms"]);
    expect(await targets("Total = 11,400 h")).toEqual(["7,780 s", "Not reachable (1)", "20 ms"]);
    expect(await targets("Serving = 90.0% of the bill")).toEqual(["486,000,000 clips"]);
    await page.getByText("(1) Not reachable: Launch: clips per interval is blank", { exact: false }).waitFor();
    expect(await pageOverflow(page)).toBe(0);
    // Only the grid may scroll sideways, inside its own wrapper; every other table fits the pane.
    const scrolling = await page.$$eval("#view-whatif .table-wrap", (wraps) =>
      wraps.filter((w) => w.scrollWidth > w.clientWidth).map((w) => w.firstElementChild!.id),
    );
    expect(scrolling).toEqual(width === 800 ? [] : ["whatif-grid"]);
    expect(await serious(page)).toEqual([]);
    await wholePage(page, `whatif-${width}-defaults.png`);
    await page.context().close();
  }
});

test("editing a scenario updates its outputs; an invalid field is named beside it and nothing is saved", async () => {
  const page = await whatIfView();
  await page.getByLabel("Training run per retrain, Expected").fill("720");
  expect((await outputRow(page, "Crossover")).figures).toEqual(["43,200,000", "64,800,000", "72,000,000"]);
  expect((await outputRow(page, "Crossover")).changes).toEqual(["-21,600,000 (-33.3%)", "base", "+7,200,000 (+11.1%)"]);
  await page.waitForFunction((key) => (localStorage.getItem(key) ?? "").includes("720"), KEY);
  await page.getByLabel("Serving time per clip, Aggressive").fill("0,03");
  await page.getByText("Aggressive: Use a point for decimals", { exact: false }).waitFor();
  await page.getByText("Out of date: fix Serving time per clip in Aggressive to update", { exact: false }).waitFor();
  expect(await page.getAttribute("#whatif-scenarios", "data-stale")).not.toBeNull();
  expect(await page.getByRole("button", { name: "Download what-if sheet (.xlsx)" }).isDisabled()).toBe(true);
  expect(await page.getByLabel("Serving time per clip, Aggressive").getAttribute("aria-invalid")).toBe("true");
  await page.waitForTimeout(400);
  expect(await page.evaluate((key) => localStorage.getItem(key), KEY)).not.toContain("0,03");
  expect(await serious(page)).toEqual([]);
  await wholePage(page, "whatif-350-invalid.png");
  await page.getByLabel("Serving time per clip, Aggressive").fill("0.03");
  await page.locator("#whatif-scenarios:not([data-stale])").waitFor();
  await page.context().close();
});

test("add up to five scenarios, remove one, and choose another base", async () => {
  const page = await whatIfView(800);
  const add = page.getByRole("button", { name: "Add scenario" });
  await add.click();
  await add.click();
  expect(await page.locator("#whatif-grid thead input").count()).toBe(5);
  expect(await page.getByLabel("Name of scenario 5").inputValue()).toBe("Scenario 5");
  expect(await add.isDisabled()).toBe(true);
  expect((await outputRow(page, "Crossover")).figures).toHaveLength(5);
  await wholePage(page, "whatif-800-five.png");
  await page.getByRole("button", { name: "Remove Scenario 4" }).click();
  expect(await page.locator("#whatif-grid thead input").count()).toBe(4);
  expect(await add.isDisabled()).toBe(false);
  // Conservative as the base: Expected is 25% above it, and the sensitivity follows Conservative (43,200,000).
  await page.getByLabel("Base scenario", { exact: true }).selectOption({ label: "Conservative" });
  expect((await outputRow(page, "Crossover")).changes.slice(0, 3)).toEqual([
    "base",
    "+10,800,000 (+25.0%)",
    "+28,800,000 (+66.7%)",
  ]);
  expect(await swingRow(page, "Training run per retrain")).toEqual(["34,560,000", "51,840,000", "17,280,000"]);
  // Another output for the tornado: total hours at scale, which traffic does move.
  await page.getByLabel("Output", { exact: true }).selectOption({ label: "Total hours at Scale" });
  expect((await swingRow(page, "Scale: clips per second"))[2]).not.toBe("none");
  await page.context().close();
});

test("in a browser the scenarios outlive a reload; a corrupt stored state gives the defaults and why", async () => {
  const page = await whatIfView();
  await page.getByLabel("Name of scenario 2").fill("Plan of record");
  await page.getByRole("button", { name: "Remove Plan of record" }).waitFor();
  await page.waitForFunction((key) => (localStorage.getItem(key) ?? "").includes("Plan of record"), KEY);
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  await showTab(page);
  expect(await page.getByLabel("Name of scenario 2").inputValue()).toBe("Plan of record");
  expect(await page.locator("#whatif-notice").isHidden()).toBe(true);
  await page.evaluate((key) => localStorage.setItem(key, '{"version":1,"scenarios":"broken"'), KEY);
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  await showTab(page);
  await page.getByText("The saved scenarios could not be used, so the defaults are loaded", { exact: false }).waitFor();
  expect(await page.getByLabel("Name of scenario 2").inputValue()).toBe("Expected");
  expect((await outputRow(page, "Crossover")).figures).toEqual(["43,200,000", "54,000,000", "72,000,000"]);
  await wholePage(page, "whatif-350-corrupt.png");
  await page.context().close();
});

test("in a browser, Download gives the what-if sheet as an .xlsx", async () => {
  const page = await whatIfView();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download what-if sheet (.xlsx)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("mlcost-what-if.xlsx");
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  expect(await zip.file("xl/workbook.xml")!.async("string")).toMatch(/<sheet [^>]*name="What-if"/);
  await page.getByText("Downloaded mlcost-what-if.xlsx").waitFor();
  await page.context().close();
});

test("Download clicked in the task of three keystrokes, before their frame, writes the last one typed", async () => {
  const page = await whatIfView();
  // The first keystroke redraws at once, the next two wait for the frame (frameUpdate), and the sections under the
  // grid wait while off-screen (offscreenDraw): Download must not lose either.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.evaluate(() => {
      const field = document.getElementById("whatif-trainingHours-1") as HTMLInputElement;
      for (const text of ["7", "73", "733.25"]) {
        field.value = text;
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }
      document.getElementById("whatif-download")!.click();
    }),
  ]);
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const sheets = zip.file(/^xl\/worksheets\/sheet\d+\.xml$/);
  const cells = (await Promise.all(sheets.map((file) => file.async("string")))).join("");
  expect(cells).toContain("<v>733.25</v>");
  await page.getByText("Downloaded mlcost-what-if.xlsx").waitFor();
  await page.context().close();
});

/** A cell as the fake host keeps it: what Excel made of the entry written. */
interface FakeCell {
  type: string;
  value: unknown;
}
interface Fake {
  sheets: { name: string }[];
  charts: { type: string; name?: string }[];
  cells: Record<string, Record<string, FakeCell>>;
  settings: Record<string, string>;
  settingsSaves: unknown[];
  activeSheet: string;
}
const fakeOf = (page: Page) => page.evaluate(() => (window as unknown as { __excelFake: Fake }).__excelFake);

test("inside Excel: Insert writes the sheet and its tornado; Read from sheet brings an edit back", async () => {
  const page = await whatIfView(350, EXCEL);
  await page.getByRole("button", { name: "Read from sheet" }).click();
  await page.getByText('No what-if sheet in this workbook: Insert writes one ("What-if").').waitFor();
  await page.getByRole("button", { name: "Insert what-if sheet" }).click();
  await page.getByText('Inserted on a new sheet, "What-if", with its tornado chart.', { exact: false }).waitFor();
  let fake = await fakeOf(page);
  expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "What-if", "About this workbook"]); // and its notes
  expect(fake.charts).toEqual([expect.objectContaining({ type: "BarClustered", name: "MLCost what-if tornado" })]);
  expect(["C8", "D8", "E8"].map((a) => fake.cells["What-if"][a].value)).toEqual([
    "Conservative",
    "Expected",
    "Aggressive",
  ]);
  // A planner edits the sheet: Aggressive's training run becomes 900 hours, and its name changes.
  await page.evaluate(() => {
    const cells = (window as unknown as { __excelFake: Fake }).__excelFake.cells["What-if"];
    cells.E9 = { ...cells.E9, value: 900 };
    cells.E8 = { ...cells.E8, value: "Stretch" };
  });
  await page.getByRole("button", { name: "Read from sheet" }).click();
  await page.getByText('Read 3 scenarios from "What-if": Conservative, Expected, Stretch; base Expected.').waitFor();
  expect(await page.getByLabel("Training run per retrain, Stretch").inputValue()).toBe("900");
  expect((await outputRow(page, "Crossover")).figures[2]).toBe("108,000,000");
  // What was read is kept with the document.
  await page.waitForFunction(() =>
    ((window as unknown as { __excelFake: Fake }).__excelFake.settings["mlcost.whatIf.stageScenarios"] ?? "").includes(
      "Stretch",
    ),
  );
  fake = await fakeOf(page);
  expect(fake.settingsSaves.length).toBeGreaterThan(0);
  expect(await serious(page)).toEqual([]);
  await wholePage(page, "whatif-350-excel.png");
  await page.context().close();
});

test("inside Excel the scenarios come from the document's settings", async () => {
  const stored = JSON.stringify({
    version: 1,
    baseIndex: 0,
    scenarios: [
      {
        name: "From the workbook",
        inputs: {
          trainingHours: 1200,
          secondsPerClip: 0.04,
          intervalDays: 90,
          clipsPerSecond: 250,
          prototypeClips: 5000,
          trainingOverhead: 1,
          peakToMean: 1,
        },
      },
    ],
  });
  const page = await whatIfView(350, {
    fakeHost: { sheets: [{ name: "Sheet1", cells: {} }], names: [], settings: { [KEY]: stored } },
  });
  expect(await page.getByLabel("Name of scenario 1").inputValue()).toBe("From the workbook");
  expect((await outputRow(page, "Crossover")).figures).toEqual(["108,000,000"]);
  expect(await page.getByRole("button", { name: "Remove From the workbook" }).isDisabled()).toBe(true);
  await page.context().close();
});

test("inside Excel, a low and high typed for an input reach the sheet as its sensitivity blue cells", async () => {
  const page = await whatIfView(350, EXCEL);
  await page.getByText("Low and high of each input").click();
  const low = page.getByLabel("Training run per retrain, low", { exact: true });
  const high = page.getByLabel("Training run per retrain, high", { exact: true });
  expect([await low.inputValue(), await high.inputValue()]).toEqual(["480", "720"]);
  // A refused range is said beside it, and nothing is written meanwhile.
  await low.fill("-5");
  await page.locator("#whatif-range-error-trainingHours").getByText("must be 0 or more", { exact: false }).waitFor();
  expect(await swingRow(page, "Training run per retrain")).toEqual(["—", "—", "—"]);
  expect(await page.getByRole("button", { name: "Insert what-if sheet" }).isDisabled()).toBe(true);
  await low.fill("300");
  await high.fill("1200");
  // 300 h: 300 x 3600 / 0.04 = 27,000,000 clips; 1,200 h: 108,000,000.
  await page.waitForFunction(() =>
    (document.getElementById("whatif-tornado")!.getAttribute("aria-label") ?? "").includes(
      "Training run per retrain: 27,000,000 at low, 108,000,000 at high",
    ),
  );
  expect(await swingRow(page, "Training run per retrain")).toEqual(["27,000,000", "108,000,000", "81,000,000"]);
  await page.getByRole("button", { name: "Insert what-if sheet" }).click();
  await page
    .getByText("The sheet has your own low and high of Training run per retrain as blue cells", { exact: false })
    .waitFor();
  const cells = (await fakeOf(page)).cells["What-if"];
  /** The sensitivity table's rows for `label`: the planner's own low and high (D, E) and the ends used (F, G). */
  const rowsOf = (label: string) =>
    Object.keys(cells)
      .filter((address) => /^A\d+$/.test(address) && cells[address].value === label)
      .map((address) => address.slice(1))
      .map((row) => ({
        ownLow: cells[`D${row}`],
        ownHigh: cells[`E${row}`],
        low: cells[`F${row}`],
        high: cells[`G${row}`],
      }));
  // The typed values themselves in the blue cells of the planner's own ends, which the ends used read.
  const training = rowsOf("Training run per retrain").filter((row) => /LowMove/.test(String(row.low?.value)));
  expect(training).toHaveLength(1);
  expect(training[0]).toEqual(
    expect.objectContaining({
      ownLow: expect.objectContaining({ value: 300 }),
      ownHigh: expect.objectContaining({ type: "number", value: 1200 }),
      low: expect.objectContaining({ type: "formula", value: expect.stringContaining("ISBLANK(D") }),
    }),
  );
  // An input without a range of its own leaves its own ends blank and still follows the moves.
  const serving = rowsOf("Serving time per clip").filter((row) => /LowMove/.test(String(row.low?.value)));
  expect(serving).toHaveLength(1);
  expect(serving[0].ownLow?.value ?? "").toBe("");
  expect(serving[0].high).toEqual(
    expect.objectContaining({ type: "formula", value: expect.stringMatching(/HighMove/) }),
  );
  await page.context().close();
});
