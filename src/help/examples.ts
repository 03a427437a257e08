/*
 * Each function's examples on the help page: the catalog row's own (FUNCTION_CATALOG examples),
 * called with the worked example's figures for the page's plan, so the sections and the
 * walk-through tell one story and every figure is what the add-in returns.
 */
import type { FunctionExample, FunctionSpec } from "../functions";
import { ExampleCall, exampleCall } from "./calls";
import { formatFigure, formatShare } from "./format";
import { perInterval, WorkedExample } from "./workedExample";

/** One catalog example as the page shows it: the call for this worked example, its result and its note. */
function shownExample(spec: FunctionSpec, example: FunctionExample, worked: WorkedExample): ExampleCall {
  const call = exampleCall(spec.id, example.args(worked));
  const note =
    typeof example.note === "string"
      ? example.note
      : example.note({
          figures: worked,
          result: call.result,
          perInterval: perInterval(worked),
          figure: formatFigure,
          share: formatShare,
        });
  return { ...call, note };
}

/**
 * A function's examples for the worked example of the page's plan; throws for a row without one,
 * so a function added to the catalog without an example stops the build.
 * @example functionExamples(catalogRow("CROSSOVER"), workedExample(EXAMPLE_PLAN))[0].result // 54000000
 */
export function functionExamples(spec: FunctionSpec, worked: WorkedExample): ExampleCall[] {
  if (spec.examples.length === 0) throw new Error(`${spec.id} has no example in FUNCTION_CATALOG.`);
  return spec.examples.map((example) => shownExample(spec, example, worked));
}
