/* One cell of the generated sheet, as data: what the layout produces and the writers read. */
import type { CachedValue } from "./cachedValues";

/** What a cell is for; writers style by it. */
export type CellRole =
  | "title"
  | "note"
  | "section"
  | "label"
  | "input"
  | "unit"
  | "derived"
  | "crossover"
  | "header"
  | "stageName"
  | "stage";

/** One cell: a constant or a formula (without the leading "="), with its format and role. */
export interface LayoutCell {
  value?: number | string;
  formula?: string;
  /** the model's value of a formula cell, which an .xlsx stores as the formula's cached result */
  cached?: CachedValue;
  numberFormat?: string;
  role: CellRole;
  /** a heading aligns as its column does: right over numbers, centred over the verdicts */
  align?: "right" | "center";
}

/**
 * The characters XML 1.0 refuses (its production Char, 2.2) that a JavaScript string can hold: C0 controls but
 * tab, LF and CR; U+FFFE and U+FFFF; a surrogate not in a pair. A file's part holding one raw is not XML, and
 * Excel and LibreOffice refuse or repair it.
 */
// A pair of surrogates is matched whole and kept; no lookbehind, which the pane's ES2017 and older Safari lack.
// eslint-disable-next-line no-control-regex -- the control characters are what this pattern is for
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF]?|[\uDC00-\uDFFF]/g;

/**
 * `text` as a file's XML can hold it: each character XML refuses (NOT_XML) replaced by U+FFFD, the replacement
 * character, so that a planner sees where one was rather than losing it silently; all other text as it is.
 */
export const xmlSafeText = (text: string): string =>
  // search, not test: a global pattern's test starts where its last match ended.
  text.search(NOT_XML) < 0 ? text : text.replace(NOT_XML, (c) => (c.length === 2 ? c : "\uFFFD"));
