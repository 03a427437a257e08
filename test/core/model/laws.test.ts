/* The laws of docs/cost-model.md as properties over the whole input space. */
import fc from "fast-check";
import {
  amdahlCeiling,
  clipsPerInterval,
  costPerThousandClips,
  crossoverClips,
  marginalCostPerThousandClips,
  monthClips,
  servingHours,
  splitRatio,
} from "../../../src/core/model/formulas";
import { dominantHalf } from "../../../src/core/model/dominance";

// Positive values across the magnitudes a planner meets, kept where products stay finite.
const positive = fc.double({ min: 1e-6, max: 1e9, noNaN: true, noDefaultInfinity: true });
const hours = fc.double({ min: 1e-3, max: 1e7, noNaN: true, noDefaultInfinity: true });
const seconds = fc.double({ min: 1e-5, max: 1e3, noNaN: true, noDefaultInfinity: true });
const relative = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));

test("SERVINGHOURS(CROSSOVER(T, s), s) = T", () => {
  fc.assert(
    fc.property(hours, seconds, (trainingHours, secondsPerClip) => {
      const crossover = crossoverClips(trainingHours, secondsPerClip) as number;
      return relative(servingHours(crossover, secondsPerClip) as number, trainingHours);
    }),
  );
});

test("CROSSOVER is proportional to training hours and inversely proportional to seconds per clip", () => {
  fc.assert(
    fc.property(hours, seconds, fc.double({ min: 0.01, max: 100, noNaN: true }), (t, s, k) => {
      const base = crossoverClips(t, s) as number;
      return (
        relative(crossoverClips(k * t, s) as number, k * base) && relative(crossoverClips(t, k * s) as number, base / k)
      );
    }),
  );
});

test("upload volume does not move the crossover, only where the system sits: the split ratio is 1 there", () => {
  fc.assert(
    fc.property(hours, seconds, positive, (t, s, clipsPerSecond) => {
      const crossover = crossoverClips(t, s) as number;
      const traffic = clipsPerInterval(clipsPerSecond, 90) as number;
      const ratio = splitRatio(traffic, s, t) as number;
      // Same crossover whatever the traffic; the ratio is traffic over the crossover.
      return relative(ratio, traffic / crossover) && relative(splitRatio(crossover, s, t) as number, 1);
    }),
  );
});

test("retrain cadence does not move the crossover: half the interval, half the clips and half the ratio", () => {
  fc.assert(
    fc.property(hours, seconds, positive, fc.integer({ min: 2, max: 365 }), (t, s, clipsPerSecond, days) => {
      const crossover = crossoverClips(t, s) as number;
      const longClips = clipsPerInterval(clipsPerSecond, days) as number;
      const shortClips = clipsPerInterval(clipsPerSecond, days / 2) as number;
      const longRatio = splitRatio(longClips, s, t) as number;
      const shortRatio = splitRatio(shortClips, s, t) as number;
      // Both intervals sit against the same crossover: ratio = clips / crossover for each.
      return (
        relative(shortClips, longClips / 2) &&
        relative(shortRatio, longRatio / 2) &&
        relative(longRatio, longClips / crossover) &&
        relative(shortRatio, shortClips / crossover)
      );
    }),
  );
});

test("AMDAHLCEILING is in [0, 1]: 0 when the part is 0, 1 when the part is everything", () => {
  fc.assert(
    fc.property(
      hours,
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (total, share, cut) => {
        const ceiling = amdahlCeiling(total * share, total, cut) as number;
        return ceiling >= 0 && ceiling <= 1 && amdahlCeiling(0, total) === 0 && amdahlCeiling(total, total) === 1;
      },
    ),
  );
});

test("DOMINANTHALF names the larger half, and says equal only within rounding of 1", () => {
  fc.assert(
    fc.property(fc.double({ min: 1, max: 1e9, noNaN: true }), seconds, hours, (clips, s, t) => {
      const verdict = dominantHalf(clips, s, t) as string;
      const ratio = splitRatio(clips, s, t) as number;
      if (verdict === "equal") return Math.abs(ratio - 1) < 0.006;
      const [half, lead] = verdict.split(", ");
      const expectedLead = ratio >= 1 ? ratio : 1 / ratio;
      return half === (ratio >= 1 ? "serving" : "training") && Math.abs(parseFloat(lead) / expectedLead - 1) < 0.006;
    }),
  );
});

