/*
 * The commitment to buy (../shared/cost-model.md, "Commitments"): the worked example's every figure, the
 * d-quantile against every whole commitment (fast-check), ties to the smaller commitment, and bad input as a
 * Problem in words, never NaN.
 */
import fc from "fast-check";
import { isProblem } from "../../../src/core/model/problems";
import {
  CommitmentAnswer,
  cheapestCommitment,
  cheapestCommitmentLevel,
  commitmentFiguresAt,
  CommitmentInput,
  DemandProfile,
} from "../../../src/commitments/model";

/** The worked example: 720 hours, 10 accelerators for 360 and 30 for 360, 2.00 an hour (28,800.00 on demand). */
const EXAMPLE: DemandProfile = [
  { accelerators: 10, hours: 360 },
  { accelerators: 30, hours: 360 },
];

function answerOf(input: CommitmentInput): CommitmentAnswer {
  const answer = cheapestCommitment(input);
  if (isProblem(answer)) throw new Error(answer.message);
  return answer;
}

describe("the worked example", () => {
  test("all on demand: 28,800.00 for 14,400 accelerator-hours over 720 hours", () => {
    const answer = answerOf({ demand: EXAMPLE, pricePerAcceleratorHour: 2, discount: 0.4 });
    expect(answer.hours).toBe(720);
    expect(answer.demandAcceleratorHours).toBe(14_400);
    expect(answer.allOnDemandCost).toBeCloseTo(28_800, 9);
  });

  test("at 40% off: commit 10, 23,040.00, saving 20%, utilisation 100%, coverage 50.0%", () => {
    const answer = answerOf({ demand: EXAMPLE, pricePerAcceleratorHour: 2, discount: 0.4 });
    expect(answer.cheapest.committedAccelerators).toBe(10);
    expect(answer.cheapest.totalCost).toBeCloseTo(23_040, 9);
    expect(answer.cheapest.commitmentCost).toBeCloseTo(8_640, 9);
    expect(answer.cheapest.onDemandCost).toBeCloseTo(14_400, 9);
    expect(answer.saving).toBeCloseTo(5_760, 9);
    expect(answer.savingShare).toBeCloseTo(0.2, 12);
    expect(answer.cheapest.utilisation).toBeCloseTo(1, 12);
    expect(answer.cheapest.coverage).toBeCloseTo(0.5, 12);
  });

  test("at 60% off: commit 30, 17,280.00, saving 40%, utilisation 66.7%, coverage 100%", () => {
    const answer = answerOf({ demand: EXAMPLE, pricePerAcceleratorHour: 2, discount: 0.6 });
    expect(answer.cheapest.committedAccelerators).toBe(30);
    expect(answer.cheapest.totalCost).toBeCloseTo(17_280, 9);
    expect(answer.cheapest.onDemandCost).toBe(0);
    expect(answer.savingShare).toBeCloseTo(0.4, 12);
    expect(answer.cheapest.utilisation).toBeCloseTo(2 / 3, 12);
    expect(answer.cheapest.coverage).toBeCloseTo(1, 12);
  });

  test("the same demand hour by hour gives the same answer as its levels", () => {
    const hourly = [...Array(360).fill(10), ...Array(360).fill(30)].map((a) => ({ accelerators: a, hours: 1 }));
    const byHour = answerOf({ demand: hourly, pricePerAcceleratorHour: 2, discount: 0.4 });
    expect(byHour.cheapest.committedAccelerators).toBe(10);
    expect(byHour.cheapest.totalCost).toBeCloseTo(23_040, 6);
  });

  test("against what the bill committed (30 at 40% off): the cheapest, 10, saves 2,880.00 more", () => {
    const answer = answerOf({
      demand: EXAMPLE,
      pricePerAcceleratorHour: 2,
      discount: 0.4,
      billedCommittedAccelerators: 30,
    });
    // 30 committed: 720 x 30 x 0.6 x 2 = 25,920.00, all demand covered; the cheapest 23,040.00
    expect(answer.billed?.totalCost).toBeCloseTo(25_920, 9);
    expect(answer.billed?.savingAgainstBilled).toBeCloseTo(2_880, 9);
    expect(answer.billed?.utilisation).toBeCloseTo(2 / 3, 12);
  });

  test("a tie (50% off: every commitment from 10 to 30 costs 21,600.00) takes the smallest, 10", () => {
    const answer = answerOf({ demand: EXAMPLE, pricePerAcceleratorHour: 2, discount: 0.5 });
    expect(answer.cheapest.committedAccelerators).toBe(10);
    expect(commitmentFiguresAt(EXAMPLE, 30, 2, 0.5).totalCost).toBeCloseTo(answer.cheapest.totalCost, 9);
  });
});

/** Demand as levels: whole accelerators, or fractions (an hour's average of instances that ran part of it). */
const levels = (fractional: boolean) =>
  fc.array(
    fc.record({
      accelerators: fractional ? fc.double({ min: 0, max: 40, noNaN: true }) : fc.integer({ min: 0, max: 40 }),
      hours: fc.integer({ min: 1, max: 50 }),
    }),
    { minLength: 1, maxLength: 30 },
  );
const discount = fc.double({ min: 0, max: 0.95, noNaN: true });
const price = fc.double({ min: 0.01, max: 100, noNaN: true });

