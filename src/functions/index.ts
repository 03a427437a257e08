/**
 * functions' face: the catalog of every function (and its examples and argument specs), for the help page and the
 * portable rewrite. Import this, never a file behind it.
 */
export { FUNCTION_CATALOG } from "./catalog";
export type { CellFunctionSpec, FunctionSpec } from "./catalog";
export { MAX_RESULT_CELLS } from "./broadcast";
export type { ExampleFigures, FunctionExample } from "./examples";
export type { ArgumentSpec, Bind } from "./types";
