/*
 * The portable rewrite: every MLCOST call in a formula becomes its workbook twin (=CROSSOVER(...),
 * for Excel 365 and 2024, with the twins defined as names) or plain arithmetic (any spreadsheet).
 * It reads the forms Excel saves too: MLCOST.CROSSOVER, _xldudf_MLCOST_CROSSOVER (saved when the
 * add-in was not loaded) and external-link variants such as [2]!_xldudf_MLCOST_CROSSOVER
 * (office-js 2568, 5611; Excel-Custom-Functions 108). Pure: shared by the in-Excel and the .xlsx
 * paths, tested without a host. Built on the tokenizer, never a regular expression over a formula.
 */
import { FUNCTION_CATALOG, FunctionSpec } from "../../functions";
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

/** Excel's deepest nesting of functions ("Excel specifications and limits", Calculation: 64 levels). */
export const MAX_NESTING = 64;

/**
 * The catalog row a function token calls, when it is an MLCOST function in any saved form:
 * MLCOST.X(, _xldudf_MLCOST_X(, _xldudf_MLCOST.X(, with any [n]! or 'path'! prefix. A bare
 * MLCOST_X( is not one: the add-in's names are dotted, and Excel writes the underscore only after
 * its _xldudf_ prefix, so MLCOST_X is a name of the user's own (a LAMBDA, a macro) and stays.
 */
export function mlcostFunctionOf(token: Token): FunctionSpec | undefined {
  if (token.kind !== "function") return undefined;
  const name = token.text.slice(token.text.lastIndexOf("!") + 1, -1).toUpperCase();
  const match = /^(?:MLCOST\.|_XLDUDF_MLCOST[._])([A-Z0-9]+)$/.exec(name);
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
      return { text: rewritten, ...knownOf(arg) };
    });
    text += convertCall(spec, token, argTexts, tokens.slice(i, close + 1), mode, out);
    i = close;
  }
  return text;
}

/**
 * A number literal's value as one number token, when `tokens` are a literal in parentheses or
 * signs, (600), +600, --600, -(1): "600" or "-1" (a zero loses its sign); else undefined.
 */
function literalOf(tokens: readonly Token[]): string | undefined {
  let at = 0;
  let opened = 0;
  let negative = false;
  for (; at < tokens.length && tokens[at].kind !== "number"; at++) {
    const { kind, text } = tokens[at];
    if (kind === "open") opened++;
    else if (kind === "operator" && (text === "-" || text === "+")) negative = negative !== (text === "-");
    else return undefined;
  }
  const closes = tokens.slice(at + 1);
  if (at === tokens.length || closes.length !== opened || closes.some((t) => t.kind !== "close")) return undefined;
  const number = tokens[at].text;
  return negative && Number(number) !== 0 ? `-${number}` : number;
}

/** What an argument's tokens say of its value: a number literal, a number-valued MLCOST call, or unknown. */
function knownOf(arg: readonly Token[]): Pick<PlainArgument, "known" | "literal"> {
  const meaningful = arg.filter((t) => t.kind !== "space");
  const literal = literalOf(meaningful);
  if (literal !== undefined) return { known: "literal", literal };
  const spec = meaningful.length > 0 ? mlcostFunctionOf(meaningful[0]) : undefined;
  const twin = spec && TWIN_SPECS.find((s) => s.id === spec.id);
  if (!twin || twin.result !== "number") return { known: "unknown" };
  return { known: callArguments(meaningful, 0).close === meaningful.length - 1 ? "numberOrError" : "unknown" };
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
  const plain = `(${plainFormula(twin, given)})`;
  // Each use of an argument is written out, so a call nested in calls multiplies: stop here,
  // before the next level copies this text again (the whole formula holds it: see twins.ts).
  if (plain.length > LIMIT) throw new PastTheLimit(plain.length);
  return plain;
}

/** Thrown inside the rewrite when one call's plain arithmetic alone is over Excel's limit. */
class PastTheLimit extends Error {
  constructor(readonly atLeast: number) {
    super(`over ${LIMIT} characters`);
  }
}

/** How deep MLCOST calls nest in `tokens`: the rewrite recurses that deep. */
function mlcostNesting(tokens: readonly Token[]): number {
  const open: boolean[] = [];
  let depth = 0;
  let deepest = 0;
  for (const token of tokens) {
    if (token.kind === "function" || token.kind === "open") {
      const mlcost = mlcostFunctionOf(token) !== undefined;
      open.push(mlcost);
      if (mlcost) deepest = Math.max(deepest, ++depth);
    } else if (token.kind === "close" && open.pop()) depth--;
  }
  return deepest;
}

/** Why a formula was left whole, when the rewrite could not read, follow or fit it. */
function whyLeftWhole(failure: unknown, mode: PortableMode): string {
  if (failure instanceof PastTheLimit) {
    return `As ${mode} arithmetic it would be more than ${failure.atLeast} characters, over Excel's ${LIMIT}.`;
  }
  const why = failure instanceof Error ? failure.message : String(failure);
  if (failure instanceof SyntaxError) return `The formula could not be read (${why}), so it was left as it was.`;
  return `The formula could not be rewritten (${why}), so it was left as it was.`;
}

/**
 * Rewrites every MLCOST call in `formula` for `mode`; a formula without one comes back unchanged.
 * Never throws: a formula it cannot read, nested deeper than Excel allows, or too long once
 * rewritten comes back as it was, one unconverted entry saying why.
 */
export function portableFormula(formula: string, mode: PortableMode): Rewrite {
  const leftWhole = (reason: string): Rewrite => ({ formula, converted: 0, unconverted: [{ call: formula, reason }] });
  try {
    const out: Rewrite = { formula, converted: 0, unconverted: [] };
    const tokens = tokenize(formula);
    if (!tokens.some((t) => mlcostFunctionOf(t))) return out;
    const nesting = mlcostNesting(tokens);
    if (nesting > MAX_NESTING) {
      return leftWhole(
        `Its MLCOST calls are nested ${nesting} deep, and Excel's limit is ${MAX_NESTING} levels: ` +
          "no workbook Excel saved holds it, so it was left as it was.",
      );
    }
    const rewritten = rewriteRun(tokens, 0, tokens.length, mode, out);
    if (rewritten.length > MAX_FORMULA_LENGTH) {
      return leftWhole(`As ${mode} arithmetic it would be ${rewritten.length} characters, over Excel's ${LIMIT}.`);
    }
    out.formula = rewritten;
    return out;
  } catch (failure) {
    return leftWhole(whyLeftWhole(failure, mode));
  }
}
