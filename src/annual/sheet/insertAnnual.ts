/*
 * The annual sheet (annualLayout.ts: the year's bill by part, the levers against their ceilings)
 * inserted into the open workbook by the one Office.js writer (sheetWriter.ts): read, data with its
 * two tables, each of its three charts in a batch of its own, finish, workbook functions; eight
 * syncs when all goes well. The finish mirrors the .xlsx's (annualXlsx.ts): the answer rows frozen,
 * every input validated, landscape pages one wide with the sensitivity on a page of its own. The
 * tornado (what moves the ceiling) is the what-if sheet's drawing (insertTornado.ts).
 *
 * Each chart is made from its first series' values, then named and labelled: the series' names are
 * the layout's words, not cells, and the categories sit apart from the values (column A). Setters,
 * from Microsoft's reference (ChartSeries, https://learn.microsoft.com/javascript/api/excel/excel.chartseries):
 * ChartSeries.name (ExcelApi 1.1), ChartSeries.setValues and setXAxisValues, "the values of the
 * x-axis", which a bar or pie chart takes as its category labels (ExcelApi 1.7), and
 * ChartSeriesCollection.add (ExcelApi 1.7). The levers are listed largest saving first, and a bar
 * chart draws its first category at the bottom: ChartAxis.reversePlotOrder (ExcelApi 1.7,
 * https://learn.microsoft.com/javascript/api/excel/excel.chartaxis#excel-excel-chartaxis-reverseplotorder-member)
 * puts the largest on top, as in the table. The pie labels each slice with its share
 * (ChartDataLabels.showPercentage, ExcelApi 1.1,
 * https://learn.microsoft.com/javascript/api/excel/excel.chartdatalabels).
 */
import type { ProposedTokens, RequestTokens } from "../../tokens/model";
import { AnnualPlan } from "../model/annualFields";
import { isProblem, Problem } from "../../core/model/problems";
import {
  ANNUAL_BASE_NAMES,
  ANNUAL_PAGE_FIT,
  ANNUAL_SHEET_NAME,
  ANNUAL_TABLE_NAME,
  AnnualChart,
  AnnualSheetLayout,
  annualSheetLayout,
  LEVERS_TABLE_NAME,
} from "./annualLayout";
import { AnnualSensitivityOptions } from "./annualSensitivity";
import type { LedgerInputs } from "../../ledgers/model";
import { InsertResult, insertSheet, SheetDraft } from "../../core/writers/sheetWriter";
import { addWorkbookFunctionsIn } from "../../portable/excel";
import { rowOf } from "../../core/excel/a1";
import { queueSeriesChart, SheetChart } from "../../core/writers/sheetWriterCharts";
import { tornadoSheetChart } from "../../sensitivity/sheet";
import { decimalValidations } from "../../core/writers/finish";
import { officeFinish } from "../../core/writers/pageFinish";

/** The charts' names on their sheet, by which a half-made chart is found again. */
export const ANNUAL_CHART_NAMES = {
  bill: "MLCost annual bill",
  levers: "MLCost annual levers",
  tornado: "MLCost annual tornado",
} as const;

/**
 * Inserts the annual sheet for `plan` into a new worksheet, "Annual view" or "Annual view (2)", ...,
 * with its two tables and, where this Excel can draw them (ExcelApi 1.7; the tornado 1.8), its three
 * charts; `ledgers`, the pane's ledger inputs, adds the "Both ledgers" section; `sensitivity` sets the moves
 * and a planner's own low and high of some inputs; `tokens`, where the seconds per clip came from a request's tokens,
 * makes them TOKENSECONDS' formula over those, and the proposed seconds over `proposedTokens` (issue 32). Returns
 * the plan's first Problem, with nothing written; throws, after taking back what it had made, when
 * the data cannot go in.
 */
export function insertAnnualSheet(
  plan: AnnualPlan,
  sensitivity: AnnualSensitivityOptions = {},
  ledgers?: LedgerInputs,
  tokens?: RequestTokens,
  proposedTokens?: ProposedTokens,
): Promise<InsertResult | Problem> {
  return insertSheet({
    baseSheetName: ANNUAL_SHEET_NAME,
    baseNames: [...ANNUAL_BASE_NAMES, ANNUAL_TABLE_NAME, LEVERS_TABLE_NAME],
    draft: (nameSuffix): SheetDraft | Problem => {
      const options = { sensitivity, ...(ledgers && { ledgers }), ...(tokens && { tokens, proposedTokens }) };
      const layout = annualSheetLayout(plan, nameSuffix, options);
      return isProblem(layout) ? layout : annualDraft(layout);
    },
    workbookFunctions: addWorkbookFunctionsIn,
  });
}

/** The annual layout in the writer's terms: two tables, three charts, frozen answer rows, pages one wide. */
export function annualDraft(layout: AnnualSheetLayout): SheetDraft {
  const { bill, levers } = layout.charts;
  const tornado = tornadoSheetChart(layout.charts.tornado, ANNUAL_CHART_NAMES.tornado);
  return {
    rows: layout.rows,
    names: layout.names,
    columnWidths: layout.columnWidths,
    tables: [layout.tables.bill, layout.tables.levers].map(({ name, range }) => ({ name, range })),
    charts: [
      annualChart(bill, ANNUAL_CHART_NAMES.bill, "the bill chart"),
      annualChart(levers, ANNUAL_CHART_NAMES.levers, "the levers chart"),
      ...(tornado ? [tornado] : []),
    ],
    finish: officeFinish(layout, ANNUAL_PAGE_FIT, decimalValidations(layout.validations)),
  };
}

/** One of the layout's charts as the writer draws it. */
function annualChart(chart: AnnualChart, name: string, what: string): SheetChart {
  return {
    name,
    what,
    excelApi: "1.7",
    needs: "its series and labels",
    bottomRow: rowOf(chart.to),
    queue: (sheet) => {
      const type = chart.kind === "pie" ? "Pie" : "BarClustered";
      const { title, from, to } = chart;
      const frame = { type, seriesBy: "Columns", name, title, from, to } as const;
      const figure = queueSeriesChart(sheet, frame, chart.categories, chart.series);
      if (chart.kind === "pie") figure.dataLabels.showPercentage = true;
      else figure.axes.categoryAxis.reversePlotOrder = true;
    },
  };
}
