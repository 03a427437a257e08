/*
 * The sheet's number formats, through formats.ts's renderer (which test/e2e/workbook.e2e.ts
 * checks against LibreOffice's own drawing of every cell): the figures, and the promises
 * each format makes across its whole range.
 */
import fc from "fast-check";
import {
  currencyFormat,
  displayed,
  figureText,
  inputFormat,
  moneyFormat,
  NUMBER_FORMAT,
  NUMBER_KINDS,
  NumberKind,
  unitCostFormat,
} from "../../../src/core/sheet/formats";

test.each([
  ["hours", 21_600, "21,600"],
  ["hours", 55.5555, "55.6"],
  ["hours", 0.0555555556, "0.0556"],
  ["hours", 0, "0.0"],
  ["ratio", 9.259259259259259e-5, "0.0000926"], // no scientific notation in a planner's table
  ["ratio", 0.09259259, "0.0926"], // three figures, as the README promises, not 0.09259
  ["ratio", 0.0926, "0.0926"],
  ["ratio", 1, "1.0"],
  ["ratio", 36, "36.0"],
  ["ratio", 2.7777, "2.78"],
  ["ratio", 1234.5678, "1,234.57"],
  ["lead", 10_800, "10,800x"],
  ["lead", 36, "36x"],
  ["lead", 10.8, "10.8x"],
  ["share", 0.027, "2.7%"],
  ["share", 0.99990741, "99.99074%"],
  ["share", 1, "100.0%"],
  ["share", 0, "0.0%"],
  ["share", 0.0003, "0.03%"],
  ["share", 0.0202702, "2.03%"],
  ["share", 0.0137, "1.37%"],
  ["shareSaved", -0.0202702, "-2.03%"],
  ["shareChange", -0.00001, "0.0%"], // never -0.0%
  ["shareChange", -0.2, "-20.0%"],
  ["shareChange", 0.3333, "+33.3%"],
  ["sharePointsChange", -0.0000001, "0.0%"],
  ["sharePointsChange", 0.012, "+1.2%"],
  ["clipsChange", -10_800_000, "-10,800,000"],
  ["hoursChange", -0.011, "-0.011"],
  ["shareSwing", 0.027, "2.7%"], // the swing's page shows 2.7% as the first page does, not 2.70%
  ["shareSwing", 0.0109, "1.09%"],
  ["hours", -1800, "1800.0"], // the plain hours kind is for figures of 0 or more: LibreOffice drops the sign
  ["hoursSaved", -1800, "-1,800"],
  ["hoursSaved", 21_600, "21,600"],
  ["hoursSaved", -0.2, "0"],
  ["seconds", 0.0000011111, "0.00000111"],
  ["clips", 1.944e9, "1,944,000,000"],
  ["typed", 90, "90"],
  ["typed", 0.04, "0.04"],
  ["typed", 250_000, "250,000"],
  ["factor", 1, "1.0x"],
] as const)("%s: %p shows as %p", (kind, value, text) => {
  expect(displayed(value, NUMBER_FORMAT[kind])).toBe(text);
});

test("a share is never shown as 100% or 0% unless it is (to one part in ten million)", () => {
  const share = fc.double({ min: 1e-7, max: 1 - 1e-7, noNaN: true });
  fc.assert(
    fc.property(share, (v) => !["100.0%", "0.0%"].includes(displayed(v, NUMBER_FORMAT.share))),
    { numRuns: 2000 },
  );
});

test("a ratio shows three significant figures at least, in plain digits, from 1e-5 to 1e15", () => {
  const ratio = fc.double({ min: 1e-5, max: 1e15, noNaN: true });
  fc.assert(
    fc.property(ratio, (v) => {
      const text = displayed(v, NUMBER_FORMAT.ratio);
      const shown = Number(text.replace(/,/g, ""));
      return !text.includes("E") && Math.abs(shown - v) <= 0.005 * v * (1 + 1e-12);
    }),
    { numRuns: 2000 },
  );
});

test("inputs show as typed below 1,000, with no trailing point; a typed price and clips keep theirs", () => {
  for (const quantity of ["hours", "seconds", "days", "clipsPerSecond"] as const)
    expect(inputFormat(quantity)).toBe(NUMBER_FORMAT.typed);
  expect(inputFormat("clips")).toBe("#,##0");
  expect(displayed(600, inputFormat("hours"))).toBe("600");
  expect(displayed(2.5, currencyFormat("USD"))).toBe("2.50 USD");
  expect(displayed(1500.275, currencyFormat("€"))).toBe("1,500.28 €");
});

test("money: a price and every cost to the cent, signed as Excel signs; a cost per 1,000 clips to 4 places", () => {
  expect(displayed(22_800, moneyFormat("USD"))).toBe("22,800.00 USD");
  expect(displayed(-4500, moneyFormat("USD"))).toBe("-4,500.00 USD");
  expect(displayed(0.028549, unitCostFormat("USD"))).toBe("0.0285 USD"); // keeps its figures: not 0.03
  expect(displayed(0, moneyFormat("USD"))).toBe("0.00 USD");
  expect(displayed(2.5, moneyFormat(undefined))).toBe("2.50");
  expect(moneyFormat('a"b;c')).toBe('#,##0.00 "abc";-#,##0.00 "abc";0.00 "abc"');
  expect(currencyFormat("USD")).toBe(moneyFormat("USD")); // one money kind for a price and a cost
});

test("every kind is declared once with its format, and figureText renders that format", () => {
  for (const [kind, style] of Object.entries(NUMBER_KINDS)) {
    expect(NUMBER_FORMAT[kind as NumberKind]).toBe(style.format);
    if (kind !== "text") expect(figureText(kind as NumberKind, 1234.5)).toBe(displayed(1234.5, style.format));
  }
});

test("a share is never shown as -0.0% and a change never as -0.0%, whatever its size", () => {
  fc.assert(
    fc.property(fc.double({ min: -1, max: 1, noNaN: true }), (v) =>
      ["shareChange", "shareSaved", "hoursSaved", "sharePointsChange", "clipsChange", "hoursChange"].every(
        (kind) => !/^-0(\.0*)?%?$/.test(figureText(kind as NumberKind, v)),
      ),
    ),
    { numRuns: 2000 },
  );
});

test("a format outside the renderer's subset is refused rather than guessed", () => {
  expect(() => displayed(1, "yyyy-mm-dd")).toThrow(/Unsupported format/);
});
