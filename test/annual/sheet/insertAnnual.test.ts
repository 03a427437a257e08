/*
 * The annual sheet inserted by the one Office.js writer, against the recording fake host: the
 * data and its two tables in one batch, each chart in its own, the finish (frozen answer rows,
 * validated inputs, one printed page), no workbook function (it calls none); a second copy's suffixed
 * names; a clean-up that takes back only what the insert made; the three sheets side by side.
 */
import { unwrap } from "../../support/unwrap";
import { AnnualPlan, EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { isProblem } from "../../../src/core/model/problems";
import {
  ANNUAL_PAGE_FIT,
  ANNUAL_SHEET_NAME,
  ANNUAL_TABLE_NAME,
  AnnualSheetLayout,
  annualSheetLayout,
  LEVERS_TABLE_NAME,
} from "../../../src/annual/sheet/annualLayout";
import { printPlan, READABLE_SCALE_PERCENT } from "../../../src/core/writers/pageFinish";
import { insertStageSheet } from "../../../src/stages/sheet/insertStages";
import { ANNUAL_CHART_NAMES, insertAnnualSheet } from "../../../src/annual/sheet/insertAnnual";
import { insertWhatIfSheet } from "../../../src/whatIf/sheet/insertWhatIf";
import { InsertResult } from "../../../src/core/writers/sheetWriter";
import { rowOf } from "../../../src/core/excel/a1";
import {
  cellNames,
  cellsNotAsLaid,
  chartWrites,
  FakeSeed,
  installFakeExcel,
  NOTES_SHEET,
  officeValidation,
  printedPageLayout,
} from "../../support/fakeExcel";
import { cellAt } from "../../support/layoutCells";
import { TWIN_IDS } from "../../support/twinIds";

const SHEET = ANNUAL_SHEET_NAME;
const EMPTY: FakeSeed = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };
/** The two tables' names, as declared: the bill by part and the levers. */
const TABLE_NAMES = [ANNUAL_TABLE_NAME, LEVERS_TABLE_NAME];

function layoutOf(suffix = "", plan: AnnualPlan = EXAMPLE_ANNUAL_PLAN): AnnualSheetLayout {
  return unwrap(annualSheetLayout(plan, suffix));
}

async function inserted(plan: AnnualPlan = EXAMPLE_ANNUAL_PLAN): Promise<InsertResult> {
  return unwrap(await insertAnnualSheet(plan));
}

