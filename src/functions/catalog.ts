/*
 * The MLCOST custom functions as data: one row per function, in two parts by id: what it runs
 * (FUNCTION_ROWS: arguments, model formula, cell loop), which the adapters in functions.ts call
 * and the bundle carries alone, and how it reads (FUNCTION_FORMS: its Excel formula, built by
 * core/excel/formulas.ts, from which the twins are generated, and its examples, which the help page
 * and the bench read). FUNCTION_CATALOG joins them; the tests iterate it, and a test holds it
 * against the JSDoc blocks (the source of functions.json) so that the two cannot drift apart.
 * Ids, argument names and their order are a contract with saved workbooks: never change them.
 */
import {
  amdahlCeiling,
  clipsPerInterval,
  costPerThousandClips,
  crossoverClips,
  marginalCostPerThousandClips,
  monthClips,
  servingHours,
  splitRatio,
} from "../core/model/formulas";
import { dominantHalf } from "../core/model/dominance";
import { SECONDS_PER_DAY } from "../core/model/units";
import { leverSaving, trainingShare } from "../annual/model";
import { STAGE_TABLE_ARGUMENTS } from "../stages/model";
import { STEADY_GROWTH_EXAMPLE } from "../budget/model";
import { EXAMPLE_ESTATE, modelServingHours } from "../estate/model";
import { economicCadence, EXAMPLE_LEDGER_INPUTS, stalenessCost } from "../ledgers/model";
import { apiCost, apiCrossover, HOURS_PER_MONTH, tokenSeconds } from "../tokens/model";
import { broadcast } from "./broadcast";
import { STAGETABLE_COLUMNS, stageTableSpill } from "./stageTableSpill";
import { ExampleWords, FunctionExamples, yearlyRetraining } from "./examples";
import * as inExcel from "../core/excel/formulas";
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
  /** the calls the help page shows, the bench times and a test makes through the adapter */
  readonly examples: FunctionExamples;
}

/** A function that takes single values and spills a whole table (STAGETABLE). */
export interface TableFunctionSpec {
  readonly id: string;
  readonly kind: "table";
  readonly arguments: readonly ArgumentSpec[];
  /** the whole spill from the arguments as Excel hands them over */
  readonly spill: (...argumentsIn: unknown[]) => CellResult[][];
  readonly examples: FunctionExamples;
}

/** A row of the catalog. */
export type FunctionSpec = CellFunctionSpec | TableFunctionSpec;

/** How a function reads, apart from what it runs: the catalog row's fields the functions bundle leaves out. */
type FormKey = "excel" | "examples";
/** What Excel runs of a function: its catalog row without its forms. */
type FunctionRuntime = Omit<CellFunctionSpec, FormKey> | Omit<TableFunctionSpec, FormKey>;
/** A function's forms: its Excel form (a cell-by-cell function's) and its examples. */
interface FunctionForms {
  readonly excel?: ExcelFormula;
  readonly examples: FunctionExamples;
}

/** A cell-by-cell row as written below: argument names alone where nothing else is said of them. */
interface CellRow extends Omit<CellFunctionSpec, "kind" | "arguments" | "loop" | "result" | FormKey> {
  readonly arguments: readonly (string | ArgumentSpec)[];
  readonly loop: { cellLoop: CellLoop };
  readonly result?: "number" | "text";
}

const cells = <Id extends string>({
  arguments: names,
  loop,
  result = "number",
  ...row
}: CellRow & { readonly id: Id }): Omit<CellFunctionSpec, FormKey> & { readonly id: Id } => ({
  ...row,
  kind: "cells",
  arguments: names.map((name) => (typeof name === "string" ? { name } : name)),
  result,
  loop: loop.cellLoop,
});

/** A table row as written, its id kept as its literal. */
const table = <Id extends string>(
  row: Omit<TableFunctionSpec, FormKey> & { readonly id: Id },
): Omit<TableFunctionSpec, FormKey> & { readonly id: Id } => row;

/** DOMINANTHALF in Excel's language: the lead rounded by ROUND as the model rounds it, each step named once. */
const dominantHalfExcel: ExcelFormula = ([clips, seconds, training], bind) =>
  bind(inExcel.splitRatio(inExcel.servingHours(clips, seconds), training), (ratio) =>
    bind(inExcel.leadOfRatio(ratio), (lead) =>
      bind(inExcel.roundedLead(lead), (rounded) => inExcel.dominantHalf(rounded, ratio)),
    ),
  );

