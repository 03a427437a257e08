/*
 * The levers: what a proposed change can be worth, before anyone argues whether it is wise.
 * Each lever moves one input that one part of the bill is proportional to (runs a year, hours per
 * run, overhead, seconds per clip, peak-to-mean, clips scored), so its saving is that part's hours
 * times (current - proposed) / current: leverSaving, the one formula of a lever. Its ceiling is the
 * share of the bill the part it touches is (the most any change to that part can save). Levers are
 * measured against the paid total, the bill, one at a time with every other input as it is now;
 * with peak-to-mean 1 the paid total is the consumed one.
 */
import { MIN_NORMAL, productRatio } from "../../core/model/arithmetic";
import { checkDivisor, checkNonNegative, finiteResult } from "../../core/model/checks";
import { amdahlCeiling } from "../../core/model/formulas";
import { roundSignificant } from "../../core/model/dominance";
import { AnnualHours, AnnualInputs, AnnualTable, annualTable, hoursRatio } from "./annual";
import { AnnualNumberKey, AnnualPlan } from "./annualFields";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { costOf } from "../../stages/model";

/**
 * Hours a change saves on a part whose hours are proportional to the input it changes:
 * part_hours x (current - proposed) / current. Negative when the proposal adds hours. It never
 * exceeds part_hours, since the proposed input is 0 or more.
 * @example leverSaving(2400, 4, 1) // 1800: four retrains a year to one
 * @example leverSaving(86400, 0.04, 0.03) // 21600: 40 ms to 30 ms per clip
 */
export function leverSaving(partHours: number, current: number, proposed: number): number | Problem {
  // Every sign first, then the divisor, as the formula in a cell meets them (the LAMBDA twin's order).
  const bad =
    checkNonNegative(partHours, "part_hours") ??
    checkNonNegative(current, "current") ??
    checkNonNegative(proposed, "proposed") ??
    checkDivisor(current, "current");
  if (bad) return bad;
  if (partHours === 0) return 0;
  // The ratio first: (current - proposed) / current is at most 1 for a cut, so the saving is at most
  // the part, and no product of two small numbers sinks below the normal range on the way.
  const change = Math.abs(current - proposed);
  const ratio = change / current;
  const plain = partHours * ratio;
  // Where the ratio or its product left the range of normal doubles (LEVERSAVING(3, 3, 1.797e308): 3 x 5.99e307
  // rounds past the largest double though the saving fits), by mantissas and exponents instead.
  const magnitude =
    plain < Infinity && (ratio >= MIN_NORMAL || ratio === 0) ? plain : productRatio(partHours, change, 1, current, 1);
  const saved = finiteResult(magnitude, "The saving");
  // A saving below the smallest double is 0 either way: never -0, which a cell would show as 0 but compares oddly.
  return isProblem(saved) || proposed <= current || saved === 0 ? saved : -saved;
}

/** The part of the bill a lever touches; its share of the bill is the lever's ceiling. */
export type LeverPart = "training" | "trainingOverhead" | "serving" | "idleCapacity";

/** Each part a lever touches: its words, and which of the year's hours it is. */
export const LEVER_PARTS: Readonly<Record<LeverPart, { label: string; hours: keyof AnnualHours }>> = {
  training: { label: "training", hours: "training" },
  trainingOverhead: { label: "failed runs and sweeps", hours: "trainingOverhead" },
  serving: { label: "paid serving", hours: "servingPaid" },
  idleCapacity: { label: "idle capacity", hours: "idleCapacity" },
};

/**
 * One lever as data: the input it moves (now and proposed), the year's hours proportional to that
 * input, and the part it touches. The model's arithmetic, the sheet's lever cells and what a blank
 * proposal becomes are all read from these fields.
 */
export interface LeverSpec {
  id: string;
  /** "Retrain cadence" */
  label: string;
  /**
   * the input as it is now, whose field the proposal is in the terms of; none for work not done:
   * nothing is skipped now (0), and the hours are proportional to the share still done, 1 - the proposal
   */
  currentKey?: keyof AnnualInputs;
  /** the plan's field holding the proposal; a blank one is the input now: no change */
  proposedKey: AnnualNumberKey;
  /** the year's hours proportional to the input */
  proportionalHours: keyof AnnualHours;
  /** the part of the bill the lever touches: its ceiling */
  part: LeverPart;
  /** what the ceiling does not count, said beside the lever */
  caveat?: string;
}

