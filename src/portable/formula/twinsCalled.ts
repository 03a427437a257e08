/*
 * Which workbook functions (LAMBDA twins) a sheet's formulas need: those whose MLCOST function or twin they call,
 * and, as a twin may call another, every twin those call in turn. A workbook the add-in writes defines only these
 * (issue 28: a reviewer asks what each defined name is for, and a twin no cell calls is for nothing).
 */
import { mlcostFunctionOf } from "./rewrite";
import { tokenize } from "./tokenizer";
import { lambdaTwin, TWIN_SPECS } from "./twins";

const TWIN_IDS = new Set(TWIN_SPECS.map((spec) => spec.id));

/** The twin ids one formula calls: as MLCOST.X (any saved form) or as the twin's own name X(. */
function calledIn(formula: string): string[] {
  let tokens;
  try {
    tokens = tokenize(formula);
  } catch (error) {
    if (error instanceof SyntaxError) return []; // not a formula the tokenizer reads: it calls nothing it knows
    throw error;
  }
  const ids: string[] = [];
  for (const token of tokens) {
    if (token.kind !== "function") continue;
    const own = token.text.slice(token.text.lastIndexOf("!") + 1, -1).toUpperCase();
    const id = mlcostFunctionOf(token)?.id ?? own;
    if (TWIN_IDS.has(id)) ids.push(id);
  }
  return ids;
}

/** The twins a twin's own formula calls (none today: each is arithmetic over its arguments). */
const calledByTwin = new Map(
  TWIN_SPECS.map((spec) => [spec.id, calledIn(lambdaTwin(spec)).filter((id) => id !== spec.id)]),
);

/**
 * The twin ids `formulas` need, transitively (a twin that calls another needs both), in the catalog's order.
 * Formulas with or without their leading "=", in the formula bar's or the file's spelling.
 */
export function twinsCalled(formulas: Iterable<string>): string[] {
  const needed = new Set<string>();
  const visit = (id: string) => {
    if (needed.has(id)) return;
    needed.add(id);
    for (const next of calledByTwin.get(id) ?? []) visit(next);
  };
  for (const formula of formulas) for (const id of calledIn(formula.replace(/^=/, ""))) visit(id);
  return TWIN_SPECS.map((spec) => spec.id).filter((id) => needed.has(id));
}
