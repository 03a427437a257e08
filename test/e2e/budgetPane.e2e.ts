/*
 * The budget view in the pane (Chromium): both worked examples of docs/cost-model.md ("The budget over time")
 * typed in and their figures shown; the summary's figures within the first 700 px at 320, 350 and 800 px wide,
 * light and dark; axe-core clean; traffic typed over the growth curve and cleared; an invalid field keeping the
 * figures, out of date, never NaN; Download (.xlsx) in a browser, recalculated by LibreOffice to the pane's figures,
 * and Insert in the fake Excel host; the Estate view's models chosen (issue 29): the worked example's three models in
 * the budget, and Insert writing a block a model, recorded for the bill.
 * Screenshots: test-artifacts/budget-<width>-<theme>*.png.
 * Run alone: npx jest --config jest.e2e.config.js test/e2e/budgetPane.e2e.ts
 */
import { mkdirSync, readFileSync } from "fs";
import JSZip from "jszip";
import { join } from "path";
import { Locator, Page } from "playwright-core";
import { budgetOf, BudgetResult } from "../../src/budget/model/budget";
import {
  BudgetKey,
  LAUNCH_RAMP_EXAMPLE,
  MONTH_DAYS,
  NEW_BUDGET_PLAN,
  STEADY_GROWTH_EXAMPLE,
} from "../../src/budget/model/budgetFields";
import { estateModelsPlan, oneModelPlan } from "../../src/budget/model/budgetModels";
import { estateBudgetOf, EstateBudgetResult } from "../../src/budget/model/estateBudget";
import { EXAMPLE_ESTATE } from "../../src/estate/model";
import { BudgetStaleness, stalenessOf } from "../../src/budget/model/budgetLedger";
import { BUDGET_SHEET_NAME, budgetSheetLayout, BudgetSheetLayout } from "../../src/budget/sheet/budgetLayout";
import { BUDGET_CHART_NAME } from "../../src/budget/sheet/insertBudget";
import { formatCost, formatShare } from "../../src/core/pane/format";
import { formulaResults } from "../support/formulaResults";
import { recalculateWithLibreOffice } from "../support/libreoffice";
import { axeViolations, ARTIFACTS, drawn, Harness, openPane, PaneOptions, startHarness, wholePage } from "./browser";
import { contrast, svgTexts } from "./svgContrast";

let harness: Harness;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});
afterAll(() => harness?.close());

const BROWSER: PaneOptions = { officeJs: "missing" };

/** Opens the pane at `width` x 700 and its Budget tab, settled on the figures. */
async function budgetView(width = 350, options: PaneOptions = BROWSER): Promise<Page> {
  const { page } = await openPane(harness, { ...options, viewport: { width, height: 700 } });
  await page.getByRole("tab", { name: "Budget" }).click();
  await page.locator("#budget-summary .summary-value").first().waitFor();
  return page;
}

/**
 * Chooses 30-day months (a twelfth of the 360 days a year), as the worked examples count them (docs/cost-model.md):
 * the tests of the doc's figures run on that choice; a new plan counts calendar months.
 */
async function thirtyDayMonths(page: Page): Promise<void> {
  await page.locator("#budget-field-monthDays").selectOption("yearTwelfth");
  await page.locator("#budget-hint-monthDays").getByText("Each month 30 days", { exact: false }).waitFor();
}

/** Types into the budget form's field of `key`, found by its id (several labels share words: "month"). */
const fill = (page: Page, key: BudgetKey, text: string) => page.locator(`#budget-field-${key}`).fill(text);

/** Opens the fold headed `heading`, if it is closed. */
async function openFold(page: Page, heading: string): Promise<void> {
  const fold = page.locator("#budget-form details", { has: page.locator(`summary:has-text("${heading}")`) });
  if (!(await fold.evaluate((d) => (d as HTMLDetailsElement).open))) await fold.locator("summary").click();
}

/** A summary figure by its label: its value and its note. */
async function figure(page: Page, label: string): Promise<{ value: string; note: string }> {
  const item = page.locator("#budget-summary .summary-figure", { has: page.locator(`dt:text-is("${label}")`) });
  return {
    value: await item.locator(".summary-value").innerText(),
    note: (await item.locator(".summary-note").count()) ? await item.locator(".summary-note").innerText() : "",
  };
}

