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
} from "../../stages/model";
import { BLANK_FORMULAS, DERIVED, RowContext, STAGE_COLUMNS, StageColumnKey } from "../../stages/sheet";
import { isProblem, Problem } from "../../core/model/problems";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { Names } from "../../core/sheet/sheetBasics";
import * as inExcel from "../../core/excel/formulas";

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
