/*
 * The portable rewrite: every MLCOST call in a formula becomes its workbook twin (=CROSSOVER(...),
 * for Excel 365 and 2024, with the twins defined as names) or plain arithmetic (any spreadsheet).
 * It reads the forms Excel saves too: MLCOST.CROSSOVER, _xldudf_MLCOST_CROSSOVER (saved when the
 * add-in was not loaded) and external-link variants such as [2]!_xldudf_MLCOST_CROSSOVER
 * (office-js 2568, 5611; Excel-Custom-Functions 108). Pure: shared by the in-Excel and the .xlsx
 * paths, tested without a host. Built on the tokenizer, never a regular expression over a formula.
 */
import { FUNCTION_CATALOG, FunctionSpec } from "../../functions/catalog";
import { Token, tokenize } from "./tokenizer";
import { PlainArgument, plainFormula, TWIN_SPECS } from "./twins";

/** Where a converted formula must run: Excel 365/2024 with the twins, or any spreadsheet. */
export type PortableMode = "lambda" | "plain";

/** A call that was left as it was, and why. */
export interface Unconverted {
  call: string;
  reason: string;
}

/** The result of rewriting one formula. */
export interface Rewrite {
  /** the formula, with the same leading "=" (or none) as given */
  formula: string;
  /** MLCOST calls converted */
  converted: number;
  /** MLCOST calls left as they were */
  unconverted: Unconverted[];
}

/** Excel's longest formula, in characters ("Excel specifications and limits"). */
export const MAX_FORMULA_LENGTH = 8192;
const LIMIT = MAX_FORMULA_LENGTH;

/**
 * The catalog row a function token calls, when it is an MLCOST function in any saved form:
 * MLCOST.X(, _xldudf_MLCOST_X(, _xldudf_MLCOST.X(, with any [n]! or 'path'! prefix.
 */
export function mlcostFunctionOf(token: Token): FunctionSpec | undefined {
  if (token.kind !== "function") return undefined;
  const name = token.text.slice(token.text.lastIndexOf("!") + 1, -1).toUpperCase();
  const match = /^(?:_XLDUDF_)?MLCOST[._]([A-Z0-9]+)$/.exec(name);
  return match ? FUNCTION_CATALOG.find((spec) => spec.id === match[1]) : undefined;
}

/** A function call's arguments as token runs, and the index of its closing parenthesis. */
function callArguments(tokens: readonly Token[], open: number): { args: Token[][]; close: number } {
  const args: Token[][] = [[]];
  let depth = 0;
  for (let i = open + 1; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === "function" || token.kind === "open") depth++;
    if (token.kind === "close") {
      if (depth === 0) return { args: args.length === 1 && args[0].length === 0 ? [] : args, close: i };
      depth--;
    }
    if (token.kind === "separator" && depth === 0) args.push([]);
    else args[args.length - 1].push(token);
  }
  throw new SyntaxError("A function call is not closed.");
}

/** Rewrites tokens[from, to): each MLCOST call inside, innermost first. */
function rewriteRun(tokens: readonly Token[], from: number, to: number, mode: PortableMode, out: Rewrite): string {
  let text = "";
  for (let i = from; i < to; i++) {
    const token = tokens[i];
    const spec = mlcostFunctionOf(token);
    if (!spec) {
      text += token.text;
      continue;
    }
    const { args, close } = callArguments(tokens, i);
    let at = i + 1;
    const argTexts = args.map((arg) => {
      const rewritten = rewriteRun(tokens, at, at + arg.length, mode, out);
      at += arg.length + 1;
      return { text: rewritten, known: knownOf(arg) };
    });
    text += convertCall(spec, token, argTexts, tokens.slice(i, close + 1), mode, out);
    i = close;
  }
  return text;
}

/** What an argument's tokens say of its value: a number literal, a number-valued MLCOST call, or unknown. */
function knownOf(arg: readonly Token[]): PlainArgument["known"] {
  const meaningful = arg.filter((t) => t.kind !== "space");
  if (meaningful.length === 1 && meaningful[0].kind === "number") return "literal";
  const spec = meaningful.length > 0 ? mlcostFunctionOf(meaningful[0]) : undefined;
  const twin = spec && TWIN_SPECS.find((s) => s.id === spec.id);
  if (!twin || twin.result !== "number") return "unknown";
  return callArguments(meaningful, 0).close === meaningful.length - 1 ? "numberOrError" : "unknown";
}

/** One MLCOST call, its arguments already rewritten: the twin's call, plain arithmetic, or as it was. */
function convertCall(
  spec: FunctionSpec,
  token: Token,
  argInfos: PlainArgument[],
  original: readonly Token[],
  mode: PortableMode,
  out: Rewrite,
): string {
  const call = original.map((t) => t.text).join("");
  const args = argInfos.map((a) => a.text);
  const leaveAsItWas = (reason: string) => {
    out.unconverted.push({ call, reason });
    return `${token.text}${args.join(",")})`;
  };
  const twin = TWIN_SPECS.find((s) => s.id === spec.id);
  if (!twin)
    return leaveAsItWas(`${spec.id} spills a table of text and numbers, which no workbook formula can rebuild.`);
  const required = twin.arguments.filter((a) => a.defaultValue === undefined).length;
  const given = argInfos.map((a) => (a.text.trim() === "" ? undefined : { ...a, text: a.text.trim() }));
  if (given.length < required || given.length > twin.arguments.length || given.slice(0, required).includes(undefined)) {
    const most = twin.arguments.length;
    const takes = required === most ? `${most}` : `${required} to ${most}`;
    const blank = given.length >= required && given.length <= most ? ", one of its required arguments blank" : "";
    return leaveAsItWas(`${spec.id} takes ${takes} arguments; this call has ${args.length}${blank}.`);
  }
  out.converted++;
  if (mode === "lambda") return `${spec.id}(${args.join(",")})`;
  return `(${plainFormula(twin, given)})`;
}

/** Rewrites every MLCOST call in `formula` for `mode`; a formula without one comes back unchanged. */
export function portableFormula(formula: string, mode: PortableMode): Rewrite {
  const out: Rewrite = { formula, converted: 0, unconverted: [] };
  const tokens = tokenize(formula);
  if (!tokens.some((t) => mlcostFunctionOf(t))) return out;
  const rewritten = rewriteRun(tokens, 0, tokens.length, mode, out);
  if (rewritten.length > MAX_FORMULA_LENGTH) {
    return {
      formula,
      converted: 0,
      unconverted: [
        {
          call: formula,
          reason: `As ${mode} arithmetic it would be ${rewritten.length} characters, over Excel's ${LIMIT}.`,
        },
      ],
    };
  }
  out.formula = rewritten;
  return out;
}
