/*
 * Section 2 of the what-if sheet, the sensitivity: each numeric input of the base scenario moved
 * alone to a low and a high (blue cells; by default the base value moved by the named -20% / +20%,
 * or a planner's own typed values), the tornado's output at each end and its swing, then the swing
 * of every other output, and room for the tornado (or notes on drawing it, in a file that cannot
 * hold a chart). Each figure at an end is read from the workings' column of that end.
 *
 * The rows are in the model's order of swing at the time of writing: spreadsheets re-sort only with
 * SORTBY, which Excel 2016, LibreOffice 7.4 and HyperFormula lack, so the order is static and the
 * sheet says so. Its height follows from the model's sensitivity alone (sensitivityHeight), so the
 * sections below it are placed before it is written.
 */
import { Plan, PLAN_FIELDS, STAGE_OUTPUTS, StageOutputKey } from "../../stages/model";
import { OutputSensitivity, Sensitivity } from "../../sensitivity/model";
import {
  MOVE_FORMAT,
  movedEndFormula,
  OWN_HEADINGS,
  ownEnds,
  ownOrMoved,
  type TornadoChart,
} from "../../sensitivity/sheet";
import { LayoutCell } from "../../core/sheet/cell";
import { currencyFormat, inputFormat } from "../../core/sheet/formats";
import { cellAddress, columnLetter } from "../../core/excel/a1";
import * as inExcel from "../../core/excel/formulas";
import { wrapText } from "../../core/sheet/widths";
import { outputFormat, outputStage, swingFormat, outputUnit } from "./columnFormulas";
import { figureCell, Row, RowSpan } from "../../core/sheet/rows";
import type { Names } from "../../core/sheet/sheetBasics";
import { rightHeader, SheetSection, WhatIfRows } from "./whatIfRows";
import { Side, WorkingsPlace } from "./workingsSection";
import { fieldValidation, moveValidation } from "./whatIfRows";

type StageSensitivity = Sensitivity<Plan, StageOutputKey>;

/** What the section is written from: the model's sensitivity of the base scenario, and its moves. */
export interface SensitivitySources {
  swings: StageSensitivity;
  /** the base scenario's inputs (its currency formats a price) */
  base: Plan;
  tornadoOutput: StageOutputKey;
  lowFraction: number;
  highFraction: number;
  /** notes on drawing the tornado in place of the rows kept for it */
  chartNote: boolean;
}

/** The sensitivity, where its table's rows are (the workings read their ends) and its tornado. */
export interface SensitivitySection extends SheetSection {
  span: RowSpan;
  /** the table's cell of a varied input's low or high, absolute ($D$12): the workings read it */
  endCell: (key: keyof Plan, side: Side) => string;
  tornado: TornadoChart<StageOutputKey>;
}

/**
 * The sensitivity table's columns, in order: an input's label and unit (text), its base, low and high,
 * the tornado's output at each end, the swing. Every cell of a row is placed, and every reference made,
 * by its column's key.
 */
const SWING_COLUMNS = [
  { key: "input", heading: "Input", text: true },
  { key: "unit", heading: "Unit", text: true },
  { key: "base", heading: "Base" },
  { key: "ownLow", heading: OWN_HEADINGS.low },
  { key: "ownHigh", heading: OWN_HEADINGS.high },
  { key: "low", heading: "Low" },
  { key: "high", heading: "High" },
  { key: "atLow", heading: "At low" },
  { key: "atHigh", heading: "At high" },
  { key: "swing", heading: "Swing" },
] as const;

type SwingColumn = (typeof SWING_COLUMNS)[number]["key"];

/** The letter of a column of the sensitivity table. */
const swingColumn = (key: SwingColumn): string => columnLetter(SWING_COLUMNS.findIndex((c) => c.key === key));

/** The columns the sensitivity table takes: the printed sheet is at least as wide. */
export const SWING_TABLE_WIDTH = SWING_COLUMNS.length;

/** The widest the note of a planner's own ranges runs: within the sensitivity table's eight columns. */
const OWN_RANGES_NOTE_WIDTH = 110;
/** Rows the Excel writer's tornado takes; it is as wide as the table, from A. */
const CHART_ROWS = 18;
/** The rows above the table's first input: heading, two moves, a note, two header rows. */
const ROWS_ABOVE_TABLE = 6;
/** The rows the other outputs' table takes above its inputs: a gap and two header rows. */
const ROWS_ABOVE_OTHERS = 3;

/** The notes under the table: the ends typed as values of their own, the inputs not varied. */
function tableNotes(swings: StageSensitivity): string[] {
  const notes: string[] = [];
  const own = ownEnds(swings.varied);
  if (own.length > 0) {
    const text = `Typed as values of their own (they do not follow the moves): ${own.join("; ")}.`;
    // Wrapped: a note that spills widens the last column it crosses, and the page prints one page wide.
    notes.push(...wrapText(text, OWN_RANGES_NOTE_WIDTH));
  }
  if (swings.skipped.length > 0) {
    // The model's reasons are sentences for the pane; here, a list in a line of the print.
    const skipped = swings.skipped.map((s) => `${s.label} (${s.reason})`);
    notes.push(`Not varied, having no number of their own: ${skipped.join("; ")}.`);
  }
  return notes;
}

