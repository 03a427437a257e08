/*
 * The budget sheet inserted by the one Office.js writer, against the recording fake host: the data in one
 * batch, the chart in its own (stacked columns by month, the cost so far as a line on a secondary axis), the
 * finish (the answer and headings frozen with A:C, every blue cell validated, one landscape page wide with the
 * headings repeated), no workbook function (it calls none); four syncs, as the stage sheet (the annual takes eight);
 * five years of every figure within Excel on the web's payload limit; a second copy's suffixed names.
 */
import { unwrap } from "../../support/unwrap";
import { BudgetPlan, LAUNCH_RAMP_EXAMPLE, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import {
  BUDGET_PAGE_FIT,
  BUDGET_SHEET_NAME,
  BudgetSheetLayout,
  budgetSheetLayout,
} from "../../../src/budget/sheet/budgetLayout";
import {
  BUDGET_CHART_NAME,
  budgetRecordNote,
  insertBudgetModelsSheet,
  insertBudgetSheet,
} from "../../../src/budget/sheet/insertBudget";
import { EXAMPLE_BUDGET_ESTATE, oneModelPlan } from "../../../src/budget/model/budgetModels";
import { budgetModelsSheetLayout } from "../../../src/budget/sheet/budgetModelsSheet";
import { budgetSheetsText, readBudgetSheets } from "../../../src/budget/sheet/budgetRecord";
import { InsertResult } from "../../../src/core/writers/sheetWriter";
import { PAYLOAD_LIMIT_BYTES } from "../../../src/portable/excel/payload";
import { isProblem } from "../../../src/core/model/problems";
import {
  cellNames,
  cellsNotAsLaid,
  chartWrites,
  FakeSeed,
  installFakeExcel,
  NOTES_SHEET,
  printedPageLayout,
} from "../../support/fakeExcel";
import { printPlan, READABLE_SCALE_PERCENT } from "../../../src/core/writers/pageFinish";
import { TWIN_IDS } from "../../support/twinIds";
import { EXAMPLE_REQUEST_TOKENS } from "../../../src/tokens/model";

const SHEET = BUDGET_SHEET_NAME;
const EMPTY: FakeSeed = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };

/** Five years of every figure: re-scans, typed months, a budget, a lever, a price. */
const FIVE_YEARS: BudgetPlan = {
  ...LAUNCH_RAMP_EXAMPLE,
  months: 60,
  monthlyGrowth: 0.12,
  peakToMean: 1.8,
  rescanHours: 44_400,
  rescanMonths: [13, 40],
  budgetAmount: 250_000,
  budgetPer: "horizon",
  leverSecondsPerClip: 0.025,
  leverFromMonth: 19,
  typedClipsPerSecond: { 6: 30, 48: 2000 },
};

const layoutOf = (plan: BudgetPlan, suffix = ""): BudgetSheetLayout => unwrap(budgetSheetLayout(plan, suffix));
const inserted = async (plan: BudgetPlan): Promise<InsertResult> => unwrap(await insertBudgetSheet(plan));

test("one insert: cells and names in one sync, the chart, no workbook function, the notes; five syncs", async () => {
  const fake = installFakeExcel(EMPTY);
  expect(await inserted(STEADY_GROWTH_EXAMPLE)).toEqual({
    sheetName: SHEET,
    nameSuffix: "",
    syncs: 5, // read, data, chart, finish, the notes
    chart: true,
    functionsAdded: [],
    functionsKept: [],
    notesSheet: NOTES_SHEET,
  });
  // The sheet is arithmetic over its names: it calls no workbook function, so none is added (workbookTwins.test).
  expect(fake.names.filter((n) => TWIN_IDS.includes(n.name))).toEqual([]);
  const layout = layoutOf(STEADY_GROWTH_EXAMPLE);
  expect(cellsNotAsLaid(fake, SHEET, layout.rows)).toEqual([]);
  expect(cellNames(fake)).toEqual(
    layout.names.map(({ name, address }) => ({ name, reference: `'${SHEET}'!${address}` })),
  );
  expect(fake.pending).toBe(0);
});

