/*
 * Both ledgers on the what-if sheet (issue 30; docs/cost-model.md, "Both ledgers"): the staleness ledger's inputs,
 * once, then per scenario column its run's cost, its clips a month and its cadence, the staleness a month and a
 * year at that cadence, against the base the cadence change's compute saving, the staleness it adds and the net,
 * and the economic cadence with its best whole month; below, the base scenario's cadence sensitivity (both ledgers
 * a month, retrain every 1..12 months). Every formula is ledgers/sheet's builder over this sheet's cells, and every
 * cached value ledgers/sheet's figures of a column (ledgerColumnFigures, againstBase). Written only when the planner
 * gave the ledger's inputs (WhatIfOptions.ledger), so a blank ledger leaves the sheet as it was.
 */
import { errorCost, LEDGER_FIELDS, LedgerInputs, SENSITIVITY_CADENCES } from "../../ledgers/model";
import {
  cadenceMonthlyCost as cadenceMonthlyCostFormula,
  cadenceTableRows,
  ECONOMIC_FIGURES,
  EconomicCells,
  EconomicKey,
  EconomicQuantity,
  LedgerCheckCells,
  LedgerCheckValues,
  LedgerColumnFigures,
  ledgerColumnFigures,
  againstBase,
  savingAgainstBase,
  yearOf,
  ledgerCounted as ledgerCountedFormula,
  ledgerErrorCost as ledgerErrorCostFormula,
  ledgerInputCell,
  ledgerInputValidation,
  netPerYear as netPerYearFormula,
  notCountedOr,
  perYear as perYearFormula,
  runCost as runCostFormula,
  stalenessAdded as stalenessAddedFormula,
  stalenessPerMonth as stalenessPerMonthFormula,
  whenCounted as whenCountedFormula,
} from "../../ledgers/sheet";
import { monthClips } from "../../core/excel/formulas";
import { DAYS_PER_YEAR_COUNTED } from "../../annual/model";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import { isProblem, problem } from "../../core/model/problems";
import { costOf, effectiveTrainingHours, Plan } from "../../stages/model";
import { ScenarioState } from "../model/scenarios";
import { LayoutCell } from "../../core/sheet/cell";
import { moneyFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell, RowSpan } from "../../core/sheet/rows";
import { textLiteral } from "../../core/sheet/checks";
import { Names, safeText } from "../../core/sheet/sheetBasics";
import { BlockRows } from "./columnFormulas";
import { decimalValidation, rightHeader, SheetSection, WhatIfRows } from "./whatIfRows";
import type { LedgerCheckPlace } from "./whatIfChecks";

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
  /** what the sheet's checks read of it (whatIfChecks.ts: the inputs' bounds, each scenario's two checks) */
  checkPlace: LedgerCheckPlace;
}

/**
 * The section's height, known before it is written (the checks below are placed by it): its heading and note,
 * the inputs, the counted flag and the error cost used, then a header and 5 rows a scenario, a header and the 3
 * against the base, a header and the 7 of the economic cadence, a gap, the table's 2 headers and its 12 cadences.
 */
export const LEDGER_SECTION_HEIGHT = 2 + LEDGER_FIELDS.length + 2 + (1 + 5) + (1 + 3) + (1 + 7) + 1 + 2 + 12;

/** A scenario's figures by the model (ledgers/sheet's ledgerColumnFigures), for the cells' cached values. */
function scenarioLedger(plan: Plan, ledger: LedgerInputs, drift: number, cost: number): LedgerColumnFigures {
  const runCost =
    plan.pricePerHour === undefined
      ? problem("invalidValue", NO_PRICE)
      : costOf(effectiveTrainingHours(plan), plan.pricePerHour);
  const withOther = isProblem(runCost) ? runCost : runCost + (ledger.otherCostPerRun ?? 0);
  const clips = (plan.clipsPerSecond * DAYS_PER_YEAR_COUNTED * 86_400) / MONTHS_PER_YEAR;
  return ledgerColumnFigures({ runCost: withOther, clips, months: plan.intervalDays / DAYS_PER_MONTH }, drift, cost);
}

