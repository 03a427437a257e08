/*
 * Every workbook the add-in downloads, printed to PDF by LibreOffice headless as a planner would print it (issue 28):
 * the text on every page is 8 pt or more (each span's size as printed, which Ghostscript's txtwrite gives as the font
 * size scaled by the text and page matrices: printedPages), the sheet is split across a bounded number of pages
 * rather than shrunk onto one, every page carries its sheet's title atop and "Page i of N", the add-in's version and
 * the date written below, and the workbook ends with its notes sheet, which names the version. The PDFs go to
 * test-artifacts/ (print-*.pdf) for a look.
 */
import { copyFileSync } from "fs";
import { join } from "path";
import { unwrap } from "../support/unwrap";
import { saveBytes } from "../support/formulaResults";
import { pdfPageCount, PrintedLine, printedPages, printWithLibreOffice } from "../support/libreoffice";
import { ARTIFACTS } from "./browser";
import { EXAMPLE_PLAN, Plan } from "../../src/stages/model/plan";
import type { ScenarioState } from "../../src/whatIf/model/scenarios";
import { EXAMPLE_LEDGER_INPUTS } from "../../src/ledgers/model";
import { stageWorkbookBytes } from "../../src/stages/sheet/stagesXlsx";
import { EXAMPLE_ANNUAL_PLAN } from "../../src/annual/model/annualFields";
import { annualWorkbookBytes } from "../../src/annual/sheet/annualXlsx";
import { whatIfWorkbookBytes } from "../../src/whatIf/sheet/whatIfXlsx";
import { LAUNCH_RAMP_EXAMPLE, STEADY_GROWTH_EXAMPLE } from "../../src/budget/model/budgetFields";
import { budgetWorkbookBytes } from "../../src/budget/sheet/budgetXlsx";
import { BUDGET_SHEET_NAME } from "../../src/budget/sheet/budgetLayout";
import { actualsWorkbookBytes } from "../../src/bill/sheet/actualsXlsx";
import { ADDIN_VERSION, isoDate } from "../../src/core/notes/version";
import { COVER_SHEET_NAME } from "../../src/core/notes/cover";
import { EXAMPLE_TOKEN_PLAN } from "../../src/tokens/model";
import { tokensWorkbookBytes } from "../../src/tokens/sheet/tokensXlsx";
import { commitmentWorkbookBytes } from "../../src/commitments/sheet/commitmentXlsx";
import { BILLED_TWENTY } from "../commitments/sheet/commitmentPlans";
import { FIXTURE_SOURCE, fixtureMonths, PLAN_FROM_FEBRUARY } from "../bill/sheet/billMonths";

/** Both ledgers' worked example (cost-model.md, "Both ledgers"): priced at 2.00, quarterly now, yearly proposed. */
const LEDGER_ANNUAL_PLAN = { ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2, runsPerYearProposed: 1 };
const LEDGER_SCENARIOS: ScenarioState<Plan> = {
  scenarios: [
    { name: "Quarterly", inputs: { ...EXAMPLE_PLAN, pricePerHour: 2 } },
    { name: "Yearly", inputs: { ...EXAMPLE_PLAN, pricePerHour: 2, intervalDays: 360 } },
  ],
  baseIndex: 0,
};

/** The smallest print a reader can be asked to read, in points. */
const MIN_POINTS = 8;

/**
 * Each workbook, the titles of its sheets, and the most pages it may print on (measured, with room for rows).
 * Measured 2026-12-02 with the reviewer's checks on the budget and actuals sheets: budget-12 13 pages, actuals 25;
 * the annual workbook 10 with the recommendation's workings (issue 28: the recommendation a formula), 9 before them.
 */
const WORKBOOKS: [string, () => Promise<ArrayBuffer>, string[], number][] = [
  ["stage", () => stageWorkbookBytes(EXAMPLE_PLAN), ["ML compute spend: training half vs serving half"], 5],
  ["annual", async () => unwrap(await annualWorkbookBytes(EXAMPLE_ANNUAL_PLAN)), ["ML compute spend over a year"], 10],
  ["what-if", async () => unwrap(await whatIfWorkbookBytes()), ["What-if: scenarios side by side"], 12],
  // issue 30: both ledgers' worked example on the annual and what-if sheets (quarterly now, yearly proposed),
  // measured 2026-12-02 with the notes sheet: annual 11 pages (the section runs on from the sensitivity's page),
  // what-if 14 (two pages wide at the readable scale, the ledger's five columns on one page at the Narrow side
  // margins, its checks with the others'; 15 at Excel's Normal margins, the ledger's Yearly column a page apart).
  [
    "annual-ledgers",
    async () => unwrap(await annualWorkbookBytes(LEDGER_ANNUAL_PLAN, {}, EXAMPLE_LEDGER_INPUTS)),
    ["ML compute spend over a year"],
    13,
  ],
  [
    "what-if-ledger",
    async () => unwrap(await whatIfWorkbookBytes(LEDGER_SCENARIOS, { ledger: EXAMPLE_LEDGER_INPUTS })),
    ["What-if: scenarios side by side"],
    17,
  ],
  [
    "budget-12",
    async () => unwrap(await budgetWorkbookBytes(STEADY_GROWTH_EXAMPLE)),
    ["ML compute budget over 12"],
    16,
  ],
  [
    "budget-60",
    async () => unwrap(await budgetWorkbookBytes({ ...LAUNCH_RAMP_EXAMPLE, months: 60 })),
    ["ML compute budget over 60"],
    50,
  ],
  [
    "actuals",
    async () =>
      unwrap(
        await actualsWorkbookBytes({
          months: await fixtureMonths(),
          source: FIXTURE_SOURCE,
          budget: { sheetName: BUDGET_SHEET_NAME, plan: PLAN_FROM_FEBRUARY },
        }),
      ),
    ["ML compute budget", "Accelerator-hours and cost from the bill"],
    30,
  ],
  // issue 32: the API-or-fleet sheet, measured 2026-12-02 at 5 pages with the notes sheet.
  [
    "api-or-fleet",
    async () => unwrap(await tokensWorkbookBytes(EXAMPLE_TOKEN_PLAN)),
    ["Serving bought by the token"],
    7,
  ],
  // issue 31: the commitment sheet of the worked example with a bill's commitment, measured 2026-12-02 at 7 pages
  // with the notes sheet (two pages wide: the checks' routes and sentences run past the units)
  ["commitment", async () => unwrap(await commitmentWorkbookBytes(BILLED_TWENTY)), ["The commitment to buy"], 9],
];

