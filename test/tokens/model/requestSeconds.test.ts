/*
 * A request's seconds from its tokens (issue 32), the seconds every view's "tokens per request" gives: the worked
 * example, the same figure as =MLCOST.TOKENSECONDS for any tokens, and bad input said field by field, never NaN.
 */
import fc from "fast-check";
import "../../support/customFunctionsGlobal";
import { customFunctions } from "../../../src/functions/functions";
import {
  EXAMPLE_REQUEST_TOKENS,
  REQUEST_TOKEN_FIELDS,
  REQUEST_TOKEN_KEYS,
  requestSeconds,
  RequestTokens,
  TOKEN_FIELDS,
} from "../../../src/tokens/model";

const TOKENSECONDS = customFunctions.TOKENSECONDS as (...ranges: number[][][]) => unknown[][];

/** Any request a planner might state: counts from 0 to 1e6 tokens, throughputs from 1 to 1e6 tokens a second. */
const request: fc.Arbitrary<RequestTokens> = fc.record({
  inputTokens: fc.double({ min: 0, max: 1e6, noNaN: true }),
  outputTokens: fc.double({ min: 0, max: 1e6, noNaN: true }),
  inputTokensPerSecond: fc.double({ min: 1, max: 1e6, noNaN: true }),
  outputTokensPerSecond: fc.double({ min: 1, max: 1e6, noNaN: true }),
});

const secondsOf = (tokens: Partial<RequestTokens>): number => {
  const found = requestSeconds(tokens);
  if (!("seconds" in found)) throw new Error(JSON.stringify(found.problems));
  return found.seconds;
};

const problemsOf = (tokens: Partial<RequestTokens>) => {
  const found = requestSeconds(tokens);
  if ("seconds" in found) throw new Error(`seconds ${found.seconds}`);
  return found.problems.map(({ key, problem }) => [key, problem.message]);
};

test("1,500 in and 200 out at 10,000 and 2,000 tokens a second take 0.25 s", () => {
  expect(secondsOf(EXAMPLE_REQUEST_TOKENS)).toBe(0.25);
});

test("a request's seconds are =MLCOST.TOKENSECONDS' for any request, to the last bit", () => {
  fc.assert(
    fc.property(request, (tokens) => {
      const cell = TOKENSECONDS(...REQUEST_TOKEN_KEYS.map((key) => [[tokens[key]]]));
      expect(secondsOf(tokens)).toBe(cell[0][0]);
    }),
  );
});

test("the four fields are the API-or-fleet view's own rows: one label, unit, check and name each", () => {
  expect(REQUEST_TOKEN_FIELDS.map((f) => f.key)).toEqual([...REQUEST_TOKEN_KEYS]);
  for (const field of REQUEST_TOKEN_FIELDS) expect(TOKEN_FIELDS).toContain(field);
});

describe("bad input says what to fix, by the field's label, never NaN", () => {
  test("a throughput of 0 divides", () => {
    expect(problemsOf({ ...EXAMPLE_REQUEST_TOKENS, inputTokensPerSecond: 0 })).toEqual([
      ["inputTokensPerSecond", "Input tokens a second is 0, and the formula divides by it."],
    ]);
    expect(problemsOf({ ...EXAMPLE_REQUEST_TOKENS, outputTokensPerSecond: 0 })).toEqual([
      ["outputTokensPerSecond", "Output tokens a second is 0, and the formula divides by it."],
    ]);
  });
  test("a negative count of tokens", () => {
    expect(problemsOf({ ...EXAMPLE_REQUEST_TOKENS, outputTokens: -200 })).toEqual([
      ["outputTokens", "Output tokens a request must be 0 or more; got -200."],
    ]);
  });
  test("a blank field, and every one of several", () => {
    expect(problemsOf({ ...EXAMPLE_REQUEST_TOKENS, inputTokens: undefined })).toEqual([
      ["inputTokens", "Input tokens a request is blank; enter a number."],
    ]);
    expect(problemsOf({}).map(([key]) => key)).toEqual([...REQUEST_TOKEN_KEYS]);
  });
  test("a count past a double over a tiny throughput is too large, not Infinity", () => {
    const found = problemsOf({ ...EXAMPLE_REQUEST_TOKENS, inputTokens: 1e308, inputTokensPerSecond: 1e-10 });
    expect(found).toEqual([["inputTokens", expect.stringContaining("too large")]]);
  });
  test("any number the pane reads (it refuses past 1.8e308) gives finite seconds of 0 or more, or a problem", () => {
    const any = fc.oneof(fc.double({ noDefaultInfinity: true }), fc.constant(undefined));
    fc.assert(
      fc.property(fc.tuple(any, any, any, any), (values) => {
        const tokens = Object.fromEntries(REQUEST_TOKEN_KEYS.map((key, i) => [key, values[i]]));
        const found = requestSeconds(tokens);
        if ("seconds" in found) {
          expect(Number.isFinite(found.seconds) && found.seconds >= 0).toBe(true);
        } else {
          expect(found.problems.length).toBeGreaterThan(0);
          for (const { problem } of found.problems) expect(problem.message).not.toMatch(/NaN|Infinity|undefined/);
        }
      }),
    );
  });
});
