/*
 * Saved state that migrates: one reader for every state the add-in keeps (the what-if scenarios, the bill's
 * mapping file, the budget sheets' records). A saved state is `{ format, version, ... }`; each format is declared
 * as data (SavedStateFormat): its name, the version this add-in writes, the chain of migrations that carry an
 * older version forward one step at a time, and the current version's shape check. Reading gives the value and
 * what a planner should be told (a state migrated, an entry left out), or a refusal sentence: a newer version
 * names both versions, a wrong format or shape says what it is not. Nothing is dropped without a sentence, and
 * nothing here throws.
 */
import { shortened } from "./shortened";

/** One step of a chain: a state of version `from` made into one of version `from + 1`. */
export interface Migration {
  /** the version the step reads; it gives version from + 1 */
  readonly from: number;
  /** what the step changes, in a planner's words: the sentence that says a state was migrated names it */
  readonly change: string;
  /** the next version's state (its format and version are set by the reader), or why this one cannot go on */
  readonly migrate: (state: unknown) => Record<string, unknown> | string;
}

/** The pronoun a format's sentences use: one thing ("it") or several ("they"). */
export type SavedStatePronoun = "it" | "they";

/** A saved format, declared once: what its sentences call it, its versions and migrations, its current shape. */
export interface SavedStateFormat<T> {
  /** the name a state's `format` field holds */
  readonly format: string;
  /** what it is, to start a sentence: "The saved scenarios", "The mapping" */
  readonly what: string;
  /** the pronoun of its sentences */
  readonly it: SavedStatePronoun;
  /** what a state of this format is, for a refusal: "a scenario state", "an MLCost bill mapping" */
  readonly kind: string;
  /** the version this add-in writes: the newest it reads */
  readonly version: number;
  /** the chain, oldest first, one step a version: the oldest version read is version - migrations.length */
  readonly migrations: readonly Migration[];
  /**
   * The first version whose states name their format: older ones are read without it (the scenarios' version 1
   * wrote none). Absent: every version names it.
   */
  readonly formatNamedFrom?: number;
  /** A state saved before states carried a version (the budget's bare list): the version it is, or undefined. */
  readonly unversioned?: (value: unknown) => number | undefined;
  /** the current version's shape check: the value, or a sentence saying what is wrong; `note` tells what is left out */
  readonly check: (state: Record<string, unknown>, note: (sentence: string) => void) => T | string;
  /** the longest text a state may be, in characters */
  readonly maxCharacters?: number;
  /** a sentence after a refusal of text that is not this format at all ("Export the mapping again ...") */
  readonly advice?: string;
}

/** A state read: its value, the version it was saved as, and the sentences a planner should read. */
export interface SavedStateRead<T> {
  readonly value: T;
  /** the version the state was saved as (below the format's version when it was migrated) */
  readonly savedVersion: number;
  /** the migration's sentence first, if it was migrated, then anything the check left out */
  readonly notes: readonly string[];
}

/** A state refused: why, as a clause to follow a caller's lead-in and colon ("they are not valid JSON."). */
export interface SavedStateRefusal {
  readonly refused: string;
  /** whether a newer add-in saved it (a caller keeps such a state rather than write over it) */
  readonly newer: boolean;
}

/** A saved state read back. */
export type SavedStateReading<T> = SavedStateRead<T> | SavedStateRefusal;

/** Whether a reading was refused. */
export function isRefusal<T>(reading: SavedStateReading<T>): reading is SavedStateRefusal {
  return "refused" in reading;
}

/** Whether nothing was stored at all (null, undefined or ""), which callers read as "nothing kept", not a refusal. */
export function isNothingSaved(stored: unknown): boolean {
  return stored === null || stored === undefined || stored === "";
}

/** The oldest version a format reads: the current one less its migrations. */
export const oldestVersion = (format: SavedStateFormat<unknown>): number => format.version - format.migrations.length;

/**
 * The format and version a state of `version` carries, in the order the writers put them first. The format's
 * name is left out of versions before formatNamedFrom, so those versions' text stays as it was written.
 * @example savedStateMarks(MAPPING_FILE) // { format: "mlcost-bill-mapping", version: 2 }
 */
export function savedStateMarks(
  format: Pick<SavedStateFormat<unknown>, "format" | "version" | "formatNamedFrom">,
  version = format.version,
): { format?: string; version: number } {
  const named = format.formatNamedFrom === undefined || version >= format.formatNamedFrom;
  return named ? { format: format.format, version } : { version };
}

/**
 * What is wrong with a format's chain, or undefined: each step one version on from the one before, the last
 * giving the current version, the oldest version at least 0.
 */
export function chainProblem(format: SavedStateFormat<unknown>): string | undefined {
  const oldest = oldestVersion(format);
  if (!Number.isInteger(format.version) || oldest < 0) return `${format.format}: version ${format.version}.`;
  const wrong = format.migrations.findIndex((step, i) => step.from !== oldest + i);
  if (wrong < 0) return undefined;
  return `${format.format}: step ${wrong + 1} reads version ${format.migrations[wrong].from}, not ${oldest + wrong}.`;
}

/** The words of a format's sentences, by its pronoun. */
function wordsOf(format: SavedStateFormat<unknown>) {
  const one = format.it === "it";
  return {
    it: format.it,
    its: one ? "its" : "their",
    them: one ? "it" : "them",
    is: one ? "is" : "are",
    has: one ? "has" : "have",
    was: one ? "was" : "were",
  };
}

