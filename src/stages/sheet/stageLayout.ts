/*
 * The worksheet the task pane generates, as plain data: every cell's constant or formula, its
 * number format, role and the model's value for it, the defined names, the stage table, input
 * validation, and how it prints. One module produces it for both writers (Excel through
 * Office.js, an .xlsx through ExcelJS), and the tests evaluate the same cells in real spreadsheet
 * engines. The inputs are the model's PLAN_FIELDS, the table's columns STAGE_COLUMNS. The
 * formulas are native Excel, over defined names, so a reader without the add-in (Excel,
 * LibreOffice, Google Sheets) sees the same numbers. Each is the model's formula built by
 * core/excel/formulas.ts, or stageFormulas.ts (the one only this sheet writes); test/stages/sheet checks
 * every cell against the model.
 *
 * The answer comes first: title, the stage table and the crossover, frozen on screen and
 * repeated on a printed page; the inputs follow below, so a planner changing a blue cell sees the
 * table move. Column A is as wide as the stage names: the inputs' labels spill across the empty
 * B and C (text runs into empty neighbours), and their values sit in D.
 */
import { FIELD_GROUPS, PLAN_FIELDS, PlanField, planField } from "../model/planFields";
import { Plan } from "../model/plan";
import * as inExcel from "../../core/excel/formulas";
import * as stageExcel from "./stageFormulas";
import { STAGE_NAMES } from "../model/stages";
import { CellRole, LayoutCell } from "../../core/sheet/cell";
import { currencyFormat, inputFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { cachedOf } from "../../core/sheet/cachedValues";
import { figureCell, LabelledColumns, Row, RowsBuilder, valueColumnOf } from "../../core/sheet/rows";
import { ModelValues, modelValues } from "./stageValues";
import { RowContext, StageColumn, stageColumnsFor, StageColumnKey, stageValue } from "./stageColumns";
import { InputValidation, inputValidation } from "../../core/sheet/validation";
import { columnWidths } from "../../core/sheet/widths";
import { columnLetter } from "../../core/excel/a1";
import { LayoutName, Names, PageSetup, safeText } from "../../core/sheet/sheetBasics";
import type { PageFit } from "../../core/writers/pageFinish";
import { masterCheckCell } from "../../core/sheet/checks";
import { addStageChecks } from "./stageChecks";
import { requestTokenNames, secondsFromTokensRows } from "../../tokens/sheet";
import type { RequestTokenKey, RequestTokens } from "../../tokens/model";

/** A validation of the stage sheet: a plan field's, or a request token's (seconds per clip from tokens). */
export type StageValidation = InputValidation<keyof Plan | RequestTokenKey>;

/** The generated sheet. Rows start at A1; a row may be shorter than the widest. */
export interface SheetLayout {
  rows: Row[];
  names: LayoutName[];
  /** the stage table: header row and three stage rows */
  table: { name: string; range: string; firstRow: number; columns: number };
  /** the chart's data: clips (x), then serving and training hours (y), header row included; and where it goes */
  chart: { sourceRange: string; crossoverClips: string; crossoverHours: string; from: string; to: string };
  /** column widths in characters */
  columnWidths: number[];
  /** a rule and its messages on every numeric input */
  validations: StageValidation[];
  /**
   * each shown field's blue input cell (a defaulted field's name is on its used value's row, not here; seconds per
   * clip from tokens is a formula, its request's token inputs are here instead)
   */
  inputs: Partial<Record<keyof Plan | RequestTokenKey, string>>;
  page: PageSetup;
}

/** Options of a layout. */
export interface LayoutOptions {
  /** a note under the table on how to draw the chart, for a file that cannot hold one (the .xlsx) */
  chartNote?: boolean;
  /**
   * the request's tokens the seconds per clip came from, where the planner chose "tokens per request" (issue 32):
   * the seconds row is then TOKENSECONDS' formula over these, blue inputs under it; absent, the seconds are typed
   */
  tokens?: RequestTokens;
}

/** The prefix of the stage sheet's token inputs' names: ClipInputTokens, ClipOutputPerSecond... */
export const STAGE_TOKEN_PREFIX = "Clip";

/** The figures the sheet derives from the inputs, each in a named cell (the what-if sheet's columns reuse them). */
export const DERIVED: readonly {
  name: keyof ModelValues["derived"];
  label: string;
  unit: string;
  numberFormat: string;
  formula: (n: Names) => string;
}[] = [
  {
    name: "EffectiveTrainingHours",
    label: "Training hours, with overhead",
    unit: "accelerator-hours per interval",
    numberFormat: NUMBER_FORMAT.hours,
    formula: (n) => inExcel.effectiveTrainingHours(n("TrainingHours"), n("TrainingOverhead")),
  },
  {
    name: "EffectiveSecondsPerClip",
    label: "Serving seconds per clip, with peak-to-mean",
    unit: "accelerator-seconds",
    numberFormat: NUMBER_FORMAT.typed,
    formula: (n) => stageExcel.effectiveSecondsPerClip(n("SecondsPerClip"), n("PeakToMean")),
  },
  {
    name: "CrossoverClips",
    label: "Crossover: clips where serving = training",
    unit: "clips per interval; above it, serving is the bigger half",
    numberFormat: NUMBER_FORMAT.clips,
    formula: (n) => inExcel.crossoverClips(n("EffectiveTrainingHours"), n("EffectiveSecondsPerClip")),
  },
];

/** What a blank optional field becomes in the sheet: a formula over the other names. */
export const BLANK_FORMULAS: Partial<Record<keyof Plan, (n: Names) => string>> = {
  launchClips: (n) => n("CrossoverClips"),
  scaleClips: (n) => inExcel.clipsPerInterval(n("ClipsPerSecond"), n("IntervalDays")),
};

/** Every defined name a sheet may carry, before any suffix: choosing a free suffix checks them all. */
export const BASE_NAMES: readonly string[] = [
  ...PLAN_FIELDS.map((f) => f.definedName),
  ...requestTokenNames(STAGE_TOKEN_PREFIX),
  ...DERIVED.map((d) => d.name),
];

/** The base name of the stage table. */
export const TABLE_NAME = "CostStages";

/** How it prints, in both writers: the whole sheet on one page, the frozen rows repeated atop it. */
export const STAGE_PAGE_FIT: PageFit = { pagesTall: 1, repeatFrozenRows: true };

/**
 * A labelled row's columns: its label, running over the empty B and C (which a crossover's row fills, so its
 * band is unbroken), its value in D (past the stage, clips and serving-hours columns), its unit.
 */
const STAGE_LABELLED: LabelledColumns = { order: ["label", "gap", "gap", "value", "unit"], crossoverFills: ["gap"] };

/** The column of the inputs' values (D). */
export const VALUE_COLUMN = valueColumnOf(STAGE_LABELLED);

/** Rows the Excel writer's chart takes below the sheet, and columns (from A). */
const CHART_ROWS = 20;
const CHART_COLUMNS = 6;

/** Whether a field has a row in the sheet for `plan`: the money rows only when there is a price. */
function fieldShown(field: PlanField, plan: Plan): boolean {
  if (field.group !== "money") return true;
  return plan.pricePerHour !== undefined && (field.key !== "currency" || Boolean(plan.currency));
}

/** The plan fields that hold each stage's clips per interval, in STAGE_NAMES order. */
const STAGE_CLIP_FIELDS: readonly (keyof Plan)[] = ["prototypeClips", "launchClips", "scaleClips"];

/** The sheet being written, top to bottom: the plan, the model's values, and its rows so far (with their names). */
interface StageSheet {
  plan: Plan;
  model: ModelValues;
  costFormat: string;
  rows: RowsBuilder<StageValidation>;
  /** each field's input cell, as written */
  inputs: Partial<Record<keyof Plan | RequestTokenKey, string>>;
  /** the request's tokens the seconds per clip come from, when so chosen */
  tokens?: RequestTokens;
}

/** Adds the row of a derived figure, in a named cell. */
function derivedRow(sheet: StageSheet, derived: (typeof DERIVED)[number], role: CellRole): void {
  const { rows } = sheet;
  const cell = figureCell(derived.formula(rows.named), sheet.model.derived[derived.name], derived.numberFormat, role);
  const labelRole = role === "crossover" ? role : "label";
  rows.labelled(derived.label, cell, derived.unit, { name: derived.name, role: labelRole });
}

/** Where the answer's section put the stage table and the chart's data. */
interface AnswerPlace {
  /** the row the master check goes in, under the title's note (filled when the checks are written) */
  masterRow: number;
  columns: readonly StageColumn[];
  firstRow: number;
  last: number;
  sourceRange: string;
}

/** The answer, first on the sheet and frozen: the title, the stage table, the chart note, the crossover. */
function answerSection(sheet: StageSheet, chartNote: boolean): AnswerPlace {
  const { plan, rows } = sheet;
  rows.push([{ value: "ML compute spend: training half vs serving half, at three stages", role: "title" }]);
  rows.note(
    "Accelerator-hours per retrain interval. Blue cells below are inputs: change one and every figure follows.",
  );
  const masterRow = rows.blank();
  const columns = stageColumnsFor(plan.pricePerHour !== undefined);
  const heading = (column: StageColumn) =>
    column.key === "cost" && plan.currency ? `Cost (${safeText(plan.currency)})` : column.heading;
  const firstRow = rows.push(
    columns.map((column): LayoutCell => ({ value: heading(column), role: "header", ...alignOf(column) })),
  );
  STAGE_NAMES.forEach((_, i) =>
    rows.push(stageRow(columns, i, rows.nextRow, rows.named, sheet.model, sheet.costFormat)),
  );
  const last = firstRow + STAGE_NAMES.length;
  const column = (key: StageColumnKey) => columnLetter(columns.findIndex((c) => c.key === key));
  const sourceRange = `${column("clipsPerInterval")}${firstRow}:${column("trainingHours")}${last}`;
  rows.push(
    chartNote
      ? [
          {
            value:
              `No chart in this file: select ${sourceRange}, then Insert > Chart > Scatter;` +
              " Excel and LibreOffice draw it from the table.",
            role: "note",
          },
        ]
      : [],
  );
  derivedRow(
    sheet,
    DERIVED.find((d) => d.name === "CrossoverClips")!,
    "crossover",
  );
  return { masterRow, columns, firstRow, last, sourceRange };
}

/**
 * The inputs, a section a field group, each a blue named cell with its validation. An optional input whose
 * blank stands for a computed default (the launch's crossover, the scale's traffic) is followed by that default's
 * row and the used value's row (FAST: an input cell holds only what is typed), which carries the field's name.
 */
function inputSections(sheet: StageSheet): void {
  const { plan, rows } = sheet;
  for (const { group, heading: title } of FIELD_GROUPS) {
    const fields = PLAN_FIELDS.filter((field) => field.group === group && fieldShown(field, plan));
    if (fields.length === 0) continue;
    rows.heading(title);
    for (const field of fields) {
      if (BLANK_FORMULAS[field.key] !== undefined) {
        defaultedInputRows(sheet, field);
        continue;
      }
      if (field.key === "secondsPerClip" && sheet.tokens) {
        secondsFromTokens(sheet, field, sheet.tokens);
        continue;
      }
      const cell = inputCell(field, plan, sheet.costFormat);
      const address = rows.labelled(field.label, cell, field.unit, { name: field.definedName });
      sheet.inputs[field.key] = address;
      rows.validate(inputValidation(field, address));
    }
  }
}

/** Seconds per clip as TOKENSECONDS' formula over the request's blue token inputs, which follow it (issue 32). */
function secondsFromTokens(sheet: StageSheet, field: PlanField, tokens: RequestTokens): void {
  const row = {
    label: field.label,
    definedName: field.definedName,
    numberFormat: inputFormat(field.quantity),
    seconds: sheet.plan.secondsPerClip,
  };
  Object.assign(sheet.inputs, secondsFromTokensRows(sheet.rows, row, tokens, STAGE_TOKEN_PREFIX).inputs);
}

/** The label of an optional input's computed default's row, and of its used value's row. */
export const defaultRowLabel = (field: PlanField): string => `Default: ${field.blankMeans}`;
export const usedRowLabel = (field: PlanField): string => `${field.label}, used`;

/**
 * An optional input with a computed default, as three rows: the blue input (blank, or the typed value), the
 * default's calculation, and the used value (`IF(ISBLANK(input),default,input)`, named as the field is, so the
 * table reads it). Emptying the input brings the default back, never a 0.
 */
function defaultedInputRows(sheet: StageSheet, field: PlanField): void {
  const { plan, rows, model } = sheet;
  const format = inputFormat(field.quantity);
  const blank = field.blankMeans!;
  const input = rows.labelled(
    field.label,
    inputCell(field, plan, sheet.costFormat),
    `${field.unit} (blank = ${blank})`,
  );
  sheet.inputs[field.key] = input;
  rows.validate(inputValidation(field, input, blank));
  const defaulted = model.blank[field.key]!;
  const defaultCell = figureCell(BLANK_FORMULAS[field.key]!(rows.named), defaulted, format);
  const fallback = rows.labelled(defaultRowLabel(field), defaultCell, field.unit);
  const typed = plan[field.key];
  const used = typeof typed === "number" ? typed : defaulted;
  const usedCell = figureCell(`IF(ISBLANK(${input}),${fallback},${input})`, used, format);
  rows.labelled(usedRowLabel(field), usedCell, field.unit, { name: field.definedName });
}

/** The derived figures but the crossover (which the answer shows), each in a named cell. */
function derivedSection(sheet: StageSheet): void {
  sheet.rows.heading("Derived");
  for (const derived of DERIVED) if (derived.name !== "CrossoverClips") derivedRow(sheet, derived, "derived");
}

/**
 * The generated sheet for `plan`. `nameSuffix` ("" or "_2", ...) keeps defined names and the
 * table name unique when the workbook already has an earlier copy; `chartNote` adds the note for
 * a file without a chart.
 */
export function sheetLayout(plan: Plan, nameSuffix = "", options: LayoutOptions = {}): SheetLayout {
  const n: Names = (base) => base + nameSuffix;
  const sheet: StageSheet = {
    plan,
    model: modelValues(plan),
    costFormat: currencyFormat(plan.currency),
    rows: new RowsBuilder(1, n, STAGE_LABELLED),
    inputs: {},
    ...(options.tokens && { tokens: options.tokens }),
  };
  const { masterRow, columns, firstRow, last, sourceRange } = answerSection(sheet, options.chartNote === true);
  const frozenRows = sheet.rows.lastRow;
  inputSections(sheet);
  derivedSection(sheet);
  const checks = addStageChecks({ ...sheet, columns, table: { header: firstRow, last } });
  sheet.rows.setRow(masterRow, [masterCheckCell(checks)]);
  const { rows, names, validations } = sheet.rows;
  const lastColumn = columnLetter(columns.length - 1);
  const chartTop = rows.length + 2;
  // Names in BASE_NAMES order (inputs first), whatever the rows' order: the writer adds them so.
  const order = (name: LayoutName) => BASE_NAMES.indexOf(name.name.slice(0, name.name.length - nameSuffix.length));
  names.sort((x, y) => order(x) - order(y));
  return {
    rows,
    names,
    table: {
      name: TABLE_NAME + nameSuffix,
      range: `A${firstRow}:${lastColumn}${last}`,
      firstRow,
      columns: columns.length,
    },
    chart: {
      sourceRange,
      crossoverClips: names.find((x) => x.name === n("CrossoverClips"))!.address,
      crossoverHours: names.find((x) => x.name === n("EffectiveTrainingHours"))!.address,
      from: `A${chartTop}`,
      to: `${columnLetter(CHART_COLUMNS - 1)}${chartTop + CHART_ROWS - 1}`,
    },
    columnWidths: columnWidths(rows),
    validations,
    inputs: sheet.inputs,
    page: { frozenRows, printArea: `A1:${lastColumn}${rows.length}`, orientation: "landscape" },
  };
}

/** An input's cell: the typed value, or a blank blue cell where the field was left blank. */
function inputCell(field: PlanField, plan: Plan, costFormat: string): LayoutCell {
  const value = plan[field.key];
  if (value === undefined) return { numberFormat: inputFormat(field.quantity), role: "input" };
  if (typeof value === "string")
    return { value: safeText(value), numberFormat: NUMBER_FORMAT.text, role: "input", align: "right" };
  return { value, numberFormat: field.quantity === "price" ? costFormat : inputFormat(field.quantity), role: "input" };
}

/** Stage `i`'s row of the table, on sheet row `r`: its name, then a formula per column with the model's value. */
function stageRow(
  columns: readonly StageColumn[],
  i: number,
  r: number,
  n: Names,
  model: ModelValues,
  costFormat: string,
): LayoutCell[] {
  const context: RowContext = {
    cell: (key) => `${columnLetter(columns.findIndex((c) => c.key === key))}${r}`,
    name: n,
    stageClips: n(planField(STAGE_CLIP_FIELDS[i]).definedName),
  };
  return columns.map((column): LayoutCell => {
    if (!column.formula) return { value: STAGE_NAMES[i], role: "stageName" };
    const value = Array.isArray(model.rows) ? stageValue(model.rows[i], column.key) : model.rows;
    return {
      formula: column.formula(context),
      cached: value === undefined ? undefined : cachedOf(value),
      numberFormat: column.kind === "money" ? costFormat : column.numberFormat,
      role: "stage",
      ...(column.kind === "verdict" ? alignOf(column) : {}),
    };
  });
}

/**
 * How a column's heading and text cells align: numbers right (headings over them too), the
 * verdicts centred, so a word never touches the figure to its left; the stage names left.
 */
function alignOf(column: StageColumn): Pick<LayoutCell, "align"> {
  if (!column.formula) return {};
  return { align: column.kind === "verdict" ? "center" : "right" };
}

/** What prints where a chart is drawn too: the layout's print area down to the chart's last row. */
export function printAreaWithChart(layout: SheetLayout): string {
  const [from, to] = layout.page.printArea.split(":");
  const chartBottom = Number(/\d+$/.exec(layout.chart.to)![0]);
  return `${from}:${to.replace(/\d+$/, String(chartBottom))}`;
}
