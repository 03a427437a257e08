/*
 * The numbers of a what-if view's outputs (the stage scenarios', the annual year's), in the one number style
 * (core/pane/format.ts, the sheets' kinds): an output by its quantity, a change against the base (signed; a
 * share's change in percentage points), a per-clip time in ms or s, an input as typed, a typed percentage. A
 * Problem shows as a dash, never as NaN or Infinity; the sentence that says why goes beside it.
 */
import { isProblem, Problem } from "../../core/model/problems";
import { OutputQuantity } from "../model/whatIfView";
import { parseNumber } from "../../core/pane/formReading";
import {
  formatCompact,
  formatCost,
  formatCount,
  formatHours,
  formatKind,
  formatRatio,
  formatShare,
  formatShareChange,
  formatSignificant,
} from "../../core/pane/format";

/** What a figure that could not be computed shows. */
export const NO_FIGURE = "—";

/**
 * An output by its quantity, as the sheet's cell of that quantity shows it. "full" writes every digit of a count
 * (54,000,000), as the sheet does, for text and tables; "short" writes it compact (54M), for a chart's labels.
 */
export function formatOutput(quantity: OutputQuantity, value: number | Problem, style: "full" | "short"): string {
  if (isProblem(value)) return NO_FIGURE;
  if (quantity === "clips") return style === "full" ? formatCount(value) : formatCompact(value);
  if (quantity === "hours") return formatHours(value);
  if (quantity === "share") return formatShare(value);
  if (quantity === "money") return formatCost(value);
  return formatRatio(value);
}

/** "+" before a positive figure: a change reads as one. The locale's own minus comes with a negative. */
const signed = (value: number, text: string) => (value > 0 ? `+${text}` : text);

/** A fraction of a base as a signed percentage, as the what-if sheet's change cells: +33.3%, -20.0%, 0.0%. */
export function formatPercentChange(fraction: number): string {
  return formatShareChange(fraction);
}

/** The default moves in words: "20% either way" when they are alike, "-10% and +30%" otherwise. */
export function formatMoves(lowFraction: number, highFraction: number): string {
  const percent = (fraction: number) => signed(fraction, `${formatSignificant(fraction * 100)}%`);
  if (lowFraction === -highFraction && highFraction > 0) return `${formatSignificant(highFraction * 100)}% either way`;
  return `${percent(lowFraction)} and ${percent(highFraction)}`;
}

/** An absolute change of an output as the what-if sheet's change cells show it: +10,800,000, +1.2%, -0.011. */
function formatAbsoluteChange(quantity: OutputQuantity, absolute: number): string {
  if (quantity === "clips") return formatKind("clipsChange", absolute);
  if (quantity === "share") return formatKind("sharePointsChange", absolute);
  if (quantity === "hours") return formatKind("hoursChange", absolute);
  return signed(absolute, formatOutput(quantity, absolute, "full"));
}

/**
 * A change against the base, absolute then relative: "+10.8M, +20%". A change of a share is in percentage points
 * ("+1.2 pts"), since a percentage of a percentage misleads. A change that has no figure (a base of 0 for the
 * relative one) shows a dash.
 */
export function formatChange(
  quantity: OutputQuantity,
  change: { absolute: number | Problem; relative: number | Problem },
): { absolute: string; relative: string } {
  const { absolute, relative } = change;
  let absoluteText = NO_FIGURE;
  if (!isProblem(absolute)) absoluteText = formatAbsoluteChange(quantity, absolute);
  return { absolute: absoluteText, relative: isProblem(relative) ? NO_FIGURE : formatPercentChange(relative) };
}

/** A per-clip time: 1.11 ms below a second, 7,776 s from a second up. */
export function formatSeconds(seconds: number): string {
  return seconds < 1 ? `${formatSignificant(seconds * 1000)} ms` : `${formatSignificant(seconds)} s`;
}

/**
 * An input's value as the sheet's input cells show it, every digit a planner typed: 35,520 (not 35,500), 0.032,
 * 1,555,200,000 clips.
 */
export function formatInput(quantity: string, value: number): string {
  return quantity === "clips" ? formatCount(value) : formatKind("typed", value);
}

/** A value as an input shows it for editing: no float noise (0.032, not 0.032000000000000006). */
export function editableText(value: number): string {
  return String(Number(value.toPrecision(12)));
}

/**
 * A typed percentage ("20", "-20 %", "90%") as a fraction (0.2, -0.2, 0.9), or what is wrong with it. Bounds are
 * the caller's: the model checks what a fraction may be.
 */
export function parsePercent(text: string): number | string {
  const value = parseNumber(text.replace(/%\s*$/, ""));
  return typeof value === "string" ? value : value / 100;
}
