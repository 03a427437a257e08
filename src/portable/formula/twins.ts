/*
 * The workbook functions ("twins") of the MLCOST custom functions, generated from the function
 * catalog, never written by hand: for each cell-by-cell function, a LAMBDA that a workbook name
 * can hold (Excel 365 and 2024: =CROSSOVER(600, 0.04) with or without the add-in), and the same
 * formula as plain arithmetic that any spreadsheet evaluates. Both check their inputs as the
 * custom functions do: text, blanks and booleans give #VALUE!, a negative number #NUM!, an error
 * in an input passes through (the first bad input wins), a zero divisor gives #DIV/0! by the
 * arithmetic itself.
 * STAGETABLE has no twin: it spills text headers beside numbers, which only VSTACK/HSTACK
 * (Excel 365 alone) could build; the portable rewrite reports its calls instead.
 */
import { CellFunctionSpec, FUNCTION_CATALOG, type ArgumentSpec, type Bind } from "../../functions";

/** The functions that have a twin: every cell-by-cell function of the catalog. */
export const TWIN_SPECS: readonly CellFunctionSpec[] = FUNCTION_CATALOG.filter(
  (spec): spec is CellFunctionSpec => spec.kind === "cells",
);

/**
 * Whether a value is a number as the custom functions count one: LibreOffice keeps TRUE and
 * FALSE as numbers that ISNUMBER accepts, so a boolean is refused by ISLOGICAL too. (A
 * comparison rather than AND, which would fold a range into one value.)
 */
export const isPlainNumber = (x: string) => `ISNUMBER(${x})>ISLOGICAL(${x})`;

/** An argument's value as the custom functions read a cell: a number, the error it holds, or #VALUE!. */
export function typedArgument(expression: string): string {
  // x&#VALUE! is x's own error when x holds one, and #VALUE! for text and booleans.
  return `IF(${isPlainNumber(expression)},${expression},${expression}&#VALUE!)`;
}

/** A typed value inside the argument's domain, or #NUM!. */
export function argumentInDomain(value: string, argument: ArgumentSpec): string {
  if (argument.domain === "fraction") return `IF(${value}<0,#NUM!,IF(${value}>1,#NUM!,${value}))`;
  // A factor (peak-to-mean) is 1 or more, as the model's checkFactor asks.
  if (argument.domain === "factor") return `IF(${value}<1,#NUM!,${value})`;
  return `IF(${value}<0,#NUM!,${value})`;
}

/** Whether a literal's value is inside the argument's domain, so that it needs no check. */
function literalInDomain(value: number, argument: ArgumentSpec): boolean {
  if (argument.domain === "fraction") return value >= 0 && value <= 1;
  return argument.domain === "factor" ? value >= 1 : value >= 0;
}

/**
 * The whole formula over typed arguments: a value that is not a number (the first, in argument
 * order) wins over any domain problem, as in the custom functions, which read every cell before
 * the model checks a number. x*0 is 0 for a number and the error for an error, and a sum of
 * them is the first error left to right.
 */
function gated(spec: CellFunctionSpec, typed: readonly string[], bind: Bind): string {
  const gate = typed.map((value) => `${value}*0`).join("+");
  return bind(gate, (g) => {
    const inDomain = spec.arguments.map((argument, i) => bind(argumentInDomain(typed[i], argument), (d) => d));
    return `IF(ISERROR(${g}),${g},${spec.excel(inDomain, bind)})`;
  });
}

/** LET's names for the twins' values: x_1, x_2, ... (an underscore keeps them from being cell references). */
const letName = (index: number) => `x_${index}`;

/** The LAMBDA twin of `spec`, as a defined name's formula (without "="), in the formula language. */
export function lambdaTwin(spec: CellFunctionSpec): string {
  let next = 0;
  const bindings: string[] = [];
  const bind: Bind = (value, body) => {
    const name = letName(++next);
    bindings.push(name, value);
    return body(name);
  };
  const typed = spec.arguments.map((argument) => {
    const value =
      argument.defaultValue === undefined
        ? typedArgument(argument.name)
        : `IF(ISOMITTED(${argument.name}),${argument.defaultValue},${typedArgument(argument.name)})`;
    return bind(value, (name) => name);
  });
  const body = gated(spec, typed, bind);
  const parameters = spec.arguments.map((a) => (a.defaultValue === undefined ? a.name : `[${a.name}]`));
  return `LAMBDA(${parameters.join(",")},LET(${bindings.join(",")},${body}))`;
}

/**
 * What is known of an argument's expression: a non-negative number literal needs no check, a
 * converted MLCOST call that returns numbers yields a number or an error (no type check), and
 * anything else is checked in full.
 */
export interface PlainArgument {
  text: string;
  known: "literal" | "numberOrError" | "unknown";
  /** a literal's value as one number token, its signs folded in: "600" for (600) or --600, "-1" for -(1) */
  literal?: string;
}

/** An expression ready to sit inside a larger one: a name, reference or number as it is, else in parentheses. */
const parenthesized = (text: string) => (/^[\w.$:!]+$/.test(text) ? text : `(${text})`);

/**
 * `spec`'s formula as plain arithmetic over the given arguments (an omitted optional argument is
 * undefined and stands for its default): no LAMBDA or LET, so Excel 2016 and later, LibreOffice
 * and Google Sheets evaluate it. Without LET each use of a value is written out, so only what
 * needs a check gets one, in its shortest form, to keep nested calls within Excel's limit. Every
 * argument but a literal is written out at least once, so the rewrite of a nested call can stop as
 * soon as one inner call alone is too long (test/portable/formula/rewrite.test.ts holds each twin to it).
 */
export function plainFormula(spec: CellFunctionSpec, args: readonly (PlainArgument | undefined)[]): string {
  const bind: Bind = (value, body) => body(/^[\w.]+$/.test(value) ? value : `(${value})`);
  const inDomain = spec.arguments.map((argument, i) => {
    const given = args[i];
    if (given === undefined) return String(argument.defaultValue);
    // A literal's type is known, so it gets no type check, which LibreOffice also misreads
    // around a constant (ISNUMBER(600)>ISLOGICAL(600) is FALSE there): only its domain, if outside.
    const literal = given.known === "literal" ? (given.literal ?? given.text) : undefined;
    const x = parenthesized(literal ?? given.text);
    const value = Number(literal);
    if (literal !== undefined && literalInDomain(value, argument)) return literal;
    if (given.known !== "unknown") return bind(argumentInDomain(x, argument), (d) => d);
    // Typed and in its domain at once; x&#VALUE! is x's own error, or #VALUE! for text and booleans.
    return bind(`IF(${isPlainNumber(x)},${argumentInDomain(x, argument)},${x}&#VALUE!)`, (d) => d);
  });
  const body = spec.excel(inDomain, bind);
  // The gate (see gated) only matters where an argument may hold something other than a number.
  const uncertain: string[] = [];
  args.forEach((given) => {
    if (given === undefined || given.known !== "unknown") return;
    const x = parenthesized(given.text);
    uncertain.push(`IF(${isPlainNumber(x)},0,${x}&#VALUE!)`);
  });
  if (uncertain.length === 0) return body;
  const gate = uncertain.join("+");
  return `IF(ISERROR(${gate}),${gate},${body})`;
}
