/*
 * The workings of the what-if sheet, below the printed sections: the base scenario's inputs picked
 * by its name (column C), then a low and a high column per varied input, each an evaluation block's
 * column with that one input at the sensitivity's low or high cell and every other at the base's. So
 * a low or high end is the whole model at those inputs, as the model computes it, by the same
 * column formulas as a scenario.
 *
 * The sensitivity and the targets above read these rows: the workings' place is known from their
 * top row alone (workingsPlace), before anything is written.
 */
import { isProblem, Problem } from "../../core/model/problems";
import { Plan, PLAN_FIELDS, PlanField, StageOutputKey } from "../../stages/model";
import { Sensitivity } from "../../sensitivity/model";
import { LayoutCell } from "../../core/sheet/cell";
import { currencyFormat, inputFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { columnLetter } from "../../core/excel/a1";
import { safeText, Names } from "../../core/sheet/sheetBasics";
import {
  DERIVED_ROWS,
  DerivedKey,
  derivedFormula,
  derivedValue,
  outputFormat,
  outputFormula,
  outputValues,
  BLOCK_HEIGHT,
  BlockCells,
  BlockRows,
  blockShape,
  columnCells,
  writeBlock,
} from "./columnFormulas";
import { figureCell, Row, RowSpan } from "../../core/sheet/rows";
import { rightHeader, SheetSection, VALUE_COLUMN, WhatIfRows } from "./whatIfRows";

/** The rows the workings take: their heading, two header rows, then the block. */
export const WORKINGS_HEIGHT = 3 + BLOCK_HEIGHT;

/** The ends of an input's range, in the order of their pair of columns. */
const SIDES = ["low", "high"] as const;

/** An end of an input's range. */
export type Side = (typeof SIDES)[number];

/** Where the workings' figures are: the block's rows, the base scenario's column, each varied input's two. */
export interface WorkingsPlace {
  rows: BlockRows;
  /** the column letter of the base scenario (C) */
  base: string;
  /** the column letter of the `k`th varied input (in the model's field order) at its low or high */
  column: (k: number, side: Side) => string;
}

/** The workings' place when their heading is on sheet row `top`: the base right of the units, then a pair per input. */
export function workingsPlace(top: number): WorkingsPlace {
  return {
    rows: blockShape(top + 3),
    base: columnLetter(VALUE_COLUMN),
    column: (k, side) => columnLetter(VALUE_COLUMN + 1 + SIDES.length * k + SIDES.indexOf(side)),
  };
}

/** What the workings read: the base scenario and its column picker, the sensitivity's ends. */
export interface WorkingsSources {
  base: Plan;
  baseName: string;
  /** the base scenario's cell in a row of the scenarios' block, picked by its name */
  pickBase: (row: number) => string;
  /** the scenarios' block rows */
  scenarioRows: BlockRows;
  varied: Sensitivity<Plan, StageOutputKey>["varied"];
  /** the sensitivity table's cell of a varied input's low or high, absolute ($D$12) */
  endCell: (key: keyof Plan, side: Side) => string;
}

/** The workings, with a span. */
export interface WorkingsSection extends SheetSection {
  span: RowSpan;
}

/**
 * The workings' format of a figure: General where a figure may run to ten digits and more (clips,
 * typed quantities), since General shortens a number to fit its column where a fixed format shows
 * ####; the workings share the printed sections' columns and their widths.
 */
const workingsFormat = (format: string) =>
  format === NUMBER_FORMAT.clips || format === NUMBER_FORMAT.typed ? "General" : format;

/** The value of a plan's input as a formula picking it shows it: blank is "". */
export const pickedValue = (plan: Plan, key: keyof Plan): number | string => plan[key] ?? "";

/** The workings, their heading on sheet row `top`. */
export function workingsSection(top: number, sources: WorkingsSources, named: Names): WorkingsSection {
  const writer = new WhatIfRows(top, named);
  const place = workingsPlace(top);
  writer.heading("Workings: each input at its low and its high, every other at the base scenario's", { spaced: false });
  const pairHeader: Row = [{ role: "header" }, { role: "header" }, { value: "Base", role: "header" }];
  // The stage sheet's defined name of each input: short enough to head its two columns.
  for (const input of sources.varied) {
    pairHeader.push({ value: PLAN_FIELDS.find((f) => f.key === input.key)!.definedName, role: "header" });
    pairHeader.push({ role: "header" });
  }
  writer.push(pairHeader);
  writer.push([
    { value: "Input or output", role: "header" },
    { value: "Unit", role: "header" },
    { formula: named("WhatIfBaseScenario"), cached: safeText(sources.baseName), role: "header", align: "right" },
    ...sources.varied.flatMap(() => SIDES.map((side) => rightHeader(side === "low" ? "Low" : "High"))),
  ]);
  writeBlock(writer, (rows) => workingsCells(rows, place, sources));
  return { ...writer.section(), span: writer.span() };
}

/** The block's cells: the base's column, then each varied input's low and high columns. */
function workingsCells(rows: BlockRows, place: WorkingsPlace, sources: WorkingsSources): BlockCells {
  const { base, varied } = sources;
  const ends = varied.map((input) => ({
    low: { ...base, [input.key]: input.low } as Plan,
    high: { ...base, [input.key]: input.high } as Plan,
  }));
  /** A cell per varied input and end, in column order. */
  const endColumns = (make: (plan: Plan, letter: string, side: Side, k: number) => LayoutCell) =>
    ends.flatMap((end, k) => SIDES.map((side) => make(end[side], place.column(k, side), side, k)));
  /** Every column's formula of a derived figure or an output, over that column's own cells. */
  const evaluated = (
    formulaAt: (letter: string) => string,
    valueOf: (plan: Plan) => number | Problem,
    format: string,
  ) => [
    figureCell(formulaAt(place.base), valueOf(base), format, "derived"),
    ...endColumns((plan, letter) => figureCell(formulaAt(letter), valueOf(plan), format, "derived")),
  ];
  return {
    input: (field, row) => {
      const format = inputFormatOf(field, base);
      const picked = sources.pickBase(sources.scenarioRows.input(field.key));
      return [
        figureCell(`IF(${picked}="","",${picked})`, pickedValue(base, field.key), format, "derived"),
        // The input's own end is the sensitivity table's low or high cell; every other input is the base's.
        ...endColumns((plan, _letter, side, k) => {
          const own = varied[k].key === field.key;
          const formula = own ? sources.endCell(field.key, side) : `$${place.base}${row}`;
          return figureCell(formula, pickedValue(plan, field.key), format, "derived");
        }),
      ];
    },
    derived: (key: DerivedKey) =>
      evaluated(
        (letter) => derivedFormula(key, columnCells(letter, rows)),
        (plan) => derivedValue(key, plan),
        workingsFormat(DERIVED_ROWS.find((d) => d.key === key)!.numberFormat),
      ),
    output: (key: StageOutputKey) =>
      evaluated(
        (letter) => outputFormula(key, columnCells(letter, rows)),
        (plan) => {
          const values = outputValues(plan);
          return isProblem(values) ? values : values[key];
        },
        workingsFormat(outputFormat(key)),
      ),
  };
}

/** An input's format in the workings: the scenario's, a large number in General. */
function inputFormatOf(field: PlanField, base: Plan): string {
  if (field.quantity === "price") return currencyFormat(base.currency);
  if (field.quantity === "text") return NUMBER_FORMAT.text;
  return workingsFormat(inputFormat(field.quantity));
}
