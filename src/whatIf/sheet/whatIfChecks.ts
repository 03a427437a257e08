/*
 * The what-if sheet's checks (core/sheet/checks.ts, the vocabulary), printed after the targets, and the master check
 * at the top that names the first failing one:
 *  - the base scenario's name is one of the scenarios' (its column found);
 *  - each scenario's inputs within their fields' bounds (PLAN_FIELDS' own checks, a check per input and column:
 *    a negative time, a zero interval, a peak-to-mean under 1), and the sheet's controls within theirs (a move of
 *    -100% or less, a serving share over 100%, a negative budget);
 *  - no printed figure an error value;
 *  - each scenario's formula rows by a second route from its inputs alone (the stage totals, the crossover, the
 *    traffic used, the training shares), so a number typed over a derived figure or an output is caught;
 *  - each output's changes against the base by two routes (the change cells' sum against the scenarios' sum less
 *    the base's times their count), so a number typed over a change is caught.
 *  - where the sheet has both ledgers (ledgerSection.ts), each ledger input within its field's bounds
 *    (LEDGER_FIELDS' own checks: a negative drift, cost of an error or cost a run), with the other bounds; and, after
 *    the changes, per scenario the net against the saving minus the staleness added, and the best whole month's
 *    cost against its neighbours' (each 0 where the ledger is not counted), as the annual sheet's ledger checks.
 * A check is named by its scenario's column letter ("D: Serving time per clip: more than 0"), never by the
 * scenario's name, which the planner may edit in the sheet after it is written.
 */
import { ScenarioState, StageScenarioComparison } from "../model/scenarios";
import { Plan, PLAN_FIELDS, PlanField, STAGE_NAMES, STAGE_OUTPUTS, StageOutputKey } from "../../stages/model";
import { Problem } from "../../core/model/problems";
import { SECONDS_PER_HOUR } from "../../core/model/units";
import type { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell, Row, RowSpan } from "../../core/sheet/rows";
import { Names } from "../../core/sheet/sheetBasics";
import {
  addCheckRows,
  boundCheck,
  BoundedInput,
  CHECK_TOLERANCE,
  CheckBound,
  fieldBoundChecks,
  masterCheckCell,
  noErrorCheck,
  PlacedChecks,
  SheetCheck,
  twoRoutesCheck,
} from "../../core/sheet/checks";
import { columnLetter } from "../../core/excel/a1";
import { columnCells, derivedFormula, derivedValue, DerivedKey } from "./columnFormulas";
import { varianceFormat, type ScenarioSection } from "./scenarioSection";
import { SheetSection, VALUE_COLUMN, WhatIfRows } from "./whatIfRows";
import {
  ledgerBoundChecks,
  LedgerCheckCells,
  ledgerChecks,
  LedgerCheckStyle,
  LedgerCheckValues,
} from "../../ledgers/sheet";
import type { LedgerInputs } from "../../ledgers/model";

/** The rows of the checks section above its checks: its heading and the tolerance. */
const CHECKS_HEADER_ROWS = 2;

/** What the checks read of the ledger section (ledgerSection.ts): its inputs' cells and values, each scenario's. */
export interface LedgerCheckPlace {
  /** each ledger input's blue cell (its defined name), by key */
  inputCells: Record<keyof LedgerInputs, string>;
  ledger: LedgerInputs;
  /** the money format of the section's figures, for the checks' routes */
  money: string;
  /** one a scenario, in the scenarios' order: its column letter, its checked figures' cells and the model's values */
  scenarios: { letter: string; cells: LedgerCheckCells; values: LedgerCheckValues }[];
}

/** What the checks read of the sheet: the state, the model's figures and the scenarios' cells. */
export interface WhatIfCheckContext {
  state: ScenarioState<Plan>;
  comparison: StageScenarioComparison;
  scenarios: ScenarioSection;
  named: Names;
  /** the ledger section's cells and figures, where the sheet has one */
  ledger?: LedgerCheckPlace;
}

/** A control of the sheet the checks bound: the moves, the budgets, the serving share. */
export type ControlId = "lowMove" | "highMove" | "budgetHours" | "moneyBudget" | "servingShare";

/** Where the checks' rows find what only the sections below the scenarios place. */
export interface CheckPlaces {
  /** the tolerance's cell, in the checks' section */
  tolerance: string;
  /** a control's blue cell */
  controlCell: (id: ControlId) => string;
  /** the check that no printed figure is an error value, which reads the printed rows */
  noError: SheetCheck;
}