/** The first number in a text as the pane shows it ("training 2,400 h", "0.0227 USD", "24.45%"), and its decimals. */
function shown(text: string): { value: number; decimals: number } {
  const match = /-?\d[\d,]*(\.\d+)?/.exec(text);
  if (!match) throw new Error(`no number in "${text}"`);
  return { value: Number(match[0].replace(/,/g, "")), decimals: match[1] ? match[1].length - 1 : 0 };
}

/** Expects the shown `text` to be `expected` to within its last shown digit (the doc's figures are rounded too). */
function near(text: string, expected: number): void {
  const { value, decimals } = shown(text);
  expect({ text, off: Math.abs(value - expected) <= 0.5 * 10 ** -decimals + 1e-9 * Math.abs(expected) }).toEqual({
    text,
    off: true,
  });
}

/**
 * Scrolls `locator` into view and waits two frames, as a planner scrolls to read it: off-screen, the months are not
 * laid out (budget.css, content-visibility: auto), and Chromium's innerText of a part not laid out is empty.
 */
async function inView(page: Page, locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await drawn(page);
}

/** The month table's cells for `month` (1-based), after its heading: traffic (the input's text), then figures. */
async function monthRow(page: Page, month: number): Promise<string[]> {
  await drawn(page);
  const row = page.locator("#budget-table tbody tr").nth(month - 1);
  await inView(page, row);
  const traffic = await row.locator("input").inputValue();
  const rest = await row.locator("td").allInnerTexts();
  return [traffic, ...rest.slice(1)];
}

/** The intervals' serving used, as shown. */
async function intervalServing(page: Page): Promise<string[]> {
  await drawn(page);
  await inView(page, page.locator("#budget-intervals"));
  return page.locator("#budget-intervals tbody tr td:nth-child(4)").allInnerTexts();
}

const serious = async (page: Page) =>
  (await axeViolations(page)).filter((v) => v.impact === "serious" || v.impact === "critical");

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

test("a new plan counts calendar months: January 31 days, February 28, the figures the model's", async () => {
  const page = await budgetView();
  const choice = page.locator("#budget-field-monthDays");
  expect(await choice.locator("option:checked").innerText()).toBe(MONTH_DAYS[0].label);
  await page.locator("#budget-hint-monthDays").getByText("365 days over the horizon, each month its own").waitFor();
  const calendar = budgetOf(NEW_BUDGET_PLAN) as BudgetResult;
  near((await figure(page, "Total, 12 months")).value, calendar.totalHours);
  near((await monthRow(page, 1))[2], 7440); // 31 days of 250 clips/s at 0.04 s: 31/30 of 7,200 h
  near((await monthRow(page, 2))[2], 7200 * 1.05 * (28 / 30));
  await page.context().close();
});

test("the defaults in 30-day months are steady growth: 117,003.3 h, training 2.05%, $234,006.62", async () => {
  const page = await budgetView();
  await thirtyDayMonths(page);
  expect((await figure(page, "Training's share")).value).toBe("2.05%");
  near((await figure(page, "Training")).value, 2400);
  near((await figure(page, "Serving paid")).value, 114_603.3);
  near((await figure(page, "Serving used")).value, 114_603.3);
  near((await figure(page, "Total, 12 months")).value, 117_003.3);
  expect((await figure(page, "Cost, USD")).value).toBe("234,006.62");
  // $0.022688 per 1,000 clips on average against $0.022222 marginal.
  near((await figure(page, "Per 1,000 clips, USD")).value, 0.022688);
  near((await figure(page, "Next 1,000 clips, USD")).value, 0.022222);
  await page.locator("#budget-summary").getByText("Already serving-dominated from the first interval.").waitFor();
  // Month 1 serves the quarter's 21,600 h / 3; month 12 12,314.4 h; the intervals 22,698.0 / 26,275.8 / ...
  const first = await monthRow(page, 1);
  expect(first[0]).toBe("250");
  near(first[2], 7200);
  near((await monthRow(page, 12))[2], 12_314.4);
  const intervals = await intervalServing(page);
  [22_698.0, 26_275.8, 30_417.5, 35_212.0].forEach((hours, i) => near(intervals[i], hours));
  expect(await page.locator("#budget-field-firstMonth").inputValue()).toBe("2027-01");
  await page.locator("#budget-hint-firstMonth").getByText("January 2027").waitFor();
  await drawn(page);
  expect(await page.locator("#budget-months-title").innerText()).toContain("January 2027 to December 2027");
  expect(await page.locator("#budget-field-monthlyGrowth").inputValue()).toBe("5%");
  // 1.03143e10 clips in the year, every digit shown.
  const clips = shown(/scores ([\d,]+) clips/.exec(await page.locator("#budget-answer").innerText())![1]).value;
  expect(Math.abs(clips / 1.03143e10 - 1)).toBeLessThan(5e-6);
  expect(await serious(page)).toEqual([]);
  await wholePage(page, "budget-350-light-whole.png");
  await page.context().close();
});

