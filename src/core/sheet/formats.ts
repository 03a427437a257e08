/*
 * One number style for every surface, declared once as data: each kind of figure (hours, clips, ratio, share,
 * a share's swing in points, money...) has one Excel number format, and the pane's and the help page's text for
 * a figure of that kind is that format rendered (displayed, below): the same digits in the pane, the written
 * sheet (as LibreOffice draws it: test/core/sheet/sameFigures.test.ts) and the help page. The pane only swaps in
 * its reader's separators (core/pane/format.ts).
 *
 * Excel has no format for significant figures and allows two conditions and a third section for the rest
 * ("Review guidelines for customizing a number format", Microsoft Support), so each kind is two bands and the
 * rest, chosen so a planner's figures read to about three significant figures, never in scientific notation
 * below 1e15. With conditions, LibreOffice shows no minus sign of its own (it shows -1800 as "1800.0" in the
 * third section), so a kind that can be negative writes its minus as a literal in a band of its own, and its
 * unconditioned section only ever holds figures that round to 0, so "-0.0%" never shows. Inputs show what was
 * typed: General below 1,000, where a format such as "#,##0.##" would leave Excel's trailing point ("90."),
 * and separators from 1,000.
 */
import type { Quantity } from "../model/fields";
import { currencyShown, decimalDigits, moneyText } from "../model/money";

/** The kinds of figure the pane, the sheets and the help page show, each in one style. */
export type NumberKind =
  | "hours"
  | "hoursSaved"
  | "clips"
  | "typed"
  | "factor"
  | "ratio"
  | "multiple"
  | "lead"
  | "share"
  | "shareSaved"
  | "shareChange"
  | "sharePointsChange"
  | "shareSwing"
  | "clipsChange"
  | "hoursChange"
  | "seconds"
  | "price"
  | "text";

/** A kind's style: its Excel number format and what it promises, as the README and the tests quote it. */
export interface NumberKindStyle {
  format: string;
  /** the kind's figures as it shows them, for a reader of this list */
  shows: string;
}

/** Every kind of figure and its one style. Money is a kind too, with the planner's currency: moneyFormat. */
export const NUMBER_KINDS: Readonly<Record<NumberKind, NumberKindStyle>> = {
  hours: { format: "[>=100]#,##0;[>=1]0.0;0.0###", shows: "21,600 / 55.6 / 0.0556; 0 or more" },
  hoursSaved: { format: "[>=0.5]#,##0;[<=-0.5]-#,##0;0", shows: "hours saved or added, whole: 21,600 / -1,800" },
  clips: { format: "#,##0", shows: "every digit: 1,944,000,000" },
  typed: { format: "[<0]-General;[>=1000]#,##0;General", shows: "an input as typed: 0.04 / 90 / 35,520 / -1" },
  factor: { format: '0.0#"x"', shows: "1.0x / 2.5x" },
  ratio: { format: "[>=1]#,##0.0#;[>=0.01]0.000#;0.0000000", shows: "36.0 / 2.78 / 1.0 / 0.0926 / 0.0000926" },
  multiple: {
    format: "[>=0.0005]#,##0.0##;[<=-0.0005]-#,##0.0##;0.0",
    shows: "a multiple of the training half: 36.0 / 9.0 / 0.75 / 0.0",
  },
  lead: { format: '[>=1000]#,##0"x";General"x"', shows: "a lead ROUNDed to three figures: 10,800x / 36x / 10.8x" },
  share: { format: "[>=0.9995]0.0####%;[>=0.0005]0.0#%;0.0####%", shows: "2.7% / 2.03% / 99.99074% / 0.00926%" },
  shareSaved: { format: "[>=0.0005]0.0#%;[<=-0.0005]-0.0#%;0.0####%", shows: "a saving's share: 2.03% / -2.03%" },
  shareChange: { format: "[>=0.0005]+0.0%;[<=-0.0005]-0.0%;0.0%", shows: "a change over its base: +33.3% / -20.0%" },
  sharePointsChange: {
    format: "[>=0.000005]+0.0##%;[<=-0.000005]-0.0##%;0.0%",
    shows: "a share's change, in points: +1.2% / -0.03%, never -0.0%",
  },
  shareSwing: { format: "[>=0.0005]0.0#%;0.0####%", shows: "a share's swing in points: 1.09% / 0.5%" },
  clipsChange: { format: "[>=0.5]+#,##0;[<=-0.5]-#,##0;0", shows: "+10,800,000 / -10,800,000 / 0" },
  hoursChange: { format: "[>=0.0005]+#,##0.0##;[<=-0.0005]-#,##0.0##;0", shows: "+4,440.0 / -0.011 / 0" },
  seconds: { format: "[>=1]#,##0.0##;[>=0.001]0.000###;0.00000###", shows: "0.02 / 0.001111 / 0.00000111" },
  price: { format: "#,##0.00", shows: "2.50" },
  text: { format: "@", shows: "text as typed" },
};

