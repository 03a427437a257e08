/*
 * Numbers as the help page shows them. The page is English, so figures are en-US whatever the
 * locale of the machine that builds it, and every figure on the page goes through one of these.
 */
import { roundSignificant } from "../core/model/dominance";
import { figureText, NumberKind } from "../core/sheet/formats";

const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const significant = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 3 });

/**
 * A figure in prose or a result: whole, with separators, from 1,000 up (1,944,000,000); three
 * significant figures below (55.6, 36, 0.027), rounded by the model's rule so that it matches
 * DOMINANTHALF's lead and a sheet's ROUND (10.85 shows as 10.9).
 * @example formatFigure(21600.000000000004) // "21,600"
 */
export function formatFigure(value: number): string {
  const rounded = roundSignificant(value, 3);
  return Math.abs(rounded) >= 1000 ? whole.format(value) : significant.format(rounded);
}

/**
 * A share of a whole as the pane and the sheets show it (the share kind of core/sheet/formats.ts): 2.7%,
 * 2.03%, 99.99074%, never a false 0% or 100%.
 * @example formatShare(2400 / 88800) // "2.7%"
 */
export const formatShare = (value: number): string => figureText("share", value);

/**
 * A figure of `kind` as the pane and the sheets show it: the help page's digits are theirs.
 * @example formatKind("lead", 10800) // "10,800x"
 */
export const formatKind = (kind: NumberKind, value: number): string => figureText(kind, value);

/**
 * A number as a reader types it into a formula: no separators (a comma separates arguments),
 * and at most the 15 significant digits Excel keeps, so float noise never reaches the page.
 * @example formulaNumber(1944000000.0000002) // "1944000000"
 */
export function formulaNumber(value: number): string {
  return String(Number(value.toPrecision(15))).replace("e", "E");
}
