/*
 * The sensitivity of the what-if view, for the base scenario: the moves and per-input ranges as typed, read into
 * the model's SensitivityOptions (what to fix beside each field otherwise), and the model's tornado for one output
 * as the rows the table and the chart show, largest swing first, with the sentences that say what it means.
 */
import {
  isProblem,
  Plan,
  PLAN_FIELDS,
  Problem,
  sensitivity,
  SensitivityOptions,
  STAGE_OUTPUTS,
  STAGE_VIEW,
  StageOutputKey,
  SwingRange,
  WhatIfOutput,
} from "../model";
import { parseNumber, sentence } from "./form";
import { formatInput, formatOutput, formatPercentChange, NO_FIGURE, parsePercent } from "./whatIfFigures";

/** The sensitivity's settings as typed: the default moves in %, a planner's own ranges, the output shown. */
export interface SensitivitySettings {
  lowMove: string;
  highMove: string;
  /** inputs whose low and high a planner typed, in the input's unit */
  ranges: Partial<Record<keyof Plan, { low: string; high: string }>>;
  output: StageOutputKey;
}

/** The settings a view starts with: -20% / +20%, no range of its own, the crossover. */
export const DEFAULT_SENSITIVITY_SETTINGS: SensitivitySettings = {
  lowMove: "-20",
  highMove: "20",
  ranges: {},
  output: "crossoverClips",
};

/** The settings read: the model's options when all are valid; messages by "lowMove", "highMove", "<key>.low". */
export interface SettingsReading {
  options?: SensitivityOptions<Plan>;
  errors: Record<string, string>;
}

/** A move typed in %: above -100 (-100% would take the input to 0). */
function readMove(text: string, which: "low" | "high"): number | string {
  const value = parsePercent(text);
  if (typeof value === "string") return value;
  return value > -1 ? value : `The ${which} move must be above -100%.`;
}

/** Reads the settings' texts with the form's parsing and each field's own check (named "<label> (low value)"). */
export function readSensitivitySettings(settings: SensitivitySettings): SettingsReading {
  const errors: Record<string, string> = {};
  const low = readMove(settings.lowMove, "low");
  const high = readMove(settings.highMove, "high");
  if (typeof low === "string") errors.lowMove = low;
  if (typeof high === "string") errors.highMove = high;
  const ranges: Partial<Record<keyof Plan, SwingRange>> = {};
  for (const field of PLAN_FIELDS) {
    const typed = settings.ranges[field.key];
    if (!typed) continue;
    const range: Partial<SwingRange> = {};
    for (const side of ["low", "high"] as const) {
      const value = parseNumber(typed[side]);
      const bad = typeof value === "string" ? value : field.check?.(value, `${field.label} (${side} value)`)?.message;
      if (bad) errors[`${field.key}.${side}`] = sentence(bad);
      else range[side] = value as number;
    }
    if (range.low !== undefined && range.high !== undefined) ranges[field.key] = range as SwingRange;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { options: { lowFraction: low as number, highFraction: high as number, ranges }, errors };
}

/** One bar of the tornado, as the table and the chart show it. */
export interface SwingFigure {
  key: keyof Plan;
  label: string;
  /** the input's low and high, "480 → 720" */
  rangeText: string;
  lowOutput?: number;
  highOutput?: number;
  lowText: string;
  highText: string;
  swingText: string;
  /** the swing as a share of the base output: "40% of base" */
  relativeText: string;
  /** true when moving this input leaves the output where it is */
  zero: boolean;
}

/** The tornado of one output at the base scenario. */
export interface SensitivityFigures {
  output: WhatIfOutput<StageOutputKey>;
  base?: number;
  baseText: string;
  rows: SwingFigure[];
  /** what the rows mean, in sentences: the largest swing, the inputs that do not move it, what is not varied */
  sentences: string[];
  /** why there is no tornado at all */
  problem?: string;
}

const numberOf = (value: number | Problem) => (typeof value === "number" ? value : undefined);

/** "A", "A and B", "A, B and C". */
const listed = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}` : items.join("");

/** The model's sensitivity of `output` to every input of `base`, as rows and sentences. */
export function sensitivityFigures(
  base: Plan,
  options: SensitivityOptions<Plan>,
  outputKey: StageOutputKey,
): SensitivityFigures {
  const output = STAGE_OUTPUTS.find((o) => o.key === outputKey) ?? STAGE_OUTPUTS[0];
  const result = sensitivity(STAGE_VIEW, base, options);
  if (isProblem(result)) {
    return { output, baseText: NO_FIGURE, rows: [], sentences: [], problem: sentence(result.message) };
  }
  const tornado = result.outputs.find((o) => o.output.key === output.key)!;
  const quantity = (key: keyof Plan) => PLAN_FIELDS.find((f) => f.key === key)!.quantity;
  const short = (value: number | Problem) =>
    isProblem(value) ? NO_FIGURE : formatOutput(output.quantity, value, "short");
  const rows = tornado.rows.map((row): SwingFigure => ({
    key: row.key,
    label: row.label,
    rangeText: `${formatInput(quantity(row.key), row.lowInput)} → ${formatInput(quantity(row.key), row.highInput)}`,
    lowOutput: numberOf(row.lowOutput),
    highOutput: numberOf(row.highOutput),
    lowText: short(row.lowOutput),
    highText: short(row.highOutput),
    swingText: short(row.swing),
    relativeText: isProblem(row.relativeSwing) ? "" : `${formatPercentChange(row.relativeSwing)} of base`,
    zero: row.swing === 0,
  }));
  const full = (value: number | undefined) =>
    value === undefined ? NO_FIGURE : formatOutput(output.quantity, value, "full");
  const sentences: string[] = [];
  const theOutput = `the ${output.label.charAt(0).toLowerCase()}${output.label.slice(1)}`;
  const top = rows[0];
  if (top && !top.zero) {
    sentences.push(
      `Largest swing: ${top.label}, which moves ${theOutput} from ${full(top.lowOutput)} to ${full(top.highOutput)}.`,
    );
  }
  const still = rows.filter((row) => row.zero).map((row) => row.label);
  if (still.length > 0) {
    const verb = still.length === 1 ? "leaves" : "leave";
    const traffic = output.key === "crossoverClips" ? " Traffic moves where the system sits against it, not it." : "";
    sentences.push(`${listed(still)} ${verb} ${theOutput} where it is.${traffic}`);
  }
  for (const input of result.varied) if (input.problem) sentences.push(sentence(input.problem.message));
  const blanks = result.skipped.filter((s) => s.reason === "blank").map((s) => s.label);
  if (blanks.length > 0) sentences.push(`Blank, so not varied: ${listed(blanks)}.`);
  const baseValue = numberOf(tornado.base);
  return { output, base: baseValue, baseText: full(baseValue), rows, sentences };
}