const headerOf = (page: PrintedLine[]) => page[0]?.text ?? "";

test.each(WORKBOOKS)(
  "the %s workbook prints at 8 pt or more, titled, numbered, versioned and dated on every page",
  async (name, bytes, titles, mostPages) => {
    const saved = saveBytes(await bytes(), ARTIFACTS, `print-${name}.xlsx`);
    const pdf = printWithLibreOffice(saved);
    copyFileSync(pdf, join(ARTIFACTS, `print-${name}.pdf`));
    const pages = printedPages(pdf);
    expect(pages.length).toBe(pdfPageCount(pdf));
    // Split across pages, not shrunk onto one: more pages than sheets (the notes sheet included), within a bound.
    expect(pages.length).toBeGreaterThan(titles.length + 1);
    expect(pages.length).toBeLessThanOrEqual(mostPages);
    const smallest = Math.min(...pages.flat().map((line) => line.points));
    expect(smallest).toBeGreaterThanOrEqual(MIN_POINTS);
    const footer = `MLCost for Excel ${ADDIN_VERSION}, written ${isoDate(new Date())}`;
    pages.forEach((page, i) => {
      const text = page.map((line) => line.text);
      expect([i, text.some((line) => line.includes(`Page ${i + 1} of ${pages.length}`))]).toEqual([i, true]);
      expect([i, text.some((line) => line.includes(footer))]).toEqual([i, true]);
      const header = headerOf(page);
      expect([i, [...titles, COVER_SHEET_NAME].some((title) => header.startsWith(title))]).toEqual([i, true]);
    });
    // Every sheet prints with its own title atop, the notes sheet last, naming the version that wrote it.
    for (const title of titles) expect(pages.some((page) => headerOf(page).startsWith(title))).toBe(true);
    const notes = pages[pages.length - 1].map((line) => line.text);
    expect(headerOf(pages[pages.length - 1])).toBe(COVER_SHEET_NAME);
    expect(notes.some((line) => line.includes(`Written by MLCost for Excel ${ADDIN_VERSION}`))).toBe(true);
  },
);

// issue 30: a scenario's ledger figures print together. With Excel's Normal margins the what-if printed its units'
// column so wide that a page held the labels, the units and one scenario: the Yearly net (-3,398.40) printed six
// pages after the Quarterly one, and the cadence table's total on a page of its own.
test("the what-if ledger prints on one page: the Quarterly and Yearly nets together, the cadence table", async () => {
  const bytes = unwrap(await whatIfWorkbookBytes(LEDGER_SCENARIOS, { ledger: EXAMPLE_LEDGER_INPUTS }));
  const pages = printedPages(printWithLibreOffice(saveBytes(bytes, ARTIFACTS, "print-what-if-ledger-pages.xlsx")));
  const texts = pages.map((page) => page.map((line) => line.text));
  // The label column repeats on every page across: each page printing the net's label prints both nets beside it.
  const netPages = texts.flatMap((lines, i) => (lines.some((line) => line.startsWith("Net, both ledgers")) ? [i] : []));
  expect(netPages).toHaveLength(1);
  const page = texts[netPages[0]];
  // Spans join without spaces: the quarterly base's net against itself (0.00), then the yearly's.
  expect(page.find((line) => line.startsWith("Net, both ledgers"))).toMatch(/0\.00-3,398\.40$/);
  expect(page.some((line) => line.includes("Quarterly") && line.includes("Yearly"))).toBe(true);
  // The cadence table on the same page, its every column: retrain every 4 months, 300.00 + 194.40 = 494.40.
  expect(page.some((line) => line.includes("Total a month"))).toBe(true);
  expect(page.find((line) => line.startsWith("4 months"))).toMatch(/4300\.00194\.40494\.40$/);
});
