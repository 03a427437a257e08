/*
 * The Excel writer against the recording fake host, in Node: the data in one batch, the chart in
 * its own, the finish (frozen rows, validation, page setup) in a third, no workbook functions (LAMBDA
 * twins: the sheet calls none; the adder's own cases are test/portable/excel/twinsWanted), text that stays text,
 * a clean-up that takes back only what the insert made, and sheet names Excel refuses although
 * Office.js does not list them (chart sheets).
 */
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { PLAN_FIELDS } from "../../../src/stages/model/planFields";
import { twinFormula } from "../../../src/portable/excel/twinsInExcel";
import { insertStageSheet } from "../../../src/stages/sheet/insertStages";
import { isTextCell } from "../../../src/core/sheet/grid";
import { cellAddress, columnLetter, rowOf } from "../../../src/core/excel/a1";
import { printAreaWithChart, sheetLayout, SheetLayout, STAGE_PAGE_FIT } from "../../../src/stages/sheet/stageLayout";
import { printPlan, READABLE_SCALE_PERCENT } from "../../../src/core/writers/pageFinish";
import {
  cellNames,
  FakeExcel,
  FakeSeed,
  functionNames,
  insertBatchOf,
  NOTES_NAME_OF_INSERT,
  NOTES_SHEET,
  installFakeExcel,
  officeValidation,
  printedPageLayout,
} from "../../support/fakeExcel";
import { cellAt, namedAddress, placedCells } from "../../support/layoutCells";
import { TWIN_IDS } from "../../support/twinIds";

const USER_SHEET = { name: "Cost stages", cells: { A1: [["My own budget"]] } };
const SEED: FakeSeed = {
  sheets: [{ name: "Budget", cells: { "A1:B1": [["Q1", 100]] } }, USER_SHEET],
  names: [{ name: "Crossover", reference: "'Budget'!$B$1" }],
};
const EMPTY: FakeSeed = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };

const sheetNames = (fake: FakeExcel) => fake.sheets.map((s) => s.name);
/** The names that refer to cells: the user's and the sheet's (the twins hold formulas). */
const nameList = (fake: FakeExcel) => cellNames(fake).map((n) => n.name);
const twinsOf = functionNames;

/** Every cell of the layout as the fake holds it on `sheet`. */
function expectCellsAsLaid(fake: FakeExcel, sheet: string, layout: SheetLayout) {
  for (const { address, cell } of placedCells(layout)) {
    const held = fake.cells[sheet][address];
    if (isTextCell(cell)) expect(held).toEqual({ format: "@", type: "text", value: cell.value });
    else if (cell.formula !== undefined) expect(held).toMatchObject({ type: "formula", value: `=${cell.formula}` });
    else if (cell.value === undefined) expect(held).toMatchObject({ type: "blank" });
    else expect(held).toMatchObject({ type: "number", value: cell.value });
  }
}

