/*
 * The what-if sheet (src/sheet/whatIf: scenarios side by side, sensitivity, targets) inserted into
 * the open workbook by the one Office.js writer (sheetWriter.ts): read, data, the tornado chart,
 * finish, workbook functions; six syncs when all goes well. No table: the sheet's blocks are not
 * lists a filter would help. The finish freezes the label and unit columns and prints each section
 * on a page of its own, one page wide (fitToHeight 0, with a page break after each section).
 *
 * The tornado is a clustered bar chart of the output with each input at its low and at its high,
 * the two series overlapping fully, so that each input's bar spans from one end to the other:
 *  - ChartSeries.overlap, "a value between -100 and 100. Applies only to 2-D bar and 2-D column
 *    charts", ExcelApi 1.8; it is the series group's, so the first series carries it
 *    (https://learn.microsoft.com/javascript/api/excel/excel.chartseries#excel-excel-chartseries-overlap-member);
 *  - ChartAxis.reversePlotOrder, "if Excel plots data points from last to first", ExcelApi 1.7: a bar
 *    chart draws its first category at the bottom, and the largest swing comes first
 *    (https://learn.microsoft.com/javascript/api/excel/excel.chartaxis#excel-excel-chartaxis-reverseplotorder-member);
 *  - ChartAxis.setPositionAt, "the specified axis position where the other axis crosses", ExcelApi
 *    1.8, on the value axis: the category axis crosses it at the base scenario's output, so bars
 *    grow left and right of the base (Office.js has no crossesAt; this is VBA's Axis.CrossesAt)
 *    (https://learn.microsoft.com/javascript/api/excel/excel.chartaxis#excel-excel-chartaxis-setpositionat-member(1));
 *  - ChartAxis.setCategoryNames(range), ExcelApi 1.7: the inputs' labels, from their cells
 *    (https://learn.microsoft.com/javascript/api/excel/excel.chartaxis#excel-excel-chartaxis-setcategorynames-member(1)).
 * The crossing is the base value as written; a planner who edits the base scenario moves the bars,
 * not the axis, which Format Axis sets again.
 */
import { isProblem, Plan, Problem, ScenarioState } from "../model";
import { InsertResult, insertSheet, rowOf, SheetChart, SheetDraft } from "./sheetWriter";
import {
  TornadoChart,
  WHAT_IF_BASE_NAMES,
  WHAT_IF_SHEET_NAME,
  whatIfLayout,
  WhatIfLayout,
  WhatIfOptions,
} from "./whatIf";

/** The tornado's name on its sheet, by which a half-made chart is found again. */
export const TORNADO_CHART_NAME = "MLCost what-if tornado";

/** What the pane may set of the what-if sheet: everything but the notes, which stand in for a chart in a file. */
export type WhatIfInsertOptions = Omit<WhatIfOptions, "chartNote">;

/**
 * Inserts the what-if sheet for `state` (DEFAULT_STAGE_SCENARIOS when omitted) into a new worksheet,
 * "What-if" or "What-if (2)", ..., with its tornado chart where this Excel can draw it (ExcelApi
 * 1.8). Returns the Problem that stops the layout (a bad state, a scenario the model refuses), with
 * nothing written; throws, after taking back what it had made, when the data cannot go in.
 */
export function insertWhatIfSheet(
  state?: ScenarioState<Plan>,
  options: WhatIfInsertOptions = {},
): Promise<InsertResult | Problem> {
  return insertSheet({
    baseSheetName: WHAT_IF_SHEET_NAME,
    baseNames: WHAT_IF_BASE_NAMES,
    draft: (nameSuffix): SheetDraft | Problem => {
      const layout = whatIfLayout(state, nameSuffix, { ...options, chartNote: false });
      return isProblem(layout) ? layout : whatIfDraft(layout);
    },
  });
}

/** The what-if layout in the writer's terms: no table, the tornado, frozen label columns, a page per section. */
export function whatIfDraft(layout: WhatIfLayout): SheetDraft {
  const { frozenRows, frozenColumns, orientation, printArea, rowBreaks } = layout.page;
  const tornado = tornadoChart(layout.tornado);
  return {
    rows: layout.rows,
    names: layout.names,
    columnWidths: layout.columnWidths,
    tables: [],
    charts: tornado ? [tornado] : [],
    finish: {
      rows: layout.rows,
      frozenRows,
      frozenColumns,
      validations: layout.validations,
      // one page wide, as tall as the breaks make it: a page per section (WhatIfPage.pages)
      page: { orientation, pagesTall: 0, printArea, rowBreaks },
    },
  };
}

/**
 * The tornado as the writer draws it, or undefined where the layout kept no rows for it. Its
 * source is the low and high columns with their headings (F39:G46: side by side in the layout), so
 * that Excel names each series after its heading cell.
 */
function tornadoChart(tornado: TornadoChart): SheetChart | undefined {
  const { from, to } = tornado;
  if (from === undefined || to === undefined) return undefined;
  const source = `${tornado.low.name}:${tornado.high.values.split(":")[1]}`;
  return {
    name: TORNADO_CHART_NAME,
    what: "the tornado",
    excelApi: "1.8",
    needs: "its overlapping bars and axis crossing",
    bottomRow: rowOf(to),
    queue: (sheet) => {
      const figure = sheet.charts.add("BarClustered", sheet.getRange(source), "Columns");
      figure.name = TORNADO_CHART_NAME;
      figure.title.text = tornado.title;
      figure.legend.position = "Bottom";
      figure.setPosition(from, to);
      figure.axes.categoryAxis.setCategoryNames(sheet.getRange(tornado.categories));
      figure.axes.categoryAxis.reversePlotOrder = true;
      figure.series.getItemAt(0).overlap = 100;
      // Without the model's base value (a problem there) the bars start at the axis' own minimum.
      if (tornado.base.value !== undefined) figure.axes.valueAxis.setPositionAt(tornado.base.value);
    },
  };
}
