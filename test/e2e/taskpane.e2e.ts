/*
 * The task pane end to end, in Debian's Chromium against the built pane:
 *  1. inside a recording fake of the Excel host: fill the form, press Insert, and check what was
 *     written where, that the user's own sheet and cells were left untouched, and the syncs;
 *  2. in a plain browser with the real Office.js (no host): press Download, recalculate the file
 *     in LibreOffice headless, and compare every computed cell with the model.
 * Screenshots and first-load figures go to test-artifacts/.
 */
import { mkdirSync, writeFileSync } from "fs";
import { join } from "path";
import { Workbook } from "exceljs";
import { Page } from "playwright-core";
import { EXAMPLE_PLAN, Plan } from "../../src/stages/model/plan";
import { formulaGrid, isTextCell, numberFormatGrid, textGrid } from "../../src/core/sheet/grid";
import { absoluteReference, columnLetter } from "../../src/core/excel/a1";
import { layoutRange } from "../../src/core/sheet/sheetBasics";
import { sheetLayout, TABLE_NAME } from "../../src/stages/sheet/stageLayout";
import { COVER_SHEET_NAME as NOTES } from "../../src/core/notes/cover";
import { NOTES_NAME } from "../../src/core/notes/insertedNotes";
import { recalculateWithLibreOffice } from "../support/libreoffice";
import { expectSheetMatchesModel } from "../support/stageModel";
import { ARTIFACTS, fill, Harness, openPane, startHarness } from "./browser";

let harness: Harness;
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  harness = await startHarness();
});
afterAll(() => harness?.close());

/** Opens the stage form's folded groups (honesty factors, money), as a planner does before typing in them. */
async function openFolds(page: Page): Promise<void> {
  const closed = page.locator("#plan-form details.fold:not([open]) > summary");
  while ((await closed.count()) > 0) await closed.first().click();
}

// The workbook the user already has: a sheet named "Cost stages" with their own numbers, a
// second sheet, and a defined name of their own that a generated name would have shadowed.
const USER_SHEET = {
  name: "Cost stages",
  cells: {
    A1: [["My own budget"]],
    "B2:C3": [
      [1, 2],
      [3, "=B2*2"],
    ],
  },
};
const SEED = {
  sheets: [{ name: "Budget", cells: { "A1:B1": [["Q1", 100]] } }, USER_SHEET],
  names: [{ name: "Crossover", reference: "'Budget'!$B$1" }],
};