describe("four batches: read, data, chart, finish; no workbook functions, as the sheet calls none", () => {
  test("an insert reads once, writes every datum in one sync, draws the chart, finishes, adds no twin", async () => {
    const fake = installFakeExcel(SEED);
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result).toEqual({
      sheetName: "Cost stages (2)",
      nameSuffix: "_2",
      // read, data, chart, finish, the notes
      syncs: 5,
      chart: true,
      notesSheet: NOTES_SHEET,
      // The sheet calls no workbook function: none is added, and the user's Crossover is no twin's concern.
      functionsAdded: [],
      functionsKept: [],
    });
    const layout = sheetLayout(EXAMPLE_PLAN, "_2");
    expect(sheetNames(fake)).toEqual(["Budget", "Cost stages", "Cost stages (2)", NOTES_SHEET]);
    expect(nameList(fake)).toEqual(["Crossover", ...layout.names.map((n) => n.name)]);
    expect(fake.tables.map((t) => t.name)).toEqual(["CostStages_2"]);
    expect(fake.charts).toHaveLength(1);
    expectCellsAsLaid(fake, "Cost stages (2)", layout);
    // The data sync held no chart or finish operation; the chart sync nothing else; then the finish, no twins.
    const batches = fake.writes.map(insertBatchOf);
    expect(batches).toEqual([...batches].sort());
    expect(new Set(batches)).toEqual(new Set([0, 1, 2, 4]));
    // No LAMBDA name; the user's Crossover untouched.
    expect(fake.names.filter((n) => n.formula !== undefined)).toEqual([]);
    expect(fake.writes.map((w) => w.kind)).toContain("chart.axes.valueAxis.scaleType");
    expect(fake.runs).toBe(1);
    expect(fake.pending).toBe(0);
  });

  test("a chart that fails leaves the table and names, and is skipped with its reason", async () => {
    const fake = installFakeExcel({ ...SEED, failOn: "chart.axes.valueAxis.scaleType" });
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result.chart).toBe(false);
    expect(result.chartSkipped).toMatch(/^GeneralException: chart.axes.valueAxis.scaleType failed/);
    expect(sheetNames(fake)).toContain("Cost stages (2)");
    expect(fake.tables.map((t) => t.name)).toEqual(["CostStages_2"]);
    expect(nameList(fake)).toEqual(["Crossover", ...sheetLayout(EXAMPLE_PLAN, "_2").names.map((n) => n.name)]);
    expect(fake.charts).toEqual([]); // the half-made chart was removed
    // read, data, the failed chart, looking the half-made chart up, deleting it, finish, the notes
    expect(result.syncs).toBe(7);
    expect(twinsOf(fake)).toEqual([]);
    // Without a chart, what prints is the cells alone.
    expect(fake.pageLayouts["Cost stages (2)"].printArea).toBe(sheetLayout(EXAMPLE_PLAN, "_2").page.printArea);
    expect(fake.pending).toBe(0);
  });

  test("a chart that fails at charts.add leaves nothing to remove", async () => {
    const fake = installFakeExcel({ ...SEED, failOn: "charts.add" });
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result).toMatchObject({ chart: false, syncs: 6 });
    expect(fake.tables).toHaveLength(1);
    expect(fake.charts).toEqual([]);
  });

  test("without ExcelApi 1.7 there is no chart and no finish at all, and the result says why", async () => {
    const fake = installFakeExcel({ ...SEED, excelApi: "1.6" });
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result).toMatchObject({ chart: false, syncs: 2, functionsAdded: [] });
    expect(result.functionsSkipped).toBeUndefined(); // no twin was wanted
    expect(result.chartSkipped).toMatch(/ExcelApi 1\.7/);
    expect(result.finishSkipped).toBe(
      "this Excel lacks frozen rows (ExcelApi 1.7), input validation (ExcelApi 1.8), indents (ExcelApi 1.9)," +
        " page setup (ExcelApi 1.9)",
    );
    expect(fake.writes.filter((w) => insertBatchOf(w) === 1 || insertBatchOf(w) === 2)).toEqual([]);
    expect(fake.tables).toHaveLength(1);
  });
});

describe("the workbook functions: only those the sheet calls (the adder's cases: twinsWanted.test)", () => {
  test("a workbook that has the twins keeps them, unreported, and Insert's own names do not clash", async () => {
    const twins = TWIN_IDS.map((id) => ({ name: id, formula: twinFormula(id) }));
    const fake = installFakeExcel({ ...EMPTY, names: twins });
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result).toMatchObject({ nameSuffix: "", functionsAdded: [], functionsKept: [] });
    expect(twinsOf(fake)).toEqual(TWIN_IDS);
  });
});