/** STAGETABLE's arguments, as the stage model names them in its messages. */
const STAGETABLE_ARGUMENTS: readonly ArgumentSpec[] = STAGE_TABLE_ARGUMENTS.map((name) => ({ name }));

/** The budget's worked example's price per accelerator-hour (2), which the cost examples are priced at. */
const EXAMPLE_PRICE = STEADY_GROWTH_EXAMPLE.pricePerHour!;

/** The estate's worked example's clips in a year: 250 clips/s over 360 days. */
const ESTATE_YEAR_CLIPS = EXAMPLE_ESTATE.clipsPerSecond * EXAMPLE_ESTATE.daysPerYear * SECONDS_PER_DAY;

/** MARGINALCOSTPER1K's arguments in the model's order: the optional peak-to-mean comes last in a cell. */
const marginalCostPer1k = (secondsPerClip: number, pricePerHour: number, peakToMean: number) =>
  marginalCostPerThousandClips(secondsPerClip, peakToMean, pricePerHour);

/**
 * Both ledgers' worked example (docs/cost-model.md, "Both ledgers"): a run of 600 h at 2.00, 250 clips/s in a
 * 30-day month, drift 2e-7 errors a clip a month, an error 1.00 (two minutes of review at 30.00 an hour).
 */
const LEDGER_EXAMPLE = {
  runCost: 1200,
  clipsPerMonth: 648e6,
  drift: EXAMPLE_LEDGER_INPUTS.driftPerMonth!,
  costPerError: 1,
};

/**
 * Serving bought by the token's worked example (docs/cost-model.md): 1,500 input and 200 output tokens a request,
 * the API at 0.15 / 0.60 per 1M (0.000345 a request), a fleet at 10,000 / 2,000 tokens a second (0.25 s), peak-to-
 * mean 1.5, at least 2 accelerators at 2.50 an hour.
 */
const TOKEN_EXAMPLE = {
  inputTokens: 1500,
  outputTokens: 200,
  inputPrice: 0.15,
  outputPrice: 0.6,
  apiPerRequest: 0.000345,
  secondsPerRequest: 0.25,
  peakToMean: 1.5,
  minAccelerators: 2,
  pricePerHour: 2.5,
};

/** A share of the result, for a note that gives it in words: "(2.7%)". */
const shareOfResult = (w: ExampleWords) => `(${w.share(w.result as number)})`;

/** The catalog's rows as written, each id its own literal (FunctionId). */
/**
 * What Excel runs of every MLCOST function, in the order functions.json lists them, each id its own literal
 * (FunctionId): its arguments, its model formula and its cell loop, or its spill. The functions bundle
 * (dist/functions.js) carries these rows and nothing of FUNCTION_FORMS, which only the workbook, the help page,
 * the bench and the tests read.
 */
