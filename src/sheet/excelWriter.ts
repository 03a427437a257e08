/*
 * The only module that calls Excel.run. It inserts the stage sheet that src/sheet/layout.ts
 * describes into the open workbook: one sync to read the sheet and defined names already there
 * (so nothing of the user's is touched or shadowed), one sync for every write.
 */
import { Plan } from "../model";
import { choosePlacement } from "./collisions";
import { cellsByRole, formulaGrid, numberFormatGrid } from "./grid";
import { BASE_NAMES, columnLetter, layoutRange, sheetLayout, TABLE_NAME } from "./layout";
import { ROLE_STYLES, TABLE_STYLE } from "./styles";

/** What was inserted, for the pane's status line and for the tests. */
export interface InsertResult {
  sheetName: string;
  nameSuffix: string;
  syncs: number;
  chart: boolean;
}

/** Excel's column width unit is points; layout widths are characters of the default font. */
const POINTS_PER_CHARACTER = 6.5;

/** Inserts the stage sheet for `plan` into a new worksheet. */
export async function insertStageSheet(plan: Plan): Promise<InsertResult> {
  // The chart's log axes and crossover series need ExcelApi 1.7; without it the sheet still goes in.
  const chart = Office.context.requirements.isSetSupported("ExcelApi", "1.7");
  return Excel.run(async (context) => {
    let syncs = 0;
    const workbook = context.workbook;
    const sheets = workbook.worksheets.load("items/name");
    const names = workbook.names.load("items/name");
    const tables = workbook.tables.load("items/name");
    await context.sync();
    syncs++;

    const existingNames = [...names.items.map((n) => n.name), ...tables.items.map((t) => t.name)];
    const placement = choosePlacement(
      sheets.items.map((s) => s.name),
      existingNames,
      [...BASE_NAMES, TABLE_NAME],
    );
    const layout = sheetLayout(plan, placement.nameSuffix);
    const sheet = workbook.worksheets.add(placement.sheetName);
    // Names first, so every formula written next resolves at once.
    for (const { name, address } of layout.names) workbook.names.add(name, sheet.getRange(address));
    const used = sheet.getRange(layoutRange(layout));
    used.formulas = formulaGrid(layout);
    used.numberFormat = numberFormatGrid(layout);
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
      }
    }
    layout.columnWidths.forEach((width, c) => {
      sheet.getRange(`${columnLetter(c)}:${columnLetter(c)}`).format.columnWidth = width * POINTS_PER_CHARACTER;
    });
    const table = sheet.tables.add(sheet.getRange(layout.table.range), true);
    table.name = layout.table.name;
    table.style = TABLE_STYLE;

    const figure = sheet.charts.add("XYScatterLines", sheet.getRange(layout.chart.sourceRange), "Columns");
    figure.title.text = "Serving vs training, accelerator-hours per interval";
    figure.legend.position = "Bottom";
    figure.setPosition(`${columnLetter(layout.table.columns + 1)}4`);
    if (chart) {
      figure.axes.categoryAxis.scaleType = "Logarithmic";
      figure.axes.valueAxis.scaleType = "Logarithmic";
      figure.axes.categoryAxis.title.text = "Clips per interval (log)";
      figure.axes.valueAxis.title.text = "Accelerator-hours (log)";
      const crossover = figure.series.add("Crossover");
      crossover.setXAxisValues(sheet.getRange(layout.chart.crossoverClips));
      crossover.setValues(sheet.getRange(layout.chart.crossoverHours));
      crossover.markerStyle = "Diamond";
      crossover.markerSize = 10;
    }
    sheet.activate();
    try {
      await context.sync();
    } catch (failure) {
      // Excel applies a batch up to the operation that fails: take back what did go in.
      await removeInserted(
        placement.sheetName,
        layout.names.map((n) => n.name),
      );
      throw failure;
    }
    syncs++;
    return { ...placement, syncs, chart };
  });
}

/**
 * Deletes a sheet and defined names that a failed insert created. They were free when the
 * insert read the workbook a moment before, so whatever now bears them is the insert's own.
 */
async function removeInserted(sheetName: string, names: string[]): Promise<void> {
  await Excel.run(async (context) => {
    for (const name of names) context.workbook.names.getItemOrNullObject(name).delete();
    context.workbook.worksheets.getItemOrNullObject(sheetName).delete();
    await context.sync();
  });
}