describe("the finish: frozen table, validated inputs, one printed page", () => {
  const SHEET = "Cost stages";

  test("freezes the rows down to the crossover and prints them atop a landscape page, fit to one", async () => {
    const fake = installFakeExcel(EMPTY);
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result.finishSkipped).toBeUndefined();
    const layout = sheetLayout(EXAMPLE_PLAN);
    const crossoverRow = rowOf(layout.chart.crossoverClips);
    expect(fake.frozenRows).toEqual({ [SHEET]: crossoverRow });
    expect(layout.page.frozenRows).toBe(crossoverRow);
    // Nine columns print below 8 pt on one page (issue 28): at the readable scale, column A repeated on each.
    expect(fake.pageLayouts[SHEET]).toEqual({
      orientation: "Landscape",
      centerHorizontally: true,
      printArea: printAreaWithChart(layout),
      printTitleRows: `$1:$${crossoverRow}`,
      ...printedPageLayout(printPlan(layout, STAGE_PAGE_FIT)),
    });
    expect(fake.pageLayouts[SHEET]).toMatchObject({
      zoom: { scale: READABLE_SCALE_PERCENT },
      printTitleColumns: "$A:$A",
    });
    // The chart sits below the cells, inside what prints.
    const position = fake.writes.find((w) => w.kind === "chart.setPosition")!.value;
    expect(position).toEqual([layout.chart.from, layout.chart.to]);
    expect(printAreaWithChart(layout)).toBe(`A1:${columnLetter(layout.table.columns - 1)}${rowOf(layout.chart.to)}`);
    expect(rowOf(layout.chart.from)).toBeGreaterThan(layout.rows.length);
  });

  test("every numeric input has its field's rule, prompt and stop alert; the currency has none", async () => {
    const plan: Plan = { ...EXAMPLE_PLAN, pricePerHour: 2.5, currency: "USD" };
    const fake = installFakeExcel(EMPTY);
    await insertStageSheet(plan);
    const layout = sheetLayout(plan);
    const numeric = PLAN_FIELDS.filter((f) => f.quantity !== "text");
    const addresses = numeric.map((f) => layout.inputs[f.key]!);
    expect(Object.keys(fake.validations[SHEET]).sort()).toEqual(addresses.sort());
    for (const v of layout.validations) expect(fake.validations[SHEET][v.address]).toEqual(officeValidation(v, SHEET));
  });

  test("columns are as wide as the download's: n characters are n x 7 pixels, 0.75 point each", async () => {
    const fake = installFakeExcel(EMPTY);
    await insertStageSheet(EXAMPLE_PLAN);
    const widths = fake.writes.filter((w) => w.kind === "format.columnWidth" && w.sheet === SHEET);
    expect(widths.map((w) => [w.target, w.value])).toEqual(
      sheetLayout(EXAMPLE_PLAN).columnWidths.map((width, c) => [`${columnLetter(c)}:${columnLetter(c)}`, width * 5.25]),
    );
  });

  test("units are indented off their numbers where Excel has indents (ExcelApi 1.9)", async () => {
    const fake = installFakeExcel(EMPTY);
    await insertStageSheet(EXAMPLE_PLAN);
    const layout = sheetLayout(EXAMPLE_PLAN);
    const units = placedCells(layout)
      .filter(({ cell }) => cell.role === "unit")
      .map(({ address }) => address);
    const indented = fake.writes.filter((w) => w.kind === "format.indentLevel").map((w) => w.target);
    expect(indented.sort()).toEqual(units.sort());
  });

  test("an Excel with ExcelApi 1.8 freezes and validates, and says it lacks the page setup", async () => {
    const fake = installFakeExcel({ ...EMPTY, excelApi: "1.8" });
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result).toMatchObject({ chart: true, syncs: 5 });
    expect(result.finishSkipped).toBe("this Excel lacks indents (ExcelApi 1.9), page setup (ExcelApi 1.9)");
    expect(fake.frozenRows[SHEET]).toBe(sheetLayout(EXAMPLE_PLAN).page.frozenRows);
    expect(Object.keys(fake.validations[SHEET])).toHaveLength(sheetLayout(EXAMPLE_PLAN).validations.length);
    expect(fake.pageLayouts).toEqual({});
  });

  test("ExcelApi 1.10 counts as newer than 1.9", async () => {
    const fake = installFakeExcel({ ...EMPTY, excelApi: "1.10" });
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result.finishSkipped).toBeUndefined();
    expect(fake.pageLayouts[SHEET]).toBeDefined();
  });

  test("a finish that fails keeps the data and the chart, and says why", async () => {
    const fake = installFakeExcel({ ...EMPTY, failOn: "pageLayout.setPrintArea" });
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result).toMatchObject({ sheetName: SHEET, chart: true, syncs: 5 });
    expect(result.finishSkipped).toBe(
      "frozen rows, input validation, indents, page setup failed: GeneralException: pageLayout.setPrintArea" +
        " failed (injected by the test)",
    );
    expect(fake.tables).toHaveLength(1);
    expect(fake.charts).toHaveLength(1);
    expect(nameList(fake)).toHaveLength(sheetLayout(EXAMPLE_PLAN).names.length);
    expect(twinsOf(fake)).toEqual([]); // the sheet calls no workbook function
    expect(fake.pending).toBe(0);
  });
});

describe("user text stays text", () => {
  const HOSTILE = ["= =1+1", "100", "1/2", "TRUE", "#N/A", '=HYPERLINK("x")'];

  test.each(HOSTILE)("the currency %p reaches its cell and the cost header as text", async (currency) => {
    const fake = installFakeExcel(EMPTY);
    const plan: Plan = { ...EXAMPLE_PLAN, pricePerHour: 2.5, currency };
    await insertStageSheet(plan);
    const layout = sheetLayout(plan);
    const cells = fake.cells["Cost stages"];
    const currencyCell = namedAddress(layout, "Currency");
    expect(cells[currencyCell]).toEqual({ format: "@", type: "text", value: cellAt(layout, currencyCell)!.value });
    const headerRow = layout.table.firstRow - 1;
    const costColumn = layout.rows[headerRow].findIndex((cell) => String(cell?.value).startsWith("Cost ("));
    expect(costColumn).toBeGreaterThan(0);
    const header = cells[cellAddress(headerRow, costColumn)];
    expect(header).toEqual({ format: "@", type: "text", value: layout.rows[headerRow][costColumn]!.value });
    expectCellsAsLaid(fake, "Cost stages", layout);
    // No text goes through Range.formulas: its rectangle leaves every text cell alone (null).
    const [formulas] = fake.writes.filter((w) => w.kind === "formulas");
    layout.rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (isTextCell(cell)) expect((formulas.value as unknown[][])[r][c]).toBeNull();
      }),
    );
  });
});