/** The rows the section takes for `swings`: known before it is written, to place the sections below. */
export function sensitivityHeight(swings: StageSensitivity, chartNote: boolean): number {
  const inputs = swings.varied.length;
  const chart = chartNote ? 2 : 1 + CHART_ROWS;
  return ROWS_ABOVE_TABLE + inputs + tableNotes(swings).length + ROWS_ABOVE_OTHERS + inputs + chart;
}

/** The section's context, shared by its parts. */
interface Context extends SensitivitySources {
  writer: WhatIfRows;
  workings: WorkingsPlace;
  tornado: OutputSensitivity<Plan, StageOutputKey>;
  /** the workings' cell of `key` at the `k`th varied input's `side` */
  at: (k: number, side: Side, key: StageOutputKey) => string;
  /** the index of an input among the varied, which orders the workings' columns */
  variedIndex: (key: keyof Plan) => number;
}

/**
 * The sensitivity, its heading on sheet row `top`; its figures read the workings at `workings`, placed
 * below the targets.
 */
export function sensitivitySection(
  top: number,
  sources: SensitivitySources,
  workings: WorkingsPlace,
  named: Names,
): SensitivitySection {
  const { swings, tornadoOutput } = sources;
  const context: Context = {
    ...sources,
    writer: new WhatIfRows(top, named),
    workings,
    tornado: swings.outputs.find((o) => o.output.key === tornadoOutput)!,
    at: (k, side, key) => `${workings.column(k, side)}${workings.rows.output(key)}`,
    variedIndex: (key) => swings.varied.findIndex((input) => input.key === key),
  };
  writeMoves(context);
  const table = writeSwingTable(context);
  writeOtherSwings(context);
  const chart = writeChartPlace(context, table);
  const { tornado, writer } = context;
  return {
    ...writer.section(),
    span: writer.span(),
    endCell: table.endCell,
    tornado: {
      title: `${tornado.output.label}: each input at its low and its high`,
      output: tornadoOutput,
      categories: table.categories,
      low: { name: `${swingColumn("atLow")}${table.header}`, values: table.lowValues },
      high: { name: `${swingColumn("atHigh")}${table.header}`, values: table.highValues },
      base: {
        address: `${workings.base}${workings.rows.output(tornadoOutput)}`,
        value: typeof tornado.base === "number" ? tornado.base : undefined,
      },
      from: chart.from,
      to: chart.to,
    },
  };
}

/** The heading, the two named moves every default end follows, and how the rows are sorted. */
function writeMoves({ writer, lowFraction, highFraction, tornado }: Context): void {
  writer.heading("2. Sensitivity: each input of the base scenario moved alone, every other held", { spaced: false });
  const moves: [string, Side, string, number][] = [
    ["WhatIfLowMove", "low", "Low: every input moved by", lowFraction],
    ["WhatIfHighMove", "high", "High: every input moved by", highFraction],
  ];
  for (const [name, side, label, value] of moves) {
    const cell: LayoutCell = { value, numberFormat: MOVE_FORMAT, role: "input" };
    writer.validate(moveValidation(writer.labelled(label, cell, "of the base value (default)", { name: name }), side));
  }
  writer.push([
    {
      value:
        `Rows are sorted by the swing of the ${tornado.output.label.toLowerCase()} as the sheet was written; ` +
        "the sheet does not re-sort when an input changes. A factor's low never goes below 1 (none).",
      role: "note",
    },
  ]);
}

/** Where the table is: its header row, an input's ends, and the tornado's ranges. */
interface SwingTable {
  header: number;
  endCell: (key: keyof Plan, side: Side) => string;
  categories: string;
  lowValues: string;
  highValues: string;
}

