/*
 * Every catalog function called on its own examples through the adapter Excel calls (functions.ts):
 * at the docs' worked example each returns what its row says, as the help page shows it. And the
 * README's function table quotes only examples the catalog holds, with the same result.
 */
import { readFileSync } from "fs";
import { resolve } from "path";
import { FUNCTION_CATALOG, FunctionSpec } from "../../src/functions/catalog";
import type { ExampleResult } from "../../src/functions/examples";
import { customFunctions } from "../../src/functions/functions";
import { EXAMPLE_PLAN } from "../../src/stages/model/plan";
import { workedExample } from "../../src/help/workedExample";
import { formatFigure, formulaNumber } from "../../src/help/format";
import { ExcelError } from "../support/customFunctionsGlobal";

const figures = workedExample(EXAMPLE_PLAN);

/** A cell as a reader sees it: a figure as the help page writes it, a text in quotes, or an error code. */
const shown = (cell: unknown): string =>
  cell instanceof ExcelError ? cell.code : typeof cell === "number" ? formatFigure(cell) : JSON.stringify(cell);

/** The rows of a result: one cell, or a spilled table. */
const rowsOf = (result: ExampleResult): readonly (readonly unknown[])[] =>
  Array.isArray(result) ? result : [[result]];

/** An example's arguments as a reader types them (15 significant digits, as Excel keeps them). */
const typedArgs = (spec: FunctionSpec, index: number) =>
  spec.examples[index].args(figures).map((value) => Number(formulaNumber(value)));

describe.each(FUNCTION_CATALOG.map((spec) => [spec.id, spec] as const))("%s", (id, spec) => {
  test.each(spec.examples.map((example, i) => [i + 1, i] as const))(
    "example %i returns, through the adapter, what its row says",
    (_, index) => {
      const args = typedArgs(spec, index);
      // An argument the example leaves out arrives as Excel hands an omitted one over: null.
      const handed = spec.arguments.map((_argument, i) => (i < args.length ? [[args[i]]] : null));
      const result = customFunctions[id](...handed);
      expect(result.map((row) => row.map(shown))).toEqual(
        rowsOf(spec.examples[index].returns).map((row) => row.map(shown)),
      );
    },
  );
});

test("the README's function table quotes the catalog's examples and their results", () => {
  const readme = readFileSync(resolve(__dirname, "../../README.md"), "utf8");
  const quoted = [...readme.matchAll(/^\| `MLCOST\.(\w+)\(.*`=MLCOST\.\1\(([^)]*)\)`(?: → ([^|]+?))? \|$/gm)];
  expect(quoted.map((m) => m[1]).sort()).toEqual(FUNCTION_CATALOG.map((spec) => spec.id).sort());
  for (const [, id, list, result] of quoted) {
    const spec = FUNCTION_CATALOG.find((row) => row.id === id)!;
    const args = list.split(", ").map(Number);
    const index = spec.examples.findIndex((_, i) => JSON.stringify(typedArgs(spec, i)) === JSON.stringify(args));
    expect({ id, args, inCatalog: index >= 0 }).toEqual({ id, args, inCatalog: true });
    if (result !== undefined) expect(shown(spec.examples[index].returns)).toBe(result);
  }
});
