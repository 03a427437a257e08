/*
 * An Excel formula tokenizer, written to the grammar of Excel's formula language as it appears
 * in cells and in the file format: strings ("a ""quoted"" word"), quoted sheet names
 * ('Q1 budget'!A1), external references ([2]!name), error literals (#N/A), array constants
 * ({1,2;3,4}), structured references (Table1[[#This Row],[Clips]]), functions (including dotted
 * names such as MLCOST.CROSSOVER and _xlfn. prefixes), operators and whitespace. Joining the
 * tokens' text gives back the formula exactly, so a rewrite touches only what it means to.
 */

/** What a token is. */
export type TokenKind =
  | "string" // "text", quotes included
  | "number"
  | "error" // #N/A, #DIV/0!, ...
  | "array" // {...}, braces included
  | "function" // a name with its opening parenthesis: SUM(
  | "reference" // a cell, range, name, sheet-qualified or structured reference
  | "open" // (
  | "close" // )
  | "separator" // , between arguments (or ; in some locales)
  | "operator"
  | "space";

/** One token: its kind and its exact text. */
export interface Token {
  kind: TokenKind;
  text: string;
}

const ERRORS = [
  "#NULL!",
  "#DIV/0!",
  "#VALUE!",
  "#REF!",
  "#NAME?",
  "#NUM!",
  "#N/A",
  "#GETTING_DATA",
  "#SPILL!",
  "#CALC!",
];
const NAME_CHAR = /[A-Za-z0-9_.\\?$!:\u00C0-\uFFFF]/;
const OPERATORS = ["<=", ">=", "<>", "+", "-", "*", "/", "^", "&", "=", "<", ">", "%", ":", "@", "#"];

/** The index just past a quoted run starting at `start` (quote doubled inside to escape it). */
function pastQuoted(formula: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < formula.length) {
    if (formula[i] === quote) {
      if (formula[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  throw new SyntaxError(`An unclosed ${quote === '"' ? "string" : "quoted name"} starts at ${start + 1}.`);
}

/** The index just past a bracketed run starting at `start`, brackets nested (structured references). */
function pastBrackets(formula: string, start: number): number {
  let depth = 0;
  for (let i = start; i < formula.length; i++) {
    if (formula[i] === "'" && depth > 0) {
      i++; // an apostrophe escapes the next character inside a structured reference
      continue;
    }
    if (formula[i] === "[") depth++;
    else if (formula[i] === "]" && --depth === 0) return i + 1;
  }
  throw new SyntaxError(`An unclosed "[" starts at ${start + 1}.`);
}

/** The index just past an array constant starting at `start` (strings inside may hold braces). */
function pastArray(formula: string, start: number): number {
  for (let i = start + 1; i < formula.length; i++) {
    if (formula[i] === '"') i = pastQuoted(formula, i, '"') - 1;
    else if (formula[i] === "}") return i + 1;
  }
  throw new SyntaxError(`An unclosed "{" starts at ${start + 1}.`);
}

/** The index just past a name or reference starting at `start`: prefixes, brackets and quotes included. */
function pastReference(formula: string, start: number): number {
  let i = start;
  while (i < formula.length) {
    const c = formula[i];
    if (c === "'") i = pastQuoted(formula, i, "'");
    else if (c === "[") i = pastBrackets(formula, i);
    else if (NAME_CHAR.test(c) && c !== ":") i++;
    else if (c === ":" && i > start && NAME_CHAR.test(formula[i + 1] ?? "") && formula[i + 1] !== ":") i++;
    else break;
  }
  return i;
}

/** Splits a formula (with or without its leading "=") into tokens whose texts join back to it. */
export function tokenize(formula: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, end: number) => {
    tokens.push({ kind, text: formula.slice(i, end) });
    i = end;
  };
  while (i < formula.length) {
    const c = formula[i];
    const rest = formula.slice(i);
    if (/\s/.test(c)) push("space", i + /^\s+/.exec(rest)![0].length);
    else if (c === '"') push("string", pastQuoted(formula, i, '"'));
    else if (c === "{") push("array", pastArray(formula, i));
    else if (c === "(") push("open", i + 1);
    else if (c === ")") push("close", i + 1);
    else if (c === "," || c === ";") push("separator", i + 1);
    else if (c === "#" && ERRORS.some((e) => rest.toUpperCase().startsWith(e))) {
      push("error", i + ERRORS.find((e) => rest.toUpperCase().startsWith(e))!.length);
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(formula[i + 1] ?? ""))) {
      const number = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(rest)![0];
      // A row range (1:1) or a name starting with digits is a reference, not a number.
      const after = formula[i + number.length] ?? "";
      if (/[A-Za-z_$!]/.test(after) || (after === ":" && /[0-9$]/.test(formula[i + number.length + 1] ?? ""))) {
        push("reference", pastReference(formula, i));
      } else push("number", i + number.length);
    } else if (c === "'" || c === "[" || c === "$" || NAME_CHAR.test(c)) {
      const end = pastReference(formula, i);
      if (formula[end] === "(") push("function", end + 1);
      else push("reference", end);
    } else {
      const operator = OPERATORS.find((o) => rest.startsWith(o));
      if (!operator) throw new SyntaxError(`Unexpected "${c}" at ${i + 1}.`);
      push("operator", i + operator.length);
    }
  }
  return tokens;
}

/** The formula a list of tokens spells. */
export const untokenize = (tokens: readonly Token[]): string => tokens.map((t) => t.text).join("");