test("at peak-to-mean 2: $463,213.24, training 1.04% of the hours paid for", async () => {
  const page = await budgetView();
  await thirtyDayMonths(page);
  await openFold(page, "Factors");
  await fill(page, "peakToMean", "2");
  await page.locator("#budget-summary").getByText("463,213.24").waitFor();
  expect((await figure(page, "Training's share")).value).toBe("1.04%");
  await page.getByText("Training is 1.04% of the hours paid for over 12 months", { exact: false }).waitFor();
  await page.context().close();
});

test("the launch ramp typed in: 1 clip/s, 50 (%): crossover in interval 3 (months 7-9), training 24.45%", async () => {
  const page = await budgetView();
  await thirtyDayMonths(page);
  await fill(page, "clipsPerSecond", "1");
  await fill(page, "monthlyGrowth", "50");
  await page.locator("#budget-hint-monthlyGrowth").getByText("Read as +50% a month").waitFor();
  await page
    .locator("#budget-summary")
    .getByText("Serving overtakes training in interval 3, months 7-9 (Jul-Sep 2027).")
    .waitFor();
  expect((await figure(page, "Training's share")).value).toBe("24.45%");
  near((await figure(page, "Serving used")).value, 7415.8);
  near((await figure(page, "Total, 12 months")).value, 9815.8);
  near((await monthRow(page, 1))[2], 28.8);
  const intervals = await intervalServing(page);
  [136.8, 461.7, 1558.2, 5259.1].forEach((hours, i) => near(intervals[i], hours));
  // The crossing interval is marked in its table.
  expect(await page.locator("#budget-intervals tr.crossing th").innerText()).toBe("3");
  // "50%" is the same growth as "50".
  await fill(page, "monthlyGrowth", "50%");
  expect((await figure(page, "Training's share")).value).toBe("24.45%");
  await wholePage(page, "budget-350-launch-whole.png");
  await page.context().close();
});

describe.each([320, 350, 800])("at %i px wide", (width) => {
  test.each(["light", "dark"] as const)("the summary's figures are within the first 700 px, %s", async (scheme) => {
    const { page } = await openPane(harness, { ...BROWSER, viewport: { width, height: 700 }, colorScheme: scheme });
    await page.getByRole("tab", { name: "Budget" }).click();
    const figures = page.locator("#budget-summary .summary-figures");
    await figures.waitFor();
    const box = (await figures.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(700);
    for (const value of await page.locator("#budget-summary .summary-value").all()) {
      const own = (await value.boundingBox())!;
      expect(own.y + own.height).toBeLessThanOrEqual(700);
    }
    expect(await pageOverflow(page)).toBe(0);
    expect(await serious(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, `budget-${width}-${scheme}.png`) });
    // Typing far down the form keeps the summary in view.
    await openFold(page, "A lever");
    await fill(page, "leverSecondsPerClip", "0.03");
    await fill(page, "leverFromMonth", "7");
    await page
      .locator("#budget-summary")
      .getByText("The lever (0.03 s a clip from Jul 2027) saves", { exact: false })
      .waitFor();
    const pinned = (await figures.boundingBox())!;
    expect(pinned.y).toBeGreaterThanOrEqual(0);
    expect(pinned.y + pinned.height).toBeLessThanOrEqual(700);
    await page.screenshot({ path: join(ARTIFACTS, `budget-${width}-${scheme}-lever.png`) });
    if (width !== 350) await wholePage(page, `budget-${width}-${scheme}-whole.png`);
    await page.context().close();
  });
});

