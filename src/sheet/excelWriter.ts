/*
 * The only module that calls Excel.run. It inserts the stage sheet that src/sheet/layout.ts
 * describes into the open workbook, in four syncs:
 *  1. read the sheet, defined-name and table lists, so nothing of the user's is touched or shadowed;
 *  2. every data write at once: sheet, names, cells, formats, styles, table;
 *  3. the chart, in a batch of its own: chart setters have thrown on some Excel builds (office-js
 *     issue 1729: scaleType "Logarithmic", axis bounds and markerStyle after a 2021 Windows update),
 *     and a chart that fails must cost the chart, never the table;
 *  4. the finish, in a batch of its own for the same reason: frozen rows, input validation and the
 *     page setup, each only where this Excel has its requirement set (finish.ts);
 *  5. the workbook functions (the LAMBDA twins, src/portable/excel/twinsInExcel.ts): one sync reads
 *     the names, one adds the twins as workbook-scoped names. Last and on their own, so that a
 *     refusal (an Excel without LAMBDA, a name taken meanwhile) costs the twins, never the sheet; a
 *     name the workbook has is never overwritten, and the result lists it with the reason.
 * Excel applies a failing batch up to the operation that fails. A failed data batch is taken back
 * object by object, and only what this insert made (see takeBack). When the failure was Excel
 * refusing the sheet name although no listed sheet bears it (a chart sheet: Office.js lists
 * worksheets only, https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-worksheets),
 * the insert tries the next free name.
 */
import { Plan } from "../model";
import { addWorkbookFunctionsIn } from "../portable/excel/twinsInExcel";
import type { NameKept } from "../portable/twinNames";
import { choosePlacement, Placement } from "./collisions";
import { finishSheet } from "./finish";
import { cellsByRole, formulaGrid, numberFormatGrid, textGrid } from "./grid";
import {
  absoluteReference,
  BASE_NAMES,
  columnLetter,
  layoutRange,
  printAreaWithChart,
  SheetLayout,
  sheetLayout,
  TABLE_NAME,
} from "./layout";
import { ROLE_STYLES, TABLE_STYLE } from "./styles";

/** What was inserted, for the pane's status line and for the tests. */
export interface InsertResult {
  sheetName: string;
  nameSuffix: string;
  syncs: number;
  chart: boolean;
  /** why the sheet has no chart, when it has none */
  chartSkipped?: string;
  /** what of frozen rows, input validation and page setup is missing, and why */
  finishSkipped?: string;
  /** the workbook functions (LAMBDA twins) added as workbook-scoped names */
  functionsAdded: string[];
  /** twins not added because the workbook has a name of that spelling (its own, or this sheet's Crossover) */
  functionsKept: NameKept[];
  /** why some or all workbook functions could not be added (Excel refused them, or lacks ExcelApi 1.4) */
  functionsSkipped?: string;
}

/**
 * Office.js sets column widths in points; layout widths are characters (digit widths), as an
 * .xlsx stores them. A width of n characters is n x 7 pixels in Calibri 11, whose digits are 7
 * pixels wide (ECMA-376 Part 1, 18.3.1.13 "col", width), and a pixel is 0.75 point: so Insert's
 * columns are as wide as the download's.
 */
const POINTS_PER_CHARACTER = 7 * 0.75;

/** Sheet names one insert tries: each that Excel refuses costs three syncs. */
const MAX_PLACEMENTS = 4;

/** The chart's name on its new sheet, by which a half-made chart is found again. */
const CHART_NAME = "MLCost stages chart";

/** Counts and runs context.sync(), so that the result can say how many round trips it took. */
type Sync = (context: Excel.RequestContext) => Promise<void>;

