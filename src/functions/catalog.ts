/*
 * The MLCOST custom functions as data: one row per function. Every layer reads this list: the
 * adapters in functions.ts call through it, the tests iterate it, and a test holds it against
 * the JSDoc blocks (the source of functions.json) so that the two cannot drift apart.
 * Ids, argument names and their order are a contract with saved workbooks: never change them.
 */
import { amdahlCeiling, clipsPerInterval, crossoverClips, servingHours, splitRatio } from "../core/model/formulas";
import { dominantHalf } from "../core/model/dominance";
import { leverSaving } from "../annual/model/levers";
import { trainingShare } from "../annual/model/annual";
import { broadcast } from "./broadcast";
import { stageTableCells } from "./stageTableSpill";
import { SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../core/model/units";
import type { ArgumentSpec, CellLoop, CellResult, ExcelFormula, ScalarFormula } from "./types";

// The bundle's require(), resolved by webpack at build time (cellLoop.ts says why each row has
// its own copy); Jest maps every such request back to the one module.
declare function require(request: string): { cellLoop: CellLoop };

/** A function computed cell by cell from one to three numbers, over ranges as Excel's arithmetic. */
export interface CellFunctionSpec {
  readonly id: string;
  readonly kind: "cells";
  readonly arguments: readonly ArgumentSpec[];
  /** the model's formula: plain numbers in, a number, a text or a Problem out */
  readonly formula: ScalarFormula;
  /** what a cell holds when all goes well */
  readonly result: "number" | "text";
  /** this function's own copy of the cell loop: require("./cellLoop?<ID>") */
  readonly loop: CellLoop;
  /** the same formula in Excel's language, for the workbook (LAMBDA) twin and plain rewrites */
  readonly excel: ExcelFormula;
}

/** A function that takes single values and spills a whole table (STAGETABLE). */
export interface TableFunctionSpec {
  readonly id: string;
  readonly kind: "table";
  readonly arguments: readonly ArgumentSpec[];
  /** the whole spill from the arguments as Excel hands them over */
  readonly spill: (...argumentsIn: unknown[]) => CellResult[][];
}

/** A row of the catalog. */
export type FunctionSpec = CellFunctionSpec | TableFunctionSpec;

const cells = (
  id: string,
  names: readonly (string | ArgumentSpec)[],
  formula: ScalarFormula,
  loop: { cellLoop: CellLoop },
  excel: ExcelFormula,
  result: "number" | "text" = "number",
): CellFunctionSpec => ({
  id,
  kind: "cells",
  arguments: names.map((name) => (typeof name === "string" ? { name } : name)),
  formula,
  result,
  loop: loop.cellLoop,
  excel,
});

const H = SECONDS_PER_HOUR;
/** DOMINANTHALF in Excel's language: the lead rounded by ROUND as the model rounds it. */
const dominantHalfExcel: ExcelFormula = ([clips, seconds, training], bind) =>
  bind(`${clips}*${seconds}/${H}/${training}`, (r) =>
    bind(`MAX(${r},1/${r})`, (lead) =>
      bind(
        `ROUND(${lead},2-INT(LOG10(${lead})))`,
        (k) => `IF(${k}=1,"equal",IF(${r}>1,"serving, ","training, ")&${k}&"x")`,
      ),
    ),
  );

/** Every MLCOST function, in the order functions.json lists them. */
export const FUNCTION_CATALOG: readonly FunctionSpec[] = [
  cells(
    "CROSSOVER",
    ["training_hours", "seconds_per_clip"],
    crossoverClips,
    require("./cellLoop?CROSSOVER"),
    ([t, s]) => `${t}*${H}/${s}`,
  ),
  cells(
    "SERVINGHOURS",
    ["clips", "seconds_per_clip"],
    servingHours,
    require("./cellLoop?SERVINGHOURS"),
    ([c, s]) => `${c}*${s}/${H}`,
  ),
  cells(
    "AMDAHLCEILING",
    ["part_hours", "total_hours", { name: "fraction_cut", defaultValue: 1, domain: "fraction" }],
    amdahlCeiling,
    require("./cellLoop?AMDAHLCEILING"),
    ([p, t, f]) => `IF(${p}>${t},#NUM!,${p}*${f}/${t})`,
  ),
  cells(
    "CLIPSPERINTERVAL",
    ["clips_per_second", "interval_days"],
    clipsPerInterval,
    require("./cellLoop?CLIPSPERINTERVAL"),
    ([r, d]) => `${r}*${d}*${SECONDS_PER_DAY}`,
  ),
  cells(
    "SPLITRATIO",
    ["clips", "seconds_per_clip", "training_hours"],
    splitRatio,
    require("./cellLoop?SPLITRATIO"),
    ([c, s, t]) => `${c}*${s}/${H}/${t}`,
  ),
  cells(
    "DOMINANTHALF",
    ["clips", "seconds_per_clip", "training_hours"],
    dominantHalf,
    require("./cellLoop?DOMINANTHALF"),
    dominantHalfExcel,
    "text",
  ),
  {
    id: "STAGETABLE",
    kind: "table",
    arguments: ["training_hours", "seconds_per_clip", "prototype_clips", "launch_clips", "scale_clips"].map((name) => ({
      name,
    })),
    spill: stageTableCells,
  },
  cells(
    "TRAININGSHARE",
    ["training_hours", "serving_hours", { name: "other_hours", defaultValue: 0 }],
    trainingShare,
    require("./cellLoop?TRAININGSHARE"),
    ([t, s, o]) => `${t}/(${t}+${s}+${o})`,
  ),
  cells(
    "LEVERSAVING",
    ["part_hours", "current", "proposed"],
    leverSaving,
    require("./cellLoop?LEVERSAVING"),
    ([p, c, q]) => `${p}*(${c}-${q})/${c}`,
  ),
];

/** The catalog row of `id`; undefined for an id that is not an MLCOST function. */
export function functionSpec(id: string): FunctionSpec | undefined {
  return FUNCTION_CATALOG.find((spec) => spec.id === id.toUpperCase());
}

/** A function as Excel calls it: its arguments as handed over, its result as rows of cells. */
// Excel hands over any cell value.
export type CustomFunction = (...argumentsIn: any[]) => CellResult[][];

/** The callable behind a catalog row. */
export function callerOf(spec: FunctionSpec): CustomFunction {
  if (spec.kind === "table") return spec.spill;
  const textResults = spec.result === "text";
  return (...argumentsIn) => broadcast(spec.arguments, spec.formula, textResults, spec.loop, argumentsIn);
}

/** Every function's callable by id, built once from the catalog. */
export const callById: Readonly<Record<string, CustomFunction>> = FUNCTION_CATALOG.reduce(
  (byId, spec) => ({ ...byId, [spec.id]: callerOf(spec) }),
  {} as Record<string, CustomFunction>,
);