describe("read, data and tables, three charts, finish, workbook functions", () => {
  test("one insert writes cells, names and both tables in one sync, draws each chart, finishes", async () => {
    const fake = installFakeExcel(EMPTY);
    const result = await inserted();
    expect(result).toEqual({
      sheetName: SHEET,
      nameSuffix: "",
      syncs: 7, // read, data, three charts, finish, the notes
      chart: true,
      functionsAdded: [],
      functionsKept: [],
      notesSheet: NOTES_SHEET,
    });
    // The sheet is arithmetic over its names: it calls no workbook function, so none is added (workbookTwins.test).
    expect(fake.names.filter((n) => TWIN_IDS.includes(n.name))).toEqual([]);
    const layout = layoutOf();
    expect(cellsNotAsLaid(fake, SHEET, layout.rows)).toEqual([]);
    expect(cellNames(fake)).toEqual(
      layout.names.map(({ name, address }) => ({ name, reference: `'${SHEET}'!${address}` })),
    );
    const { bill, levers } = layout.tables;
    expect(fake.tables).toEqual(
      [bill, levers].map(({ name, range }) => ({
        sheet: SHEET,
        range: `'${SHEET}'!${range}`,
        hasHeaders: true,
        name,
        style: "TableStyleMedium2",
        showBandedRows: false,
      })),
    );
    expect(fake.tables.map((t) => t.name)).toEqual(TABLE_NAMES);
    // The charts after the data, each in its own sync: the writes of chart 0 all come before chart 1's.
    const chartIndexes = fake.writes.filter((w) => w.kind.startsWith("chart.")).map((w) => w.target);
    expect(chartIndexes).toEqual([...chartIndexes].sort());
    expect(fake.pending).toBe(0);
  });

  test("the bill as a pie of paid hours by part, the levers as bars of share against ceiling, a tornado", async () => {
    const fake = installFakeExcel(EMPTY);
    await inserted();
    const layout = layoutOf();
    const { bill, levers, tornado } = layout.charts;
    expect(fake.charts).toEqual([
      {
        sheet: SHEET,
        type: "Pie",
        source: `'${SHEET}'!${bill.series[0].values}`,
        seriesBy: "Columns",
        name: ANNUAL_CHART_NAMES.bill,
      },
      {
        sheet: SHEET,
        type: "BarClustered",
        source: `'${SHEET}'!${levers.series[0].values}`,
        seriesBy: "Columns",
        name: ANNUAL_CHART_NAMES.levers,
      },
      {
        sheet: SHEET,
        type: "BarClustered",
        source: `'${SHEET}'!${tornado.low.name}:${tornado.high.values.split(":")[1]}`,
        seriesBy: "Columns",
        name: ANNUAL_CHART_NAMES.tornado,
      },
    ]);
    expect(chartWrites(fake, 0)).toEqual({
      name: ANNUAL_CHART_NAMES.bill,
      "title.text": bill.title,
      "legend.position": "Bottom",
      setPosition: [bill.from, bill.to],
      "series[0].name": bill.series[0].name,
      "series[0].setXAxisValues": `'${SHEET}'!${bill.categories}`,
      "dataLabels.showPercentage": true,
    });
    const [share, ceiling] = levers.series;
    expect(chartWrites(fake, 1)).toEqual({
      name: ANNUAL_CHART_NAMES.levers,
      "title.text": levers.title,
      "legend.position": "Bottom",
      setPosition: [levers.from, levers.to],
      "series[0].name": share.name,
      "series[0].setXAxisValues": `'${SHEET}'!${levers.categories}`,
      "series.add": ceiling.name,
      [`series[${ceiling.name}].setValues`]: `'${SHEET}'!${ceiling.values}`,
      [`series[${ceiling.name}].setXAxisValues`]: `'${SHEET}'!${levers.categories}`,
      "axes.categoryAxis.reversePlotOrder": true,
    });
    // The tornado's source names its series from the headings above the low and high columns.
    expect(rowOf(tornado.high.name)).toBe(rowOf(tornado.low.name));
    const headings = [tornado.low.name, tornado.high.name].map((address) => cellAt(layout, address)?.value);
    expect(headings).toEqual(["Share at low", "Share at high"]);
    expect(chartWrites(fake, 2)).toEqual({
      name: ANNUAL_CHART_NAMES.tornado,
      "title.text": tornado.title,
      "legend.position": "Bottom",
      setPosition: [tornado.from, tornado.to],
      "axes.categoryAxis.setCategoryNames": `'${SHEET}'!${tornado.categories}`,
      "axes.categoryAxis.reversePlotOrder": true,
      "series[0].overlap": 100,
      "axes.valueAxis.setPositionAt": 2400 / 88_800, // training's share of the worked example's year
    });
  });

  test("a chart that fails costs that chart alone, named, and the other is drawn", async () => {
    const fake = installFakeExcel({ ...EMPTY, failOn: "chart.dataLabels.showPercentage" });
    const result = await inserted();
    expect(result).toMatchObject({ chart: false, syncs: 9 }); // + looking the half-made pie up, deleting it
    expect(result.chartSkipped).toBe(
      "the bill chart: GeneralException: chart.dataLabels.showPercentage failed (injected by the test)",
    );
    expect(fake.charts.map((c) => c.name)).toEqual([ANNUAL_CHART_NAMES.levers, ANNUAL_CHART_NAMES.tornado]);
    expect(fake.tables).toHaveLength(2);
    // The charts sit in rows kept for them: what prints is the layout's print area, drawn or not.
    expect(fake.pageLayouts[SHEET].printArea).toBe(layoutOf().page.printArea);
  });

  test("without ExcelApi 1.7 there are no charts and no finish, and the result says why for each", async () => {
    const fake = installFakeExcel({ ...EMPTY, excelApi: "1.6" });
    const result = await inserted();
    expect(result).toMatchObject({ chart: false, syncs: 2, functionsAdded: [] });
    expect(result.functionsSkipped).toBeUndefined(); // it calls no workbook function: none was wanted
    expect(result.chartSkipped).toBe(
      "the bill chart: this Excel lacks ExcelApi 1.7, which its series and labels need;" +
        " the levers chart: this Excel lacks ExcelApi 1.7, which its series and labels need;" +
        " the tornado: this Excel lacks ExcelApi 1.8, which its overlapping bars and axis crossing need",
    );
    expect(result.finishSkipped).toBe(
      "this Excel lacks frozen rows (ExcelApi 1.7), input validation (ExcelApi 1.8), indents (ExcelApi 1.9)," +
        " page breaks (ExcelApi 1.9), page setup (ExcelApi 1.9)",
    );
    expect(fake.charts).toEqual([]);
    expect(fake.tables).toHaveLength(2);
  });
});