/**
 * A defined name that only this insert knows, added right after its sheet and deleted by the
 * data batch's last operation. Office.js returns nothing loaded from a failed batch (not even the
 * id of the sheet it added), so after a failure the mark is how this insert knows its own: it
 * exists exactly when the batch failed after the sheet went in, and its formula then names that
 * sheet. Looking the sheet up by name alone would take a co-author's sheet that took the name
 * between the two syncs (or another pane's identical insert) for this one's.
 */
interface Mark {
  name: string;
  reference: string;
}

/** One try at a placement: inserted, or failed and taken back. */
type Attempt = { inserted: Omit<InsertResult, "syncs"> } | { failure: unknown; placement: Placement; undone: TakeBack };

/** What the clean-up after a failed data batch found and did. */
interface TakeBack {
  /** whether the sheet had gone in (the mark was there); if not, nothing of this insert had */
  made: boolean;
  removed: string[];
  kept: string[];
}

const failureText = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * Inserts the stage sheet for `plan` into a new worksheet, with a chart when this Excel can draw
 * it. Throws, after taking back what it had made, when the data cannot go in.
 */
export async function insertStageSheet(plan: Plan): Promise<InsertResult> {
  let syncs = 0;
  const sync: Sync = (context) => {
    syncs++;
    return context.sync();
  };
  const refused: string[] = [];
  for (;;) {
    const attempt = await Excel.run((context) => insertOnce(context, plan, refused, sync));
    if ("inserted" in attempt) return { ...attempt.inserted, syncs };
    const { failure, placement, undone } = attempt;
    // The sheet never went in: Excel refused its name (a chart sheet, or a sheet added since the
    // read). Try the next name; the name stays refused even if no listed sheet bears it. Whatever
    // else stops an add stops every try, and the last one's error is reported.
    if (!undone.made && refused.length + 1 < MAX_PLACEMENTS) {
      refused.push(placement.sheetName);
      continue;
    }
    throw new Error(`${failureText(failure)} ${takeBackReport(undone)}`);
  }
}

/** Reads the workbook, writes the data in one batch, then the chart in another. */
async function insertOnce(
  context: Excel.RequestContext,
  plan: Plan,
  refused: readonly string[],
  sync: Sync,
): Promise<Attempt> {
  const workbook = context.workbook;
  const sheets = workbook.worksheets.load("items/name");
  const names = workbook.names.load("items/name");
  const tables = workbook.tables.load("items/name");
  await sync(context);

  const placement = choosePlacement(
    [...sheets.items.map((s) => s.name), ...refused],
    [...names.items.map((n) => n.name), ...tables.items.map((t) => t.name)],
    [...BASE_NAMES, TABLE_NAME],
  );
  const layout = sheetLayout(plan, placement.nameSuffix);
  const mark = newMark(placement.sheetName);
  const sheet = queueData(workbook, layout, placement.sheetName, mark);
  try {
    await sync(context);
  } catch (failure) {
    return { failure, placement, undone: await takeBackOrSay(failure, placement.sheetName, layout, mark, sync) };
  }
  const chartSkipped = await addChart(context, sheet, layout, placement.sheetName, sync);
  const chart = chartSkipped === undefined;
  const finishSkipped = await finishSheet(context, sheet, layout, chart ? printAreaWithChart(layout) : undefined, sync);
  const functions = await addWorkbookFunctionsIn(context, sync);
  return {
    inserted: {
      ...placement,
      chart,
      ...(chartSkipped ? { chartSkipped } : {}),
      ...(finishSkipped ? { finishSkipped } : {}),
      functionsAdded: functions.added,
      functionsKept: functions.kept,
      ...(functions.skipped ? { functionsSkipped: functions.skipped } : {}),
    },
  };
}

/** A mark no other insert uses: a time and a random part, in a valid defined name. */
function newMark(sheetName: string): Mark {
  const unique = Date.now().toString(36) + Math.random().toString(36).slice(2, 10);
  return { name: `MLCostInsert_${unique}`, reference: absoluteReference(sheetName, "A1") };
}

