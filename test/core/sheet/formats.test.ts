/*
 * The sheet's number formats, through formats.ts's renderer (which test/e2e/workbook.e2e.ts
 * checks against LibreOffice's own drawing of every cell): the figures, and the promises
 * each format makes across its whole range.
 */
import fc from "fast-check";
import { currencyFormat, displayed, inputFormat, NUMBER_FORMAT } from "../../../src/core/sheet/formats";

test.each([
  ["hours", 21_600, "21,600"],
  ["hours", 55.5555, "55.6"],
  ["hours", 0.0555555556, "0.0556"],
  ["hours", 0, "0.0"],
  ["ratio", 9.259259259259259e-5, "9.26E-05"],
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

test("a ratio shows three significant figures at least, from 1e-300 to 1e300", () => {
  const ratio = fc.double({ min: 1e-300, max: 1e300, noNaN: true });
  fc.assert(
    fc.property(ratio, (v) => {
      const shown = Number(displayed(v, NUMBER_FORMAT.ratio).replace(/,/g, ""));
      return Math.abs(shown - v) <= 0.005 * v * (1 + 1e-12);
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

test("a format outside the renderer's subset is refused rather than guessed", () => {
  expect(() => displayed(1, "yyyy-mm-dd")).toThrow(/Unsupported format/);
});
