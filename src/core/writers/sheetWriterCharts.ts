/*
 * A new sheet's charts, each in a batch of its own after the data: chart setters have thrown on
 * some Excel builds (office-js issue 1729: scaleType "Logarithmic", axis bounds and markerStyle
 * after a 2021 Windows update), and a chart that fails must cost that chart, never the cells or
 * another chart. A chart whose setters need a requirement set this Excel lacks is not drawn at all,
 * rather than drawn wrong.
 */
import { attempt, lacksExcelApi, Session } from "./officeSync";

/** One chart a sheet wants, as the writer draws it. */
export interface SheetChart {
  /** the chart's name on its sheet, by which a half-made chart is found again; unique on the sheet */
  name: string;
  /** how the status names it where a sheet has several charts: "the tornado" */
  what: string;
  /** the ExcelApi version its setters need, and what needs it: "its log axes" */
  excelApi: string;
  needs: string;
  /** the last row it covers, which the print area reaches down to when it is drawn */
  bottomRow: number;
  /** queues the chart's creation and every setter */
  queue: (sheet: Excel.Worksheet) => void;
}

/** What drawing the charts did: the charts drawn, and why each other one is not. */
export interface ChartsOutcome {
  drawn: SheetChart[];
  /** one reason per chart not drawn; the chart named first where the sheet has several */
  skipped: string[];
}

/** Draws each chart in its own sync; a failure removes that chart's half-made remains. */
export async function addCharts(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  sheetName: string,
  charts: readonly SheetChart[],
  session: Session,
): Promise<ChartsOutcome> {
  const drawn: SheetChart[] = [];
  const skipped: string[] = [];
  const named = (chart: SheetChart, reason: string) => (charts.length > 1 ? `${chart.what}: ${reason}` : reason);
  for (const chart of charts) {
    const lacks = lacksExcelApi(chart.excelApi, chart.needs);
    if (lacks) {
      skipped.push(named(chart, lacks));
      continue;
    }
    const drawing = await attempt(async () => {
      chart.queue(sheet);
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a chart a batch (office-js 1729)
      await session.counted(context.sync());
    });
    if (drawing.ok) drawn.push(chart);
    else skipped.push(named(chart, drawing.reason + (await removeHalfChart(sheetName, chart.name, session))));
  }
  return { drawn, skipped };
}

/** Deletes the chart a failed chart batch left half made; says so when that fails too. */
async function removeHalfChart(sheetName: string, chartName: string, session: Session): Promise<string> {
  const removal = await attempt(() =>
    Excel.run(async (context) => {
      const chart = context.workbook.worksheets.getItem(sheetName).charts.getItemOrNullObject(chartName);
      chart.load("name");
      await session.counted(context.sync());
      if (chart.isNullObject) return;
      chart.delete();
      await session.counted(context.sync());
    }),
  );
  return removal.ok ? "" : `; removing the half-made chart failed too (${removal.reason})`;
}

/** A chart's frame as a layout places it: its type, the range it is made from, its name, title and corners. */
export interface ChartFrame {
  type: Parameters<Excel.ChartCollection["add"]>[0];
  /** the range the chart is made from, and whether its series run down columns or along rows */
  source: string;
  seriesBy: "Columns" | "Rows";
  /** the chart's name on its sheet (SheetChart.name) */
  name: string;
  title: string;
  from: string;
  to: string;
}

/**
 * Queues a new chart in `frame`: made from its source, named, titled, its legend below, and placed from corner to
 * corner. Every sheet's chart starts so; the caller queues its own setters on the chart returned.
 */
export function queueChartFrame(sheet: Excel.Worksheet, frame: ChartFrame): Excel.Chart {
  const chart = sheet.charts.add(frame.type, sheet.getRange(frame.source), frame.seriesBy);
  chart.name = frame.name;
  chart.title.text = frame.title;
  chart.legend.position = "Bottom";
  chart.setPosition(frame.from, frame.to);
  return chart;
}

/** A series a layout names in its own words (not a cell), and the range of its values. */
export interface NamedSeries {
  name: string;
  values: string;
}

/**
 * Queues a chart of `series` over one range of `categories` (the annual sheet's bars and pie, the budget's
 * columns): made from the first series' values, each series named and given the categories (ChartSeries.name,
 * setValues, setXAxisValues and ChartSeriesCollection.add: ExcelApi 1.7, which such a chart asks for).
 */
export function queueSeriesChart(
  sheet: Excel.Worksheet,
  frame: Omit<ChartFrame, "source">,
  categories: string,
  series: readonly NamedSeries[],
): Excel.Chart {
  const [first, ...others] = series;
  const chart = queueChartFrame(sheet, { ...frame, source: first.values });
  const firstSeries = chart.series.getItemAt(0);
  firstSeries.name = first.name;
  firstSeries.setXAxisValues(sheet.getRange(categories));
  for (const { name, values } of others) {
    const added = chart.series.add(name);
    added.setValues(sheet.getRange(values));
    added.setXAxisValues(sheet.getRange(categories));
  }
  return chart;
}
