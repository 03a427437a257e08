/*
 * The function catalog, the JSDoc blocks Microsoft's generator reads, and the registered
 * adapters, held against each other: a function added, renamed or given another argument in
 * one place and not the others fails here instead of shipping.
 */
import { resolve } from "path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import { readFileSync } from "fs";
import { callById, FUNCTION_CATALOG, FUNCTION_FORMS, FUNCTION_IDS, FunctionId } from "../../src/functions/catalog";
import { customFunctions } from "../../src/functions/functions";
import { STAGETABLE_COLUMNS } from "../../src/functions/stageTableSpill";
import { STAGE_COLUMNS } from "../../src/stages/sheet/stageColumns";
import { STAGE_NAMES } from "../../src/stages/model/stages";
import { ExcelError } from "../support/customFunctionsGlobal";
import { cellLoop } from "../../src/functions/cellLoop";
import { cellLoop as wideCellLoop } from "../../src/functions/wideCellLoop";

interface Generated {
  functions: {
    id: string;
    name: string;
    parameters: { name: string; optional?: boolean }[];
    result: { dimensionality?: string };
  }[];
}

let generated: Generated;
beforeAll(async () => {
  const output = await generateCustomFunctionsMetadata([resolve(__dirname, "../../src/functions/functions.ts")], true);
  expect(output.errors).toEqual([]);
  generated = JSON.parse(output.metadataJson);
});

test("the JSDoc declares exactly the catalog's functions, in its order", () => {
  expect(generated.functions.map((f) => f.id)).toEqual(FUNCTION_CATALOG.map((spec) => spec.id));
  expect(generated.functions.map((f) => f.name)).toEqual(FUNCTION_CATALOG.map((spec) => spec.id));
});

test.each(FUNCTION_CATALOG.map((spec) => [spec.id, spec] as const))(
  "%s: arguments, order and optional ones match the JSDoc",
  (id, spec) => {
    const declared = generated.functions.find((f) => f.id === id)!;
    expect(declared.parameters.map((p) => p.name)).toEqual(spec.arguments.map((a) => a.name));
    expect(declared.parameters.map((p) => Boolean(p.optional))).toEqual(
      spec.arguments.map((a) => a.defaultValue !== undefined),
    );
    expect(declared.result.dimensionality).toBe("matrix");
  },
);

test.each(FUNCTION_CATALOG.map((spec) => [spec.id, spec] as const))(
  "%s: the registered adapter calls its own catalog row",
  (id, spec) => {
    const adapter = customFunctions[id];
    expect(adapter).toBeDefined();
    expect(adapter.length).toBe(spec.arguments.length);
    // Distinct values per argument, so an adapter that passed them in another order would differ.
    const inputs = spec.arguments.map((_, i) => [[[1e6, 40, 500, 2e6, 3e6][i]]]);
    if (id === "AMDAHLCEILING") inputs.splice(0, 3, [[2400]], [[88800]], [[0.75]]);
    if (id === "MODELSERVINGHOURS") inputs.splice(1, 1, [[0.05]]);
    // Drift is a fraction: distinct values inside its domain.
    if (id === "STALENESSCOST") inputs.splice(0, 4, [[648e6]], [[2e-7]], [[3]], [[12]]);
    if (id === "ECONOMICCADENCE") inputs.splice(0, 4, [[1200]], [[648e6]], [[2e-7]], [[3]]);
    // A crossover needs the fleet's cost a request under the API's, and six values.
    if (id === "APICROSSOVER") inputs.splice(0, 6, [[2]], [[2.5]], [[0.000345]], [[0.25]], [[1.5]], [[700]]);
    const viaAdapter = adapter(...inputs);
    expect(viaAdapter).toEqual(callById[id as FunctionId](...inputs));
    expect(viaAdapter.flat().some((cell) => cell instanceof ExcelError)).toBe(false);
    if (spec.kind === "cells")
      expect(viaAdapter).toEqual([[spec.formula(...(inputs.map((x) => x[0][0]) as Parameters<typeof spec.formula>))]]);
  },
);

test("the functions that existed before the annual view and the budget keep their place; new ones come after", () => {
  // Literal on purpose: the ids and their order are a contract with saved workbooks (functions.json).
  expect(FUNCTION_CATALOG.map((spec) => spec.id)).toEqual([
    "CROSSOVER",
    "SERVINGHOURS",
    "AMDAHLCEILING",
    "CLIPSPERINTERVAL",
    "SPLITRATIO",
    "DOMINANTHALF",
    "STAGETABLE",
    "TRAININGSHARE",
    "LEVERSAVING",
    "COSTPER1K",
    "CLIPSPERMONTH",
    "MARGINALCOSTPER1K",
    "MODELSERVINGHOURS",
    "STALENESSCOST",
    "ECONOMICCADENCE",
    "TOKENSECONDS",
    "APICOST",
    "APICROSSOVER",
  ]);
});