/** The cadence lever's caveat: the domain's, said beside the lever in the pane and the sheet. */
export const CADENCE_CAVEAT =
  "The ceiling counts accelerator-hours only. A staler model misses more and flags more wrongly on drifting " +
  "inputs, and that cost is paid per clip in human review and in harm, another (usually larger) budget; on a " +
  "fast-drifting problem retraining more often can lower the total cost.";

/** The levers' rows, as written (their ids typed as written: LeverId). */
const LEVER_ROWS = [
  {
    id: "cadence",
    label: "Retrain cadence",
    currentKey: "runsPerYear",
    proposedKey: "runsPerYearProposed",
    proportionalHours: "training",
    part: "training",
    caveat: CADENCE_CAVEAT,
  },
  {
    id: "runLength",
    label: "Run length",
    currentKey: "trainingHoursPerRun",
    proposedKey: "trainingHoursPerRunProposed",
    proportionalHours: "training",
    part: "training",
  },
  {
    id: "trainingOverhead",
    label: "Failed runs and sweeps",
    currentKey: "trainingOverhead",
    proposedKey: "trainingOverheadProposed",
    proportionalHours: "training",
    part: "trainingOverhead",
  },
  {
    id: "serviceTime",
    label: "Per-clip service time",
    currentKey: "secondsPerClip",
    proposedKey: "secondsPerClipProposed",
    proportionalHours: "servingPaid",
    part: "serving",
  },
  {
    id: "provisioning",
    label: "Provisioning (peak-to-mean)",
    currentKey: "peakToMean",
    proposedKey: "peakToMeanProposed",
    proportionalHours: "servingPaid",
    part: "idleCapacity",
  },
  {
    id: "workNotDone",
    label: "Work not done (clips not re-scored)",
    proposedKey: "shareNotRescored",
    proportionalHours: "servingPaid",
    part: "serving",
  },
] as const satisfies readonly LeverSpec[];

/** The levers' ids, from their rows. */
export type LeverId = (typeof LEVER_ROWS)[number]["id"];

/** A lever of LEVERS: its row, whose id is one of theirs. */
export type Lever = LeverSpec & { id: LeverId };

/** Every lever, one row each, in the order the form lists their proposals. */
export const LEVERS: readonly Lever[] = LEVER_ROWS;

/** The lever of `id`. */
export function leverSpec(id: LeverId): Lever {
  return LEVERS.find((spec) => spec.id === id)!;
}

/** The lever's input as it is now, in the proposal's terms (0 skipped now, for work not done). */
export function leverCurrent(spec: LeverSpec, plan: AnnualPlan): number {
  return spec.currentKey === undefined ? 0 : plan[spec.currentKey];
}

/** The lever's proposal; a blank one is the input now. */
export function leverProposed(spec: LeverSpec, plan: AnnualPlan): number {
  return plan[spec.proposedKey] ?? leverCurrent(spec, plan);
}

/** What the lever's hours are proportional to, from a value of its input (now or proposed). */
function leverScale(spec: LeverSpec, value: number): number {
  return spec.currentKey === undefined ? 1 - value : value;
}

/** One row of the levers table. */
export interface LeverRow {
  lever: LeverId;
  label: string;
  part: LeverPart;
  partLabel: string;
  /** the input now and proposed, as the form shows them */
  current: number;
  proposed: number;
  /** a change is proposed: the proposal differs from the input now */
  changed: boolean;
  /** accelerator-hours saved a year (negative: the proposal adds hours) */
  hoursSavedPerYear: number | Problem;
  /** the same over one retrain interval (a year / runs a year): 5,400 h a quarter */
  hoursSavedPerRetrainInterval: number | Problem;
  /** hours saved as a share of the paid total, the bill */
  shareOfBill: number | Problem;
  /** the share of the bill the part it touches is: the most any change to that part can save */
  ceiling: number | Problem;
  /** hours saved over the whole training half of the year: 9 is nine runs' worth every retrain interval */
  trainingMultiple: number | Problem;
  /** hours saved x price; undefined when no price was given */
  costSavedPerYear?: number | Problem;
  /** 1 for the largest saving; equal savings share a rank; a saving that cannot be computed ranks last */
  rank: number;
  caveat?: string;
}

/** The levers, sorted by hours saved (largest first), with the sentences for the largest and the smallest. */
export interface LeversTable {
  rows: LeverRow[];
  /** the bill the shares are of: the year's paid total */
  totalPaidHours: number;
  /** "Point the effort at ...": the proposed change that saves the most; undefined when none is proposed */
  largest?: string;
  /** the proposed change that saves the least; undefined when fewer than two are proposed */
  smallest?: string;
}