/** Queues every data write for one sync: the sheet, its mark, names, cells, styles and table. */
function queueData(workbook: Excel.Workbook, layout: SheetLayout, sheetName: string, mark: Mark): Excel.Worksheet {
  const sheet = workbook.worksheets.add(sheetName);
  workbook.names.add(mark.name, sheet.getRange("A1"));
  // Names before cells, so every formula written next resolves at once.
  for (const { name, address } of layout.names) workbook.names.add(name, sheet.getRange(address));
  writeCells(sheet, layout);
  styleCells(sheet, layout);
  const table = sheet.tables.add(sheet.getRange(layout.table.range), true);
  table.name = layout.table.name;
  table.style = TABLE_STYLE;
  table.showBandedRows = false; // see styles.ts
  sheet.activate();
  workbook.names.getItem(mark.name).delete();
  return sheet;
}

/**
 * Formats first, so that every text cell is Text ("@") before anything is written into it; then
 * formulas and numbers, with the text cells left out; then the texts, which Excel now keeps as
 * typed (see grid.ts for why neither `formulas` nor plain `values` would).
 */
function writeCells(sheet: Excel.Worksheet, layout: SheetLayout): void {
  const used = sheet.getRange(layoutRange(layout));
  used.numberFormat = numberFormatGrid(layout);
  used.formulas = formulaGrid(layout);
  used.values = textGrid(layout);
}

/** Fonts, fills and lines by role, headings over numbers aligned right, and the column widths. */
function styleCells(sheet: Excel.Worksheet, layout: SheetLayout): void {
  for (const [role, addresses] of cellsByRole(layout)) {
    const style = ROLE_STYLES[role];
    if (!style) continue;
    for (const address of addresses) {
      const format = sheet.getRange(address).format;
      if (style.bold) format.font.bold = true;
      if (style.italic) format.font.italic = true;
      if (style.size) format.font.size = style.size;
      if (style.color) format.font.color = style.color;
      if (style.fill) format.fill.color = style.fill;
      if (style.underline) {
        const line = format.borders.getItem("EdgeBottom");
        line.style = "Continuous";
        line.color = style.underline;
      }
    }
  }
  layout.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!cell?.align) return;
      const format = sheet.getRange(`${columnLetter(c)}${r + 1}`).format;
      format.horizontalAlignment = cell.align === "right" ? "Right" : "Center";
    }),
  );
  layout.columnWidths.forEach((width, c) => {
    sheet.getRange(`${columnLetter(c)}:${columnLetter(c)}`).format.columnWidth = width * POINTS_PER_CHARACTER;
  });
}

/** takeBack, or an error that says what may be left when the clean-up fails too. */
async function takeBackOrSay(
  failure: unknown,
  sheetName: string,
  layout: SheetLayout,
  mark: Mark,
  sync: Sync,
): Promise<TakeBack> {
  let cleanupFailure: unknown;
  try {
    return await takeBack(sheetName, layout, mark, sync);
  } catch (cleanup) {
    cleanupFailure = cleanup;
  }
  throw new Error(
    `${failureText(failure)} Taking back what this insert had written failed too (${failureText(cleanupFailure)}):` +
      ` look for a sheet "${sheetName}" and names such as ${layout.names[0].name}.`,
  );
}

/**
 * After a failed data batch: deletes what this insert made and nothing else. Its sheet is the one
 * its mark points at; its names are those whose formula is exactly the reference it wrote (a
 * co-author's name of the same spelling, which made the batch fail, points elsewhere). Without
 * the mark the sheet never went in, so neither did any name: nothing is deleted.
 */