/** The number format of each kind of figure the sheets show (NUMBER_KINDS' formats). */
export const NUMBER_FORMAT: Readonly<Record<NumberKind, string>> = Object.fromEntries(
  Object.entries(NUMBER_KINDS).map(([kind, style]) => [kind, style.format]),
) as Record<NumberKind, string>;

/** A currency written safely inside a number format: letters and symbols only, in quotes; "" for none. */
function currencySuffix(currency: string | undefined): string {
  const shown = currencyShown(currency);
  return shown ? ` "${shown}"` : "";
}

/**
 * The money kind in `currency`, for a typed price and every computed cost alike: to the cent, its sign in Excel's
 * own negative section (a condition such as [<0] with a literal minus reads "--9,600.00" in LibreOffice).
 * @example moneyFormat("USD") // '#,##0.00 "USD";-#,##0.00 "USD";0.00 "USD"'
 */
export function moneyFormat(currency: string | undefined): string {
  const unit = currencySuffix(currency);
  return `#,##0.00${unit};-#,##0.00${unit};0.00${unit}`;
}

/**
 * The money of one unit of work, a cost per 1,000 clips (0 or more): four decimals, so 0.0285 USD keeps its figures.
 * @example unitCostFormat("USD") // '#,##0.0000 "USD"'
 */
export function unitCostFormat(currency: string | undefined): string {
  return `#,##0.0000${currencySuffix(currency)}`;
}

/**
 * The text a figure of `kind` shows on every surface, as its Excel format renders it (en-US separators):
 * the sheet's cell, the help page, and the pane before its locale's separators go in.
 * @example figureText("share", 0.0203) // "2.03%"
 */
export function figureText(kind: NumberKind, value: number): string {
  return displayed(value, NUMBER_KINDS[kind].format);
}

/** The text a sum of money shows on every surface (moneyFormat rendered): core/model/money.ts, the one formatter. */
export { moneyText };

/** The text a cost per 1,000 clips shows on every surface (unitCostFormat rendered). */
export function unitCostText(value: number, currency?: string): string {
  return displayed(value, unitCostFormat(currency));
}

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

/** A typed price or a cost in `currency`: the money kind (moneyFormat), kept by this name for the layouts. */
export const currencyFormat = moneyFormat;

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

/**
 * The section Excel picks for `value`: by condition when there are any, else by sign. With conditions the
 * section's own literals carry any sign: LibreOffice adds no minus of its own there (it shows -1800 in
 * "[>=100]#,##0;[>=1]0.0;0.0###" as "1800.0"), so a kind that may be negative has a band with a literal "-".
 */
function sectionFor(all: Section[], value: number): { code: string; absolute: boolean } {
  if (all.some((s) => s.condition)) {
    const found = all.find((s) => !s.condition || s.condition(value)) ?? all[all.length - 1];
    return { code: found.code, absolute: true };
  }
  if (value < 0 && all.length > 1) return { code: all[1].code, absolute: true };
  if (value === 0 && all.length > 2) return { code: all[2].code, absolute: false };
  return { code: all[0].code, absolute: false };
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
  const text = decimalDigits(value, required + optional);
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
