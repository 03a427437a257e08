/*
 * Section 1 of the what-if sheet, the scenarios side by side: the base scenario's name (a blue cell
 * and a named control), one column of inputs per scenario (the source of truth: a planner edits them
 * here), each column's derived figures and outputs by the stage sheet's formulas, and the change of
 * every output against the base scenario, absolute and %, the base's column picked by its name.
 */
import { ScenarioState, StageScenarioComparison } from "../model/scenarios";
import { Problem } from "../../core/model/problems";
import { Plan, PlanField, STAGE_OUTPUTS, StageOutputKey } from "../../stages/model";
import { LayoutCell } from "../../core/sheet/cell";
import { currencyFormat, inputFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { columnLetter, parseCell } from "../../core/excel/a1";
import * as inExcel from "../../core/excel/formulas";
import { safeText, Names } from "../../core/sheet/sheetBasics";
import {
  DERIVED_ROWS,
  derivedFormula,
  derivedValue,
  outputFormat,
  outputFormula,
  BLOCK_HEIGHT,
  BlockCells,
  BlockRows,
  columnCells,
  writeBlock,
} from "./columnFormulas";
import { figureCell, RowSpan } from "../../core/sheet/rows";
import { groupHeader, SheetSection, VALUE_COLUMN, WhatIfRows } from "./whatIfRows";
import { baseScenarioValidation, fieldValidation } from "./whatIfRows";

/** The rows the section takes: its heading, the base, a gap, two header rows, then the block. */
export const SCENARIO_SECTION_HEIGHT = 5 + BLOCK_HEIGHT;

/** The scenarios' section, and where its cells are for the sections below and a reader of the sheet. */
export interface ScenarioSection extends SheetSection {
  span: RowSpan;
  /** the row of the scenario names (blue text cells) */
  nameRow: number;
  /** the column letter of each scenario, in order */
  letters: string[];
  /** the cell of the base scenario's name */
  baseAddress: string;
  /** the cell of the base scenario's position among the names (#N/A when none is the base) */
  positionAddress: string;
  /** the rows of the inputs, derived figures and outputs */
  block: BlockRows;
  /** The base scenario's cell in sheet row `row`: its column picked by the base's name. */
  pickBase: (row: number) => string;
}

/** A change as a fraction of the base, signed: +33.3%, -20.0%, never -0.0% (NUMBER_KINDS' shareChange). */
const PERCENT_VARIANCE_FORMAT = NUMBER_FORMAT.shareChange;

/** The number format of a change of an output between scenarios: signed, in the output's unit, never "-0". */
export function varianceFormat(key: StageOutputKey): string {
  const quantity = STAGE_OUTPUTS.find((output) => output.key === key)!.quantity;
  if (quantity === "clips") return NUMBER_FORMAT.clipsChange;
  // a change of a share is in percentage points, shown as a percentage with its sign
  if (quantity === "share") return NUMBER_FORMAT.sharePointsChange;
  return NUMBER_FORMAT.hoursChange;
}

/** The value of a plan's input as a cell holds it: the number or text, or blank. */
function inputCell(field: PlanField, plan: Plan): LayoutCell {
  const value = plan[field.key];
  const role = "input";
  if (value === undefined) return { role, numberFormat: inputFormat(field.quantity) };
  if (typeof value === "string")
    return { value: safeText(value), numberFormat: NUMBER_FORMAT.text, role, align: "right" };
  const numberFormat = field.quantity === "price" ? currencyFormat(plan.currency) : inputFormat(field.quantity);
  return { value, numberFormat, role };
}

/**
 * The scenarios' section of `state`, its heading on sheet row `top`; `comparison` is the model's
 * (compareScenarios), whose figures its formula cells cache.
 */
export function scenarioSection(
  top: number,
  state: ScenarioState<Plan>,
  comparison: StageScenarioComparison,
  named: Names,
): ScenarioSection {
  const writer = new WhatIfRows(top, named);
  // A column per scenario from the first right of the units (C); their changes follow, then the changes in %.
  const letters = state.scenarios.map((_, i) => columnLetter(VALUE_COLUMN + i));
  const { nameRow, baseAddress, positionAddress } = writeHeader(writer, state, letters);
  const position = absolute(positionAddress);
  const pickBase = (row: number) => `INDEX($${letters[0]}${row}:$${letters[letters.length - 1]}${row},1,${position})`;
  const block = writeBlock(writer, (rows) => scenarioCells(writer, rows, state, comparison, letters, pickBase));
  const span = writer.span();
  return { ...writer.section(), span, nameRow, letters, baseAddress, positionAddress, block, pickBase };
}

/**
 * The base scenario's position among the names (1 for the first), compared as text with `=` (case-insensitive, as
 * the model keeps names unique): never by MATCH, XLOOKUP or COUNTIF, which read ? * ~ in a planner's names as
 * wildcards (a base "Q?" would be taken for Q1), and without an array formula, which Excel before 365 would not
 * evaluate in place. Each comparison counts its position when true (TRUE*2 is 2), so the sum is the base's
 * position, two functions deep for any number of scenarios; #N/A when no name is the base.
 */
function basePosition(base: string, names: readonly string[]): string {
  const compared = names.map((name) => `${base}=${name}`);
  const sum = compared.map((test, i) => `(${test})*${i + 1}`).join("+");
  return `IF(OR(${compared.join(",")}),${sum},NA())`;
}

/** An A1 address made absolute: C5 -> $C$5. */
function absolute(address: string): string {
  const { row, column } = parseCell(address)!;
  return `$${columnLetter(column)}$${row + 1}`;
}

/** The heading, the base scenario's control (a choice among the names) and the header rows. */
function writeHeader(writer: WhatIfRows, state: ScenarioState<Plan>, letters: string[]) {
  const count = letters.length;
  writer.heading("1. Scenarios side by side", { spaced: false });
  // The names' row is below the base, a gap and the groups' headings.
  const nameRow = writer.nextRow + 3;
  const baseAddress = writer.labelled(
    "Base scenario",
    {
      value: safeText(state.scenarios[state.baseIndex].name),
      numberFormat: NUMBER_FORMAT.text,
      role: "input",
    },
    `a name from row ${nameRow}`,
    { name: "WhatIfBaseScenario" },
  );
  const namesRange = `$${letters[0]}$${nameRow}:$${letters[count - 1]}$${nameRow}`;
  writer.validate(baseScenarioValidation(baseAddress, namesRange));
  // The base's position, once, in a row of its own: every change against the base picks the base's figure by it.
  const position = basePosition(
    writer.named("WhatIfBaseScenario"),
    letters.map((letter) => `$${letter}$${nameRow}`),
  );
  const positionAddress = writer.labelled(
    "Base scenario's column",
    figureCell(position, state.baseIndex + 1, "0"),
    "1 = the first scenario; #N/A when no name above is the base",
  );
  writer.push([
    { role: "header" },
    { role: "header" },
    ...groupHeader("Scenarios", count),
    ...groupHeader("Change against the base", count),
    ...groupHeader("Change against the base, %", count),
  ]);
  const nameEcho = (letter: string, i: number): LayoutCell => ({
    formula: `${letter}$${nameRow}`,
    cached: safeText(state.scenarios[i].name),
    role: "header",
    align: "right",
  });
  writer.push([
    { value: "Input or output", role: "header" },
    { value: "Unit", role: "header" },
    ...state.scenarios.map((scenario): LayoutCell => ({
      value: safeText(scenario.name),
      numberFormat: NUMBER_FORMAT.text,
      role: "input",
      align: "right",
    })),
    ...letters.map(nameEcho),
    ...letters.map(nameEcho),
  ]);
  return { nameRow, baseAddress, namesRange, positionAddress };
}

/** The block's cells: each scenario's inputs (validated), figures and outputs, then the changes. */
function scenarioCells(
  writer: WhatIfRows,
  rows: BlockRows,
  state: ScenarioState<Plan>,
  comparison: StageScenarioComparison,
  letters: string[],
  pickBase: (row: number) => string,
): BlockCells {
  const absoluteLetters = letters.map((_, i) => columnLetter(VALUE_COLUMN + letters.length + i));
  const cellsAt = (letter: string) => columnCells(letter, rows);
  return {
    input: (field, row) =>
      state.scenarios.map((scenario, i) => {
        writer.validate(fieldValidation(field, `${letters[i]}${row}`));
        return inputCell(field, scenario.inputs);
      }),
    derived: (key) => {
      const format = DERIVED_ROWS.find((d) => d.key === key)!.numberFormat;
      return state.scenarios.map((scenario, i) =>
        figureCell(derivedFormula(key, cellsAt(letters[i])), derivedValue(key, scenario.inputs), format, "derived"),
      );
    },
    output: (key, row) => {
      const role = key === "crossoverClips" ? "crossover" : "stage";
      const columns = comparison.columns;
      return [
        ...columns.map((column, i) => {
          const value = (column.values as Record<StageOutputKey, number | Problem>)[key];
          return figureCell(outputFormula(key, cellsAt(letters[i])), value, outputFormat(key), role);
        }),
        ...columns.map((column, i) =>
          figureCell(
            inExcel.changeAgainstBase(`${letters[i]}${row}`, pickBase(row)),
            column.variances[key].absolute,
            varianceFormat(key),
            role,
          ),
        ),
        ...columns.map((column, i) =>
          figureCell(
            inExcel.relativeChange(`${absoluteLetters[i]}${row}`, pickBase(row)),
            column.variances[key].relative,
            PERCENT_VARIANCE_FORMAT,
            role,
          ),
        ),
      ];
    },
  };
}