describe("the d-quantile is the cheapest whole commitment", () => {
  test("no whole commitment from 0 to past the peak costs less, and none smaller costs as little", () => {
    fc.assert(
      fc.property(fc.boolean().chain(levels), discount, price, (demand, d, p) => {
        const best = cheapestCommitmentLevel(demand, d);
        const cost = (c: number) => commitmentFiguresAt(demand, c, p, d).totalCost;
        const tolerance = 1e-9 * cost(0) + 1e-9;
        const peak = Math.ceil(Math.max(...demand.map((l) => l.accelerators)));
        for (let c = 0; c <= peak + 1; c++) {
          expect(cost(c)).toBeGreaterThanOrEqual(cost(best) - tolerance);
          // ties go to the smaller commitment: a smaller one costs more
          if (c < best) expect(cost(c)).toBeGreaterThan(cost(best) - tolerance);
        }
      }),
      { numRuns: 300 },
    );
  });

  test("the optimum costs no more than one accelerator fewer or one more", () => {
    fc.assert(
      fc.property(levels(false), discount, price, (demand, d, p) => {
        const c = cheapestCommitmentLevel(demand, d);
        const cost = (n: number) => commitmentFiguresAt(demand, n, p, d).totalCost;
        const tolerance = 1e-9 * cost(0);
        if (c > 0) expect(cost(c)).toBeLessThanOrEqual(cost(c - 1) + tolerance);
        expect(cost(c)).toBeLessThanOrEqual(cost(c + 1) + tolerance);
      }),
    );
  });

  test("whole demand: the level exceeded in at most a (1 - d) share of the hours, and not one fewer", () => {
    fc.assert(
      fc.property(levels(false), discount, (demand, d) => {
        const c = cheapestCommitmentLevel(demand, d);
        const hours = demand.reduce((s, l) => s + l.hours, 0);
        const exceeding = (n: number) => demand.filter((l) => l.accelerators > n).reduce((s, l) => s + l.hours, 0);
        expect(exceeding(c)).toBeLessThanOrEqual((1 - d) * hours * (1 + 1e-9));
        if (c > 0) expect(exceeding(c - 1)).toBeGreaterThan((1 - d) * hours * (1 + 1e-9));
      }),
    );
  });

  test("no discount commits nothing, and saves nothing", () => {
    fc.assert(
      fc.property(levels(true), price, (demand, p) => {
        fc.pre(demand.some((l) => l.accelerators > 0));
        const result = cheapestCommitment({ demand, pricePerAcceleratorHour: p, discount: 0 });
        // below a billionth of an accelerator-hour: no demand, in words
        if (isProblem(result)) return expect(result.message).toMatch(/nothing to commit to/);
        const answer = result;
        expect(answer.cheapest.committedAccelerators).toBe(0);
        expect(answer.cheapest.utilisation).toBeNull();
        expect(answer.saving).toBe(0);
      }),
    );
  });

  test("coverage and utilisation are shares from 0 to 1, the saving from 0 to d, every figure finite", () => {
    fc.assert(
      fc.property(levels(true), discount, price, fc.double({ min: 0, max: 60, noNaN: true }), (demand, d, p, b) => {
        fc.pre(demand.some((l) => l.accelerators > 0));
        const result = cheapestCommitment({
          demand,
          pricePerAcceleratorHour: p,
          discount: d,
          billedCommittedAccelerators: b,
        });
        // a demand below a billionth of an accelerator-hour (5e-324 accelerators) is none, in words, never NaN
        if (isProblem(result)) return expect(result.message).toMatch(/nothing to commit to/);
        const answer = result;
        for (const figures of [answer.cheapest, answer.billed!]) {
          expect(figures.coverage).toBeGreaterThanOrEqual(0);
          expect(figures.coverage).toBeLessThanOrEqual(1 + 1e-12);
          if (figures.utilisation !== null) {
            expect(figures.utilisation).toBeGreaterThanOrEqual(0);
            expect(figures.utilisation).toBeLessThanOrEqual(1 + 1e-12);
          }
          expect(Number.isFinite(figures.totalCost)).toBe(true);
        }
        expect(answer.savingShare).toBeGreaterThanOrEqual(-1e-9);
        expect(answer.savingShare).toBeLessThanOrEqual(d + 1e-9);
        expect(answer.billed!.savingAgainstBilled).toBeGreaterThanOrEqual(-1e-9 * answer.allOnDemandCost);
      }),
    );
  });
});

describe("bad input is a Problem in words, never NaN", () => {
  const base: CommitmentInput = { demand: EXAMPLE, pricePerAcceleratorHour: 2, discount: 0.4 };
  const cases: [string, Partial<CommitmentInput>, RegExp][] = [
    ["a discount of 100%", { discount: 1 }, /discount must be a share from 0% up to, not including, 100%/],
    ["a negative discount", { discount: -0.1 }, /discount must be a share/],
    ["a discount that is not a number", { discount: NaN }, /discount must be a share/],
    ["negative demand", { demand: [{ accelerators: -1, hours: 10 }] }, /never negative/],
    ["demand that is not a number", { demand: [{ accelerators: NaN, hours: 10 }] }, /never negative/],
    ["negative hours", { demand: [{ accelerators: 1, hours: -10 }] }, /0 or more hours/],
    ["no hours", { demand: [] }, /no hours of demand/],
    ["levels of no hours", { demand: [{ accelerators: 4, hours: 0 }] }, /no hours of demand/],
    ["no price", { pricePerAcceleratorHour: 0 }, /price on demand must be a number above 0/],
    ["an infinite price", { pricePerAcceleratorHour: Infinity }, /price on demand/],
    ["a negative billed commitment", { billedCommittedAccelerators: -2 }, /commitment the bill shows/],
    ["no accelerator in use", { demand: [{ accelerators: 0, hours: 720 }] }, /nothing to commit to/],
    ["demand of a double's subnormal", { demand: [{ accelerators: 3e-323, hours: 9 }] }, /nothing to commit to/],
  ];
  test.each(cases)("%s", (_, change, message) => {
    const answer = cheapestCommitment({ ...base, ...change });
    expect(isProblem(answer)).toBe(true);
    if (isProblem(answer)) expect(answer.message).toMatch(message);
  });
});
