/*
 * Both ledgers on the what-if sheet (issue 30; docs/cost-model.md, "Both ledgers"): the staleness ledger's inputs,
 * once, then per scenario column its run's cost, its clips a month and its cadence, the staleness a month and a
 * year at that cadence, against the base the cadence change's compute saving, the staleness it adds and the net,
 * and the economic cadence with its best whole month; below, the base scenario's cadence sensitivity (both ledgers
 * a month, retrain every 1..12 months). Every formula is ledgers/sheet's builder over this sheet's cells but one,
 * the saving between two scenarios whose runs may differ (scenarioSaving below). Written only when the planner
 * gave the ledger's inputs (WhatIfOptions.ledger), so a blank ledger leaves the sheet as it was.
 */
import { LEDGER_FIELDS, LedgerInputs, SENSITIVITY_CADENCES, stalenessCost, economicCadence } from "../../ledgers/model";
import {
  bestWholeMonth as bestWholeMonthFormula,
  bestWholeMonthCost as bestWholeMonthCostFormula,
  cadenceMonthlyCost as cadenceMonthlyCostFormula,
  economicCadence as economicCadenceFormula,
  ledgerCounted as ledgerCountedFormula,
  ledgerErrorCost as ledgerErrorCostFormula,
  netPerYear as netPerYearFormula,
  perYear as perYearFormula,
  runCost as runCostFormula,
  stalenessAdded as stalenessAddedFormula,
  stalenessPerMonth as stalenessPerMonthFormula,
  whenCounted as whenCountedFormula,
  wholeMonthAbove as wholeMonthAboveFormula,
  wholeMonthBelow as wholeMonthBelowFormula,
} from "../../ledgers/sheet";
import { monthClips } from "../../core/excel/formulas";
import { DAYS_PER_YEAR_COUNTED } from "../../annual/model";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { costOf, effectiveTrainingHours, Plan } from "../../stages/model";
import { ScenarioState } from "../model/scenarios";
import { LayoutCell } from "../../core/sheet/cell";
import { moneyFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell, RowSpan } from "../../core/sheet/rows";
import { Names, safeText } from "../../core/sheet/sheetBasics";
import { BlockRows } from "./columnFormulas";
import { rightHeader, SheetSection, WhatIfRows } from "./whatIfRows";

/** What a ledger figure caches while drift or the cost of an error is blank: the sheet's own words. */
const NOT_COUNTED = LEDGER_FIELDS.find((field) => field.key === "driftPerMonth")!.blankMeans!;

/** Days in a month of the what-if's 360-day year: a scenario's interval in months (ledgerSettings' stageSetting). */
const DAYS_PER_MONTH = DAYS_PER_YEAR_COUNTED / MONTHS_PER_YEAR;

/** The scenarios' cells the ledger reads. */
export interface LedgerPlace {
  state: ScenarioState<Plan>;
  letters: string[];
  block: BlockRows;
  pickBase: (row: number) => string;
  ledger: LedgerInputs;
}

/** The written section and where its checked figures are. */
export interface LedgerSection extends SheetSection {
  span: RowSpan;
  /** the rows of its figures, one cell a scenario */
  figureRows: LedgerSheetRows;
}

/** The rows of the section's figures, for its checks and its tests. */
export interface LedgerSheetRows {
  stalenessPerMonth: number;
  stalenessPerYear: number;
  saving: number;
  stalenessAdded: number;
  net: number;
  economic: number;
  below: number;
  above: number;
  best: number;
  bestCost: number;
  /** the sensitivity table's first row (1 month); the 12 follow */
  sensitivityFirst: number;
}

/**
 * The section's height, known before it is written (the checks below are placed by it): its heading and note,
 * the inputs, the counted flag and the error cost used, then a header and 5 rows a scenario, a header and the 3
 * against the base, a header and the 7 of the economic cadence, a gap, the table's 2 headers and its 12 cadences.
 */
export const LEDGER_SECTION_HEIGHT = 2 + LEDGER_FIELDS.length + 2 + (1 + 5) + (1 + 3) + (1 + 7) + 1 + 2 + 12;

