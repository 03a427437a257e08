/* Every number of the worked example in docs/cost-model.md, from the model. */
import {
  amdahlCeiling,
  clipsPerInterval,
  crossoverClips,
  halfShare,
  servingHours,
  splitRatio,
} from "../../../src/core/model/formulas";
import { dominantHalf } from "../../../src/core/model/dominance";

const TRAINING_HOURS = 600;
const SECONDS_PER_CLIP = 0.04;

describe("worked example: 600 h per quarterly retrain, 40 ms per clip, 250 clips/s", () => {
  test("clips per quarter: 250 x 90 x 86,400 = 1,944,000,000", () => {
    expect(clipsPerInterval(250, 90)).toBe(1_944_000_000);
  });

  test("serving hours per quarter: 21,600", () => {
    expect(servingHours(1.944e9, SECONDS_PER_CLIP)).toBeCloseTo(21_600, 9);
  });

  test("split ratio: 36, serving dominates 36x", () => {
    expect(splitRatio(1.944e9, SECONDS_PER_CLIP, TRAINING_HOURS)).toBeCloseTo(36, 12);
    expect(dominantHalf(1.944e9, SECONDS_PER_CLIP, TRAINING_HOURS)).toBe("serving, 36x");
  });

  test("crossover: 54,000,000 clips per quarter", () => {
    expect(crossoverClips(TRAINING_HOURS, SECONDS_PER_CLIP)).toBeCloseTo(54_000_000, 6);
  });

  test.each([
    [5e6, 56, "training, 10.8x"],
    [54e6, 600, "equal"],
    [540e6, 6_000, "serving, 10x"],
    [1.944e9, 21_600, "serving, 36x"],
  ])("%d clips per interval: %d serving hours, %s", (clips, hours, verdict) => {
    expect(Math.round(servingHours(clips, SECONDS_PER_CLIP) as number)).toBe(hours);
    expect(dominantHalf(clips, SECONDS_PER_CLIP, TRAINING_HOURS)).toBe(verdict);
  });

  test("annual view: training share 2,400 / 88,800 = 2.7%", () => {
    const trainingYear = 4 * TRAINING_HOURS;
    const servingYear = 4 * (servingHours(1.944e9, SECONDS_PER_CLIP) as number);
    expect(trainingYear).toBe(2_400);
    expect(servingYear).toBeCloseTo(86_400, 6);
    expect(trainingYear + servingYear).toBeCloseTo(88_800, 6);
    expect(halfShare(trainingYear, servingYear)).toBeCloseTo(0.027, 3);
  });

  test("four retrains a year to one removes 1,800 h: at most 2.0% of the bill", () => {
    expect(amdahlCeiling(2_400, 88_800, 1_800 / 2_400)).toBeCloseTo(0.02, 3);
    expect(amdahlCeiling(1_800, 88_800)).toBeCloseTo(0.0203, 4);
  });

  test("40 ms to 30 ms saves 5,400 h a quarter: nine retrains' worth", () => {
    const saved = (servingHours(1.944e9, 0.04) as number) - (servingHours(1.944e9, 0.03) as number);
    expect(saved).toBeCloseTo(5_400, 6);
    expect(saved / TRAINING_HOURS).toBeCloseTo(9, 9);
  });
});
