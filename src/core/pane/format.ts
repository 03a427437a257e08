/*
 * Every number the pane shows, one formatter per kind of figure, each the kind's Excel number format as the
 * written sheet shows it (core/sheet/formats.ts NUMBER_KINDS, rendered by `displayed`), so the pane, the sheet
 * and the help page give the same digits for the same figure; only the separators are the reader's locale's
 * (Intl.NumberFormat). Two styles are the pane's own:
 *  - compact, for the chart's ticks and where a column is narrow (5K, 54M, 1.94B), three significant figures;
 *  - from 1e15 up, scientific (1.94E15): the form takes any double, and no column holds 300 digits.
 */
import { roundSignificant } from "../model/dominance";
import { moneyText } from "../model/money";
import { figureText, NumberKind, unitCostText } from "../sheet/formats";

/** A formatter made on first use: the page's first Intl.NumberFormat loads locale data (45-70 ms, measured). */
function lazy(options: Intl.NumberFormatOptions): { format(value: number): string; parts(): Intl.NumberFormatPart[] } {
  let made: Intl.NumberFormat | undefined;
  const get = () => (made ??= new Intl.NumberFormat(undefined, options));
  return { format: (value) => get().format(value), parts: () => get().formatToParts(1234.5) };
}

const significant = lazy({ maximumSignificantDigits: 3 });
// Compact notation is ES2020 Intl; an engine without it ignores the option and shows every digit.
const compact = lazy({ notation: "compact", maximumSignificantDigits: 3 } as Intl.NumberFormatOptions);
const separators = lazy({ minimumFractionDigits: 1 });

/** Where plain digits stop being readable: from here up, scientific. */
const LARGEST_PLAIN = 1e15;
/** Below this a compact figure or a sentence's figure goes scientific (a chart tick of 0.00001 reads 1E-5). */
const SMALLEST_PLAIN = 1e-4;

/** `text` as the sheets write it (1,234.5) with the reader's separators (1.234,5 in German). */
function localised(text: string): string {
  const parts = separators.parts();
  const group = parts.find((p) => p.type === "group")?.value ?? ",";
  const decimal = parts.find((p) => p.type === "decimal")?.value ?? ".";
  if (group === "," && decimal === ".") return text;
  return text.replace(/[,.]/g, (mark) => (mark === "," ? group : decimal));
}

/** True when `value`, at three significant figures, is too large or too small for plain digits. */
function needsScientific(value: number): boolean {
  const size = roundSignificant(Math.abs(value), 3);
  return size !== 0 && (size >= LARGEST_PLAIN || size < SMALLEST_PLAIN);
}

/** True when `value` is too large for a kind's digits (1e15 up, at three figures), or past a double's range. */
const tooLarge = (value: number): boolean =>
  !Number.isFinite(value) || roundSignificant(Math.abs(value), 3) >= LARGEST_PLAIN;

/**
 * `value` as 1.94E15 or 9.26E-5: a three-figure mantissa in the locale's digits, "E", the exponent. The mantissa
 * is rounded apart from the exponent, as roundSignificant rounds: 1.797e308 rounded whole would be 1.80e308, past
 * the largest double (Infinity, which read "∞ENaN").
 */
function scientific(value: number): string {
  // A figure past a double's range is what the sheet shows as #NUM!: say that, never "∞ENaN" or "NaNENaN".
  if (!Number.isFinite(value)) return "#NUM!";
  const [digits, power] = Math.abs(value).toExponential(14).split("e");
  let mantissa = roundSignificant(Number(digits), 3);
  let exponent = Number(power);
  if (mantissa >= 10) [mantissa, exponent] = [mantissa / 10, exponent + 1];
  return `${significant.format(value < 0 ? -mantissa : mantissa)}E${exponent}`;
}

/** A figure of `kind` as the sheet shows it, in the reader's separators; scientific from 1e15 up. */
export function formatKind(kind: NumberKind, value: number): string {
  return tooLarge(value) ? scientific(value) : localised(figureText(kind, value));
}

/** Below this a figure of no kind goes scientific: nine zeros after the point are past reading. */
const SMALLEST_DIGITS = 1e-9;

/**
 * Three significant figures, for a figure of no kind of its own (40 ms, a move of 20%): 55.6, 0.0000556,
 * 10,800; scientific from 1e15 up and below 1e-9.
 */
export function formatSignificant(value: number): string {
  const size = roundSignificant(Math.abs(value), 3);
  if (size !== 0 && (size >= LARGEST_PLAIN || size < SMALLEST_DIGITS)) return scientific(value);
  return significant.format(roundSignificant(value, 3));
}

/** A count in text, every digit with separators: 54,000,000 (the sheet's clips); 1.94E20 from 1e15 up. */
export function formatCount(value: number): string {
  if (tooLarge(value)) return scientific(value);
  // A fraction of a clip is no count: its figures, not a rounding to 0 or 1.
  return Math.abs(value) >= 1 || value === 0 ? formatKind("clips", value) : formatSignificant(value);
}

