/*
 * One-at-a-time sensitivity (the tornado): each numeric input of a view moved to a low and a
 * high value while every other input keeps its base value, and the swing that causes in each
 * output. The view's own model computes every figure (WhatIfView.evaluate), so nothing here
 * knows a formula; it only chooses inputs and compares outputs.
 */
import { finiteResult } from "../../core/model/checks";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { OutputValues, WhatIfField, WhatIfOutput, WhatIfView } from "./whatIfView";

/** The default move of each input, each side: -20% and +20% of its base value. */
export const DEFAULT_LOW_FRACTION = -0.2;
/** The default move of each input, each side: -20% and +20% of its base value. */
export const DEFAULT_HIGH_FRACTION = 0.2;

/** The two values an input is moved to, in the input's own unit. */
export interface SwingRange {
  low: number;
  high: number;
}

/** How far to move the inputs. */
export interface SensitivityOptions<I> {
  /** relative move of every input without its own range, below base: -0.2 is 20% lower */
  lowFraction?: number;
  /** relative move of every input without its own range, above base: 0.2 is 20% higher */
  highFraction?: number;
  /**
   * a planner's own low or high, or both, for some inputs, in each input's unit; an end not given is the
   * default move's, so a planner who types only the high keeps a low that follows the moves
   */
  ranges?: { readonly [K in keyof I]?: Partial<SwingRange> };
}

/** One input that was varied, and where to. */
export interface VariedInput<I> {
  key: keyof I & string;
  label: string;
  unit: string;
  base: number;
  low: number;
  high: number;
  /** true when the planner gave either end of this range; false when both are the default fractions' */
  edited: boolean;
  /** which ends the planner gave: a sheet writes those as typed values, the others as the moved base */
  editedEnds: { low: boolean; high: boolean };
  /**
   * true when the default low or high was pulled back into the field's domain: a factor
   * (1 = none) never goes below 1, so an overhead of 1 has low = 1.
   */
  limited: boolean;
  /** the low or high value the field's own check refuses (only an edited range can be refused) */
  problem?: Problem;
}

/** An input that is not varied, and why. */
export interface SkippedInput<I> {
  key: keyof I & string;
  label: string;
  reason: "text" | "blank";
  /** a sentence for the pane or the sheet */
  message: string;
}

/** One bar of a tornado: one input's low and high, and the output at each. */
export interface SwingRow<I> {
  key: keyof I & string;
  label: string;
  lowInput: number;
  highInput: number;
  lowOutput: number | Problem;
  highOutput: number | Problem;
  /** |highOutput - lowOutput|, in the output's unit */
  swing: number | Problem;
  /** swing / |base output|: comparable across outputs; a Problem when the base output is 0 */
  relativeSwing: number | Problem;
}

/** One output's tornado: its base value and every varied input, largest swing first. */
export interface OutputSensitivity<I, O extends string> {
  output: WhatIfOutput<O>;
  base: number | Problem;
  /** largest swing first; equal swings keep the view's field order; rows whose swing is a Problem last */
  rows: SwingRow<I>[];
}

/** The whole sensitivity of a view at one base set of inputs. */
export interface Sensitivity<I, O extends string> {
  /** every output at the base inputs */
  base: OutputValues<O>;
  /** the inputs varied, in the view's field order */
  varied: VariedInput<I>[];
  /** the inputs not varied (text, and blanks that stand for a computed default), in field order */
  skipped: SkippedInput<I>[];
  /** one tornado per output, in the view's output order */
  outputs: OutputSensitivity<I, O>[];
}

/**
 * The default low and high of a field from its base value: base x (1 + lowFraction) and
 * base x (1 + highFraction). A factor (1 = none) is kept at 1 or more, since less than none
 * means nothing; any other value the field's check refuses is replaced by the base value, so a
 * default range never makes a Problem. `limited` says either happened.
 * @example defaultSwingRange(planField("trainingHours"), 600) // { low: 480, high: 720, limited: false }
 */
