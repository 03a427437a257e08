/*
 * Reading the "tokens per request" control's typed text (issue 32): each token field as the pane reads any number
 * (core/pane/formReading.ts), then the model's requestSeconds (TOKENSECONDS' formula, each field's own check), each
 * message beside its field. No DOM here, so the rules are tested directly; requestSecondsControl.ts draws it.
 */
import { readFields, sentence } from "../../core/pane/formReading";
import { REQUEST_TOKEN_FIELDS, RequestTokenKey, RequestTokens, requestSeconds } from "../model";

/** The control read: the seconds and the tokens they came from when every field is valid, or each field's message. */
export interface RequestSecondsReading {
  seconds?: number;
  tokens?: RequestTokens;
  errors: Partial<Record<RequestTokenKey, string>>;
}

/**
 * The seconds a request takes from the typed texts of its tokens and the fleet's throughput, or what to fix field
 * by field (a blank, a 0 throughput, a negative count): never NaN.
 * @example readRequestSeconds({ inputTokens: "1,500", outputTokens: "200", inputTokensPerSecond: "10,000",
 *   outputTokensPerSecond: "2,000" }).seconds // 0.25
 */
export function readRequestSeconds(texts: Partial<Record<RequestTokenKey, string>>): RequestSecondsReading {
  const { values, errors } = readFields(REQUEST_TOKEN_FIELDS, texts);
  if (Object.keys(errors).length > 0) return { errors };
  const tokens = values as Partial<RequestTokens>;
  const reading = requestSeconds(tokens);
  if ("seconds" in reading) return { seconds: reading.seconds, tokens: tokens as RequestTokens, errors: {} };
  const found: Partial<Record<RequestTokenKey, string>> = {};
  for (const { key, problem } of reading.problems) found[key] ??= sentence(problem.message);
  return { errors: found };
}

/**
 * The seconds as the view's seconds field holds them: the double's shortest text, which the pane reads back to the
 * very same number (0.25, 1e-7), so every figure equals that of the seconds typed.
 */
export const secondsText = (seconds: number): string => String(seconds);

/** Where the seconds came from, in words under the seconds field. */
export function secondsWorking(tokens: RequestTokens, seconds: number, count: (value: number) => string): string {
  const { inputTokens, outputTokens, inputTokensPerSecond, outputTokensPerSecond } = tokens;
  return (
    `From the tokens below: ${count(inputTokens)} / ${count(inputTokensPerSecond)} + ` +
    `${count(outputTokens)} / ${count(outputTokensPerSecond)} = ${secondsText(seconds)} s a request.`
  );
}

/** What the seconds field says where the view refuses its seconds: the view's words, then where they came from. */
export function explainSeconds(viewMessage: string, tokensValid: boolean): string {
  return tokensValid
    ? `${viewMessage} These seconds come from the tokens below: change those.`
    : "Fix the request's tokens below: the seconds come from them.";
}
