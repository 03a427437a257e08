import { roundSignificant } from "../model";
/* Numbers as the preview shows them, in the reader's locale. */

const clips = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const significant = new Intl.NumberFormat(undefined, { maximumSignificantDigits: 3 });
const share = new Intl.NumberFormat(undefined, {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const fixed = (digits: number) =>
  new Intl.NumberFormat(undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits });
const hoursFormats = [fixed(0), fixed(1), fixed(3)];

/** Clips: whole numbers with separators (1,944,000,000). */
export const formatClips = (value: number): string => clips.format(value);

// Compact notation is ES2020 Intl; an engine without it ignores the option and shows full numbers.
const compact = new Intl.NumberFormat(undefined, {
  notation: "compact",
  maximumSignificantDigits: 3,
} as Intl.NumberFormatOptions);

/** Clips, short enough for a narrow pane's table: 5K, 54M, 1.94B. */
export const formatClipsShort = (value: number): string => compact.format(value);

/** Hours: 21,600 / 55.6 / 0.056, enough digits to read at each size. */
export function formatHours(value: number): string {
  if (value >= 100 || value === 0) return hoursFormats[0].format(value);
  if (value >= 1) return hoursFormats[1].format(value);
  return significant.format(value);
}

/**
 * A ratio to three significant figures (36, 10.8, 0.0000926), rounded by the model's rule so it
 * matches the sheet's ROUND and DOMINANTHALF (Intl would round the binary value: 10.85 -> 10.8).
 */
export const formatRatio = (value: number): string => significant.format(roundSignificant(value, 3));

/** A share of the total: 2.7%. */
export const formatShare = (value: number): string => share.format(value);

/** Money in the planner's currency text: "55,500.00 USD". */
export const formatCost = (value: number, currency?: string): string =>
  `${fixed(value >= 1000 ? 0 : 2).format(value)}${currency ? ` ${currency}` : ""}`;

/** Powers of ten on a log axis: 1k, 10M, 1B. */
export function formatPowerOfTen(exponent: number): string {
  const units: [number, string][] = [
    [12, "T"],
    [9, "B"],
    [6, "M"],
    [3, "k"],
  ];
  for (const [power, suffix] of units) if (exponent >= power) return `${10 ** (exponent - power)}${suffix}`;
  return exponent >= -4 ? String(Number((10 ** exponent).toPrecision(1))) : `1e${exponent}`;
}