test("the chart: training, re-scans, paid serving stacked by month; the cost so far a line", async () => {
  const fake = installFakeExcel(EMPTY);
  await inserted(STEADY_GROWTH_EXAMPLE);
  const { chart } = layoutOf(STEADY_GROWTH_EXAMPLE);
  const [training, rescans, paid, cost] = chart.series;
  expect(fake.charts).toEqual([
    {
      sheet: SHEET,
      type: "ColumnStacked",
      source: `'${SHEET}'!${training.values}`,
      seriesBy: "Rows",
      name: BUDGET_CHART_NAME,
    },
  ]);
  const categories = `'${SHEET}'!${chart.categories}`;
  expect(chartWrites(fake, 0)).toMatchObject({
    name: BUDGET_CHART_NAME,
    "title.text": chart.title,
    setPosition: [chart.from, chart.to],
    "series[0].name": training.name,
    "series[0].setXAxisValues": categories,
    [`series[${rescans.name}].setValues`]: `'${SHEET}'!${rescans.values}`,
    [`series[${paid.name}].setValues`]: `'${SHEET}'!${paid.values}`,
    [`series[${cost.name}].setValues`]: `'${SHEET}'!${cost.values}`,
    [`series[${cost.name}].chartType`]: "Line",
    [`series[${cost.name}].axisGroup`]: "Secondary",
  });
  expect(chart.series.map((s) => s.name)).toEqual(["Training (h)", "Re-scans (h)", "Serving, paid (h)", "Cost so far"]);
});

test("hours only: no cost line, and the chart needs only ExcelApi 1.7", async () => {
  const plan = { ...STEADY_GROWTH_EXAMPLE, pricePerHour: undefined };
  const fake = installFakeExcel({ ...EMPTY, excelApi: "1.7" });
  const result = await inserted(plan);
  expect(result.chart).toBe(true);
  expect(layoutOf(plan).chart.series.some((s) => s.line)).toBe(false);
  expect(fake.charts).toHaveLength(1);
});

test("the finish: answer, headings and A:C frozen, every blue cell validated, landscape one page wide", async () => {
  const fake = installFakeExcel(EMPTY);
  const result = await inserted(FIVE_YEARS);
  expect(result.finishSkipped).toBeUndefined();
  const layout = layoutOf(FIVE_YEARS);
  expect(fake.frozenRows).toEqual({ [SHEET]: layout.page.frozenRows });
  expect(fake.frozenColumns).toEqual({ [SHEET]: 3 });
  expect(fake.pageLayouts[SHEET]).toMatchObject({
    orientation: "Landscape",
    printTitleRows: layout.page.titleRows,
    ...printedPageLayout(printPlan(layout, BUDGET_PAGE_FIT)),
  });
  // Wider than a readable page (issue 28): at the readable scale, the label column repeated on each page.
  expect(fake.pageLayouts[SHEET]).toMatchObject({
    zoom: { scale: READABLE_SCALE_PERCENT },
    printTitleColumns: "$A:$A",
  });
  expect(Object.keys(fake.validations[SHEET]).sort()).toEqual(layout.validations.map((v) => v.address).sort());
  // The cadence is a whole number of months; the budget's period a drop-down of its two choices.
  const cadence = layout.names.find((n) => n.name === "BudgetRetrainEvery")!.address;
  expect(fake.validations[SHEET][cadence].rule).toEqual({
    wholeNumber: { formula1: 1, formula2: 60, operator: "Between" },
  });
  const period = layout.names.find((n) => n.name === "BudgetPer")!.address;
  expect(fake.validations[SHEET][period].rule?.list?.inCellDropDown).toBe(true);
});

test("five years of every figure: five syncs, every request and response within Excel on the web's 5 MB", async () => {
  const fake = installFakeExcel(EMPTY);
  const result = await inserted(FIVE_YEARS);
  expect(result).toMatchObject({ syncs: 5, chart: true });
  const layout = layoutOf(FIVE_YEARS);
  expect(cellsNotAsLaid(fake, SHEET, layout.rows)).toEqual([]);
  // the insert's five, and one after it that reads the new sheet's id for its record
  expect(fake.payloads).toHaveLength(6);
  const largest = Math.max(...fake.payloads.flatMap((p) => [p.request, p.response]));
  expect(largest).toBeLessThan(PAYLOAD_LIMIT_BYTES);
  console.log(`Budget sheet, 60 months: ${layout.rows.length} rows; largest sync ${largest} bytes`);
});

