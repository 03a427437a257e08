/*
 * Every number the pane shows, in one style, in the reader's locale (Intl.NumberFormat). The table, the text
 * and the chart all format through here:
 *  - in text (the crossover line, a field's computed default), every digit with separators: 54,000,000;
 *  - in the table and on the chart, where a column is narrow, compact from a thousand for clips and ticks
 *    (5K, 54M, 1.94B) and from a million for hours, ratios and money (21,600 but 434M), three significant figures;
 *  - from 1e15 up and below 1e-4, scientific everywhere (1.94E15, 9.26E-5): the form takes any double, and no
 *    column holds 300 digits or counts eight zeros;
 *  - a share never rounds to 0% or 100% unless it is exactly that (">99.9%", "<0.1%").
 */
import { roundSignificant } from "../model/dominance";

/** A formatter made on first use: the page's first Intl.NumberFormat loads locale data (45-70 ms, measured). */
function lazy(options: Intl.NumberFormatOptions): { format(value: number): string } {
  let made: Intl.NumberFormat | undefined;
  return { format: (value) => (made ??= new Intl.NumberFormat(undefined, options)).format(value) };
}

const whole = lazy({ maximumFractionDigits: 0 });
const oneDecimal = lazy({ minimumFractionDigits: 1, maximumFractionDigits: 1 });
const cents = lazy({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
const significant = lazy({ maximumSignificantDigits: 3 });
const share = lazy({ style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
const shareSignificant = lazy({ style: "percent", maximumSignificantDigits: 3 });
// Compact notation is ES2020 Intl; an engine without it ignores the option and shows every digit.
const compact = lazy({ notation: "compact", maximumSignificantDigits: 3 } as Intl.NumberFormatOptions);

/** Where plain digits stop being readable: from here up, and below SMALLEST_PLAIN, scientific. */
const LARGEST_PLAIN = 1e15;
const SMALLEST_PLAIN = 1e-4;
/** From here up, hours, ratios and money in the table go compact, as clips always do. */
const COMPACT_FROM = 1e6;

/** True when `value`, at three significant figures, is too large or too small for plain digits. */
function needsScientific(value: number): boolean {
  const size = roundSignificant(Math.abs(value), 3);
  return size !== 0 && (size >= LARGEST_PLAIN || size < SMALLEST_PLAIN);
}

/**
 * `value` as 1.94E15 or 9.26E-5: a three-figure mantissa in the locale's digits, "E", the exponent. The mantissa
 * is rounded apart from the exponent, as roundSignificant rounds: 1.797e308 rounded whole would be 1.80e308, past
 * the largest double (Infinity, which read "∞ENaN").
 */
function scientific(value: number): string {
  const [digits, power] = Math.abs(value).toExponential(14).split("e");
  let mantissa = roundSignificant(Number(digits), 3);
  let exponent = Number(power);
  if (mantissa >= 10) [mantissa, exponent] = [mantissa / 10, exponent + 1];
  return `${significant.format(value < 0 ? -mantissa : mantissa)}E${exponent}`;
}

/** Three significant figures: 55.6, 0.0556, 10,800; scientific beyond the plain range. */
const formatSignificant = (value: number): string =>
  needsScientific(value) ? scientific(value) : significant.format(value);

/** A count in text, every digit with separators: 54,000,000 (1.94E20 from 1e15 up). */
export function formatCount(value: number): string {
  if (needsScientific(value)) return scientific(value);
  return Math.abs(value) >= 1 || value === 0 ? whole.format(value) : significant.format(value);
}

/** The short style of the table's clips and the chart's ticks: 5K, 54M, 1.94B, 100T; 1.94E15 beyond. */
export const formatCompact = (value: number): string =>
  needsScientific(value) ? scientific(value) : compact.format(value);

/** Hours: 21,600 / 55.6 / 0.0556, enough digits to read at each size; 434M from a million up. */
export function formatHours(value: number): string {
  const size = Math.abs(value);
  if (size >= COMPACT_FROM) return formatCompact(value);
  if (size >= 100 || value === 0) return whole.format(value);
  if (size >= 1) return oneDecimal.format(value);
  return formatSignificant(value);
}

/**
 * A ratio to three significant figures (36, 10,800, 0.0556), rounded by the model's rule so it
 * matches the sheet's ROUND and DOMINANTHALF (Intl would round the binary value: 10.85 -> 10.8).
 * Compact from a million up (2.88M), scientific below 1e-4 (9.26E-5).
 */
export function formatRatio(value: number): string {
  const rounded = roundSignificant(value, 3);
  // Next to the largest double the rounded ratio is Infinity: scientific() rounds the value itself there.
  if (!Number.isFinite(rounded)) return formatSignificant(value);
  return Math.abs(rounded) >= COMPACT_FROM ? formatCompact(rounded) : formatSignificant(rounded);
}

/** How many times the larger half is the smaller: 10,800x, 36x. */
export const formatLead = (value: number): string => `${formatRatio(value)}x`;

/**
 * A share of the total to one decimal: 2.7%. One that is not exactly 0 or 1 never shows as 0.0% or
 * 100.0%, which would say a half is nothing or everything: 0.99999 is ">99.9%", 0.00001 is "<0.1%".
 */
export function formatShare(value: number): string {
  const text = share.format(value);
  if (value > 0 && value < 1) {
    if (text === share.format(1)) return `>${share.format(0.999)}`;
    if (text === share.format(0)) return `<${share.format(0.001)}`;
  }
  return text;
}

/** Money, with the planner's currency text if given: "55,500 USD", "12.50", "2.16M USD". */
export function formatCost(value: number, currency?: string): string {
  const size = Math.abs(value);
  const number = size >= COMPACT_FROM ? formatCompact(value) : (size >= 1000 ? whole : cents).format(value);
  return currency ? `${number} ${currency}` : number;
}

/**
 * The tick at 10^exponent (an integer) on a log axis, in the table's compact style: 0.0001, 1, 1K, 10M, 100T;
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

/**
 * A share to three significant figures (2.7%, 1.37%, 24.3%): the annual view's, where a ceiling of 1.37%
 * against one of 2.7% is the point. Never a false 0% or 100%, as formatShare.
 */
export function formatShareSignificant(value: number): string {
  const text = shareSignificant.format(value);
  if (value > 0 && value < 1) {
    if (text === shareSignificant.format(1)) return `>${shareSignificant.format(0.999)}`;
    if (text === shareSignificant.format(0)) return `<${shareSignificant.format(0.001)}`;
  }
  return text;
}