test("every function has its forms, every form a function, and every cell-by-cell function an Excel form", () => {
  // The forms live apart from what the functions run (so the bundle leaves them out): one list of ids for both.
  // FunctionId keys them at compile time; this holds the order, and that no form outlives its function.
  expect(Object.keys(FUNCTION_FORMS)).toEqual(FUNCTION_IDS);
  for (const spec of FUNCTION_CATALOG) {
    expect({ id: spec.id, examples: spec.examples.length > 0 }).toEqual({ id: spec.id, examples: true });
    const excel = spec.kind === "cells" ? typeof spec.excel : typeof FUNCTION_FORMS[spec.id as FunctionId].excel;
    expect({ id: spec.id, excel }).toEqual({ id: spec.id, excel: spec.kind === "cells" ? "function" : "undefined" });
  }
});

test("no adapter is registered that the catalog does not list", () => {
  expect(Object.keys(customFunctions)).toEqual(FUNCTION_CATALOG.map((spec) => spec.id));
});

test("an omitted optional argument stands for its catalog default", () => {
  for (const spec of FUNCTION_CATALOG) {
    const optional = spec.arguments.findIndex((a) => a.defaultValue !== undefined);
    if (optional < 0) continue;
    const given = spec.arguments.map((a, i) => (i === optional ? [[a.defaultValue]] : [[i + 1]]));
    const omitted = spec.arguments.map((_, i) => (i === optional ? null : [[i + 1]]));
    expect(customFunctions[spec.id](...omitted)).toEqual(customFunctions[spec.id](...given));
  }
});

test("STAGETABLE spills its own frozen eight columns, whatever the pane's sheet adds", () => {
  // A saved workbook may point into the spill (=INDEX(MLCOST.STAGETABLE(...), 4, 3)): a column
  // added to the written sheet must not move or widen it. Literal on purpose: that contract.
  expect(STAGETABLE_COLUMNS.map((c) => c.heading)).toEqual([
    "Stage",
    "Clips per interval",
    "Serving hours",
    "Training hours",
    "Total hours",
    "Serving / training",
    "Dominant half",
    "Training share",
  ]);
  expect(STAGE_COLUMNS.length).toBeGreaterThan(STAGETABLE_COLUMNS.length);
  const table = customFunctions.STAGETABLE([[600]], [[0.04]], [[5000]], [[54e6]], [[1.944e9]]);
  // A header and a row per stage, each the eight frozen columns wide.
  expect(table.map((row) => row.length)).toEqual(
    Array.from({ length: 1 + STAGE_NAMES.length }, () => STAGETABLE_COLUMNS.length),
  );
  expect(table[0]).toEqual(STAGETABLE_COLUMNS.map((c) => c.heading));
});

test("the ids are the catalog's, and each cell-by-cell row loads a cell loop of its own", () => {
  expect(FUNCTION_IDS).toEqual(FUNCTION_CATALOG.map((spec) => spec.id));
  expect(Object.keys(callById)).toEqual(FUNCTION_IDS);
  // require("./cellLoop?<NAME>") must be a literal for webpack (letters only: jest.config.js maps them back), one
  // module a function: read each row's from the catalog's source
  const source = readFileSync(resolve(__dirname, "../../src/functions/catalog.ts"), "utf8");
  const rows = [
    ...source.matchAll(/id: "([A-Z0-9]+)",[\s\S]*?(?:require\("\.\/(?:wideC|c)ellLoop\?([A-Z]+)"\)|kind: "table")/g),
  ];
  expect(rows.map((row) => row[1])).toEqual(FUNCTION_IDS);
  const cells = FUNCTION_CATALOG.filter((spec) => spec.kind === "cells").map((spec) => spec.id);
  const loops = rows.filter(([, id]) => cells.includes(id)).map(([, , loop]) => loop);
  expect(loops.every((loop) => loop !== undefined)).toBe(true);
  expect(new Set(loops).size).toBe(cells.length);
  expect(rows.filter(([, id]) => !cells.includes(id)).every(([, , loop]) => loop === undefined)).toBe(true);
});

test("a function of five or six arguments runs the wide cell loop, which reads them all; others the narrow one", () => {
  // The narrow loop passes 0 for a fifth and sixth argument: a wide function on it would compute with zeros.
  for (const spec of FUNCTION_CATALOG) {
    if (spec.kind !== "cells") continue;
    const wide = spec.arguments.length > 4;
    expect({ id: spec.id, loop: spec.loop }).toEqual({ id: spec.id, loop: wide ? wideCellLoop : cellLoop });
  }
});
