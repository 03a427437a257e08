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
import { textLiteral } from "../../core/sheet/checks";
import { Names, safeText } from "../../core/sheet/sheetBasics";
import { BlockRows } from "./columnFormulas";
import { rightHeader, SheetSection, WhatIfRows } from "./whatIfRows";

/** What a ledger figure caches while drift or the cost of an error is blank: the sheet's own words. */
const NOT_COUNTED = LEDGER_FIELDS.find((field) => field.key === "driftPerMonth")!.blankMeans!;

/** What a scenario's run cost reads without a price (the targets' money budget's words). */
const NO_PRICE = "no price";

/** A run's cost where `price` is given, else the words "no price". A call. */
const pricedRunCost = (price: string, runCost: string) => `IF(ISBLANK(${price}),${textLiteral(NO_PRICE)},${runCost})`;

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
  /** what the sheet's checks read of it (whatIfChecks.ts: the inputs' bounds, each scenario's two checks) */
  checkPlace: LedgerCheckPlace;
}

/** What the what-if checks read of the ledger section: its inputs' cells and values, and each scenario's figures. */
export interface LedgerCheckPlace {
  /** each ledger input's blue cell (its defined name), by key */
  inputCells: Record<keyof LedgerInputs, string>;
  ledger: LedgerInputs;
  /** the money format of the section's figures, for the checks' routes */
  money: string;
  /** one a scenario, in the scenarios' order */
  scenarios: LedgerScenarioChecked[];
}

/** One scenario's checked figures: their cells, the formula of a cadence's monthly cost, the model's values. */
export interface LedgerScenarioChecked {
  /** the scenario's column letter */
  letter: string;
  net: string;
  saving: string;
  added: string;
  best: string;
  bestCost: string;
  /** both ledgers a month at a cadence of `months` (a cell or a bracketed formula), in this column */
  monthly: (months: string) => string;
  /** the model's figures, undefined where the staleness ledger is not counted (the cells read "not counted") */
  model?: {
    net: number | Problem;
    best: { months: number | Problem; cost: number | Problem };
    /** both ledgers a month at a cadence of `months` */
    costOf: (months: number) => number | Problem;
  };
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
  below: number | Problem;
  above: number | Problem;
  costBelow: number | Problem;
  costAbove: number | Problem;
}

/** The cost of one error the ledger uses: typed, else minutes x hourly cost / 60 (ledgerErrorCost). */
function errorCostOf(ledger: LedgerInputs): number | undefined {
  if (ledger.costPerError !== undefined) return ledger.costPerError;
  const { reviewMinutesPerError: minutes, reviewerCostPerHour: hourly } = ledger;
  return minutes === undefined || hourly === undefined ? undefined : (minutes * hourly) / 60;
}

/**
 * The staleness a month as the sheet states it (ledgers/sheet's stalenessPerMonth): 0 without drift (ledgers.ts's
 * ageCost: a model that does not drift costs nothing as it ages, where STALENESSCOST refuses drift 0), #NUM! under a
 * month, else the model's stalenessCost.
 */
function stalenessOnSheet(clips: number, drift: number, cost: number, months: number): number | Problem {
  if (drift !== 0) return stalenessCost(clips, drift, cost, months);
  return months < 1 ? problem("invalidNumber", "The cadence must be a month or more.") : 0;
}

/** What a cadence costs a month, both ledgers: the run over the months plus the staleness. */
function monthlyAt(runCost: number | Problem, clips: number, drift: number, cost: number, months: number) {
  const staleness = stalenessOnSheet(clips, drift, cost, months);
  if (isProblem(runCost)) return runCost;
  return isProblem(staleness) ? staleness : runCost / months + staleness;
}