/**
 * How the sentences write their figures: hours saved, shares, money (present when the plan has a price) and a
 * figure of no kind (an input's value: 40 ms). The pane passes its formatters and the sheet its cells' formats,
 * the same kinds (core/sheet/formats.ts NUMBER_KINDS), so one sentence reads the same on both.
 */
export interface LeverFigureFormat {
  hours: (value: number) => string;
  share: (value: number) => string;
  money?: (value: number) => string;
  figure?: (value: number) => string;
  /**
   * whether the headline says the saving over one retrain interval too ("5,400 h a quarter, nine retrains'
   * worth", the pane's); false says the year's alone, as the sheet's recommendation formula does (default true)
   */
  perInterval?: boolean;
}

const grouped = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Hours to three significant figures, with separators from 1,000: 21,600, 55.6, 0.0556. */
export function formatHoursPlain(value: number): string {
  const rounded = roundSignificant(Math.abs(value), 3);
  const text = rounded >= 1000 && rounded < 1e21 ? grouped(rounded.toFixed(0)) : String(rounded);
  return value < 0 ? `-${text}` : text;
}

/** A share to three significant figures, never a false 0% or 100%: 2.7%, 2.03%, <0.1%, >99.9%. */
export function formatSharePlain(value: number): string {
  if (value > 0 && value < 0.001) return "<0.1%";
  if (value < 1 && value > 0.999) return ">99.9%";
  return `${formatHoursPlain(value * 100)}%`;
}

const PLAIN_FORMAT: LeverFigureFormat = { hours: formatHoursPlain, share: formatSharePlain };

/** Small whole numbers in words, as a sentence says them: "nine retrains' worth". */
const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"];

/** "nine retrains' worth", "2.5 retrains' worth", "one retrain's worth". */
function retrainsWorth(multiple: number, figure: (value: number) => string): string {
  const whole = Math.round(multiple);
  const words = Math.abs(multiple - whole) < 1e-9 && whole >= 0 && whole < NUMBER_WORDS.length;
  const count = words ? NUMBER_WORDS[whole] : figure(multiple);
  return whole === 1 && words ? `${count} retrain's worth` : `${count} retrains' worth`;
}

/** One retrain interval in words, from runs a year: "a quarter" at 4; undefined at 1 (the interval is the year). */
export function retrainInterval(runsPerYear: number): string | undefined {
  const named: Record<number, string> = { 2: "a half-year", 4: "a quarter", 12: "a month", 52: "a week" };
  if (runsPerYear === 1 || !(runsPerYear > 0)) return undefined;
  return named[runsPerYear] ?? "a retrain interval";
}

/**
 * How each lever's change is said, declared once for the pane's sentences and the sheet's recommendation formula
 * (annual/sheet/annualRecommendation.ts): its input's figure now and proposed, each times `scale` (seconds to ms,
 * a share to %), between these words: `before` now `now` " to " proposed `proposed`; without `now`, the proposal
 * alone ("not re-scoring 30% of clips").
 */
export interface LeverWords {
  scale: number;
  before: string;
  /** the unit after the figure now; none: the change says only the proposal */
  now?: string;
  proposed: string;
}

/** Each lever's words: "40 ms to 30 ms a clip", "4 to 1 runs a year", "1.2x to 1.1x", "not re-scoring 30% of clips". */
export const LEVER_WORDS: Readonly<Record<LeverId, LeverWords>> = {
  cadence: { scale: 1, before: "", now: "", proposed: " runs a year" },
  runLength: { scale: 1, before: "", now: " h", proposed: " h a run" },
  trainingOverhead: { scale: 1, before: "", now: "x", proposed: "x" },
  serviceTime: { scale: 1000, before: "", now: " ms", proposed: " ms a clip" },
  provisioning: { scale: 1, before: "", now: "x", proposed: "x" },
  workNotDone: { scale: 100, before: "not re-scoring ", proposed: "% of clips" },
};

/**
 * The fixed words of the recommendation (the largest saving's sentence), which the pane writes with its figures
 * and the sheet's formula around its cells: one wording, two surfaces.
 */
export const RECOMMENDATION_WORDS = {
  pointAt: "Point the effort at ",
  saves: " saves ",
  aYear: " accelerator-hours a year",
  ofTheBill: " of the bill, where ",
  partIs: ", the part it touches, is ",
  noneSaves: "No proposed change saves hours: each leaves the bill as it is or adds to it.",
  noneProposed: "No change is proposed: every proposal equals the input now.",
} as const;