export function defaultSwingRange<I>(
  field: WhatIfField<I>,
  base: number,
  lowFraction = DEFAULT_LOW_FRACTION,
  highFraction = DEFAULT_HIGH_FRACTION,
): SwingRange & { limited: boolean } {
  let limited = false;
  const within = (value: number): number => {
    if (field.quantity === "factor" && value < 1) {
      limited = true;
      return 1;
    }
    if (refusal(field, value, "") !== undefined) {
      limited = true;
      return base;
    }
    return value;
  };
  return { low: within(base * (1 + lowFraction)), high: within(base * (1 + highFraction)), limited };
}

/** The field's own check, or (for a field without one) that the value is a finite number. */
function refusal<I>(field: WhatIfField<I>, value: number, label: string): Problem | undefined {
  if (field.check) return field.check(value, label);
  return Number.isFinite(value) ? undefined : problem("invalidNumber", `${label} must be a finite number.`);
}

/** A relative move must be a finite number above -1 (-1 would take every input to 0). */
function checkFraction(value: number, name: string): Problem | undefined {
  if (Number.isFinite(value) && value > -1) return undefined;
  return problem("invalidNumber", `The ${name} must be a number above -1 (-0.2 is 20% lower); got ${value}.`);
}

/** Why a field is not varied at this base, or undefined when it is. */
function skipOf<I>(field: WhatIfField<I>, value: unknown): SkippedInput<I> | undefined {
  const { key, label } = field;
  if (field.quantity === "text") {
    return { key, label, reason: "text", message: `${label} is text, not a quantity: it is not varied.` };
  }
  if (value === undefined && field.blankMeans !== undefined) {
    // A blank stands for a figure computed from other inputs (launch = the crossover, scale =
    // clips per second x interval) or for nothing (no price). Varying those other inputs
    // already moves it, so varying it too would count the same cause twice.
    const message =
      `${label} is blank (= ${field.blankMeans}), so it has no value of its own to vary; ` +
      "where the blank is computed from other inputs, varying those moves it.";
    return { key, label, reason: "blank", message };
  }
  return undefined;
}

/** The given low or high of an edited range that the field refuses, with "low"/"high" in the label. */
function rangeProblem<I>(field: WhatIfField<I>, range: Partial<SwingRange>): Problem | undefined {
  for (const side of ["low", "high"] as const) {
    const value = range[side];
    if (value === undefined) continue;
    const label = `${field.label} (${side} value)`;
    if (typeof value !== "number") return problem("invalidValue", `${label} must be a number.`);
    const bad = refusal(field, value, label);
    if (bad) return bad;
  }
  return undefined;
}

/** The output of every output key when a whole evaluation failed: its Problem. */
function outputAt<O extends string>(values: OutputValues<O> | Problem, key: O): number | Problem {
  return isProblem(values) ? values : values[key];
}

/** |high - low| and that over |base|; a Problem from either end, or a base of 0 for the relative swing. */
function swingOf(low: number | Problem, high: number | Problem, base: number | Problem, label: string) {
  if (isProblem(low)) return { swing: low, relativeSwing: low };
  if (isProblem(high)) return { swing: high, relativeSwing: high };
  const swing = finiteResult(Math.abs(high - low), `The swing of ${label}`);
  if (isProblem(swing)) return { swing, relativeSwing: swing };
  if (isProblem(base)) return { swing, relativeSwing: base };
  if (base === 0) {
    const zero = problem("divisionByZero", `${label} is 0 at the base inputs, so its swing is no share of it.`);
    return { swing, relativeSwing: zero };
  }
  return { swing, relativeSwing: finiteResult(swing / Math.abs(base), `The relative swing of ${label}`) };
}

/** Largest swing first; a Problem after every number; ties keep the field order (index). */
function byDescendingSwing<I>(a: { row: SwingRow<I>; index: number }, b: { row: SwingRow<I>; index: number }) {
  const x = a.row.swing;
  const y = b.row.swing;
  if (isProblem(x) || isProblem(y)) return isProblem(x) === isProblem(y) ? a.index - b.index : isProblem(x) ? 1 : -1;
  return y - x || a.index - b.index;
}

