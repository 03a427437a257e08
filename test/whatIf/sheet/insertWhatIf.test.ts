/*
 * The what-if sheet inserted by the one Office.js writer, against the recording fake host: the
 * data in one batch, the tornado in its own, the finish (frozen label columns, validation with a
 * drop-down and a between rule, a page per section), no workbook function (it calls none); a second copy's
 * suffixed names; a clean-up that takes back only what the insert made.
 */
import { unwrap } from "../../support/unwrap";
import { DEFAULT_STAGE_SCENARIOS, ScenarioState } from "../../../src/whatIf/model/scenarios";
import { isProblem } from "../../../src/core/model/problems";
import { Plan } from "../../../src/stages/model/plan";
import { insertWhatIfSheet, TORNADO_CHART_NAME } from "../../../src/whatIf/sheet/insertWhatIf";
import { InsertResult } from "../../../src/core/writers/sheetWriter";
import {
  WHAT_IF_PAGE_FIT,
  WHAT_IF_SHEET_NAME,
  WhatIfLayout,
  whatIfLayout,
} from "../../../src/whatIf/sheet/whatIfLayout";
import { printPlan, READABLE_SCALE_PERCENT } from "../../../src/core/writers/pageFinish";
import { sensitivity } from "../../../src/sensitivity/model/sensitivity";
import { STAGE_VIEW } from "../../../src/stages/model/stagesWhatIf";
import { rowOf } from "../../../src/core/excel/a1";
import {
  cellNames,
  cellsNotAsLaid,
  chartWrites,
  FakeSeed,
  insertBatchOf,
  installFakeExcel,
  NOTES_SHEET,
  officeValidation,
  printedPageLayout,
} from "../../support/fakeExcel";
import { cellAt, columnIndex, columnOf, formulaCells, namedAddress } from "../../support/layoutCells";
import { TWIN_IDS } from "../../support/twinIds";

const SHEET = WHAT_IF_SHEET_NAME;
const EMPTY: FakeSeed = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };

function layoutOf(suffix = "", state: ScenarioState<Plan> = DEFAULT_STAGE_SCENARIOS): WhatIfLayout {
  return unwrap(whatIfLayout(state, suffix));
}

async function inserted(state?: ScenarioState<Plan>): Promise<InsertResult> {
  return unwrap(await insertWhatIfSheet(state));
}

/** The range of the scenario names, as a list validation's source holds it: C8:E8. */
const namesRange = ({ scenarios }: WhatIfLayout) =>
  `${scenarios.columns[0]}${scenarios.nameRow}:${scenarios.columns[scenarios.columns.length - 1]}${scenarios.nameRow}`;

