/*
 * Excel number formats by kind of quantity: one place for how every written figure looks, and a
 * small renderer of the formats used here (displayed), so the layout can size columns to what
 * they show and the tests can compare it with what LibreOffice draws.
 *
 * Computed figures follow the task pane's style: hours 21,600 / 55.6 / 0.0556, ratios to about
 * three significant figures, shares to 0.1% but never a false 0% or 100%. Excel has no format
 * for significant figures, so each is a format with conditions; Excel allows two conditions and
 * a third section for the rest ("Review guidelines for customizing a number format", Microsoft
 * Support). Inputs show what was typed: General below 1,000, where a format such as "#,##0.##"
 * would leave Excel's trailing point ("90."), and separators from 1,000.
 */
import type { Quantity } from "../model/fields";

/** The number format of each kind of figure the sheets show. */
export const NUMBER_FORMAT = {
  /** computed hours: 21,600 / 55.6 / 0.0556 */
  hours: "[>=100]#,##0;[>=1]0.0;0.0###",
  clips: "#,##0",
  /** a typed quantity: as typed below 1,000, whole with separators above */
  typed: "[>=1000]#,##0;General",
  factor: '0.0#"x"',
  /** serving / training: 36.0, 2.78, 0.0926, 9.26E-05 (the prototype's, 1e-4 and below) */
  ratio: "[>=1]#,##0.0#;[>=0.001]0.000##;0.00E+00",
  /** the lead is already three significant figures (ROUND), so General shows exactly those */
  lead: '[>=1000]#,##0"x";General"x"',
  /** 2.7%; near 0 or 100% up to five more decimals, so 99.99074% is not shown as 100.0% */
  share: "[>=0.9995]0.0####%;[>=0.0005]0.0%;0.0####%",
  price: "#,##0.00",
  text: "@",
} as const;

/** The number format of an input of kind `quantity`. */
export function inputFormat(quantity: Quantity): string {
  switch (quantity) {
    case "clips":
    case "factor":
    case "price":
    case "text":
      return NUMBER_FORMAT[quantity];
    default:
      return NUMBER_FORMAT.typed;
  }
}

/** A currency written safely inside a number format: letters and symbols only, in quotes. */
export function currencyFormat(currency: string | undefined): string {
  const cleaned = (currency ?? "").replace(/["\\;[\]]/g, "").trim();
  const shown = Array.from(cleaned).slice(0, 8).join(""); // by code points: never half an emoji
  return shown ? `#,##0.00 "${shown}"` : "#,##0.00";
}

/** One section of a format: its condition, if any, and its code without the condition. */
interface Section {
  condition?: (value: number) => boolean;
  code: string;
}

const CONDITION = /^\[(>=|<=|<>|>|<|=)(-?[\d.]+)\]/;
const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  ">=": (a, b) => a >= b,
  "<=": (a, b) => a <= b,
  "<>": (a, b) => a !== b,
  ">": (a, b) => a > b,
  "<": (a, b) => a < b,
  "=": (a, b) => a === b,
};

/** The sections of a format, split at semicolons outside quotes. */
function sections(format: string): Section[] {
  const parts = format.match(/(?:"[^"]*"|[^;"])+/g) ?? [""];
  return parts.map((part) => {
    const match = CONDITION.exec(part);
    if (!match) return { code: part };
    const [whole, operator, bound] = match;
    return { code: part.slice(whole.length), condition: (v) => COMPARE[operator](v, Number(bound)) };
  });
}

/** The section Excel picks for `value`: by condition when there are any, else by sign. */
function sectionFor(all: Section[], value: number): { code: string; absolute: boolean } {
  if (all.some((s) => s.condition)) {
    const found = all.find((s) => !s.condition || s.condition(value)) ?? all[all.length - 1];
    return { code: found.code, absolute: false };
  }
  if (value < 0 && all.length > 1) return { code: all[1].code, absolute: true };
  if (value === 0 && all.length > 2) return { code: all[2].code, absolute: false };
  return { code: all[0].code, absolute: false };
}