/**
 * The sensitivity of every output of `view` to each numeric input of `base`: each input moved
 * alone to its low and its high (defaults: -20% / +20% of its base value; `options.ranges`
 * overrides either end of an input), every other input held, the view's own model evaluated at each end.
 * Text fields and blank fields that stand for a computed default are not varied (see
 * `skipped`). The honesty factors are inputs like any other: overhead and peak-to-mean each get
 * their own row, and each also scales the row of the input it multiplies (training hours, seconds
 * per clip), because the model applies them. A Problem when the options or the base inputs are
 * bad, naming what to fix; a range the field refuses puts its Problem in that input's rows only.
 * @example sensitivity(STAGE_VIEW, EXAMPLE_PLAN) // crossover: training hours 43.2M..64.8M, traffic none
 */
export function sensitivity<I extends object, O extends string>(
  view: WhatIfView<I, O>,
  base: I,
  options: SensitivityOptions<I> = {},
): Sensitivity<I, O> | Problem {
  const lowFraction = options.lowFraction ?? DEFAULT_LOW_FRACTION;
  const highFraction = options.highFraction ?? DEFAULT_HIGH_FRACTION;
  const badOption = checkFraction(lowFraction, "low fraction") ?? checkFraction(highFraction, "high fraction");
  if (badOption) return badOption;
  const baseValues = view.evaluate(base);
  if (isProblem(baseValues)) return baseValues;

  const varied: VariedInput<I>[] = [];
  const skipped: SkippedInput<I>[] = [];
  const ends: { low: OutputValues<O> | Problem; high: OutputValues<O> | Problem }[] = [];
  for (const field of view.fields) {
    const value: unknown = base[field.key];
    const skip = skipOf(field, value);
    if (skip) {
      skipped.push(skip);
      continue;
    }
    if (typeof value !== "number") {
      return problem("invalidValue", `${field.label} must be a number to vary it; enter one, or leave it blank.`);
    }
    if (!Number.isFinite(value)) return problem("invalidNumber", `${field.label} must be a finite number.`);
    const own = options.ranges ? options.ranges[field.key] : undefined;
    const byDefault = defaultSwingRange(field, value, lowFraction, highFraction);
    const editedEnds = { low: own?.low !== undefined, high: own?.high !== undefined };
    const range = {
      low: own?.low ?? byDefault.low,
      high: own?.high ?? byDefault.high,
      // only a default end can have been pulled back into the field's domain
      limited: byDefault.limited && !(editedEnds.low && editedEnds.high),
    };
    const refused = own ? rangeProblem(field, own) : undefined;
    const input: VariedInput<I> = {
      key: field.key,
      label: field.label,
      unit: field.unit,
      base: value,
      low: range.low,
      high: range.high,
      edited: editedEnds.low || editedEnds.high,
      editedEnds,
      limited: range.limited,
    };
    if (refused) input.problem = refused;
    varied.push(input);
    ends.push({
      low: refused ?? view.evaluate(withValue(base, field.key, range.low)),
      high: refused ?? view.evaluate(withValue(base, field.key, range.high)),
    });
  }

  const outputs = view.outputs.map((output): OutputSensitivity<I, O> => {
    const baseOutput = baseValues[output.key];
    const indexed = varied.map((input, index) => {
      const lowOutput = outputAt(ends[index].low, output.key);
      const highOutput = outputAt(ends[index].high, output.key);
      const row: SwingRow<I> = {
        key: input.key,
        label: input.label,
        lowInput: input.low,
        highInput: input.high,
        lowOutput,
        highOutput,
        ...swingOf(lowOutput, highOutput, baseOutput, output.label),
      };
      return { row, index };
    });
    indexed.sort(byDescendingSwing);
    return { output, base: baseOutput, rows: indexed.map((entry) => entry.row) };
  });
  return { base: baseValues, varied, skipped, outputs };
}

/** A copy of `inputs` with one field changed. */
function withValue<I extends object>(inputs: I, key: keyof I, value: number): I {
  return Object.assign({}, inputs, { [key]: value });
}
