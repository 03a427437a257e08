/*
 * A request's seconds from its tokens, for every view that asks for seconds per clip (issue 32): a planner may give
 * "seconds per clip" as before, or "tokens per request" (input and output) with the fleet's throughput, and the
 * seconds are TOKENSECONDS' (tokenSeconds). A request is then a clip: every figure of the view applies unchanged.
 * The four inputs are declared here and are the comparison's TOKEN_FIELDS rows too (one label, unit and check), so
 * the API-or-fleet view and the views that borrow them say the same things; this module imports no other of the
 * comparison's, so a view that asks seconds per clip (the stage view, in the first load) carries only these.
 */
import { checkDivisor, checkNonNegative, finiteResult } from "../../core/model/checks";
import { checkFields, KeyedProblem } from "../../core/model/fieldChecks";
import { FieldSpec } from "../../core/model/fields";
import { isProblem, Problem, problem } from "../../core/model/problems";

/** The ways a view may be told a clip's seconds: typed, or from a request's tokens. */
export const SECONDS_SOURCES = ["seconds", "tokens"] as const;

/** How a view's seconds per clip are given. */
export type SecondsSource = (typeof SECONDS_SOURCES)[number];

/** The keys of a request's tokens and the fleet's throughput, in the order the form and the sheet show them. */
export const REQUEST_TOKEN_KEYS = [
  "inputTokens",
  "outputTokens",
  "inputTokensPerSecond",
  "outputTokensPerSecond",
] as const;

/** One of a request's token inputs. */
export type RequestTokenKey = (typeof REQUEST_TOKEN_KEYS)[number];

/** A request's tokens and the throughput of one accelerator, from which its seconds follow. */
export interface RequestTokens {
  /** input (prompt) tokens a request */
  inputTokens: number;
  /** output (completion) tokens a request */
  outputTokens: number;
  /** input tokens a second one accelerator reads (prefill) */
  inputTokensPerSecond: number;
  /** output tokens a second one accelerator writes (decode) */
  outputTokensPerSecond: number;
}

/** One of a request's fields: a TokenField of the comparison's groups "requests" and "fleet". */
export type RequestTokenField = FieldSpec<RequestTokenKey, "requests" | "fleet", "tokens" | "tokensPerSecond">;

/** The four fields, in REQUEST_TOKEN_KEYS' order; TOKEN_FIELDS holds these same rows. */
export const REQUEST_TOKEN_FIELDS: readonly RequestTokenField[] = [
  {
    key: "inputTokens",
    label: "Input tokens a request",
    unit: "tokens",
    quantity: "tokens",
    group: "requests",
    check: checkNonNegative,
    definedName: "TokInputTokens",
  },
  {
    key: "outputTokens",
    label: "Output tokens a request",
    unit: "tokens",
    quantity: "tokens",
    group: "requests",
    check: checkNonNegative,
    definedName: "TokOutputTokens",
  },
  {
    key: "inputTokensPerSecond",
    label: "Input tokens a second",
    unit: "per accelerator (prefill)",
    quantity: "tokensPerSecond",
    group: "fleet",
    check: checkDivisor,
    definedName: "TokInputPerSecond",
  },
  {
    key: "outputTokensPerSecond",
    label: "Output tokens a second",
    unit: "per accelerator (decode)",
    quantity: "tokensPerSecond",
    group: "fleet",
    check: checkDivisor,
    definedName: "TokOutputPerSecond",
  },
];

/**
 * Seconds of one accelerator a request takes: input tokens / input tokens a second + output tokens / output
 * tokens a second (per accelerator, at the batch size run). A request is then a clip for every hours formula.
 * @example tokenSeconds(1500, 200, 10000, 2000) // 0.25
 */
export function tokenSeconds(
  inputTokens: number,
  outputTokens: number,
  inputTokensPerSecond: number,
  outputTokensPerSecond: number,
): number | Problem {
  const bad =
    // In the order Excel meets them in the twin's input/input_per_second+output/output_per_second, so a zero
    // throughput's #DIV/0! and a negative count's #NUM! win in the same cases.
    checkNonNegative(inputTokens, "input_tokens") ??
    checkDivisor(inputTokensPerSecond, "input_tokens_per_second") ??
    checkNonNegative(outputTokens, "output_tokens") ??
    checkDivisor(outputTokensPerSecond, "output_tokens_per_second");
  if (bad) return bad;
  return finiteResult(inputTokens / inputTokensPerSecond + outputTokens / outputTokensPerSecond, "The seconds");
}

/** The worked example's request (docs/cost-model.md): 1,500 in, 200 out, at 10,000 / 2,000 tokens a second. */
export const EXAMPLE_REQUEST_TOKENS: RequestTokens = {
  inputTokens: 1500,
  outputTokens: 200,
  inputTokensPerSecond: 10_000,
  outputTokensPerSecond: 2000,
};

/** A request's seconds, or what to fix, field by field. */
export type RequestSeconds = { seconds: number } | { problems: KeyedProblem<RequestTokenKey>[] };

/**
 * The seconds of one accelerator a request takes, from `tokens` (blanks undefined): tokenSeconds' figure, or each
 * field's problem by its label ("Input tokens a second is 0, and the formula divides by it."), never NaN.
 * @example requestSeconds(EXAMPLE_REQUEST_TOKENS) // { seconds: 0.25 }
 */
export function requestSeconds(tokens: Partial<RequestTokens>): RequestSeconds {
  const problems = checkFields<RequestTokens, RequestTokenKey>(tokens, REQUEST_TOKEN_FIELDS, []);
  for (const field of REQUEST_TOKEN_FIELDS) {
    if (tokens[field.key] === undefined) {
      problems.push({ key: field.key, problem: problem("invalidValue", `${field.label} is blank; enter a number.`) });
    }
  }
  if (problems.length > 0) return { problems };
  const { inputTokens, outputTokens, inputTokensPerSecond, outputTokensPerSecond } = tokens as RequestTokens;
  const seconds = tokenSeconds(inputTokens, outputTokens, inputTokensPerSecond, outputTokensPerSecond);
  // Past a double only by a huge count over a tiny throughput: the count is what to check.
  return isProblem(seconds) ? { problems: [{ key: "inputTokens", problem: seconds }] } : { seconds };
}