describe("inside Excel (recording fake host)", () => {
  test("Insert writes live formulas, names and a table in one sync, a chart and a finish in their own", async () => {
    const { page, console } = await openPane(harness, { fakeHost: SEED });
    expect(await page.getAttribute("body", "data-ready")).toBe("excel");
    await openFolds(page);
    await fill(page, "Training overhead", "3");
    await fill(page, "Price per accelerator-hour", "2.5");
    await fill(page, "Currency", "USD");
    await page
      .locator("#preview tbody tr", { has: page.locator('th:text-is("Lead")') })
      .getByText("12x")
      .waitFor();
    await page.screenshot({ path: join(ARTIFACTS, "taskpane-excel.png"), fullPage: true });

    const insert = page.getByRole("button", { name: "Insert table" });
    expect(await insert.isEnabled()).toBe(true);
    await insert.click();
    await page.getByText(/Inserted on a new sheet/).waitFor();
    const fake = await page.evaluate(() => (window as any).__excelFake);

    const plan: Plan = { ...EXAMPLE_PLAN, trainingOverhead: 3, pricePerHour: 2.5, currency: "USD" };
    const layout = sheetLayout(plan, "_2");
    // Sheets: the user's two untouched, one new, activated, and the notes that list it (notesSync.ts).
    expect(fake.sheets.map((s: { name: string }) => s.name)).toEqual([
      "Budget",
      "Cost stages",
      "Cost stages (2)",
      NOTES,
    ]);
    expect(fake.sheets[1]).toEqual(USER_SHEET);
    expect(fake.sheets[0]).toEqual(SEED.sheets[0]);
    expect(fake.activeSheet).toBe("Cost stages (2)");
    // Every write went to the new sheet or its notes, but the workbook functions' names, which belong to the workbook.
    const functionWrites = fake.writes.filter((w: { kind: string; sheet: string }) => w.sheet === "");
    expect(functionWrites.every((w: { kind: string }) => w.kind === "names.add")).toBe(true);
    const onSheet = fake.writes.filter((w: { sheet: string }) => w.sheet !== "");
    expect(new Set(onSheet.map((w: { sheet: string }) => w.sheet))).toEqual(new Set(["Cost stages (2)", NOTES]));
    // Formats, formulas, texts: the layout's, in one write each, over the layout's range, in that order
    // (a text cell is Text before its text goes in).
    const cellWrites = fake.writes.filter(
      (w: { kind: string; sheet: string }) =>
        ["numberFormat", "formulas", "values"].includes(w.kind) && w.sheet === "Cost stages (2)",
    );
    // The checks' sentences are formulas with a text answer, formatted Text: each is General while its formula goes
    // in (a formula typed into a Text cell stays text) and Text after, in a fourth write that leaves the rest (null).
    const formats = numberFormatGrid(layout);
    const formulas = formulaGrid(layout);
    const textFormula = (r: number, c: number) => formats[r][c] === "@" && /^=/.test(String(formulas[r][c]));
    const early = formats.map((row, r) => row.map((f, c) => (textFormula(r, c) ? "General" : f)));
    const late = formats.map((row, r) => row.map((f, c) => (textFormula(r, c) ? f : null)));
    expect(late.flat().filter((f) => f !== null).length).toBeGreaterThan(0);
    expect(cellWrites).toEqual([
      { sheet: "Cost stages (2)", kind: "numberFormat", target: layoutRange(layout), value: early },
      { sheet: "Cost stages (2)", kind: "formulas", target: layoutRange(layout), value: formulas },
      { sheet: "Cost stages (2)", kind: "values", target: layoutRange(layout), value: textGrid(layout) },
      { sheet: "Cost stages (2)", kind: "numberFormat", target: layoutRange(layout), value: late },
    ]);
    expect(formulaGrid(layout).flat()).toContain(`=EffectiveTrainingHours_2*3600/EffectiveSecondsPerClip_2`);
    // Workbook-scoped names with the suffix, each pointing at its cell; the user's name kept; no workbook
    // function (LAMBDA name), as the sheet calls none (test/core/writers/workbookTwins.test.ts).
    const twins = fake.names.filter((n: { formula?: string }) => n.formula !== undefined);
    expect(twins).toEqual([]);
    const added = fake.names
      .slice(1)
      .filter((n: { name: string; formula?: string }) => n.formula === undefined && n.name !== NOTES_NAME);
    expect(fake.names[0]).toEqual(SEED.names[0]);
    expect(added.map((n: { name: string }) => n.name).sort()).toEqual(layout.names.map((n) => n.name).sort());
    expect(layout.names.map((n) => n.name)).toContain("PricePerHour_2");
    for (const { name, address } of layout.names)
      expect(added).toContainEqual({ name, reference: `'Cost stages (2)'!${address}` });
    // The formatted table and the chart with log axes and a crossover point.
    expect(fake.tables).toEqual([
      {
        sheet: "Cost stages (2)",
        range: `'Cost stages (2)'!${layout.table.range}`,
        hasHeaders: true,
        name: `${TABLE_NAME}_2`,
        style: "TableStyleMedium2",
        showBandedRows: false,
      },
    ]);
    expect(fake.charts).toEqual([
      {
        sheet: "Cost stages (2)",
        type: "XYScatterLines",
        source: `'Cost stages (2)'!${layout.chart.sourceRange}`,
        seriesBy: "Columns",
        name: "MLCost stages chart",
      },
    ]);
    const chartWrites = Object.fromEntries(
      fake.writes
        .filter((w: { kind: string }) => w.kind.startsWith("chart."))
        .map((w: { kind: string; value: unknown }) => [w.kind, w.value]),
    );
    expect(chartWrites["chart.axes.categoryAxis.scaleType"]).toBe("Logarithmic");
    expect(chartWrites["chart.axes.valueAxis.scaleType"]).toBe("Logarithmic");
    expect(chartWrites["chart.series[Crossover].setXAxisValues"]).toBe(
      `'Cost stages (2)'!${layout.chart.crossoverClips}`,
    );
    // One sync to read what exists, one for every data write, one for the chart, one for the finish
    // (frozen rows, validation, page setup: test/e2e/workbook.e2e.ts), none for workbook functions (the sheet
    // calls none), one for the notes; nothing left unsynced.
    expect(fake.runs).toBe(1);
    expect(fake.syncs).toBe(5);
    expect(fake.pending).toBe(0);
    expect(console.filter((m) => m.startsWith("error") || m.startsWith("pageerror"))).toEqual([]);
    writeFileSync(
      join(ARTIFACTS, "excel-writes.json"),
      JSON.stringify({ syncs: fake.syncs, writes: fake.writes.length }, null, 2),
    );
    await page.context().close();
  });

  test("a second insert goes beside the first, under new names", async () => {
    const { page } = await openPane(harness, { fakeHost: SEED });
    const insert = page.getByRole("button", { name: "Insert table" });
    await insert.click();
    await page.getByText(/"Cost stages \(2\)"/).waitFor();
    await insert.click();
    await page.getByText(/"Cost stages \(3\)"/).waitFor();
    const fake = await page.evaluate(() => (window as any).__excelFake);
    expect(fake.sheets.map((s: { name: string }) => s.name)).toEqual([
      "Budget",
      "Cost stages",
      "Cost stages (2)",
      NOTES,
      "Cost stages (3)",
    ]);
    const third = fake.names
      .filter((n: { name: string }) => n.name.endsWith("_3"))
      .map((n: { name: string }) => n.name);
    expect(third.sort()).toEqual(
      sheetLayout(EXAMPLE_PLAN, "_3")
        .names.map((n) => n.name)
        .sort(),
    );
    // Each insert: read, data, chart, finish, the notes (no workbook functions: the sheet calls none).
    expect(fake.syncs).toBe(10);
    await page.context().close();
  });

  test("an insert that fails midway takes back what it had written, and says so", async () => {
    const { page } = await openPane(harness, { fakeHost: { ...SEED, failOn: "tables.add" } });
    await page.getByRole("button", { name: "Insert table" }).click();
    const count = sheetLayout(EXAMPLE_PLAN, "_2").names.length;
    await page
      .getByText(
        "That did not work, and nothing was left behind: GeneralException: tables.add failed (injected by the " +
          `test) Removed what this insert had made: the sheet "Cost stages (2)" and ${count} defined names.`,
      )
      .waitFor();
    const fake = await page.evaluate(() => (window as any).__excelFake);
    expect(fake.sheets).toEqual(SEED.sheets);
    expect(fake.names).toEqual(SEED.names);
    expect(fake.tables).toEqual([]);
    expect(fake.syncs).toBe(4); // read, the failed write, looking up what it had made, deleting that
    expect(await page.getByRole("button", { name: "Insert table" }).isEnabled()).toBe(true);
    await page.context().close();
  });

  test("a chart that fails leaves the table and names, and the status says the chart was skipped and why", async () => {
    const failOn = "chart.axes.valueAxis.scaleType";
    const { page } = await openPane(harness, { fakeHost: { ...SEED, failOn } });
    await page.getByRole("button", { name: "Insert table" }).click();
    await page
      .getByText(
        'Inserted on a new sheet, "Cost stages (2)" (chart skipped: GeneralException: ' +
          `${failOn} failed (injected by the test)). Change its blue cells to try other numbers.`,
      )
      .waitFor();
    const fake = await page.evaluate(() => (window as any).__excelFake);
    const layout = sheetLayout(EXAMPLE_PLAN, "_2");
    expect(fake.sheets.map((s: { name: string }) => s.name)).toEqual([
      "Budget",
      "Cost stages",
      "Cost stages (2)",
      NOTES,
    ]);
    expect(fake.tables.map((t: { name: string }) => t.name)).toEqual([`${TABLE_NAME}_2`]);
    expect(fake.names.filter((n: { formula?: string }) => n.formula === undefined)).toEqual([
      ...SEED.names,
      ...layout.names.map(({ name, address }) => ({ name, reference: `'Cost stages (2)'!${address}` })),
      { name: NOTES_NAME, reference: `'${NOTES}'!A1` },
    ]);
    expect(fake.charts).toEqual([]);
    // read and data: 2; the chart: 1 more, which failed; then 2 to find and delete the half-made chart; the finish
    // (no workbook functions: the sheet calls none), the notes
    expect(fake.syncs).toBe(7);
    expect(fake.pending).toBe(0);
    await page.context().close();
  });

  test("a co-author's sheet and name added between the pane's two syncs survive; Insert moves on", async () => {
    const theirs = { name: "TrainingHours_2", reference: "'Other'!$A$1" };
    const coAuthor = { afterSync: 1, addSheet: "Cost stages (2)", addName: theirs };
    const { page } = await openPane(harness, { fakeHost: { ...SEED, coAuthor } });
    await page.getByRole("button", { name: "Insert table" }).click();
    await page.getByText('Inserted on a new sheet, "Cost stages (3)", with a chart.').waitFor();
    const fake = await page.evaluate(() => (window as any).__excelFake);
    expect(fake.sheets.slice(0, 3)).toEqual([...SEED.sheets, { name: "Cost stages (2)", cells: {} }]);
    expect(fake.names.slice(0, 2)).toEqual([...SEED.names, theirs]);
    // read, the refused write, the look-up; read, write, chart, finish, the notes (no workbook functions: none called)
    expect(fake.syncs).toBe(8);
    await page.context().close();
  });

  test("a write that fails on a co-author's name removes only the insert's own, and says what stayed", async () => {
    const theirs = { name: "TrainingHours_2", reference: "'Other'!$A$1" };
    const { page } = await openPane(harness, { fakeHost: { ...SEED, coAuthor: { afterSync: 1, addName: theirs } } });
    await page.getByRole("button", { name: "Insert table" }).click();
    await page
      .getByText(
        "That did not work, and nothing was left behind: ItemAlreadyExists: a name TrainingHours_2 already exists" +
          ' Removed what this insert had made: the sheet "Cost stages (2)". Kept what others made meanwhile:' +
          " the name TrainingHours_2.",
      )
      .waitFor();
    const fake = await page.evaluate(() => (window as any).__excelFake);
    expect(fake.sheets).toEqual(SEED.sheets);
    expect(fake.names).toEqual([...SEED.names, theirs]);
    expect(fake.syncs).toBe(4);
    await page.context().close();
  });

  test("a chart sheet named Cost stages, which Office.js does not list, moves Insert to Cost stages (2)", async () => {
    const seed = { sheets: [SEED.sheets[0]], names: [], chartSheets: ["Cost stages"] };
    const { page } = await openPane(harness, { fakeHost: seed });
    await page.getByRole("button", { name: "Insert table" }).click();
    await page.getByText('Inserted on a new sheet, "Cost stages (2)", with a chart.').waitFor();
    const fake = await page.evaluate(() => (window as any).__excelFake);
    expect(fake.sheets.map((s: { name: string }) => s.name)).toEqual(["Budget", "Cost stages (2)", NOTES]);
    expect(fake.chartSheets).toEqual(["Cost stages"]);
    expect(fake.tables.map((t: { name: string }) => t.name)).toEqual([`${TABLE_NAME}_2`]);
    await page.context().close();
  });

  test("an Excel without ExcelApi 1.9 gets the sheet, and the status names the finish it could not give", async () => {
    const { page } = await openPane(harness, { fakeHost: { ...SEED, excelApi: "1.8" } });
    await page.getByRole("button", { name: "Insert table" }).click();
    await page
      .getByText(
        'Inserted on a new sheet, "Cost stages (2)", with a chart. Sheet finish incomplete: this Excel lacks' +
          " indents (ExcelApi 1.9), page setup (ExcelApi 1.9). Change its blue cells to try other numbers.",
      )
      .waitFor();
    await page.context().close();
  });

  test("a currency that looks like a formula reaches the sheet as text", async () => {
    const { page } = await openPane(harness, { fakeHost: SEED });
    await openFolds(page);
    await fill(page, "Price per accelerator-hour", "2.5");
    await fill(page, "Currency", "= =1+1");
    await page.getByRole("button", { name: "Insert table" }).click();
    await page.getByText(/Inserted on a new sheet/).waitFor();
    const fake = await page.evaluate(() => (window as any).__excelFake);
    const plan: Plan = { ...EXAMPLE_PLAN, pricePerHour: 2.5, currency: "= =1+1" };
    const layout = sheetLayout(plan, "_2");
    const cells = fake.cells["Cost stages (2)"];
    const currency = layout.names.find((n) => n.name === "Currency_2")!.address;
    expect(cells[currency]).toEqual({ format: "@", type: "text", value: "= =1+1" }); // as typed, as text
    layout.rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (isTextCell(cell))
          expect(cells[`${columnLetter(c)}${r + 1}`]).toEqual({ format: "@", type: "text", value: cell.value });
      }),
    );
    expect(Object.values(cells)).toContainEqual({ format: "@", type: "text", value: "Cost (= =1+1)" });
    await page.context().close();
  });

  test("invalid input shows a message next to its field, disables Insert, and writes nothing", async () => {
    const { page } = await openPane(harness, { fakeHost: SEED });
    await fill(page, "Serving time per clip", "0");
    await page.getByText("Serving time per clip is 0").waitFor();
    expect(await page.getAttribute("#field-secondsPerClip", "aria-invalid")).toBe("true");
    expect(await page.getByRole("button", { name: "Insert table" }).isDisabled()).toBe(true);
    await fill(page, "Retrain interval", "ninety");
    await page.getByText('"ninety" is not a number.').waitFor();
    const fake = await page.evaluate(() => (window as any).__excelFake);
    expect(fake.writes).toEqual([]);
    expect(fake.syncs).toBe(0);
    await fill(page, "Serving time per clip", "0.04");
    await fill(page, "Retrain interval", "90");
    expect(await page.getByRole("button", { name: "Insert table" }).isEnabled()).toBe(true);
    await page.context().close();
  });
});