/** The change a lever proposes, in its words (LEVER_WORDS): "40 ms to 30 ms a clip", "4 to 1 runs a year". */
function proposedChange(row: LeverRow, figure: (value: number) => string): string {
  const { scale, before, now, proposed } = LEVER_WORDS[row.lever];
  const from = now === undefined ? "" : `${figure(row.current * scale)}${now} to `;
  return `${before}${from}${figure(row.proposed * scale)}${proposed}`;
}

/**
 * What a lever's saving is worth, the headline the pane and the sheet both say: "40 ms to 30 ms a clip saves
 * 5,400 h a quarter, nine retrains' worth (21,600 accelerator-hours a year, 54,000.00 USD)". Over one retrain
 * interval when there is more than one a year; its money when priced.
 */
export function leverHeadline(row: LeverRow, runsPerYear: number, format: LeverFigureFormat = PLAIN_FORMAT): string {
  const figure = format.figure ?? formatHoursPlain;
  const change = proposedChange(row, figure);
  const saved = row.hoursSavedPerYear;
  if (isProblem(saved)) return `${change}: ${lowerFirst(saved.message)}`;
  const money =
    format.money && typeof row.costSavedPerYear === "number" ? `, ${format.money(Math.abs(row.costSavedPerYear))}` : "";
  const verb = saved < 0 ? " adds " : RECOMMENDATION_WORDS.saves;
  const year = `${format.hours(Math.abs(saved))}${RECOMMENDATION_WORDS.aYear}${money}`;
  const interval = format.perInterval === false ? undefined : retrainInterval(runsPerYear);
  const { hoursSavedPerRetrainInterval: perInterval, trainingMultiple: multiple } = row;
  if (interval === undefined || typeof perInterval !== "number" || typeof multiple !== "number") {
    return `${change}${verb}${year}`;
  }
  const worth = retrainsWorth(Math.abs(multiple), figure);
  return `${change}${verb}${format.hours(Math.abs(perInterval))} h ${interval}, ${worth} (${year})`;
}

/** A row's figures when all are numbers. */
interface Computed {
  row: LeverRow;
  saved: number;
  share: number;
  ceiling: number;
}

function computed(row: LeverRow): Computed | undefined {
  const { hoursSavedPerYear: saved, shareOfBill: share, ceiling } = row;
  if (typeof saved !== "number" || typeof share !== "number" || typeof ceiling !== "number") return undefined;
  return { row, saved, share, ceiling };
}

/** A lever's label inside a sentence: "per-clip service time". */
export const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/** The sentence for the lever that saves the most, with its headline. */
function largestSentence(
  { row, saved, share, ceiling }: Computed,
  runsPerYear: number,
  format: LeverFigureFormat,
): string {
  const words = RECOMMENDATION_WORDS;
  if (saved <= 0) return words.noneSaves;
  return (
    `${words.pointAt}${lowerFirst(row.label)}: ${leverHeadline(row, runsPerYear, format)}, ` +
    `${format.share(share)}${words.ofTheBill}${row.partLabel}${words.partIs}${format.share(ceiling)}.`
  );
}

/** The sentence for the lever that saves the least. */
function smallestSentence({ row, saved, share, ceiling }: Computed, format: LeverFigureFormat): string {
  const lever = lowerFirst(row.label);
  const money =
    format.money && typeof row.costSavedPerYear === "number"
      ? ` (${format.money(Math.abs(row.costSavedPerYear))})`
      : "";
  if (saved < 0) {
    const added = `${format.hours(-saved)} accelerator-hours a year${money}, ${format.share(-share)} of the bill`;
    return `As proposed, ${lever} adds ${added}.`;
  }
  return (
    `The least is ${lever}: ${format.hours(saved)} accelerator-hours a year${money}, ` +
    `${format.share(share)} of the bill; no change to ${row.partLabel} can save more than ${format.share(ceiling)}.`
  );
}