/** The sheet's checks, given their places, and the rows the section takes (known before the places are). */
export interface WhatIfChecks {
  list: (places: CheckPlaces) => SheetCheck[];
  height: number;
}

/** Whether two routes' figures agree within the tolerance of the second's size, as the sheet decides it. */
const agree = (a: number, b: number, scale = Math.abs(b)) =>
  Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) <= CHECK_TOLERANCE * scale;

/** A number of the model, or NaN for a Problem or a blank. */
const numberOf = (value: number | Problem | string | undefined): number => (typeof value === "number" ? value : NaN);

const MORE_THAN_MINUS_ONE: CheckBound = { minimum: -1, exclusiveMinimum: true, text: "more than -100%" };

/** The controls' bounds, each as its validation states it. */
const CONTROL_BOUNDS: readonly (BoundedInput & { id: ControlId; bound: CheckBound })[] = [
  { id: "lowMove", label: "Low move", unit: "%", bound: MORE_THAN_MINUS_ONE },
  { id: "highMove", label: "High move", unit: "%", bound: MORE_THAN_MINUS_ONE },
  { id: "budgetHours", label: "Hours budget", unit: "accelerator-hours", bound: { minimum: 0, text: "0 or more" } },
  {
    id: "moneyBudget",
    label: "Money budget",
    unit: "money",
    bound: { minimum: 0, text: "0 or more" },
    blankMeans: "the hours budget × the price",
  },
  {
    id: "servingShare",
    label: "Serving share of the bill",
    unit: "share",
    bound: { minimum: 0, maximum: 1, text: "from 0% to 100%" },
  },
];

/** The checks of the controls, over their cells and the values `valueOf` gives (undefined when blank). */
function controlChecks(
  cellOf: (id: ControlId) => string,
  valueOf: (id: ControlId) => number | undefined,
): SheetCheck[] {
  return CONTROL_BOUNDS.map((control) => boundCheck(control, control.bound, cellOf(control.id), valueOf(control.id)));
}

/** Each scenario's inputs within their fields' bounds, a check per input and column, named by the column. */
function scenarioBoundChecks({ state, scenarios }: WhatIfCheckContext): SheetCheck[] {
  return state.scenarios.flatMap((scenario, i) => {
    const letter = scenarios.letters[i];
    const checks = fieldBoundChecks<PlanField>(
      PLAN_FIELDS,
      (field) => `${letter}${scenarios.block.input(field.key)}`,
      (field) => scenario.inputs[field.key],
    );
    return checks.map((check) => ({
      ...check,
      name: `${letter}: ${check.name}`,
      failure: `In column ${letter}: ${check.failure}`,
    }));
  });
}

/** One two-route check whose routes' cells cache the model's figures `values`, in `format`. */
function routes(
  name: string,
  formulas: readonly [string, string],
  values: readonly [number, number],
  format: string,
  tolerance: string,
  failure: string,
): SheetCheck {
  const cells = [0, 1].map((i) => figureCell(formulas[i], values[i], format)) as [LayoutCell, LayoutCell];
  return twoRoutesCheck(name, cells, tolerance, failure, agree(values[0], values[1]));
}

/** The figures of one scenario column: its cells' addresses and the model's values. */
function columnFigures(context: WhatIfCheckContext, i: number) {
  const { scenarios, state, comparison } = context;
  const letter = scenarios.letters[i];
  const cells = columnCells(letter, scenarios.block);
  const plan = state.scenarios[i].inputs;
  const values = comparison.columns[i].values as Record<StageOutputKey, number | Problem>;
  const output = (key: StageOutputKey) => numberOf(values[key]);
  const derived = (key: DerivedKey) => numberOf(derivedValue(key, plan));
  return { letter, cells, plan, output, derived };
}