/** A scenario's figures by the model's functions (staleness.ts), for the cells' cached values. */
function scenarioLedger(plan: Plan, ledger: LedgerInputs, drift: number, cost: number): ScenarioLedger {
  const runCost =
    plan.pricePerHour === undefined
      ? problem("invalidValue", NO_PRICE)
      : costOf(effectiveTrainingHours(plan), plan.pricePerHour);
  const withOther = isProblem(runCost) ? runCost : runCost + (ledger.otherCostPerRun ?? 0);
  const clips = (plan.clipsPerSecond * DAYS_PER_YEAR_COUNTED * 86_400) / MONTHS_PER_YEAR;
  const months = plan.intervalDays / DAYS_PER_MONTH;
  const economic = isProblem(withOther) ? withOther : economicCadence(withOther, clips, drift, cost);
  // Without an economic cadence (no drift, no price) its whole months are its Problem too, as the sheet's are.
  const whole = (round: (x: number) => number) => (isProblem(economic) ? economic : Math.max(1, round(economic)));
  const below = whole(Math.floor);
  const above = whole(Math.ceil);
  const costAt = (k: number | Problem) => (isProblem(k) ? k : monthlyAt(withOther, clips, drift, cost, k));
  return {
    runCost: withOther,
    clips,
    months,
    staleness: stalenessOnSheet(clips, drift, cost, months),
    economic,
    below,
    above,
    costBelow: costAt(below),
    costAbove: costAt(above),
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
  const cells = {} as Record<keyof LedgerInputs, string>;
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
 * What every row of the section reads once the inputs are written: the writer, the inputs' cells, the counted
 * flag and the cost of one error used (their cells), and the model's figures of each scenario.
 */
interface LedgerWriting {
  writer: WhatIfRows;
  place: LedgerPlace;
  input: Record<keyof LedgerInputs, string>;
  /** the cell of the flag, 1 where the staleness ledger is counted */
  counted: string;
  /** the cell of the cost of one error used */
  costCell: string;
  /** whether the model counts the staleness ledger: drift and a cost of one error given */
  isCounted: boolean;
  drift: number;
  errorCost: number;
  models: ScenarioLedger[];
  money: string;
}

/** A row of one cell a scenario, labelled; its sheet row. */
function scenarioRow(w: LedgerWriting, label: string, unit: string, cell: PerScenario): number {
  w.writer.labelled(
    label,
    w.place.letters.map((letter, i) => cell(i, letter)),
    unit,
  );
  return w.writer.lastRow;
}

/** A ledger figure's formula where the ledger is counted, else "not counted" (whenCounted over the flag). */
const counts = (w: LedgerWriting, figure: string) => whenCountedFormula(w.counted, figure);

/** A scenario's cell on sheet row `r`. */
const at = (letter: string, r: number) => `${letter}${r}`;

/**
 * The section's heading, note and inputs, the counted flag and the cost of one error used: what every row below
 * reads, with the model's figures of each scenario.
 */
function writeHead(writer: WhatIfRows, place: LedgerPlace): LedgerWriting {
  const { state, ledger } = place;
  const base = state.scenarios[state.baseIndex].inputs;
  writer.heading("Both ledgers: compute against a staler model", { spaced: false });
  writer.note("Blank drift or cost of an error: the staleness ledger is not counted, and its figures say so.");
  const input = writeInputs(writer, ledger, base.currency);
  const errorCost = errorCostOf(ledger);
  const isCounted = ledger.driftPerMonth !== undefined && errorCost !== undefined;
  const counted = writer.labelled(
    "Staleness ledger counted",
    figureCell(
      ledgerCountedFormula(
        input.driftPerMonth,
        input.costPerError,
        input.reviewMinutesPerError,
        input.reviewerCostPerHour,
      ),
      isCounted ? 1 : 0,
      "0",
    ),
    "1 = counted; 0 = drift or the cost of an error is blank",
  );
  const costCell = writer.labelled(
    "Cost of one error, used",
    figureCell(
      ledgerErrorCostFormula(input.costPerError, input.reviewMinutesPerError, input.reviewerCostPerHour),
      errorCost ?? 0,
      moneyFormat(base.currency),
    ),
    "money an error",
  );
  const drift = ledger.driftPerMonth ?? 0;
  const models = state.scenarios.map((s) => scenarioLedger(s.inputs, ledger, drift, errorCost ?? 0));
  const money = moneyFormat(base.currency);
  return { writer, place, input, counted, costCell, isCounted, drift, errorCost: errorCost ?? 0, models, money };
}

/** The rows of each scenario's own figures. */
interface ScenarioRows {
  runRow: number;
  clipsRow: number;
  monthsRow: number;
  perMonthRow: number;
  perYearRow: number;
}

/** Each scenario's run cost, clips a month and cadence, and the staleness a month and a year at that cadence. */
function writeScenarioRows(w: LedgerWriting): ScenarioRows {
  const { place, input, costCell, isCounted, models, money } = w;
  w.writer.push([
    { value: "Per scenario", role: "header" },
    { value: "Unit", role: "header" },
    ...place.state.scenarios.map((s) => rightHeader(safeText(s.name))),
  ]);
  const cells = (letter: string) => ({
    hours: `${letter}${place.block.derived("effectiveTrainingHours")}`,
    price: `${letter}${place.block.input("pricePerHour")}`,
    clipsPerSecond: `${letter}${place.block.input("clipsPerSecond")}`,
    interval: `${letter}${place.block.input("intervalDays")}`,
  });
  // A blank price reads "no price", never a run costing only its other costs: a blank cell multiplies as 0, and
  // every figure over the run then reads #VALUE!, as the model's Problem caches it.
  const runRow = scenarioRow(w, "A run's cost", "money a run, its compute and besides", (i, l) =>
    figureCell(
      pricedRunCost(cells(l).price, runCostFormula(cells(l).hours, cells(l).price, input.otherCostPerRun)),
      place.state.scenarios[i].inputs.pricePerHour === undefined ? NO_PRICE : models[i].runCost,
      money,
    ),
  );
  const clipsRow = scenarioRow(w, "Clips a month", "clips (a 360-day year)", (i, l) =>
    figureCell(monthClips(cells(l).clipsPerSecond, `${DAYS_PER_YEAR_COUNTED}`), models[i].clips, NUMBER_FORMAT.clips),
  );
  const monthsRow = scenarioRow(w, "Cadence", "months between retrains (interval / 30 days)", (i, l) =>
    figureCell(`${cells(l).interval}/${DAYS_PER_MONTH}`, models[i].months, NUMBER_FORMAT.ratio),
  );
  const perMonthRow = scenarioRow(w, "Staleness a month, at the cadence", "money a month", (i, l) =>
    figureCell(
      counts(w, stalenessPerMonthFormula(at(l, clipsRow), input.driftPerMonth, costCell, at(l, monthsRow))),
      cachedOr(isCounted, () => models[i].staleness),
      money,
    ),
  );
  const perYearRow = scenarioRow(w, "Staleness a year, at the cadence", "money a year", (i, l) =>
    figureCell(
      counts(w, perYearFormula(at(l, perMonthRow))),
      cachedOr(isCounted, () => yearOf(models[i].staleness)),
      money,
    ),
  );
  return { runRow, clipsRow, monthsRow, perMonthRow, perYearRow };
}

/** Scenario i's compute saving a year against the base b's cadence, by the model: the base's runs less its own. */
const savingAgainstBase = (models: readonly ScenarioLedger[], b: number, i: number) =>
  minus(runsCost(models[b].runCost, models[b].months), runsCost(models[i].runCost, models[i].months));

/** The staleness scenario i's cadence adds a year against the base b's, by the model. */
const stalenessAddedAgainstBase = (models: readonly ScenarioLedger[], b: number, i: number) =>
  yearOf(minus(models[i].staleness, models[b].staleness));

/** Each scenario's cadence change against the base: the compute saving, the staleness it adds and the net. */
function writeAgainstBase(w: LedgerWriting, rows: ScenarioRows) {
  const { place, isCounted, models, money } = w;
  const { runRow, monthsRow, perMonthRow } = rows;
  const { pickBase } = place;
  w.writer.push([{ value: "Against the base scenario", role: "header" }]);
  const b = place.state.baseIndex;
  const savingOf = (i: number) => savingAgainstBase(models, b, i);
  const addedOf = (i: number) => stalenessAddedAgainstBase(models, b, i);
  const savingRow = scenarioRow(
    w,
    "The cadence change's compute saving",
    "money a year (negative: more runs)",
    (i, l) =>
      figureCell(
        counts(w, scenarioSaving(pickBase(runRow), pickBase(monthsRow), at(l, runRow), at(l, monthsRow))),
        cachedOr(isCounted, () => savingOf(i)),
        money,
      ),
  );
  const addedRow = scenarioRow(w, "The staleness it adds", "money a year (negative: a fresher model)", (i, l) =>
    figureCell(
      counts(w, stalenessAddedFormula(at(l, perMonthRow), pickBase(perMonthRow))),
      cachedOr(isCounted, () => addedOf(i)),
      money,
    ),
  );
  const netRow = scenarioRow(w, "Net, both ledgers", "money a year (negative: the change loses)", (i, l) =>
    figureCell(
      counts(w, netPerYearFormula(at(l, savingRow), at(l, addedRow))),
      cachedOr(isCounted, () => minus(savingOf(i), addedOf(i))),
      money,
    ),
  );
  return { savingRow, addedRow, netRow };
}

/**
 * The ledger section of the what-if sheet from sheet row `top`: its inputs, each scenario's figures and the base's
 * cadence sensitivity. Every figure reads "not counted" while drift or the cost of an error is blank.
 */
export function ledgerSection(top: number, place: LedgerPlace, named: Names): LedgerSection {
  const writer = new WhatIfRows(top, named);
  const w = writeHead(writer, place);
  const scenarioRows = writeScenarioRows(w);
  const { savingRow, addedRow, netRow } = writeAgainstBase(w, scenarioRows);
  const { economicRow, belowRow, aboveRow, bestRow, bestCostRow } = writeEconomic(w, scenarioRows);
  const sensitivityFirst = writeSensitivity(w, scenarioRows);
  const checked = { net: netRow, saving: savingRow, added: addedRow, best: bestRow, bestCost: bestCostRow };
  return {
    ...writer.section(),
    span: writer.span(),
    checkPlace: checkPlaceOf(w, scenarioRows, checked),
    figureRows: {
      stalenessPerMonth: scenarioRows.perMonthRow,
      stalenessPerYear: scenarioRows.perYearRow,
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

/** What a cadence of `months` (a cell or a formula) costs a month in scenario `letter`, both ledgers. */
function monthlyFormula(w: LedgerWriting, rows: ScenarioRows, letter: string, months: string): string {
  return cadenceMonthlyCostFormula(
    at(letter, rows.runRow),
    months,
    stalenessPerMonthFormula(at(letter, rows.clipsRow), w.input.driftPerMonth, w.costCell, months),
  );
}

/** The rows of the figures the checks compare, one cell a scenario. */
type CheckedRows = Record<"net" | "saving" | "added" | "best" | "bestCost", number>;

/** What the sheet's checks read of the written section: the inputs' cells, each scenario's cells and figures. */
function checkPlaceOf(w: LedgerWriting, rows: ScenarioRows, checked: CheckedRows): LedgerCheckPlace {
  const { place, models } = w;
  const b = place.state.baseIndex;
  const scenarios = place.letters.map((letter, i): LedgerScenarioChecked => {
    const cell = (key: keyof CheckedRows) => at(letter, checked[key]);
    const m = models[i];
    const model = {
      net: minus(savingAgainstBase(models, b, i), stalenessAddedAgainstBase(models, b, i)),
      best: bestOf(m),
      costOf: (months: number) => monthlyAt(m.runCost, m.clips, w.drift, w.errorCost, months),
    };
    return {
      letter,
      net: cell("net"),
      saving: cell("saving"),
      added: cell("added"),
      best: cell("best"),
      bestCost: cell("bestCost"),
      monthly: (months) => monthlyFormula(w, rows, letter, months),
      ...(w.isCounted ? { model } : {}),
    };
  });
  return { inputCells: w.input, ledger: place.ledger, money: w.money, scenarios };
}

/** The best of a scenario's two whole months by the model: the month above where it costs less, else below. */
function bestOf({ costBelow, costAbove, below, above }: ScenarioLedger) {
  if (isProblem(costBelow)) return { months: costBelow, cost: costBelow };
  if (isProblem(costAbove)) return { months: costAbove, cost: costAbove };
  return costAbove < costBelow ? { months: above, cost: costAbove } : { months: below, cost: costBelow };
}

/**
 * The economic cadence per scenario (ledgers.ts's economicOf): real, its whole months below and above with what
 * each costs a month, the best of the two and its cost. Their rows.
 */
function writeEconomic(w: LedgerWriting, rows: ScenarioRows) {
  const { input, costCell, isCounted, models, money } = w;
  w.writer.push([{ value: "The economic cadence", role: "header" }]);
  const economicRow = scenarioRow(w, "Economic cadence", "months, real", (i, l) =>
    figureCell(
      counts(w, economicCadenceFormula(at(l, rows.runRow), at(l, rows.clipsRow), input.driftPerMonth, costCell)),
      cachedOr(isCounted, () => models[i].economic),
      NUMBER_FORMAT.ratio,
    ),
  );
  const month = (label: string, formula: (l: string) => string, value: (m: ScenarioLedger) => number | Problem) =>
    scenarioRow(w, label, "months", (i, l) =>
      figureCell(
        counts(w, formula(l)),
        cachedOr(isCounted, () => value(models[i])),
        "0",
      ),
    );
  const cost = (label: string, formula: (l: string) => string, value: (m: ScenarioLedger) => number | Problem) =>
    scenarioRow(w, label, "money a month", (i, l) =>
      figureCell(
        counts(w, formula(l)),
        cachedOr(isCounted, () => value(models[i])),
        money,
      ),
    );
  const belowRow = month(
    "Whole month below",
    (l) => wholeMonthBelowFormula(at(l, economicRow)),
    (m) => m.below,
  );
  const aboveRow = month(
    "Whole month above",
    (l) => wholeMonthAboveFormula(at(l, economicRow)),
    (m) => m.above,
  );
  const monthly = (l: string, r: number) => monthlyFormula(w, rows, l, at(l, r));
  const costBelowRow = cost(
    "Both ledgers a month, below",
    (l) => monthly(l, belowRow),
    (m) => m.costBelow,
  );
  const costAboveRow = cost(
    "Both ledgers a month, above",
    (l) => monthly(l, aboveRow),
    (m) => m.costAbove,
  );
  const bestRow = month(
    "Best whole month",
    (l) => bestWholeMonthFormula(at(l, belowRow), at(l, aboveRow), at(l, costBelowRow), at(l, costAboveRow)),
    (m) => bestOf(m).months,
  );
  const bestCostRow = cost(
    "Both ledgers a month, best whole month",
    (l) => bestWholeMonthCostFormula(at(l, costBelowRow), at(l, costAboveRow)),
    (m) => bestOf(m).cost,
  );
  return { economicRow, belowRow, aboveRow, bestRow, bestCostRow };
}

/** A month's figure over a year, or its Problem. */
const yearOf = (monthly: number | Problem) => (isProblem(monthly) ? monthly : monthly * MONTHS_PER_YEAR);

/** Runs a year at a cadence, at a run's cost. */
const runsCost = (runCost: number | Problem, months: number) =>
  isProblem(runCost) ? runCost : (runCost * MONTHS_PER_YEAR) / months;

/**
 * The base scenario's cadence sensitivity: retrain every 1..12 months, the run's cost a month, the staleness a
 * month and both ledgers' total (ledgers.ts's sensitivityOf). Its first row.
 */
function writeSensitivity(w: LedgerWriting, rows: ScenarioRows): number {
  const { writer, place, isCounted, input, costCell, money } = w;
  const model = w.models[place.state.baseIndex];
  writer.blank();
  writer.push([{ value: "Cadence sensitivity, the base scenario", role: "header" }]);
  const run = place.pickBase(rows.runRow);
  const clips = place.pickBase(rows.clipsRow);
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
    const training = isProblem(model.runCost) ? model.runCost : model.runCost / months;
    const staleness = () => stalenessOnSheet(model.clips, w.drift, w.errorCost, months);
    writer.push([
      { value: months === 1 ? "1 month" : `${months} months`, role: "label" },
      { value: months, role: "derived", numberFormat: "0" },
      figureCell(`${run}/B${r}`, training, money),
      figureCell(
        counts(w, stalenessPerMonthFormula(clips, input.driftPerMonth, costCell, `B${r}`)),
        cachedOr(isCounted, staleness),
        money,
      ),
      figureCell(
        counts(w, cadenceMonthlyCostFormula(run, `B${r}`, `D${r}`)),
        cachedOr(isCounted, () => monthlyAt(model.runCost, model.clips, w.drift, w.errorCost, months)),
        money,
      ),
    ]);
  }
  return first;
}