/** The table of the tornado's output: each input's base, low and high, the output at each end, the swing. */
function writeSwingTable(context: Context): SwingTable {
  const { writer, tornado, base, swings, workings } = context;
  // Each group's heading over its first column.
  const groups: Partial<Record<SwingColumn, string>> = {
    base: "Base scenario, low and high",
    atLow: `${tornado.output.label} (${outputUnit(tornado.output)})`,
  };
  writer.push(
    SWING_COLUMNS.map(({ key }): LayoutCell => ({
      ...(groups[key] !== undefined && { value: groups[key] }),
      role: "header",
    })),
  );
  const header = writer.push(
    SWING_COLUMNS.map((column) =>
      "text" in column ? { value: column.heading, role: "header" } : rightHeader(column.heading),
    ),
  );
  const tornadoFormat = outputFormat(context.tornadoOutput);
  tornado.rows.forEach((swing) => {
    const k = context.variedIndex(swing.key);
    const input = swings.varied[k];
    const field = PLAN_FIELDS.find((f) => f.key === swing.key)!;
    const format = field.quantity === "price" ? currencyFormat(base.currency) : inputFormat(field.quantity);
    const row = writer.nextRow;
    const at = (key: SwingColumn) => `${swingColumn(key)}${row}`;
    // A planner's own low and high are typed into blue cells (blank unless typed); the ends used read them, or
    // while blank follow the base and the moves above.
    const own = (side: Side, value: number): LayoutCell =>
      input.editedEnds[side] ? { value, numberFormat: format, role: "input" } : { numberFormat: format, role: "input" };
    const ownOf = { low: at("ownLow"), high: at("ownHigh") };
    const end = (side: Side, move: string, value: number): LayoutCell =>
      figureCell(
        ownOrMoved(ownOf[side], movedEndFormula(at("base"), writer.named(move), field.quantity === "factor")),
        value,
        format,
        "derived",
      );
    const cells: Record<SwingColumn, LayoutCell> = {
      input: { value: input.label, role: "label" },
      unit: { value: field.unit, role: "unit" },
      base: figureCell(`${workings.base}${workings.rows.input(field.key)}`, input.base, format, "derived"),
      ownLow: own("low", input.low),
      ownHigh: own("high", input.high),
      low: end("low", "WhatIfLowMove", input.low),
      high: end("high", "WhatIfHighMove", input.high),
      atLow: figureCell(context.at(k, "low", context.tornadoOutput), swing.lowOutput, tornadoFormat, "stage"),
      atHigh: figureCell(context.at(k, "high", context.tornadoOutput), swing.highOutput, tornadoFormat, "stage"),
      swing: figureCell(
        inExcel.swing(at("atLow"), at("atHigh")),
        swing.swing,
        swingFormat(context.tornadoOutput),
        "crossover",
      ),
    };
    writer.push(SWING_COLUMNS.map(({ key }) => cells[key]));
    for (const side of ["low", "high"] as const) {
      writer.validate(fieldValidation(field, ownOf[side], "the base value moved by the move above"));
    }
  });
  const first = header + 1;
  const last = writer.nextRow - 1;
  for (const line of tableNotes(swings)) writer.note(line);
  const order = tornado.rows.map((swing) => swing.key);
  const range = (key: SwingColumn) => `${swingColumn(key)}${first}:${swingColumn(key)}${last}`;
  return {
    header,
    endCell: (key, side) => `$${swingColumn(side)}$${first + order.indexOf(key)}`,
    categories: range("input"),
    lowValues: range("atLow"),
    highValues: range("atHigh"),
  };
}

/** The heading of an output's group of columns in the other outputs' table. */
const groupOf = (key: StageOutputKey) =>
  key.startsWith("totalHours")
    ? "Swing of total hours"
    : key.startsWith("trainingShare")
      ? "Swing of training share"
      : "Swing of the crossover";

/**
 * The swing of every other output, in the same rows' order: a table of its own below, so the sheet
 * stays as narrow as the scenarios and prints larger.
 */
function writeOtherSwings(context: Context): void {
  const { writer, tornado, swings } = context;
  const others = STAGE_OUTPUTS.filter((output) => output.key !== context.tornadoOutput);
  writer.blank();
  const groupRow: Row = [{ role: "header" }, { role: "header" }];
  others.forEach((output, i) => {
    const first = i === 0 || groupOf(others[i - 1].key) !== groupOf(output.key);
    groupRow.push(first ? { value: groupOf(output.key), role: "header" } : { role: "header" });
  });
  writer.push(groupRow);
  writer.push([
    { value: "Input, in the order above", role: "header" },
    { role: "header" },
    ...others.map((output) => rightHeader(outputStage(output.key) ?? "Crossover")),
  ]);
  for (const swing of tornado.rows) {
    const k = context.variedIndex(swing.key);
    const swingOf = (key: StageOutputKey) =>
      swings.outputs.find((o) => o.output.key === key)!.rows.find((r) => r.key === swing.key)!;
    writer.push([
      { value: swing.label, role: "label" },
      null,
      ...others.map((output) =>
        figureCell(
          inExcel.swing(context.at(k, "low", output.key), context.at(k, "high", output.key)),
          swingOf(output.key).swing,
          swingFormat(output.key),
          "stage",
        ),
      ),
    ]);
  }
}

/** Rows kept empty for the tornado (its corners returned), or notes on drawing it where no chart can go. */
function writeChartPlace({ writer, chartNote, workings, tornadoOutput }: Context, table: SwingTable) {
  if (chartNote) {
    writer.push([
      {
        value:
          `No chart in this file. For the tornado, select ${table.categories} and ${table.lowValues.split(":")[0]}:` +
          `${table.highValues.split(":")[1]}` +
          " (hold Ctrl), then Insert > Chart > Bar (clustered);",
        role: "note",
      },
    ]);
    writer.push([
      {
        value:
          "on the bars, Series Overlap 100%; on the vertical axis, categories in reverse order and the horizontal " +
          `axis crossing at the base value (${workings.base}${workings.rows.output(tornadoOutput)}).`,
        role: "note",
      },
    ]);
    return { from: undefined, to: undefined };
  }
  writer.blank();
  const from = writer.blank(CHART_ROWS);
  return { from: cellAddress(from - 1, 0), to: cellAddress(from + CHART_ROWS - 2, SWING_TABLE_WIDTH - 1) };
}
