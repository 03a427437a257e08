/*
 * The targets of the what-if view, for the base scenario, solved in closed form by the model (targets.ts): the
 * per-clip time at which each stage's serving equals its training, or meets a budget of hours or of money, and
 * the traffic at which serving reaches a share of the bill. The budgets and the share as typed are read here;
 * every answer is the model's number, or a note with its sentence ("Not reachable: ...") where no positive answer
 * exists: a table of stages stays narrow, and a reason shared by several targets is said once.
 */
import {
  clipsForServingShareOfPlan,
  secondsPerClipAtParity,
  secondsPerClipForBudgetCost,
  secondsPerClipForBudgetHours,
  isNotReachable,
} from "../model/targets";
import { isProblem, problem, Problem } from "../../core/model/problems";
import { Plan, STAGE_NAMES, StageName } from "../../stages/model";
import { formatSeconds, NO_FIGURE, parsePercent } from "../../sensitivity/pane";
import { parseNumber, sentence } from "../../core/pane/formReading";
import { formatCost, formatCount, formatHours, formatShareSignificant } from "../../core/pane/format";

/** The targets' inputs as typed: a budget in hours, one in money (blank = hours x price), a serving share in %. */
export interface TargetSettings {
  budgetHours: string;
  budget: string;
  servingShare: string;
}

/** The defaults: 11,400 hours (20 ms at scale in the worked example), the money budget blank, 90%. */
export const DEFAULT_TARGET_SETTINGS: TargetSettings = { budgetHours: "11,400", budget: "", servingShare: "90" };

/** The targets' inputs read: numbers when valid (budget undefined when blank), messages by setting otherwise. */
export interface TargetReading {
  inputs?: { budgetHours: number; budget?: number; servingShare: number };
  errors: Partial<Record<keyof TargetSettings, string>>;
}

/** Reads the targets' inputs: budgets 0 or more, the share from 0 to 100%. */
export function readTargetSettings(settings: TargetSettings): TargetReading {
  const errors: TargetReading["errors"] = {};
  const nonNegative = (text: string, what: string): number | undefined => {
    const value = parseNumber(text);
    if (typeof value === "number" && value >= 0) return value;
    errors[what as keyof TargetSettings] = typeof value === "string" ? value : "Enter 0 or more.";
    return undefined;
  };
  const budgetHours = nonNegative(settings.budgetHours, "budgetHours");
  const budget = settings.budget.trim() === "" ? undefined : nonNegative(settings.budget, "budget");
  const share = parsePercent(settings.servingShare);
  if (typeof share === "string") errors.servingShare = share;
  else if (!(share >= 0 && share <= 1)) errors.servingShare = "Enter a share from 0 to 100%.";
  if (Object.keys(errors).length > 0) return { errors };
  return { inputs: { budgetHours: budgetHours!, budget, servingShare: share as number }, errors };
}

/** The money budget the targets use: the one typed, else the hours budget at the base scenario's price. */
export function moneyBudget(plan: Plan, inputs: NonNullable<TargetReading["inputs"]>): number | undefined {
  if (inputs.budget !== undefined) return inputs.budget;
  return plan.pricePerHour === undefined ? undefined : inputs.budgetHours * plan.pricePerHour;
}

/** What to fix when the hours budget at the base's price is past a double's range (a price of 1e308). */
const TOO_LARGE =
  "past the largest number a figure holds (1.8E308): type a money budget, or a smaller hours budget or price.";

/**
 * The line under the money budget: what its blank stands for, worked out at the base scenario's price; past a
 * double's range, what to fix (the figure, Infinity, read "∞ENaN").
 */
export function moneyBudgetHint(base: Plan | undefined, inputs: TargetReading["inputs"]): string {
  const budget = base && inputs ? moneyBudget(base, inputs) : undefined;
  if (budget === undefined) return `Blank = hours budget × price${base ? "; the base has no price" : ""}`;
  if (!Number.isFinite(budget)) return `Blank = hours budget × price, which is ${TOO_LARGE}`;
  return `Blank = hours budget × price: ${formatCost(budget, base?.currency)}`;
}

/** An answer as a cell shows it: the figure, or "Not reachable" / "—" with the number of the note saying why. */
export interface TargetCell {
  text: string;
  /** the note (from 1) that says why there is no figure */
  note?: number;
}

/** The targets as the view shows them: a row per kind of target, a column per stage, the share apart, the notes. */
export interface TargetTable {
  stages: readonly StageName[];
  rows: { label: string; cells: TargetCell[] }[];
  share: { label: string; answer: TargetCell };
  /** why each unanswered target has no figure, in full ("Not reachable: ..."); the same reason once */
  notes: string[];
}

/**
 * Every target for `plan`, in the sheet's order: the per-clip time at which each stage's serving equals its
 * training, meets the hours budget, meets the money budget; then the traffic at which serving is the share.
 */
export function targetTable(plan: Plan, inputs: NonNullable<TargetReading["inputs"]>): TargetTable {
  const notes: string[] = [];
  const cell = (value: number | Problem, format: (n: number) => string): TargetCell => {
    if (!isProblem(value)) return { text: format(value) };
    const why = sentence(value.message);
    if (notes.indexOf(why) < 0) notes.push(why);
    return { text: isNotReachable(value) ? "Not reachable" : NO_FIGURE, note: notes.indexOf(why) + 1 };
  };
  const budget = moneyBudget(plan, inputs);
  const tooLarge = budget !== undefined && !Number.isFinite(budget);
  const money = budget === undefined || tooLarge ? "the money budget" : formatCost(budget, plan.currency);
  const costTarget = (stage: StageName): number | Problem =>
    tooLarge
      ? problem("invalidNumber", `The hours budget × price is ${TOO_LARGE}`)
      : secondsPerClipForBudgetCost(plan, stage, budget ?? 0);
  const row = (label: string, solve: (stage: StageName) => number | Problem) => ({
    label,
    cells: STAGE_NAMES.map((stage) => cell(solve(stage), formatSeconds)),
  });
  const rows = [
    row("Serving = training", (stage) => secondsPerClipAtParity(plan, stage)),
    row(`Total = ${formatHours(inputs.budgetHours)} h`, (stage) =>
      secondsPerClipForBudgetHours(plan, stage, inputs.budgetHours),
    ),
    // Blank money budget and no price: the model's own sentence says to enter a price.
    row(`Cost = ${money}`, costTarget),
  ];
  const share = {
    label: `Serving = ${formatShareSignificant(inputs.servingShare)} of the bill`,
    answer: cell(clipsForServingShareOfPlan(plan, inputs.servingShare), (clips) => `${formatCount(clips)} clips`),
  };
  return { stages: STAGE_NAMES, rows, share, notes };
}
