/*
 * The budget sheet's .xlsx download, read back: every formula stores the model's value as its cached result,
 * the named inputs are there, the answer and headings frozen with A:C, landscape pages one wide with the
 * headings repeated, validation on every blue cell (a whole number where the field asks for one, the budget's
 * period as a drop-down), a planner's currency saved as text, the chart's note, and the workbook functions
 * (the LAMBDA twins) added as names.
 */
import { ValueType, Workbook } from "exceljs";
import JSZip from "jszip";
import { unwrap } from "../../support/unwrap";
import { BudgetPlan, LAUNCH_RAMP_EXAMPLE, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { isProblem } from "../../../src/core/model/problems";
import { BUDGET_SHEET_NAME, BudgetSheetLayout, budgetSheetLayout } from "../../../src/budget/sheet/budgetLayout";
import { budgetModelsWorkbookBytes, budgetWorkbookBytes } from "../../../src/budget/sheet/budgetXlsx";
import { EXAMPLE_BUDGET_ESTATE, oneModelPlan } from "../../../src/budget/model/budgetModels";
import { budgetModelsSheetLayout } from "../../../src/budget/sheet/budgetModelsSheet";
import { namedAddress, placedCells } from "../../support/layoutCells";
import { TWIN_IDS } from "../../support/twinIds";

const FULL: BudgetPlan = {
  ...LAUNCH_RAMP_EXAMPLE,
  currency: "= =1+1",
  budgetAmount: 800,
  budgetPer: "horizon",
  rescanHours: 1000,
  rescanMonths: [5],
  leverSecondsPerClip: 0.03,
  leverFromMonth: 7,
  typedClipsPerSecond: { 3: 4 },
};

/** A value read back: a number in a date format (a month's heading) reads as its date, here its serial again. */
const serialOf = (value: unknown) => (value instanceof Date ? value.getTime() / 86_400_000 + 25_569 : value);

const layoutOf = (plan: BudgetPlan): BudgetSheetLayout => unwrap(budgetSheetLayout(plan, "", { chartNote: true }));

test("every formula and its cached value, every constant and text, as the layout has them", async () => {
  const workbook = new Workbook();
  await workbook.xlsx.load(unwrap(await budgetWorkbookBytes(FULL)));
  const sheet = workbook.getWorksheet(BUDGET_SHEET_NAME)!;
  const layout = layoutOf(FULL);
  let formulas = 0;
  for (const { address, cell } of placedCells(layout)) {
    const saved = sheet.getCell(address);
    if (cell.formula !== undefined) {
      formulas++;
      expect(saved.type).toBe(ValueType.Formula);
      expect(saved.formula).toBe(cell.formula);
      // cell.result, not cell.value.result: ExcelJS's value copy drops a result of 0.
      expect(serialOf(saved.result)).toEqual(cell.cached);
    } else if (cell.value !== undefined) {
      expect(serialOf(saved.value)).toBe(cell.value);
    }
    if (cell.numberFormat && (cell.value !== undefined || cell.formula !== undefined))
      expect(saved.numFmt).toBe(cell.numberFormat);
  }
  expect(formulas).toBeGreaterThan(12 * 20);
  expect(sheet.getCell(namedAddress(layout, "BudgetCurrency")).value).toBe("= =1+1");
  const text = layout.rows.map((row) => row.map((c) => String(c?.value ?? "")).join(" ")).join("\n");
  expect(text).toContain("No chart in this file: select");
});

test("names, frozen answer and A:C, pages one wide, validation and the workbook functions", async () => {
  const bytes = unwrap(await budgetWorkbookBytes(FULL));
  const layout = layoutOf(FULL);
  const zip = await JSZip.loadAsync(bytes);
  const book = await zip.file("xl/workbook.xml")!.async("string");
  // A sheet name without spaces is saved unquoted.
  for (const { name, address } of layout.names) {
    const reference = address.replace(/([A-Z]+)(\d+)/, "$$$1$$$2");
    expect(book).toContain(`<definedName name="${name}">${BUDGET_SHEET_NAME}!${reference}</definedName>`);
  }
  // No workbook function: the sheet is arithmetic over its names and calls no twin (test/core/writers/workbookTwins).
  for (const id of TWIN_IDS) expect(book).not.toMatch(new RegExp(`<definedName name="${id}"`));
  const { header, month } = layout.rowOf;
  expect(book).toMatch(new RegExp(`_xlnm.Print_Titles[^>]*>[^<]*!\\$${header}:\\$${month}<`));
  const sheet = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
  expect(sheet).toContain(`<pane xSplit="3" ySplit="${layout.page.frozenRows}"`);
  expect(sheet).toMatch(/<pageSetup[^>]*orientation="landscape"/);
  // Wider than a readable page (issue 28): at 75% across pages, not fit to one page wide.
  expect(sheet).toMatch(/<pageSetup[^>]*scale="75"/);
  expect(sheet).not.toContain('<pageSetUpPr fitToPage="1"/>');
  expect(sheet).toMatch(/<oddFooter>&amp;LMLCost for Excel [^<]*&amp;RPage &amp;P of &amp;N<\/oddFooter>/);
  expect(book).toMatch(/_xlnm.Print_Titles[^>]*>[^<]*!\$A:\$A,/);
  // Every validated cell is in the file; whole numbers for the months, a list for the budget's period.
  const sqrefs = [...sheet.matchAll(/<dataValidation [^>]*sqref="([^"]*)"/g)].map((m) => m[1]).join(" ");
  const cells = new Set(sqrefs.split(" ").flatMap(expandRange));
  expect(layout.validations.filter((v) => !cells.has(v.address))).toEqual([]);
  expect(sheet).toMatch(/<dataValidation type="whole"[^>]*sqref="[^"]*\bB\d+/);
  expect(sheet).toMatch(/<dataValidation type="list"/);
});

