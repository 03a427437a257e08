/*
 * One column of the what-if sheet that evaluates the stage view: a full set of the plan's inputs
 * (PLAN_FIELDS, one cell each), what the model derives from them, and the view's outputs
 * (STAGE_OUTPUTS), each a native formula over the cells of the same column. A scenario is such a
 * column, and so is each low or high end of the sensitivity's workings, so every figure of the
 * sheet comes from the one arithmetic, the stage sheet's.
 *
 * The stage table's arithmetic is reused from STAGE_COLUMNS (serving, total and training share).
 * The formulas of the stage sheet's derived names (training hours with overhead, seconds with
 * peak-to-mean, the crossover) and of its blank stage defaults are stageLayout.ts's DERIVED and
 * BLANK_FORMULAS, read over the column's own cells (columnNames). Every one of them is built by
 * core/excel/formulas.ts, or the stage sheet's own stageFormulas.ts.
 *
 * A blank stage traffic stays blank here (an empty input cell), unlike the stage sheet, which
 * writes the default's formula into the input cell: a scenario column must keep "blank" as a state
 * of its own, so that the sensitivity's workings, which copy the base scenario's inputs, compute
 * the default from their own inputs (launch = their own crossover), as the model does.
 *
 * The evaluation block (below): a labelled row per plan input, per derived figure and per output, with one column
 * per evaluation to the right (a scenario, or an end of the workings). Its shape is fixed by the field, derived and
 * output lists, so every one of its rows is known from its first input's row before it is written: the sections
 * above the workings refer to them without a first pass.
 */
import {
  effectiveSecondsPerClip,
  effectiveTrainingHours,
  STAGE_NAMES,
  StageName,
  evaluateStagePlan,
  STAGE_OUTPUTS,
  StageOutputKey,
  Plan,
  stageInputsOf,
  PLAN_FIELDS,
  PlanField,
} from "../../stages/model";
import { BLANK_FORMULAS, DERIVED, RowContext, STAGE_COLUMNS, StageColumnKey } from "../../stages/sheet";
import { isProblem, Problem } from "../../core/model/problems";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { Names } from "../../core/sheet/sheetBasics";
import * as inExcel from "../../core/excel/formulas";
import { Row } from "../../core/sheet/rows";
import { WhatIfRows } from "./whatIfRows";

/** A figure the column derives from its inputs on the way to the outputs. */
export type DerivedKey = "effectiveTrainingHours" | "effectiveSecondsPerClip" | "launchClipsUsed" | "scaleClipsUsed";

/** One derived row: its label, unit and number format. */
export interface DerivedRow {
  key: DerivedKey;
  label: string;
  unit: string;
  numberFormat: string;
}

/** The derived rows, in the order the sheet shows them (the stage sheet's "Derived" labels and units). */
export const DERIVED_ROWS: readonly DerivedRow[] = [
  {
    key: "effectiveTrainingHours",
    label: "Training hours, with overhead",
    unit: "accelerator-hours",
    numberFormat: NUMBER_FORMAT.hours,
  },
  {
    key: "effectiveSecondsPerClip",
    label: "Seconds per clip, with peak-to-mean",
    unit: "accelerator-seconds",
    numberFormat: NUMBER_FORMAT.typed,
  },
  {
    key: "launchClipsUsed",
    label: "Launch: clips per interval, used",
    unit: "clips",
    numberFormat: NUMBER_FORMAT.clips,
  },
  {
    key: "scaleClipsUsed",
    label: "Scale: clips per interval, used",
    unit: "clips",
    numberFormat: NUMBER_FORMAT.clips,
  },
];

/** Where a column's cells are: an A1 address (or any expression) for each input, derived figure and output. */
export interface ColumnCells {
  input: (key: keyof Plan) => string;
  derived: (key: DerivedKey) => string;
  output: (key: StageOutputKey) => string;
}

/** A stage column's formula builder, by key: STAGE_COLUMNS declares each exactly once. */
function stageFormula(key: StageColumnKey): (row: RowContext) => string {
  return STAGE_COLUMNS.find((column) => column.key === key)!.formula!;
}

/** The plan field of each stage's traffic, typed or blank, and the derived row used when it is blank. */
const STAGE_CLIPS: Record<StageName, (cells: ColumnCells) => string> = {
  Prototype: (cells) => cells.input("prototypeClips"),
  Launch: (cells) => cells.derived("launchClipsUsed"),
  Scale: (cells) => cells.derived("scaleClipsUsed"),
};

