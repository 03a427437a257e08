/*
 * Both ledgers on the estate sheet, a model a column, written only where some model's second ledger is typed (an
 * estate without one is the sheet it was, cell for cell): whether each model's ledger is counted, the cost of one
 * error used, the clips it scores a month, its cadence now and proposed in months, its staleness a month and a year
 * (the estate's the counted models' sum), and its cadence lever weighed on both ledgers: the saving (the lever row's
 * hours at the model's training price, with a run's other costs), the staleness it adds and the net. Every formula
 * is ledgers/sheet's builder (the annual sheet's), every cached value the model's (estateFigures' ledgers); the check
 * that each net is its saving minus the staleness added goes to the sheet's checks. Then each model's economic
 * cadence and best whole month (estateEconomicRows.ts), with its check against the neighbouring months.
 */
import type { EstateFigures, EstatePlan, ModelLedger } from "../model";
import { cadenceOfRuns as monthsOfRuns, LedgerFigures } from "../../ledgers/model";
import {
  cadenceOfRuns,
  changeSaving,
  ledgerCounted,
  ledgerErrorCost,
  netPerYear,
  perYear,
  stalenessAdded,
  stalenessPerMonth,
  whenCounted,
} from "../../ledgers/sheet";
import * as inExcel from "../../core/excel/formulas";
import { isProblem, Problem } from "../../core/model/problems";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import { SheetCheck, textLiteral, twoRoutesCheck } from "../../core/sheet/checks";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell } from "../../core/sheet/rows";
import type { LayoutCell } from "../../core/sheet/cell";
import { addEconomicRows } from "./estateEconomicRows";
import { estateHasLedger, TRAFFIC_NAMES } from "./estateInputs";
import type { PlacedLevers } from "./estateLeverRows";
import { EstateRows } from "./estateRows";

/** The defined name of the estate's staleness a year, unsuffixed. */
export const ESTATE_STALENESS_NAME = "EstateStalenessPerYear";

/** A cadence in months: 4.3033. */
const MONTHS_FORMAT = "0.0000";
/** What a ledger figure reads where the model's ledger is not counted (ledgers/sheet's whenCounted writes it). */
const NOT_COUNTED = "not counted";
/** What the lever's figures read for a model whose cadence is not changed: it has no lever row. */
const NO_CHANGE = "no change";
/** What the saving reads for a model without a training price: a run's compute cannot be priced. */
const NO_PRICE = "no price";

/** A model's ledger when counted, else undefined (its cells read "not counted"). */
const countedOf = (ledger: ModelLedger | undefined): LedgerFigures | undefined =>
  ledger !== undefined && !isProblem(ledger) && ledger.counted ? ledger : undefined;

/** A cached figure of a counted ledger: its value, or "not counted". */
const orNotCounted = (figures: LedgerFigures | undefined, value: number | string | Problem | undefined) =>
  figures === undefined ? NOT_COUNTED : (value ?? NOT_COUNTED);

/** The sheet row of model `i`'s cadence lever in the levers table, or undefined when its cadence is unchanged. */
function cadenceLeverRow(figures: EstateFigures, placed: PlacedLevers | undefined, i: number): number | undefined {
  const k = figures.levers.rows.findIndex((row) => row.lever === "cadence" && row.model === i);
  return placed === undefined || k < 0 ? undefined : placed.first + k;
}

/** The cells a model's lever figures read. */
interface LedgerCells {
  counted: (i: number) => string;
  now: (i: number) => string;
  proposed: (i: number) => string;
}