/**
 * The saving a year of a scenario's cadence against the base's, both ledgers' compute side: the base's runs a year
 * at its run's cost less the scenario's at its own. Added here, not in ledgerFormulas.ts (another slice's): the
 * annual sheet's changeSaving weighs one plan's runs, where two scenarios' runs may cost differently. A difference.
 * @example scenarioSaving("D30", "D32", "C30", "C32") // "D30*12/D32-C30*12/C32"
 */
export function scenarioSaving(baseRunCost: string, baseMonths: string, runCost: string, months: string): string {
  return `${perYearFormula(baseRunCost)}/${baseMonths}-${perYearFormula(runCost)}/${months}`;
}

/** One scenario's figures by the model, cached in its cells. */
interface ScenarioLedger {
  runCost: number | Problem;
  clips: number;
  months: number;
  staleness: number | Problem;
  economic: number | Problem;
  below: number;
  above: number;
  costBelow: number | Problem;
  costAbove: number | Problem;
}

/** The cost of one error the ledger uses: typed, else minutes x hourly cost / 60 (ledgerErrorCost). */
function errorCostOf(ledger: LedgerInputs): number | undefined {
  if (ledger.costPerError !== undefined) return ledger.costPerError;
  const { reviewMinutesPerError: minutes, reviewerCostPerHour: hourly } = ledger;
  return minutes === undefined || hourly === undefined ? undefined : (minutes * hourly) / 60;
}

/** What a cadence costs a month, both ledgers: the run over the months plus the staleness. */
function monthlyAt(runCost: number | Problem, clips: number, drift: number, cost: number, months: number) {
  const staleness = stalenessCost(clips, drift, cost, months);
  if (isProblem(runCost)) return runCost;
  return isProblem(staleness) ? staleness : runCost / months + staleness;
}

/** A scenario's figures by the model's functions (staleness.ts), for the cells' cached values. */
function scenarioLedger(plan: Plan, ledger: LedgerInputs, drift: number, cost: number): ScenarioLedger {
  const runCost =
    plan.pricePerHour === undefined
      ? problem("invalidValue", "no price")
      : costOf(effectiveTrainingHours(plan), plan.pricePerHour);
  const withOther = isProblem(runCost) ? runCost : runCost + (ledger.otherCostPerRun ?? 0);
  const clips = (plan.clipsPerSecond * DAYS_PER_YEAR_COUNTED * 86_400) / MONTHS_PER_YEAR;
  const months = plan.intervalDays / DAYS_PER_MONTH;
  const economic = isProblem(withOther) ? withOther : economicCadence(withOther, clips, drift, cost);
  const real = isProblem(economic) ? 1 : economic;
  const below = Math.max(1, Math.floor(real));
  const above = Math.max(1, Math.ceil(real));
  return {
    runCost: withOther,
    clips,
    months,
    staleness: stalenessCost(clips, drift, cost, months),
    economic,
    below,
    above,
    costBelow: monthlyAt(withOther, clips, drift, cost, below),
    costAbove: monthlyAt(withOther, clips, drift, cost, above),
  };
}

/** A figure by the model where the ledger is counted, else the sheet's "not counted". */
const cachedOr = (counted: boolean, value: () => number | Problem): number | string | Problem =>
  counted ? value() : NOT_COUNTED;

/** a - b where both are numbers, else the first Problem. */
function minus(a: number | Problem, b: number | Problem): number | Problem {
  if (isProblem(a)) return a;
  return isProblem(b) ? b : a - b;
}

/** The ledger's inputs: a blue cell each, as LEDGER_FIELDS declares them, named (suffixed) as the annual sheet's. */
function writeInputs(writer: WhatIfRows, ledger: LedgerInputs, currency: string | undefined) {
  const cells: Record<string, string> = {};
  for (const field of LEDGER_FIELDS) {
    const value = ledger[field.key];
    const numberFormat = field.quantity === "money" ? moneyFormat(currency) : NUMBER_FORMAT.typed;
    const cell: LayoutCell =
      value === undefined ? { role: "input", numberFormat } : { value, role: "input", numberFormat };
    const unit = `${field.unit}; blank: ${field.blankMeans}`;
    cells[field.key] = writer.labelled(field.label, cell, unit, { name: field.definedName });
  }
  return cells;
}

