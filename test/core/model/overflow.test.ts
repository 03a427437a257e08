/*
 * A result is a problem only when the true result does not fit in a double: intermediate steps
 * that overflow or underflow on their own no longer turn a representable answer into #NUM! or
 * #DIV/0!.
 */
import fc from "fast-check";
import {
  clipsPerInterval,
  costPerThousandClips,
  crossoverClips,
  crossoverClipsLog10,
  halfShare,
  marginalCostPerThousandClips,
  monthClips,
  servingHours,
  servingHoursPerClipLog10,
  splitRatio,
} from "../../../src/core/model/formulas";
import { dominantHalf } from "../../../src/core/model/dominance";
import { isProblem } from "../../../src/core/model/problems";
import { productRatio } from "../../../src/core/model/arithmetic";

const kindOf = (value: unknown) => (isProblem(value) ? value.kind : typeof value);

test("results that fit are computed, whatever the steps on the way", () => {
  expect((servingHours(1e308, 10) as number) / (1e308 / 360)).toBeCloseTo(1, 14);
  expect((crossoverClips(1e306, 1e5) as number) / 3.6e304).toBeCloseTo(1, 14);
  expect((splitRatio(1e308, 1e10, 1e300) as number) / (1e18 / 3600)).toBeCloseTo(1, 14);
  expect((clipsPerInterval(1e-300, 1e-10) as number) / 8.64e-306).toBeCloseTo(1, 14);
  expect(halfShare(1.5e308, 1.5e308)).toBe(0.5);
  // Two halves whose sum is past a double, over clips enough to bring the cost back: 3e308 x 1 x 1000 / 1e10.
  expect((costPerThousandClips(1.5e308, 1.5e308, 1e10, 1) as number) / 3e301).toBeCloseTo(1, 14);
  expect((monthClips(1e-300, 1e-10) as number) / (8.64e-306 / 12)).toBeCloseTo(1, 14);
  expect((marginalCostPerThousandClips(1e306, 100, 1e-10) as number) / (1e301 / 3600)).toBeCloseTo(1, 12);
  // A clip's paid hours x 1,000 past a double (2.8e310), brought back by a small price.
  expect((marginalCostPerThousandClips(1e306, 1e5, 1e-10) as number) / (1e304 / 3600)).toBeCloseTo(1, 12);
});

test("two positive halves never give a division by zero: a lead too large to show is #NUM!", () => {
  expect(kindOf(dominantHalf(1e-300, 1e-300, 1))).toBe("invalidNumber");
  expect(dominantHalf(1e-300, 1e-300, 1e-300)).toBe("training, 3.6e+303x");
});

test("a true overflow is still a problem that says so", () => {
  expect(kindOf(servingHours(1e308, 1e10))).toBe("invalidNumber");
  expect(kindOf(crossoverClips(1e308, 1e-10))).toBe("invalidNumber");
  expect(kindOf(clipsPerInterval(1e300, 1e10))).toBe("invalidNumber");
});

const positive = fc.double({ min: 5e-324, max: 1.7976931348623157e308, noNaN: true, noDefaultInfinity: true });

test("a product that sinks below the normal range on the way is not trusted, even when the result is back", () => {
  // 1e-160 x 1e-160 is 1e-320, a subnormal with 4 significant bits: as written this gives 4.94e-24.
  expect(productRatio(1e-160, 1e-160, 1, 3600, 1e-300) / (1e-20 / 3600)).toBeCloseTo(1, 14);
  expect((splitRatio(1e-160, 1e-160, 1e-300) as number) / (1e-20 / 3600)).toBeCloseTo(1, 14);
});

test("property: the plain formula's bits whenever every step stays in range, and the true value otherwise", () => {
  const normal = (x: number) => x >= 2 ** -1022 && x !== Infinity;
  fc.assert(
    fc.property(positive, positive, positive, (a, b, d) => {
      const plain = (a * b) / d;
      const result = productRatio(a, b, 1, d, 1);
      if (normal(a * b) && normal(plain)) return result === plain;
      const trueLog = Math.log2(a) + Math.log2(b) - Math.log2(d);
      if (trueLog > 1024.5) return result === Infinity;
      if (trueLog < -1075.5) return result === 0;
      if (trueLog > -1020 && trueLog < 1023) return Math.abs(Math.log2(result) - trueLog) < 1e-9;
      return true; // at the very edges of the range, either neighbour is right
    }),
    { numRuns: 20_000 },
  );
});

test("the log-space serving and crossover figures agree with the formulas where those fit", () => {
  expect(10 ** (Math.log10(1.944e9) + servingHoursPerClipLog10(0.04))).toBeCloseTo(21_600, 6);
  expect(10 ** crossoverClipsLog10(600, 0.04)).toBeCloseTo(54e6, 0);
  expect(crossoverClipsLog10(1e308, 1e-10)).toBeCloseTo(308 + 10 + Math.log10(3600), 12); // past a double
});

describe("COSTPER1K among subnormal numbers (issue 27, low): every digit a double can hold, or #NUM! when none", () => {
  test.each([
    // Halved before the sum, 5e-324 / 2 was 0 and 1e-310 / 2 lost its last bit.
    ["training_hours 5e-324", [5e-324, 0, 1, 1], 5e-324 * 1000],
    ["serving_hours 5e-324", [0, 5e-324, 1, 1], 5e-324 * 1000],
    ["training_hours 1e-310", [1e-310, 0, 1, 1], 1e-310 * 1000],
    ["both halves subnormal", [1e-310, 3e-320, 1, 1], (1e-310 + 3e-320) * 1000],
    ["a price of 5e-324", [1, 0, 1, 5e-324], 5e-324 * 1000],
    ["a price of 1e-310", [3, 0, 1, 1e-310], 3e-310 * 1000],
    ["a subnormal cost", [1e-310, 0, 1e6, 1], 1e-310 / 1000],
  ])("%s", (_, [t, s, c, p], cost) => {
    expect(costPerThousandClips(t, s, c, p)).toBe(cost);
  });
  test("a positive cost below the smallest double is #NUM! that says so, never 0", () => {
    const cost = costPerThousandClips(1, 0, 1e300, 5e-324);
    expect(kindOf(cost)).toBe("invalidNumber");
    expect(isProblem(cost) && cost.message).toMatch(/^The cost per 1,000 clips is too small to represent/);
    // A cost that is 0 (no hours, or a price of 0) is 0.
    expect(costPerThousandClips(0, 0, 1e300, 5e-324)).toBe(0);
    expect(costPerThousandClips(1e-310, 0, 1e300, 0)).toBe(0);
  });
});