describe("the finish: frozen answer, validated inputs, pages one wide", () => {
  test("freezes the answer rows and prints one landscape page wide, the sensitivity on a page of its own", async () => {
    const fake = installFakeExcel(EMPTY);
    const result = await inserted();
    expect(result.finishSkipped).toBeUndefined();
    const { page, charts } = layoutOf();
    expect(fake.frozenRows).toEqual({ [SHEET]: page.frozenRows });
    expect(fake.frozenColumns).toEqual({});
    const bottom = Math.max(rowOf(charts.bill.to), rowOf(charts.levers.to), rowOf(charts.tornado.to!));
    expect(bottom).toBeLessThanOrEqual(rowOf(page.printArea)); // within the rows, kept empty for them
    expect(fake.pageLayouts[SHEET]).toEqual({
      orientation: "Landscape",
      centerHorizontally: true,
      printArea: page.printArea,
      ...printedPageLayout(printPlan(layoutOf(), ANNUAL_PAGE_FIT)),
    });
    // Wider than a readable page (issue 28): at the readable scale, the label column repeated on each page.
    expect(fake.pageLayouts[SHEET]).toMatchObject({
      zoom: { scale: READABLE_SCALE_PERCENT },
      printTitleColumns: "$A:$A",
    });
    // Office.js breaks above a row (the .xlsx after one): the row after the last of the first page.
    expect(fake.pageBreaks).toEqual({ [SHEET]: page.rowBreaks.map((row) => row + 1) });
  });

  test("every numeric input has its rule, a share its between 0 and 1, with prompt and stop alert", async () => {
    const fake = installFakeExcel(EMPTY);
    await inserted();
    const { validations } = layoutOf();
    const held = fake.validations[SHEET];
    expect(Object.keys(held).sort()).toEqual(validations.map((v) => v.address).sort());
    for (const validation of validations) expect(held[validation.address]).toEqual(officeValidation(validation, SHEET));
    const between = Object.values(held).filter((v) => v.rule?.decimal?.operator === "Between");
    expect(between.map((v) => [v.rule!.decimal!.formula1, v.rule!.decimal!.formula2])).toEqual([[0, 1]]);
  });
});