/** One lever's row against the year's hours, before ranking. */
function leverRow(spec: Lever, plan: AnnualPlan, table: AnnualTable): LeverRow {
  const { hours } = table;
  const current = leverCurrent(spec, plan);
  const proposed = leverProposed(spec, plan);
  const changed = proposed !== current;
  const currentScale = leverScale(spec, current);
  let saved: number | Problem = 0;
  if (changed && currentScale === 0) {
    saved = problem(
      "divisionByZero",
      `${spec.label}: the input it changes is 0 now, so no hours are proportional to it; ` +
        "a saving needs a current value above 0.",
    );
  } else if (changed) {
    saved = leverSaving(hours[spec.proportionalHours], currentScale, leverScale(spec, proposed));
  }
  const price = plan.pricePerHour;
  const perInterval = isProblem(saved) ? saved : hoursRatio(saved, plan.runsPerYear, "Hours saved per retrain");
  let cost: number | Problem | undefined;
  if (price !== undefined) {
    const magnitude = isProblem(saved) ? saved : costOf(Math.abs(saved), price);
    cost = isProblem(magnitude) || (saved as number) >= 0 ? magnitude : -magnitude;
  }
  return {
    lever: spec.id,
    label: spec.label,
    part: spec.part,
    partLabel: LEVER_PARTS[spec.part].label,
    current,
    proposed,
    changed,
    hoursSavedPerYear: saved,
    hoursSavedPerRetrainInterval: perInterval,
    shareOfBill: isProblem(saved) ? saved : hoursRatio(saved, hours.totalPaid, "The saving's share of the bill"),
    ceiling: amdahlCeiling(hours[LEVER_PARTS[spec.part].hours], hours.totalPaid),
    trainingMultiple: isProblem(saved) ? saved : hoursRatio(saved, hours.training, "The saving over training"),
    ...(cost === undefined ? {} : { costSavedPerYear: cost }),
    rank: 0,
    ...(spec.caveat === undefined ? {} : { caveat: spec.caveat }),
  };
}

/** Hours saved for sorting: a saving that cannot be computed sorts last. */
/** A saving as the levers are ordered by it: one that cannot be computed comes last. */
const savingKey = (saved: number | Problem) => (typeof saved === "number" ? saved : Number.NEGATIVE_INFINITY);
const sortKey = (row: LeverRow) => savingKey(row.hoursSavedPerYear);

/**
 * Each saving's rank among `savings`: 1 for the largest, equal savings share a rank, and one that cannot be
 * computed ranks after every one that can. The sheet's rank column is the same rule in Excel
 * (core/excel/yearFormulas.ts leverRank).
 * @example savingRanks([1800, 21600, 1800]) // [2, 1, 2]
 */
export function savingRanks(savings: readonly (number | Problem)[]): number[] {
  const keys = savings.map(savingKey);
  return keys.map((key) => 1 + keys.filter((other) => other > key).length);
}

/**
 * The levers table of a plan: for each lever the hours saved a year, that saving as a share of
 * the bill, the ceiling of the part it touches, and its rank; sorted by hours saved, with a
 * sentence for the largest and the smallest proposed change. A plan that fails its checks gives
 * the first problem, naming the field.
 * @example (leversTable(EXAMPLE_ANNUAL_PLAN) as LeversTable).rows[0].lever // "serviceTime"
 */
export function leversTable(
  plan: AnnualPlan,
  format: LeverFigureFormat = PLAIN_FORMAT,
  table: AnnualTable | Problem = annualTable(plan),
): LeversTable | Problem {
  if (isProblem(table)) return table;
  const unsorted = LEVERS.map((spec) => leverRow(spec, plan, table));
  // Stable: equal savings keep the levers' order (LEVERS), the one tie-break of the pane's sentence and of the
  // sheet's recommendation, which finds the first Rank 1 in that order (annual/sheet/annualRecommendation.ts).
  const rows = unsorted
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sortKey(b.row) - sortKey(a.row) || a.index - b.index)
    .map(({ row }) => row);
  const ranks = savingRanks(rows.map((row) => row.hoursSavedPerYear));
  rows.forEach((row, i) => (row.rank = ranks[i]));
  const proposed = rows
    .filter((row) => row.changed)
    .map(computed)
    .filter((found): found is Computed => found !== undefined);
  const largest = proposed.length > 0 ? largestSentence(proposed[0], plan.runsPerYear, format) : undefined;
  const last = proposed[proposed.length - 1];
  const smallest = proposed.length > 1 ? smallestSentence(last, format) : undefined;
  return {
    rows,
    totalPaidHours: table.hours.totalPaid,
    ...(largest === undefined ? {} : { largest }),
    ...(smallest === undefined ? {} : { smallest }),
  };
}

/** The annual table and the levers table of one plan. */
export interface AnnualFigures {
  table: AnnualTable;
  levers: LeversTable;
}

/**
 * Everything the annual view shows, from one plan; the first problem of the plan otherwise.
 * @example (annualFigures(EXAMPLE_ANNUAL_PLAN) as AnnualFigures).table.hours.totalConsumed // 88800
 */
export function annualFigures(plan: AnnualPlan, format: LeverFigureFormat = PLAIN_FORMAT): AnnualFigures | Problem {
  const table = annualTable(plan);
  if (isProblem(table)) return table;
  const levers = leversTable(plan, format, table);
  return isProblem(levers) ? levers : { table, levers };
}
