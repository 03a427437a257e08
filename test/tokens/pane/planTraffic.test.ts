/*
 * Where the "API or own fleet" view's traffic comes from: a typed figure wins and says so; a blank one takes the
 * Budget view's plan (first month and growth) or the Stage view's, each said; none leaves the field asking.
 */
import { withPlanTraffic } from "../../../src/tokens/pane/planTraffic";
import { exampleTexts, monthSentence, readTokenForm } from "../../../src/tokens/pane/tokensForm";
import { EXAMPLE_TOKEN_PLAN, tokenComparison, TokenComparison, TokenPlan } from "../../../src/tokens/model";
import { isProblem } from "../../../src/core/model/problems";

const blankTraffic = { ...exampleTexts(), requestsPerMonth: "", monthlyGrowth: "" };
const count = (x: number) => Math.round(x).toLocaleString("en-US");
const words = { money: String, count };
const figuresOf = (plan: TokenPlan): TokenComparison => {
  const figures = tokenComparison(plan);
  if (isProblem(figures)) throw new Error(figures.message);
  return figures;
};

test("blank: the Stage view's 250 clips a second over 720 h, 648,000,000 requests a month, said", () => {
  const found = withPlanTraffic(blankTraffic, { view: "Stage", clipsPerSecond: 250 });
  expect(found.requestsLine).toBe(
    "From the Stage view's plan: 648,000,000 a month (250 clips a second over 720 h); type a number to use your own.",
  );
  expect(readTokenForm(found.texts).plan).toEqual({ ...EXAMPLE_TOKEN_PLAN, requestsPerMonth: 648_000_000 });
  expect(found.growthLine).toMatch(/^None given: type one, or open the Budget view/);
});

test("blank: the Budget view's first month and growth, over the hours a month typed", () => {
  const texts = { ...blankTraffic, hoursPerMonth: "730" };
  const found = withPlanTraffic(texts, { view: "Budget", clipsPerSecond: 2, growth: 0.05 });
  expect(found.requestsLine).toMatch(/^From the Budget view's plan: 5,256,000 a month \(2 clips a second over 730 h\)/);
  expect(found.growthLine).toBe("From the Budget view's +5.0% a month; type a share to use your own.");
  expect(readTokenForm(found.texts).plan).toMatchObject({ requestsPerMonth: 5_256_000, monthlyGrowth: 0.05 });
});

test("typed: it wins over the plan's, and says so", () => {
  const texts = { ...blankTraffic, requestsPerMonth: "10,000,000", monthlyGrowth: "0.1" };
  const found = withPlanTraffic(texts, { view: "Budget", clipsPerSecond: 250, growth: 0.05 });
  expect(found.requestsLine).toBe("Typed: it wins over the Budget view's plan: 648,000,000 a month.");
  expect(found.growthLine).toBe("Typed: it wins over the Budget view's +5.0% a month.");
  expect(readTokenForm(found.texts).plan).toMatchObject({ requestsPerMonth: 10_000_000, monthlyGrowth: 0.1 });
  expect(withPlanTraffic(texts, undefined).requestsLine).toBe("Typed.");
});

test("no view's plan gives a traffic: the blank field asks for a number, and the line says why", () => {
  const found = withPlanTraffic(blankTraffic, undefined);
  expect(found.requestsLine).toMatch(/^No other view's plan gives a traffic now/);
  expect(readTokenForm(found.texts).errors.requestsPerMonth).toBe("Enter a number.");
});

describe("the month in words", () => {
  test("5M at 5% a month: month 17, at 10,914,373 requests", () => {
    const plan = { ...EXAMPLE_TOKEN_PLAN, requestsPerMonth: 5e6, monthlyGrowth: 0.05 };
    expect(monthSentence(figuresOf(plan), plan, words)).toBe(
      "With traffic growing +5.0% a month from 5,000,000, your fleet is cheaper from month 17 (10,914,373 requests).",
    );
  });

  test("above the crossover already, no growth given, no crossover", () => {
    const above = { ...EXAMPLE_TOKEN_PLAN, requestsPerMonth: 2e7 };
    expect(monthSentence(figuresOf(above), above, words)).toMatch(/from month 1: the traffic is above/);
    expect(monthSentence(figuresOf(EXAMPLE_TOKEN_PLAN), EXAMPLE_TOKEN_PLAN, words)).toMatch(/^No traffic growth/);
    const dear = { ...EXAMPLE_TOKEN_PLAN, pricePerHour: 40, monthlyGrowth: 0.05 };
    expect(monthSentence(figuresOf(dear), dear, words)).toBe(
      "No month makes your fleet cheaper, however the traffic grows.",
    );
  });
});
