/*
 * The targets of the what-if sheet in closed form, as native formulas: the model's target
 * functions (src/whatIf/model/targets.ts) solved for the per-clip time or the traffic, built by
 * core/excel/formulas.ts over the base scenario's cells, with the same order of checks. Where no
 * positive answer exists the cell shows the model's own sentence, "Not reachable: <reason>", as
 * text, never a number; a number in a reason (a budget, the training hours) is joined in by the
 * formula, so the sentence follows the inputs too. The arithmetic is the model's, step for step
 * (productRatio's plain order: a × b / c / d), so an engine gives the model's figures.
 */
import {
  clipsForServingShareOfPlan,
  isNotReachable,
  secondsPerClipAtParity,
  secondsPerClipForBudgetCost,
  secondsPerClipForBudgetHours,
} from "../model/targets";
import { isProblem, Problem } from "../../core/model/problems";
import { defaultScaleClips, Plan, planField, StageName } from "../../stages/model";
import * as inExcel from "../../core/excel/formulas";

/** The cells a target formula reads: the base scenario's inputs and derived figures, and the target's own inputs. */
export interface TargetCells {
  /** training hours with overhead */
  effectiveTrainingHours: string;
  /** seconds per clip with peak-to-mean */
  effectiveSecondsPerClip: string;
  peakToMean: string;
  /** the typed launch clips, or "" when left blank */
  launchClips: string;
  /** each stage's clips per interval, as used (a blank's default filled in) */
  stageClips: (stage: StageName) => string;
  /** each stage's reason no per-clip time solves (a blank launch, no traffic), "" when there is none */
  stageReason: (stage: StageName) => string;
  /** the money budget in accelerator-hours at the price, or the sentence why there is none (no price, 0) */
  budgetInHours: string;
  /** the price per accelerator-hour, or "" when left blank */
  pricePerHour: string;
  budgetHours: string;
  budget: string;
  servingShare: string;
}

/** What a target cell shows: the answer, or the model's sentence where it has none. */
export type TargetValue = number | string;

/** The longest string constant Excel takes in a formula. */
const MAX_LITERAL = 255;

/** A text constant in Excel's language: quoted, quotes doubled; longer than Excel takes, joined from parts. */
export function excelText(text: string): string {
  const parts: string[] = [];
  for (let i = 0; i < text.length || parts.length === 0; i += MAX_LITERAL) {
    parts.push(`"${text.slice(i, i + MAX_LITERAL).replace(/"/g, '""')}"`);
  }
  return parts.join("&");
}

/** A sentence with figures joined in: text parts as constants, expressions as they are. */
const sentence = (...parts: (string | { expression: string })[]) =>
  parts.map((part) => (typeof part === "string" ? excelText(part) : part.expression)).join("&");

/** IF(condition, sentence, ...) for each guard in turn, then the answer. */
function guarded(guards: readonly [condition: string, shown: string][], answer: string): string {
  return guards.reduceRight((otherwise, [condition, shown]) => `IF(${condition},${shown},${otherwise})`, answer);
}

const NOT_REACHABLE = "Not reachable: ";

/**
 * The reason a per-clip target at a blank launch has no answer, in fewer words than the model's
 * (205 characters, which run past the printed page): a blank launch is the crossover, where serving
 * equals training whatever the per-clip time.
 */
const LAUNCH_BLANK =
  `${NOT_REACHABLE}${planField("launchClips").label} is blank, so launch is the crossover, ` +
  "where serving equals training at any per-clip time; enter launch clips to solve.";

/**
 * The guards of every per-clip target at one stage, in the model's order: a blank launch (the crossover), then no
 * traffic; as one formula, the stage's reason row, which each per-clip target at the stage reads.
 */
export function stageReasonFormula(cells: TargetCells, stage: StageName): string {
  const guards: [string, string][] = [];
  if (stage === "Launch") guards.push([`${cells.launchClips}=""`, excelText(LAUNCH_BLANK)]);
  guards.push([`${cells.stageClips(stage)}=0`, excelText(noTraffic(stage))]);
  return guarded(guards, '""');
}

/** The reason no per-clip time at `stage` is reachable for any target: no traffic. */
const noTraffic = (stage: StageName) =>
  `${NOT_REACHABLE}${stage} has no traffic (0 clips), so serving is 0 hours at any per-clip time.`;

/** The stage's reason as its row shows it: "" when the stage has traffic of its own, else the sentence. */
export function stageReasonValue(plan: Plan, stage: StageName): string | Problem {
  if (stage === "Launch" && plan.launchClips === undefined) return LAUNCH_BLANK;
  // Each stage's clips as its row in the workings holds them: only a blank scale reads a default here.
  const clips =
    stage === "Prototype"
      ? plan.prototypeClips
      : stage === "Launch"
        ? plan.launchClips!
        : (plan.scaleClips ?? defaultScaleClips(plan));
  if (isProblem(clips)) return clips;
  return clips === 0 ? noTraffic(stage) : "";
}

/** The guard of the stage's reason: shown when the stage has one. */
const stageGuard = (cells: TargetCells, stage: StageName): [string, string] => [
  `${cells.stageReason(stage)}<>""`,
  cells.stageReason(stage),
];