describe("a failed data batch takes back only what this insert made", () => {
  test("a co-author's name taken between the syncs survives; the error says what went and what stayed", async () => {
    const theirs = { name: "TrainingHours_2", reference: "'Other'!$A$1" };
    const fake = installFakeExcel({ ...SEED, coAuthor: { afterSync: 1, addName: theirs } });
    await expect(insertStageSheet(EXAMPLE_PLAN)).rejects.toThrow(
      "ItemAlreadyExists: a name TrainingHours_2 already exists Removed what this insert had made: the sheet " +
        '"Cost stages (2)". Kept what others made meanwhile: the name TrainingHours_2.',
    );
    expect(fake.sheets).toEqual(SEED.sheets);
    expect(fake.names).toEqual([...SEED.names, theirs]);
    expect(fake.syncs).toBe(4); // read, the failed write, looking up, deleting
  });

  test("a batch that fails late removes the sheet and every name it had added, nothing else", async () => {
    const fake = installFakeExcel({ ...SEED, failOn: "tables.add" });
    const count = sheetLayout(EXAMPLE_PLAN, "_2").names.length;
    await expect(insertStageSheet(EXAMPLE_PLAN)).rejects.toThrow(
      `GeneralException: tables.add failed (injected by the test) Removed what this insert had made: the sheet ` +
        `"Cost stages (2)" and ${count} defined names.`,
    );
    expect(fake.sheets).toEqual(SEED.sheets);
    expect(fake.names).toEqual(SEED.names);
    expect(fake.tables).toEqual([]);
    expect(fake.pending).toBe(0);
  });

  test("a co-author's sheet under the chosen name survives, and the insert moves on to the next name", async () => {
    const theirs = { name: "TrainingHours_2", reference: "'Other'!$A$1" };
    const fake = installFakeExcel({
      ...SEED,
      coAuthor: { afterSync: 1, addSheet: "Cost stages (2)", addName: theirs },
    });
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result).toMatchObject({ sheetName: "Cost stages (3)", nameSuffix: "_3", chart: true });
    expect(sheetNames(fake)).toEqual(["Budget", "Cost stages", "Cost stages (2)", "Cost stages (3)", NOTES_SHEET]);
    expect(fake.sheets[2]).toEqual({ name: "Cost stages (2)", cells: {} });
    expect(fake.names.slice(0, 2)).toEqual([...SEED.names, theirs]);
    // read, refused write, look-up; read, write, chart, finish, the notes
    expect(result.syncs).toBe(8);
  });
});

describe("sheet names Excel refuses though Office.js does not list them", () => {
  test("a chart sheet named Cost stages moves the insert to Cost stages (2)", async () => {
    const fake = installFakeExcel({ ...EMPTY, chartSheets: ["Cost stages"] });
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result).toMatchObject({ sheetName: "Cost stages (2)", nameSuffix: "_2", chart: true, syncs: 8 });
    expect(sheetNames(fake)).toEqual(["Sheet1", "Cost stages (2)", NOTES_SHEET]);
    const layout = sheetLayout(EXAMPLE_PLAN, "_2");
    expect(result.functionsAdded).toEqual([]);
    expect(fake.names.filter((n) => n.formula === undefined)).toEqual([
      ...layout.names.map(({ name, address }) => ({ name, reference: `'Cost stages (2)'!${address}` })),
      { name: NOTES_NAME_OF_INSERT, reference: `'${NOTES_SHEET}'!A1` },
    ]);
  });

  test("after a few refused names the insert gives up, and has left nothing behind", async () => {
    const chartSheets = ["Cost stages", "Cost stages (2)", "COST STAGES (3)", "Cost stages (4)", "Cost stages (5)"];
    const fake = installFakeExcel({ ...EMPTY, chartSheets });
    await expect(insertStageSheet(EXAMPLE_PLAN)).rejects.toThrow(
      /^ItemAlreadyExists: a sheet named Cost stages \(4\) already exists This insert had made nothing/,
    );
    expect(fake.sheets).toEqual(EMPTY.sheets);
    expect(fake.names).toEqual([]);
    expect(fake.syncs).toBe(12);
  });
});
