/*
 * The what-if sheet of the stage view, as plain data in the stage sheet's finish (LayoutCell,
 * roles, number formats, widths): three sections, every figure a native formula over the blue
 * input cells and a few named controls, so the answers stay live for every reader, add-in or not.
 *
 *  1. Scenarios side by side (scenarioSection.ts): one column of inputs per scenario, the source of
 *     truth, and every output against the base scenario's, itself an input cell holding its name.
 *  2. Sensitivity (sensitivitySection.ts): each numeric input of the base scenario moved alone to a
 *     low and a high, the swing of every output, room for the tornado.
 *  3. Targets in closed form for the base scenario (targetSection.ts).
 *
 * Below the printed sections, the workings (workingsSection.ts): the whole model at each low and
 * high end, which the sensitivity and the targets read. Each section is written from its top row,
 * and each top follows from the heights of the sections above (known from the state before any is
 * written), so a section may refer to one below it without a first pass over the sheet.
 *
 * Every formula cell carries the model's value (compareScenarios, sensitivity, the target
 * functions) as its cached value; test/whatIf/sheet/whatIf*.test.ts recalculates the sheet in
 * HyperFormula and IronCalc, and test/e2e/whatIfSheet.e2e.ts in LibreOffice, against those values.
 */
import { compareScenarios, DEFAULT_STAGE_SCENARIOS, ScenarioState, StageScenarioComparison } from "../model/scenarios";
import {
  DEFAULT_HIGH_FRACTION,
  DEFAULT_LOW_FRACTION,
  Sensitivity,
  sensitivity,
  SwingRange,
} from "../../sensitivity/model";
import { Plan, PLAN_FIELDS, STAGE_OUTPUTS, STAGE_VIEW, StageOutputKey } from "../../stages/model";
import type { TornadoChart } from "../../sensitivity/sheet";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { rangeAddress } from "../../core/excel/a1";
import { LayoutName, Names } from "../../core/sheet/sheetBasics";
import { ROLE_STYLES } from "../../core/sheet/styles";
import { columnWidths, shownText } from "../../core/sheet/widths";
import { Row, RowSpan } from "../../core/sheet/rows";
import { SheetSection, VALUE_COLUMN, WhatIfRows } from "./whatIfRows";
import { SCENARIO_SECTION_HEIGHT, scenarioSection } from "./scenarioSection";
import { sensitivityHeight, sensitivitySection, SWING_TABLE_WIDTH } from "./sensitivitySection";
import { TARGET_SECTION_HEIGHT, TargetInputs, targetInputsProblem, targetSection } from "./targetSection";
import { workingsPlace, workingsSection } from "./workingsSection";
import { WhatIfValidation } from "./whatIfRows";
import { checksSection, ControlId, masterCheckRow, whatIfChecks } from "./whatIfChecks";
import type { PageFit } from "../../core/writers/pageFinish";
import { ledgerGiven, LedgerInputs } from "../../ledgers/model";
import { LEDGER_SECTION_HEIGHT, ledgerSection } from "./ledgerSection";

/** The base name of the what-if worksheet ("What-if (2)" for a second copy, as the stage sheet's). */
export const WHAT_IF_SHEET_NAME = "What-if";

/**
 * How it prints, in both writers: as tall as the breaks after the sections make it (pages), at the readable scale
 * across pages where it is wider than one (pageFinish.ts's printPlan). Excel's Narrow margins at the sides (0.25
 * inch, Page Layout > Margins > Narrow) give a page the labels, the units and five columns: the ledger's two
 * scenarios and its cadence table print on one page, its Yearly net beside its Quarterly one (measured in LibreOffice,
 * test/e2e/printedPages.e2e.ts: with Excel's Normal 0.7 inch the Yearly column printed six pages on).
 */
