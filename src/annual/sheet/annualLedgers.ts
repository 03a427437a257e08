/*
 * The annual sheet's "Both ledgers" section (issue 30; docs/cost-model.md, "Both ledgers"): the second ledger's
 * inputs as blue, named cells (LEDGER_FIELDS, blank = not counted), then the staleness a month and a year at the
 * cadence now, the cadence lever's compute saving, the staleness it adds and the net on its own row, and the
 * economic cadence with its best whole month. Every figure is ledgers/sheet's builder over this sheet's cells (no
 * formula restated here), wrapped in whenCounted so a blank ledger reads "not counted", never a cost of 0; its cached
 * value is annualLedgers' (ledgers/model). The inputs' validation and bounds, and the two checks (each 0 where the
 * ledger is not counted: the net is the saving minus the staleness added, and the best whole month costs no more a
 * month than its neighbours), are ledgers/sheet's, which the what-if sheet's scenario columns share; the words are
 * this sheet's.
 */
import { AnnualFigures, AnnualPlan, LEVERS } from "../model";
import {
  annualLedgers,
  errorCost,
  LEDGER_FIELDS,
  LedgerFigures,
  LedgerInputs,
  NO_PRICE,
  ONE_LEDGER_ONLY,
} from "../../ledgers/model";
import {
  cadenceMonthlyCost,
  cadenceOfRuns,
  changeSaving,
  ECONOMIC_FIGURES,
  EconomicCells,
  EconomicKey,
  ledgerBoundChecks,
  ledgerChecks,
  LedgerCheckStyle,
  ledgerCounted,
  ledgerErrorCost,
  ledgerInputCell,
  ledgerColumnFigures,
  LedgerColumnFigures,
  ledgerInputValidation,
  netPerYear,
  perYear,
  runCost as runCostFormula,
  stalenessAdded,
  stalenessPerMonth,
  whenCounted,
} from "../../ledgers/sheet";
import { isProblem, Problem } from "../../core/model/problems";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell } from "../../core/sheet/rows";
import { CHECK_TOLERANCE, SheetCheck, textLiteral } from "../../core/sheet/checks";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import { AnnualRows, AnnualSection, SheetNames } from "./annualSection";

/** The one name the section derives: 1 where the second ledger is counted, 0 where not. */
export const LEDGER_COUNTED_NAME = "LedgerCounted";

/** The section's defined names, unsuffixed: its inputs', then the derived one. */
export const ANNUAL_LEDGER_NAMES: readonly string[] = [
  ...LEDGER_FIELDS.map((field) => field.definedName),
  LEDGER_COUNTED_NAME,
];

/** A cadence in months: 4.3033. */
const MONTHS_FORMAT = "0.0000";

/** What the section reads elsewhere on the sheet. */
export interface LedgerContext {
  plan: AnnualPlan;
  view: AnnualFigures;
  names: SheetNames;
  inputs: LedgerInputs;
  costFormat: string;
  /** the cadence lever's money saved a year (its cell in the levers table); undefined without a price */
  cadenceSavingCell?: string;
}

/** The section and its checks, for the checks at the foot. */
export interface LedgersSection extends AnnualSection {
  checks: SheetCheck[];
}

const numberOr0 = (x: number | Problem | undefined): number => (typeof x === "number" ? x : 0);

/** The inputs' rows, each named and validated; each field's cell by key. */
function inputRows(rows: AnnualRows, context: LedgerContext): Record<keyof LedgerInputs, string> {
  const cells = {} as Record<keyof LedgerInputs, string>;
  for (const field of LEDGER_FIELDS) {
    const unit = `${field.unit} (blank: ${field.blankMeans})`;
    const cell = ledgerInputCell(field, context.inputs, context.costFormat);
    cells[field.key] = rows.labelled(field.label, cell, unit, { name: field.definedName });
    rows.validate(ledgerInputValidation(field, cells[field.key]));
  }
  return cells;
}

/** The model's figures when the ledger is counted, else undefined (the sheet's cells read "not counted"). */
function countedFigures(context: LedgerContext): LedgerFigures | undefined {
  const figures = annualLedgers(context.plan, context.view, context.inputs);
  return !isProblem(figures) && figures.counted ? figures : undefined;
}

/**
 * The "Both ledgers" section of the annual sheet, from sheet row `top`: the inputs, then (priced) the figures and
 * the two checks; without a price, the inputs and NO_PRICE's sentence.
 */