/** The cells of a reference "D8" or "D8:F8" (one row). */
function expandRange(reference: string): string[] {
  const [from, to = from] = reference.split(":");
  const row = from.replace(/^[A-Z]+/, "");
  const index = (a: string) => [...a.replace(/\d+$/, "")].reduce((n, l) => n * 26 + l.charCodeAt(0) - 64, 0);
  const letter = (n: number): string =>
    (n > 26 ? letter(Math.floor((n - 1) / 26)) : "") + String.fromCharCode(65 + ((n - 1) % 26));
  return Array.from({ length: index(to) - index(from) + 1 }, (_, i) => `${letter(index(from) + i)}${row}`);
}

test("a plan the model refuses gives its problem and no file", async () => {
  expect(isProblem(await budgetWorkbookBytes({ ...STEADY_GROWTH_EXAMPLE, months: 61 }))).toBe(true);
});

/** Every placed cell of `layout` as `sheet` saved it: formula and cached value, or constant; the misfits' addresses. */
function cellsNotSaved(sheet: import("exceljs").Worksheet, layout: BudgetSheetLayout): string[] {
  const misfits: string[] = [];
  for (const { address, cell } of placedCells(layout)) {
    const saved = sheet.getCell(address);
    const fits =
      cell.formula !== undefined
        ? saved.formula === cell.formula && serialOf(saved.result) === cell.cached
        : cell.value === undefined || serialOf(saved.value) === cell.value;
    if (!fits) misfits.push(address);
  }
  return misfits;
}

describe("the download of a plan of models (issue 29)", () => {
  test("the estate's worked example: a block a model and the estate's rows, cached values and all", async () => {
    const workbook = new Workbook();
    await workbook.xlsx.load(unwrap(await budgetModelsWorkbookBytes(EXAMPLE_BUDGET_ESTATE)));
    const layout = unwrap(budgetModelsSheetLayout(EXAMPLE_BUDGET_ESTATE, "", { chartNote: true }));
    expect(cellsNotSaved(workbook.getWorksheet(BUDGET_SHEET_NAME)!, layout)).toEqual([]);
    expect(layout.names.length).toBeGreaterThan(unwrap(budgetSheetLayout(STEADY_GROWTH_EXAMPLE)).names.length);
  });

  test("today's plan downloads as the one-model plan's sheet, which is today's, cell for cell", async () => {
    const [today, oneModel] = await Promise.all([
      budgetWorkbookBytes(FULL),
      budgetModelsWorkbookBytes(oneModelPlan(FULL)),
    ]);
    const read = async (bytes: ArrayBuffer) => {
      const workbook = new Workbook();
      await workbook.xlsx.load(bytes);
      return workbook.getWorksheet(BUDGET_SHEET_NAME)!;
    };
    const [a, b] = await Promise.all([read(unwrap(today)), read(unwrap(oneModel))]);
    expect(cellsNotSaved(a, layoutOf(FULL))).toEqual([]);
    expect(cellsNotSaved(b, layoutOf(FULL))).toEqual([]);
  });
});