/** The short style of the chart's ticks and a narrow column's clips: 5K, 54M, 1.94B, 100T; 1.94E15 beyond. */
export const formatCompact = (value: number): string =>
  needsScientific(value) ? scientific(value) : compact.format(value);

/** Hours, as the sheet's hours: 21,600 / 55.6 / 0.0556 / 0.0; an addition (negative) with its minus. */
export function formatHours(value: number): string {
  if (value < 0) return `-${formatHours(-value)}`;
  // Below a thousandth of an hour (3.6 s) the format keeps one figure or none: the pane says all three.
  return value > 0 && value < 0.001 ? formatSignificant(value) : formatKind("hours", value);
}

/** Hours saved (or added, negative), whole, as the levers' and the changes' cells: 21,600 / -1,800. */
export const formatHoursSaved = (value: number): string => formatKind("hoursSaved", value);

/** A ratio, as the sheet's: 36.0 / 2.78 / 1.0 / 0.0926 / 0.0000926, at least three significant figures. */
export const formatRatio = (value: number): string => formatKind("ratio", value);

/**
 * How many times the larger half is the smaller, rounded by the model's rule as the sheet's ROUND and
 * DOMINANTHALF round (Intl would round the binary value: 10.85 -> 10.8): 10,800x, 36x, 10.9x.
 */
export function formatLead(value: number): string {
  const rounded = roundSignificant(value, 3);
  // Next to the largest double the rounded lead is Infinity: scientific() rounds the value itself there.
  if (!Number.isFinite(rounded) || tooLarge(rounded)) return `${scientific(value)}x`;
  return formatKind("lead", rounded);
}

/**
 * A share of a whole, as the sheet's: 2.7%, 2.03%, 97.3%, never a false 0% or 100% (99.99074%, 0.00926%).
 */
export function formatShare(value: number): string {
  if (value < 0) return formatKind("shareSaved", value);
  const text = formatKind("share", value);
  // Within a part in ten million of 0 or 1 the format's five decimals run out: say so, never a false 0% or 100%.
  if (value > 0 && value < 1) {
    if (text === formatKind("share", 1)) return `>${formatKind("share", 0.9999999)}`;
    if (text === formatKind("share", 0)) return `<${formatKind("share", 0.0000001)}`;
  }
  return text;
}

/** The annual view's share: the one share kind (kept by this name for its callers). */
export const formatShareSignificant = formatShare;

/** A change against a base, as a share of it: +33.3%, -20.0%, 0.0% (never -0.0%). */
export const formatShareChange = (value: number): string => formatKind("shareChange", value);

/** How far a share moves, in points of the share: 1.09%, as the sensitivity's swing cells show it. */
export const formatShareSwing = (value: number): string => formatKind("shareSwing", value);

/** A per-clip time in accelerator-seconds, as the targets' cells: 0.02 / 0.001111. */
export const formatSeconds = (value: number): string => formatKind("seconds", value);

/** Money, as the sheet's cost cells, with the planner's currency if given: "55,500.00 USD", "-4,500.00 USD". */
export function formatCost(value: number, currency?: string): string {
  const unit = currency ? ` ${currency}` : "";
  return tooLarge(value) ? `${scientific(value)}${unit}` : localised(moneyText(value, currency));
}

/** A cost per 1,000 clips, as the sheet's cell: four decimals, "0.0285 USD". */
export function formatUnitCost(value: number, currency?: string): string {
  const unit = currency ? ` ${currency}` : "";
  return tooLarge(value) ? `${scientific(value)}${unit}` : localised(unitCostText(value, currency));
}

/**
 * The tick at 10^exponent (an integer) on a log axis, in the compact style: 0.0001, 1, 1K, 10M, 100T;
 * 1E15 and 1E-5 beyond. Works from the exponent, as 10 ** -324 is 0; never longer than 6 characters.
 */
export function formatPowerOfTen(exponent: number): string {
  if (exponent >= 15 || exponent < -4) return `1E${exponent}`;
  // toPrecision drops the float noise of 10 ** -3 (0.0010000000000000002).
  return formatCompact(Number((10 ** exponent).toPrecision(1)));
}

/**
 * 10^log to two significant figures in the chart's style, for a sentence: 5K, 0.056, 1.9B, 9E304,
 * 4.9E-324. Works from the logarithm, so a value beyond a double's range still reads.
 */
export function formatFromLog(log: number): string {
  let exponent = Math.floor(log);
  let mantissa = Number((10 ** (log - exponent)).toPrecision(2));
  // 9.96 rounds to 10: carry into the exponent so it reads 1E4, not 10E3.
  if (mantissa >= 10) [mantissa, exponent] = [mantissa / 10, exponent + 1];
  if (exponent < -4 || exponent >= 15) return `${significant.format(mantissa)}E${exponent}`;
  return formatCompact(Number((mantissa * 10 ** exponent).toPrecision(2)));
}