/** The second routes of one scenario column: its formula rows against its inputs alone. */
function columnRouteChecks(context: WhatIfCheckContext, i: number, tolerance: string): SheetCheck[] {
  const { letter, cells, plan, output, derived } = columnFigures(context, i);
  const input = cells.input;
  const perClip = `${input("secondsPerClip")}*${input("peakToMean")}/${SECONDS_PER_HOUR}`;
  const run = `${input("trainingHours")}*${input("trainingOverhead")}`;
  const perClipValue = (plan.secondsPerClip * (plan.peakToMean ?? 1)) / SECONDS_PER_HOUR;
  const runValue = plan.trainingHours * (plan.trainingOverhead ?? 1);
  const totals = STAGE_NAMES.map((stage) => cells.output(`totalHours${stage}`));
  const shares = STAGE_NAMES.map((stage) => cells.output(`trainingShare${stage}`));
  const traffic = `${input("prototypeClips")}+${cells.derived("launchClipsUsed")}+${cells.derived("scaleClipsUsed")}`;
  const trafficValue = plan.prototypeClips + derived("launchClipsUsed") + derived("scaleClipsUsed");
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const totalValues = STAGE_NAMES.map((stage) => output(`totalHours${stage}`));
  const typedOver = "a number is typed over a formula in that column";
  return [
    routes(
      `${letter}: stage hours, two routes`,
      [totals.join("+"), `(${traffic})*${perClip}+${STAGE_NAMES.length}*${run}`],
      [sum(totalValues), trafficValue * perClipValue + STAGE_NAMES.length * runValue],
      NUMBER_FORMAT.hours,
      tolerance,
      `In column ${letter}, the stages' total hours are not their clips × seconds × peak-to-mean plus a run × ` +
        `overhead each: ${typedOver} (a total or a derived figure).`,
    ),
    routes(
      `${letter}: the crossover, two routes`,
      [`${cells.output("crossoverClips")}*${perClip}`, run],
      [output("crossoverClips") * perClipValue, runValue],
      NUMBER_FORMAT.hours,
      tolerance,
      `In column ${letter}, the crossover's serving hours are not one training run × overhead: ${typedOver}.`,
    ),
    routes(
      `${letter}: traffic used, two routes`,
      [
        `${cells.derived("launchClipsUsed")}+${cells.derived("scaleClipsUsed")}`,
        `${derivedFormula("launchClipsUsed", cells)}+${derivedFormula("scaleClipsUsed", cells)}`,
      ],
      [derived("launchClipsUsed") + derived("scaleClipsUsed"), derived("launchClipsUsed") + derived("scaleClipsUsed")],
      NUMBER_FORMAT.clips,
      tolerance,
      `In column ${letter}, the launch and scale traffic used are not the typed traffic or its default: ${typedOver}.`,
    ),
    routes(
      `${letter}: training shares, two routes`,
      [shares.join("+"), `${run}*(${totals.map((t) => `1/${t}`).join("+")})`],
      [sum(STAGE_NAMES.map((stage) => output(`trainingShare${stage}`))), runValue * sum(totalValues.map((t) => 1 / t))],
      NUMBER_FORMAT.share,
      tolerance,
      `In column ${letter}, the training shares are not a run × overhead over each stage's total: ${typedOver}.`,
    ),
  ];
}

/**
 * Each output's changes against the base by two routes: their sum, and the scenarios' sum less the base's figure
 * times their count; within the tolerance of the scenarios' sum (every output is 0 or more, so that sum bounds each
 * figure, and a row of equal scenarios, whose changes are all 0, still compares).
 */
function changeChecks({ state, comparison, scenarios }: WhatIfCheckContext, tolerance: string): SheetCheck[] {
  const { letters } = scenarios;
  const count = letters.length;
  const changeLetters = letters.map((_, i) => columnLetter(VALUE_COLUMN + count + i));
  return STAGE_OUTPUTS.map((output): SheetCheck => {
    const row = scenarios.block.output(output.key);
    const own = `${letters[0]}${row}:${letters[count - 1]}${row}`;
    const values = comparison.columns.map((column) =>
      numberOf((column.values as Record<StageOutputKey, number | Problem>)[output.key]),
    );
    const changes = comparison.columns.map((column) => numberOf(column.variances[output.key].absolute));
    const sumOf = (list: number[]) => list.reduce((a, b) => a + b, 0);
    const a = sumOf(changes);
    const b = sumOf(values) - count * values[state.baseIndex];
    // Both routes are sums of changes, so they read as the changes do: signed, a share's in points.
    const format = varianceFormat(output.key);
    const cells: [LayoutCell, LayoutCell] = [
      figureCell(`SUM(${changeLetters[0]}${row}:${changeLetters[count - 1]}${row})`, a, format),
      figureCell(`SUM(${own})-${count}*${scenarios.pickBase(row)}`, b, format),
    ];
    return {
      name: `${output.label}: changes, two routes`,
      figures: cells,
      holds: ([x, y]) => `ABS(${x}-${y})<=${tolerance}*SUM(${own})`,
      failure:
        `The changes of ${output.label.toLowerCase()} against the base are not each scenario's figure less the ` +
        "base's: a number is typed over a change.",
      held: agree(a, b, Math.abs(sumOf(values))),
    };
  });
}

/**
 * The what-if's words for a scenario's two ledger checks (ledgers/sheet's ledgerChecks, the annual sheet's checks a
 * column each), named by the column's letter, over the tolerance's cell.
 */