const FUNCTION_ROWS = [
  cells({
    id: "CROSSOVER",
    arguments: ["training_hours", "seconds_per_clip"],
    formula: crossoverClips,
    loop: require("./cellLoop?CROSSOVER"),
  }),
  cells({
    id: "SERVINGHOURS",
    arguments: ["clips", "seconds_per_clip"],
    formula: servingHours,
    loop: require("./cellLoop?SERVINGHOURS"),
  }),
  cells({
    id: "AMDAHLCEILING",
    arguments: ["part_hours", "total_hours", { name: "fraction_cut", defaultValue: 1, domain: "fraction" }],
    formula: amdahlCeiling,
    loop: require("./cellLoop?AMDAHLCEILING"),
  }),
  cells({
    id: "CLIPSPERINTERVAL",
    arguments: ["clips_per_second", "interval_days"],
    formula: clipsPerInterval,
    loop: require("./cellLoop?CLIPSPERINTERVAL"),
  }),
  cells({
    id: "SPLITRATIO",
    arguments: ["clips", "seconds_per_clip", "training_hours"],
    formula: splitRatio,
    loop: require("./cellLoop?SPLITRATIO"),
  }),
  cells({
    id: "DOMINANTHALF",
    arguments: ["clips", "seconds_per_clip", "training_hours"],
    formula: dominantHalf,
    loop: require("./cellLoop?DOMINANTHALF"),
    result: "text",
  }),
  table({
    id: "STAGETABLE",
    kind: "table",
    arguments: STAGETABLE_ARGUMENTS,
    spill: stageTableSpill(STAGETABLE_ARGUMENTS.map((argument) => argument.name)),
  }),
  cells({
    id: "TRAININGSHARE",
    arguments: ["training_hours", "serving_hours", { name: "other_hours", defaultValue: 0 }],
    formula: trainingShare,
    loop: require("./cellLoop?TRAININGSHARE"),
  }),
  cells({
    id: "LEVERSAVING",
    arguments: ["part_hours", "current", "proposed"],
    formula: leverSaving,
    loop: require("./cellLoop?LEVERSAVING"),
  }),
  // The budget over time's functions (docs/cost-model.md, "The budget over time"). A cell loop's query is letters
  // alone, as Jest's mapping of it reads (jest.config.js), so COSTPER1K's copy is asked for by its words.
  cells({
    id: "COSTPER1K",
    arguments: ["training_hours", "serving_hours", "clips", "price"],
    formula: costPerThousandClips,
    loop: require("./cellLoop?COSTPERTHOUSAND"),
  }),
  cells({
    id: "CLIPSPERMONTH",
    arguments: ["clips_per_second", { name: "days_per_year", defaultValue: STEADY_GROWTH_EXAMPLE.daysPerYear }],
    formula: monthClips,
    loop: require("./cellLoop?CLIPSPERMONTH"),
  }),
  cells({
    id: "MARGINALCOSTPER1K",
    arguments: ["seconds_per_clip", "price", { name: "peak_to_mean", defaultValue: 1, domain: "factor" }],
    formula: marginalCostPer1k,
    loop: require("./cellLoop?MARGINALCOSTPERTHOUSAND"),
  }),
  // The estate's (docs/cost-model.md, "Several models in one plan"): one model's serving on a share of the clips.
  cells({
    id: "MODELSERVINGHOURS",
    arguments: [
      "clips",
      { name: "share_scored", domain: "fraction" },
      "seconds_per_clip",
      { name: "peak_to_mean", defaultValue: 1, domain: "factor" },
    ],
    formula: modelServingHours,
    loop: require("./cellLoop?MODELSERVINGHOURS"),
  }),
  // Both ledgers' functions (docs/cost-model.md, "Both ledgers"): drift is a fraction, errors a clip a month.
  cells({
    id: "STALENESSCOST",
    arguments: ["clips_per_month", { name: "drift", domain: "fraction" }, "cost_per_error", "cadence_months"],
    formula: stalenessCost,
    loop: require("./cellLoop?STALENESSCOST"),
  }),
  cells({
    id: "ECONOMICCADENCE",
    arguments: ["run_cost", "clips_per_month", { name: "drift", domain: "fraction" }, "cost_per_error"],
    formula: economicCadence,
    loop: require("./cellLoop?ECONOMICCADENCE"),
  }),
  // Serving bought by the token (docs/cost-model.md, "Serving bought by the token"): prices per 1M tokens.
  cells({
    id: "TOKENSECONDS",
    arguments: ["input_tokens", "output_tokens", "input_tokens_per_second", "output_tokens_per_second"],
    formula: tokenSeconds,
    loop: require("./cellLoop?TOKENSECONDS"),
  }),
  cells({
    id: "APICOST",
    arguments: ["requests", "input_tokens", "output_tokens", "input_price_per_million", "output_price_per_million"],
    formula: apiCost,
    loop: require("./wideCellLoop?APICOST"),
  }),
  cells({
    id: "APICROSSOVER",
    arguments: [
      "min_accelerators",
      "price_per_hour",
      "api_cost_per_request",
      "seconds_per_request",
      { name: "peak_to_mean", domain: "factor" },
      { name: "hours_per_month", defaultValue: HOURS_PER_MONTH },
    ],
    formula: apiCrossover,
    loop: require("./wideCellLoop?APICROSSOVER"),
  }),
];

/** A function's id: one of the catalog's, so a call by an id the catalog lacks does not compile. */
export type FunctionId = (typeof FUNCTION_ROWS)[number]["id"];

/**
 * How each function reads, by id: its Excel form (`excel`, from the builders; a cell-by-cell function's only),
 * which the LAMBDA twins and plain rewrites write into a workbook, and its examples, which the help page, the
 * bench and test/functions/examples.test.ts read. Apart from FUNCTION_ROWS so that the functions bundle leaves
 * them out; keyed by FunctionId, so a function without its forms does not compile.
 */