/**
 * The ledger's inputs: a blue cell each, as LEDGER_FIELDS declares them (ledgers/sheet's ledgerInputCell), named
 * (suffixed) as the annual sheet's, and validated by each field's own check as there (ledgerInputValidation). The
 * unit is the field's alone: what a blank means is said by the note above, by each cell's validation prompt and by
 * the error cost used's unit, where "; blank: ..." would widen the units' column, which every section shares, and
 * push the second scenario's ledger figures onto a page of their own (test/e2e/printedPages.e2e.ts).
 */
function writeInputs(writer: WhatIfRows, ledger: LedgerInputs, money: string) {
  const cells = {} as Record<keyof LedgerInputs, string>;
  for (const field of LEDGER_FIELDS) {
    cells[field.key] = writer.labelled(field.label, ledgerInputCell(field, ledger, money), field.unit, {
      name: field.definedName,
    });
    writer.validate(decimalValidation(ledgerInputValidation(field, cells[field.key])));
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
  models: LedgerColumnFigures[];
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
  const money = moneyFormat(base.currency);
  const input = writeInputs(writer, ledger, money);
  const cost = errorCost(ledger);
  const isCounted = ledger.driftPerMonth !== undefined && cost !== undefined;
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
      cost ?? 0,
      money,
    ),
    "typed, or minutes of review × hourly cost / 60",
  );
  const drift = ledger.driftPerMonth ?? 0;
  const models = state.scenarios.map((s) => scenarioLedger(s.inputs, ledger, drift, cost ?? 0));
  return { writer, place, input, counted, costCell, isCounted, drift, errorCost: cost ?? 0, models, money };
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
      notCountedOr(isCounted, () => models[i].staleness),
      money,
    ),
  );
  const perYearRow = scenarioRow(w, "Staleness a year, at the cadence", "money a year", (i, l) =>
    figureCell(
      counts(w, perYearFormula(at(l, perMonthRow))),
      notCountedOr(isCounted, () => yearOf(models[i].staleness)),
      money,
    ),
  );
  return { runRow, clipsRow, monthsRow, perMonthRow, perYearRow };
}

