/*
 * Section 3 of the what-if sheet, the targets for the base scenario in closed form
 * (targetFormulas.ts): its inputs as named controls (a budget in hours, one in money, a serving share
 * of the bill), the base's price, and one answer per target, a per-clip time at each stage for three
 * targets, then the traffic; "Not reachable: <reason>" as text where no positive answer exists. The
 * answers read the base scenario's figures in the workings below.
 */
import { isProblem, Problem, problem } from "../../core/model/problems";
import { Plan, STAGE_NAMES, StageName, costOf } from "../../stages/model";
import { currencyFormat, moneyFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { LayoutCell } from "../../core/sheet/cell";
import * as inExcel from "../../core/excel/formulas";
import {
  budgetInHoursFormula,
  budgetInHoursValue,
  excelText,
  stageReasonFormula,
  stageReasonValue,
  TargetCells,
  targetFormula,
  TargetKind,
  targetValue,
} from "./targetFormulas";
import { columnLetter } from "../../core/excel/a1";
import { figureCell, RowSpan } from "../../core/sheet/rows";
import type { Names } from "../../core/sheet/sheetBasics";
import { rightHeader, SheetSection, VALUE_COLUMN, WhatIfRows } from "./whatIfRows";
import { pickedValue, WorkingsPlace } from "./workingsSection";
import { nonNegativeValidation, shareValidation } from "./whatIfRows";

/**
 * The targets' own inputs: a budget in hours per interval, one in money if the planner typed it (else the hours
 * budget at the base's price, as a formula), a serving share from 0 to 1.
 */
export interface TargetInputs {
  budgetHours: number;
  budget?: number;
  servingShare: number;
}

/** What is wrong with a target input, or undefined. */
export function targetInputsProblem({ budgetHours, budget, servingShare }: TargetInputs): Problem | undefined {
  const bad = (value: number) => !Number.isFinite(value) || value < 0;
  if (bad(budgetHours)) return problem("invalidNumber", `The hours budget must be 0 or more; got ${budgetHours}.`);
  if (budget !== undefined && bad(budget)) {
    return problem("invalidNumber", `The money budget must be 0 or more; got ${budget}.`);
  }
  if (!(servingShare >= 0 && servingShare <= 1)) {
    return problem("invalidNumber", `The serving share must be from 0 to 1; got ${servingShare}.`);
  }
  return undefined;
}

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

/**
 * The rows above the answers: heading, a note, the three inputs (the money budget's with the row of the budget
 * used) and the price, the helper rows (the budget in hours, each stage's reason), the header.
 */
const ROWS_ABOVE_ANSWERS = 8 + 1 + STAGE_NAMES.length;

/** The rows the section takes. */
export const TARGET_SECTION_HEIGHT = ROWS_ABOVE_ANSWERS + TARGET_ROWS.length;

/** What the money budget cell holds: the typed budget, the hours budget at the base's price, or "no price". */
const NO_PRICE = "no price";

/** The money budget of the targets: as typed, else the hours budget at the base's price; NO_PRICE without one. */
function moneyBudget(base: Plan, inputs: TargetInputs): number | string {
  if (inputs.budget !== undefined) return inputs.budget;
  if (base.pricePerHour === undefined) return NO_PRICE;
  const cost = costOf(inputs.budgetHours, base.pricePerHour);
  return isProblem(cost) ? NO_PRICE : cost;
}

/** The targets' section, and the first row of answers (a reason there may run past the print's width). */
export interface TargetSection extends SheetSection {
  span: RowSpan;
  answersFirst: number;
  /** the blue cell of the money budget (blank: the hours budget at the price), which the checks bound */
  moneyBudgetInput: string;
}

/** The targets for the base scenario `base`, their heading on sheet row `top`, read from the workings. */
export function targetSection(
  top: number,
  base: Plan,
  inputs: TargetInputs,
  workings: WorkingsPlace,
  named: Names,
): TargetSection {
  const writer = new WhatIfRows(top, named);
  writer.heading("3. Targets for the base scenario, solved in closed form (no Goal Seek)", { spaced: false });
  writer.push([
    {
      value:
        "The slowest serving time per clip (before peak-to-mean) that meets each target, and the traffic at " +
        "which serving is the share of the bill below.",
      role: "note",
    },
  ]);
  const { priceRow, moneyBudgetInput } = writeInputs(writer, base, inputs, workings, named);
  const budget = moneyBudget(base, inputs);
  const solved = { ...inputs, budget: typeof budget === "number" ? budget : 0 };
  const cells = writeHelpers(writer, base, solved.budget, targetCells(workings, priceRow, named));
  writer.push([{ value: "Target", role: "header" }, { value: "Unit", role: "header" }, rightHeader("Answer")]);
  const answersFirst = writer.nextRow;
  for (const target of TARGET_ROWS) {
    const value = targetValue(target.kind, base, solved, target.stage);
    const format = target.kind === "servingShare" ? NUMBER_FORMAT.clips : NUMBER_FORMAT.seconds;
    // No alignment: an answer is a number (right) or a reason (left), which runs on into the empty cells to its right.
    writer.labelled(
      target.label,
      figureCell(targetFormula(target.kind, cells, target.stage), value, format, "stage"),
      target.unit,
    );
  }
  return { ...writer.section(), span: writer.span(), answersFirst, moneyBudgetInput };
}

/**
 * The targets' inputs as named, validated controls, and the base's price; returns the price's row. The money
 * budget is the planner's typed figure, or a formula: the hours budget at the price, "no price" while the base
 * scenario has none (never a money figure made up from hours). Returns the price's row and the money budget's
 * blue cell.
 */
function writeInputs(
  writer: WhatIfRows,
  base: Plan,
  inputs: TargetInputs,
  workings: WorkingsPlace,
  named: Names,
): { priceRow: number; moneyBudgetInput: string } {
  const budgetHours = writer.labelled(
    "Budget in hours",
    {
      value: inputs.budgetHours,
      numberFormat: NUMBER_FORMAT.typed,
      role: "input",
    },
    "accelerator-hours (total)",
    { name: "WhatIfBudgetHours" },
  );
  writer.validate(nonNegativeValidation(budgetHours, "The hours budget", "accelerator-hours per interval"));
  writer.labelled(
    "Price per accelerator-hour",
    figureCell(
      `${workings.base}${workings.rows.input("pricePerHour")}`,
      pickedValue(base, "pricePerHour"),
      currencyFormat(base.currency),
      "derived",
    ),
    "from the base scenario",
  );
  const priceRow = writer.lastRow;
  const price = `$${columnLetter(VALUE_COLUMN)}$${priceRow}`;
  // The money budget: a blue cell, blank unless typed; the budget used, below it, is the typed one or the hours
  // budget at the price ("no price" without one, never a money figure made up from hours).
  const format = moneyFormat(base.currency);
  const typed: LayoutCell =
    inputs.budget !== undefined
      ? { value: inputs.budget, numberFormat: format, role: "input" }
      : { numberFormat: format, role: "input" };
  const input = writer.labelled("Budget in money", typed, "money (blank = the hours budget × the price above)");
  writer.validate(nonNegativeValidation(input, "The money budget", "per interval"));
  const fromHours = `IF(${price}="",${excelText(NO_PRICE)},${inExcel.costOf(named("WhatIfBudgetHours"), price)})`;
  writer.labelled(
    "Budget in money, used",
    figureCell(`IF(ISBLANK(${input}),${fromHours},${input})`, moneyBudget(base, inputs), format, "derived"),
    "money, at the price above",
    { name: "WhatIfBudget" },
  );
  const share = writer.labelled(
    "Serving share to reach",
    {
      value: inputs.servingShare,
      numberFormat: NUMBER_FORMAT.share,
      role: "input",
    },
    "of total hours (the bill)",
    { name: "WhatIfServingShare" },
  );
  writer.validate(shareValidation(share, "The serving share"));
  return { priceRow, moneyBudgetInput: input };
}

/**
 * The rows the answers share, each one formula: the money budget in hours (or why there is none) and each stage's
 * reason no per-clip time solves; the cells with those rows' addresses filled in. Each answer then reads them
 * instead of repeating their guards, which kept an answer five IFs deep (723 characters at Launch).
 */
function writeHelpers(writer: WhatIfRows, base: Plan, budget: number, cells: TargetCells): TargetCells {
  const at = () => `$${columnLetter(VALUE_COLUMN)}$${writer.lastRow}`;
  writer.labelled(
    "Budget in money, in accelerator-hours",
    figureCell(budgetInHoursFormula(cells), budgetInHoursValue(base, budget), NUMBER_FORMAT.hours, "derived"),
    "at the price above",
  );
  const filled: TargetCells = { ...cells, budgetInHours: at() };
  const reasons = new Map<StageName, string>();
  for (const stage of STAGE_NAMES) {
    writer.labelled(
      `${stage}: why no per-clip time solves`,
      figureCell(stageReasonFormula(filled, stage), stageReasonValue(base, stage), NUMBER_FORMAT.text, "derived"),
      "blank when the stage has traffic",
    );
    reasons.set(stage, at());
  }
  return { ...filled, stageReason: (stage) => reasons.get(stage)! };
}

/** The cells the target formulas read: the base scenario's column of the workings, the price, the controls. */
function targetCells(workings: WorkingsPlace, priceRow: number, named: Names): TargetCells {
  const { rows } = workings;
  /** The base scenario's cell in a row of the workings, absolute. */
  const base = (row: number) => `$${workings.base}$${row}`;
  return {
    effectiveTrainingHours: base(rows.derived("effectiveTrainingHours")),
    effectiveSecondsPerClip: base(rows.derived("effectiveSecondsPerClip")),
    peakToMean: base(rows.input("peakToMean")),
    launchClips: base(rows.input("launchClips")),
    stageClips: (stage) =>
      stage === "Prototype"
        ? base(rows.input("prototypeClips"))
        : base(rows.derived(stage === "Launch" ? "launchClipsUsed" : "scaleClipsUsed")),
    pricePerHour: `$${columnLetter(VALUE_COLUMN)}$${priceRow}`,
    budgetHours: named("WhatIfBudgetHours"),
    budget: named("WhatIfBudget"),
    servingShare: named("WhatIfServingShare"),
    // Filled in by writeHelpers, which writes their rows.
    stageReason: () => '""',
    budgetInHours: '""',
  };
}
