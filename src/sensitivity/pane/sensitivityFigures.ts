/*
 * The sensitivity of a view (the what-if tab's stages, the annual tab's year) at one base: the moves and per-input
 * ranges as typed, read into the model's SensitivityOptions (what to fix beside each field otherwise), and the
 * model's tornado for one output as the rows the table and the chart show, largest swing first, with the sentences
 * that say what it means. Written against WhatIfView only: the view's own model computes every figure.
 */
import {
  DEFAULT_HIGH_FRACTION,
  DEFAULT_LOW_FRACTION,
  sensitivity,
  SensitivityOptions,
  SwingRange,
} from "../model/sensitivity";
import { isProblem, Problem } from "../../core/model/problems";
import { WhatIfField, WhatIfOutput, WhatIfView } from "../model/whatIfView";
import { parseNumber, sentence } from "../../core/pane/formReading";
import { formatShareSwing } from "../../core/pane/format";
import { formatInput, formatOutput, formatPercentChange, NO_FIGURE, parsePercent } from "./outputFigures";

/** A low or a high, or both, as a planner typed them, in the input's unit; an end not typed follows the moves. */
export interface TypedRange {
  low?: string;
  high?: string;
}

/** The sensitivity's settings as typed: the default moves in %, a planner's own ranges, the output shown. */
export interface SensitivitySettings<I, O extends string> {
  lowMove: string;
  highMove: string;
  /** inputs whose low or high (or both) a planner typed, in the input's unit */
  ranges: { [K in keyof I]?: TypedRange };
  output: O;
}

/** The settings a view starts with: the model's default moves (-20% / +20%), no range of its own, `output`. */
export function defaultSensitivitySettings<I, O extends string>(output: O): SensitivitySettings<I, O> {
  return {
    lowMove: String(DEFAULT_LOW_FRACTION * 100),
    highMove: String(DEFAULT_HIGH_FRACTION * 100),
    ranges: {},
    output,
  };
}

/** The settings read, with messages by "lowMove", "highMove", "<key>.low" and "<key>.high". */
export interface SettingsReading<I> {
  /**
   * The model's options whenever the moves are valid, for the pane's figures. Every typed range is in them, a
   * refused one too (as typed, NaN where the text is no number): the model refuses it with the field's own check
   * and gives that input's row no figure, so one bad range does not stop the others' figures.
   */
  options?: SensitivityOptions<I>;
  /** true when every move and range passes its check: only then is a sheet written from `options` */
  valid: boolean;
  errors: Record<string, string>;
}

/** A move typed in %: above -100 (-100% would take the input to 0). */
function readMove(text: string, which: "low" | "high"): number | string {
  const value = parsePercent(text);
  if (typeof value === "string") return value;
  return value > -1 ? value : `The ${which} move must be above -100%.`;
}

/**
 * Reads the settings' texts with the form's parsing and each field's own check (named "<label> (low value)"). Only
 * the ranges of `fields` are read: a range kept for an input that is not varied now (left blank) is not used.
 */
export function readSensitivitySettings<I, O extends string>(
  fields: readonly WhatIfField<I>[],
  settings: SensitivitySettings<NoInfer<I>, O>,
): SettingsReading<I> {
  const errors: Record<string, string> = {};
  const low = readMove(settings.lowMove, "low");
  const high = readMove(settings.highMove, "high");
  if (typeof low === "string") errors.lowMove = low;
  if (typeof high === "string") errors.highMove = high;
  const ranges: { [K in keyof I]?: Partial<SwingRange> } = {};
  for (const field of fields) {
    const typed = settings.ranges[field.key];
    if (!typed) continue;
    const range: Partial<SwingRange> = {};
    for (const side of ["low", "high"] as const) {
      const text = typed[side];
      if (text === undefined) continue;
      range[side] = NaN;
      const value = parseNumber(text);
      if (typeof value === "number") range[side] = value;
      const bad = typeof value === "string" ? value : field.check?.(value, `${field.label} (${side} value)`)?.message;
      if (bad) errors[`${field.key}.${side}`] = sentence(bad);
    }
    ranges[field.key] = range;
  }
  if (typeof low === "string" || typeof high === "string") return { valid: false, errors };
  return { options: { lowFraction: low, highFraction: high, ranges }, valid: Object.keys(errors).length === 0, errors };
}

/** One bar of the tornado, as the table and the chart show it. */
export interface SwingFigure<I> {
  key: keyof I & string;
  label: string;
  /** the input's low and high, "480 → 720" */
  rangeText: string;
  lowOutput?: number;
  highOutput?: number;
  /** the output at each end as the table and the sheet show it (every digit) */
  lowText: string;
  highText: string;
  /** the same, short (54M), for the tornado's bars */
  lowLabel: string;
  highLabel: string;
  swingText: string;
  /** the swing as a share of the base output: "40% of base" */
  relativeText: string;
  /** true when moving this input leaves the output where it is */
  zero: boolean;
}