test.each(["light", "dark"] as const)("every text of the chart meets 4.5:1 against its ground, %s", async (scheme) => {
  const { page } = await openPane(harness, { ...BROWSER, viewport: { width: 350, height: 700 }, colorScheme: scheme });
  await page.getByRole("tab", { name: "Budget" }).click();
  await page.locator("#budget-chart text").first().waitFor();
  const texts = await svgTexts(page);
  expect(texts.map((t) => t.text)).toEqual(expect.arrayContaining(["Training", "Serving used", "Jan", "2027"]));
  const poor = texts
    .map((t) => ({ text: t.text, ratio: Math.round(contrast(t.fill, t.behind) * 100) / 100 }))
    .filter((t) => t.ratio < 4.5);
  expect(poor).toEqual([]);
  await page.context().close();
});

test("traffic typed over the curve: the month marked, the figures the model's, and Clear undoes it", async () => {
  const page = await budgetView();
  await thirtyDayMonths(page);
  const cell = page.getByLabel("Clips per second in Jul 2027", { exact: false });
  await cell.fill("400");
  const typed = budgetOf({ ...STEADY_GROWTH_EXAMPLE, typedClipsPerSecond: { 7: 400 } }) as BudgetResult;
  near((await figure(page, "Total, 12 months")).value, typed.totalHours);
  expect(await cell.getAttribute("aria-label")).toContain("typed over the growth curve");
  expect(await cell.evaluate((input) => input.classList.contains("typed"))).toBe(true);
  await page.locator("#budget-typed-note").getByText("Typed over the growth curve: Jul 2027.").waitFor();
  // A shorter horizon leaves July out of the plan; the longer one again brings the typed figure back.
  await fill(page, "months", "6");
  near(
    (await figure(page, "Total, 6 months")).value,
    (budgetOf({ ...STEADY_GROWTH_EXAMPLE, months: 6 }) as BudgetResult).totalHours,
  );
  await fill(page, "months", "12");
  await drawn(page);
  expect(await cell.inputValue()).toBe("400");
  near((await figure(page, "Total, 12 months")).value, typed.totalHours);
  // As tall as the page, so that the pinned summary and action bar cover none of the months.
  await page.setViewportSize({
    width: 350,
    height: await page.evaluate(() => document.scrollingElement!.scrollHeight),
  });
  await drawn(page);
  await page.locator("#budget-months").screenshot({ path: join(ARTIFACTS, "budget-350-typed.png") });
  await page.setViewportSize({ width: 350, height: 700 });
  // A refused cell: its message by month, the figures kept out of date.
  await page.getByLabel("Clips per second in Aug 2027", { exact: false }).fill("lots");
  await page.locator("#budget-typed-note").getByText('Aug 2027: "lots" is not a number.').waitFor();
  await page.getByText("Out of date: fix a typed traffic cell to update.").waitFor();
  await page.getByLabel("Clips per second in Aug 2027", { exact: false }).fill("");
  await page.getByRole("button", { name: "Clear typed traffic" }).click();
  near((await figure(page, "Total, 12 months")).value, 117_003.3);
  expect(await cell.getAttribute("aria-label")).toContain("from the growth curve");
  expect(await cell.inputValue()).not.toBe("400");
  await page.context().close();
});

test("an invalid field says what to fix beside it; the figures stay, out of date, and nothing reads NaN", async () => {
  const page = await budgetView(320);
  await thirtyDayMonths(page);
  await fill(page, "monthlyGrowth", "five");
  await page.locator("#budget-error-monthlyGrowth").getByText('"five" is not a number.').waitFor();
  await page.getByText("Out of date: fix Traffic growth to update.").waitFor();
  expect(await page.getAttribute("#budget-summary", "data-stale")).not.toBeNull();
  expect((await figure(page, "Training's share")).value).toBe("2.05%");
  // The model's own check of a re-scan month past the horizon opens its fold and names the field.
  await fill(page, "monthlyGrowth", "5%");
  await fill(page, "months", "6");
  await openFold(page, "Re-scans");
  await fill(page, "rescanHours", "44,400");
  await fill(page, "rescanMonths", "3, 9");
  await page
    .locator("#budget-error-rescanMonths")
    .getByText("Re-scan months: each must be a month of the horizon", { exact: false })
    .waitFor();
  expect(await page.evaluate(() => document.body.innerText.includes("NaN"))).toBe(false);
  expect(await page.locator("#budget-download").isDisabled()).toBe(true);
  await page.screenshot({ path: join(ARTIFACTS, "budget-320-light-invalid.png") });
  await fill(page, "rescanMonths", "3");
  near((await figure(page, "Re-scans")).value, 44_400);
  expect(await page.locator("#budget-download").isDisabled()).toBe(false);
  await page.context().close();
});

