/*
 * The Bill view in the pane (Chromium): the engine (DuckDB-Wasm in a worker, from the add-in's own origin under
 * its Content-Security-Policy) reads the hand-worked fixture and the pane shows its figures; the same figures for
 * the gzipped file; a file that is not a bill refused with a sentence and no figures; a mapping change measures
 * again; Cancel stops a large read and leaves nothing written; axe-core clean at 350 px.
 * Screenshots: test-artifacts/bill-<width>-<state>.png.
 * Run alone: npx jest --config jest.e2e.config.js test/e2e/billPane.e2e.ts
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { gzipSync } from "zlib";
import JSZip from "jszip";
import { Page } from "playwright-core";
import { formulaResults } from "../support/formulaResults";
import { recalculateWithLibreOffice } from "../support/libreoffice";
import { billAggregationSql, billColumnsSql, billSourceSql } from "../../src/bill/model/billSql";
import { detectFocusVersion, FocusDetection } from "../../src/bill/model/focusColumns";
import { DEFAULT_MAPPING } from "../../src/bill/model/roles";
import { openEngine } from "../bill/support/duckdb";
import { ENGINE_START_MS } from "../support/deadlines";
import {
  ARTIFACTS,
  axeViolations,
  cspViolations,
  Harness,
  openPane,
  PaneOptions,
  startHarness,
  wholePage,
} from "./browser";

const FIXTURES = join(__dirname, "../bill/fixtures");
const ACCELERATORS = join(FIXTURES, "accelerators.csv");
const HOURLY = join(FIXTURES, "hourly-serving.csv");

let harness: Harness;
let scratch: string;
beforeAll(async () => {
  harness = await startHarness();
  scratch = mkdtempSync(join(tmpdir(), "mlcost-bill-e2e-"));
});
afterAll(async () => {
  await harness?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Opens the pane (a browser unless `options` say otherwise) at `width` and its Bill tab. */
async function billView(
  width = 350,
  options: PaneOptions = { officeJs: "missing" },
): Promise<{ page: Page; requests: string[]; console: string[] }> {
  const opened = await openPane(harness, { ...options, viewport: { width, height: 900 } });
  // an engine start and a read, sized for a loaded 2-core machine (test/support/deadlines.ts): Playwright's 30 s
  // default failed every read here at load 22
  opened.page.setDefaultTimeout(ENGINE_START_MS);
  await opened.page.getByRole("tab", { name: "Your bill" }).click();
  await opened.page.locator("#bill-file").waitFor({ state: "attached" });
  return opened;
}

/** Chooses `files` and waits until the read has ended (figures or a refusal). */
async function choose(page: Page, files: string[]): Promise<void> {
  await page.setInputFiles("#bill-file", files);
  await page.waitForFunction(() => {
    const bar = document.getElementById("bill-progress");
    const status = document.getElementById("bill-status")?.textContent ?? "";
    return (
      bar?.hidden && !/^(Starting|Checking|Reading|Gathering|Sorting|Adding|Listing)/.test(status) && status !== ""
    );
  });
}

/** The months table's cell of a row (by its label's start) and a month, for a currency. */
async function cell(page: Page, rowLabel: string, month: string, currency = "USD"): Promise<string> {
  const table = page.locator(`table[aria-label="The bill month by month, ${currency}"]`);
  const headings = await table.locator("thead th").allInnerTexts();
  const column = headings.indexOf(month);
  if (column < 0) throw new Error(`no column ${month} in ${headings.join(", ")}`);
  const row = table.locator("tbody tr", { has: page.locator(`th:text-matches("^${rowLabel}")`) });
  return row
    .locator("td")
    .nth(column - 1)
    .innerText();
}

/** A summary figure's value by its label. */
const figure = (page: Page, label: string) =>
  page
    .locator("#bill-summary .summary-figure", { has: page.locator(`dt:text-is("${label}")`) })
    .locator(".summary-value")
    .innerText();