/** The tornado of one output at the base. */
export interface SensitivityFigures<I, O extends string> {
  output: WhatIfOutput<O>;
  base?: number;
  baseText: string;
  rows: SwingFigure<I>[];
  /** what the rows mean, in sentences: the largest swing, the inputs that do not move it, what is not varied */
  sentences: string[];
  /** why there is no tornado at all */
  problem?: string;
}

const numberOf = (value: number | Problem) => (typeof value === "number" ? value : undefined);

/** "A", "A and B", "A, B and C". */
const listed = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}` : items.join("");

/** An output inside a sentence: "the crossover", but "training's share of the year" (a possessive takes no "the"). */
function outputInSentence(label: string): string {
  const lower = `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  return /^\S+'s /.test(lower) ? lower : `the ${lower}`;
}

/**
 * The model's sensitivity of `outputKey` to every input of `base` in `view`, as rows and sentences. `stillNotes`
 * adds a sentence where some inputs leave an output where it is and a planner would expect otherwise (traffic and
 * the crossover).
 */
export function sensitivityFigures<I extends object, O extends string>(
  view: WhatIfView<I, O>,
  base: I,
  options: SensitivityOptions<I>,
  outputKey: O,
  stillNotes: { readonly [K in O]?: string } = {},
): SensitivityFigures<I, O> {
  const output = view.outputs.find((o) => o.key === outputKey) ?? view.outputs[0];
  const result = sensitivity(view, base, options);
  if (isProblem(result)) {
    return { output, baseText: NO_FIGURE, rows: [], sentences: [], problem: sentence(result.message) };
  }
  const tornado = result.outputs.find((o) => o.output.key === output.key)!;
  const quantity = (key: keyof I) => view.fields.find((f) => f.key === key)!.quantity;
  const short = (value: number | Problem) =>
    isProblem(value) ? NO_FIGURE : formatOutput(output.quantity, value, "short");
  const full = (value: number | Problem | undefined) =>
    value === undefined || isProblem(value) ? NO_FIGURE : formatOutput(output.quantity, value, "full");
  // A swing of a share is a difference of two shares, in points of the share, as the sheets' swing cells show it.
  const swingText = (value: number | Problem) =>
    output.quantity === "share" && !isProblem(value) ? formatShareSwing(value) : full(value);
  // A refused end is kept as NaN (its message is beside the field): it shows as no figure, never "NaN".
  const end = (key: keyof I, value: number) => (Number.isFinite(value) ? formatInput(quantity(key), value) : NO_FIGURE);
  const rows = tornado.rows.map((row): SwingFigure<I> => ({
    key: row.key,
    label: row.label,
    rangeText: `${end(row.key, row.lowInput)} → ${end(row.key, row.highInput)}`,
    lowOutput: numberOf(row.lowOutput),
    highOutput: numberOf(row.highOutput),
    lowText: full(row.lowOutput),
    highText: full(row.highOutput),
    lowLabel: short(row.lowOutput),
    highLabel: short(row.highOutput),
    swingText: swingText(row.swing),
    relativeText: isProblem(row.relativeSwing) ? "" : `${formatPercentChange(row.relativeSwing)} of base`,
    zero: row.swing === 0,
  }));
  const sentences: string[] = [];
  const theOutput = outputInSentence(output.label);
  const top = rows[0];
  if (top && !top.zero && top.lowOutput !== undefined) {
    sentences.push(
      `Largest swing: ${top.label}, which moves ${theOutput} from ${full(top.lowOutput)} to ${full(top.highOutput)}.`,
    );
  }
  const still = rows.filter((row) => row.zero).map((row) => row.label);
  if (still.length > 0) {
    const verb = still.length === 1 ? "leaves" : "leave";
    const note = stillNotes[output.key];
    sentences.push(`${listed(still)} ${verb} ${theOutput} where it is.${note ? ` ${note}` : ""}`);
  }
  for (const input of result.varied) if (input.problem) sentences.push(sentence(input.problem.message));
  const blanks = result.skipped.filter((s) => s.reason === "blank").map((s) => s.label);
  if (blanks.length > 0) sentences.push(`Blank, so not varied: ${listed(blanks)}.`);
  const baseValue = numberOf(tornado.base);
  return { output, base: baseValue, baseText: full(baseValue), rows, sentences };
}

/**
 * The sentence after a sheet is written with `ranges`: which inputs carry a planner's own low or high as typed
 * blue cells (the other ends follow the moves); "" when none does.
 */
export function ownRangesSentence<I>(
  fields: readonly WhatIfField<I>[],
  ranges: { readonly [K in keyof I]?: Partial<SwingRange> } = {},
): string {
  const own = fields
    .filter((field) => ranges[field.key] !== undefined)
    .map((field) => {
      const { low, high } = ranges[field.key]!;
      const ends = low !== undefined && high !== undefined ? "low and high" : low !== undefined ? "low" : "high";
      return `${ends} of ${field.label}`;
    });
  if (own.length === 0) return "";
  return `The sheet has your own ${listed(own)} as blue cells; the other ends follow the moves.`;
}
