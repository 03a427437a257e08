/*
 * A request's seconds from its tokens, for every view that asks for seconds per clip (issue 32): a planner may give
 * "seconds per clip" as before, or "tokens per request" (input and output) with the fleet's throughput, and the
 * seconds are TOKENSECONDS' (tokenSeconds). A request is then a clip: every figure of the view applies unchanged.
 * The four inputs are the comparison's own TOKEN_FIELDS rows (one label, unit and check), so the API-or-fleet view
 * and the views that borrow them say the same things.
 */
import { checkFields, KeyedProblem } from "../../core/model/fieldChecks";
import { isProblem, problem } from "../../core/model/problems";
import { TOKEN_FIELDS, TokenField, TokenPlan } from "./tokenFields";
import { tokenSeconds } from "./tokenServing";

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
export type RequestTokens = Pick<TokenPlan, RequestTokenKey>;

/** The four fields, TOKEN_FIELDS' own rows, in REQUEST_TOKEN_KEYS' order. */
export const REQUEST_TOKEN_FIELDS: readonly (TokenField & { key: RequestTokenKey })[] = REQUEST_TOKEN_KEYS.map(
  (key) => TOKEN_FIELDS.find((field) => field.key === key)! as TokenField & { key: RequestTokenKey },
);

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