export const WHAT_IF_PAGE_FIT: PageFit = {
  pagesTall: 0,
  margins: { left: 0.25, right: 0.25, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
};

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
  /**
   * a budget in money per interval the planner typed; when absent the sheet's money budget is a formula, the
   * hours budget at the base scenario's price, and "no price" while the base has none
   */
  budget?: number;
  /** the serving share of the bill to reach, 0 to 1 (DEFAULT_TARGET_INPUTS) */
  servingShare?: number;
  /**
   * the staleness ledger's inputs the planner typed (the pane's ledger section): when any is given, both ledgers'
   * section follows the targets; absent or all blank, the sheet is as it was without the ledger
   */
  ledger?: LedgerInputs;
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

export type { RowSpan };

/** The what-if sheet. Rows start at A1; a row may be shorter than the widest. */
export interface WhatIfLayout {
  rows: Row[];
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
  sections: Record<"scenarios" | "sensitivity" | "targets" | "checks" | "workings", RowSpan>;
}

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
  const servingShare = options.servingShare ?? DEFAULT_TARGET_INPUTS.servingShare;
  const targets = { budgetHours, ...(options.budget === undefined ? {} : { budget: options.budget }), servingShare };
  const badTarget = targetInputsProblem(targets);
  if (badTarget) return badTarget;
  const tornadoOutput = options.tornadoOutput ?? "crossoverClips";
  if (!STAGE_OUTPUTS.some((output) => output.key === tornadoOutput)) {
    return problem("invalidValue", `The tornado's output must be one of the stage view's; got ${tornadoOutput}.`);
  }

  return composeSheet(
    {
      state,
      comparison,
      swings,
      chartNote: options.chartNote === true,
      lowFraction,
      highFraction,
      tornadoOutput,
      targets,
      ledger: ledgerGiven(options.ledger),
    },
    (baseName) => baseName + nameSuffix,
  );
}

/** Everything the sheet is written from, checked. */
interface SheetInputs {
  state: ScenarioState<Plan>;
  comparison: StageScenarioComparison;
  swings: Sensitivity<Plan, StageOutputKey>;
  chartNote: boolean;
  lowFraction: number;
  highFraction: number;
  tornadoOutput: StageOutputKey;
  targets: TargetInputs;
  /** the ledger's inputs when any is given */
  ledger?: LedgerInputs;
}

/**
 * The title, its note and the master check's row, above the sections: new rows each time, since a caller may edit
 * a layout's cells.
 */
const titleRows = (master: Row): Row[] => [
  [{ value: "What-if: scenarios side by side, sensitivity and targets", role: "title" }],
  [
    {
      value:
        "Accelerator-hours per retrain interval. Blue cells are inputs: change one and every figure follows, " +
        "with or without the add-in.",
      role: "note",
    },
  ],
  master,
];

/** The rows above the first section: the title, its note and the master check (the scenarios' heading follows). */
const TITLE_ROWS = 3;

/**
 * The sheet from checked inputs. Each section's top is the heights above it plus a blank row between
 * sections, so the workings' place is known before the sensitivity and the targets that read it; the checks'
 * height is known from the scenarios before the sections below them are placed.
 */