/** A row of one cell per scenario: the formula and the model's value for scenario i. */
type PerScenario = (i: number, letter: string) => LayoutCell;

/**
 * The ledger section of the what-if sheet from sheet row `top`: its inputs, each scenario's figures and the base's
 * cadence sensitivity. Every figure reads "not counted" while drift or the cost of an error is blank.
 */
export function ledgerSection(top: number, place: LedgerPlace, named: Names): LedgerSection {
  const { state, letters, block, pickBase, ledger } = place;
  const base = state.scenarios[state.baseIndex].inputs;
  const writer = new WhatIfRows(top, named);
  writer.heading("Both ledgers: compute against a staler model", { spaced: false });
  writer.note("Blank drift or cost of an error: the staleness ledger is not counted, and its figures say so.");
  const input = writeInputs(writer, ledger, base.currency);
  const counted = writer.labelled(
    "Staleness ledger counted",
    figureCell(
      ledgerCountedFormula(
        input.driftPerMonth,
        input.costPerError,
        input.reviewMinutesPerError,
        input.reviewerCostPerHour,
      ),
      errorCostOf(ledger) !== undefined && ledger.driftPerMonth !== undefined ? 1 : 0,
      "0",
    ),
    "1 = counted; 0 = drift or the cost of an error is blank",
  );
  const drift = ledger.driftPerMonth;
  const errorCost = errorCostOf(ledger);
  const isCounted = drift !== undefined && errorCost !== undefined;
  const costCell = writer.labelled(
    "Cost of one error, used",
    figureCell(
      ledgerErrorCostFormula(input.costPerError, input.reviewMinutesPerError, input.reviewerCostPerHour),
      errorCost ?? 0,
      moneyFormat(base.currency),
    ),
    "money an error",
  );
  const models = state.scenarios.map((s) => scenarioLedger(s.inputs, ledger, drift ?? 0, errorCost ?? 0));
  writer.push([
    { value: "Per scenario", role: "header" },
    { value: "Unit", role: "header" },
    ...state.scenarios.map((s) => rightHeader(safeText(s.name))),
  ]);
  const money = moneyFormat(base.currency);
  const row = (label: string, unit: string, cell: PerScenario): number => {
    writer.labelled(
      label,
      letters.map((letter, i) => cell(i, letter)),
      unit,
    );
    return writer.lastRow;
  };
  const cells = (letter: string) => ({
    hours: `${letter}${block.derived("effectiveTrainingHours")}`,
    price: `${letter}${block.input("pricePerHour")}`,
    clipsPerSecond: `${letter}${block.input("clipsPerSecond")}`,
    interval: `${letter}${block.input("intervalDays")}`,
  });
  const runRow = row("A run's cost", "money a run, its compute and besides", (i, l) =>
    figureCell(runCostFormula(cells(l).hours, cells(l).price, input.otherCostPerRun), models[i].runCost, money),
  );
  const clipsRow = row("Clips a month", "clips (a 360-day year)", (i, l) =>
    figureCell(monthClips(cells(l).clipsPerSecond, `${DAYS_PER_YEAR_COUNTED}`), models[i].clips, NUMBER_FORMAT.clips),
  );
  const monthsRow = row("Cadence", "months between retrains (interval / 30 days)", (i, l) =>
    figureCell(`${cells(l).interval}/${DAYS_PER_MONTH}`, models[i].months, NUMBER_FORMAT.ratio),
  );
  const at = (l: string, r: number) => `${l}${r}`;
  const counts = (figure: string) => whenCountedFormula(counted, figure);
  const perMonthRow = row("Staleness a month, at the cadence", "money a month", (i, l) =>
    figureCell(
      counts(stalenessPerMonthFormula(at(l, clipsRow), input.driftPerMonth, costCell, at(l, monthsRow))),
      cachedOr(isCounted, () => models[i].staleness),
      money,
    ),
  );
  const perYearRow = row("Staleness a year, at the cadence", "money a year", (i, l) =>
    figureCell(
      counts(perYearFormula(at(l, perMonthRow))),
      cachedOr(isCounted, () => yearOf(models[i].staleness)),
      money,
    ),
  );
  writer.push([{ value: "Against the base scenario", role: "header" }]);
  const b = state.baseIndex;
  const savingOf = (i: number) =>
    minus(runsCost(models[b].runCost, models[b].months), runsCost(models[i].runCost, models[i].months));
  const addedOf = (i: number) => yearOf(minus(models[i].staleness, models[b].staleness));
  const savingRow = row("The cadence change's compute saving", "money a year (negative: more runs)", (i, l) =>
    figureCell(
      counts(scenarioSaving(pickBase(runRow), pickBase(monthsRow), at(l, runRow), at(l, monthsRow))),
      cachedOr(isCounted, () => savingOf(i)),
      money,
    ),
  );
  const addedRow = row("The staleness it adds", "money a year (negative: a fresher model)", (i, l) =>
    figureCell(
      counts(stalenessAddedFormula(at(l, perMonthRow), pickBase(perMonthRow))),
      cachedOr(isCounted, () => addedOf(i)),
      money,
    ),
  );
  const netRow = row("Net, both ledgers", "money a year (negative: the change loses)", (i, l) =>
    figureCell(
      counts(netPerYearFormula(at(l, savingRow), at(l, addedRow))),
      cachedOr(isCounted, () => minus(savingOf(i), addedOf(i))),
      money,
    ),
  );
  const { economicRow, belowRow, aboveRow, bestRow, bestCostRow } = writeEconomic(writer, {
    row,
    counts,
    input,
    costCell,
    isCounted,
    models,
    money,
    runRow,
    clipsRow,
  });
  const sensitivityFirst = writeSensitivity(writer, {
    models: models[b],
    runRow,
    clipsRow,
    pickBase,
    counts,
    isCounted,
    input,
    costCell,
    money,
    drift: drift ?? 0,
    errorCost: errorCost ?? 0,
  });
  return {
    ...writer.section(),
    span: writer.span(),
    figureRows: {
      stalenessPerMonth: perMonthRow,
      stalenessPerYear: perYearRow,
      saving: savingRow,
      stalenessAdded: addedRow,
      net: netRow,
      economic: economicRow,
      below: belowRow,
      above: aboveRow,
      best: bestRow,
      bestCost: bestCostRow,
      sensitivityFirst,
    },
  };
}

