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
  formatKind,
  formatRatio,
  formatShare,
  formatShareChange,
  formatShareSwing,
  formatUnitCost,
} from "../../../src/core/pane/format";
import { displayed, NUMBER_FORMAT, NumberKind } from "../../../src/core/sheet/formats";

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
  [0, "0.0"],
  [434_000_000, "434,000,000"], // a planner's table: every digit below 1e15, never 434M beside the sheet's digits
  [-1800, "-1,800"],
  [0.0000556, "0.0000556"], // below 3.6 s the pane keeps three figures
  [2.5e20, "2.5E20"],
])("hours %p read as %p", (value, text) => expect(formatHours(value)).toBe(text));

test.each([
  [10_800, "10,800.0"],
  [36, "36.0"],
  [1, "1.0"],
  [2.7777, "2.78"],
  [0.09259259, "0.0926"],
  [9.259259e-5, "0.0000926"], // not 9.26E-5: no scientific notation below 1e15 in a planner's table
  [2_880_000, "2,880,000.0"],
])("ratio %p reads %p, as the sheet's ratio cells", (value, text) => expect(formatRatio(value)).toBe(text));

test("a lead has separators: 10,800x, never 10800x; the model's rounding (10.85 -> 10.9)", () => {
  expect(formatLead(10_800)).toBe("10,800x");
  expect(formatLead(36)).toBe("36x");
  expect(formatLead(1)).toBe("1x");
  expect(formatLead(10.85)).toBe("10.9x");
});

test.each([
  [0.027, "2.7%"],
  [0.0202702, "2.03%"], // the lever table and its sentence: one text, not 2.0% beside 2.03%
  [0.0137, "1.37%"],
  [0.5, "50.0%"],
  [1, "100.0%"],
  [0, "0.0%"],
  [0.99990741, "99.99074%"], // the sheet's digits, not a pane of its own saying >99.9%
  [0.0000926, "0.00926%"],
  [0.99999997, ">99.99999%"], // past the format's five decimals: never a false 100%
  [1e-300, "<0.00001%"],
  [-0.0202702, "-2.03%"],
])("a share %p shows as %p: 0% and 100% only when exact", (value, text) => {
  expect(formatShare(value)).toBe(text);
});

test.each([
  [-0.00001, "0.0%"], // never -0.0%
  [0.3333, "+33.3%"],
  [-0.2, "-20.0%"],
])("a change against a base %p shows as %p", (value, text) => expect(formatShareChange(value)).toBe(text));

test("a share's swing is in points of the share, as the sheet's swing cells: 1.09%, one style on both pages", () => {
  expect(formatShareSwing(0.0109)).toBe("1.09%");
  expect(formatShareSwing(0.027)).toBe("2.7%"); // not 2.70% on page 2 beside 2.7% on page 1
});

test("every kind reads as the sheet's number format renders it", () => {
  const figures: [NumberKind, number][] = [
    ["hours", 21_600],
    ["ratio", 0.0926],
    ["share", 0.0203],
    ["shareSwing", 0.0106],
    ["clips", 1_944_000_000],
  ];
  for (const [kind, value] of figures) expect(formatKind(kind, value)).toBe(displayed(value, NUMBER_FORMAT[kind]));
});

test("money as the sheet's cost cells: cents, every digit; the currency as typed", () => {
  expect(formatCost(12.5)).toBe("12.50");
  expect(formatCost(55_500, "USD")).toBe("55,500.00 USD");
  expect(formatCost(2_160_000, "€")).toBe("2,160,000.00 €");
  expect(formatUnitCost(0.028549, "USD")).toBe("0.0285 USD"); // a cost per 1,000 clips keeps its figures
  expect(formatCost(-4500, "USD")).toBe("-4,500.00 USD");
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
    const shown = [formatCount, formatCompact, formatHours, formatRatio, formatLead, (v: number) => formatCost(v)].map(
      (f) => f(value),
    );
    // 9.996e307 at three figures carries into the exponent: 1E308.
    const expected = value >= 1.795e308 ? "1.8E308" : "1E308";
    for (const text of shown) expect(text.replace(/x$/, "")).toBe(expected);
    expect(formatCount(-value)).toBe(`-${expected}`);
  },
);

test.each([Infinity, -Infinity, NaN])(
  "a figure past a double's range (%p) reads #NUM!, as the sheet's cell, never ∞ENaN",
  (value) => {
    expect(formatCost(value, "USD")).toBe("#NUM! USD");
    expect(formatUnitCost(value)).toBe("#NUM!");
    expect(formatKind("hours", value)).toBe("#NUM!");
  },
);