describe("read, data, tornado, finish, workbook functions", () => {
  test("one insert writes every cell and name in one sync, draws the tornado, finishes, no twin", async () => {
    const fake = installFakeExcel(EMPTY);
    const result = await inserted();
    expect(result).toEqual({
      sheetName: SHEET,
      nameSuffix: "",
      syncs: 5, // read, data, tornado, finish, the notes
      chart: true,
      functionsAdded: [],
      functionsKept: [],
      notesSheet: NOTES_SHEET,
    });
    // The sheet is arithmetic over its names: it calls no workbook function, so none is added (workbookTwins.test).
    expect(fake.names.filter((n) => TWIN_IDS.includes(n.name))).toEqual([]);
    const layout = layoutOf();
    expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", SHEET, NOTES_SHEET]);
    expect(cellsNotAsLaid(fake, SHEET, layout.rows)).toEqual([]);
    expect(cellNames(fake)).toEqual(
      layout.names.map(({ name, address }) => ({ name, reference: `'${SHEET}'!${address}` })),
    );
    expect(fake.tables).toEqual([]);
    expect(fake.activeSheet).toBe(SHEET);
    // Data, then the chart, then the finish, never interleaved; no twins (batch 3), as the sheet calls none.
    const batches = fake.writes.map(insertBatchOf);
    expect(batches).toEqual([...batches].sort());
    expect(new Set(batches)).toEqual(new Set([0, 1, 2, 4]));
    expect(fake.pending).toBe(0);
  });

  test("a formula in a Text-formatted cell goes in as a formula, and is Text after it", async () => {
    const fake = installFakeExcel(EMPTY);
    await inserted();
    const layout = layoutOf();
    const textFormulas = formulaCells(layout)
      .filter(({ cell }) => cell.numberFormat === "@")
      .map(({ address }) => address);
    expect(textFormulas.length).toBeGreaterThan(0); // the workings' currency row
    for (const address of textFormulas)
      expect(fake.cells[SHEET][address]).toMatchObject({ format: "@", type: "formula" });
    const formats = fake.writes.filter((w) => w.kind === "numberFormat" && w.sheet === SHEET);
    expect(formats).toHaveLength(2); // all formats first; Text on those cells once their formulas are in
  });

  test("the tornado: bars of the low and high columns, overlapping, reversed, crossing at the base", async () => {
    const fake = installFakeExcel(EMPTY);
    await inserted();
    const layout = layoutOf();
    const { tornado } = layout;
    // One row per input the base scenario varies, in column A below the header that names the two series.
    const base = DEFAULT_STAGE_SCENARIOS.scenarios[DEFAULT_STAGE_SCENARIOS.baseIndex].inputs;
    const varied = unwrap(sensitivity(STAGE_VIEW, base)).varied.length;
    const header = rowOf(tornado.low.name);
    const [first, last] = [header + 1, header + varied];
    expect(tornado.categories).toBe(`A${first}:A${last}`);
    const [low, high] = [columnOf(tornado.low.name), columnOf(tornado.high.name)];
    expect(columnIndex(high)).toBe(columnIndex(low) + 1);
    expect(rowOf(tornado.high.name)).toBe(header);
    expect([tornado.low.values, tornado.high.values]).toEqual([
      `${low}${first}:${low}${last}`,
      `${high}${first}:${high}${last}`,
    ]);
    expect(fake.charts).toEqual([
      {
        sheet: SHEET,
        type: "BarClustered",
        source: `'${SHEET}'!${tornado.low.name}:${high}${last}`,
        seriesBy: "Columns",
        name: TORNADO_CHART_NAME,
      },
    ]);
    // The source's first row names the series: the headings above the low and high columns.
    expect([tornado.low.name, tornado.high.name].map((address) => cellAt(layout, address)?.value)).toEqual([
      "At low",
      "At high",
    ]);
    expect(chartWrites(fake, 0)).toEqual({
      name: TORNADO_CHART_NAME,
      "title.text": tornado.title,
      "legend.position": "Bottom",
      setPosition: [tornado.from, tornado.to],
      "axes.categoryAxis.setCategoryNames": `'${SHEET}'!${tornado.categories}`,
      "axes.categoryAxis.reversePlotOrder": true,
      "series[0].overlap": 100,
      "axes.valueAxis.setPositionAt": 54_000_000, // issue 11's default crossover
    });
    expect(tornado.base.value).toBe(54_000_000);
  });

  test("a tornado that fails is removed, the sheet stays, and the result says why", async () => {
    const fake = installFakeExcel({ ...EMPTY, failOn: "chart.series[0].overlap" });
    const result = await inserted();
    expect(result).toMatchObject({ sheetName: SHEET, chart: false, syncs: 7 });
    expect(result.chartSkipped).toBe("GeneralException: chart.series[0].overlap failed (injected by the test)");
    expect(fake.charts).toEqual([]);
    expect(cellNames(fake)).toHaveLength(layoutOf().names.length);
    expect(fake.pageLayouts[SHEET].printArea).toBe(layoutOf().page.printArea);
  });

  test("ExcelApi 1.7 gets the sheet and frozen columns, no tornado, and is told what it lacks", async () => {
    const fake = installFakeExcel({ ...EMPTY, excelApi: "1.7" });
    const result = await inserted();
    expect(result).toMatchObject({ chart: false, syncs: 4, functionsAdded: [] });
    expect(result.chartSkipped).toBe(
      "this Excel lacks ExcelApi 1.8, which its overlapping bars and axis crossing need",
    );
    expect(result.finishSkipped).toBe(
      "this Excel lacks input validation (ExcelApi 1.8), indents (ExcelApi 1.9), page breaks (ExcelApi 1.9)," +
        " page setup (ExcelApi 1.9)",
    );
    expect(fake.frozenColumns).toEqual({ [SHEET]: layoutOf().page.frozenColumns });
    expect(fake.charts).toEqual([]);
    expect(fake.validations).toEqual({});
    expect(fake.pageBreaks).toEqual({});
  });
});

