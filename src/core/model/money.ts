/*
 * Money as every surface writes it, once: to the cent, thousands separated, the currency after the figure
 * ("22,800.00 USD", "-4,500.00 USD"). It is the text of the sheets' money format (core/sheet/formats.ts
 * moneyFormat, which reads currencyShown and decimalDigits from here) rendered, so a model's sentence, the pane
 * (core/pane/format.ts formatCost, with the reader's separators) and a written cell say the same digits. Pure, so
 * a model's messages may use it.
 */

/**
 * The magnitude of `value` with `decimals` decimals, rounded half away from zero on its first 15 significant
 * digits, as spreadsheets show numbers (so 2.675 shows as 2.68; from 1e15 on, the digits past the fifteenth show
 * as zeros).
 * @example decimalDigits(-2.675, 2) // "2.68"
 */
export function decimalDigits(value: number, decimals: number): string {
  const [mantissa, exponent = "0"] = Math.abs(value).toPrecision(15).split("e");
  const power = Number(exponent);
  if (power >= 15)
    return mantissa.replace(".", "").padEnd(power + 1, "0") + (decimals ? `.${"0".repeat(decimals)}` : "");
  const rounded = Math.round(Number(`${mantissa}e${power + decimals}`));
  return (rounded / 10 ** decimals).toFixed(decimals);
}

/**
 * A currency as a figure shows it beside the digits: its letters and symbols (no quote, backslash, semicolon or
 * bracket, which would break a number format), trimmed, at most 8 characters; "" for none.
 * @example currencyShown(' "USD" ') // "USD"
 */
export function currencyShown(currency: string | undefined): string {
  const cleaned = (currency ?? "").replace(/["\\;[\]]/g, "").trim();
  return Array.from(cleaned).slice(0, 8).join(""); // by code points: never half an emoji
}

/**
 * A sum of money as every surface writes it: two decimals, a comma between thousands, its minus in front and the
 * currency after ("" for none): the sheets' money format rendered.
 * @example moneyText(22800, "USD") // "22,800.00 USD"
 * @example moneyText(-0.25, "EUR") // "-0.25 EUR"
 */
export function moneyText(value: number, currency?: string): string {
  const [integer, fraction] = decimalDigits(value, 2).split(".");
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const shown = currencyShown(currency);
  return `${value < 0 ? "-" : ""}${grouped}.${fraction}${shown ? ` ${shown}` : ""}`;
}
