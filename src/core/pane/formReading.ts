/*
 * Reading what a planner types into any of the pane's forms: a number as people write one, text cut to its
 * field's length, a blank left out where the field allows one, and messages as sentences. No DOM here, so the
 * rules are tested directly; each view's form reads its own field list through these.
 */

/** A value as the form first shows it: clips with thousands separators, other numbers as they are. */
export function startingText(value: number | string, quantity: string): string {
  if (typeof value !== "number") return value;
  // Clips, and any whole number from 10,000 up (44,400 hours), read better with separators; the form reads them.
  const grouped = quantity === "clips" || (Number.isInteger(value) && Math.abs(value) >= 10_000);
  return grouped ? value.toLocaleString("en-US") : String(value);
}

/**
 * Thousands grouped in threes by one separator: a comma, an underscore or a space of any kind (the SI's thin
 * space, a no-break space), as in 5,000, 250_000 and 5 000; the first group has one to three digits.
 */
const GROUPED =
  /^[+-]?\d{1,3}(?:(,)\d{3}(?:,\d{3})*|(_)\d{3}(?:_\d{3})*|(\s)\d{3}(?:\s\d{3})*)(\.\d*)?([eE][+-]?\d+)?$/;

/** The typed digits with their group separators taken out, or the text as it was when it is not so grouped. */
function ungrouped(text: string): string {
  const grouped = GROUPED.exec(text);
  if (!grouped) return text;
  // One kind of space throughout, as a planner types it: "5 000 000", not "5 000\u00a0000".
  if (grouped[3] !== undefined && new Set(text.match(/\s/g)).size > 1) return text;
  return text.replace(/[,_\s]/g, "");
}

/**
 * Reads a typed number: "5,000", "5 000", "250_000", "1.944e9", " 0.040 ". A comma is only a thousands separator;
 * a space or an underscore inside a number is one too, in threes, and anything else with one inside ("4 2",
 * "3_2") is refused rather than read as the number its digits run together into.
 */
export function parseNumber(text: string): number | string {
  // U+2212, the minus sign Word and Excel's autocorrect put in place of a hyphen, is a minus too; a space
  // after a sign ("- 5") is the typing of a sign, not of two numbers.
  const trimmed = text
    .trim()
    .replace(/\u2212/g, "-")
    .replace(/^([+-])\s+/, "$1");
  if (trimmed === "") return "Enter a number.";
  const plain = ungrouped(trimmed);
  // Only where the rest is a number's characters: "40 min" is no number at all, said below.
  if (/[\s_]/.test(plain) && /^[+-]?[\d.,eE+\-\s_]+$/.test(plain)) {
    return `"${text.trim()}" is not one number: type its digits together, or group thousands in threes (5 000).`;
  }
  if (plain.includes(",")) return "Use a point for decimals (0.04), and commas only between thousands (5,000).";
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(plain)) return `"${text.trim()}" is not a number.`;
  const value = Number(plain);
  if (!Number.isFinite(value)) return "That number is too large (over 1.8e308).";
  // Below 5e-324 a double is 0: say so rather than read the typed digits as 0.
  if (value === 0 && /[1-9]/.test(plain.replace(/[eE].*$/, ""))) {
    return "That number is too small to compute (below 5e-324); enter 0 or a larger number.";
  }
  return value;
}

/** Seconds per unit a seconds field accepts after its number: "40 ms" is 0.04 s, "0.04 s" is 0.04 s. */
const SECONDS_IN: Record<string, number> = { s: 1, sec: 1, ms: 1000, msec: 1000 };

/**
 * Reads a typed number of `quantity`: a seconds field also takes milliseconds or seconds by their unit ("40 ms",
 * "0.04 s"), since a serving time is often known in ms; any other text there says seconds are wanted.
 */
export function parseQuantity(text: string, quantity: string): number | string {
  if (quantity !== "seconds") return parseNumber(text);
  const withUnit = /^(.*?\d\.?)\s*(s|sec|ms|msec)\.?$/i.exec(text.trim());
  if (withUnit) {
    const value = parseNumber(withUnit[1]);
    // Division, not a product with 0.001: 40 / 1000 is exactly the double 0.04 that a planner would type.
    return typeof value === "number" ? value / SECONDS_IN[withUnit[2].toLowerCase()] : value;
  }
  const value = parseNumber(text);
  if (typeof value === "string" && value.endsWith("is not a number.")) return `${value} Type seconds: 0.04 for 40 ms.`;
  return value;
}

/** The first `count` characters of `text`, never half of one (an emoji is two UTF-16 units). */
export const firstCharacters = (text: string, count: number): string => Array.from(text).slice(0, count).join("");

/** A message as a sentence: its first letter capital. */
export const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** A field as the form reads it: its key, whether it is text, and what a blank stands for. */
export interface ReadableField<K extends string> {
  key: K;
  quantity: string;
  blankMeans?: string;
  /** a text field's longest text (8 characters, a currency's, when not set) */
  maxLength?: number;
}

/** Reads typed texts field by field: numbers parsed, text cut to 8 characters, blanks left out where allowed. */
export function readFields<K extends string>(
  fields: readonly ReadableField<K>[],
  texts: Partial<Record<K, string>>,
): { values: Record<string, number | string | undefined>; errors: Partial<Record<K, string>> } {
  const errors: Partial<Record<K, string>> = {};
  const values: Record<string, number | string | undefined> = {};
  for (const field of fields) {
    const text = (texts[field.key] ?? "").trim();
    if (text === "" && field.blankMeans !== undefined) continue;
    if (field.quantity === "text") {
      values[field.key] = firstCharacters(text, field.maxLength ?? 8);
      continue;
    }
    const value = parseQuantity(text, field.quantity);
    if (typeof value === "string") {
      errors[field.key] = value;
      continue;
    }
    values[field.key] = value === 0 ? 0 : value;
  }
  return { values, errors };
}

/** A field of a folded group as its summary names it: a short name and the text typed in it. */
export interface FoldedValue {
  /** the field's name in a few words, lower case ("overhead") */
  name: string;
  text: string;
}

/**
 * The values line of a folded group's summary: "overhead 1, peak-to-mean 1", each field's text as typed (so that
 * an invalid one shows as it is) and "blank" for an empty one; long text cut to 12 characters with an ellipsis.
 */
export function foldedValues(values: readonly FoldedValue[]): string {
  return values
    .map(({ name, text }) => {
      const typed = text.trim();
      const shown = typed === "" ? "blank" : Array.from(typed).length > 12 ? `${firstCharacters(typed, 11)}…` : typed;
      return `${name} ${shown}`;
    })
    .join(", ");
}
