/*
 * The plan's traffic in the "API or own fleet" comparison: requests a month from clips per second, and the month
 * the fleet becomes cheaper as the traffic grows, against hand computations and the law it keeps.
 */
import fc from "fast-check";
import {
  checkTokenPlan,
  EXAMPLE_TOKEN_PLAN,
  fleetCheaperMonth,
  NO_GROWTH_WORDS,
  NOT_GROWING_WORDS,
  requestsPerMonthOf,
  tokenComparison,
} from "../../../src/tokens/model";
import { isProblem, problem } from "../../../src/core/model/problems";

/** The worked example's crossover: 2 x 720 x 2.50 / 0.000345. */
const CROSSOVER = (2 * 720 * 2.5) / 0.000345;

test("requests a month: the stage view's 250 clips a second over 720 hours is 648,000,000", () => {
  expect(requestsPerMonthOf(250, 720)).toBe(648_000_000);
  expect(requestsPerMonthOf(0, 720)).toBe(0);
});

describe("the month the fleet becomes cheaper, by hand", () => {
  test("10M at 5% a month: month 1 is 10,000,000 (below 10,434,783), month 2 10,500,000 (above)", () => {
    expect(fleetCheaperMonth(10_000_000, 0.05, CROSSOVER)).toBe(2);
  });

  test("5M at 5% a month: 5M x 1.05^15 = 10,394,641 is below, 5M x 1.05^16 = 10,914,373 above: month 17", () => {
    expect(5e6 * 1.05 ** 15).toBeLessThan(CROSSOVER);
    expect(5e6 * 1.05 ** 16).toBeGreaterThan(CROSSOVER);
    expect(fleetCheaperMonth(5_000_000, 0.05, CROSSOVER)).toBe(17);
  });

  test("traffic already above the crossover: month 1, whatever the growth", () => {
    expect(fleetCheaperMonth(20_000_000, 0.05, CROSSOVER)).toBe(1);
    expect(fleetCheaperMonth(20_000_000, undefined, CROSSOVER)).toBe(1);
    expect(fleetCheaperMonth(20_000_000, -0.5, CROSSOVER)).toBe(1);
  });

  test("traffic exactly at the crossover is not above it: the month after, where it grows", () => {
    expect(fleetCheaperMonth(1000, 0.1, 1000)).toBe(2);
  });

  test("no growth given, a traffic that does not grow, none at all, no crossover: #N/A, each said", () => {
    expect(fleetCheaperMonth(5e6, undefined, CROSSOVER)).toEqual(problem("notAvailable", NO_GROWTH_WORDS));
    expect(fleetCheaperMonth(5e6, 0, CROSSOVER)).toEqual(problem("notAvailable", NOT_GROWING_WORDS));
    expect(fleetCheaperMonth(5e6, -0.05, CROSSOVER)).toEqual(problem("notAvailable", NOT_GROWING_WORDS));
    expect(fleetCheaperMonth(0, 0.05, CROSSOVER)).toEqual(problem("notAvailable", NOT_GROWING_WORDS));
    const none = problem("notAvailable", "The API is cheaper at every volume: ...");
    expect(fleetCheaperMonth(5e6, 0.05, none)).toBe(none);
  });

  test("the comparison carries it: the worked example at 5% a month, and without a growth", () => {
    const grown = tokenComparison({ ...EXAMPLE_TOKEN_PLAN, requestsPerMonth: 5e6, monthlyGrowth: 0.05 });
    expect(isProblem(grown) ? grown : grown.cheaperMonth).toBe(17);
    const flat = tokenComparison(EXAMPLE_TOKEN_PLAN);
    expect(isProblem(flat) ? flat : flat.cheaperMonth).toEqual(problem("notAvailable", NO_GROWTH_WORDS));
  });
});

test("the law: the month found is the first whose traffic passes the crossover", () => {
  fc.assert(
    fc.property(
      fc.double({ min: 1, max: 1e9, noNaN: true }),
      fc.double({ min: 0.001, max: 2, noNaN: true }),
      fc.double({ min: 1, max: 1e10, noNaN: true }),
      (first, growth, crossover) => {
        const month = fleetCheaperMonth(first, growth, crossover);
        if (isProblem(month)) return false;
        const at = (m: number) => first * Math.pow(1 + growth, m - 1);
        // Within a part in 1e12 of the boundary, rounding may pick either side; elsewhere it is exact.
        const near = (m: number) => Math.abs(at(m) - crossover) <= 1e-12 * crossover;
        return (at(month) > crossover || near(month)) && (month === 1 || at(month - 1) <= crossover || near(month - 1));
      },
    ),
  );
});

test("a growth of -100% or less, or not a number, is refused beside its field", () => {
  const [found] = checkTokenPlan({ ...EXAMPLE_TOKEN_PLAN, monthlyGrowth: -1 });
  expect(found.key).toBe("monthlyGrowth");
  expect(found.problem.message).toMatch(/above -1 \(-100% a month\)/);
  expect(checkTokenPlan({ ...EXAMPLE_TOKEN_PLAN, monthlyGrowth: -0.5 })).toEqual([]);
});