/** What the economic cadence's rows read: the scenario rows above and the section's helpers. */
interface EconomicPlace {
  row: (label: string, unit: string, cell: PerScenario) => number;
  counts: (figure: string) => string;
  input: Record<string, string>;
  costCell: string;
  isCounted: boolean;
  models: ScenarioLedger[];
  money: string;
  runRow: number;
  clipsRow: number;
}

/**
 * The economic cadence per scenario (ledgers.ts's economicOf): real, its whole months below and above with what
 * each costs a month, the best of the two and its cost. Their rows.
 */
function writeEconomic(writer: WhatIfRows, place: EconomicPlace) {
  const { row, counts, input, costCell, isCounted, models, money, runRow, clipsRow } = place;
  const at = (l: string, r: number) => `${l}${r}`;
  writer.push([{ value: "The economic cadence", role: "header" }]);
  const economicRow = row("Economic cadence", "months, real", (i, l) =>
    figureCell(
      counts(economicCadenceFormula(at(l, runRow), at(l, clipsRow), input.driftPerMonth, costCell)),
      cachedOr(isCounted, () => models[i].economic),
      NUMBER_FORMAT.ratio,
    ),
  );
  const belowRow = row("Whole month below", "months", (i, l) =>
    figureCell(
      counts(wholeMonthBelowFormula(at(l, economicRow))),
      cachedOr(isCounted, () => models[i].below),
      "0",
    ),
  );
  const aboveRow = row("Whole month above", "months", (i, l) =>
    figureCell(
      counts(wholeMonthAboveFormula(at(l, economicRow))),
      cachedOr(isCounted, () => models[i].above),
      "0",
    ),
  );
  const monthly = (l: string, monthsCell: string) =>
    cadenceMonthlyCostFormula(
      at(l, runRow),
      monthsCell,
      stalenessPerMonthFormula(at(l, clipsRow), input.driftPerMonth, costCell, monthsCell),
    );
  const costBelowRow = row("Both ledgers a month, below", "money a month", (i, l) =>
    figureCell(
      counts(monthly(l, at(l, belowRow))),
      cachedOr(isCounted, () => models[i].costBelow),
      money,
    ),
  );
  const costAboveRow = row("Both ledgers a month, above", "money a month", (i, l) =>
    figureCell(
      counts(monthly(l, at(l, aboveRow))),
      cachedOr(isCounted, () => models[i].costAbove),
      money,
    ),
  );
  const bestOf = (i: number) => {
    const { costBelow, costAbove, below, above } = models[i];
    if (isProblem(costBelow)) return { months: costBelow, cost: costBelow };
    if (isProblem(costAbove)) return { months: costAbove, cost: costAbove };
    return costAbove < costBelow ? { months: above, cost: costAbove } : { months: below, cost: costBelow };
  };
  const bestRow = row("Best whole month", "months", (i, l) =>
    figureCell(
      counts(bestWholeMonthFormula(at(l, belowRow), at(l, aboveRow), at(l, costBelowRow), at(l, costAboveRow))),
      cachedOr(isCounted, () => bestOf(i).months),
      "0",
    ),
  );
  const bestCostRow = row("Both ledgers a month, best whole month", "money a month", (i, l) =>
    figureCell(
      counts(bestWholeMonthCostFormula(at(l, costBelowRow), at(l, costAboveRow))),
      cachedOr(isCounted, () => bestOf(i).cost),
      money,
    ),
  );
  return { economicRow, belowRow, aboveRow, bestRow, bestCostRow };
}

