/*
 * The one money formatter (core/model/money.ts): the sheets' money format rendered, so a model's sentence, the
 * pane and a written cell give the same digits.
 */
import fc from "fast-check";
import { currencyShown, moneyText } from "../../../src/core/model/money";
import { displayed, moneyFormat } from "../../../src/core/sheet/formats";
import { formatCost } from "../../../src/core/pane/format";

test("money is written to the cent, thousands separated, the currency after", () => {
  expect(moneyText(22800, "USD")).toBe("22,800.00 USD");
  expect(moneyText(-4500, "USD")).toBe("-4,500.00 USD");
  expect(moneyText(0, "EUR")).toBe("0.00 EUR");
  expect(moneyText(2.675, "")).toBe("2.68");
  expect(moneyText(1234567.891)).toBe("1,234,567.89");
  expect(moneyText(0.25, ' "US;D" ')).toBe("0.25 USD");
  expect(currencyShown("ABCDEFGHIJ")).toBe("ABCDEFGH");
});

test("the text is the sheets' money format rendered, for any figure and currency", () => {
  const figure = fc.oneof(
    fc.double({ min: -1e14, max: 1e14, noNaN: true }),
    fc.integer({ min: -1e9, max: 1e9 }).map((cents) => cents / 100),
    fc.constantFrom(0, -0, 0.005, -0.005, 0.004999, 999.995, 1e15, 123456789012345.6),
  );
  const currency = fc.oneof(fc.constantFrom(undefined, "", "USD", "EUR", "£", " x "), fc.string({ maxLength: 10 }));
  fc.assert(
    fc.property(figure, currency, (value, unit) => {
      expect(moneyText(value, unit)).toBe(displayed(value, moneyFormat(unit)));
    }),
    { numRuns: 2000 },
  );
});

test("the pane's money is the same text", () => {
  expect(formatCost(22800, "USD")).toBe("22,800.00 USD");
  expect(formatCost(-0.25, "EUR")).toBe("-0.25 EUR");
});