async function takeBack(sheetName: string, layout: SheetLayout, mark: Mark, sync: Sync): Promise<TakeBack> {
  return Excel.run(async (context) => {
    const { names, worksheets } = context.workbook;
    const lookUp = (name: string) => names.getItemOrNullObject(name).load("formula");
    const marker = lookUp(mark.name);
    const candidates = layout.names.map(({ name, address }) => ({
      name,
      item: lookUp(name),
      reference: absoluteReference(sheetName, address),
    }));
    const sheet = worksheets.getItemOrNullObject(sheetName).load("name");
    await sync(context);

    const made = !marker.isNullObject && sameReference(marker.formula, mark.reference);
    const present = candidates.filter((c) => !c.item.isNullObject);
    const mine = made ? present.filter((c) => sameReference(c.item.formula, c.reference)) : [];
    const others = present.filter((c) => !mine.includes(c));
    if (made) {
      for (const { item } of mine) item.delete();
      marker.delete();
      if (!sheet.isNullObject) sheet.delete();
      await sync(context);
    }
    const nameCount = mine.length === 1 ? "1 defined name" : `${mine.length} defined names`;
    return {
      made,
      removed: made ? [`the sheet "${sheetName}"`, ...(mine.length ? [nameCount] : [])] : [],
      kept: [
        ...(!made && !sheet.isNullObject ? [`the sheet "${sheetName}"`] : []),
        ...others.map((c) => `the name ${c.name}`),
      ],
    };
  });
}

/** Whether a name's formula is `reference`: Excel writes it with "=", and "$" may differ. */
const sameReference = (formula: unknown, reference: string): boolean => {
  const plain = (text: string) => text.replace(/^=/, "").replace(/\$/g, "").toLowerCase();
  return typeof formula === "string" && plain(formula) === plain(reference);
};

/** What the clean-up removed and what it left to others, for the status line. */
function takeBackReport({ removed, kept }: TakeBack): string {
  const removal = removed.length
    ? `Removed what this insert had made: ${removed.join(" and ")}.`
    : "This insert had made nothing, so nothing was removed.";
  return kept.length ? `${removal} Kept what others made meanwhile: ${kept.join(", ")}.` : removal;
}

/**
 * Adds the chart in a batch of its own, after the data. Returns why there is no chart, or
 * undefined when it went in. A failure removes the half-made chart and leaves the table.
 */
async function addChart(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  layout: SheetLayout,
  sheetName: string,
  sync: Sync,
): Promise<string | undefined> {
  // Log axes, the crossover series and its marker are ExcelApi 1.7, which the manifest does not
  // require: an older Excel gets the table without a chart rather than a linear chart of
  // figures six decades apart.
  if (!Office.context.requirements.isSetSupported("ExcelApi", "1.7"))
    return "this Excel lacks ExcelApi 1.7, which its log axes need";
  try {
    queueChart(sheet, layout);
    await sync(context);
    return undefined;
  } catch (failure) {
    return failureText(failure) + (await removeHalfChart(sheetName, sync));
  }
}

/** The log-log chart of serving and training hours against clips, with the crossover point. */
function queueChart(sheet: Excel.Worksheet, layout: SheetLayout): void {
  const figure = sheet.charts.add("XYScatterLines", sheet.getRange(layout.chart.sourceRange), "Columns");
  figure.name = CHART_NAME;
  figure.title.text = "Serving vs training, accelerator-hours per interval";
  figure.legend.position = "Bottom";
  // Below the inputs, across the table's first columns: under the frozen table, so scrolling to the
  // chart keeps the table in view, and inside the printed page (finish.ts).
  figure.setPosition(layout.chart.from, layout.chart.to);
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
}

/** Deletes the chart a failed chart batch left half made; says so when that fails too. */
async function removeHalfChart(sheetName: string, sync: Sync): Promise<string> {
  try {
    await Excel.run(async (context) => {
      const chart = context.workbook.worksheets.getItem(sheetName).charts.getItemOrNullObject(CHART_NAME);
      chart.load("name");
      await sync(context);
      if (chart.isNullObject) return;
      chart.delete();
      await sync(context);
    });
    return "";
  } catch (failure) {
    return `; removing the half-made chart failed too (${failureText(failure)})`;
  }
}