test("Download gives the launch ramp's sheet, and LibreOffice recalculates it to the pane's figures", async () => {
  const page = await budgetView();
  await fill(page, "clipsPerSecond", "1");
  await fill(page, "monthlyGrowth", "50%");
  await page
    .locator("#budget-summary")
    .getByText("Serving overtakes training in interval 3", { exact: false })
    .waitFor();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download budget sheet (.xlsx)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("mlcost-budget.xlsx");
  const saved = join(ARTIFACTS, "budget-pane-launch.xlsx");
  await download.saveAs(saved);
  const zip = await JSZip.loadAsync(readFileSync(saved));
  expect(await zip.file("xl/workbook.xml")!.async("string")).toMatch(/<sheet [^>]*name="Budget"/);
  await page.getByText("Downloaded mlcost-budget.xlsx").waitFor();
  // LibreOffice's own recalculation of the file, read by the names the sheet gives its answers.
  const layout = budgetSheetLayout(LAUNCH_RAMP_EXAMPLE) as BudgetSheetLayout;
  const results = await formulaResults(recalculateWithLibreOffice(saved), BUDGET_SHEET_NAME);
  const byName = (name: string) => results.get(layout.names.find((n) => n.name === name)!.address) as number;
  expect(byName("BudgetCrossoverInterval")).toBe(3);
  expect(formatShare(byName("BudgetTrainingShare"))).toBe((await figure(page, "Training's share")).value);
  near((await figure(page, "Total, 12 months")).value, byName("BudgetHorizonTotalHours"));
  near((await figure(page, "Serving used")).value, byName("BudgetHorizonServingConsumed"));
  near((await figure(page, "Training")).value, byName("BudgetHorizonTrainingHours"));
  expect(formatCost(byName("BudgetHorizonCost"))).toBe((await figure(page, "Cost, USD")).value);
  await page.context().close();
});

test("inside Excel, Insert writes the budget sheet and says so", async () => {
  const page = await budgetView(350, { fakeHost: { sheets: [{ name: "Sheet1", cells: {} }], names: [] } });
  await page.getByRole("button", { name: "Insert budget sheet" }).click();
  await page.getByText('Inserted on a new sheet, "Budget", with its chart.', { exact: false }).waitFor();
  const fake = await page.evaluate(
    () =>
      (window as unknown as { __excelFake: { sheets: { name: string }[]; charts: { name: string }[] } }).__excelFake,
  );
  expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", BUDGET_SHEET_NAME, "About this workbook"]); // its notes
  expect(fake.charts.map((c) => c.name)).toContain(BUDGET_CHART_NAME);
  await page.context().close();
});

