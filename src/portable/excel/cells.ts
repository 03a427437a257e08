/*
 * What one cell read from Excel is, for the conversion: a formula that calls MLCOST (in any form
 * Excel saves), and what it becomes; and, for a restore, what its original becomes once Excel has
 * rewritten the cell's references. Pure.
 */
import { mlcostFunctionOf, PortableMode, portableFormula, Rewrite } from "../formula/rewrite";
import { tokenize, Token } from "../formula/tokenizer";
import { failureText } from "../../core/writers/officeSync";

/**
 * Whether a cell read through Range.formulas and Range.values holds a formula that may call
 * MLCOST. Range.formulas gives a cell without a formula its value, so text typed as
 * "=MLCOST.X(...)" (a Text cell, or after an apostrophe) reads like a formula there; only a real
 * formula has a value other than its own text. "MLCOST" is a cheap test before any tokenizing:
 * every saved form (MLCOST.X, _xldudf_MLCOST_X, [2]!_xldudf_MLCOST_X) holds it.
 */
export function mayCallMlcost(formula: unknown, value: unknown): formula is string {
  return typeof formula === "string" && formula.charAt(0) === "=" && formula !== value && /MLCOST/i.test(formula);
}

/**
 * `formula` rewritten for `mode`, with calls to the functions in `plainIds` (whose twin is missing
 * or shadowed by a name of the user's) as plain arithmetic instead. A formula the tokenizer cannot
 * read is left as it is and reported.
 */
export function rewriteCell(formula: string, mode: PortableMode, plainIds: ReadonlySet<string>): Rewrite {
  try {
    const callsPlain =
      mode === "lambda" &&
      plainIds.size > 0 &&
      tokenize(formula).some((t) => plainIds.has(mlcostFunctionOf(t)?.id || ""));
    return portableFormula(formula, callsPlain ? "plain" : mode);
  } catch (failure) {
    const why = failureText(failure);
    return { formula, converted: 0, unconverted: [{ call: formula, reason: `The formula could not be read: ${why}` }] };
  }
}

/** MLCOST calls a rewrite found: converted or not. */
export const callsOf = (rewrite: Rewrite): number => rewrite.converted + rewrite.unconverted.length;

/*
 * Following a cell's references: what a restore writes into a cell whose references Excel has
 * rewritten since the conversion (a row or column inserted or deleted above or before the cells a
 * formula points at, a sheet it points at renamed). The portable formula was written with the
 * original's very references (a rewrite changes calls, never the references in their arguments),
 * so comparing the recorded portable formula with the cell's formula now, token by token, says
 * what became of each reference: every token but references must be the same, and each recorded
 * reference must have become one and the same reference wherever it appears. The original then
 * gets the same replacements. Anything else (a token edited, a reference that became two
 * different ones, a reference of the original the portable formula lacks) is an edit: undefined,
 * and the cell is left as it is.
 */

/** Tokens or undefined when the text does not read as a formula. */
function tokensOf(formula: string): Token[] | undefined {
  try {
    return tokenize(formula);
  } catch {
    return undefined;
  }
}

/**
 * The original formula with the reference changes that turned `portable` into `now`, or undefined
 * when `now` is not `portable` with references rewritten. `now === portable` gives `original`.
 */
export function followedOriginal(original: string, portable: string, now: string): string | undefined {
  if (now === portable) return original;
  const before = tokensOf(portable);
  const after = tokensOf(now);
  const source = tokensOf(original);
  if (!before || !after || !source || before.length !== after.length) return undefined;
  const moved = new Map<string, string>();
  for (let i = 0; i < before.length; i++) {
    const [b, a] = [before[i], after[i]];
    if (b.kind !== a.kind) return undefined;
    if (b.kind !== "reference") {
      if (b.text !== a.text) return undefined;
      continue;
    }
    const seen = moved.get(b.text);
    if (seen !== undefined && seen !== a.text) return undefined;
    moved.set(b.text, a.text);
  }
  let text = "";
  for (const token of source) {
    if (token.kind !== "reference") {
      text += token.text;
      continue;
    }
    const to = moved.get(token.text);
    if (to === undefined) return undefined;
    text += to;
  }
  return text;
}
