/* Excel number formats by kind of quantity: one place for how every written figure looks. */
import type { Quantity } from "../model";

/** The number format of each kind of figure the sheets show. */
export const NUMBER_FORMAT = {
  hours: "#,##0.00",
  clips: "#,##0",
  clipsPerSecond: "#,##0.###",
  seconds: "0.000##",
  factor: '0.0#"x"',
  days: "#,##0.##",
  ratio: "General",
  lead: 'General"x"',
  share: "0.0%",
  price: "#,##0.00",
  text: "@",
} as const;

/** The number format of an input of kind `quantity`. */
export function inputFormat(quantity: Quantity): string {
  return NUMBER_FORMAT[quantity];
}

/** A currency written safely inside a number format: letters and symbols only, in quotes. */
export function currencyFormat(currency: string | undefined): string {
  const cleaned = (currency ?? "").replace(/["\\;[\]]/g, "").trim();
  const shown = Array.from(cleaned).slice(0, 8).join(""); // by code points: never half an emoji
  return shown ? `#,##0.00 "${shown}"` : "#,##0.00";
}
