/*
 * The tornado as a sheet chart, for every sheet that has a sensitivity table (the what-if sheet's
 * stage view, the annual sheet's year): a clustered bar chart of the output with each input at its
 * low and at its high, the two series overlapping fully, so that each input's bar spans from one end
 * to the other. The layouts say where the data is (TornadoChart); this draws it with Office.js:
 *  - ChartSeries.overlap, "a value between -100 and 100. Applies only to 2-D bar and 2-D column
 *    charts", ExcelApi 1.8; it is the series group's, so the first series carries it
 *    (https://learn.microsoft.com/javascript/api/excel/excel.chartseries#excel-excel-chartseries-overlap-member);
 *  - ChartAxis.reversePlotOrder, "if Excel plots data points from last to first", ExcelApi 1.7: a bar
 *    chart draws its first category at the bottom, and the largest swing comes first
 *    (https://learn.microsoft.com/javascript/api/excel/excel.chartaxis#excel-excel-chartaxis-reverseplotorder-member);
 *  - ChartAxis.setPositionAt, "the specified axis position where the other axis crosses", ExcelApi
 *    1.8, on the value axis: the category axis crosses it at the base output, so bars grow left and
 *    right of the base (Office.js has no crossesAt; this is VBA's Axis.CrossesAt)
 *    (https://learn.microsoft.com/javascript/api/excel/excel.chartaxis#excel-excel-chartaxis-setpositionat-member(1));
 *  - ChartAxis.setCategoryNames(range), ExcelApi 1.7: the inputs' labels, from their cells
 *    (https://learn.microsoft.com/javascript/api/excel/excel.chartaxis#excel-excel-chartaxis-setcategorynames-member(1)).
 * The crossing is the base value as written; a planner who edits an input moves the bars, not the
 * axis, which Format Axis sets again.
 */
import { rowOf } from "../../core/excel/a1";
import { queueChartFrame, type SheetChart } from "../../core/writers/sheetWriterCharts";
import type { TornadoChart } from "./tornadoChart";

/**
 * The tornado as the writer draws it under `name`, or undefined where the layout placed no chart.
 * Its source is the low and high columns with their headings (F39:G46: side by side in both
 * layouts), so that Excel names each series after its heading cell.
 */
export function tornadoSheetChart(tornado: TornadoChart, name: string): SheetChart | undefined {
  const { from, to } = tornado;
  if (from === undefined || to === undefined) return undefined;
  const source = `${tornado.low.name}:${tornado.high.values.split(":")[1]}`;
  return {
    name,
    what: "the tornado",
    excelApi: "1.8",
    needs: "its overlapping bars and axis crossing",
    bottomRow: rowOf(to),
    queue: (sheet) => {
      const frame = {
        type: "BarClustered",
        source,
        seriesBy: "Columns",
        name,
        title: tornado.title,
        from,
        to,
      } as const;
      const figure = queueChartFrame(sheet, frame);
      figure.axes.categoryAxis.setCategoryNames(sheet.getRange(tornado.categories));
      figure.axes.categoryAxis.reversePlotOrder = true;
      figure.series.getItemAt(0).overlap = 100;
      // Without the model's base value (a problem there) the bars start at the axis' own minimum.
      if (tornado.base.value !== undefined) figure.axes.valueAxis.setPositionAt(tornado.base.value);
    },
  };
}
