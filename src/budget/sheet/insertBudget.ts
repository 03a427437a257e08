/*
 * The budget sheet (budgetLayout.ts) inserted into the open workbook by the one Office.js writer
 * (sheetWriter.ts): read, data, the chart in a batch of its own, finish, and the workbook functions its formulas
 * call (none today: they are plain arithmetic, so no sync is spent on them); four syncs when all goes well.
 * The finish mirrors the .xlsx's (budgetXlsx.ts): the answer and the time axis's headings frozen with the
 * labels, horizon and units (A:C), every blue cell validated, landscape pages one wide with the headings
 * repeated atop each.
 *
 * The chart stacks each month's training, re-scans and paid serving as columns (training the spikes,
 * serving the growing floor) and, where the plan is priced, draws the cost so far as a line on a secondary
 * axis. From Microsoft's reference (https://learn.microsoft.com/javascript/api/excel/excel.chartseries):
 * ChartSeriesCollection.add, ChartSeries.setValues and setXAxisValues (ExcelApi 1.7), ChartSeries.chartType
 * (ExcelApi 1.7) and ChartSeries.axisGroup (ExcelApi 1.8), so a priced plan's chart asks for 1.8.
 */
import { BudgetPlan } from "../model/budgetFields";
import { BudgetEstatePlan, oneModelPlan } from "../model/budgetModels";
import { budgetModelsSheetLayout, isTodaysPlan } from "./budgetModelsSheet";
import type { RequestTokens } from "../../tokens/model";
import { BUDGET_SHEETS_KEY, BudgetSheetRecord, withBudgetSheet } from "./budgetRecord";
import { isSettingsRefusal, officeSettingsStore, readSetting, SettingsStore } from "../../core/host/settingsStore";
import { isProblem, Problem } from "../../core/model/problems";
import { rowOf } from "../../core/excel/a1";
import { InsertResult, insertSheet, SheetDraft } from "../../core/writers/sheetWriter";
import { addWorkbookFunctionsIn } from "../../portable/excel";
import { queueSeriesChart, SheetChart } from "../../core/writers/sheetWriterCharts";
import { officeFinish } from "../../core/writers/pageFinish";
import { BUDGET_BASE_NAMES, BUDGET_PAGE_FIT, BUDGET_SHEET_NAME, BudgetChart, BudgetSheetLayout } from "./budgetLayout";

export type { InsertResult } from "../../core/writers/sheetWriter";

/** The chart's name on its sheet, by which a half-made chart is found again. */
export const BUDGET_CHART_NAME = "MLCost budget chart";

/** What was inserted, and what became of the sheet's record when it was not simply kept. */
export interface BudgetInsertResult extends InsertResult {
  /** sentences: the record not saved (and why), the earlier records migrated, left out or replaced */
  recordNotes?: string[];
}

/**
 * Inserts the budget sheet for today's `plan` (one model): the sheet of oneModelPlan(plan), which is today's sheet
 * cell for cell (insertBudgetModelsSheet).
 */
export function insertBudgetSheet(
  plan: BudgetPlan,
  settings: SettingsStore = officeSettingsStore(),
): Promise<BudgetInsertResult | Problem> {
  return insertPlanSheet(oneModelPlan(plan), settings);
}

/**
 * Inserts the budget sheet of a plan of models (budgetModelsSheetLayout: a block a model and the estate's rows; one
 * model that is today's plan gives today's sheet) into a new worksheet, "Budget" or "Budget (2)", ..., with its
 * chart where this Excel can draw it, and keeps its plan in the workbook's settings (`settings`). Returns the plan's
 * first Problem, with nothing written; throws, after taking back what it had made, when the data cannot go in.
 * `tokens`, where the one model's seconds per clip came from a request's tokens, writes the seconds as TOKENSECONDS'
 * formula over those (issue 32), and the record keeps them: they place the sheet's rows.
 */
export function insertBudgetModelsSheet(
  plan: BudgetEstatePlan,
  tokens?: RequestTokens,
  settings: SettingsStore = officeSettingsStore(),
): Promise<BudgetInsertResult | Problem> {
  return insertPlanSheet(plan, settings, tokens);
}

