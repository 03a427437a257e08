/*
 * The downloaded workbook, read back from the saved file: a planner's text stays text (every
 * text cell, the currency and the cost header among them, is a shared string, t="s", never a
 * formula, whatever it looks like); every formula stores the model's value as its cached result;
 * and the file carries the frozen rows, the page setup and the inputs' validation. Read from the
 * file's XML with JSZip (ExcelJS's own zip library) and back through ExcelJS's reader.
 */
import { ValueType, Workbook } from "exceljs";
import JSZip from "jszip";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { isTextCell } from "../../../src/core/sheet/grid";
import { cellAddress } from "../../../src/core/excel/a1";
import { PLAN_FIELDS } from "../../../src/stages/model/planFields";
import { STAGE_NAMES } from "../../../src/stages/model/stages";
import { sheetLayout } from "../../../src/stages/sheet/stageLayout";
import { stageWorkbookBytes } from "../../../src/stages/sheet/stagesXlsx";
import { TWIN_SPECS } from "../../../src/portable/formula/twins";
import { formulasNotSavedAsCached, savedSheet } from "../../support/savedCells";
import { formulaCells, namedAddress, placedCells } from "../../support/layoutCells";

const HOSTILE = ["= =1+1", "100", "1/2", "TRUE", "#N/A", '=HYPERLINK("x")'];

test.each(HOSTILE)("the currency %p is saved as text, in its cell and in the cost header", async (currency) => {
  const plan: Plan = { ...EXAMPLE_PLAN, pricePerHour: 2.5, currency };
  const layout = sheetLayout(plan);
  const bytes = await stageWorkbookBytes(plan);
  const cells = (await savedSheet(bytes)).cells;
  const texts = placedCells(layout).flatMap(({ address, cell }) =>
    isTextCell(cell) ? [{ address, text: cell.value }] : [],
  );
  const currencyCell = namedAddress(layout, "Currency");
  expect(texts.map((t) => t.address)).toContain(currencyCell);
  expect(texts.map((t) => t.text)).toContain(`Cost (${texts.find((t) => t.address === currencyCell)!.text})`);
  for (const { address, text } of texts) expect(cells.get(address)).toEqual({ type: "s", text });
  const note = layout.table.firstRow + STAGE_NAMES.length; // the row under the table, zero-based
  expect(cells.get(cellAddress(note, 0))?.text).toBe(sheetLayout(plan, "", { chartNote: true }).rows[note][0]!.value);

  const workbook = new Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.getWorksheet("Cost stages")!;
  for (const { address, text } of texts) {
    expect(sheet.getCell(address).type).toBe(ValueType.String);
    expect(sheet.getCell(address).value).toBe(text);
  }
});

test.each([
  ["the worked example", EXAMPLE_PLAN],
  ["no training hours (errors in the table)", { ...EXAMPLE_PLAN, trainingHours: 0 }],
  ["a price", { ...EXAMPLE_PLAN, pricePerHour: 2.5, currency: "USD" }],
])("%s: every formula is saved with the model's value as its cached result", async (_, plan) => {
  const layout = sheetLayout(plan, "", { chartNote: true });
  const cells = (await savedSheet(await stageWorkbookBytes(plan))).cells;
  expect(formulasNotSavedAsCached(layout, cells)).toEqual([]);
  expect(formulaCells(layout).length).toBeGreaterThan(25);
});

test("the file freezes the table, prints on one landscape page and validates every input", async () => {
  const plan: Plan = { ...EXAMPLE_PLAN, pricePerHour: 2.5, currency: "USD" };
  const layout = sheetLayout(plan, "", { chartNote: true });
  const workbook = new Workbook();
  await workbook.xlsx.load(await stageWorkbookBytes(plan));
  const sheet = workbook.getWorksheet("Cost stages")!;
  expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: layout.page.frozenRows });
  // Nine columns print below 8 pt on one page (issue 28): at 75% across pages, column A repeated on each.
  expect(sheet.pageSetup).toMatchObject({
    orientation: "landscape",
    fitToPage: false,
    scale: 75,
    printArea: layout.page.printArea,
    printTitlesRow: `1:${layout.page.frozenRows}`,
    printTitlesColumn: "A:A",
  });
  expect(sheet.headerFooter.oddHeader).toBe(`&C${layout.rows[0][0]?.value}`);
  expect(sheet.headerFooter.oddFooter).toMatch(
    /^&LMLCost for Excel \d+\.\d+\.\d+, written \d{4}-\d\d-\d\d&RPage &P of &N$/,
  );
  // As Excel writes them: absolute references, local to the sheet.
  const book = await (await JSZip.loadAsync(await stageWorkbookBytes(plan))).file("xl/workbook.xml")!.async("string");
  const [, to] = /^A1:([A-Z]+\d+)$/.exec(layout.page.printArea)!;
  const absolute = to.replace(/([A-Z]+)(\d+)/, "$$$1$$$2");
  expect(book).toContain(
    `<definedName name="_xlnm.Print_Area" localSheetId="0">&apos;Cost stages&apos;!$A$1:${absolute}</definedName>`,
  );
  // Column A and the frozen rows repeat on every page, as Excel writes print titles: columns first.
  const titles = `&apos;Cost stages&apos;!$A:$A,&apos;Cost stages&apos;!$1:$${layout.page.frozenRows}`;
  expect(book).toContain(`<definedName name="_xlnm.Print_Titles" localSheetId="0">${titles}</definedName>`);
  // A priced plan shows every field: each numeric one is validated.
  expect(layout.validations.length).toBe(PLAN_FIELDS.filter((f) => f.quantity !== "text").length);
  for (const v of layout.validations)
    expect(sheet.getCell(v.address).dataValidation).toEqual({
      type: "decimal",
      operator: v.rule.operator,
      formulae: [v.rule.bound],
      allowBlank: true,
      showInputMessage: true,
      promptTitle: v.prompt.title,
      prompt: v.prompt.message,
      showErrorMessage: true,
      errorStyle: "stop",
      errorTitle: v.error.title,
      error: v.error.message,
    });
  expect(sheet.getCell(namedAddress(layout, "Currency")).dataValidation).toBeUndefined();
  layout.columnWidths.forEach((width, c) => expect(sheet.getColumn(c + 1).width).toBe(width));
  // Every styled cell names its font, or LibreOffice draws it in its default serif.
  expect(sheet.getCell("A1").font).toMatchObject({ name: "Calibri", bold: true, size: 14 });
});

test("the file carries no workbook function, as its formulas call none, and keeps its own names", async () => {
  const zip = await JSZip.loadAsync(await stageWorkbookBytes(EXAMPLE_PLAN));
  const workbook = await zip.file("xl/workbook.xml")!.async("string");
  // The twins themselves are checked in IronCalc by test/portable/formula/twinsInEngines.test.ts.
  expect(workbook).not.toMatch(/_xlfn\.LAMBDA/);
  for (const id of TWIN_SPECS.map((spec) => spec.id)) expect(workbook).not.toContain(`<definedName name="${id}"`);
  for (const { name } of sheetLayout(EXAMPLE_PLAN, "").names) expect(workbook).toContain(`<definedName name="${name}"`);
});
