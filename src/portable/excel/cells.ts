/*
 * What one cell read from Excel is, for the conversion: a formula that calls MLCOST (in any form
 * Excel saves), and what it becomes. Pure.
 */
import { mlcostFunctionOf, PortableMode, portableFormula, Rewrite } from "../formula/rewrite";
import { tokenize } from "../formula/tokenizer";
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