/** A month's figure over a year, or its Problem. */
const yearOf = (monthly: number | Problem) => (isProblem(monthly) ? monthly : monthly * MONTHS_PER_YEAR);

/** Runs a year at a cadence, at a run's cost. */
const runsCost = (runCost: number | Problem, months: number) =>
  isProblem(runCost) ? runCost : (runCost * MONTHS_PER_YEAR) / months;

/** What the base's cadence sensitivity reads. */
interface SensitivityPlace {
  models: ScenarioLedger;
  runRow: number;
  clipsRow: number;
  pickBase: (row: number) => string;
  counts: (figure: string) => string;
  isCounted: boolean;
  input: Record<string, string>;
  costCell: string;
  money: string;
  drift: number;
  errorCost: number;
}

/**
 * The base scenario's cadence sensitivity: retrain every 1..12 months, the run's cost a month, the staleness a
 * month and both ledgers' total (ledgers.ts's sensitivityOf). Its first row.
 */
function writeSensitivity(writer: WhatIfRows, place: SensitivityPlace): number {
  const { models, pickBase, counts, isCounted, input, costCell, money } = place;
  writer.blank();
  writer.push([{ value: "Cadence sensitivity, the base scenario", role: "header" }]);
  const run = pickBase(place.runRow);
  const clips = pickBase(place.clipsRow);
  writer.push([
    { value: "Retrain every", role: "header" },
    rightHeader("months"),
    rightHeader("Training a month"),
    rightHeader("Staleness a month"),
    rightHeader("Total a month"),
  ]);
  const first = writer.nextRow;
  for (const months of SENSITIVITY_CADENCES) {
    const r = writer.nextRow;
    const training = isProblem(models.runCost) ? models.runCost : models.runCost / months;
    const staleness = () => stalenessCost(models.clips, place.drift, place.errorCost, months);
    writer.push([
      { value: months === 1 ? "1 month" : `${months} months`, role: "label" },
      { value: months, role: "derived", numberFormat: "0" },
      figureCell(`${run}/B${r}`, training, money),
      figureCell(
        counts(stalenessPerMonthFormula(clips, input.driftPerMonth, costCell, `B${r}`)),
        cachedOr(isCounted, staleness),
        money,
      ),
      figureCell(
        counts(cadenceMonthlyCostFormula(run, `B${r}`, `D${r}`)),
        cachedOr(isCounted, () => monthlyAt(models.runCost, models.clips, place.drift, place.errorCost, months)),
        money,
      ),
    ]);
  }
  return first;
}