/** Why a money budget has no hours: no price, or a price of 0. */
const PRICE_LABEL = planField("pricePerHour").label;
const PRICE_BLANK = `${PRICE_LABEL} is blank; enter a price to solve for a budget.`;
const PRICE_ZERO = `${NOT_REACHABLE}at a ${PRICE_LABEL.toLowerCase()} of 0 every per-clip time costs 0.`;

/** The money budget's guards, in the model's order: no price, a price of 0. */
function priceGuards(cells: TargetCells): [string, string][] {
  const price = cells.pricePerHour;
  return [
    [`${price}=""`, excelText(PRICE_BLANK)],
    [`${price}=0`, excelText(PRICE_ZERO)],
  ];
}

/** The money budget in accelerator-hours at the price, or the sentence of the first guard that holds. */
export function budgetInHoursFormula(cells: TargetCells): string {
  return guarded(priceGuards(cells), inExcel.hoursOfBudget(cells.budget, cells.pricePerHour));
}

/** The per-clip time within `budgetHours` (an expression) at one stage, after the stage's guards. */
function perClipWithin(cells: TargetCells, stage: StageName, budgetHours: string): string {
  const training = cells.effectiveTrainingHours;
  return guarded(
    [
      stageGuard(cells, stage),
      [
        `${budgetHours}<=${training}`,
        sentence(
          `${NOT_REACHABLE}the budget (`,
          { expression: budgetHours },
          " accelerator-hours) is not more than training alone (",
          { expression: training },
          " accelerator-hours, with overhead), leaving nothing for serving.",
        ),
      ],
    ],
    inExcel.secondsPerClipWithinBudget(budgetHours, training, cells.stageClips(stage), cells.peakToMean),
  );
}

/** The kinds of target the sheet solves, one row each (the per-clip ones at every stage). */
export type TargetKind = "parity" | "budgetHours" | "budgetCost" | "servingShare";

/** The formula (without "=") of a target; `stage` for the per-clip targets. */
export function targetFormula(kind: TargetKind, cells: TargetCells, stage: StageName = "Scale"): string {
  const training = cells.effectiveTrainingHours;
  switch (kind) {
    case "parity":
      return guarded(
        [
          stageGuard(cells, stage),
          [
            `${training}=0`,
            excelText(`${NOT_REACHABLE}training is 0 hours, and only a per-clip time of 0 makes serving equal it.`),
          ],
        ],
        inExcel.secondsPerClipForServingHours(training, cells.stageClips(stage), cells.peakToMean),
      );
    case "budgetHours":
      return perClipWithin(cells, stage, cells.budgetHours);
    case "budgetCost": {
      // The budget in hours is a row of its own, text when the price gives none: that text is the answer here.
      const hours = cells.budgetInHours;
      return `IF(ISTEXT(${hours}),${hours},${perClipWithin(cells, stage, hours)})`;
    }
    case "servingShare": {
      const share = cells.servingShare;
      return guarded(
        [
          [`${share}=0`, excelText(`${NOT_REACHABLE}a serving share of 0 is no traffic at all (0 clips).`)],
          [
            `${training}=0`,
            excelText(`${NOT_REACHABLE}training is 0 hours, so serving is the whole bill at any traffic.`),
          ],
          [
            `${share}=1`,
            sentence(
              `${NOT_REACHABLE}serving is the whole bill only with no training, and training is `,
              { expression: training },
              " hours.",
            ),
          ],
        ],
        inExcel.clipsForServingShare(training, cells.effectiveSecondsPerClip, share),
      );
    }
  }
}

/** What the sheet shows for a model result: the number, or the Problem's sentence ("Not reachable: ..."). */
function shown(value: number | Problem): TargetValue {
  if (!isProblem(value)) return value;
  const blankLaunch = isNotReachable(value) && value.reason.startsWith(`${planField("launchClips").label} is blank`);
  return blankLaunch ? LAUNCH_BLANK : value.message;
}

/** The model's answer to a target for the base scenario's `plan`, as the target's cell shows it. */
export function targetValue(
  kind: TargetKind,
  plan: Plan,
  inputs: { budgetHours: number; budget: number; servingShare: number },
  stage: StageName = "Scale",
): TargetValue {
  switch (kind) {
    case "parity":
      return shown(secondsPerClipAtParity(plan, stage));
    case "budgetHours":
      return shown(secondsPerClipForBudgetHours(plan, stage, inputs.budgetHours));
    case "budgetCost":
      return shown(secondsPerClipForBudgetCost(plan, stage, inputs.budget));
    case "servingShare":
      return shown(clipsForServingShareOfPlan(plan, inputs.servingShare));
  }
}

/** The money budget in accelerator-hours as its row shows it: budget / price, or the sentence why there is none. */
export function budgetInHoursValue(plan: Plan, budget: number): number | string {
  if (plan.pricePerHour === undefined) return PRICE_BLANK;
  if (plan.pricePerHour === 0) return PRICE_ZERO;
  return budget / plan.pricePerHour;
}