/** The rows up to the staleness a year: counted, the error's cost, clips and cadences, staleness now and proposed. */
function stalenessRows(sheet: EstateRows, figures: EstateFigures, costFormat: string): LedgerCells {
  const ledgers = figures.ledgers!.models;
  const at = (key: string) => (i: number) => sheet.at(key, i);
  const drift = at("driftPerMonth");
  const months = sheet.named(TRAFFIC_NAMES.monthsPerYear);
  sheet.modelRow("ledgerCounted", "Second ledger counted", null, "1: drift and an error's cost given; 0: not", (i) =>
    figureCell(
      ledgerCounted(
        drift(i),
        sheet.at("costPerError", i),
        sheet.at("reviewMinutesPerError", i),
        at("reviewerCostPerHour")(i),
      ),
      countedOf(ledgers[i]) ? 1 : 0,
      "0",
    ),
  );
  const counted = at("ledgerCounted");
  const ledgerCell = (i: number, formula: string, value: number | Problem | undefined, format: string) =>
    figureCell(whenCounted(counted(i), formula), orNotCounted(countedOf(ledgers[i]), value), format);
  sheet.modelRow("errorCost", "Cost of one error, used", null, "typed, or minutes × hourly cost / 60", (i) =>
    ledgerCell(
      i,
      ledgerErrorCost(
        sheet.at("costPerError", i),
        sheet.at("reviewMinutesPerError", i),
        sheet.at("reviewerCostPerHour", i),
      ),
      countedOf(ledgers[i])?.costPerError,
      costFormat,
    ),
  );
  sheet.modelRow("clipsPerMonth", "Clips it scores a month", null, "its clips a year / months a year", (i) =>
    figureCell(
      `${sheet.at("clips", i)}/${months}`,
      figures.year.models[i].hours.clips / MONTHS_PER_YEAR,
      NUMBER_FORMAT.clips,
    ),
  );
  const runs = (key: "runs" | "runsProposed", of: "runsPerYear" | "runsPerYearProposed") => (i: number) =>
    figureCell(
      cadenceOfRuns(sheet.at(key, i)),
      monthsOfRuns(figures.year.models[i].plan[of], "The cadence"),
      MONTHS_FORMAT,
    );
  sheet.modelRow(
    "monthsNow",
    "Cadence now, in months",
    null,
    "months a year / runs a year",
    runs("runs", "runsPerYear"),
  );
  sheet.modelRow(
    "monthsProposed",
    "Cadence proposed, in months",
    null,
    "the cadence lever's",
    runs("runsProposed", "runsPerYearProposed"),
  );
  const staleAt = (i: number, monthsKey: string) =>
    stalenessPerMonth(sheet.at("clipsPerMonth", i), drift(i), sheet.at("errorCost", i), sheet.at(monthsKey, i));
  sheet.modelRow("stalenessNow", "Staleness a month, now", null, "clips × error cost × drift × (months - 1) / 2", (i) =>
    ledgerCell(i, staleAt(i, "monthsNow"), countedOf(ledgers[i])?.stalenessPerMonth, costFormat),
  );
  addStalenessYear(sheet, figures, costFormat, ledgerCell);
  sheet.modelRow("stalenessProposed", "Staleness a month, proposed", null, "at the cadence proposed", (i) => {
    const ledger = countedOf(ledgers[i]);
    const added = ledger?.change?.stalenessAddedPerYear;
    const now = ledger?.stalenessPerMonth;
    const value = typeof now === "number" && typeof added === "number" ? now + added / MONTHS_PER_YEAR : now;
    return ledgerCell(i, staleAt(i, "monthsProposed"), value, costFormat);
  });
  return { counted, now: at("stalenessNow"), proposed: at("stalenessProposed") };
}

/** Each model's staleness a year, and the estate's: the counted models' SUM (text is not added), named. */
function addStalenessYear(
  sheet: EstateRows,
  figures: EstateFigures,
  costFormat: string,
  ledgerCell: (i: number, formula: string, value: number | Problem | undefined, format: string) => LayoutCell,
): void {
  const row = sheet.nextRow;
  const total = figures.ledgers!.stalenessPerYear;
  const estate = figureCell(
    `IF(SUM(${sheet.across("ledgerCounted")})>0,SUM(${sheet.acrossRow(row)}),${textLiteral(NOT_COUNTED)})`,
    total ?? NOT_COUNTED,
    costFormat,
  );
  sheet.modelRow(
    "stalenessYear",
    "Staleness a year, now",
    estate,
    "a month × 12; the estate's: the counted models'",
    (i) =>
      ledgerCell(
        i,
        perYear(sheet.at("stalenessNow", i)),
        countedOf(figures.ledgers!.models[i])?.stalenessPerYear,
        costFormat,
      ),
  );
  sheet.name(ESTATE_STALENESS_NAME, 1);
}

/** The lever's saving a year, or "no price" where the model's training is not priced (the sheet's words). */
function savedOrNoPrice(plan: EstatePlan, i: number, ledger: LedgerFigures): number | string | Problem | undefined {
  const saved = ledger.change?.savingPerYear;
  return isProblem(saved) && plan.models[i].trainingPricePerHour === undefined ? NO_PRICE : saved;
}