function composeSheet(inputs: SheetInputs, named: Names): WhatIfLayout {
  const { state, swings, chartNote } = inputs;
  const base = state.scenarios[state.baseIndex];
  const scenariosTop = TITLE_ROWS + 1;
  const sensitivityTop = scenariosTop + SCENARIO_SECTION_HEIGHT + 1;
  const targetsTop = sensitivityTop + sensitivityHeight(swings, chartNote) + 1;
  const ledgerTop = targetsTop + TARGET_SECTION_HEIGHT + 1;
  const checksTop = ledgerTop + (inputs.ledger ? LEDGER_SECTION_HEIGHT + 1 : 0);

  const scenarios = scenarioSection(scenariosTop, state, inputs.comparison, named);
  // The ledger reads the scenarios' cells only, so it is written before the checks, which read its figures.
  const ledger =
    inputs.ledger &&
    ledgerSection(
      ledgerTop,
      {
        state,
        letters: scenarios.letters,
        block: scenarios.block,
        pickBase: scenarios.pickBase,
        ledger: inputs.ledger,
      },
      named,
    );
  const checks = whatIfChecks(
    { state, comparison: inputs.comparison, scenarios, named, ledger: ledger?.checkPlace },
    (id) => controlValue(inputs, id),
  );
  const workingsTop = checksTop + checks.height + 1;
  const workings = workingsPlace(workingsTop);
  const { lowFraction, highFraction, tornadoOutput } = inputs;
  const sensitivity = sensitivitySection(
    sensitivityTop,
    { swings, base: base.inputs, tornadoOutput, lowFraction, highFraction, chartNote },
    workings,
    named,
  );
  const targets = targetSection(targetsTop, base.inputs, inputs.targets, workings, named);
  // The widest printed table: the sensitivity's, the other outputs' or the scenarios' with their changes.
  const printedWidth = Math.max(
    SWING_TABLE_WIDTH,
    VALUE_COLUMN + STAGE_OUTPUTS.length - 1,
    VALUE_COLUMN + 3 * state.scenarios.length,
  );
  const printed = {
    range: rangeAddress(scenariosTop - 1, 0, targets.span.last - scenariosTop + 1, printedWidth),
    rows: [scenarios, sensitivity, targets].flatMap((section) => section.rows),
  };
  const controlCell = (id: ControlId) => (id === "moneyBudget" ? targets.moneyBudgetInput : named(CONTROL_NAMES[id]));
  const checkRows = checksSection(checksTop, checks, printed, controlCell, named);
  const workingsRows = workingsSection(
    workingsTop,
    {
      base: base.inputs,
      baseName: base.name,
      pickBase: scenarios.pickBase,
      scenarioRows: scenarios.block,
      varied: swings.varied,
      endCell: sensitivity.endCell,
    },
    named,
  );
  const sections = [scenarios, sensitivity, targets, ...(ledger ? [ledger] : []), checkRows, workingsRows];
  const title = titleRows(masterCheckRow(checkRows.placed, checksTop));
  const { rows, names, validations } = joinSections(title, sections, named);
  return {
    rows,
    names,
    validations,
    columnWidths: sheetColumnWidths(rows, printedWidth, targets.answersFirst, targets.span.last),
    page: {
      frozenRows: 0,
      frozenColumns: VALUE_COLUMN,
      printArea: rangeAddress(0, 0, checkRows.span.last, printedWidth),
      orientation: "landscape",
      pages: 4,
      rowBreaks: [scenarios.span.last, sensitivity.span.last, targets.span.last, ...(ledger ? [ledger.span.last] : [])],
    },
    tornado: sensitivity.tornado,
    scenarios: {
      nameRow: scenarios.nameRow,
      columns: scenarios.letters,
      inputRows: PLAN_FIELDS.reduce(
        (all, field) => Object.assign(all, { [field.key]: scenarios.block.input(field.key) }),
        {} as Record<keyof Plan, number>,
      ),
      base: scenarios.baseAddress,
    },
    sections: {
      scenarios: scenarios.span,
      sensitivity: sensitivity.span,
      targets: targets.span,
      checks: checkRows.span,
      workings: workingsRows.span,
    },
  };
}

/** The defined name of each control but the money budget, whose blue cell has none (its used figure does). */
const CONTROL_NAMES: Record<Exclude<ControlId, "moneyBudget">, string> = {
  lowMove: "WhatIfLowMove",
  highMove: "WhatIfHighMove",
  budgetHours: "WhatIfBudgetHours",
  servingShare: "WhatIfServingShare",
};

/** The value a control's cell holds: the moves, the budgets (undefined when the money budget is left blank). */
function controlValue(inputs: SheetInputs, id: ControlId): number | undefined {
  const values: Record<ControlId, number | undefined> = {
    lowMove: inputs.lowFraction,
    highMove: inputs.highFraction,
    budgetHours: inputs.targets.budgetHours,
    moneyBudget: inputs.targets.budget,
    servingShare: inputs.targets.servingShare,
  };
  return values[id];
}

/**
 * The sheet: the title's rows, then each section after a blank row, with its names and validations. A section
 * that does not start where it was placed means a height above it was miscounted, and its references with
 * it: the rows' add throws (a fault of this code, never of the state).
 */
function joinSections(title: Row[], sections: readonly SheetSection[], named: Names): WhatIfRows {
  const sheet = new WhatIfRows(1, named);
  for (const row of title) sheet.push(row);
  // The master check's row stands where the blank above the first section was: no section moved for it.
  sections.forEach((section, i) => {
    if (i > 0) sheet.blank();
    sheet.add(section);
  });
  return sheet;
}

/**
 * The sheet's column widths. The printed sections size their columns; the workings below take those
 * widths (their large numbers in General, which shortens to fit rather than showing ####) and size
 * only their own. A target's reason runs on over the empty cells to its right and may be longer than
 * the print is wide: it does not widen the last column (the sentence is cut at the page's edge rather
 * than the whole sheet printed smaller).
 */
function sheetColumnWidths(
  rows: readonly Row[],
  printedWidth: number,
  answersFirst: number,
  printedLast: number,
): number[] {
  const printed = columnWidths(
    rows.slice(0, printedLast).map((row, r) => (r + 1 >= answersFirst ? row.slice(0, 2) : row)),
  );
  const widths = columnWidths(rows).map((width, c) => (c < printedWidth ? printed[c] : width));
  for (const c of [0, 1]) widths[c] = Math.min(widths[c], labelColumnWidth(rows, c));
  return widths;
}
