/*
 * The stage sheet that stageLayout.ts describes, inserted into the open workbook by the one
 * Office.js writer (sheetWriter.ts: read, data, chart, finish, workbook functions; six syncs when
 * all goes well), with its stage table and its log-log chart. The what-if and annual sheets go in
 * by the same writer (insertWhatIf.ts, insertAnnual.ts).
 */
import { Plan } from "../model/plan";
import { BASE_SHEET_NAME } from "../../core/sheet/collisions";
import { BASE_NAMES, SheetLayout, sheetLayout, STAGE_PAGE_FIT, TABLE_NAME } from "./stageLayout";
import { decimalValidations } from "../../core/writers/finish";
import { InsertResult, insertSheet, SheetDraft } from "../../core/writers/sheetWriter";
import { addWorkbookFunctionsIn } from "../../portable/excel";
import { rowOf } from "../../core/excel/a1";
import { queueChartFrame, SheetChart } from "../../core/writers/sheetWriterCharts";
import { officeFinish } from "../../core/writers/pageFinish";
import type { RequestTokens } from "../../tokens/model";

export type { InsertResult } from "../../core/writers/sheetWriter";

/** The chart's name on its new sheet, by which a half-made chart is found again. */
const CHART_NAME = "MLCost stages chart";

/**
 * Inserts the stage sheet for `plan` into a new worksheet, with a chart when this Excel can draw
 * it; `tokens`, where the seconds per clip came from a request's tokens, makes them a formula over those (issue 32).
 * Throws, after taking back what it had made, when the data cannot go in.
 */
export function insertStageSheet(plan: Plan, tokens?: RequestTokens): Promise<InsertResult> {
  return insertSheet({
    baseSheetName: BASE_SHEET_NAME,
    baseNames: [...BASE_NAMES, TABLE_NAME],
    draft: (nameSuffix) => stageDraft(sheetLayout(plan, nameSuffix, tokens && { tokens })),
    workbookFunctions: addWorkbookFunctionsIn,
  });
}

/** The stage layout in the writer's terms: one table, one chart, frozen rows repeated atop one printed page. */
function stageDraft(layout: SheetLayout): SheetDraft {
  return {
    rows: layout.rows,
    names: layout.names,
    columnWidths: layout.columnWidths,
    tables: [{ name: layout.table.name, range: layout.table.range }],
    charts: [stageChart(layout)],
    finish: officeFinish(layout, STAGE_PAGE_FIT, decimalValidations(layout.validations)),
  };
}

/** The log-log chart of serving and training hours against clips, with the crossover point. */
function stageChart(layout: SheetLayout): SheetChart {
  return {
    name: CHART_NAME,
    what: "the chart",
    // Log axes, the crossover series and its marker are ExcelApi 1.7, which the manifest does not
    // require: an older Excel gets the table without a chart rather than a linear chart of
    // figures six decades apart.
    excelApi: "1.7",
    needs: "its log axes",
    bottomRow: rowOf(layout.chart.to),
    queue: (sheet) => {
      // Below the inputs, across the table's first columns: under the frozen table, so scrolling to the
      // chart keeps the table in view, and inside the printed page (finish.ts).
      const figure = queueChartFrame(sheet, {
        type: "XYScatterLines",
        source: layout.chart.sourceRange,
        seriesBy: "Columns",
        name: CHART_NAME,
        title: "Serving vs training, accelerator-hours per interval",
        from: layout.chart.from,
        to: layout.chart.to,
      });
      // Microsoft documents ChartAxis.scaleType as "Specifies the value axis scale type" (ExcelApi 1.7,
      // https://learn.microsoft.com/javascript/api/excel/excel.chartaxis#excel-excel-chartaxis-scaletype-member).
      // The value axis gets it first. In an XY scatter the horizontal ("category") axis is a value
      // axis too: it plots numbers, and Excel's own Format Axis pane offers it a logarithmic scale;
      // clips span six decades, so it gets one as well. Where a build refuses either (office-js 1729),
      // only this batch fails: the chart is skipped and the status says why.
      figure.axes.valueAxis.scaleType = "Logarithmic";
      figure.axes.categoryAxis.scaleType = "Logarithmic";
      figure.axes.categoryAxis.title.text = "Clips per interval (log)";
      figure.axes.valueAxis.title.text = "Accelerator-hours (log)";
      const crossover = figure.series.add("Crossover");
      crossover.setXAxisValues(sheet.getRange(layout.chart.crossoverClips));
      crossover.setValues(sheet.getRange(layout.chart.crossoverHours));
      crossover.markerStyle = "Diamond";
      crossover.markerSize = 10;
    },
  };
}
