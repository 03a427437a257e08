/*
 * A function call as the help page shows it: the formula a reader types and what it returns.
 * The result is computed here, through the function's catalog row (the model's own formula,
 * or STAGETABLE's spill), from exactly the arguments shown, so the page cannot state a figure
 * the add-in would not return. A call that fails is an error: the page is not built.
 */
import { isProblem } from "../core/model/problems";
import { FUNCTION_CATALOG, FunctionSpec } from "../functions";
import { formulaNumber } from "./format";

/** One cell of a result: a number or a text. */
export type Cell = number | string;

/** A call of one MLCOST function with its result. */
export interface ExampleCall {
  readonly id: string;
  /** the arguments as typed: 15 significant digits at most, as Excel keeps them */
  readonly args: readonly number[];
  /** one cell, or the rows of a spilled table (STAGETABLE) */
  readonly result: Cell | readonly (readonly Cell[])[];
  /** a few words read after the result: "clips per quarter" */
  readonly note: string;
}

/** The catalog row of `id`; throws for an id that is not an MLCOST function. */
export function catalogRow(id: string): FunctionSpec {
  const spec = FUNCTION_CATALOG.find((row) => row.id === id);
  if (!spec) throw new Error(`The help page calls ${id}, which is not in FUNCTION_CATALOG.`);
  return spec;
}

/** The formula of a call, as typed in a cell: =MLCOST.CROSSOVER(600, 0.04). */
export function formulaText(id: string, args: readonly number[]): string {
  return `=MLCOST.${id}(${args.map(formulaNumber).join(", ")})`;
}

/**
 * Calls `id` with `args` as a reader would type them and keeps the result; throws if the call
 * returns an error, naming the formula.
 * @example exampleCall("CROSSOVER", [600, 0.04], "clips per quarter").result // 54000000
 */
export function exampleCall(id: string, args: readonly number[], note = ""): ExampleCall {
  const typed = args.map((value) => Number(formulaNumber(value)));
  const spec = catalogRow(id);
  const fail = (why: string) => new Error(`The help page's example ${formulaText(id, typed)} ${why}`);
  if (spec.kind === "table") {
    const rows = spec.spill(...typed);
    const isError = (cell: unknown) => typeof cell !== "number" && typeof cell !== "string";
    const bad = rows.find((row) => row.some(isError))?.find(isError);
    if (bad !== undefined) throw fail(`spills an error: ${JSON.stringify(bad)}.`);
    return { id, args: typed, result: rows as Cell[][], note };
  }
  const [a, b, c, d, e, f] = spec.arguments.map((argument, i) => typed[i] ?? argument.defaultValue ?? NaN);
  const result = spec.formula(a, b, c, d, e, f);
  if (isProblem(result)) throw fail(`returns an error: ${result.message}`);
  return { id, args: typed, result, note };
}
