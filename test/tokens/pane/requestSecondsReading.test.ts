/*
 * The "tokens per request" control's reading (issue 32): the typed tokens give TOKENSECONDS' seconds, which the
 * stage and annual views then read from their seconds field exactly as typed seconds, so every figure is the same;
 * bad input is said beside its field, never NaN.
 */
import fc from "fast-check";
import {
  explainSeconds,
  readRequestSeconds,
  secondsText,
  secondsWorking,
} from "../../../src/tokens/pane/requestSecondsReading";
import { REQUEST_TOKEN_KEYS, RequestTokenKey, RequestTokens, tokenSeconds } from "../../../src/tokens/model";
import { readForm } from "../../../src/stages/pane/stageForm";
import { initialText } from "../../../src/stages/pane/stageForm";
import { PLAN_FIELDS } from "../../../src/stages/model/planFields";
import { annualInitialText, readAnnualForm } from "../../../src/annual/pane/annualForm";
import { ANNUAL_FIELDS } from "../../../src/annual/model/annualFields";
import { formatCount } from "../../../src/core/pane/format";

type Texts = Partial<Record<RequestTokenKey, string>>;

/** The worked example as a planner types it. */
const EXAMPLE: Texts = {
  inputTokens: "1,500",
  outputTokens: "200",
  inputTokensPerSecond: "10,000",
  outputTokensPerSecond: "2,000",
};

/** Any request, as numbers and as the texts a planner would type for them. */
const request: fc.Arbitrary<RequestTokens> = fc.record({
  inputTokens: fc.integer({ min: 0, max: 200_000 }),
  outputTokens: fc.integer({ min: 0, max: 50_000 }),
  inputTokensPerSecond: fc.double({ min: 1, max: 1e6, noNaN: true }),
  outputTokensPerSecond: fc.double({ min: 1, max: 1e5, noNaN: true }),
});
const textsOf = (tokens: RequestTokens): Texts =>
  Object.fromEntries(REQUEST_TOKEN_KEYS.map((key) => [key, String(tokens[key])]));
const stageTexts = () => Object.fromEntries(PLAN_FIELDS.map((f) => [f.key, initialText(f)]));
const annualTexts = () => Object.fromEntries(ANNUAL_FIELDS.map((f) => [f.key, annualInitialText(f)]));

test("1,500 in and 200 out at 10,000 and 2,000 tokens a second: 0.25 s, and where they came from", () => {
  const reading = readRequestSeconds(EXAMPLE);
  expect(reading).toEqual({
    seconds: 0.25,
    tokens: { inputTokens: 1500, outputTokens: 200, inputTokensPerSecond: 10_000, outputTokensPerSecond: 2000 },
    errors: {},
  });
  expect(secondsWorking(reading.tokens!, 0.25, formatCount)).toBe(
    "From the tokens below: 1,500 / 10,000 + 200 / 2,000 = 0.25 s a request.",
  );
});

test("the stage view's figures from tokens are those of the seconds typed (the example: 0.25 s)", () => {
  const typed = readForm({ ...stageTexts(), secondsPerClip: "0.25" });
  const fromTokens = readForm({ ...stageTexts(), secondsPerClip: secondsText(readRequestSeconds(EXAMPLE).seconds!) });
  expect(fromTokens.table).toEqual(typed.table);
  expect(fromTokens.table!.crossoverClips).toBe(typed.table!.crossoverClips);
});

test("property: for any request, the stage and annual figures equal those with its seconds typed", () => {
  fc.assert(
    fc.property(request, (tokens) => {
      const reading = readRequestSeconds(textsOf(tokens));
      const seconds = tokenSeconds(
        tokens.inputTokens,
        tokens.outputTokens,
        tokens.inputTokensPerSecond,
        tokens.outputTokensPerSecond,
      ) as number;
      expect(reading.seconds).toBe(seconds);
      const text = secondsText(reading.seconds!);
      // The seconds typed: the number itself, as a planner with a calculator would type its digits.
      const typed = seconds.toPrecision(17);
      const stage = readForm({ ...stageTexts(), secondsPerClip: text });
      const stageTyped = readForm({ ...stageTexts(), secondsPerClip: typed });
      expect(stage).toEqual(stageTyped);
      const annual = readAnnualForm({ ...annualTexts(), secondsPerClip: text });
      const annualTyped = readAnnualForm({ ...annualTexts(), secondsPerClip: typed });
      expect(annual).toEqual(annualTyped);
      expect(annual.plan?.secondsPerClip).toBe(seconds);
    }),
    { numRuns: 60 },
  );
});

describe("bad input says what to fix beside its field, never NaN", () => {
  test("a throughput of 0", () => {
    expect(readRequestSeconds({ ...EXAMPLE, outputTokensPerSecond: "0" })).toEqual({
      errors: { outputTokensPerSecond: "Output tokens a second is 0, and the formula divides by it." },
    });
  });
  test("negative tokens", () => {
    expect(readRequestSeconds({ ...EXAMPLE, inputTokens: "-1,500" })).toEqual({
      errors: { inputTokens: "Input tokens a request must be 0 or more; got -1500." },
    });
  });
  test("a blank and a word", () => {
    expect(readRequestSeconds({ ...EXAMPLE, inputTokens: "", outputTokens: "two hundred" })).toEqual({
      errors: { inputTokens: "Enter a number.", outputTokens: '"two hundred" is not a number.' },
    });
  });
  test("the seconds field says the fault is the tokens', or where refused seconds came from", () => {
    expect(explainSeconds("Enter a number.", false)).toBe(
      "Fix the request's tokens below: the seconds come from them.",
    );
    expect(explainSeconds("Serving time per clip is 0, and the formula divides by it.", true)).toBe(
      "Serving time per clip is 0, and the formula divides by it." +
        " These seconds come from the tokens below: change those.",
    );
  });
  test("any texts give finite seconds, or a message for each bad field", () => {
    const text = fc.oneof(fc.string(), fc.double().map(String), fc.constantFrom("", "0", "-1", "1e400", "1,000"));
    fc.assert(
      fc.property(fc.tuple(text, text, text, text), (values) => {
        const reading = readRequestSeconds(Object.fromEntries(REQUEST_TOKEN_KEYS.map((key, i) => [key, values[i]])));
        if (reading.seconds !== undefined) expect(Number.isFinite(reading.seconds)).toBe(true);
        else expect(Object.keys(reading.errors).length).toBeGreaterThan(0);
        // A message may quote what was typed ("NaN" is not a number.); its own words never say NaN.
        for (const message of Object.values(reading.errors)) {
          expect(message.replace(/"[^"]*"/g, "")).not.toMatch(/NaN|undefined/);
        }
      }),
    );
  });
});