test("a second copy goes to Budget (2) with every name suffixed _2", async () => {
  const fake = installFakeExcel(EMPTY);
  await inserted(STEADY_GROWTH_EXAMPLE);
  const second = await inserted(STEADY_GROWTH_EXAMPLE);
  expect(second).toMatchObject({ sheetName: `${SHEET} (2)`, nameSuffix: "_2" });
  expect(cellsNotAsLaid(fake, `${SHEET} (2)`, layoutOf(STEADY_GROWTH_EXAMPLE, "_2").rows)).toEqual([]);
});

test("a plan the model refuses: its problem, and nothing written", async () => {
  const fake = installFakeExcel(EMPTY);
  const result = await insertBudgetSheet({ ...STEADY_GROWTH_EXAMPLE, retrainEveryMonths: 13 });
  expect(isProblem(result)).toBe(true);
  expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
});

describe("the sheet's record, for the bill's plan against actual (document settings)", () => {
  const KEY = "mlcost.budget.sheets";

  test("kept with the workbook, version 4, newest first, each with its sheet's id; five syncs unchanged", async () => {
    const fake = installFakeExcel(EMPTY);
    expect(await inserted(STEADY_GROWTH_EXAMPLE)).toMatchObject({ sheetName: SHEET, syncs: 5 });
    const second = await insertBudgetSheet(LAUNCH_RAMP_EXAMPLE);
    expect(second).toMatchObject({ sheetName: `${SHEET} (2)` });
    expect(budgetRecordNote(second)).toBe("");
    expect(fake.settingsSaves).toHaveLength(2);
    expect(fake.settings[KEY]).toBe(
      budgetSheetsText([
        {
          sheetName: `${SHEET} (2)`,
          sheetId: fake.sheetMeta(`${SHEET} (2)`)!.id,
          plan: oneModelPlan(LAUNCH_RAMP_EXAMPLE),
        },
        { sheetName: SHEET, sheetId: fake.sheetMeta(SHEET)!.id, plan: oneModelPlan(STEADY_GROWTH_EXAMPLE) },
      ]),
    );
  });

  test("the first release's bare list is migrated, and the insert says so", async () => {
    const bare = JSON.stringify([{ sheetName: "Old budget", plan: LAUNCH_RAMP_EXAMPLE }]);
    const fake = installFakeExcel({ ...EMPTY, settings: { [KEY]: bare } });
    const result = await insertBudgetSheet(STEADY_GROWTH_EXAMPLE);
    expect(budgetRecordNote(result)).toMatch(
      /^ The budget sheets' records were saved by an earlier MLCost and migrated from version 1 to version 5: /,
    );
    expect(readBudgetSheets(fake.settings[KEY]).records.map((r) => r.sheetName)).toEqual([SHEET, "Old budget"]);
  });

  test("a save that fails costs the sheet nothing, and is said the one way", async () => {
    const fake = installFakeExcel({ ...EMPTY, failSettingsSave: "the document is read-only" });
    const result = await insertBudgetSheet(STEADY_GROWTH_EXAMPLE);
    expect(result).toMatchObject({ sheetName: SHEET, syncs: 5, chart: true });
    expect(budgetRecordNote(result)).toBe(
      " Not saved with the workbook: the document is read-only. The Bill view will not find this sheet's plan.",
    );
    expect(fake.settingsSaves).toEqual([]);
  });

  test("records of a newer MLCost are never written over", async () => {
    const newer = JSON.stringify({ format: "mlcost-budget-sheets", version: 9, records: [] });
    const fake = installFakeExcel({ ...EMPTY, settings: { [KEY]: newer } });
    const result = await insertBudgetSheet(STEADY_GROWTH_EXAMPLE);
    expect(result).toMatchObject({ sheetName: SHEET, syncs: 5 });
    expect(budgetRecordNote(result)).toMatch(
      /they are version 9, from a newer MLCost; this add-in reads versions 1 to 5\./,
    );
    expect(fake.settingsSaves).toEqual([]);
    expect(fake.settings[KEY]).toBe(newer);
  });
});