/**
 * The stage sheet's row context for one stage of a column: its clips, the column's effective
 * hours and seconds in place of the stage sheet's names, and the serving hours inline (in
 * brackets) where the stage sheet has a cell of its own.
 */
function stageContext(cells: ColumnCells, stage: StageName): RowContext {
  const names: Record<string, string> = {
    EffectiveTrainingHours: cells.derived("effectiveTrainingHours"),
    EffectiveSecondsPerClip: cells.derived("effectiveSecondsPerClip"),
  };
  const context: RowContext = {
    name: (base) => names[base],
    stageClips: STAGE_CLIPS[stage](cells),
    cell: (key) => {
      if (key === "clipsPerInterval") return STAGE_CLIPS[stage](cells);
      if (key === "servingHours") return `(${stageFormula("servingHours")(context)})`;
      if (key === "trainingHours") return stageFormula("trainingHours")(context);
      // The total has a row of its own; no other column of the stage table is asked for here.
      return cells.output(`totalHours${stage}`);
    },
  };
  return context;
}

/**
 * The stage sheet's names, resolved in the column whose cells are `cells`: an input's defined name to the
 * column's input cell, a derived name to its derived row, the crossover to its output row; so the column's
 * formulas are the stage sheet's own (stageLayout.ts DERIVED and BLANK_FORMULAS), written once.
 */
function columnNames(cells: ColumnCells): Names {
  const derived: Record<string, DerivedKey> = {
    EffectiveTrainingHours: "effectiveTrainingHours",
    EffectiveSecondsPerClip: "effectiveSecondsPerClip",
  };
  return (base) => {
    if (base === "CrossoverClips") return cells.output("crossoverClips");
    if (derived[base]) return cells.derived(derived[base]);
    const field = PLAN_FIELDS.find((f) => f.definedName === base);
    if (!field) throw new Error(`The what-if column has no cell for the stage sheet's name ${base}.`);
    return cells.input(field.key);
  };
}

const derivedFormulaOf = (name: string) => DERIVED.find((d) => d.name === name)!.formula;

/** The formula (without "=") of a derived row of the column whose cells are `cells`. */
export function derivedFormula(key: DerivedKey, cells: ColumnCells): string {
  const n = columnNames(cells);
  const input = cells.input;
  switch (key) {
    case "effectiveTrainingHours":
      return derivedFormulaOf("EffectiveTrainingHours")(n);
    case "effectiveSecondsPerClip":
      return derivedFormulaOf("EffectiveSecondsPerClip")(n);
    case "launchClipsUsed": // a blank launch is the crossover
      return inExcel.typedOrDefault(input("launchClips"), BLANK_FORMULAS.launchClips!(n));
    case "scaleClipsUsed": // a blank scale is clips per second over the interval
      return inExcel.typedOrDefault(input("scaleClips"), BLANK_FORMULAS.scaleClips!(n));
  }
}

/** The stage of an output key, or undefined for the crossover. */
export function outputStage(key: StageOutputKey): StageName | undefined {
  return STAGE_NAMES.find((stage) => key.endsWith(stage));
}

/** The formula (without "=") of an output row of the column whose cells are `cells`. */
export function outputFormula(key: StageOutputKey, cells: ColumnCells): string {
  const stage = outputStage(key);
  if (stage === undefined) {
    // The stage sheet's crossover, over the column's effective hours and seconds.
    return derivedFormulaOf("CrossoverClips")(columnNames(cells));
  }
  const context = stageContext(cells, stage);
  return key.startsWith("totalHours") ? stageFormula("totalHours")(context) : stageFormula("trainingShare")(context);
}

/** The number format of an output, by its quantity. */
export function outputFormat(key: StageOutputKey): string {
  const quantity = STAGE_OUTPUTS.find((output) => output.key === key)!.quantity;
  return quantity === "clips" ? NUMBER_FORMAT.clips : quantity === "share" ? NUMBER_FORMAT.share : NUMBER_FORMAT.hours;
}

