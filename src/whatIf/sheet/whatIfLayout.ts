/*
 * The what-if sheet of the stage view, as plain data in the stage sheet's finish (LayoutCell,
 * roles, number formats, widths): three sections, every figure a native formula over the blue
 * input cells and a few named controls, so the answers stay live for every reader, add-in or not.
 *
 *  1. Scenarios side by side: one column of inputs per scenario (the source of truth: a planner
 *     edits them here), the figures the stage sheet derives and the view's outputs computed per
 *     column by the stage sheet's formulas, and variance columns (absolute and %) against the base
 *     scenario, itself an input cell holding a scenario's name.
 *  2. Sensitivity: each numeric input of the base scenario moved alone to a low and a high (blue
 *     cells; by default the base value moved by the named -20% / +20%), the tornado output at each
 *     end and the swing of every output. The rows are in the model's order of swing at the time of
 *     writing: spreadsheets re-sort only with SORTBY, which Excel 2016, LibreOffice 7.4 and
 *     HyperFormula lack, so the order is static and the sheet says so.
 *  3. Targets in closed form for the base scenario: the per-clip time at which each stage's
 *     serving equals its training, or that meets a budget of hours or of money, and the traffic at
 *     which serving reaches a share of the bill; "Not reachable: <reason>" as text where no
 *     positive answer exists.
 *
 * Below the printed sections, the workings: the base scenario's inputs picked by its name, and one
 * column per input and end of the sensitivity, each evaluated by the same column formulas as a
 * scenario, so that a low or high end is the whole model at those inputs, as the model computes it.
 *
 * Every formula cell carries the model's value (src/model: compareScenarios, sensitivity, the
 * target functions) as its cached value; test/sheet/whatIf*.test.ts recalculates the sheet in
 * HyperFormula and IronCalc, and test/e2e/whatIfSheet.e2e.ts in LibreOffice, against those values.
 */
