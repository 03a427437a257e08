/*
 * The annual sheet's .xlsx download, read back: every formula stores the model's value as its
 * cached result, the named inputs and the tables are there, the answer rows frozen, one landscape
 * page, validation on every numeric input, a planner's currency saved as text, and the workbook
 * functions (the LAMBDA twins) added as names.
 */
import { unwrap } from "../../support/unwrap";
import { ValueType, Workbook } from "exceljs";
import JSZip from "jszip";
import { AnnualPlan, EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { isProblem } from "../../../src/core/model/problems";
import { cellAddress, parseCell, rowOf } from "../../../src/core/excel/a1";
import { ANNUAL_SHEET_NAME, AnnualSheetLayout, annualSheetLayout } from "../../../src/annual/sheet/annualLayout";
import { annualWorkbookBytes } from "../../../src/annual/sheet/annualXlsx";
import { namedAddress, placedCells } from "../../support/layoutCells";
import { savedDefinedName } from "../../support/savedCells";
import { TWIN_IDS } from "../../support/twinIds";

const PRICED: AnnualPlan = { ...EXAMPLE_ANNUAL_PLAN, peakToMean: 2, pricePerHour: 2.5, currency: "= =1+1" };

async function bytesOf(plan: AnnualPlan): Promise<ArrayBuffer> {
  return unwrap(await annualWorkbookBytes(plan));
}

function layoutOf(plan: AnnualPlan): AnnualSheetLayout {
  return unwrap(annualSheetLayout(plan, "", { chartNote: true }));
}

test("every formula and its cached value, every text, as the layout has them", async () => {
  const workbook = new Workbook();
  await workbook.xlsx.load(await bytesOf(PRICED));
  const sheet = workbook.getWorksheet(ANNUAL_SHEET_NAME)!;
  const layout = layoutOf(PRICED);
  let formulas = 0;
  for (const { address, cell } of placedCells(layout)) {
    const saved = sheet.getCell(address);
    if (cell.formula !== undefined) {
      formulas++;
      expect(saved.type).toBe(ValueType.Formula);
      expect(saved.formula).toBe(cell.formula);
      // cell.result, not cell.value.result: ExcelJS's value copy drops a result of 0.
      expect(saved.result).toEqual(cell.cached);
    } else if (cell.value !== undefined) expect(saved.value).toBe(cell.value);
    if (cell.numberFormat && cell.value !== undefined) expect(saved.numFmt).toBe(cell.numberFormat);
  }
  expect(formulas).toBeGreaterThan(50);
  expect(sheet.getCell(namedAddress(layout, "AnnualCurrency")).value).toBe("= =1+1");
});

test("names, tables, frozen answer, pages one wide, validation and the workbook functions", async () => {
  const bytes = await bytesOf(EXAMPLE_ANNUAL_PLAN);
  const layout = layoutOf(EXAMPLE_ANNUAL_PLAN);
  const zip = await JSZip.loadAsync(bytes);
  const book = await zip.file("xl/workbook.xml")!.async("string");
  for (const { name, address } of layout.names)
    expect(book).toContain(savedDefinedName(name, ANNUAL_SHEET_NAME, address));
  // No workbook function: the sheet is arithmetic over its names and calls no twin (test/core/writers/workbookTwins).
  for (const id of TWIN_IDS) expect(book).not.toMatch(new RegExp(`<definedName name="${id}"`));
  const sheet = await zip.file("xl/worksheets/sheet1.xml")!.async("string");
  expect(sheet).toContain(`<pane ySplit="${layout.page.frozenRows}"`);
  expect(sheet).toMatch(/<pageSetup[^>]*orientation="landscape"/);
  // Wider than a readable page (issue 28): at 75% across pages, not fit to one page wide.
  expect(sheet).toMatch(/<pageSetup[^>]*scale="75"/);
  expect(sheet).not.toContain('<pageSetUpPr fitToPage="1"/>');
  expect(sheet).toMatch(/<oddFooter>&amp;LMLCost for Excel [^<]*&amp;RPage &amp;P of &amp;N<\/oddFooter>/);
  // The sensitivity starts the second page: a manual break after the last row of the first.
  expect(sheet).toContain(`<rowBreaks count="1" manualBreakCount="1"><brk id="${layout.page.rowBreaks[0]}"`);
  // ExcelJS writes cells with the same rule and messages as one element ("C8 D62:E62"): count the cells.
  const cellsOf = (cells: string[], reference: string): string[] => {
    const [from, to = from] = reference.split(":");
    const [first, last] = [parseCell(from)!, parseCell(to)!];
    expect(rowOf(to)).toBe(rowOf(from)); // one row at a time in this sheet
    for (let c = first.column; c <= last.column; c++) cells.push(cellAddress(first.row, c));
    return cells;
  };
  const validated = (sheet.match(/<dataValidation [^>]*sqref="([^"]*)"/g) ?? []).reduce<string[]>(
    (all, element) => all.concat(/sqref="([^"]*)"/.exec(element)![1].split(" ").reduce(cellsOf, [])),
    [],
  );
  expect(validated.sort()).toEqual(layout.validations.map((v) => v.address).sort());
  // "between" is the default operator, which the file leaves unsaid.
  expect(sheet).toContain("<formula1>0</formula1><formula2>1</formula2>");
  const tables = Object.keys(zip.files).filter((f) => /^xl\/tables\/table\d+\.xml$/.test(f));
  const tableXml = await Promise.all(tables.map((f) => zip.file(f)!.async("string")));
  expect(tableXml.some((x) => x.includes(`ref="${layout.tables.bill.range}"`))).toBe(true);
  expect(tableXml.some((x) => x.includes(`ref="${layout.tables.levers.range}"`))).toBe(true);
});

test("a plan the model refuses gives its problem and no file", async () => {
  const result = await annualWorkbookBytes({ ...EXAMPLE_ANNUAL_PLAN, daysPerYear: 0 });
  expect(isProblem(result)).toBe(true);
});
