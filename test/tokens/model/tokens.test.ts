/* Serving bought by the token (issue 32): the worked example of docs/cost-model.md, and the laws the figures keep. */
import fc from "fast-check";
import {
  API_PRESETS,
  apiCost,
  apiCostPerRequest,
  apiCrossover,
  checkTokenPlan,
  EXAMPLE_TOKEN_PLAN,
  fleetCostPerRequest,
  fleetMonth,
  TOKEN_FIELDS,
  tokenComparison,
  TokenComparison,
  tokenSeconds,
} from "../../../src/tokens/model";
import { isProblem, Problem } from "../../../src/core/model/problems";

const comparisonOf = (plan = EXAMPLE_TOKEN_PLAN): TokenComparison => {
  const figures = tokenComparison(plan);
  if (isProblem(figures)) throw new Error(figures.message);
  return figures;
};

describe("the worked example", () => {
  test("a request takes 0.25 s on the fleet and costs 0.000345 at the API", () => {
    expect(tokenSeconds(1500, 200, 10_000, 2000)).toBe(0.25);
    expect(apiCost(1, 1500, 200, 0.15, 0.6)).toBeCloseTo(0.000345, 12);
    expect(fleetCostPerRequest(0.25, 1.5, 2.5)).toBeCloseTo(0.00026042, 8);
  });
  test("the fleet is cheaper above 10,434,782.6 requests a month", () => {
    expect(apiCrossover(2, 2.5, 0.000345, 0.25, 1.5, 720)).toBeCloseTo(10_434_782.6, 1);
    expect(comparisonOf().crossover).toBeCloseTo(10_434_782.6, 1);
  });
  test("at 10M the API is cheaper, 3,450.00 against 3,600.00 (the fleet at its minimum, 1,440 h)", () => {
    const figures = comparisonOf();
    expect(figures.apiMonth).toBeCloseTo(3450, 6);
    expect(figures.fleetMonth.cost).toBeCloseTo(3600, 6);
    expect(figures.fleetMonth.paidHours).toBe(1440);
    expect(figures.fleetMonth.atMinimum).toBe(true);
    expect(figures.cheaper).toBe("api");
  });
  test("at 20M the fleet is cheaper, 5,208.33 against 6,900.00 (2,083.33 h)", () => {
    const figures = comparisonOf({ ...EXAMPLE_TOKEN_PLAN, requestsPerMonth: 20e6 });
    expect(figures.apiMonth).toBeCloseTo(6900, 6);
    expect(figures.fleetMonth.cost).toBeCloseTo(5208.33, 2);
    expect(figures.fleetMonth.paidHours).toBeCloseTo(2083.33, 2);
    expect(figures.fleetMonth.atMinimum).toBe(false);
    expect(figures.cheaper).toBe("fleet");
  });
  test("the chart runs from 0 past the crossover and the traffic, both costs at each volume", () => {
    const { curve, crossover } = comparisonOf();
    expect(curve[0]).toEqual({ requests: 0, apiCost: 0, fleetCost: 3600 });
    expect(curve[curve.length - 1].requests).toBeCloseTo(2 * (crossover as number), 3);
    const at20M = fleetMonth(20e6, {
      secondsPerRequest: 0.25,
      peakToMean: 1.5,
      minAccelerators: 2,
      pricePerHour: 2.5,
      hoursPerMonth: 720,
    });
    expect(isProblem(at20M) ? NaN : at20M.cost).toBeCloseTo(5208.33, 2);
  });
});

describe("the functions' arguments", () => {
  test("a throughput of 0 divides by zero; negative tokens or prices, or a peak-to-mean under 1, are refused", () => {
    expect((tokenSeconds(1500, 200, 0, 2000) as Problem).kind).toBe("divisionByZero");
    expect((tokenSeconds(-1, 200, 10_000, 2000) as Problem).kind).toBe("invalidNumber");
    expect((apiCost(1, 1500, 200, -0.15, 0.6) as Problem).message).toMatch(/input_price_per_million/);
    expect((apiCrossover(2, 2.5, 0.000345, 0.25, 0.9, 720) as Problem).message).toMatch(/peak_to_mean/);
  });
  test("no crossover where the fleet's cost a request is at least the API's, said with why", () => {
    const none = apiCrossover(2, 2.5, 0.0002, 0.25, 1.5, 720) as Problem;
    expect(none.kind).toBe("notAvailable");
    expect(none.message).toMatch(
      /^The API is cheaper at every volume: the fleet's cost a request .*0\.0002604.*0\.0002\)/,
    );
    // A free API: nothing is ever cheaper, and nothing divides by 0.
    expect((apiCrossover(2, 2.5, 0, 0.25, 1.5, 720) as Problem).kind).toBe("notAvailable");
    expect(isProblem(comparisonOf({ ...EXAMPLE_TOKEN_PLAN, outputPricePerMillion: 0.1 }).crossover)).toBe(true);
  });
});

