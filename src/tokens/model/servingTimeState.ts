/*
 * What a view that asks for seconds per clip keeps of its "Serving time given as" chooser (issue 32), declared once
 * (src/core/model/savedState.ts): how the serving time is given (seconds per clip, or tokens per request), the texts
 * typed in the request's token fields, and, in a view with a proposal (the annual view's lever), the texts of the
 * proposal's token fields. Texts, not numbers, so a planner finds the fields as left (an invalid text too, marked
 * again). Each view keeps its own record, per document. Version 1, the first: a later version adds its step to
 * `migrations`.
 */
import {
  isNothingSaved,
  isRefusal,
  readSavedState,
  savedStateMarks,
  SavedStateFormat,
} from "../../core/model/savedState";
import { REQUEST_TOKEN_KEYS, RequestTokenKey, SECONDS_SOURCES, SecondsSource } from "./requestSeconds";

/** Typed texts of a request's token fields, by key; a field not kept is absent (the form's own start then). */
export type RequestTokenTexts = Partial<Record<RequestTokenKey, string>>;

/** A view's serving-time choice and its token texts. */
export interface ServingTimeState {
  source: SecondsSource;
  /** today's request's token fields */
  tokens: RequestTokenTexts;
  /** the proposal's token fields, in a view with a proposal ("" for a field left blank: today's) */
  proposed?: RequestTokenTexts;
}

/** The longest text a field's kept text may be: a number, never a page. */
const MAX_TEXT = 40;

/** The token texts of `value` under `where`: known fields kept, anything else named in `unknown`. */
function tokenTexts(value: unknown, where: string, unknown: string[]): RequestTokenTexts | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const kept: RequestTokenTexts = {};
  for (const [key, text] of Object.entries(value as Record<string, unknown>)) {
    const known = REQUEST_TOKEN_KEYS.find((k) => k === key);
    if (known && typeof text === "string" && text.length <= MAX_TEXT) kept[known] = text;
    else unknown.push(`${where}${key}`);
  }
  return kept;
}

/** The state's shape check: a known choice and token texts; a field the view does not know is left out, said. */
function checkState(record: Record<string, unknown>, note: (sentence: string) => void): ServingTimeState | string {
  const source = SECONDS_SOURCES.find((s) => s === record.source);
  if (source === undefined) return `its choice is neither ${SECONDS_SOURCES.map((s) => `"${s}"`).join(" nor ")}.`;
  const unknown: string[] = [];
  const tokens = tokenTexts(record.tokens, "", unknown);
  if (tokens === undefined) return "it holds no token texts.";
  const proposed = record.proposed === undefined ? undefined : tokenTexts(record.proposed, "proposed ", unknown);
  if (record.proposed !== undefined && proposed === undefined) return "its proposal holds no token texts.";
  if (unknown.length > 0) note(`Left out what the view does not know: ${unknown.slice(0, 5).join(", ")}.`);
  return { source, tokens, ...(proposed && { proposed }) };
}

/** The kept state's format. */
export const SERVING_TIME_STATE: SavedStateFormat<ServingTimeState> = {
  format: "mlcost-serving-time",
  what: "The saved serving time",
  it: "it",
  kind: "a serving-time choice",
  version: 1,
  migrations: [],
  check: checkState,
  maxCharacters: 2_000,
};

/** The state as a view keeps it, JSON text. */
export function servingTimeStateJson(state: ServingTimeState): string {
  return JSON.stringify({ ...savedStateMarks(SERVING_TIME_STATE), ...state });
}

/** What was kept, read back: the state (undefined with nothing kept), the sentences to show, and whether a newer
 * MLCost saved it (then it is not written over). */
export interface ServingTimeReading {
  state?: ServingTimeState;
  message?: string;
  newer?: boolean;
}

/**
 * A kept state read back: the state, or undefined with nothing kept, and the sentence to show (a refusal says the
 * view starts on seconds per clip instead). Never throws.
 * @example readServingTimeState(servingTimeStateJson(state)).state // state
 */
export function readServingTimeState(stored: unknown): ServingTimeReading {
  if (isNothingSaved(stored)) return {};
  const reading = readSavedState(SERVING_TIME_STATE, stored);
  if (isRefusal(reading)) {
    return {
      message: `The saved serving time could not be used, so seconds per clip are shown: ${reading.refused}`,
      ...(reading.newer && { newer: true }),
    };
  }
  return { state: reading.value, ...(reading.notes.length > 0 && { message: reading.notes.join(" ") }) };
}
