/*
 * An evaluation block of the what-if sheet: a labelled row per plan input, per derived figure and per
 * output of the stage view, with one column per evaluation to the right (a scenario, or an end of the
 * sensitivity's workings), each column's figures computed from its own inputs (columnFormulas.ts).
 * The block's shape is fixed by the field, derived and output lists, so every one of its rows is
 * known from its first input's row before it is written: the sections above the workings refer to
 * them without a first pass.
 */
import { Plan, PLAN_FIELDS, PlanField, STAGE_OUTPUTS, StageOutputKey } from "../../stages/model";
import { ColumnCells, DERIVED_ROWS, DerivedKey } from "./columnFormulas";
import { Row } from "../../core/sheet/rows";
import { WhatIfRows } from "./whatIfRows";

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