describe("in a plain browser (real Office.js, no host)", () => {
  test("standalone planner: Download gives a workbook LibreOffice recalculates to the model's numbers", async () => {
    const { page, requests, console } = await openPane(harness);
    expect(await page.getAttribute("body", "data-ready")).toBe("browser");
    expect(await page.getByRole("button", { name: "Insert table" }).isHidden()).toBe(true);
    // The preview shows the worked example.
    await page.getByText("Crossover: 54,000,000 clips per interval").waitFor();
    const scale = async (measure: string) =>
      page
        .locator("#preview tbody tr", { has: page.locator(`th:text-is("${measure}")`) })
        .locator("td")
        .nth(2)
        .innerText();
    expect(await scale("Clips per interval")).toBe("1.94B");
    expect(await scale("Serving hours")).toBe("21,600");
    expect(await scale("Serving / training")).toBe("36.0");
    expect(await scale("Dominant half")).toBe("serving");
    expect(await scale("Lead")).toBe("36x");
    expect(await scale("Training share")).toBe("2.7%");
    expect(await page.locator("#chart circle.stage").count()).toBe(3);
    await page.screenshot({ path: join(ARTIFACTS, "taskpane.png"), fullPage: true });

    // First load: bytes of the pane's own files and time to interactive.
    const firstLoad = await page.evaluate(() => {
      const own = performance
        .getEntriesByType("resource")
        .filter((e) => e.name.startsWith(location.origin)) as PerformanceResourceTiming[];
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return {
        bytes: own.reduce((sum, e) => sum + e.encodedBodySize, navigation.encodedBodySize),
        files: [location.pathname, ...own.map((e) => new URL(e.name).pathname)],
        readyMs: performance.getEntriesByName("pane-ready")[0].startTime,
      };
    });
    expect(firstLoad.files.some((f) => f.includes("exceljs"))).toBe(false);
    writeFileSync(join(ARTIFACTS, "first-load.json"), JSON.stringify(firstLoad, null, 2));

    await openFolds(page);
    await fill(page, "Peak-to-mean", "2");
    await fill(page, "Launch: clips per interval", "60,000,000");
    const plan: Plan = { ...EXAMPLE_PLAN, peakToMean: 2, launchClips: 6e7 };
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download workbook (.xlsx)" }).click(),
    ]);
    const saved = join(ARTIFACTS, "mlcost-stages.xlsx");
    await download.saveAs(saved);
    await page.getByText(/Downloaded mlcost-stages.xlsx/).waitFor();

    // Only the add-in's own origin, Microsoft's Office.js CDN and Office.js's own telemetry frame
    // (taskpane.html says why the policy allows it) were asked for anything.
    for (const url of requests)
      expect(
        url.startsWith(harness.origin) ||
          url.startsWith("https://appsforoffice.microsoft.com/") ||
          url.startsWith("https://telemetryservice.firstpartyapps.oaspapps.com/telemetryservice/") ||
          url.startsWith("blob:"),
      ).toBe(true);
    expect(console.filter((m) => /Content Security Policy|pageerror/.test(m))).toEqual([]);

    // LibreOffice recalculates every formula on load; compare every computed cell with the model.
    const workbook = new Workbook();
    await workbook.xlsx.readFile(recalculateWithLibreOffice(saved));
    const sheet = workbook.getWorksheet("Cost stages")!;
    const layout = sheetLayout(plan);
    const value = (address: string) => {
      const v = sheet.getCell(address).value as any;
      return v && typeof v === "object" && "result" in v ? v.result : v;
    };
    const formula = (address: string) => (sheet.getCell(address).value as any)?.formula;
    // LibreOffice saves 15 significant digits; its ROUND rounds decimal digits as the model does.
    expectSheetMatchesModel(layout, plan, value, { relative: 1e-13 });
    // Same formulas and names as the Excel path: live formulas, not pasted values.
    layout.rows.forEach((cells, r) =>
      cells.forEach((cell, c) => {
        if (cell?.formula) expect(formula(`${columnLetter(c)}${r + 1}`)).toBe(cell.formula);
      }),
    );
    const names = (workbook.definedNames as any).model.map((n: { name: string; ranges: string[] }) => [
      n.name,
      n.ranges[0],
    ]);
    for (const { name, address } of layout.names)
      expect(names).toContainEqual([name, absoluteReference("Cost stages", address)]);
    await page.context().close();
  });
});