describe("copies, bad plans, and the three sheets side by side", () => {
  test("a second insert goes to Annual view (2), names and tables suffixed _2", async () => {
    const fake = installFakeExcel(EMPTY);
    await inserted();
    const second = await inserted();
    expect(second).toMatchObject({ sheetName: `${SHEET} (2)`, nameSuffix: "_2", chart: true, functionsAdded: [] });
    const layout = layoutOf("_2");
    expect(cellsNotAsLaid(fake, `${SHEET} (2)`, layout.rows)).toEqual([]);
    expect(fake.tables.map((t) => t.name)).toEqual([...TABLE_NAMES, ...TABLE_NAMES.map((name) => `${name}_2`)]);
    expect([layout.tables.bill.name, layout.tables.levers.name]).toEqual(TABLE_NAMES.map((name) => `${name}_2`));
    expect(
      cellNames(fake)
        .slice(layout.names.length)
        .map((n) => n.name),
    ).toEqual(layout.names.map((n) => n.name));
    expect(layout.names.every((n) => n.name.endsWith("_2"))).toBe(true);
  });

  test("a plan the model refuses is returned as its Problem, and nothing is written", async () => {
    const fake = installFakeExcel(EMPTY);
    const result = await insertAnnualSheet({ ...EXAMPLE_ANNUAL_PLAN, runsPerYear: -1 });
    expect(isProblem(result)).toBe(true);
    expect(fake.sheets).toEqual(EMPTY.sheets);
    expect(fake.writes).toEqual([]);
  });

  test("the stage, what-if and annual sheets go into one workbook, none suffixed, none shadowing another", async () => {
    const fake = installFakeExcel(EMPTY);
    const results = [await insertStageSheet(EXAMPLE_PLAN), await insertWhatIfSheet(), await inserted()];
    expect(results.map((r) => (isProblem(r) ? r.message : [r.sheetName, r.nameSuffix, r.chart]))).toEqual([
      ["Cost stages", "", true],
      ["What-if", "", true],
      [SHEET, "", true],
    ]);
    const names = cellNames(fake).map((n) => n.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    const types = ["XYScatterLines", "BarClustered", "Pie", "BarClustered", "BarClustered"];
    expect(fake.charts.map((c) => c.type)).toEqual(types);
  });
});

describe("a failed data batch takes back only what this insert made", () => {
  test("a co-author's name taken between the syncs survives; the error says what went and what stayed", async () => {
    const layout = layoutOf();
    const taken = layout.names[1].name;
    const theirs = { name: taken, reference: "'Sheet1'!$A$1" };
    const fake = installFakeExcel({ ...EMPTY, coAuthor: { afterSync: 1, addName: theirs } });
    await expect(insertAnnualSheet(EXAMPLE_ANNUAL_PLAN)).rejects.toThrow(
      `ItemAlreadyExists: a name ${taken} already exists Removed what this insert had made: the sheet "${SHEET}"` +
        ` and 1 defined name. Kept what others made meanwhile: the name ${taken}.`,
    );
    expect(fake.sheets).toEqual(EMPTY.sheets);
    expect(fake.names).toEqual([theirs]);
    expect(fake.syncs).toBe(4);
  });

  test("a batch that fails after a table went in removes the sheet with its table, and every name", async () => {
    const fake = installFakeExcel({ ...EMPTY, failOn: "table.showBandedRows" });
    const count = layoutOf().names.length;
    await expect(insertAnnualSheet(EXAMPLE_ANNUAL_PLAN)).rejects.toThrow(
      `GeneralException: table.showBandedRows failed (injected by the test) Removed what this insert had made:` +
        ` the sheet "${SHEET}" and ${count} defined names.`,
    );
    expect(fake.sheets).toEqual(EMPTY.sheets);
    expect(fake.names).toEqual([]);
    expect(fake.tables).toEqual([]); // gone with its sheet
    expect(fake.pending).toBe(0);
  });

  test("a co-author's Annual view added meanwhile survives, and the insert moves on to Annual view (2)", async () => {
    const fake = installFakeExcel({ ...EMPTY, coAuthor: { afterSync: 1, addSheet: SHEET } });
    const result = await inserted();
    expect(result).toMatchObject({ sheetName: `${SHEET} (2)`, nameSuffix: "_2", chart: true, syncs: 10 });
    expect(fake.sheets[1]).toEqual({ name: SHEET, cells: {} });
  });
});