import { compareScenarios, DEFAULT_STAGE_SCENARIOS, ScenarioState } from "../model/scenarios";
import {
  DEFAULT_HIGH_FRACTION,
  DEFAULT_LOW_FRACTION,
  sensitivity,
  SwingRange,
} from "../../sensitivity/model/sensitivity";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { Plan } from "../../stages/model/plan";
import { PLAN_FIELDS, PlanField } from "../../stages/model/planFields";
import { STAGE_NAMES, StageName } from "../../stages/model/stages";
import { STAGE_OUTPUTS, STAGE_VIEW, StageOutputKey } from "../../sensitivity/model/whatIfView";
import { LayoutCell } from "../../core/sheet/cell";
import { currencyFormat, inputFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { columnLetter } from "../../core/excel/a1";
import { LayoutName, safeText } from "../../core/sheet/sheetBasics";
import { cachedOf } from "../../core/sheet/cachedValues";
import { MOVE_FORMAT, movedEndFormula, ownEnds } from "../../sensitivity/sheet/moves";
import type { TornadoChart } from "../../sensitivity/sheet/tornadoChart";
import { ROLE_STYLES } from "../../core/sheet/styles";
import { columnWidths, shownText, wrapText } from "../../core/sheet/widths";
import {
  ColumnCells,
  DERIVED_ROWS,
  DerivedKey,
  derivedFormula,
  derivedValue,
  outputFormat,
  outputFormula,
  outputStage,
  outputValues,
} from "./columnFormulas";
import { TargetCells, targetFormula, TargetKind, targetValue } from "./targetFormulas";
import {
  baseScenarioValidation,
  fieldValidation,
  moveValidation,
  nonNegativeValidation,
  shareValidation,
  WhatIfValidation,
} from "./whatIfValidation";

/** The base name of the what-if worksheet ("What-if (2)" for a second copy, as the stage sheet's). */
export const WHAT_IF_SHEET_NAME = "What-if";

/** The named controls of the sheet, before any suffix: choosing a free suffix checks them all. */
export const WHAT_IF_BASE_NAMES: readonly string[] = [
  "WhatIfBaseScenario",
  "WhatIfLowMove",
  "WhatIfHighMove",
  "WhatIfBudgetHours",
  "WhatIfBudget",
  "WhatIfServingShare",
];

/** The defaults of the targets' inputs: a budget of 11,400 hours is the model's 20 ms at scale. */
export const DEFAULT_TARGET_INPUTS = { budgetHours: 11_400, servingShare: 0.9 } as const;

/** Options of the what-if layout. */
export interface WhatIfOptions {
  /** notes on drawing the tornado, for a file that cannot hold a chart (the .xlsx); else rows are kept for it */
  chartNote?: boolean;
  /** the default low move of every input: -0.2 is 20% lower (DEFAULT_LOW_FRACTION) */
  lowFraction?: number;
  /** the default high move of every input: 0.2 is 20% higher (DEFAULT_HIGH_FRACTION) */
  highFraction?: number;
  /** the output the sensitivity's rows are sorted by and the tornado shows; the crossover by default */
  tornadoOutput?: StageOutputKey;
  /**
   * a planner's own low or high, or both, for some inputs, in each input's unit: written as typed values
   * (blue cells) in place of the base value moved by the default moves
   */
  ranges?: Partial<Record<keyof Plan, Partial<SwingRange>>>;
  /** the budget in accelerator-hours per interval (DEFAULT_TARGET_INPUTS) */
  budgetHours?: number;
  /** the budget in money per interval; by default the hours budget at the base scenario's price (or 1) */
  budget?: number;
  /** the serving share of the bill to reach, 0 to 1 (DEFAULT_TARGET_INPUTS) */
  servingShare?: number;
}

/** How the sheet shows on screen and on paper. */
export interface WhatIfPage {
  /** rows frozen on screen (none: the sections have headings of their own) */
  frozenRows: number;
  /** the labels and units stay on screen as the scenario and workings columns scroll */
  frozenColumns: number;
  /** the three sections; the workings below do not print */
  printArea: string;
  orientation: "landscape";
  /**
   * the pages it prints on, a section each: scaled to one page wide, the height left automatic
   * (Excel's "Fit All Columns on One Page", fitToHeight 0), so the breaks below start each page;
   * a fixed count tall lets LibreOffice scale all three onto one page and drop the breaks
   */
  pages: number;
  /** a manual page break after each of these rows (1-based): the end of a section */
  rowBreaks: number[];
}

/** First and last row (1-based) of a section. */
export interface RowSpan {
  first: number;
  last: number;
}

/** The what-if sheet. Rows start at A1; a row may be shorter than the widest. */
export interface WhatIfLayout {
  rows: (LayoutCell | null)[][];
  names: LayoutName[];
  validations: WhatIfValidation[];
  columnWidths: number[];
  page: WhatIfPage;
  tornado: TornadoChart<StageOutputKey>;
  /** where the scenarios are, for a reader of the sheet (the pane reading it back) */
  scenarios: {
    /** the row of the scenario names (blue text cells) */
    nameRow: number;
    /** the column letter of each scenario, in order */
    columns: string[];
    /** the row of each input */
    inputRows: Record<keyof Plan, number>;
    /** the cell of the base scenario's name */
    base: string;
  };
  sections: Record<"scenarios" | "sensitivity" | "targets" | "workings", RowSpan>;
}

type Row = (LayoutCell | null)[];

/** Rows of an evaluation block (a scenario's column, or the workings'): inputs, derived, outputs. */
interface BlockRows {
  input: (key: keyof Plan) => number;
  derived: (key: DerivedKey) => number;
  output: (key: StageOutputKey) => number;
}

/** The cells of one column of an evaluation block. */
function columnCells(letter: string, rows: BlockRows): ColumnCells {
  return {
    input: (key) => `${letter}${rows.input(key)}`,
    derived: (key) => `${letter}${rows.derived(key)}`,
    output: (key) => `${letter}${rows.output(key)}`,
  };
}

/** The number format of a change of an output between scenarios: signed, in the output's unit. */
function varianceFormat(key: StageOutputKey): string {
  const quantity = STAGE_OUTPUTS.find((output) => output.key === key)!.quantity;
  if (quantity === "clips") return "+#,##0;-#,##0;0";
  // a change of a share is in percentage points, shown as a percentage with its sign
  if (quantity === "share") return "+0.0##%;-0.0##%;0.0%";
  return "+#,##0.0##;-#,##0.0##;0";
}

/** A change as a fraction of the base, signed. */
const PERCENT_VARIANCE_FORMAT = "+0.0%;-0.0%;0.0%";
/** The widest the note of a planner's own ranges runs: within the sensitivity table's eight columns. */
const OWN_RANGES_NOTE_WIDTH = 110;
/** A per-clip time in accelerator-seconds: 7,776.0 / 0.0200 / 0.001111, tiny ones in E notation. */
const SECONDS_FORMAT = "[>=1]#,##0.0##;[>=0.001]0.000###;0.00E+00";

/**
 * The workings' format of a figure: General where a figure may run to ten digits and more (clips,
 * typed quantities), since General shortens a number to fit its column where a fixed format shows
 * ####; the workings share the printed sections' columns and their widths.
 */
const workingsFormat = (format: string) =>
  format === NUMBER_FORMAT.clips || format === NUMBER_FORMAT.typed ? "General" : format;

/**
 * The width of a column of labels or units: widths.ts counts a character as a digit's width, right
 * for figures and generous for words (Calibri's letters average about 0.8 of a digit, measured in
 * LibreOffice's print of this sheet). The labels and units take a third of this sheet's width and
 * the print scales with it, so their columns are sized at 0.85 of a digit a character, bold a
 * tenth wider; text that runs on into an empty neighbour does not count.
 */
function labelColumnWidth(rows: readonly Row[], c: number): number {
  let widest = 0;
  for (const row of rows) {
    const cell = row[c];
    const next = row[c + 1];
    if (!cell || typeof cell.value !== "string" || !next || shownText(next) === "") continue;
    const bold = ROLE_STYLES[cell.role]?.bold ? 1.1 : 1;
    widest = Math.max(widest, cell.value.length * 0.85 * bold + (ROLE_STYLES[cell.role]?.indent ?? 0));
  }
  return Math.ceil(widest + 2);
}

/** Rows the Excel writer's tornado takes, and columns from A. */
const CHART_ROWS = 18;
const CHART_COLUMNS = 8;

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
const outputUnit = (output: (typeof STAGE_OUTPUTS)[number]) =>
  output.quantity === "hours" ? "accelerator-hours" : output.unit;
const unitOf = (field: PlanField) => SHORT_UNITS[field.key] ?? field.unit;

/** The value of a plan's input as a cell holds it: the number or text, or blank. */
function inputCell(field: PlanField, plan: Plan, role: LayoutCell["role"] = "input"): LayoutCell {
  const value = plan[field.key];
  if (value === undefined) return { role, numberFormat: inputFormat(field.quantity) };
  if (typeof value === "string")
    return { value: safeText(value), numberFormat: NUMBER_FORMAT.text, role, align: "right" };
  const numberFormat = field.quantity === "price" ? currencyFormat(plan.currency) : inputFormat(field.quantity);
  return { value, numberFormat, role };
}

/** A formula cell with the model's value cached. */
const formulaCell = (
  formula: string,
  value: number | string | Problem,
  numberFormat: string | undefined,
  role: LayoutCell["role"],
): LayoutCell => ({ formula, cached: cachedOf(value), numberFormat, role });

/** The value of a plan's input as a formula picking it shows it: blank is "". */
const pickedValue = (plan: Plan, key: keyof Plan): number | string => plan[key] ?? "";

/** The targets the sheet solves, in order: a per-clip time at each stage for three targets, then the traffic. */
const TARGET_ROWS: readonly { kind: TargetKind; stage?: StageName; label: string; unit: string }[] = [
  ...STAGE_NAMES.map((stage) => ({
    kind: "parity" as const,
    stage,
    label: `${stage}: serving hours = training hours`,
    unit: "accelerator-seconds",
  })),
  ...STAGE_NAMES.map((stage) => ({
    kind: "budgetHours" as const,
    stage,
    label: `${stage}: total hours = the hours budget`,
    unit: "accelerator-seconds",
  })),
  ...STAGE_NAMES.map((stage) => ({
    kind: "budgetCost" as const,
    stage,
    label: `${stage}: cost = the money budget`,
    unit: "accelerator-seconds",
  })),
  { kind: "servingShare", label: "Serving = the share above of the bill", unit: "clips per interval" },
];

/** What is wrong with a target input, or undefined. */
function targetInputProblem(budgetHours: number, budget: number, servingShare: number): Problem | undefined {
  const bad = (value: number) => !Number.isFinite(value) || value < 0;
  if (bad(budgetHours)) return problem("invalidNumber", `The hours budget must be 0 or more; got ${budgetHours}.`);
  if (bad(budget)) return problem("invalidNumber", `The money budget must be 0 or more; got ${budget}.`);
  if (!(servingShare >= 0 && servingShare <= 1)) {
    return problem("invalidNumber", `The serving share must be from 0 to 1; got ${servingShare}.`);
  }
  return undefined;
}

/**
 * The what-if sheet of the stage view for `state` (DEFAULT_STAGE_SCENARIOS: Conservative, Expected,
 * Aggressive), or the Problem that stops it: a bad state, or a scenario the model refuses (naming
 * it), since a sheet is written from valid scenarios only. `nameSuffix` ("" or "_2", ...) keeps the
 * defined names unique beside an earlier copy, as the stage sheet's; `options` sets the moves, the
 * tornado's output, the targets' inputs, and whether the tornado's rows or its notes are written.
 */
export function whatIfLayout(
  state: ScenarioState<Plan> = DEFAULT_STAGE_SCENARIOS,
  nameSuffix = "",
  options: WhatIfOptions = {},
): WhatIfLayout | Problem {
  const comparison = compareScenarios(STAGE_VIEW, state);
  if (isProblem(comparison)) return comparison;
  for (const column of comparison.columns) {
    if (isProblem(column.values)) return problem(column.values.kind, `"${column.name}": ${column.values.message}`);
  }
  const base = state.scenarios[state.baseIndex].inputs;
  const lowFraction = options.lowFraction ?? DEFAULT_LOW_FRACTION;
  const highFraction = options.highFraction ?? DEFAULT_HIGH_FRACTION;
  const swings = sensitivity(STAGE_VIEW, base, { lowFraction, highFraction, ranges: options.ranges });
  if (isProblem(swings)) return swings;
  const refused = swings.varied.find((input) => input.problem !== undefined);
  if (refused) return refused.problem!;
  const budgetHours = options.budgetHours ?? DEFAULT_TARGET_INPUTS.budgetHours;
  const budget = options.budget ?? budgetHours * (base.pricePerHour ?? 1);
  const servingShare = options.servingShare ?? DEFAULT_TARGET_INPUTS.servingShare;
  const badTarget = targetInputProblem(budgetHours, budget, servingShare);
  if (badTarget) return badTarget;
  const tornadoOutput = options.tornadoOutput ?? "crossoverClips";
  if (!STAGE_OUTPUTS.some((output) => output.key === tornadoOutput)) {
    return problem("invalidValue", `The tornado's output must be one of the stage view's; got ${tornadoOutput}.`);
  }
  const inputs: SheetInputs = {
    state,
    comparison,
    swings,
    nameSuffix,
    chartNote: options.chartNote === true,
    lowFraction,
    highFraction,
    tornadoOutput,
    targets: { budgetHours, budget, servingShare },
  };
  // The sensitivity and the targets read the workings below them: a first pass finds where the
  // workings start (no row count depends on a reference), the second writes the references.
  const first = buildSheet(inputs, 1);
  return buildSheet(inputs, first.sections.workings.first);
}

/** Everything the sheet is written from, checked. */
interface SheetInputs {
  state: ScenarioState<Plan>;
  comparison: Exclude<ReturnType<typeof compareScenarios<Plan, StageOutputKey>>, Problem>;
  swings: Exclude<ReturnType<typeof sensitivity<Plan, StageOutputKey>>, Problem>;
  nameSuffix: string;
  chartNote: boolean;
  lowFraction: number;
  highFraction: number;
  tornadoOutput: StageOutputKey;
  targets: { budgetHours: number; budget: number; servingShare: number };
}

/** The sheet, with the workings block starting at row `workingsTop` (found by a first pass). */
function buildSheet(inputs: SheetInputs, workingsTop: number): WhatIfLayout {
  const { state, comparison, swings, nameSuffix } = inputs;
  const n = (baseName: string) => baseName + nameSuffix;
  const rows: Row[] = [];
  const names: LayoutName[] = [];
  const validations: WhatIfValidation[] = [];
  const push = (row: Row) => rows.push(row);
  const base = state.scenarios[state.baseIndex].inputs;
  const count = state.scenarios.length;
  const scenarioLetters = state.scenarios.map((_, i) => columnLetter(2 + i));
  const absoluteLetters = state.scenarios.map((_, i) => columnLetter(2 + count + i));

  /** A labelled row: label in A, unit in B, then the cells. */
  const labelled = (label: string, unit: string, cells: Row, role: LayoutCell["role"] = "label"): number =>
    push([{ value: label, role }, { value: unit, role: role === "crossover" ? role : "unit" }, ...cells]);
  /** A named control in column C. */
  const control = (name: string, label: string, unit: string, cell: LayoutCell): string => {
    labelled(label, unit, [cell]);
    const address = `C${rows.length}`;
    names.push({ name: n(name), address });
    return address;
  };

  /**
   * An evaluation block: a row per input, per derived figure and per output (blockShape's rows),
   * each labelled, the cells right of the unit from the three makers. Returns its rows.
   */
  const block = (
    inputCells: (field: PlanField, row: number) => Row,
    derivedCells: (key: DerivedKey, row: number) => Row,
    outputCells: (key: StageOutputKey, row: number) => Row,
  ): BlockRows => {
    const inputRows = {} as Record<keyof Plan, number>;
    const derivedRows = {} as Record<DerivedKey, number>;
    const outputRows = {} as Record<StageOutputKey, number>;
    for (const field of PLAN_FIELDS) {
      const row = rows.length + 1;
      labelled(field.label, unitOf(field), inputCells(field, row));
      inputRows[field.key] = row;
    }
    push([{ value: "Derived, as the stage sheet derives it", role: "note" }]);
    for (const derived of DERIVED_ROWS) {
      const row = rows.length + 1;
      labelled(derived.label, derived.unit, derivedCells(derived.key, row));
      derivedRows[derived.key] = row;
    }
    push([{ value: "Outputs", role: "note" }]);
    for (const output of STAGE_OUTPUTS) {
      const row = rows.length + 1;
      const role = output.key === "crossoverClips" ? "crossover" : "label";
      labelled(output.label, outputUnit(output), outputCells(output.key, row), role);
      outputRows[output.key] = row;
    }
    return { input: (k) => inputRows[k], derived: (k) => derivedRows[k], output: (k) => outputRows[k] };
  };
  /** Blocks have a fixed shape: their rows, from the first input's row, before they are written. */
  const blockShape = (firstInput: number): BlockRows => {
    const inputAt = (key: keyof Plan) => firstInput + PLAN_FIELDS.findIndex((f) => f.key === key);
    const derivedTop = firstInput + PLAN_FIELDS.length + 1;
    const outputTop = derivedTop + DERIVED_ROWS.length + 1;
    return {
      input: inputAt,
      derived: (key) => derivedTop + DERIVED_ROWS.findIndex((d) => d.key === key),
      output: (key) => outputTop + STAGE_OUTPUTS.findIndex((o) => o.key === key),
    };
  };

  // Title.
  push([{ value: "What-if: scenarios side by side, sensitivity and targets", role: "title" }]);
  push([
    {
      value:
        "Accelerator-hours per retrain interval. Blue cells are inputs: change one and every figure follows, " +
        "with or without the add-in.",
      role: "note",
    },
  ]);

  // 1. Scenarios side by side.
  push([]);
  const scenariosFirst = push([{ value: "1. Scenarios side by side", role: "section" }]);
  const baseRow = rows.length + 1;
  const nameRow = baseRow + 3;
  const baseAddress = control("WhatIfBaseScenario", "Base scenario", `a name from row ${nameRow}`, {
    value: safeText(state.scenarios[state.baseIndex].name),
    numberFormat: NUMBER_FORMAT.text,
    role: "input",
  });
  const namesRange = `$${scenarioLetters[0]}$${nameRow}:$${scenarioLetters[count - 1]}$${nameRow}`;
  validations.push(baseScenarioValidation(baseAddress, namesRange));
  push([]);
  const groupHeader = (label: string, width: number): LayoutCell[] => [
    { value: label, role: "header" },
    ...Array.from({ length: width - 1 }, (): LayoutCell => ({ role: "header" })),
  ];
  push([
    { role: "header" },
    { role: "header" },
    ...groupHeader("Scenarios", count),
    ...groupHeader("Change against the base", count),
    ...groupHeader("Change against the base, %", count),
  ]);
  const nameCells = state.scenarios.map((scenario): LayoutCell => ({
    value: safeText(scenario.name),
    numberFormat: NUMBER_FORMAT.text,
    role: "input",
    align: "right",
  }));
  const nameEcho = (letter: string, i: number): LayoutCell => ({
    formula: `${letter}$${nameRow}`,
    cached: safeText(state.scenarios[i].name),
    role: "header",
    align: "right",
  });
  push([
    { value: "Input or output", role: "header" },
    { value: "Unit", role: "header" },
    ...nameCells,
    ...scenarioLetters.map(nameEcho),
    ...scenarioLetters.map(nameEcho),
  ]);
  const scenarioShape = blockShape(nameRow + 1);
  /** The base scenario's cell in the row: its column picked by the base's name. */
  const pickBase = (row: number) =>
    `INDEX($${scenarioLetters[0]}${row}:$${scenarioLetters[count - 1]}${row},1,` +
    `MATCH(${n("WhatIfBaseScenario")},${namesRange},0))`;
  const scenarioRows = block(
    (field, row) =>
      state.scenarios.map((scenario, i) => {
        const cell = inputCell(field, scenario.inputs);
        const validation = fieldValidation(field, `${scenarioLetters[i]}${row}`);
        if (validation) validations.push(validation);
        return cell;
      }),
    (key) =>
      state.scenarios.map((scenario, i) => {
        const cells = columnCells(scenarioLetters[i], scenarioShape);
        const format = DERIVED_ROWS.find((d) => d.key === key)!.numberFormat;
        return formulaCell(derivedFormula(key, cells), derivedValue(key, scenario.inputs), format, "derived");
      }),
    (key, row) => {
      const role = key === "crossoverClips" ? "crossover" : "stage";
      const values = comparison.columns.map((column, i) => {
        const cells = columnCells(scenarioLetters[i], scenarioShape);
        const value = (column.values as Record<StageOutputKey, number | Problem>)[key];
        return formulaCell(outputFormula(key, cells), value, outputFormat(key), role);
      });
      const absolute = comparison.columns.map((column, i) =>
        formulaCell(
          `${scenarioLetters[i]}${row}-${pickBase(row)}`,
          column.variances[key].absolute,
          varianceFormat(key),
          role,
        ),
      );
      const relative = comparison.columns.map((column, i) =>
        formulaCell(
          `${absoluteLetters[i]}${row}/ABS(${pickBase(row)})`,
          column.variances[key].relative,
          PERCENT_VARIANCE_FORMAT,
          role,
        ),
      );
      return [...values, ...absolute, ...relative];
    },
  );
  const scenariosLast = rows.length;

  // 2. Sensitivity.
  // The workings: their heading (row workingsTop) and two header rows, then the block.
  const workings = blockShape(workingsTop + 3);
  const varied = swings.varied;
  /** The workings' columns: C the base scenario, then a low and a high column per varied input. */
  const lowLetter = (k: number) => columnLetter(3 + 2 * k);
  const highLetter = (k: number) => columnLetter(4 + 2 * k);
  const tornado = swings.outputs.find((o) => o.output.key === inputs.tornadoOutput)!;
  const others = STAGE_OUTPUTS.filter((output) => output.key !== inputs.tornadoOutput);
  push([]);
  const sensitivityFirst = push([
    { value: "2. Sensitivity: each input of the base scenario moved alone, every other held", role: "section" },
  ]);
  const lowMove = control("WhatIfLowMove", "Low: every input moved by", "of the base value (default)", {
    value: inputs.lowFraction,
    numberFormat: MOVE_FORMAT,
    role: "input",
  });
  validations.push(moveValidation(lowMove, "low"));
  const highMove = control("WhatIfHighMove", "High: every input moved by", "of the base value (default)", {
    value: inputs.highFraction,
    numberFormat: MOVE_FORMAT,
    role: "input",
  });
  validations.push(moveValidation(highMove, "high"));
  push([
    {
      value:
        `Rows are sorted by the swing of the ${tornado.output.label.toLowerCase()} as the sheet was written; ` +
        "the sheet does not re-sort when an input changes. A factor's low never goes below 1 (none).",
      role: "note",
    },
  ]);
  const right = (value: string): LayoutCell => ({ value, role: "header", align: "right" });
  push([
    { role: "header" },
    { role: "header" },
    ...groupHeader("Base scenario, low and high", 3),
    ...groupHeader(`${tornado.output.label} (${outputUnit(tornado.output)})`, 3),
  ]);
  const tableHeader = rows.length + 1;
  push([
    { value: "Input", role: "header" },
    { value: "Unit", role: "header" },
    right("Base"),
    right("Low"),
    right("High"),
    right("At low"),
    right("At high"),
    right("Swing"),
  ]);
  const sensitivityRows = new Map<string, number>();
  tornado.rows.forEach((swing, position) => sensitivityRows.set(swing.key, tableHeader + 1 + position));
  const at = (letter: string, key: StageOutputKey) => `${letter}${workings.output(key)}`;
  const variedIndex = (key: keyof Plan) => varied.findIndex((input) => input.key === key);
  tornado.rows.forEach((swing) => {
    const row = sensitivityRows.get(swing.key)!;
    const k = variedIndex(swing.key);
    const input = varied[k];
    const field = PLAN_FIELDS.find((f) => f.key === swing.key)!;
    const format = field.quantity === "price" ? currencyFormat(base.currency) : inputFormat(field.quantity);
    const moved = (move: string) => movedEndFormula(`C${row}`, move, field.quantity === "factor");
    const tornadoKey = inputs.tornadoOutput;
    const tornadoFormat = outputFormat(tornadoKey);
    // A planner's own low and high are typed values; the others follow the base and the moves above.
    const end = (side: "low" | "high", move: string, value: number): LayoutCell =>
      input.editedEnds[side]
        ? { value, numberFormat: format, role: "input" }
        : formulaCell(moved(move), value, format, "input");
    labelled(input.label, field.unit, [
      formulaCell(`C${workings.input(field.key)}`, input.base, format, "derived"),
      end("low", n("WhatIfLowMove"), input.low),
      end("high", n("WhatIfHighMove"), input.high),
      formulaCell(at(lowLetter(k), tornadoKey), swing.lowOutput, tornadoFormat, "stage"),
      formulaCell(at(highLetter(k), tornadoKey), swing.highOutput, tornadoFormat, "stage"),
      formulaCell(`ABS(G${row}-F${row})`, swing.swing, tornadoFormat, "crossover"),
    ]);
    for (const [side, address] of [
      ["low", `D${row}`],
      ["high", `E${row}`],
    ] as const) {
      const note = input.editedEnds[side] ? undefined : "the base value moved by the move above";
      const validation = fieldValidation(field, address, note);
      if (validation) validations.push(validation);
    }
  });
  const tableLast = rows.length;
  const own = ownEnds(varied);
  if (own.length > 0) {
    const text = `Typed as values of their own (they do not follow the moves): ${own.join("; ")}.`;
    // Wrapped: a note that spills widens the last column it crosses, and the page prints one page wide.
    for (const line of wrapText(text, OWN_RANGES_NOTE_WIDTH)) push([{ value: line, role: "note" }]);
  }
  if (swings.skipped.length > 0) {
    // The model's reasons are sentences for the pane; here, a list in a line of the print.
    const skipped = swings.skipped.map((s) => `${s.label} (${s.reason})`);
    push([{ value: `Not varied, having no number of their own: ${skipped.join("; ")}.`, role: "note" }]);
  }

  // The swing of every other output, in the same rows' order: a table of its own below, so the
  // sheet stays as narrow as the scenarios and prints larger.
  push([]);
  const groupOf = (key: StageOutputKey) =>
    key.startsWith("totalHours")
      ? "Swing of total hours"
      : key.startsWith("trainingShare")
        ? "Swing of training share"
        : "Swing of the crossover";
  const groupRow: Row = [{ role: "header" }, { role: "header" }];
  others.forEach((output, i) => {
    const first = i === 0 || groupOf(others[i - 1].key) !== groupOf(output.key);
    groupRow.push(first ? { value: groupOf(output.key), role: "header" } : { role: "header" });
  });
  push(groupRow);
  push([
    { value: "Input, in the order above", role: "header" },
    { role: "header" },
    ...others.map((output) => right(outputStage(output.key) ?? "Crossover")),
  ]);
  for (const swing of tornado.rows) {
    const k = variedIndex(swing.key);
    const swingOf = (key: StageOutputKey) =>
      swings.outputs.find((o) => o.output.key === key)!.rows.find((r) => r.key === swing.key)!;
    push([
      { value: swing.label, role: "label" },
      null,
      ...others.map((output) =>
        formulaCell(
          `ABS(${at(highLetter(k), output.key)}-${at(lowLetter(k), output.key)})`,
          swingOf(output.key).swing,
          outputFormat(output.key),
          "stage",
        ),
      ),
    ]);
  }
  const categories = `A${tableHeader + 1}:A${tableLast}`;
  const lowValues = `F${tableHeader + 1}:F${tableLast}`;
  const highValues = `G${tableHeader + 1}:G${tableLast}`;
  let chartFrom: string | undefined;
  let chartTo: string | undefined;
  if (inputs.chartNote) {
    push([
      {
        value:
          `No chart in this file. For the tornado, select ${categories} and ${lowValues.split(":")[0]}:` +
          `${highValues.split(":")[1]}` +
          " (hold Ctrl), then Insert > Chart > Bar (clustered);",
        role: "note",
      },
    ]);
    push([
      {
        value:
          "on the bars, Series Overlap 100%; on the vertical axis, categories in reverse order and the horizontal " +
          `axis crossing at the base value (C${workings.output(inputs.tornadoOutput)}).`,
        role: "note",
      },
    ]);
  } else {
    push([]);
    chartFrom = `A${rows.length + 1}`;
    chartTo = `${columnLetter(CHART_COLUMNS - 1)}${rows.length + CHART_ROWS}`;
    for (let i = 0; i < CHART_ROWS; i++) push([]);
  }
  const sensitivityLast = rows.length;

  // 3. Targets, for the base scenario.
  push([]);
  const targetsFirst = push([
    { value: "3. Targets for the base scenario, solved in closed form (no Goal Seek)", role: "section" },
  ]);
  push([
    {
      value:
        "The slowest serving time per clip (before peak-to-mean) that meets each target, and the traffic at " +
        "which serving is the share of the bill below.",
      role: "note",
    },
  ]);
  const budgetHoursCell = control("WhatIfBudgetHours", "Budget in hours", "accelerator-hours (total)", {
    value: inputs.targets.budgetHours,
    numberFormat: NUMBER_FORMAT.typed,
    role: "input",
  });
  validations.push(nonNegativeValidation(budgetHoursCell, "The hours budget", "accelerator-hours per interval"));
  const budgetCell = control("WhatIfBudget", "Budget in money", "money, at the price below", {
    value: inputs.targets.budget,
    numberFormat: currencyFormat(base.currency),
    role: "input",
  });
  validations.push(nonNegativeValidation(budgetCell, "The money budget", "per interval"));
  const priceRow = rows.length + 1;
  labelled("Price per accelerator-hour", "from the base scenario", [
    formulaCell(
      `C${workings.input("pricePerHour")}`,
      pickedValue(base, "pricePerHour"),
      currencyFormat(base.currency),
      "derived",
    ),
  ]);
  const shareCell = control("WhatIfServingShare", "Serving share to reach", "of total hours (the bill)", {
    value: inputs.targets.servingShare,
    numberFormat: NUMBER_FORMAT.share,
    role: "input",
  });
  validations.push(shareValidation(shareCell, "The serving share"));
  push([{ value: "Target", role: "header" }, { value: "Unit", role: "header" }, right("Answer")]);
  const targetCells: TargetCells = {
    effectiveTrainingHours: `$C$${workings.derived("effectiveTrainingHours")}`,
    effectiveSecondsPerClip: `$C$${workings.derived("effectiveSecondsPerClip")}`,
    peakToMean: `$C$${workings.input("peakToMean")}`,
    launchClips: `$C$${workings.input("launchClips")}`,
    stageClips: (stage) =>
      stage === "Prototype"
        ? `$C$${workings.input("prototypeClips")}`
        : `$C$${workings.derived(stage === "Launch" ? "launchClipsUsed" : "scaleClipsUsed")}`,
    pricePerHour: `$C$${priceRow}`,
    budgetHours: n("WhatIfBudgetHours"),
    budget: n("WhatIfBudget"),
    servingShare: n("WhatIfServingShare"),
  };
  const targetsTop = rows.length + 1;
  for (const target of TARGET_ROWS) {
    const value = targetValue(target.kind, base, inputs.targets, target.stage);
    const format = target.kind === "servingShare" ? NUMBER_FORMAT.clips : SECONDS_FORMAT;
    // No alignment: an answer is a number (right) or a reason (left), which runs on into the empty cells to its right.
    labelled(target.label, target.unit, [
      formulaCell(targetFormula(target.kind, targetCells, target.stage), value, format, "stage"),
    ]);
  }
  const targetsLast = rows.length;

  // Workings: the base scenario's inputs, then each varied input at its low and its high.
  push([]);
  const workingsFirst = push([
    { value: "Workings: each input at its low and its high, every other at the base scenario's", role: "section" },
  ]);
  const pairHeader: Row = [{ role: "header" }, { role: "header" }, { value: "Base", role: "header" }];
  // The stage sheet's defined name of each input: short enough to head its two columns.
  varied.forEach((input) =>
    pairHeader.push(
      { value: PLAN_FIELDS.find((f) => f.key === input.key)!.definedName, role: "header" },
      { role: "header" },
    ),
  );
  push(pairHeader);
  push([
    { value: "Input or output", role: "header" },
    { value: "Unit", role: "header" },
    {
      formula: n("WhatIfBaseScenario"),
      cached: safeText(state.scenarios[state.baseIndex].name),
      role: "header",
      align: "right",
    },
    ...varied.reduce<LayoutCell[]>((cells) => cells.concat([right("Low"), right("High")]), []),
  ]);
  const variants = varied.map((input, k) => ({
    low: { ...base, [input.key]: input.low } as Plan,
    high: { ...base, [input.key]: input.high } as Plan,
    row: sensitivityRows.get(input.key)!,
    k,
  }));
  const variantColumns = (make: (plan: Plan, letter: string, side: "low" | "high", k: number) => LayoutCell) =>
    variants.reduce<LayoutCell[]>(
      (cells, variant) =>
        cells.concat([
          make(variant.low, lowLetter(variant.k), "low", variant.k),
          make(variant.high, highLetter(variant.k), "high", variant.k),
        ]),
      [],
    );
  block(
    (field, row) => {
      const format =
        field.quantity === "price"
          ? currencyFormat(base.currency)
          : field.quantity === "text"
            ? NUMBER_FORMAT.text
            : workingsFormat(inputFormat(field.quantity));
      const baseCell = formulaCell(
        `IF(${pickBase(scenarioShape.input(field.key))}="","",${pickBase(scenarioShape.input(field.key))})`,
        pickedValue(base, field.key),
        format,
        "derived",
      );
      return [
        baseCell,
        ...variantColumns((plan, _letter, side, k) => {
          const own = varied[k].key === field.key;
          const formula = own ? `$${side === "low" ? "D" : "E"}$${variants[k].row}` : `$C${row}`;
          return formulaCell(formula, pickedValue(plan, field.key), format, "derived");
        }),
      ];
    },
    (key) => {
      const format = workingsFormat(DERIVED_ROWS.find((d) => d.key === key)!.numberFormat);
      return [
        formulaCell(derivedFormula(key, columnCells("C", workings)), derivedValue(key, base), format, "derived"),
        ...variantColumns((plan, letter) =>
          formulaCell(derivedFormula(key, columnCells(letter, workings)), derivedValue(key, plan), format, "derived"),
        ),
      ];
    },
    (key) => {
      const valueOf = (plan: Plan) => {
        const values = outputValues(plan);
        return isProblem(values) ? values : values[key];
      };
      const format = workingsFormat(outputFormat(key));
      return [
        formulaCell(outputFormula(key, columnCells("C", workings)), valueOf(base), format, "derived"),
        ...variantColumns((plan, letter) =>
          formulaCell(outputFormula(key, columnCells(letter, workings)), valueOf(plan), format, "derived"),
        ),
      ];
    },
  );
  const workingsLast = rows.length;

  const printedWidth = Math.max(8, 2 + others.length, 2 + 3 * count);
  // The printed sections size their columns; the workings below take those widths (their large
  // numbers in General, which shortens to fit rather than showing ####) and size only their own.
  // A target's reason runs on over the empty cells to its right and may be longer than the print is
  // wide: it does not widen the last column (the sentence is cut at the page's edge rather than the
  // whole sheet printed smaller).
  const printed = columnWidths(
    rows.slice(0, targetsLast).map((row, r) => (r + 1 >= targetsTop ? row.slice(0, 2) : row)),
  );
  const widths = columnWidths(rows).map((width, c) => (c < printedWidth ? printed[c] : width));
  for (const c of [0, 1]) widths[c] = Math.min(widths[c], labelColumnWidth(rows, c));
  return {
    rows,
    names,
    validations,
    columnWidths: widths,
    page: {
      frozenRows: 0,
      frozenColumns: 2,
      printArea: `A1:${columnLetter(printedWidth - 1)}${targetsLast}`,
      orientation: "landscape",
      pages: 3,
      rowBreaks: [scenariosLast, sensitivityLast],
    },
    tornado: {
      title: `${tornado.output.label}: each input at its low and its high`,
      output: inputs.tornadoOutput,
      categories,
      low: { name: `F${tableHeader}`, values: lowValues },
      high: { name: `G${tableHeader}`, values: highValues },
      base: {
        address: `C${workings.output(inputs.tornadoOutput)}`,
        value: typeof tornado.base === "number" ? tornado.base : undefined,
      },
      from: chartFrom,
      to: chartTo,
    },
    scenarios: {
      nameRow,
      columns: scenarioLetters,
      inputRows: PLAN_FIELDS.reduce(
        (all, field) => Object.assign(all, { [field.key]: scenarioRows.input(field.key) }),
        {} as Record<keyof Plan, number>,
      ),
      base: baseAddress,
    },
    sections: {
      scenarios: { first: scenariosFirst, last: scenariosLast },
      sensitivity: { first: sensitivityFirst, last: sensitivityLast },
      targets: { first: targetsFirst, last: targetsLast },
      workings: { first: workingsFirst, last: workingsLast },
    },
  };
}