export const FUNCTION_FORMS: Readonly<Record<FunctionId, FunctionForms>> = {
  CROSSOVER: {
    excel: ([t, s]) => inExcel.crossoverClips(t, s),
    examples: [
      {
        args: (f) => [f.plan.trainingHours, f.plan.secondsPerClip],
        returns: 54e6,
        note: (w) => `clips ${w.perInterval}`,
      },
    ],
  },
  SERVINGHOURS: {
    excel: ([c, s]) => inExcel.servingHours(c, s),
    examples: [
      { args: (f) => [f.clips, f.plan.secondsPerClip], returns: 21_600, note: (w) => `serving hours ${w.perInterval}` },
      {
        args: (f) => [f.crossover, f.plan.secondsPerClip],
        returns: 600,
        note: "hours: at the crossover, serving costs what training does",
      },
    ],
  },
  AMDAHLCEILING: {
    excel: ([p, t, f]) => inExcel.amdahlCeiling(p, t, f),
    examples: [
      {
        args: (f) => [f.trainingYear, f.totalYear],
        returns: 0.027,
        note: (w) =>
          `${shareOfResult(w)}: training's share of a year's bill, and the most any saving on training can take off it`,
      },
      {
        args: (f) => {
          const { now, proposed } = yearlyRetraining(f);
          return [f.trainingYear, f.totalYear, (now - proposed) / now];
        },
        returns: 0.0203,
        note: (w) =>
          `${shareOfResult(w)}: ${yearlyRetraining(w.figures).words} saves at most that share of a year's bill`,
      },
    ],
  },
  CLIPSPERINTERVAL: {
    excel: ([r, d]) => inExcel.clipsPerInterval(r, d),
    examples: [
      {
        args: (f) => [f.plan.clipsPerSecond, f.plan.intervalDays],
        returns: 1_944_000_000,
        note: (w) => `clips ${w.perInterval}`,
      },
    ],
  },
  SPLITRATIO: {
    excel: ([c, s, t]) => inExcel.splitRatio(inExcel.servingHours(c, s), t),
    examples: [
      {
        args: (f) => [f.clips, f.plan.secondsPerClip, f.plan.trainingHours],
        returns: 36,
        note: "serving hours per training hour",
      },
    ],
  },
  DOMINANTHALF: {
    excel: dominantHalfExcel,
    examples: [
      {
        args: (f) => [f.clips, f.plan.secondsPerClip, f.plan.trainingHours],
        returns: "serving, 36x",
        note: (w) => `at ${w.figure(w.figures.clips)} clips ${w.perInterval}`,
      },
      {
        // The first row of the docs' table of traffic levels: the same for every plan.
        args: (f) => [5e6, f.plan.secondsPerClip, f.plan.trainingHours],
        returns: "training, 10.8x",
        note: (w) => `at ${w.figure(5e6)} clips ${w.perInterval}`,
      },
      {
        args: (f) => [f.plan.prototypeClips, f.plan.secondsPerClip, f.plan.trainingHours],
        returns: "training, 10800x",
        note: (w) => `at the prototype stage's ${w.figure(w.figures.plan.prototypeClips)}`,
      },
    ],
  },
  STAGETABLE: {
    examples: [
      {
        args: (f) => [f.plan.trainingHours, f.plan.secondsPerClip, f.plan.prototypeClips, f.crossover, f.clips],
        returns: [
          STAGETABLE_COLUMNS.map((column) => column.heading),
          ["Prototype", 5000, 0.0556, 600, 600, 0.0000926, "training, 10800x", 1],
          ["Launch", 54e6, 600, 600, 1200, 1, "equal", 0.5],
          ["Scale", 1_944_000_000, 21_600, 600, 22_200, 36, "serving, 36x", 0.027],
        ],
        note: "launch at the crossover",
      },
    ],
  },
  TRAININGSHARE: {
    excel: ([t, s, o]) => inExcel.trainingShare(t, s, o),
    examples: [
      {
        args: (f) => [f.trainingYear, f.servingYear],
        returns: 0.027,
        note: (w) => `${shareOfResult(w)}: the most any change to training can take off a year's bill`,
      },
      {
        args: (f) => [f.trainingYear, 2 * f.servingYear],
        returns: 0.0137,
        note: (w) => `${shareOfResult(w)}: against serving paid at 2x peak-to-mean`,
      },
      {
        args: (f) => [f.trainingYear, f.servingYear, f.rescanHours],
        returns: 0.018,
        note: (w) => `${shareOfResult(w)}: with one back-catalogue re-scan of ${w.figure(w.figures.rescanHours)} hours`,
      },
    ],
  },
  LEVERSAVING: {
    excel: ([p, c, q]) => inExcel.leverSaving(p, c, q),
    examples: [
      {
        args: (f) => {
          const { now, proposed } = yearlyRetraining(f);
          return [f.trainingYear, now, proposed];
        },
        returns: 1800,
        note: (w) => `hours a year: ${yearlyRetraining(w.figures).words}`,
      },
      {
        // A quarter off the time per clip: 40 ms to 30 ms in the worked example.
        args: (f) => [f.servingYear, f.plan.secondsPerClip, f.plan.secondsPerClip * 0.75],
        returns: 21_600,
        note: (w) => {
          const ms = (seconds: number) => `${w.figure(seconds * 1000)} ms`;
          const seconds = w.figures.plan.secondsPerClip;
          const multiple = w.figure((w.result as number) / w.figures.trainingYear);
          return `hours a year: ${ms(seconds)} to ${ms(seconds * 0.75)} per clip, ${multiple} times the training half`;
        },
      },
    ],
  },
  COSTPER1K: {
    excel: ([t, s, c, p]) => inExcel.costPerThousandClips(t, s, c, p),
    examples: [
      {
        args: (f) => [f.trainingYear, f.servingYear, f.clips * f.retrainsPerYear, EXAMPLE_PRICE],
        returns: 0.0228,
        note: (w) =>
          `per 1,000 clips at a price of ${w.figure(EXAMPLE_PRICE)} per accelerator-hour: a year's training ` +
          `amortised over its ${w.figure(w.figures.clips * w.figures.retrainsPerYear)} clips`,
      },
      {
        args: (f) => [f.trainingYear, 2 * f.servingYear, f.clips * f.retrainsPerYear, EXAMPLE_PRICE],
        returns: 0.0451,
        note: "per 1,000 clips, with serving paid at 2x peak-to-mean",
      },
    ],
  },
  CLIPSPERMONTH: {
    excel: ([r, d]) => inExcel.monthClips(r, d),
    examples: [
      {
        args: (f) => [f.plan.clipsPerSecond],
        returns: 648_000_000,
        note: "clips in a month of 30 days, a twelfth of a 360-day year",
      },
      {
        args: (f) => [f.plan.clipsPerSecond, 365],
        returns: 657_000_000,
        note: "clips in a twelfth of a 365-day year",
      },
    ],
  },
  MARGINALCOSTPER1K: {
    excel: ([s, p, m]) => inExcel.marginalCostPerThousandClips(s, m, p),
    examples: [
      {
        args: (f) => [f.plan.secondsPerClip, EXAMPLE_PRICE],
        returns: 0.0222,
        note: (w) =>
          `what 1,000 more clips cost at a price of ${w.figure(EXAMPLE_PRICE)} per accelerator-hour, training aside`,
      },
      {
        args: (f) => [f.plan.secondsPerClip, EXAMPLE_PRICE, 2],
        returns: 0.0444,
        note: "with the fleet held at 2x peak-to-mean: twice the hours paid for each clip",
      },
    ],
  },
  MODELSERVINGHOURS: {
    excel: ([c, f, s, m]) => inExcel.modelServingHours(c, f, s, m),
    examples: [
      {
        // The estate's escalation model: 0.5 s a clip on one clip in twenty, over the example's year of clips.
        args: () => {
          const escalation = EXAMPLE_ESTATE.models[2];
          return [ESTATE_YEAR_CLIPS, escalation.shareScored, escalation.secondsPerClip];
        },
        returns: 54_000,
        note: (w) =>
          `hours a year: an escalation model at ${w.figure(EXAMPLE_ESTATE.models[2].secondsPerClip)} s a clip ` +
          `scoring one clip in twenty of ${w.figure(ESTATE_YEAR_CLIPS)}`,
      },
      {
        args: () => [ESTATE_YEAR_CLIPS, 1, EXAMPLE_ESTATE.models[0].secondsPerClip, 2],
        returns: 172_800,
        note: "hours paid a year: a first-pass model on every clip, its fleet held at 2x peak-to-mean",
      },
    ],
  },
  STALENESSCOST: {
    excel: ([n, d, c, k]) =>
      inExcel.whenDrifting(d, inExcel.wholeMonthsOnly(k, inExcel.stalenessCost(n, d, c, k)), n, c, k),
    examples: [
      {
        args: () => [LEDGER_EXAMPLE.clipsPerMonth, LEDGER_EXAMPLE.drift, LEDGER_EXAMPLE.costPerError, 12],
        returns: 713,
        note: "a month on average (712.80): what the model's age costs in review, retrained yearly",
      },
      {
        args: () => [LEDGER_EXAMPLE.clipsPerMonth, LEDGER_EXAMPLE.drift, LEDGER_EXAMPLE.costPerError, 3],
        returns: 130,
        note: "a month on average (129.60), retrained quarterly",
      },
    ],
  },
  ECONOMICCADENCE: {
    excel: ([r, n, d, c]) => inExcel.whenDrifting(d, inExcel.economicCadence(r, n, d, c), r, n, c),
    examples: [
      {
        args: () => [LEDGER_EXAMPLE.runCost, LEDGER_EXAMPLE.clipsPerMonth, LEDGER_EXAMPLE.drift, 1],
        returns: 4.3,
        note: "months (4.3033): the best whole month is 4, at 494.40 a month of runs and staleness",
      },
    ],
  },
  TOKENSECONDS: {
    excel: ([i, o, a, b]) => inExcel.tokenSeconds(i, o, a, b),
    examples: [
      {
        args: () => [TOKEN_EXAMPLE.inputTokens, TOKEN_EXAMPLE.outputTokens, 10_000, 2000],
        returns: 0.25,
        note: "seconds of one accelerator a request: 1,500 tokens read at 10,000 a second, 200 written at 2,000",
      },
    ],
  },
  APICOST: {
    excel: ([n, i, o, p, q]) => inExcel.apiCost(n, i, o, p, q),
    examples: [
      {
        args: () => [10e6, TOKEN_EXAMPLE.inputTokens, TOKEN_EXAMPLE.outputTokens, 0.15, 0.6],
        returns: 3450,
        note: "a month of 10,000,000 requests at 0.15 and 0.60 per 1M tokens (the fleet: 3,600.00)",
      },
      {
        args: () => [1, TOKEN_EXAMPLE.inputTokens, TOKEN_EXAMPLE.outputTokens, 0.15, 0.6],
        returns: 0.000345,
        note: "one request: APICROSSOVER's api_cost_per_request",
      },
    ],
  },
  APICROSSOVER: {
    excel: ([k, p, a, s, m, h]) => inExcel.apiCrossover(k, p, a, s, m, h),
    examples: [
      {
        args: () => {
          const t = TOKEN_EXAMPLE;
          return [t.minAccelerators, t.pricePerHour, t.apiPerRequest, t.secondsPerRequest, t.peakToMean];
        },
        returns: 10_434_783,
        note:
          "requests a month (10,434,782.6) from which 2 accelerators always on at 2.50 an hour cost less than the " +
          "API; at 20,000,000 the fleet costs 5,208.33 against the API's 6,900.00",
      },
    ],
  },
};