test("Insert clicked in the task of three keystrokes, before their frame, writes the last one typed", async () => {
  const page = await budgetView(350, { fakeHost: { sheets: [{ name: "Sheet1", cells: {} }], names: [] } });
  // The first keystroke redraws at once, the next two wait for the frame (frameUpdate): Insert must not lose them.
  await page.evaluate(() => {
    const field = document.getElementById("budget-field-clipsPerSecond") as HTMLInputElement;
    for (const text of ["3", "31", "317"]) {
      field.value = text;
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
    document.getElementById("budget-insert")!.click();
  });
  await page.getByText('Inserted on a new sheet, "Budget", with its chart.', { exact: false }).waitFor();
  const fake = await page.evaluate(
    () =>
      (
        window as unknown as {
          __excelFake: { names: { name: string; reference?: string }[]; cells: Record<string, Record<string, object>> };
        }
      ).__excelFake,
  );
  const reference = fake.names.find((n) => n.name === "BudgetClipsPerSecond")!.reference!;
  const [sheet, address] = reference.replace(/[=$']/g, "").split("!");
  expect(fake.cells[sheet][address]).toMatchObject({ value: 317 });
  const typed = budgetOf({ ...NEW_BUDGET_PLAN, clipsPerSecond: 317 }) as BudgetResult;
  near((await figure(page, "Total, 12 months")).value, typed.totalHours);
  await page.context().close();
});

test("the estate's models: the worked example's three in the budget, and Insert writes a block a model", async () => {
  const page = await budgetView(350, { fakeHost: { sheets: [{ name: "Sheet1", cells: {} }], names: [] } });
  await page.getByLabel("The estate's 3 models (the Estate view's)").check();
  await page.locator("#budget-model-lines li").nth(2).waitFor();
  await inView(page, page.locator("#budget-model-lines"));
  const lines = await page.locator("#budget-model-lines li").allInnerTexts();
  expect(lines.map((line) => line.split(":")[0])).toEqual(EXAMPLE_ESTATE.models.map((m) => m.name));
  expect(await page.locator("#budget-months-title").innerText()).toContain("the estate's 3 models");
  // the summary is the estate's, each model's share of the hours in its sentence
  const plan = estateModelsPlan(oneModelPlan(NEW_BUDGET_PLAN), EXAMPLE_ESTATE);
  const estate = estateBudgetOf(plan) as EstateBudgetResult;
  near((await figure(page, `Total, ${NEW_BUDGET_PLAN.months} months`)).value, estate.totalHours);
  expect(await page.locator("#budget-summary").innerText()).toContain("The estate's 3 models");
  expect(await page.locator("#budget-intervals").isVisible()).toBe(false);
  await wholePage(page, "budget-350-estate-models.png");
  await page.getByRole("button", { name: "Insert budget sheet" }).click();
  await page.getByText('Inserted on a new sheet, "Budget", with its chart.', { exact: false }).waitFor();
  const fake = await page.evaluate(
    () =>
      (
        window as unknown as {
          __excelFake: { cells: Record<string, Record<string, { value?: unknown }>>; settings: Record<string, string> };
        }
      ).__excelFake,
  );
  const texts = Object.values(fake.cells.Budget).map((cell) => String(cell.value ?? ""));
  EXAMPLE_ESTATE.models.forEach((model, i) => expect(texts).toContain(`Model ${i + 1}: ${model.name}`));
  expect(texts).toContain("Total, paid, every model");
  // recorded for the bill with its three models (the budget sheets' records, version 5)
  const stored = JSON.parse(fake.settings["mlcost.budget.sheets"]);
  expect(stored.version).toBe(5);
  expect(stored.records[0].plan.models.map((m: { name: string }) => m.name)).toEqual(
    EXAMPLE_ESTATE.models.map((m) => m.name),
  );
  expect(await page.locator("#budget-status").innerText()).not.toMatch(/will not find/);
  await page.context().close();
});

test("the estate's models with A's ledger typed in the Estate view: the budget carries A's staleness", async () => {
  const page = await budgetView(350);
  await page.getByRole("tab", { name: "Estate" }).click();
  const card = page.locator("#estate-models .model-card").first();
  await card.locator("details.fold", { hasText: "What a staler model costs" }).locator("summary").click();
  await card.locator('input[name="driftPerMonth"]').fill("2e-7");
  await card.locator('input[name="costPerError"]').fill("1");
  await card.locator(".model-ledger").getByText("129.60 USD a month", { exact: false }).waitFor();
  await page.getByRole("tab", { name: "Budget" }).click();
  await page.getByLabel("The estate's 3 models (the Estate view's)").check();
  await page.locator("#budget-model-lines li").nth(2).waitFor();
  // the model's figures: A's ledger carried into the budget, B and C without one
  const ledger = { driftPerMonth: 2e-7, costPerError: 1 };
  const withLedger = { ...EXAMPLE_ESTATE, models: EXAMPLE_ESTATE.models.map((m, i) => (i ? m : { ...m, ...ledger })) };
  const estate = estateBudgetOf(estateModelsPlan(oneModelPlan(NEW_BUDGET_PLAN), withLedger)) as EstateBudgetResult;
  const a = estate.models[0].budget.staleness as BudgetStaleness;
  const unit = NEW_BUDGET_PLAN.currency ? `, ${NEW_BUDGET_PLAN.currency}` : "";
  await inView(page, page.locator("#budget-summary"));
  expect((await figure(page, `Staleness a year${unit}`)).value).toBe(formatCost(a.perYear));
  await inView(page, page.locator("#budget-model-lines"));
  const lines = await page.locator("#budget-model-lines li").allInnerTexts();
  expect(lines.map((line) => line.includes("Staleness not counted."))).toEqual([false, true, true]);
  await wholePage(page, "budget-350-estate-ledger.png");
  await page.context().close();
});

test("both ledgers: a drift and an error's cost give the staleness by month; Insert writes its rows", async () => {
  const page = await budgetView(350, { fakeHost: { sheets: [{ name: "Sheet1", cells: {} }], names: [] } });
  const before = await page.locator("#budget-summary").innerText();
  expect(before).not.toContain("Staleness");
  await page.locator("#budget-ledgers-field-driftPerMonth").fill("2e-7");
  await page.locator("#budget-ledgers-field-costPerError").fill("1");
  // the model's staleness over the new plan's months: clips x drift x months since the last retrain x cost
  const result = budgetOf(NEW_BUDGET_PLAN) as BudgetResult;
  const ledger = { driftPerMonth: 2e-7, costPerError: 1 };
  const staleness = stalenessOf(
    result.months.map((m) => ({ retrainFlag: m.retrainFlag, scoredClips: m.clips })),
    ledger,
  ) as BudgetStaleness;
  expect(staleness.total).toBeGreaterThan(0);
  const unit = NEW_BUDGET_PLAN.currency ? `, ${NEW_BUDGET_PLAN.currency}` : "";
  await page.locator("#budget-summary dt", { hasText: "Staleness a year" }).waitFor();
  expect((await figure(page, `Staleness a year${unit}`)).value).toBe(formatCost(staleness.perYear));
  expect((await figure(page, `Staleness, ${NEW_BUDGET_PLAN.months} months${unit}`)).value).toBe(
    formatCost(staleness.total),
  );
  // the compute figures stay the ones without a ledger
  const total = `Total, ${NEW_BUDGET_PLAN.months} months`;
  near((await figure(page, total)).value, result.totalHours);
  await wholePage(page, "budget-350-ledger.png");
  await page.getByRole("button", { name: "Insert budget sheet" }).click();
  await page.getByText('Inserted on a new sheet, "Budget", with its chart.', { exact: false }).waitFor();
  const fake = await page.evaluate(
    () =>
      (window as unknown as { __excelFake: { cells: Record<string, Record<string, { value?: unknown }>> } })
        .__excelFake,
  );
  const texts = Object.values(fake.cells.Budget).map((cell) => String(cell.value ?? ""));
  expect(texts).toContain("Months since the last retrain");
  expect(texts).toContain("Staleness");
  await page.context().close();
});

test("tokens per request (issue 32): typed seconds' figures; Insert writes TOKENSECONDS", async () => {
  const page = await budgetView(350, { fakeHost: { sheets: [{ name: "Sheet1", cells: {} }], names: [] } });
  const form = page.locator("#budget-form");
  const seconds = page.locator("#budget-field-secondsPerClip");
  const summary = page.locator("#budget-summary-body");
  const total = `Total, ${NEW_BUDGET_PLAN.months} months`;
  // the figures of 0.4 s a clip typed, the form's own seconds after
  const opened = await summary.textContent();
  await fill(page, "secondsPerClip", "0.4");
  const model = budgetOf({ ...NEW_BUDGET_PLAN, secondsPerClip: 0.4 }) as BudgetResult;
  await page.waitForFunction((old) => document.querySelector("#budget-summary-body")?.textContent !== old, opened);
  near((await figure(page, total)).value, model.totalHours);
  await drawn(page);
  const typed = await summary.innerText();
  const typedMonth = await monthRow(page, 12);
  const typedContent = await summary.textContent();
  await fill(page, "secondsPerClip", "0.04");
  await page.waitForFunction(
    (old) => document.querySelector("#budget-summary-body")?.textContent !== old,
    typedContent,
  );

  // Tokens per request: the worked example's 1,500 / 200 at 10,000 / 2,000 to start, 0.25 s, the field read-only.
  await form.getByLabel("Serving time given as").selectOption("tokens");
  await expect(seconds.inputValue()).resolves.toBe("0.25");
  expect(await seconds.getAttribute("readonly")).not.toBeNull();
  expect(await page.locator("#budget-seconds-working").textContent()).toBe(
    "From the tokens below: 1,500 / 10,000 + 200 / 2,000 = 0.25 s a request.",
  );
  // 3,000 input tokens: 0.3 + 0.1 = 0.4 s, and every figure is the typed 0.4 s's
  await form.getByLabel("Input tokens a request").fill("3,000");
  await page.locator("#budget-seconds-working").getByText("= 0.4 s a request.", { exact: false }).waitFor();
  expect(await seconds.inputValue()).toBe("0.4");
  await drawn(page);
  expect(await summary.innerText()).toBe(typed);
  expect(await monthRow(page, 12)).toEqual(typedMonth);
  expect(await serious(page)).toEqual([]);
  expect(await pageOverflow(page)).toBe(0);
  await seconds.scrollIntoViewIfNeeded();
  await wholePage(page, "budget-350-tokens.png");

  // A throughput of 0: said beside it, the seconds field points at the tokens, the figures out of date, no Insert.
  await form.getByLabel("Output tokens a second").fill("0");
  await page.getByText("Output tokens a second is 0, and the formula divides by it.").waitFor();
  await page.getByText("Fix the request's tokens below: the seconds come from them.").waitFor();
  await page.locator("#budget-stale").getByText("Serving time per clip", { exact: false }).waitFor();
  expect(await page.getByRole("button", { name: "Insert budget sheet" }).isDisabled()).toBe(true);
  await wholePage(page, "budget-350-tokens-invalid.png");
  await form.getByLabel("Output tokens a second").fill("2,000");
  await page.locator("#budget-seconds-working").getByText("= 0.4 s a request.", { exact: false }).waitFor();

  // Insert: the seconds are TOKENSECONDS' formula over the four blue token inputs, and the record keeps the tokens.
  await page.getByRole("button", { name: "Insert budget sheet" }).click();
  await page.getByText('Inserted on a new sheet, "Budget", with its chart.', { exact: false }).waitFor();
  const fake = await page.evaluate(
    () =>
      (
        window as unknown as {
          __excelFake: {
            names: { name: string; reference?: string }[];
            cells: Record<string, Record<string, { value?: unknown; formula?: string }>>;
            settings: Record<string, string>;
          };
        }
      ).__excelFake,
  );
  const cellOf = (name: string) => {
    const reference = fake.names.find((n) => n.name === name)!.reference!;
    const [sheet, address] = reference.replace(/[=$']/g, "").split("!");
    return fake.cells[sheet][address];
  };
  expect(JSON.stringify(cellOf("BudgetSecondsPerClip"))).toContain(
    "BudgetClipInputTokens/BudgetClipInputPerSecond+BudgetClipOutputTokens/BudgetClipOutputPerSecond",
  );
  expect(cellOf("BudgetClipInputTokens")).toMatchObject({ value: 3000 });
  expect(cellOf("BudgetClipOutputTokens")).toMatchObject({ value: 200 });
  expect(cellOf("BudgetClipInputPerSecond")).toMatchObject({ value: 10_000 });
  expect(cellOf("BudgetClipOutputPerSecond")).toMatchObject({ value: 2000 });
  const stored = JSON.parse(fake.settings["mlcost.budget.sheets"]);
  expect(stored.version).toBe(5);
  expect(stored.records[0].tokens).toEqual({
    inputTokens: 3000,
    outputTokens: 200,
    inputTokensPerSecond: 10_000,
    outputTokensPerSecond: 2000,
  });
  expect(stored.records[0].plan.models[0].secondsPerClip).toBe(0.4);

  // Back to seconds per clip: the seconds typed before come back, editable, and the figures are theirs.
  await form.getByLabel("Serving time given as").selectOption("seconds");
  await expect(seconds.inputValue()).resolves.toBe("0.04");
  expect(await seconds.getAttribute("readonly")).toBeNull();
  expect(await page.locator("#budget-request-tokens").isHidden()).toBe(true);
  await page.context().close();
});

test("tokens per request in a browser: Download writes TOKENSECONDS over the named token inputs", async () => {
  const page = await budgetView();
  await page.locator("#budget-form").getByLabel("Serving time given as").selectOption("tokens");
  await page.locator("#budget-seconds-working").getByText("= 0.25 s a request.", { exact: false }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download budget sheet (.xlsx)" }).click(),
  ]);
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const sheet = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
  expect(sheet).toContain(
    "<f>BudgetClipInputTokens/BudgetClipInputPerSecond+BudgetClipOutputTokens/BudgetClipOutputPerSecond</f>",
  );
  const workbook = await zip.file("xl/workbook.xml")!.async("string");
  for (const name of ["BudgetClipInputTokens", "BudgetClipOutputTokens", "BudgetClipInputPerSecond"]) {
    expect(workbook).toContain(`<definedName name="${name}"`);
  }
  await page.context().close();
});