/** A lever figure of model `i`: "no change" without a lever row, else the ledger's figure where counted. */
function leverCell(
  figures: EstateFigures,
  i: number,
  leverRow: number | undefined,
  formula: (row: number) => string,
  value: (ledger: LedgerFigures) => number | string | Problem | undefined,
  format: string,
): LayoutCell {
  if (leverRow === undefined) return { value: NO_CHANGE, role: "note" };
  const ledger = countedOf(figures.ledgers!.models[i]);
  return figureCell(formula(leverRow), orNotCounted(ledger, ledger && value(ledger)), format);
}

/**
 * Adds both ledgers' rows (nothing where every model's ledger is blank) after the levers; the checks that each
 * cadence lever's net is its saving minus the staleness it adds, 0 where it is not a number, and that each model's
 * best whole month costs no more than its neighbours.
 */
export function addLedgerRows(
  sheet: EstateRows,
  plan: EstatePlan,
  figures: EstateFigures,
  placed: PlacedLevers | undefined,
  costFormat: string,
): SheetCheck[] {
  if (!estateHasLedger(plan) || !figures.ledgers) return [];
  sheet.heading("Both ledgers: the cadence's compute against what a staler model costs");
  const cells = stalenessRows(sheet, figures, costFormat);
  const leverRows = plan.models.map((_, i) => cadenceLeverRow(figures, placed, i));
  const price = (i: number) => sheet.at("trainingPricePerHour", i);
  const saving = (i: number) => (r: number) => {
    const other = sheet.at("otherCostPerRun", i);
    const both = changeSaving(
      inExcel.costOf(`H${r}`, price(i)),
      other,
      sheet.at("runs", i),
      sheet.at("runsProposed", i),
    );
    return whenCounted(cells.counted(i), `IF(ISNUMBER(${price(i)}),${both},${textLiteral(NO_PRICE)})`);
  };
  sheet.modelRow(
    "leverSaving",
    "Cadence lever: saved a year",
    null,
    "compute at the training price, and other costs",
    (i) => leverCell(figures, i, leverRows[i], saving(i), (l) => savedOrNoPrice(plan, i, l), costFormat),
  );
  sheet.modelRow(
    "leverAdded",
    "Cadence lever: staleness added a year",
    null,
    "negative: a fresher model costs less",
    (i) =>
      leverCell(
        figures,
        i,
        leverRows[i],
        () => whenCounted(cells.counted(i), stalenessAdded(cells.proposed(i), cells.now(i))),
        (l) => l.change?.stalenessAddedPerYear,
        costFormat,
      ),
  );
  sheet.modelRow(
    "leverNet",
    "Cadence lever: net a year",
    null,
    "saved - staleness added: negative when it loses",
    (i) =>
      leverCell(
        figures,
        i,
        leverRows[i],
        () => whenCounted(cells.counted(i), netPerYear(sheet.at("leverSaving", i), sheet.at("leverAdded", i))),
        (l) => l.change?.netPerYear,
        costFormat,
      ),
  );
  return [...netChecks(sheet, figures, leverRows), ...addEconomicRows(sheet, plan, figures, costFormat)];
}

/** Each changed model's net against its saving minus the staleness added, 0 where the net is not a number. */
function netChecks(sheet: EstateRows, figures: EstateFigures, leverRows: (number | undefined)[]): SheetCheck[] {
  const tol = sheet.named(TRAFFIC_NAMES.checkTolerance);
  return leverRows.flatMap((row, i) => {
    if (row === undefined) return [];
    const net = sheet.at("leverNet", i);
    const change = countedOf(figures.ledgers!.models[i])?.change;
    const value = typeof change?.netPerYear === "number" ? change.netPerYear : 0;
    const whenNumber = (formula: string) => figureCell(`IF(ISNUMBER(${net}),${formula},0)`, value, undefined);
    return [
      twoRoutesCheck(
        `Model ${i + 1}: the cadence lever's net is its saving minus the staleness added`,
        [whenNumber(net), whenNumber(`${sheet.at("leverSaving", i)}-${sheet.at("leverAdded", i)}`)],
        tol,
        `Model ${i + 1}: the net of both ledgers is not the saving minus the staleness added: a figure was typed over.`,
      ),
    ];
  });
}