describe("the Bill view reads a FOCUS export in the pane", () => {
  test("the hand-worked fixture: January's figures, the summary, what was left out, under the CSP", async () => {
    const { page, requests, console: log } = await billView();
    await choose(page, [ACCELERATORS]);
    // January, worked in test/bill/model/billEngine.test.ts: training 120 acc-h ($380); serving 700 used, 844 paid
    expect(await cell(page, "Training, accelerator-h paid", "2026-01")).toBe("120");
    expect(await cell(page, "Training cost", "2026-01")).toBe("380.00 USD");
    expect(await cell(page, "Serving, accelerator-h used", "2026-01")).toBe("700");
    expect(await cell(page, "Serving, accelerator-h paid", "2026-01")).toBe("844");
    expect(await cell(page, "Serving idle", "2026-01")).toBe("144");
    expect(await cell(page, "Peak-to-mean", "2026-01")).toBe((844 / 700).toFixed(2));
    expect(await cell(page, "The file's EffectiveCost", "2026-01")).toBe("1,027.40 USD");
    expect(await cell(page, "Reconciles", "2026-03")).toBe("yes");
    // the summary: the dollars over three months (training 120 + 32 + 160 = 312 h of the mapped hours paid),
    // led by training's share of the accelerator cost (1,180.00 of 2,478.10) beside its share of the hours (312 of
    // 2,228), with each half's price an hour; the euros' 2 rows (45.00) said as left out
    expect(await figure(page, "Reconciles")).toBe("yes");
    expect(await figure(page, "Training's share of cost")).toBe("47.62%");
    expect(await figure(page, "Training's share of hours")).toBe("14.0%");
    const summary = await page.locator("#bill-summary").innerText();
    expect(summary).toMatch(/training paid 312 accelerator-h/);
    expect(summary).toMatch(/its hours cost more \(3\.78 USD an hour, against 0\.68 USD/);
    expect(summary).toMatch(/left out, in other currencies: 2 rows \(45\.00 EUR\)/);
    // "Set the budget" counts the same months as the summary (the dollars'): 312 h, and a price in USD to offer
    const measured = await page.locator("#bill-measured-list").innerText();
    expect(measured).toMatch(/Training paid 312 h over 3 runs/);
    expect(measured).toMatch(/cost 2,478\.10 USD EffectiveCost for 2,228 h paid in 2026-01\.\.2026-03: 1\.11 USD an/);
    expect(await page.locator('table[aria-label="The bill month by month, EUR"]').count()).toBe(0);
    // the euros of March on their own, once chosen: every figure then in euros, the dollars said as left out
    await page.selectOption("#bill-currency", "EUR");
    expect(await cell(page, "Training, accelerator-h paid", "2026-03", "EUR")).toBe("16.0");
    expect(await figure(page, "Whole bill")).toBe("45.00 EUR");
    expect(await page.locator("#bill-summary").innerText()).toMatch(/23 rows \(2,725\.50 USD\)/);
    expect(await page.locator("#bill-measured-list").innerText()).toMatch(/Training paid 16 h over 1 run/);
    await page.selectOption("#bill-currency", "USD");
    expect(await cell(page, "Training, accelerator-h paid", "2026-01")).toBe("120");
    const leftOut = await page.locator(".bill-left-out").first().innerText();
    expect(leftOut).toMatch(/storage: 90\.00 USD/);
    expect(leftOut).toMatch(/accelerators of an unknown count.*22\.40 USD/);
    // the problems the fixture carries, said above the figures
    const problems = await page.locator("#bill-problems li").allInnerTexts();
    expect(problems.join("\n")).toMatch(/has no ConsumedQuantity/);
    // the engine came from this origin, in a worker, under the pane's policy
    expect(await cspViolations(page)).toEqual([]);
    expect(requests.some((r) => /\/chunks\/duckdb-eh\.[0-9a-f]{16}\.wasm$/.test(r))).toBe(true);
    expect(requests.filter((r) => !r.startsWith(harness.origin) && !r.includes("appsforoffice"))).toEqual([]);
    expect(log.filter((line) => line.startsWith("pageerror"))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await wholePage(page, "bill-350-fixture.png");
  });

  test("a model for every row: by the tag model, each model's figures; none chosen, one model", async () => {
    const { page } = await billView();
    await choose(page, [join(FIXTURES, "models.csv")]);
    expect(await page.locator("#bill-models").isHidden()).toBe(true);
    const oneModel = await page.locator("#bill-months").innerText();
    await page.selectOption("#bill-model-key", "tag");
    await page.locator("#bill-results:not([data-stale])").waitFor();
    await page.locator("#bill-progress").waitFor({ state: "hidden" });
    await page.locator("#bill-models table").waitFor();
    // by hand (test/bill/model/billModels.test.ts): chat 1,080.00 (training 120 h, 480.00), vision 250.00, none 50.00
    const rows = await page.locator("#bill-models tbody tr").allInnerTexts();
    expect(rows.map((r) => r.split("\t").slice(0, 2).join(" | "))).toEqual([
      "chat | 1,080.00 USD",
      "vision | 250.00 USD",
      "no model | 50.00 USD",
    ]);
    expect(rows[0].split("\t").slice(2, 4)).toEqual(["120", "480.00 USD"]);
    expect(await page.locator("#bill-summary").innerText()).toMatch(/By model, of the accelerator cost: chat 78\.26%/);
    // the months' table is the same with models read or not: models split the figures, never change them
    expect(await page.locator("#bill-months").innerText()).toBe(oneModel);
    await page.selectOption("#bill-model-key", "resourceName");
    await page.fill("#bill-model-pattern", "^([a-z]+)-");
    await page.locator("#bill-model-pattern").blur();
    await page.waitForFunction(
      () => document.querySelector("#bill-models tbody tr:last-child th")?.textContent === "shared",
    );
  });

  test("the gzipped bill gives the same table", async () => {
    const { page } = await billView();
    await choose(page, [ACCELERATORS]);
    const plain = await page.locator("#bill-months").innerText();
    const gz = join(scratch, "accelerators.csv.gz");
    writeFileSync(gz, gzipSync(readFileSync(ACCELERATORS)));
    await choose(page, [gz]);
    expect(await page.locator("#bill-file-list").innerText()).toMatch(/accelerators\.csv\.gz/);
    expect(await page.locator("#bill-months").innerText()).toBe(plain);
  });

  test("the Parquet export gives the same table, read in the pane without DuckDB's extension", async () => {
    const { page, requests } = await billView();
    await choose(page, [ACCELERATORS]);
    const csv = await page.locator("#bill-months").innerText();
    await choose(page, [join(FIXTURES, "accelerators.parquet")]);
    expect(await page.locator("#bill-months").innerText()).toBe(csv);
    await choose(page, [join(FIXTURES, "accelerators-tags-map.parquet"), join(FIXTURES, "accelerators-gzip.parquet")]);
    expect(await cell(page, "Training, accelerator-h paid", "2026-01")).toBe("240");
    expect(requests.filter((r) => /extensions\.duckdb\.org/.test(r))).toEqual([]);
  });

  test("a count for the unknown instance brings it into the figures", async () => {
    const { page } = await billView();
    await choose(page, [ACCELERATORS]);
    expect(await cell(page, "Training, accelerator-h paid", "2026-02")).toBe("32.0");
    const count = page.getByLabel("Accelerators per instance of g7e.2xlarge");
    await count.fill("1");
    await count.dispatchEvent("change");
    await page.waitForFunction(() =>
      /^42\.0$/.test(
        Array.from(document.querySelectorAll("table.bill-months tbody tr"))
          .find((tr) => tr.querySelector("th")?.textContent?.startsWith("Training, accelerator-h paid"))
          ?.querySelectorAll("td")[1]?.textContent ?? "",
      ),
    );
    expect(await cell(page, "Training, accelerator-h paid", "2026-02")).toBe("42.0");
  });

  test("a file that is not a bill is refused in a sentence, with no figures", async () => {
    const { page } = await billView();
    const people = join(scratch, "people.csv");
    writeFileSync(people, "name,age\nAda,36\n");
    await choose(page, [people]);
    expect(await page.locator("#bill-status").innerText()).toMatch(/not a FOCUS cost and usage export/);
    expect(await page.locator("#bill-results").isHidden()).toBe(true);
    const zip = join(scratch, "bill.zip");
    writeFileSync(zip, Buffer.from("PK\u0003\u0004 not really a zip"));
    await choose(page, [zip]);
    expect(await page.locator("#bill-status").innerText()).toMatch(/bill\.zip is a zip archive: unzip it/);
  });

  test("Cancel stops a large read: no figures, nothing written, and the files can be read again", async () => {
    // a bill of 400,000 rows (about 90 MB): long enough to cancel while the engine reads it
    const big = join(scratch, "big.csv");
    const lines = readFileSync(ACCELERATORS, "utf8").trimEnd().split("\n");
    const out = createWriteStream(big);
    out.write(lines[0] + "\n");
    for (let i = 0; i < 400_000 / (lines.length - 1); i++) out.write(lines.slice(1).join("\n") + "\n");
    await new Promise((done) => out.end(done));
    const { page } = await billView();
    await page.setInputFiles("#bill-file", big);
    await page.locator("#bill-cancel").waitFor({ state: "visible" });
    await page.locator("#bill-cancel").click();
    await page.waitForFunction(() => /^Cancelled/.test(document.getElementById("bill-status")?.textContent ?? ""));
    expect(await page.locator("#bill-results").isHidden()).toBe(true);
    expect(await page.locator("#bill-progress").isHidden()).toBe(true);
    expect(await page.locator("#bill-read-again").isVisible()).toBe(true);
    // the pane still answers: another tab shows at once
    await page.getByRole("tab", { name: "Cost stages" }).click();
    await page.getByRole("tab", { name: "Your bill" }).click();
    await choose(page, [ACCELERATORS]);
    expect(await cell(page, "Training, accelerator-h paid", "2026-01")).toBe("120");
  });

  test("Download writes the actuals sheet, and LibreOffice recalculates it to the pane's figures", async () => {
    const { page } = await billView();
    await choose(page, [ACCELERATORS]);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download actuals sheet (.xlsx)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("mlcost-actuals.xlsx");
    const saved = join(ARTIFACTS, "bill-actuals.xlsx");
    await download.saveAs(saved);
    const workbook = await (await JSZip.loadAsync(readFileSync(saved))).file("xl/workbook.xml")!.async("string");
    expect(workbook).toMatch(/<sheet [^>]*name="Actuals"/);
    expect(workbook).not.toMatch(/name="Budget"/);
    const address = (name: string) => {
      const found = new RegExp(`<definedName name="${name}"[^>]*>[^!<]*!\\$?([A-Z]+)\\$?(\\d+)<`).exec(workbook);
      if (!found) throw new Error(`no name ${name}`);
      return `${found[1]}${found[2]}`;
    };
    const results = await formulaResults(recalculateWithLibreOffice(saved), "Actuals");
    // the three months in dollars: serving paid 1,876 h over 1,722 h used; training 312 h
    expect(results.get(address("ActualsPeakToMean"))).toBeCloseTo(1876 / 1722, 9);
    expect(results.get(address("ActualsTrainingHours"))).toBeCloseTo(312, 9);
    expect(await page.locator("#bill-status").innerText()).toMatch(/^Downloaded mlcost-actuals\.xlsx/);
  });

  test("with the Budget tab's plan, the download carries the budget sheet for plan against actual", async () => {
    const { page } = await billView();
    await page.getByRole("tab", { name: "Budget" }).click();
    await page.locator("#budget-summary .summary-value").first().waitFor();
    await page.getByRole("tab", { name: "Your bill" }).click();
    await choose(page, [ACCELERATORS]);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download actuals sheet (.xlsx)" }).click(),
    ]);
    const saved = join(scratch, "with-budget.xlsx");
    await download.saveAs(saved);
    const workbook = await (await JSZip.loadAsync(readFileSync(saved))).file("xl/workbook.xml")!.async("string");
    expect(workbook).toMatch(/<sheet [^>]*name="Budget"/);
    expect(workbook).toMatch(/<sheet [^>]*name="Actuals"/);
    expect(await page.locator("#bill-status").innerText()).toMatch(/with the Budget tab's plan beside it/);
    // the Budget tab's plan starts in January 2027, after the bill's three months of 2026: no 0 compared
    expect(await page.locator("#bill-status").innerText()).toMatch(
      /Plan against actual reads "Budget": nothing to compare: no month of the bill is in the plan\./,
    );
  });

  test("inside Excel: an earlier MLCost's budget record is read on 30-day months, and Insert says so", async () => {
    const fixture = readFileSync(join(__dirname, "../fixtures/saved/mlcost-budget-sheets-v2.json"), "utf8");
    const fakeHost = {
      sheets: [{ name: "Sheet1", cells: {} }],
      names: [],
      settings: { "mlcost.budget.sheets": fixture },
    };
    const { page } = await billView(350, { fakeHost });
    await choose(page, [ACCELERATORS]);
    await page.getByRole("button", { name: "Insert actuals sheet" }).click();
    await page.getByText('Inserted on a new sheet, "Actuals"', { exact: false }).waitFor();
    expect(await page.locator("#bill-status").innerText()).toMatch(
      /migrated from version 2 to version 5: a plan now says what a month counts; these sheets were written with 30-day months/,
    );
  });

  test("inside Excel: the mapping is kept with the workbook; Insert compares with the budget sheet", async () => {
    const fakeHost = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };
    const { page } = await billView(350, { fakeHost });
    // a budget sheet first, from the Budget tab: its plan is recorded with the workbook
    await page.getByRole("tab", { name: "Budget" }).click();
    await page.getByRole("button", { name: "Insert budget sheet" }).click();
    await page.getByText('Inserted on a new sheet, "Budget"', { exact: false }).waitFor();
    await page.getByRole("tab", { name: "Your bill" }).click();
    await choose(page, [ACCELERATORS]);
    await page.getByLabel("Role of finetune-llm").selectOption("rescan");
    // measured again under the new mapping before anything is written
    await page.locator("#bill-results:not([data-stale])").waitFor();
    await page.locator("#bill-progress").waitFor({ state: "hidden" });
    await page.waitForFunction(() => {
      const fake = (window as unknown as { __excelFake: { settings: Record<string, string> } }).__excelFake;
      return /finetune-llm/.test(fake.settings["mlcost.bill.mapping"] ?? "");
    });
    await page.getByRole("button", { name: "Insert actuals sheet" }).click();
    await page.getByText('Inserted on a new sheet, "Actuals"', { exact: false }).waitFor();
    expect(await page.locator("#bill-status").innerText()).toMatch(
      /Plan against actual reads "Budget": nothing to compare: no month of the bill is in the plan\./,
    );
    const fake = await page.evaluate(
      () =>
        (window as unknown as { __excelFake: { sheets: { name: string }[]; settings: Record<string, string> } })
          .__excelFake,
    );
    // the notes the Budget Insert wrote (notesSync.ts) come before the Actuals, which they list too
    expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "Budget", "About this workbook", "Actuals"]);
    expect(JSON.parse(fake.settings["mlcost.budget.sheets"]).records[0].sheetName).toBe("Budget");
    expect(JSON.parse(fake.settings["mlcost.bill.mapping"]).roles["finetune-llm"]).toBe("rescan");
  });

  test("a mapping exported is applied to the next bill; a file that is not one is refused in a sentence", async () => {
    const { page } = await billView();
    await choose(page, [ACCELERATORS]);
    await page.getByLabel("Role of finetune-llm").selectOption("other");
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#bill-mapping-export").click()]);
    const mappingFile = join(scratch, "mapping.json");
    await download.saveAs(mappingFile);
    expect(JSON.parse(readFileSync(mappingFile, "utf8")).roles["finetune-llm"]).toBe("other");
    // a fresh pane guesses finetune as training; the file puts it back to other
    const fresh = await billView();
    await choose(fresh.page, [ACCELERATORS]);
    expect(await fresh.page.getByLabel("Role of finetune-llm").inputValue()).toBe("training");
    await fresh.page.setInputFiles("#bill-mapping-file", mappingFile);
    await fresh.page.getByText("mapping.json applied.").waitFor();
    await fresh.page.waitForFunction(
      () => (document.querySelector('[aria-label="Role of finetune-llm"]') as HTMLSelectElement)?.value === "other",
    );
    const notMapping = join(scratch, "notes.json");
    writeFileSync(notMapping, '{"hello": "world"}');
    await fresh.page.setInputFiles("#bill-mapping-file", notMapping);
    await fresh.page.getByText("notes.json: This mapping file cannot be applied", { exact: false }).waitFor();
  });

  test("a warehouse's SQL, and its result read back into the same figures", async () => {
    const { page } = await billView();
    await page.locator("#bill-warehouse summary").click();
    await page.getByLabel("Warehouse", { exact: true }).selectOption("snowflake");
    await page.getByLabel("Table", { exact: true }).fill("FINOPS.FOCUS.BILL");
    const sql = await page.locator("#bill-warehouse-sql").inputValue();
    expect(sql).toMatch(/FROM "FINOPS"\."FOCUS"\."BILL"/);
    expect(sql).toMatch(/"EFFECTIVECOST"/);
    expect(sql).toMatch(/LISTAGG|TRY_TO_DOUBLE/);
    // the result as a warehouse would give it: the same aggregation run here over the fixture, as CSV
    const engine = await openEngine();
    try {
      const source = billSourceSql({ format: "csv", paths: [ACCELERATORS] });
      const detection = detectFocusVersion(engine.query(billColumnsSql(source)).map((r) => String(r.column_name)));
      const rows = engine.query(
        billAggregationSql({ source, detection: detection as FocusDetection, mapping: DEFAULT_MAPPING }),
      );
      const columns = Object.keys(rows[0]);
      const cellText = (v: unknown) => (v === null || v === undefined ? "" : `"${String(v).replace(/"/g, '""')}"`);
      const csv = [columns.join(","), ...rows.map((r) => columns.map((c) => cellText(r[c])).join(","))].join("\r\n");
      writeFileSync(join(scratch, "result.csv"), csv);
    } finally {
      engine.close();
    }
    await page.setInputFiles("#bill-warehouse-result", join(scratch, "result.csv"));
    await page.locator("#bill-months table").first().waitFor();
    expect(await cell(page, "Training, accelerator-h paid", "2026-01")).toBe("120");
    expect(await cell(page, "Serving, accelerator-h paid", "2026-01")).toBe("844");
  });

  test("the commitment to buy: the hourly fixture commits 10 at the bill's 40%, 30 at a typed 60%", async () => {
    const { page, console: log } = await billView();
    await choose(page, [HOURLY]);
    const table = page.locator('table[aria-label="The commitment to buy, USD"]');
    const value = (label: string) =>
      table
        .locator("tbody tr", { has: page.locator(`th:text-is("${label}")`) })
        .locator("td")
        .first()
        .innerText();
    // the worked example (../shared/cost-model.md "Commitments"), its discount read from the committed rows
    expect(await table.locator("thead th").nth(1).innerText()).toBe("g5, us-east-1");
    expect(await value("Discount")).toBe("40.0% (the bill)");
    expect(await value("Commit, accelerators")).toBe("10");
    expect(await value("Cost with it")).toBe("23,040.00 USD");
    expect(await value("All on demand")).toBe("28,800.00 USD");
    expect(await value("Saving against all on demand")).toBe("5,760.00 USD (20.0%)");
    expect(await value("Coverage (used ÷ demand)")).toBe("50.0%");
    expect(await value("Utilisation (used ÷ committed)")).toBe("100.0%");
    expect(await value("The bill's commitment, accelerators")).toBe("10");
    expect(await value("Saving against the bill's commitment")).toBe("0.00 USD");
    await page.getByLabel("Discount a commitment gets", { exact: false }).fill("60");
    expect(await value("Discount")).toBe("60.0% (typed)");
    expect(await value("Commit, accelerators")).toBe("30");
    expect(await value("Cost with it")).toBe("17,280.00 USD");
    expect(await value("Utilisation (used ÷ committed)")).toBe("66.67%");
    expect(await value("Coverage (used ÷ demand)")).toBe("100.0%");
    expect(await value("Saving against the bill's commitment")).toBe("2,880.00 USD");
    await page.getByLabel("Discount a commitment gets", { exact: false }).fill("100");
    expect(await page.locator("#commitment-note").innerText()).toMatch(/discount must be a share from 0% up to/);
    expect(await table.count()).toBe(0);
    await page.getByLabel("Discount a commitment gets", { exact: false }).fill("");
    expect(await axeViolations(page)).toEqual([]);
    await page.locator("#commitment").scrollIntoViewIfNeeded();
    await wholePage(page, "bill-350-commitment.png");
    // a monthly bill says it cannot show hourly demand, and a typed profile is answered instead
    await choose(page, [ACCELERATORS]);
    expect(await page.locator("#commitment-note").innerText()).toMatch(
      /This bill is monthly: it cannot show hourly demand; export an hourly bill, or type a demand profile\./,
    );
    await page.getByLabel("Demand profile", { exact: false }).fill("10 x 360, 30 x 360");
    await page.getByLabel("Price on demand an accelerator-hour").fill("2");
    await page.getByLabel("Discount a commitment gets", { exact: false }).fill("40");
    expect(await table.locator("thead th").nth(1).innerText()).toBe("Typed profile");
    expect(await value("Commit, accelerators")).toBe("10");
    expect(await value("Cost with it")).toBe("23,040.00 USD");
    expect(log.filter((line) => line.startsWith("pageerror"))).toEqual([]);
  });

  test("Download writes the commitment sheet of the bill's demand; LibreOffice recalculates the pane's", async () => {
    const { page, console: log } = await billView();
    await choose(page, [HOURLY]);
    const downloadButton = page.getByRole("button", { name: "Download commitment sheet (.xlsx)" });
    await page.locator("#commitment").scrollIntoViewIfNeeded();
    await wholePage(page, "bill-350-commitment-download.png");
    await page.locator("#commitment").screenshot({ path: join(ARTIFACTS, "bill-350-commitment-section.png") });
    const save = async (file: string) => {
      const [download] = await Promise.all([page.waitForEvent("download"), downloadButton.click()]);
      expect(download.suggestedFilename()).toBe("mlcost-commitment.xlsx");
      const saved = join(ARTIFACTS, file);
      await download.saveAs(saved);
      return saved;
    };
    const read = async (saved: string) => {
      const workbook = await (await JSZip.loadAsync(readFileSync(saved))).file("xl/workbook.xml")!.async("string");
      expect(workbook).toMatch(/<sheet [^>]*name="Commitment"/);
      expect(workbook).toMatch(/<sheet [^>]*name="About this workbook"/);
      const address = (name: string) => {
        const found = new RegExp(`<definedName name="${name}"[^>]*>[^!<]*!\\$?([A-Z]+)\\$?(\\d+)<`).exec(workbook);
        if (!found) throw new Error(`no name ${name}`);
        return `${found[1]}${found[2]}`;
      };
      const results = await formulaResults(recalculateWithLibreOffice(saved), "Commitment");
      return (name: string) => results.get(address(name));
    };
    // the worked example, as the bill read it: 40% off, 10 committed on the bill
    const at40 = await read(await save("bill-commitment-40.xlsx"));
    expect(at40("CmtCommitted")).toBe(10);
    expect(at40("CmtTotalCost")).toBeCloseTo(23_040, 6);
    expect(at40("CmtAllOnDemand")).toBeCloseTo(28_800, 6);
    expect(at40("CmtCoverage")).toBeCloseTo(0.5, 12);
    expect(at40("CmtSavingAgainstBilled")).toBeCloseTo(0, 6);
    expect(await page.locator("#commitment-status").innerText()).toMatch(/^Downloaded mlcost-commitment\.xlsx/);
    // a typed 60% is the sheet's discount: commit 30, 17,280.00
    await page.getByLabel("Discount a commitment gets", { exact: false }).fill("60");
    const at60 = await read(await save("bill-commitment-60.xlsx"));
    expect(at60("CmtCommitted")).toBe(30);
    expect(at60("CmtTotalCost")).toBeCloseTo(17_280, 6);
    // no answer, no sheet: the button is off while the discount is nonsense
    await page.getByLabel("Discount a commitment gets", { exact: false }).fill("100");
    expect(await downloadButton.isDisabled()).toBe(true);
    expect(log.filter((line) => line.startsWith("pageerror"))).toEqual([]);
  });

  test('inside Excel: Insert writes the commitment sheet beside a user\'s own "Commitment", not over it', async () => {
    const fakeHost = {
      sheets: [
        { name: "Sheet1", cells: {} },
        { name: "Commitment", cells: { A1: "my own notes" } },
      ],
      names: [{ name: "CmtPrice", reference: "=Commitment!$B$2" }],
    };
    const { page } = await billView(800, { fakeHost });
    await choose(page, [HOURLY]);
    await page.locator("#commitment").scrollIntoViewIfNeeded();
    await page.locator("#commitment").screenshot({ path: join(ARTIFACTS, "bill-800-commitment-insert.png") });
    await page.getByRole("button", { name: "Insert commitment sheet" }).click();
    await page.getByText('Inserted on a new sheet, "Commitment (2)"', { exact: false }).waitFor();
    const fake = await page.evaluate(
      () =>
        (
          window as unknown as {
            __excelFake: { sheets: { name: string; cells: Record<string, unknown> }[]; names: { name: string }[] };
          }
        ).__excelFake,
    );
    expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "Commitment", "Commitment (2)", "About this workbook"]);
    expect(fake.sheets[1].cells).toEqual({ A1: "my own notes" });
    // the copy's names are suffixed: the user's CmtPrice still points at their own sheet
    expect(fake.names.map((n) => n.name)).toEqual(expect.arrayContaining(["CmtPrice", "CmtPrice_2", "CmtCommitted_2"]));
  });

  test("the measured inputs go into the Budget tab's fields", async () => {
    const { page } = await billView();
    await choose(page, [ACCELERATORS]);
    await page.getByLabel("Clips served over these months", { exact: false }).fill("10000000");
    await page.getByRole("button", { name: "Use these in the Budget tab" }).click();
    await page.locator("#view-budget").waitFor({ state: "visible" });
    await page.waitForFunction(
      () => (document.getElementById("budget-field-peakToMean") as HTMLInputElement)?.value !== "",
    );
    // serving paid over used in the dollar months: 1,876 / 1,722 (the euros serve nothing)
    expect(Number(await page.locator("#budget-field-peakToMean").inputValue())).toBeCloseTo(1876 / 1722, 5);
    expect(Number(await page.locator("#budget-field-secondsPerClip").inputValue())).toBeGreaterThan(0);
  });
});
