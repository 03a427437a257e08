/*
 * The bill in one currency and why training's share of cost differs from its share of hours, on the hand-worked
 * fixture (test/bill/fixtures/accelerators.csv through the engine and the model) against sums worked here by hand
 * from its rows (the months' figures of billEngine.test.ts), and on rows built here for the edges.
 */
import { billInCurrency, costShareWhy } from "../../../src/bill/model/billCurrency";
import { BillMonth, billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import { fixtureMonths } from "../sheet/billMonths";

let months: BillMonth[];
beforeAll(async () => {
  months = await fixtureMonths();
});

// by hand, USD: training 120 h (380) + 32 h (400) + 160 h (400); serving 844 h (546.40) + 732 h (435.70) + 300 h
// (300); re-scans 40 h (16). EUR: March's one training row, 16 h (50), and a credit of -5: 2 rows, 45.00.
const USD_TRAINING_HOURS = 120 + 32 + 160;
const USD_TRAINING_COST = 380 + 400 + 400;
const USD_REST_HOURS = 844 + 732 + 300 + 40;
const USD_REST_COST = 546.4 + 435.7 + 300 + 16;

describe("the bill in one currency", () => {
  test("unchosen, the costliest currency: USD's months only, EUR's 2 rows and 45.00 said as left out", () => {
    const seen = billInCurrency(months);
    expect(seen.currency).toBe("USD");
    expect(seen.currencies).toEqual(["USD", "EUR"]);
    expect(seen.months.every((m) => m.currency === "USD")).toBe(true);
    expect(seen.months.map((m) => m.month)).toEqual(["2026-01", "2026-02", "2026-03"]);
    expect(seen.totals?.trainingHours).toBe(USD_TRAINING_HOURS);
    expect(seen.leftOut).toEqual([{ currency: "EUR", rows: 2, effectiveCost: 45 }]);
  });

  test("EUR chosen: every figure in euros, USD's 23 rows and 2,725.50 left out", () => {
    const seen = billInCurrency(months, "EUR");
    expect(seen.currency).toBe("EUR");
    expect(seen.months.map((m) => `${m.month} ${m.currency}`)).toEqual(["2026-03 EUR"]);
    expect(seen.totals?.trainingHours).toBe(16);
    expect(seen.totals?.trainingCost).toBe(50);
    expect(seen.leftOut).toHaveLength(1);
    expect(seen.leftOut[0].currency).toBe("USD");
    expect(seen.leftOut[0].rows).toBe(12 + 7 + 4);
    expect(seen.leftOut[0].effectiveCost).toBeCloseTo(USD_TRAINING_COST + USD_REST_COST + 247.4, 9);
  });

  test("a currency the bill lacks falls back to the costliest; no months, no currency and nothing left out", () => {
    expect(billInCurrency(months, "GBP").currency).toBe("USD");
    expect(billInCurrency([])).toEqual({
      currency: "",
      currencies: [],
      months: [],
      totals: undefined,
      leftOut: [],
      models: [],
    });
  });
});

describe("why training's share of cost is not its share of hours", () => {
  test("the fixture in USD: 14.0% of the hours but 47.6% of the cost, 3.78 an hour against 0.68", () => {
    const why = costShareWhy(billInCurrency(months).totals)!;
    expect(why.shareOfHours).toBeCloseTo(USD_TRAINING_HOURS / (USD_TRAINING_HOURS + USD_REST_HOURS), 12);
    expect(why.shareOfCost).toBeCloseTo(USD_TRAINING_COST / (USD_TRAINING_COST + USD_REST_COST), 12);
    expect(why.trainingPricePerHour).toBeCloseTo(USD_TRAINING_COST / USD_TRAINING_HOURS, 12);
    expect(why.restPricePerHour).toBeCloseTo(USD_REST_COST / USD_REST_HOURS, 12);
    expect(why.restHours).toBe(USD_REST_HOURS);
    // the share of cost is the hours weighted by their prices: the two explain each other exactly
    const weighted =
      (why.trainingHours * why.trainingPricePerHour) /
      (why.trainingHours * why.trainingPricePerHour + why.restHours * why.restPricePerHour!);
    expect(weighted).toBeCloseTo(why.shareOfCost, 12);
  });

  const totalsOf = (rows: Partial<BillResultRow>[]) => {
    const result: BillResultRow[] = rows.map((r) => ({
      section: "mapped",
      month: "2026-01",
      currency: "USD",
      pricing_category: "Standard",
      row_count: 1,
      ...r,
    }));
    result.push({ section: "total", month: "2026-01", currency: "USD", effective_cost: 0, row_count: rows.length });
    return billInCurrency(billMonthsOf(result).months).totals;
  };

  test("no price known (no cost paid), or no training hour: no explanation, never NaN", () => {
    expect(costShareWhy(totalsOf([{ role: "training", paid_hours: 10, effective_cost: 0 }]))).toBeUndefined();
    expect(costShareWhy(totalsOf([{ role: "serving", paid_hours: 10, effective_cost: 5 }]))).toBeUndefined();
    expect(costShareWhy(undefined)).toBeUndefined();
  });

  test("only training: its price, and no price for a rest that paid no hour", () => {
    const why = costShareWhy(totalsOf([{ role: "training", paid_hours: 10, effective_cost: 25 }]))!;
    expect(why.trainingPricePerHour).toBe(2.5);
    expect(why.restPricePerHour).toBeUndefined();
    expect(why.shareOfCost).toBe(1);
  });
});