export function ledgersSection(top: number, context: LedgerContext): LedgersSection {
  const rows = new AnnualRows(top, context.names);
  rows.heading("Both ledgers: what the cadence costs in compute against what a staler model costs");
  const cells = inputRows(rows, context);
  const bounds = ledgerBoundChecks((key) => cells[key], context.inputs);
  if (context.cadenceSavingCell === undefined || context.plan.pricePerHour === undefined) {
    rows.wrappedNote(NO_PRICE);
    return { ...rows.section(), checks: bounds };
  }
  const { checks } = figureRows(rows, context, cells, context.cadenceSavingCell);
  return { ...rows.section(), checks: [...bounds, ...checks] };
}

/** Shorthands over the section's rows: a labelled figure, "not counted" while the ledger is not. */
function figureWriter(rows: AnnualRows, counted: string, isCounted: boolean) {
  return (label: string, formula: string, value: number | Problem | undefined, format: string, unit: string) =>
    rows.labelled(
      label,
      figureCell(whenCounted(counted, formula), isCounted ? (value ?? 0) : "not counted", format),
      unit,
    );
}

/** A run's money as the model prices it: the year's training over its runs, at the price, plus its other costs. */
function runCostOf({ plan, view, inputs }: LedgerContext): number {
  return (view.table.hours.training / plan.runsPerYear) * (plan.pricePerHour ?? 0) + (inputs.otherCostPerRun ?? 0);
}

/** The counted ledger's sentence, or the one-ledger one. */
const COUNTED_SENTENCE = "Both ledgers counted: compute, and what a staler model costs in review and harm.";

/** The figures' rows, and the two checks (0 where the ledger is not counted). */
function figureRows(
  rows: AnnualRows,
  context: LedgerContext,
  cells: Record<keyof LedgerInputs, string>,
  cadenceSaving: string,
): Pick<LedgersSection, "checks"> {
  const { names, plan, costFormat } = context;
  const figures = countedFigures(context);
  const { driftPerMonth: drift, costPerError, reviewMinutesPerError: minutes, reviewerCostPerHour: hourly } = cells;
  const counted = rows.labelled(
    "Second ledger counted",
    figureCell(ledgerCounted(drift, costPerError, minutes, hourly), figures ? 1 : 0, NUMBER_FORMAT.typed),
    "1: drift and the cost of one error given; 0: not counted",
    { name: LEDGER_COUNTED_NAME },
  );
  const sentence = `IF(${counted}=1,${textLiteral(COUNTED_SENTENCE)},${textLiteral(ONE_LEDGER_ONLY)})`;
  rows.push([figureCell(sentence, figures ? COUNTED_SENTENCE : ONE_LEDGER_ONLY, NUMBER_FORMAT.text, "label")]);
  const figure = figureWriter(rows, counted, figures !== undefined);
  const months = (label: string, formula: string, value: number | Problem | undefined, unit = "months") =>
    figure(label, formula, value, MONTHS_FORMAT, unit);
  const money = (label: string, formula: string, value: number | Problem | undefined, unit: string) =>
    figure(label, formula, value, costFormat, unit);

  const error = money(
    "Cost of one error, used",
    ledgerErrorCost(costPerError, minutes, hourly),
    errorCost(context.inputs),
    "typed, or minutes of review × hourly cost / 60",
  );
  const runHours = `${names.named("YearTrainingHours")}/${names.field("runsPerYear")}`;
  const runCost = money(
    "A run's cost",
    runCostFormula(runHours, names.field("pricePerHour"), cells.otherCostPerRun),
    runCostOf(context),
    "its compute at the price, plus its other costs",
  );
  const clipsValue = (plan.clipsPerSecond * plan.daysPerYear * 86400) / MONTHS_PER_YEAR;
  const clips = figure(
    "Clips a month",
    `${names.named("YearClips")}/${MONTHS_PER_YEAR}`,
    clipsValue,
    NUMBER_FORMAT.clips,
    "the year's clips / 12",
  );
  const staleAt = (at: string) => stalenessPerMonth(clips, drift, error, at);
  const runsNow = names.field("runsPerYear");
  const runsProposed = names.field("runsPerYearProposed");
  const cadence = LEVERS.find((lever) => lever.id === "cadence")!;
  const leverRow = context.view.levers.rows.find((row) => row.lever === cadence.id);
  const nowMonths = months("Cadence now", cadenceOfRuns(runsNow), MONTHS_PER_YEAR / plan.runsPerYear);
  const proposedRuns = leverRow?.proposed ?? plan.runsPerYear;
  const proposedMonths = months("Cadence proposed", cadenceOfRuns(runsProposed), MONTHS_PER_YEAR / proposedRuns);
  const nowCost = money("Staleness a month, now", staleAt(nowMonths), figures?.stalenessPerMonth, "at the cadence now");
  money("Staleness a year, now", perYear(nowCost), figures?.stalenessPerYear, "a month × 12");
  const change = figures?.change;
  const proposedCost = money(
    "Staleness a month, proposed",
    staleAt(proposedMonths),
    figures && change
      ? numberOr0(figures.stalenessPerMonth) + numberOr0(change.stalenessAddedPerYear) / MONTHS_PER_YEAR
      : figures?.stalenessPerMonth,
    "at the cadence proposed",
  );
  const saving = money(
    "Cadence lever: compute saved a year",
    changeSaving(cadenceSaving, cells.otherCostPerRun, runsNow, runsProposed),
    change ? change.savingPerYear : 0,
    "the first ledger, with a run's other costs",
  );
  const added = money(
    "Cadence lever: staleness added a year",
    stalenessAdded(proposedCost, nowCost),
    change ? change.stalenessAddedPerYear : 0,
    "the second ledger (negative: a fresher model costs less)",
  );
  const net = money(
    "Cadence lever: net a year",
    netPerYear(saving, added),
    change ? change.netPerYear : 0,
    "saving - staleness added: negative when the change loses",
  );
  const monthly = (at: string) => cadenceMonthlyCost(runCost, at, staleAt(at));
  // The economic cadence's chain, its cached values ledgers/sheet's column of figures: where the model has no
  // economic cadence (drift 0: NO_DRIFT), its whole months and their costs are that error too, as the sheet's are.
  const column =
    figures &&
    ledgerColumnFigures(
      { runCost: runCostOf(context), clips: clipsValue, months: MONTHS_PER_YEAR / plan.runsPerYear },
      figures.drift,
      figures.costPerError,
    );
  const chain = { runCost, clips, drift, costPerError: error, monthly };
  const economic = economicRows(figure, chain, column, costFormat);
  const values = column ? { net: change?.netPerYear, best: column.best, costOf: column.costOf } : { costOf: () => 0 };
  const checked = { net, saving, added, best: economic.best, bestCost: economic.bestCost, monthly };
  return { checks: ledgerChecks(checked, values, CHECK_STYLE) };
}

