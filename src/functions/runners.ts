/*
 * One copy of the cell loop per custom function. Webpack makes a separate module for each
 * distinct request, so "./cellLoop?CROSSOVER" and "./cellLoop?SERVINGHOURS" are two copies of
 * the same source, and V8 optimises each copy for its one model function (inlined, numbers
 * unboxed) instead of one loop shared by six. npm run bench, "mixed" (a million cells after
 * every function has run): about 19 ms with one shared loop, about 5 ms with copies, against a
 * bare loop of about 2.5 ms; functions.js grows by a few KB. Jest maps every request back to
 * the one module (jest.config.js): same results, without the speed.
 */
import type * as CellLoop from "./cellLoop";
import { broadcast, CellResult, ResultKind, ScalarFormula } from "./runner";

// The bundle's require(), resolved by webpack at build time; declared for the browser build.
declare function require(request: string): unknown;

type Loop = typeof CellLoop.cellLoop;

const using =
  (loop: Loop) =>
  (argumentsIn: readonly unknown[], names: readonly string[], formula: ScalarFormula, resultKind: ResultKind = "number"): CellResult[][] =>
    broadcast(argumentsIn, names, formula, resultKind, loop);

// Literal requests, so that webpack resolves each one.
/** The runner's broadcast for each custom function id, each with its own cell loop. */
export const broadcastFor = {
  CROSSOVER: using((require("./cellLoop?CROSSOVER") as typeof CellLoop).cellLoop),
  SERVINGHOURS: using((require("./cellLoop?SERVINGHOURS") as typeof CellLoop).cellLoop),
  AMDAHLCEILING: using((require("./cellLoop?AMDAHLCEILING") as typeof CellLoop).cellLoop),
  CLIPSPERINTERVAL: using((require("./cellLoop?CLIPSPERINTERVAL") as typeof CellLoop).cellLoop),
  SPLITRATIO: using((require("./cellLoop?SPLITRATIO") as typeof CellLoop).cellLoop),
  DOMINANTHALF: using((require("./cellLoop?DOMINANTHALF") as typeof CellLoop).cellLoop),
};