describe("the finish: frozen label columns, validated blue cells, a page per section", () => {
  test("freezes the label and unit columns and prints one page wide with a break after each section", async () => {
    const fake = installFakeExcel(EMPTY);
    const result = await inserted();
    expect(result.finishSkipped).toBeUndefined();
    const { page, sections } = layoutOf();
    expect(fake.frozenColumns).toEqual({ [SHEET]: page.frozenColumns });
    expect(fake.frozenRows).toEqual({});
    expect(page.rowBreaks).toEqual([sections.scenarios.last, sections.sensitivity.last, sections.targets.last]);
    expect(fake.pageBreaks).toEqual({ [SHEET]: page.rowBreaks.map((row) => row + 1) });
    // The tornado sits inside the printed sensitivity section: the print area is the layout's.
    expect(fake.pageLayouts[SHEET]).toEqual({
      orientation: "Landscape",
      centerHorizontally: true,
      printArea: page.printArea,
      ...printedPageLayout(printPlan(layoutOf(), WHAT_IF_PAGE_FIT)),
    });
    // Wider than a readable page (issue 28): at the readable scale, the label column repeated on each page.
    expect(fake.pageLayouts[SHEET]).toMatchObject({
      zoom: { scale: READABLE_SCALE_PERCENT },
      printTitleColumns: "$A:$A",
    });
  });

  test("every blue cell's rule as Office.js takes it: bounds, a between, the base as a drop-down", async () => {
    const fake = installFakeExcel(EMPTY);
    await inserted();
    const layout = layoutOf();
    const { validations, scenarios } = layout;
    const held = fake.validations[SHEET];
    expect(Object.keys(held).sort()).toEqual(validations.map((v) => v.address).sort());
    for (const validation of validations) expect(held[validation.address]).toEqual(officeValidation(validation, SHEET));
    expect(held[scenarios.base].rule).toEqual({
      list: { inCellDropDown: true, source: `'${SHEET}'!${namesRange(layout)}` },
    });
    // The one share among the controls is the one "between" rule.
    const between = Object.keys(held).filter((address) => held[address].rule?.decimal?.operator === "Between");
    expect(between).toEqual([namedAddress(layout, "WhatIfServingShare")]);
  });
});