/** The annual sheet's label and unit for each figure of the economic cadence (ledgers/sheet's ECONOMIC_FIGURES). */
const ECONOMIC_WORDS: Record<EconomicKey, [string, string]> = {
  economic: ["Economic cadence", "months, real: sqrt(2 × run cost / (clips × cost × drift))"],
  below: ["Whole month below", "months"],
  above: ["Whole month above", "months"],
  costBelow: ["Its cost a month", "run cost / months + staleness"],
  costAbove: ["Its cost a month", "run cost / months + staleness"],
  best: ["Best whole month", "months"],
  bestCost: ["Best whole month's cost a month", "both ledgers a month"],
};

/**
 * The economic cadence's rows (ledgers/sheet's ECONOMIC_FIGURES): real, its whole months below and above with what
 * each costs a month, the best of the two and its cost, each written by `figure` ("not counted" while the ledger is
 * not), its value `column`'s. Each figure's cell, by key.
 */
function economicRows(
  figure: ReturnType<typeof figureWriter>,
  cells: EconomicCells,
  column: LedgerColumnFigures | undefined,
  costFormat: string,
): Record<EconomicKey, string> {
  const placed = {} as Record<EconomicKey, string>;
  for (const { key, quantity, formula, value } of ECONOMIC_FIGURES) {
    const [label, unit] = ECONOMIC_WORDS[key];
    const format = quantity === "moneyAMonth" ? costFormat : MONTHS_FORMAT;
    placed[key] = figure(label, formula(cells, placed), column && value(column), format, unit);
  }
  return placed;
}

/** The tolerance of the ledger's checks, written out (the checks' own cell sits below them). */
const TOLERANCE = CHECK_TOLERANCE.toFixed(12).replace(/0+$/, "");

/** The annual sheet's words for its two ledger checks (ledgers/sheet's ledgerChecks), the tolerance written out. */
const CHECK_STYLE: LedgerCheckStyle = {
  net: {
    name: "The cadence lever's net is its saving minus the staleness added",
    failure:
      "The net a year of both ledgers differs from the saving minus the staleness added: a figure was typed over.",
  },
  best: {
    name: "The best whole month costs no more than its neighbours",
    failure: "A whole month next to the best one costs less a month: a ledger figure was typed over.",
  },
  tolerance: TOLERANCE,
};