describe('the budget\'s formulas (docs/cost-model.md, "The budget over time")', () => {
  const price = fc.double({ min: 1e-3, max: 1e3, noNaN: true, noDefaultInfinity: true });
  const factor = fc.double({ min: 1, max: 10, noNaN: true, noDefaultInfinity: true });

  test("a month of 250 clips/s in a 360-day year is 648,000,000 clips: the quarter's 1.944e9 / 3", () => {
    expect(monthClips(250, 360)).toBe(648_000_000);
    expect(monthClips(250, 365)).toBeCloseTo((250 * 365 * 86_400) / 12, 3);
  });

  test("twelve months are the year's clips: monthClips x 12 = clipsPerInterval(clips/s, days a year)", () => {
    fc.assert(
      fc.property(positive, fc.double({ min: 1, max: 366, noNaN: true }), (clipsPerSecond, days) => {
        const month = monthClips(clipsPerSecond, days) as number;
        return relative(month * 12, clipsPerInterval(clipsPerSecond, days) as number);
      }),
    );
  });

  test("at $2 an hour, 40 ms a clip costs $0.022222 per 1,000 clips at the margin; twice at peak-to-mean 2", () => {
    expect(marginalCostPerThousandClips(0.04, 1, 2)).toBeCloseTo((0.04 / 3.6) * 2, 15);
    expect(marginalCostPerThousandClips(0.04, 1, 2)).toBeCloseTo(0.022222, 6);
    expect(marginalCostPerThousandClips(0.04, 2, 2)).toBeCloseTo(0.044444, 6);
  });

  test("the steady-growth year: 2,400 h of training over 1.03143e10 clips, $0.022688 per 1,000 on average", () => {
    expect(costPerThousandClips(2_400, 114_603.31, 1.03143e10, 2)).toBeCloseTo(0.022688, 6);
    // Without training the average is the serving price alone: $0.022222 for 40 ms.
    expect(costPerThousandClips(0, 21_600, 1.944e9, 2)).toBeCloseTo(0.022222, 6);
  });

  test("with no training the average cost is the marginal one: every hour is a clip's", () => {
    fc.assert(
      fc.property(positive, seconds, factor, price, (clips, secondsPerClip, peakToMean, pricePerHour) => {
        const paid = (servingHours(clips, secondsPerClip) as number) * peakToMean;
        const average = costPerThousandClips(0, paid, clips, pricePerHour) as number;
        return relative(average, marginalCostPerThousandClips(secondsPerClip, peakToMean, pricePerHour) as number);
      }),
    );
  });

  test("training amortised: the average exceeds the marginal by training x price / clips x 1,000", () => {
    fc.assert(
      fc.property(hours, positive, seconds, price, (trainingHours, clips, secondsPerClip, pricePerHour) => {
        const serving = servingHours(clips, secondsPerClip) as number;
        const average = costPerThousandClips(trainingHours, serving, clips, pricePerHour) as number;
        const marginal = marginalCostPerThousandClips(secondsPerClip, 1, pricePerHour) as number;
        const extra = ((trainingHours * pricePerHour) / clips) * 1000;
        return Math.abs(average - marginal - extra) <= 1e-12 * Math.max(average, marginal + extra);
      }),
    );
  });

  test("cost per 1,000 clips is proportional to the price, and the marginal to seconds per clip", () => {
    fc.assert(
      fc.property(hours, hours, positive, price, fc.double({ min: 0.01, max: 100, noNaN: true }), (t, s, c, p, k) => {
        const base = costPerThousandClips(t, s, c, p) as number;
        const marginal = marginalCostPerThousandClips(0.04, 1, p) as number;
        return (
          relative(costPerThousandClips(t, s, c, p * k) as number, base * k) &&
          relative(marginalCostPerThousandClips(0.04 * k, 1, p) as number, marginal * k)
        );
      }),
    );
  });
});