const ledgerCheckStyle = (letter: string, money: string, tolerance: string): LedgerCheckStyle => ({
  net: {
    name: `${letter}: both ledgers' net, two routes`,
    failure:
      `In column ${letter}, the net a year of both ledgers is not the saving minus the staleness added: a figure ` +
      "was typed over.",
  },
  best: {
    name: `${letter}: best whole month, its neighbours`,
    failure:
      `In column ${letter}, a whole month next to the best one costs less a month: a ledger figure was typed ` +
      "over.",
  },
  tolerance,
  format: money,
});

/** Each scenario's two ledger checks, where the sheet has both ledgers. */
function scenarioLedgerChecks(ledger: LedgerCheckPlace | undefined, tolerance: string): SheetCheck[] {
  return (ledger?.scenarios ?? []).flatMap(({ letter, cells, values }) =>
    ledgerChecks(cells, values, ledgerCheckStyle(letter, ledger!.money, tolerance)),
  );
}

/**
 * The sheet's checks from the scenarios, in the order the master check reads them: the base found, the inputs' and
 * controls' bounds, no error value, the routes; with the height the section takes, known from the scenarios before
 * the sections below them are placed. `controls` gives each control's value (undefined when left blank).
 */
export function whatIfChecks(
  context: WhatIfCheckContext,
  controls: (id: ControlId) => number | undefined,
): WhatIfChecks {
  const { scenarios, state } = context;
  const base: SheetCheck = {
    name: "The base scenario is a scenario",
    holds: () => `ISNUMBER(${scenarios.positionAddress})`,
    errorProof: true,
    failure: `The base scenario's name must be one of the scenario names in row ${scenarios.nameRow}, as spelled.`,
    held: true,
  };
  const bounds = scenarioBoundChecks(context);
  const { ledger } = context;
  const ledgerBounds = ledger ? ledgerBoundChecks((key) => ledger.inputCells[key], ledger.ledger) : [];
  const list = ({ tolerance, controlCell, noError }: CheckPlaces) => [
    base,
    ...bounds,
    ...controlChecks(controlCell, controls),
    ...ledgerBounds,
    noError,
    ...state.scenarios.flatMap((_, i) => columnRouteChecks(context, i, tolerance)),
    ...changeChecks(context, tolerance),
    ...scenarioLedgerChecks(ledger, tolerance),
  ];
  const placeholder: CheckPlaces = { tolerance: "C1", controlCell: () => "C1", noError: base };
  return { list, height: CHECKS_HEADER_ROWS + list(placeholder).length };
}

/** The checks' section and where its flags are, for the master check at the top. */
export interface ChecksSection extends SheetSection {
  span: RowSpan;
  placed: PlacedChecks;
}

/**
 * The checks' section, its heading on sheet row `top`: the tolerance, then `checks`' rows, with the check that no
 * figure in `printed.range` is an error value (`printed.rows`, whose cached values say whether the model's figures
 * hold it) and the controls' cells from `controlCell`.
 */
export function checksSection(
  top: number,
  checks: WhatIfChecks,
  printed: { range: string; rows: readonly Row[] },
  controlCell: (id: ControlId) => string,
  named: Names,
): ChecksSection {
  const rows = new WhatIfRows(top, named);
  rows.heading("4. Checks: 0 where each holds, 1 where it fails (the master check at the top names the first)", {
    spaced: false,
  });
  const tolerance = rows.labelled(
    "Check tolerance",
    { value: CHECK_TOLERANCE, numberFormat: "0.0E+00", role: "derived" },
    // Shorter than the stage and annual sheets' words: the units' column is as wide as its longest text, and a
    // page at the readable scale holds the labels, the units and the ledger's five columns (WHAT_IF_PAGE_FIT).
    "relative: two routes agree within this share",
  );
  const noError = noErrorCheck(
    "No printed figure is an error value",
    printed.range,
    `A cell in ${printed.range} shows an error value (#DIV/0!, #VALUE!...): an input above is blank or out of ` +
      "its bounds.",
    !printed.rows.some((row) => row.some((cell) => typeof cell?.cached === "object" && cell.cached !== null)),
  );
  const placed = addCheckRows(rows, checks.list({ tolerance, controlCell, noError }));
  return { ...rows.section(), span: rows.span(), placed };
}

/** The master check's row, under the title: its words name the first failing check of `placed`. */
export function masterCheckRow(placed: PlacedChecks, checksTop: number): Row {
  return [
    { value: "Checks", role: "label" },
    { value: `section 4, row ${checksTop}`, role: "unit" },
    masterCheckCell(placed),
  ];
}