/** Inserts the sheet of `plan` and records it (mlcost-budget-sheets v5: its model list, its tokens) for the bill. */
async function insertPlanSheet(
  plan: BudgetEstatePlan,
  settings: SettingsStore,
  tokens?: RequestTokens,
): Promise<BudgetInsertResult | Problem> {
  // A plan of several models has no seconds-from-tokens row (each model's seconds are typed in its block).
  const used = tokens && isTodaysPlan(plan) ? { tokens } : {};
  const result = await insertSheet({
    baseSheetName: BUDGET_SHEET_NAME,
    baseNames: BUDGET_BASE_NAMES,
    draft: (nameSuffix): SheetDraft | Problem => {
      const layout = budgetModelsSheetLayout(plan, nameSuffix, used);
      return isProblem(layout) ? layout : budgetDraft(layout);
    },
    workbookFunctions: addWorkbookFunctionsIn,
  });
  if (isProblem(result)) return result;
  const sheetId = await sheetIdOf(result.sheetName);
  const record = {
    sheetName: result.sheetName,
    ...(sheetId === undefined ? {} : { sheetId }),
    plan,
    ...used,
  };
  const recordNotes = await recordBudgetSheet(settings, record);
  return recordNotes.length > 0 ? { ...result, recordNotes } : result;
}

/**
 * The Worksheet.id of the sheet just inserted as `sheetName`, which the record keeps so that plan against actual
 * finds the sheet after a rename; undefined where Excel cannot say (the record then has the name alone). The
 * sheets' list loads each one's id (https://learn.microsoft.com/javascript/api/excel/excel.worksheet#excel-excel-worksheet-id-member).
 */
async function sheetIdOf(sheetName: string): Promise<string | undefined> {
  try {
    return await Excel.run(async (context) => {
      const sheets = context.workbook.worksheets.load("items/name,items/id");
      await context.sync();
      return sheets.items.find((sheet) => sheet.name === sheetName)?.id;
    });
  } catch {
    return undefined;
  }
}

/** The record's sentences for the pane's status line, each after a space; "" when there is nothing to say. */
export function budgetRecordNote(result: BudgetInsertResult | Problem): string {
  return isProblem(result) || !result.recordNotes ? "" : ` ${result.recordNotes.join(" ")}`;
}

/**
 * Keeps the sheet's plan in the workbook's document settings (budgetRecord.ts), for the bill's plan against
 * actual. Office's Settings: "custom settings ... stored in the host document", saved per add-in and per
 * document by saveAsync (https://learn.microsoft.com/javascript/api/office/office.settings). A record that
 * cannot be saved costs the sheet nothing (the actuals sheet is then written without the plan), but is said.
 */
async function recordBudgetSheet(settings: SettingsStore, record: BudgetSheetRecord): Promise<string[]> {
  const stored = readSetting(settings, BUDGET_SHEETS_KEY);
  // what the workbook holds is unknown: nothing is written over it
  if (isSettingsRefusal(stored)) return [`The budget sheets' records could not be read: ${stored.refused}`];
  const update = withBudgetSheet(stored, record);
  if (update.text === undefined) return update.notes;
  const notSaved = await settings.write(BUDGET_SHEETS_KEY, update.text);
  return notSaved ? [...update.notes, `${notSaved} The Bill view will not find this sheet's plan.`] : update.notes;
}

/** The budget layout in the writer's terms: no table, one chart, frozen answer and headings, pages one wide. */
export function budgetDraft(layout: BudgetSheetLayout): SheetDraft {
  return {
    rows: layout.rows,
    names: layout.names,
    columnWidths: layout.columnWidths,
    tables: [],
    charts: [budgetChart(layout.chart)],
    finish: officeFinish(layout, BUDGET_PAGE_FIT, layout.validations),
  };
}

/**
 * The layout's chart as the writer draws it: stacked columns by month and, when priced, the cost so far as a
 * line on a secondary axis (ChartSeries.axisGroup, ExcelApi 1.8), which only that chart asks for.
 */
function budgetChart(chart: BudgetChart): SheetChart {
  const common = { name: BUDGET_CHART_NAME, what: "the chart", bottomRow: rowOf(chart.to) };
  const line = chart.series.find((s) => s.line);
  if (!line)
    return {
      ...common,
      excelApi: "1.7",
      needs: "its series and labels",
      queue: (sheet) => void queueColumns(sheet, chart),
    };
  return {
    ...common,
    excelApi: "1.8",
    needs: "its line on a secondary axis",
    queue: (sheet) => {
      const series = queueColumns(sheet, chart).add(line.name);
      series.setValues(sheet.getRange(line.values));
      series.setXAxisValues(sheet.getRange(chart.categories));
      series.chartType = "Line";
      series.axisGroup = "Secondary";
    },
  };
}

/** Queues the stacked columns of `chart` (every series but the line): its series, to add the line to. */
function queueColumns(sheet: Excel.Worksheet, chart: BudgetChart): Excel.ChartSeriesCollection {
  const { title, from, to } = chart;
  const frame = { type: "ColumnStacked", seriesBy: "Rows", name: BUDGET_CHART_NAME, title, from, to } as const;
  const columns = chart.series.filter((s) => !s.line);
  return queueSeriesChart(sheet, frame, chart.categories, columns).series;
}