/** A runtime row with its forms: a catalog row. */
function withForms(row: FunctionRuntime): FunctionSpec {
  const { excel, examples } = FUNCTION_FORMS[row.id as FunctionId];
  if (row.kind === "table") return { ...row, examples };
  // catalog.test.ts holds every cell-by-cell function to an Excel form.
  return { ...row, excel: excel!, examples };
}

/**
 * Every MLCOST function, in the order functions.json lists them (test/functions/catalog.test.ts holds the order):
 * what it runs and how it reads. Pure, so that the functions bundle, which reads only callById, drops the forms.
 */
export const FUNCTION_CATALOG: readonly FunctionSpec[] = /* @__PURE__ */ FUNCTION_ROWS.map(withForms);

/** Every function's id, in the catalog's order. */
export const FUNCTION_IDS: readonly FunctionId[] = FUNCTION_ROWS.map((row) => row.id);

/** A function as Excel calls it: its arguments as handed over, its result as rows of cells. */
// Excel hands over any cell value.
export type CustomFunction = (...argumentsIn: any[]) => CellResult[][];

/** The callable behind a catalog row: what it runs, its forms aside. */
export function callerOf(spec: FunctionRuntime): CustomFunction {
  if (spec.kind === "table") return spec.spill;
  const textResults = spec.result === "text";
  return (...argumentsIn) => broadcast(spec.arguments, spec.formula, textResults, spec.loop, argumentsIn);
}

/** Every function's callable by id, built once from what the functions run (FUNCTION_ROWS). */
export const callById: Readonly<Record<FunctionId, CustomFunction>> = FUNCTION_ROWS.reduce(
  (byId, spec) => ({ ...byId, [spec.id]: callerOf(spec) }),
  {} as Record<FunctionId, CustomFunction>,
);