/** The number format of an output's swing: a share's swing in points (1.09%), others in the output's own. */
export function swingFormat(key: StageOutputKey): string {
  const quantity = STAGE_OUTPUTS.find((output) => output.key === key)!.quantity;
  return quantity === "share" ? NUMBER_FORMAT.shareSwing : outputFormat(key);
}

/** The model's value of a derived row for `plan`, from the functions the stage table uses. */
export function derivedValue(key: DerivedKey, plan: Plan): number | Problem {
  if (key === "effectiveTrainingHours") return effectiveTrainingHours(plan);
  if (key === "effectiveSecondsPerClip") return effectiveSecondsPerClip(plan);
  const inputs = stageInputsOf(plan);
  if (isProblem(inputs)) return inputs;
  return inputs.clipsPerStage[key === "launchClipsUsed" ? 1 : 2];
}

/** The model's value of every output for `plan`: the stage view's own model. */
export function outputValues(plan: Plan): Record<StageOutputKey, number | Problem> | Problem {
  return evaluateStagePlan(plan);
}

/** The sheet rows of an evaluation block: inputs, derived figures, outputs. */
export interface BlockRows {
  input: (key: keyof Plan) => number;
  derived: (key: DerivedKey) => number;
  output: (key: StageOutputKey) => number;
}

/** The rows a block takes: its inputs, a note, the derived figures, a note, the outputs. */
export const BLOCK_HEIGHT = PLAN_FIELDS.length + 1 + DERIVED_ROWS.length + 1 + STAGE_OUTPUTS.length;

/** The rows of the block whose first input is on sheet row `firstInput`. */
export function blockShape(firstInput: number): BlockRows {
  const derivedTop = firstInput + PLAN_FIELDS.length + 1;
  const outputTop = derivedTop + DERIVED_ROWS.length + 1;
  return {
    input: (key) => firstInput + PLAN_FIELDS.findIndex((f) => f.key === key),
    derived: (key) => derivedTop + DERIVED_ROWS.findIndex((d) => d.key === key),
    output: (key) => outputTop + STAGE_OUTPUTS.findIndex((o) => o.key === key),
  };
}

/** The cells of one column of a block, `letter` its column. */
export function columnCells(letter: string, rows: BlockRows): ColumnCells {
  return {
    input: (key) => `${letter}${rows.input(key)}`,
    derived: (key) => `${letter}${rows.derived(key)}`,
    output: (key) => `${letter}${rows.output(key)}`,
  };
}

/** The cells right of a block row's unit, one maker per kind of row, given the row's sheet row. */
export interface BlockCells {
  input: (field: PlanField, row: number) => Row;
  derived: (key: DerivedKey, row: number) => Row;
  output: (key: StageOutputKey, row: number) => Row;
}

/**
 * The unit beside an input, short: the unit column shares its width with three sections, and the
 * print scales with the sheet's width. What a blank stands for is said in a few words.
 */
const SHORT_UNITS: Partial<Record<keyof Plan, string>> = {
  launchClips: "clips (blank = crossover)",
  scaleClips: "clips (blank = rate × days)",
  pricePerHour: "per accelerator-hour",
  currency: "text, optional",
};

/** An output's unit, short: "per retrain interval" is said once, under the title. */
export const outputUnit = (output: (typeof STAGE_OUTPUTS)[number]): string =>
  output.quantity === "hours" ? "accelerator-hours" : output.unit;

/**
 * Writes a block at the writer's next row, its cells from `cellsOf` (given the block's rows, which a
 * column's formulas read); returns its rows.
 */
export function writeBlock(writer: WhatIfRows, cellsOf: (rows: BlockRows) => BlockCells): BlockRows {
  const rows = blockShape(writer.nextRow);
  const cells = cellsOf(rows);
  for (const field of PLAN_FIELDS) {
    writer.labelled(field.label, cells.input(field, rows.input(field.key)), SHORT_UNITS[field.key] ?? field.unit);
  }
  writer.note("Derived, as the stage sheet derives it");
  for (const derived of DERIVED_ROWS) {
    writer.labelled(derived.label, cells.derived(derived.key, rows.derived(derived.key)), derived.unit);
  }
  writer.note("Outputs");
  for (const output of STAGE_OUTPUTS) {
    const role = output.key === "crossoverClips" ? "crossover" : "label";
    writer.labelled(output.label, cells.output(output.key, rows.output(output.key)), outputUnit(output), { role });
  }
  return rows;
}