/** Each scenario's cadence change against the base: the compute saving, the staleness it adds and the net. */
function writeAgainstBase(w: LedgerWriting, rows: ScenarioRows) {
  const { place, isCounted, models, money } = w;
  const { runRow, monthsRow, perMonthRow } = rows;
  const { pickBase } = place;
  w.writer.push([{ value: "Against the base scenario", role: "header" }]);
  const versus = (i: number) => againstBase(models[place.state.baseIndex], models[i]);
  const savingRow = scenarioRow(
    w,
    "The cadence change's compute saving",
    "money a year (negative: more runs)",
    (i, l) =>
      figureCell(
        counts(w, savingAgainstBase(pickBase(runRow), pickBase(monthsRow), at(l, runRow), at(l, monthsRow))),
        notCountedOr(isCounted, () => versus(i).saving),
        money,
      ),
  );
  const addedRow = scenarioRow(w, "The staleness it adds", "money a year (negative: a fresher model)", (i, l) =>
    figureCell(
      counts(w, stalenessAddedFormula(at(l, perMonthRow), pickBase(perMonthRow))),
      notCountedOr(isCounted, () => versus(i).added),
      money,
    ),
  );
  const netRow = scenarioRow(w, "Net, both ledgers", "money a year (negative: the change loses)", (i, l) =>
    figureCell(
      counts(w, netPerYearFormula(at(l, savingRow), at(l, addedRow))),
      notCountedOr(isCounted, () => versus(i).net),
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
  const economic = writeEconomic(w, scenarioRows);
  writeSensitivity(w, scenarioRows);
  const checked = { net: netRow, saving: savingRow, added: addedRow, best: economic.best, bestCost: economic.bestCost };
  return {
    ...writer.section(),
    span: writer.span(),
    checkPlace: checkPlaceOf(w, scenarioRows, checked),
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
  const scenarios = place.letters.map((letter, i) => {
    const cell = (key: keyof CheckedRows) => at(letter, checked[key]);
    const cells: LedgerCheckCells = {
      net: cell("net"),
      saving: cell("saving"),
      added: cell("added"),
      best: cell("best"),
      bestCost: cell("bestCost"),
      monthly: (months) => monthlyFormula(w, rows, letter, months),
    };
    // Where the ledger is not counted, the cells read "not counted" and the checks' routes cache 0.
    const values: LedgerCheckValues = w.isCounted
      ? {
          net: againstBase(models[b], models[i]).net,
          best: models[i].best,
          costOf: models[i].costOf,
        }
      : { costOf: () => undefined };
    return { letter, cells, values };
  });
  return { inputCells: w.input, ledger: place.ledger, money: w.money, scenarios };
}

/** The what-if's words for each figure of the economic cadence (ledgers/sheet's ECONOMIC_FIGURES). */
const ECONOMIC_LABELS: Record<EconomicKey, string> = {
  economic: "Economic cadence",
  below: "Whole month below",
  above: "Whole month above",
  costBelow: "Both ledgers a month, below",
  costAbove: "Both ledgers a month, above",
  best: "Best whole month",
  bestCost: "Both ledgers a month, best whole month",
};

/** The unit beside a figure of the economic cadence. */
const ECONOMIC_UNITS: Record<EconomicQuantity, string> = {
  realMonths: "months, real",
  wholeMonths: "months",
  moneyAMonth: "money a month",
};

/**
 * The economic cadence per scenario (ledgers/sheet's ECONOMIC_FIGURES, ledgers.ts's economicOf): real, its whole
 * months below and above with what each costs a month, the best of the two and its cost. Their rows.
 */
function writeEconomic(w: LedgerWriting, rows: ScenarioRows): Record<EconomicKey, number> {
  const { input, costCell, isCounted, models, money } = w;
  w.writer.push([{ value: "The economic cadence", role: "header" }]);
  const formats: Record<EconomicQuantity, string> = {
    realMonths: NUMBER_FORMAT.ratio,
    wholeMonths: "0",
    moneyAMonth: money,
  };
  const placed = {} as Record<EconomicKey, number>;
  const cellsOf = (l: string): EconomicCells => ({
    runCost: at(l, rows.runRow),
    clips: at(l, rows.clipsRow),
    drift: input.driftPerMonth,
    costPerError: costCell,
    monthly: (months) => monthlyFormula(w, rows, l, months),
  });
  const aboveOf = (l: string) =>
    Object.fromEntries(Object.entries(placed).map(([key, r]) => [key, at(l, r)])) as Record<EconomicKey, string>;
  for (const figure of ECONOMIC_FIGURES) {
    placed[figure.key] = scenarioRow(w, ECONOMIC_LABELS[figure.key], ECONOMIC_UNITS[figure.quantity], (i, l) =>
      figureCell(
        counts(w, figure.formula(cellsOf(l), aboveOf(l))),
        notCountedOr(isCounted, () => figure.value(models[i])),
        formats[figure.quantity],
      ),
    );
  }
  return placed;
}

/**
 * The base scenario's cadence sensitivity (ledgers/sheet's cadenceTableRows): retrain every 1..12 months, the run's
 * cost a month, the staleness a month and both ledgers' total. Its first cadence's row.
 */
function writeSensitivity(w: LedgerWriting, rows: ScenarioRows): number {
  const { writer, place, isCounted, input, costCell, counted, money } = w;
  writer.blank();
  writer.push([{ value: "Cadence sensitivity, the base scenario", role: "header" }]);
  const cells = {
    runCost: place.pickBase(rows.runRow),
    clips: place.pickBase(rows.clipsRow),
    drift: input.driftPerMonth,
    costPerError: costCell,
    counted,
  };
  const model = { column: w.models[place.state.baseIndex], drift: w.drift, costPerError: w.errorCost, isCounted };
  for (const row of cadenceTableRows(writer.nextRow, cells, model, money)) writer.push(row);
  return writer.nextRow - SENSITIVITY_CADENCES.length;
}
