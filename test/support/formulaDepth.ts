/*
 * How deep a formula's function calls nest, counted on the project's own tokenizer (src/portable/formula):
 * each function's opening parenthesis (`IF(`, `MLCOST.CROSSOVER(`) goes one level in and its closing one
 * out; a bare parenthesis that only groups arithmetic counts nothing. `A1*2` is 0 deep, `ROUND(A1,2)` 1,
 * `IF(A1>0,ROUND(A1,2),0)` 2. Strings are single tokens, so a parenthesis inside a text counts nothing.
 */
import { tokenize } from "../../src/portable/formula/tokenizer";

/** The deepest nesting of function calls in `formula` (without its leading "="). */
export function functionDepth(formula: string): number {
  // One entry per open parenthesis: whether it opened a function.
  const open: boolean[] = [];
  let depth = 0;
  let deepest = 0;
  for (const token of tokenize(formula)) {
    if (token.kind === "function") {
      open.push(true);
      depth++;
      deepest = Math.max(deepest, depth);
    } else if (token.kind === "open") open.push(false);
    else if (token.kind === "close" && open.pop() === true) depth--;
  }
  return deepest;
}