describe("copies, bad states and text", () => {
  test("a second insert goes to What-if (2) with every name suffixed _2, and adds no twin", async () => {
    const fake = installFakeExcel(EMPTY);
    await inserted();
    const second = await inserted();
    expect(second).toMatchObject({ sheetName: `${SHEET} (2)`, nameSuffix: "_2", chart: true, functionsAdded: [] });
    expect(second.functionsKept).toEqual([]); // it calls no workbook function: none is reported
    const layout = layoutOf("_2");
    expect(layout.names.every((n) => n.name.endsWith("_2"))).toBe(true);
    expect(cellsNotAsLaid(fake, `${SHEET} (2)`, layout.rows)).toEqual([]);
    // The copy's formulas read its own controls: WhatIfLowMove_2, never the first sheet's.
    const formulas = Object.values(fake.cells[`${SHEET} (2)`]).filter((c) => c.type === "formula");
    expect(formulas.some((c) => String(c.value).includes("WhatIfLowMove_2"))).toBe(true);
    expect(formulas.some((c) => /WhatIfLowMove(?!_2)/.test(String(c.value)))).toBe(false);
    expect(fake.charts.map((c) => c.sheet)).toEqual([SHEET, `${SHEET} (2)`]);
  });

  test("a state the model refuses is returned as its Problem, and nothing is written", async () => {
    const fake = installFakeExcel(EMPTY);
    const bad = { ...DEFAULT_STAGE_SCENARIOS, baseIndex: 7 };
    const result = await insertWhatIfSheet(bad);
    expect(isProblem(result)).toBe(true);
    expect(fake.sheets).toEqual(EMPTY.sheets);
    expect(fake.names).toEqual([]);
    expect(fake.writes).toEqual([]);
    expect(fake.syncs).toBe(1); // the read, which found the free name
  });

  test("a scenario's name reaches its cell as text, however it reads", async () => {
    const hostile = '=HYPERLINK("x")';
    const state: ScenarioState<Plan> = {
      ...DEFAULT_STAGE_SCENARIOS,
      scenarios: DEFAULT_STAGE_SCENARIOS.scenarios.map((s, i) => (i === 0 ? { ...s, name: hostile } : s)),
    };
    const fake = installFakeExcel(EMPTY);
    await inserted(state);
    const layout = layoutOf("", state);
    const firstName = `${layout.scenarios.columns[0]}${layout.scenarios.nameRow}`;
    expect(fake.cells[SHEET][firstName]).toEqual({ format: "@", type: "text", value: hostile });
    expect(cellsNotAsLaid(fake, SHEET, layout.rows)).toEqual([]);
  });
});

describe("a failed data batch takes back only what this insert made", () => {
  test("a co-author's control name taken meanwhile survives; the error says what went and what stayed", async () => {
    const theirs = { name: "WhatIfLowMove", reference: "'Sheet1'!$A$1" };
    const fake = installFakeExcel({ ...EMPTY, coAuthor: { afterSync: 1, addName: theirs } });
    await expect(insertWhatIfSheet()).rejects.toThrow(
      `ItemAlreadyExists: a name WhatIfLowMove already exists Removed what this insert had made: the sheet "${SHEET}"` +
        " and 1 defined name. Kept what others made meanwhile: the name WhatIfLowMove.",
    );
    expect(fake.sheets).toEqual(EMPTY.sheets);
    expect(fake.names).toEqual([theirs]);
    expect(fake.syncs).toBe(4); // read, the failed write, looking up, deleting
    expect(fake.pending).toBe(0);
  });

  test("a batch that fails at the cells removes the sheet and every name it had added", async () => {
    const fake = installFakeExcel({ ...EMPTY, failOn: "formulas" });
    const count = layoutOf().names.length;
    await expect(insertWhatIfSheet()).rejects.toThrow(
      `GeneralException: formulas failed (injected by the test) Removed what this insert had made:` +
        ` the sheet "${SHEET}" and ${count} defined names.`,
    );
    expect(fake.sheets).toEqual(EMPTY.sheets);
    expect(fake.names).toEqual([]);
  });

  test("a co-author's What-if sheet added meanwhile survives, and the insert moves on to What-if (2)", async () => {
    const fake = installFakeExcel({ ...EMPTY, coAuthor: { afterSync: 1, addSheet: SHEET } });
    const result = await inserted();
    expect(result).toMatchObject({ sheetName: `${SHEET} (2)`, nameSuffix: "_2", chart: true, syncs: 8 });
    expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", SHEET, `${SHEET} (2)`, NOTES_SHEET]);
    expect(fake.sheets[1]).toEqual({ name: SHEET, cells: {} });
  });
});