/** Positive amounts over many magnitudes, as a planner's figures run. */
const amount = (low: number, high: number) => fc.double({ min: low, max: high, noNaN: true });

describe("laws", () => {
  const fleetArgs = fc.record({
    minAccelerators: amount(0.5, 1000),
    pricePerHour: amount(0.01, 100),
    apiPerRequest: amount(1e-7, 1),
    secondsPerRequest: amount(1e-4, 100),
    peakToMean: amount(1, 10),
    hoursPerMonth: amount(1, 744),
  });
  test("at the crossover both ways cost the same within a cent", () => {
    fc.assert(
      fc.property(fleetArgs, (f) => {
        const n = apiCrossover(
          f.minAccelerators,
          f.pricePerHour,
          f.apiPerRequest,
          f.secondsPerRequest,
          f.peakToMean,
          f.hoursPerMonth,
        );
        if (isProblem(n)) return true;
        const fleet = fleetMonth(n, { ...f });
        if (isProblem(fleet)) return false;
        expect(Math.abs(fleet.cost - n * f.apiPerRequest)).toBeLessThan(0.01);
        return true;
      }),
    );
  });
  test("there is no crossover exactly when the fleet's cost a request is at least the API's", () => {
    fc.assert(
      fc.property(fleetArgs, (f) => {
        const n = apiCrossover(
          f.minAccelerators,
          f.pricePerHour,
          f.apiPerRequest,
          f.secondsPerRequest,
          f.peakToMean,
          f.hoursPerMonth,
        );
        const fleetPerRequest = fleetCostPerRequest(f.secondsPerRequest, f.peakToMean, f.pricePerHour);
        expect(isProblem(n)).toBe(fleetPerRequest >= f.apiPerRequest);
        return true;
      }),
    );
  });
  test("below the crossover the API is cheaper, above it the fleet", () => {
    fc.assert(
      fc.property(fleetArgs, fc.double({ min: 0.01, max: 0.99, noNaN: true }), (f, below) => {
        const n = apiCrossover(
          f.minAccelerators,
          f.pricePerHour,
          f.apiPerRequest,
          f.secondsPerRequest,
          f.peakToMean,
          f.hoursPerMonth,
        );
        if (isProblem(n)) return true;
        const cost = (requests: number) => (fleetMonth(requests, { ...f }) as { cost: number }).cost;
        expect(cost(n * below)).toBeGreaterThan(n * below * f.apiPerRequest);
        expect(cost(n / below)).toBeLessThan((n / below) * f.apiPerRequest);
        return true;
      }),
    );
  });
});

describe("the plan's fields", () => {
  test("the worked example has no problem; every field's check names it by its label", () => {
    expect(checkTokenPlan(EXAMPLE_TOKEN_PLAN)).toEqual([]);
    const bad = checkTokenPlan({ ...EXAMPLE_TOKEN_PLAN, peakToMean: 0.5, inputTokensPerSecond: 0 });
    expect(bad.map((p) => p.key)).toEqual(["inputTokensPerSecond", "peakToMean"]);
    expect(bad[1].problem.message).toMatch(/^Peak-to-mean is a multiplier/);
  });
  test("a required field left blank, or a price without its share, is said, never counted as 0", () => {
    const { pricePerHour: _, ...noPrice } = EXAMPLE_TOKEN_PLAN;
    expect(checkTokenPlan(noPrice).map((p) => p.problem.message)).toEqual([
      "Price an accelerator-hour is blank; enter a number.",
    ]);
    const cachedAlone = checkTokenPlan({ ...EXAMPLE_TOKEN_PLAN, cachedInputPricePerMillion: 0.075 });
    expect(cachedAlone.map((p) => p.key)).toEqual(["cachedInputShare"]);
    const batchShareAlone = checkTokenPlan({ ...EXAMPLE_TOKEN_PLAN, batchShare: 0.5 });
    expect(batchShareAlone.map((p) => p.key)).toEqual(["batchDiscount"]);
  });
  test("the cache and the batch discount lower the API's cost a request as the provider bills them", () => {
    const cached = apiCostPerRequest({
      ...EXAMPLE_TOKEN_PLAN,
      cachedInputPricePerMillion: 0.075,
      cachedInputShare: 0.4,
    });
    // 1,500 x (0.6 x 0.15 + 0.4 x 0.075) + 200 x 0.60, per 1M
    expect(cached).toBeCloseTo((1500 * (0.6 * 0.15 + 0.4 * 0.075) + 200 * 0.6) / 1e6, 15);
    const batched = apiCostPerRequest({ ...EXAMPLE_TOKEN_PLAN, batchDiscount: 0.5, batchShare: 1 });
    expect(batched).toBeCloseTo(0.000345 / 2, 15);
  });
  test("each field has its own defined name, and the presets are dated with their source", () => {
    expect(new Set(TOKEN_FIELDS.map((f) => f.definedName)).size).toBe(TOKEN_FIELDS.length);
    for (const preset of API_PRESETS) expect(preset.source).toMatch(/20\d\d/);
  });
});
