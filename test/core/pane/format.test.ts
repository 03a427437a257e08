/*
 * One number style for the pane (en-US here): separators everywhere, the same compact style in the table and on
 * the chart, scientific beyond plain digits' reach, and shares that never claim 0% or 100% falsely.
 */
import {
  formatCompact,
  formatCost,
  formatCount,
  formatFromLog,
  formatHours,
  formatLead,
  formatPowerOfTen,
  formatRatio,
  formatShare,
} from "../../../src/core/pane/format";

test.each([
  [54_000_000, "54,000,000"],
  [1_944_000_000, "1,944,000,000"],
  [5000, "5,000"],
  [0, "0"],
  [0.5, "0.5"],
  [999_999_999_999_999, "1E15"],
  [3.888e20, "3.89E20"],
  [9e304, "9E304"],
])("a count in text, %p, has every digit and separators: %p", (value, text) => {
  expect(formatCount(value)).toBe(text);
});

test.each([
  [5000, "5K"],
  [54_000_000, "54M"],
  [1_944_000_000, "1.94B"],
  [38_880_000_000_000, "38.9T"],
  [999_500, "1M"],
  [600, "600"],
  [0.0556, "0.0556"],
  [999_999_999_999_999, "1E15"], // not "1000T"
  [1.944e15, "1.94E15"],
  [0.00001, "1E-5"],
])("compact, as the table's clips and the chart's ticks read, %p: %p", (value, text) => {
  expect(formatCompact(value)).toBe(text);
});

test("the chart's ticks and the table's clips share one style: 1K beside 5K, not 1k", () => {
  expect(formatPowerOfTen(3)).toBe("1K");
  expect(formatCompact(1000)).toBe(formatPowerOfTen(3));
  expect(formatPowerOfTen(6)).toBe(formatCompact(1e6));
  expect(formatPowerOfTen(15)).toBe(formatCompact(1e15));
  expect(formatPowerOfTen(-5)).toBe(formatCompact(1e-5));
  // beyond a double's range the exponent still reads
  expect(formatPowerOfTen(-324)).toBe("1E-324");
});

test.each([
  [21_600, "21,600"],
  [55.56, "55.6"],
  [0.05556, "0.0556"],
  [600, "600"],
  [0, "0"],
  [434_000_000, "434M"],
  [2_000_000, "2M"],
  [0.0000556, "5.56E-5"],
  [2.5e20, "2.5E20"],
])("hours %p read as %p", (value, text) => expect(formatHours(value)).toBe(text));

test.each([
  [10_800, "10,800"],
  [36, "36"],
  [10.85, "10.9"], // the model's rounding, as the sheet's ROUND: not Intl's 10.8 from the binary value
  [2_880_000, "2.88M"],
  [0.000926, "0.000926"],
  [0.0000926, "9.26E-5"],
])("ratio %p reads %p", (value, text) => expect(formatRatio(value)).toBe(text));

test("a lead has separators: 10,800x, never 10800x", () => {
  expect(formatLead(10_800)).toBe("10,800x");
  expect(formatLead(36)).toBe("36x");
  expect(formatLead(1)).toBe("1x");
});

test.each([
  [0.027, "2.7%"],
  [0.5, "50.0%"],
  [1, "100.0%"],
  [0, "0.0%"],
  [0.9999, ">99.9%"], // rounds to 100.0%, but training is not the whole bill
  [0.99949, "99.9%"],
  [0.9995, ">99.9%"],
  [0.99999997, ">99.9%"],
  [0.0001, "<0.1%"], // rounds to 0.0%, but there is some
  [0.0005, "0.1%"],
  [1e-300, "<0.1%"],
])("a share %p shows as %p: 0% and 100% only when exact", (value, text) => {
  expect(formatShare(value)).toBe(text);
});

test("money: cents below 1,000, whole above, compact from a million; the currency as typed", () => {
  expect(formatCost(12.5)).toBe("12.50");
  expect(formatCost(55_500, "USD")).toBe("55,500 USD");
  expect(formatCost(2_160_000, "€")).toBe("2.16M €");
});

test.each([
  [Math.log10(5000), "5K"],
  [Math.log10(0.0556), "0.056"],
  [Math.log10(1.944e9), "1.9B"],
  [Math.log10(9e304), "9E304"],
  [-323.3, "5E-324"],
  [Math.log10(9.96e3), "10K"], // 9.96 rounds to 10: carried into the exponent
  [Math.log10(9.96e14), "1E15"],
])("a value from its logarithm, %p, reads %p", (log, text) => expect(formatFromLog(log)).toBe(text));

test.each([1.797e308, Number.MAX_VALUE, 1.795e308, 9.996e307])(
  "a figure near the largest double (%p) reads as 1.8E308 or its neighbours in every style, never ∞ENaN",
  (value) => {
    const shown = [formatCount, formatCompact, formatHours, formatRatio, formatLead, formatCost].map((f) => f(value));
    // 9.996e307 at three figures carries into the exponent: 1E308.
    const expected = value >= 1.795e308 ? "1.8E308" : "1E308";
    for (const text of shown) expect(text.replace(/x$/, "")).toBe(expected);
    expect(formatCount(-value)).toBe(`-${expected}`);
  },
);