describe("a plan of several models (issue 29): the sheet of a block a model and the estate's rows", () => {
  const KEY = "mlcost.budget.sheets";

  test("the estate's worked example: every cell and name as budgetModelsSheetLayout lays them, its chart", async () => {
    const fake = installFakeExcel(EMPTY);
    const result = unwrap(await insertBudgetModelsSheet(EXAMPLE_BUDGET_ESTATE));
    expect(result).toMatchObject({ sheetName: SHEET, nameSuffix: "", syncs: 5, chart: true });
    const layout = unwrap(budgetModelsSheetLayout(EXAMPLE_BUDGET_ESTATE));
    expect(layout.rows.some((row) => row.some((cell) => cell?.value === EXAMPLE_BUDGET_ESTATE.models[2].name))).toBe(
      true,
    );
    expect(cellsNotAsLaid(fake, SHEET, layout.rows)).toEqual([]);
    expect(cellNames(fake)).toEqual(
      layout.names.map(({ name, address }) => ({ name, reference: `'${SHEET}'!${address}` })),
    );
    expect(fake.charts).toHaveLength(1);
  });

  test("recorded for the bill with its model list (version 5), with nothing to say", async () => {
    const fake = installFakeExcel(EMPTY);
    const result = await insertBudgetModelsSheet(EXAMPLE_BUDGET_ESTATE);
    expect(budgetRecordNote(result)).toBe("");
    expect(fake.settingsSaves).toHaveLength(1);
    const [record] = readBudgetSheets(fake.settings[KEY]).records;
    expect(record).toMatchObject({ sheetName: SHEET, sheetId: fake.sheetMeta(SHEET)!.id });
    expect(record.plan).toEqual(EXAMPLE_BUDGET_ESTATE);
  });

  test("one model that is today's plan: today's sheet, recorded as that plan of one model", async () => {
    const fake = installFakeExcel(EMPTY);
    await insertBudgetModelsSheet(oneModelPlan(FIVE_YEARS));
    expect(cellsNotAsLaid(fake, SHEET, layoutOf(FIVE_YEARS).rows)).toEqual([]);
    expect(readBudgetSheets(fake.settings[KEY]).records[0].plan).toEqual(oneModelPlan(FIVE_YEARS));
  });

  test("one model's seconds from tokens (issue 32): the tokens sheet, its record keeping the tokens", async () => {
    const fake = installFakeExcel(EMPTY);
    const plan = { ...FIVE_YEARS, secondsPerClip: 0.25 };
    unwrap(await insertBudgetModelsSheet(oneModelPlan(plan), EXAMPLE_REQUEST_TOKENS));
    const layout = unwrap(budgetSheetLayout(plan, "", { tokens: EXAMPLE_REQUEST_TOKENS }));
    expect(cellsNotAsLaid(fake, SHEET, layout.rows)).toEqual([]);
    expect(cellNames(fake)).toContainEqual({ name: "BudgetClipInputTokens", reference: expect.stringContaining("!B") });
    expect(readBudgetSheets(fake.settings[KEY]).records[0]).toMatchObject({
      plan: oneModelPlan(plan),
      tokens: EXAMPLE_REQUEST_TOKENS,
    });
    // the estate's models have no seconds-from-tokens row: their sheet, and their record, are without them
    const estate = installFakeExcel(EMPTY);
    unwrap(await insertBudgetModelsSheet(EXAMPLE_BUDGET_ESTATE, EXAMPLE_REQUEST_TOKENS));
    expect(cellsNotAsLaid(estate, SHEET, unwrap(budgetModelsSheetLayout(EXAMPLE_BUDGET_ESTATE)).rows)).toEqual([]);
    expect(readBudgetSheets(estate.settings[KEY]).records[0].tokens).toBeUndefined();
  });

  test("a plan the model refuses: its problem in words that name the model, and nothing written", async () => {
    const fake = installFakeExcel(EMPTY);
    const [first, ...rest] = EXAMPLE_BUDGET_ESTATE.models;
    const plan = { ...EXAMPLE_BUDGET_ESTATE, models: [first, { ...rest[0], shareScored: 1.5 }, ...rest.slice(1)] };
    const result = await insertBudgetModelsSheet(plan);
    expect(isProblem(result) && result.message).toMatch(new RegExp(`^${rest[0].name}: `));
    expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
  });
});
