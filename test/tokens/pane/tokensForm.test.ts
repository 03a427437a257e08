/* The "API or own fleet" form read as the pane reads it, the answer's words, and the kept state read back. */
import { answerSentence, exampleTexts, readTokenForm } from "../../../src/tokens/pane/tokensForm";
import {
  EXAMPLE_TOKEN_PLAN,
  readTokenState,
  tokenComparison,
  TokenComparison,
  tokenStateJson,
} from "../../../src/tokens/model";
import { isProblem } from "../../../src/core/model/problems";
import { moneyText } from "../../../src/core/model/money";

const words = {
  money: (x: number) => moneyText(x, "USD"),
  count: (x: number) => Math.round(x).toLocaleString("en-US"),
};
const comparison = (requests: number): TokenComparison => {
  const figures = tokenComparison({ ...EXAMPLE_TOKEN_PLAN, requestsPerMonth: requests });
  if (isProblem(figures)) throw new Error(figures.message);
  return figures;
};

test("the form starts on the worked example and reads back to it", () => {
  const texts = exampleTexts();
  expect(texts.requestsPerMonth).toBe("10,000,000");
  expect(texts.batchDiscount).toBe("");
  expect(readTokenForm(texts)).toEqual({ plan: EXAMPLE_TOKEN_PLAN, errors: {} });
});

test("a field that is no number, or that the model refuses, is said beside it and gives no plan", () => {
  const typo = readTokenForm({ ...exampleTexts(), pricePerHour: "2,5" });
  expect(typo.plan).toBeUndefined();
  expect(typo.errors.pricePerHour).toMatch(/point for decimals/);
  const below = readTokenForm({ ...exampleTexts(), peakToMean: "0.5" });
  expect(below.errors).toEqual({ peakToMean: "Peak-to-mean is a multiplier of 1 or more (1 = none); got 0.5." });
  const alone = readTokenForm({ ...exampleTexts(), batchDiscount: "0.5" });
  expect(Object.keys(alone.errors)).toEqual(["batchShare"]);
  const blank = readTokenForm({ ...exampleTexts(), outputTokens: "" });
  expect(blank.errors.outputTokens).toBe("Enter a number.");
});

test("the answer at 10M and 20M requests a month, with the crossover or why there is none", () => {
  expect(answerSentence(comparison(10e6), 10e6, words)).toBe(
    "At 10,000,000 requests a month the API is cheaper: the API costs 3,450.00 USD and your fleet 3,600.00 USD. " +
      "Your fleet is cheaper above 10,434,783 requests a month.",
  );
  expect(answerSentence(comparison(20e6), 20e6, words)).toMatch(
    /^At 20,000,000 requests a month your fleet is cheaper: the API costs 6,900.00 USD and your fleet 5,208.33 USD/,
  );
  const none = tokenComparison({ ...EXAMPLE_TOKEN_PLAN, outputPricePerMillion: 0.1 }) as TokenComparison;
  expect(answerSentence(none, 10e6, words)).toMatch(/The API is cheaper at every volume: the fleet's cost a request/);
});

test("the kept state reads back as written; another format, a newer version or unknown fields are said", () => {
  const state = { texts: { ...exampleTexts(), pricePerHour: "3" }, apiPreset: "1", acceleratorPreset: "" };
  expect(readTokenState(tokenStateJson(state))).toEqual({ state });
  expect(readTokenState(null)).toEqual({});
  const newer = readTokenState(JSON.stringify({ format: "mlcost-api-or-fleet", version: 2, texts: {} }));
  expect(newer.state).toBeUndefined();
  expect(newer.message).toMatch(/^The saved comparison could not be used, so the worked example is loaded: .*2/);
  expect(readTokenState("not json").message).toMatch(/could not be used/);
  const extra = readTokenState(JSON.stringify({ format: "mlcost-api-or-fleet", version: 1, texts: { nonsense: "1" } }));
  expect(extra.state?.texts).toEqual({});
  expect(extra.message).toMatch(/nonsense/);
});
