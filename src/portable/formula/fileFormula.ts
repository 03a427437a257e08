/*
 * A formula as the .xlsx file stores it, from the formula language a user types. The file keeps
 * three spellings that the formula bar hides:
 *  - a function added after the first edition of the format ("future function") is stored with
 *    the prefix _xlfn.: _xlfn.LAMBDA, _xlfn.LET, _xlfn.ISOMITTED ([MS-XLSX] 2.2.3 Functions,
 *    https://learn.microsoft.com/en-us/openspecs/office_standards/ms-xlsx/5d1b6d44-6fc1-4ecd-8fef-0b27406cc2bf;
 *    XlsxWriter's "Formulas added in Excel 2010 and later" lists the same three). IF, ISNUMBER,
 *    ISLOGICAL, ISERROR, MAX, ROUND, INT and LOG10 are in ECMA-376 (18.17.7) and take no prefix.
 *  - every LAMBDA parameter and LET name is stored with _xlpm., at its declaration and at each use:
 *    _xlfn.LAMBDA(_xlpm.temp,(5/9)*(_xlpm.temp-32)) (XlsxWriter, rust_xlsxwriter and libxlsxwriter
 *    "lambda" examples, which write it as a workbook defined name exactly so).
 *  - an optional parameter, [x] in the formula bar, is declared as _xlop.x, without brackets,
 *    and used as _xlpm.x: _xlfn.LAMBDA(_xlpm.a,_xlop.b,IF(_xlfn.ISOMITTED(_xlpm.b),...)).
 *    Microsoft does not document _xlop. The evidence: a public project's probe notes of files
 *    saved by Excel 365 on Mac and Windows (2026-10, found by code search) record this form, and
 *    that "[_xlpm.b]" makes Excel drop the whole name on open ("Removed Records: Named range");
 *    other writers' tests (found the same way) write _xlop. in the list and _xlpm. in the body.
 *    Not checked in Excel here: there is none on this machine.
 * IronCalc reads all three back (test/portable/file/xlsxPackage.test.ts evaluates the names it gets).
 */
import { Token, tokenize } from "./tokenizer";

/**
 * Future functions a twin may call, from the [MS-XLSX] list. A twin calling a function in neither
 * this list nor ECMA-376 fails test/portable/file/xlsxPackageParts.test.ts until someone classifies it.
 */
export const FUTURE_FUNCTIONS: readonly string[] = [
  "LAMBDA",
  "LET",
  "ISOMITTED",
  "IFS",
  "IFNA",
  "SWITCH",
  "XOR",
  "MAXIFS",
  "MINIFS",
  "CONCAT",
  "TEXTJOIN",
  "BYROW",
  "BYCOL",
  "MAP",
  "REDUCE",
  "SCAN",
  "MAKEARRAY",
];

/** The token indices of each top-level argument of the call whose function token is at `open`. */
function argumentsOf(tokens: readonly Token[], open: number): number[][] {
  const args: number[][] = [[]];
  let depth = 0;
  for (let i = open + 1; i < tokens.length; i++) {
    const kind = tokens[i].kind;
    if (kind === "function" || kind === "open") depth++;
    else if (kind === "close" && depth-- === 0) return args;
    if (kind === "separator" && depth === 0) args.push([]);
    else args[args.length - 1].push(i);
  }
  throw new SyntaxError("A function call is not closed.");
}

/** The names a LAMBDA or LET call declares: token index, name, and whether it is optional ([x]). */
function declarations(tokens: readonly Token[], at: number): { index: number; name: string; optional: boolean }[] {
  const fn = tokens[at].text.slice(0, -1).toUpperCase();
  if (fn !== "LAMBDA" && fn !== "LET") return [];
  const args = argumentsOf(tokens, at);
  const declared = args.filter((_, n) => n < args.length - 1 && (fn === "LAMBDA" || n % 2 === 0));
  return declared.map((arg) => {
    const parts = arg.filter((i) => tokens[i].kind !== "space");
    const token = tokens[parts[0]];
    if (parts.length !== 1 || token.kind !== "reference")
      throw new SyntaxError(`${fn} declares a name that is not one.`);
    const bracketed = fn === "LAMBDA" && /^\[(.+)\]$/.exec(token.text);
    return { index: parts[0], name: bracketed ? bracketed[1] : token.text, optional: !!bracketed };
  });
}

/**
 * `formula` (without "=") as the file stores it: future functions prefixed _xlfn., LAMBDA and LET
 * names _xlpm. (an optional parameter's declaration _xlop.). Names are matched case-insensitively
 * over the whole formula: the twins never give one name two meanings.
 */
export function fileFormula(formula: string): string {
  const tokens = tokenize(formula);
  const locals = new Set<string>();
  const optional = new Set<number>();
  tokens.forEach((token, i) => {
    if (token.kind !== "function") return;
    declarations(tokens, i).forEach((d) => {
      locals.add(d.name.toUpperCase());
      if (d.optional) optional.add(d.index);
    });
  });
  return tokens
    .map((token, i) => {
      if (optional.has(i)) return `_xlop.${token.text.slice(1, -1)}`;
      if (token.kind === "reference" && locals.has(token.text.toUpperCase())) return `_xlpm.${token.text}`;
      const isFuture =
        token.kind === "function" && FUTURE_FUNCTIONS.indexOf(token.text.slice(0, -1).toUpperCase()) >= 0;
      return isFuture ? `_xlfn.${token.text}` : token.text;
    })
    .join("");
}
