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
import { Page } from "playwright-core";
import { axeViolations, cspViolations, Harness, openPane, startHarness, wholePage } from "./browser";

const FIXTURES = join(__dirname, "../bill/fixtures");
const ACCELERATORS = join(FIXTURES, "accelerators.csv");

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

/** Opens the pane in a browser at `width` and its Bill tab. */
async function billView(width = 350): Promise<{ page: Page; requests: string[]; console: string[] }> {
  const opened = await openPane(harness, { officeJs: "missing", viewport: { width, height: 900 } });
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
    return bar?.hidden && !/^(Starting|Checking|Reading|Adding|Listing)/.test(status) && status !== "";
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
    // the euros of March on their own
    expect(await cell(page, "Training, accelerator-h paid", "2026-03", "EUR")).toBe("16.0");
    // the summary: the dollars over three months (training 120 + 32 + 160 = 312 h of the mapped hours paid)
    expect(await figure(page, "Reconciles")).toBe("yes");
    expect(await page.locator("#bill-summary").innerText()).toMatch(/training paid 312 accelerator-h/);
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
    const count = page.getByLabel("Accelerators per instance of g6e.2xlarge");
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
});