/**
 * The magnitude of `value` with `decimals` decimals, rounded half away from zero on its first 15
 * significant digits, as spreadsheets show numbers (so 2.675 shows as 2.68; from 1e15 on, the
 * digits past the fifteenth show as zeros).
 */
function fixed(value: number, decimals: number): string {
  const [mantissa, exponent = "0"] = Math.abs(value).toPrecision(15).split("e");
  const power = Number(exponent);
  if (power >= 15)
    return mantissa.replace(".", "").padEnd(power + 1, "0") + (decimals ? `.${"0".repeat(decimals)}` : "");
  const rounded = Math.round(Number(`${mantissa}e${power + decimals}`));
  return (rounded / 10 ** decimals).toFixed(decimals);
}

/** General as a cell of ordinary width shows it: up to 10 significant digits, scientific when tiny or huge. */
function general(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && (magnitude < 1e-9 || magnitude >= 1e11)) {
    const [mantissa, exponent] = value.toExponential(5).split("e");
    const digits = Number(mantissa).toString();
    const power = Number(exponent);
    return `${digits}E${power < 0 ? "-" : "+"}${String(Math.abs(power)).padStart(2, "0")}`;
  }
  return String(Number(value.toPrecision(10)));
}

/** The digits of a plain (not scientific) number pattern such as "#,##0.0##". */
function plainNumber(value: number, pattern: string): string {
  const [integerPattern, fractionPattern = ""] = pattern.split(".");
  const required = (fractionPattern.match(/0/g) ?? []).length;
  const optional = (fractionPattern.match(/#/g) ?? []).length;
  const text = fixed(value, required + optional);
  let [integer, fraction = ""] = text.split(".");
  while (fraction.length > required && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const minimumInteger = (integerPattern.match(/0/g) ?? []).length;
  if (integer === "0" && minimumInteger === 0) integer = "";
  if (integerPattern.includes(",")) integer = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction.length > 0 || fractionPattern.length > 0 ? `${integer}.${fraction}` : integer;
}

/** The digits of a scientific pattern such as "0.00E+00". */
function scientific(value: number, pattern: string): string {
  const [mantissaPattern, exponentPattern] = pattern.split(/E[+-]/);
  const decimals = (mantissaPattern.split(".")[1] ?? "").length;
  const [mantissa, exponent] = Math.abs(value).toExponential(decimals).split("e");
  const power = Number(exponent);
  const sign = power < 0 ? "-" : "+";
  return `${mantissa}E${sign}${String(Math.abs(power)).padStart(exponentPattern.length, "0")}`;
}

/**
 * The text a cell of number format `format` shows for `value`, for the subset of Excel's format
 * language this sheet writes: conditions, quoted literals, General, 0 # , . % and E+00. Only
 * what the sheet's own formats need; a format outside that subset throws, so a new format is
 * added here (and checked against LibreOffice by test/e2e/workbook.e2e.ts) before it is used.
 */
export function displayed(value: number, format: string): string {
  if (format === "@") return String(value);
  const { code, absolute } = sectionFor(sections(format), value);
  const shown = absolute ? Math.abs(value) : value;
  const literal = (part: string) => part.replace(/"([^"]*)"/g, "$1");
  const match = /^((?:"[^"]*"|[^#0.,%E"])*)((?:General)|[#0.,E+-]+)((?:"[^"]*"|[^#0,"])*)$/.exec(code);
  if (!match || /[^"\s%]/.test(match[3].replace(/"[^"]*"/g, ""))) throw new Error(`Unsupported format ${format}`);
  const [, before, pattern, after] = match;
  const percent = after.replace(/"[^"]*"/g, "").includes("%");
  const scaled = percent ? shown * 100 : shown;
  const negative = scaled < 0 && !absolute;
  const digits =
    pattern === "General"
      ? general(Math.abs(scaled))
      : pattern.includes("E")
        ? scientific(scaled, pattern)
        : plainNumber(scaled, pattern);
  return `${literal(before)}${negative ? "-" : ""}${digits}${literal(after)}`;
}
