/*
 * A proposed change to seconds per clip, given in tokens (issue 32): where a planner gives today's seconds as a
 * request's tokens, a lever's proposal is given the same way, a request's proposed input and output tokens and the
 * fleet's proposed throughput, each left blank for today's. The proposed seconds are TOKENSECONDS' over those
 * (tokenSeconds, through requestSeconds), and the lever uses them unchanged; every field left blank is no change
 * at all. The four fields are REQUEST_TOKEN_FIELDS' own, with "proposed" in their labels and today's as their blank.
 */
import type { KeyedProblem } from "../../core/model/fieldChecks";
import {
  REQUEST_TOKEN_FIELDS,
  type RequestTokenField,
  RequestTokenKey,
  RequestTokens,
  requestSeconds,
} from "./requestSeconds";

/** What a blank proposed token field stands for. */
export const TODAYS_TOKENS = "today's";

/** A proposal's tokens and throughput: any left out (undefined) is today's. */
export type ProposedTokens = Partial<RequestTokens>;

/** Each proposed field in a few words, where its label is too long for a check's name on the sheet. */
const SHORT_LABELS: Record<RequestTokenKey, string> = {
  inputTokens: "proposed input tokens",
  outputTokens: "proposed output tokens",
  inputTokensPerSecond: "proposed input a second",
  outputTokensPerSecond: "proposed output a second",
};

/**
 * The proposal's four fields, in REQUEST_TOKEN_KEYS' order: today's fields, labelled "…, proposed", blank for
 * today's, their defined names "Proposed…" (ProposedInputTokens, …, ProposedOutputPerSecond).
 */
export const PROPOSED_TOKEN_FIELDS: readonly RequestTokenField[] = REQUEST_TOKEN_FIELDS.map((field) => ({
  ...field,
  label: `${field.label}, proposed`,
  shortLabel: SHORT_LABELS[field.key],
  definedName: field.definedName.replace(/^Tok/, "Proposed"),
  blankMeans: TODAYS_TOKENS,
}));

/** Whether a proposal gives no field at all: no change. */
export const noTokensProposed = (proposed: ProposedTokens): boolean =>
  REQUEST_TOKEN_FIELDS.every((field) => proposed[field.key] === undefined);

/**
 * The tokens a proposal stands for: each field proposed, or today's where left blank.
 * @example proposedTokensUsed(EXAMPLE_REQUEST_TOKENS, { outputTokens: 100 }).outputTokens // 100
 */
export function proposedTokensUsed(today: RequestTokens, proposed: ProposedTokens): RequestTokens {
  const used = { ...today };
  for (const field of REQUEST_TOKEN_FIELDS) used[field.key] = proposed[field.key] ?? today[field.key];
  return used;
}

/** A proposal's seconds: undefined when nothing is proposed (no change), or what to fix, field by field. */
export type ProposedSeconds = { seconds?: number } | { problems: KeyedProblem<RequestTokenKey>[] };

/**
 * The proposed seconds a request takes: TOKENSECONDS' over the proposal, today's where a field is blank; none
 * (no change) when every field is blank; each problem by the proposed field's label, never NaN.
 * @example proposedRequestSeconds(EXAMPLE_REQUEST_TOKENS, { outputTokens: 100 }) // { seconds: 0.2 }
 */
export function proposedRequestSeconds(today: RequestTokens, proposed: ProposedTokens): ProposedSeconds {
  if (noTokensProposed(proposed)) return {};
  const found = requestSeconds(proposedTokensUsed(today, proposed));
  if ("seconds" in found) return found;
  // The same problems in the proposal's words: "Input tokens a second, proposed is 0, ...".
  const relabelled = found.problems.map(({ key, problem }) => {
    const field = REQUEST_TOKEN_FIELDS.find((f) => f.key === key)!;
    const message = problem.message.replace(field.label, `${field.label}, proposed`);
    return { key, problem: { ...problem, message } };
  });
  return { problems: relabelled };
}
