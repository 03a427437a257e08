/*
 * What the "API or own fleet" view keeps between sessions, declared once (src/core/model/savedState.ts): the texts
 * typed in each field, by key, so a planner finds the form as it was left (an invalid text too, marked again), and
 * the presets last chosen. Version 1, the first: a later version adds its step to `migrations`.
 */
import {
  isNothingSaved,
  isRefusal,
  readSavedState,
  savedStateMarks,
  SavedStateFormat,
} from "../../core/model/savedState";
import { TOKEN_FIELDS, TokenPlan } from "./tokenFields";

/** The typed texts by field key; a field not kept is absent (the form then shows the example's value). */
export type TokenTexts = Partial<Record<keyof TokenPlan, string>>;

/** The view's state: its texts and the presets' choices ("" for none). */
export interface TokenState {
  texts: TokenTexts;
  apiPreset: string;
  acceleratorPreset: string;
}

/** The longest text a field's kept text may be: a number or a currency, never a page. */
const MAX_TEXT = 40;

/** The state's shape check: texts of known fields kept, anything else left out with a sentence. */
function checkState(record: Record<string, unknown>, note: (sentence: string) => void): TokenState | string {
  const texts = record.texts;
  if (typeof texts !== "object" || texts === null || Array.isArray(texts)) return "they hold no field texts.";
  const kept: TokenTexts = {};
  const unknown: string[] = [];
  for (const [key, text] of Object.entries(texts as Record<string, unknown>)) {
    const field = TOKEN_FIELDS.find((f) => f.key === key);
    if (field && typeof text === "string" && text.length <= MAX_TEXT) kept[field.key] = text;
    else unknown.push(key);
  }
  if (unknown.length > 0) note(`Left out what the view does not know: ${unknown.slice(0, 5).join(", ")}.`);
  const preset = (value: unknown) => (typeof value === "string" && /^\d{0,3}$/.test(value) ? value : "");
  return { texts: kept, apiPreset: preset(record.apiPreset), acceleratorPreset: preset(record.acceleratorPreset) };
}

/** The kept state's format. */
export const TOKEN_STATE: SavedStateFormat<TokenState> = {
  format: "mlcost-api-or-fleet",
  what: "The saved comparison",
  it: "it",
  kind: "an API-or-fleet comparison",
  version: 1,
  migrations: [],
  check: checkState,
  maxCharacters: 10_000,
};

/** The state as the view keeps it, JSON text. */
export function tokenStateJson(state: TokenState): string {
  return JSON.stringify({ ...savedStateMarks(TOKEN_STATE), ...state });
}

/**
 * A kept state read back: the state, or undefined with nothing kept, and the sentences to show (a refusal says the
 * example loads instead). Never throws.
 * @example readTokenState(tokenStateJson(state)).state // state
 */
export function readTokenState(stored: unknown): { state?: TokenState; message?: string } {
  if (isNothingSaved(stored)) return {};
  const reading = readSavedState(TOKEN_STATE, stored);
  if (isRefusal(reading)) {
    return { message: `The saved comparison could not be used, so the worked example is loaded: ${reading.refused}` };
  }
  return { state: reading.value, ...(reading.notes.length > 0 && { message: reading.notes.join(" ") }) };
}