/** "version 2", or "versions 1 to 2" where older ones are migrated. */
function versionsRead(format: SavedStateFormat<unknown>): string {
  const oldest = oldestVersion(format);
  return oldest === format.version ? `version ${format.version}` : `versions ${oldest} to ${format.version}`;
}

/** A stored value in a sentence: text quoted and cut ("1" is not 1), anything else as it reads, cut too. */
const shown = (value: unknown): string =>
  typeof value === "string" ? `"${shortened(value)}"` : shortened(String(value));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const refusal = (refused: string, newer = false): SavedStateRefusal => ({ refused, newer });

/**
 * Reads a saved state of `format`: JSON text (a byte order mark allowed) or the value it parses to. An older
 * version is migrated step by step and its first note says so; a newer version, another format, a shape the
 * check refuses, or a getter that throws is refused with a sentence. Never throws.
 * @example readSavedState(BUDGET_SHEETS, "[]").notes // ["The budget sheets' records were saved by an earlier ..."]
 */
export function readSavedState<T>(format: SavedStateFormat<T>, stored: unknown): SavedStateReading<T> {
  try {
    return readParsed(format, stored);
  } catch (error) {
    // A getter that throws, a Proxy, a structure too deep to walk: still a sentence, never the caller's problem.
    const why = shortened(error instanceof Error ? error.message : String(error), 100);
    return refusal(`reading ${wordsOf(format).them} failed (${why}).`);
  }
}

/** readSavedState after the text is parsed: the state's marks, then its migrations, then its shape. */
function readParsed<T>(format: SavedStateFormat<T>, stored: unknown): SavedStateReading<T> {
  const words = wordsOf(format);
  const advised = (sentence: string) => refusal(format.advice ? `${sentence} ${format.advice}` : sentence);
  let value = stored;
  if (typeof stored === "string") {
    if (format.maxCharacters !== undefined && stored.length > format.maxCharacters) {
      const count = stored.length.toLocaleString("en-US");
      return refusal(`${words.it} ${words.is} ${count} characters long, more than ${format.kind} holds.`);
    }
    try {
      value = JSON.parse(stored.replace(/^\uFEFF/, ""));
    } catch {
      return advised(`${words.it} ${words.is} not valid JSON.`);
    }
  }
  const marked = savedVersionOf(format, value);
  if (marked === null) return advised(notThis(format, value));
  if (typeof marked === "string") return refusal(marked);
  if (marked > format.version) {
    return refusal(
      `${words.it} ${words.is} version ${marked}, from a newer MLCost; this add-in reads ${versionsRead(format)}.`,
      true,
    );
  }
  const current = carriedForward(format, value, marked);
  if (typeof current === "string") return refusal(current);
  const notes: string[] = [];
  if (marked < format.version) notes.push(migratedSentence(format, marked));
  const checked = format.check(current, (sentence) => notes.push(sentence));
  return typeof checked === "string" ? refusal(checked) : { value: checked, savedVersion: marked, notes };
}

/** Why a value is not of `format`: another format named, or no such state at all. */
function notThis(format: SavedStateFormat<unknown>, value: unknown): string {
  const words = wordsOf(format);
  const named = isRecord(value) && value.format !== undefined ? `: ${words.its} format is ${shown(value.format)}` : "";
  return `${words.it} ${words.is} not ${format.kind}${named}.`;
}

/**
 * The version a parsed value was saved as (newer ones too), null when it is not of the format at all, or the
 * sentence saying its version is missing or one this add-in cannot read.
 */
function savedVersionOf(format: SavedStateFormat<unknown>, value: unknown): number | string | null {
  const unversioned = format.unversioned?.(value);
  if (unversioned !== undefined) return unversioned;
  if (!isRecord(value)) return null;
  const version = value.version;
  if (value.format === undefined) {
    // Only versions saved before the format was named may leave it out (a newer one is said to be newer).
    const named = format.formatNamedFrom;
    const mustName =
      typeof version === "number" && named !== undefined && version >= named && version <= format.version;
    if (named === undefined || mustName) return null;
  } else if (value.format !== format.format) return null;
  const words = wordsOf(format);
  if (version === undefined || version === null)
    return `${words.it} ${words.has} no version; this add-in reads ${versionsRead(format)}.`;
  if (typeof version === "number" && Number.isInteger(version) && version > format.version) return version;
  if (typeof version !== "number" || !Number.isInteger(version) || version < oldestVersion(format)) {
    return `${words.it} ${words.is} version ${shown(version)}; this add-in reads ${versionsRead(format)}.`;
  }
  return version;
}

/** The state carried from version `from` to the current one, step by step, or the sentence of the step that failed. */
function carriedForward(
  format: SavedStateFormat<unknown>,
  value: unknown,
  from: number,
): Record<string, unknown> | string {
  let state = value;
  for (let version = from; version < format.version; version++) {
    const step = format.migrations.find((m) => m.from === version);
    const next = step ? step.migrate(state) : "this add-in has no step from it.";
    if (typeof next === "string") {
      return `${wordsOf(format).it} could not be migrated from version ${version} to version ${version + 1}: ${next}`;
    }
    state = { ...next, ...savedStateMarks(format, version + 1) };
  }
  return isRecord(state) ? state : notThis(format, state);
}

/** The sentence a migrated state's reader shows: from which version to which, and what changed. */
function migratedSentence(format: SavedStateFormat<unknown>, from: number): string {
  const words = wordsOf(format);
  const changes = format.migrations.filter((m) => m.from >= from).map((m) => m.change);
  return (
    `${format.what} ${words.was} saved by an earlier MLCost and migrated from version ${from} to version ` +
    `${format.version}: ${changes.join("; ")}.`
  );
}
