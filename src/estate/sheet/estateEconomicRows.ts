/*
 * The economic cadence on the estate sheet, a model a column, after its other ledger rows (estateLedgerRows.ts):
 * each model's run cost (its training over its runs at its training price, plus a run's other costs), its economic
 * cadence sqrt(2R / (N c d)) in real months, the whole months either side with what each costs a month, the best
 * whole month and its cost (docs/cost-model.md, "Both ledgers"), and the check that the best whole month costs no
 * more a month than its neighbours (k - 1, k + 1), for the master check. Every formula is ledgers/sheet's builder,
 * as the annual sheet writes it (annual/sheet/annualLedgers.ts); every cached value the model's (estateLedgers:
 * ledgers/model's annualLedgers over the model's year). Where the ledger is not counted, or its drift is 0 (a model
 * that does not drift has no economic cadence), the rows read "not counted" (all but the run's cost, which is
 * compute's alone), and the check compares 0 with 0.
 */
import { EstateFigures, EstatePlan, ledgerOf, ModelLedger } from "../model";
import { cadenceOfRuns, LedgerFigures, runCostOf, stalenessCost } from "../../ledgers/model";
import {
  bestWholeMonth,
  bestWholeMonthCost,
  cadenceMonthlyCost,
  economicCadence,
  runCost,
  stalenessPerMonth,
  whenCounted,
  wholeMonthAbove,
  wholeMonthBelow,
} from "../../ledgers/sheet";
import { isProblem, Problem } from "../../core/model/problems";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import { CHECK_TOLERANCE, SheetCheck, textLiteral } from "../../core/sheet/checks";
import { figureCell } from "../../core/sheet/rows";
import { TRAFFIC_NAMES } from "./estateInputs";
import { EstateRows, NO_PRICE } from "./estateRows";

/** A cadence in months: 4.3033. */
const MONTHS_FORMAT = "0.0000";
/** What an economic figure reads where the model's ledger is not counted or does not drift (whenCounted's words). */
const NOT_COUNTED = "not counted";

/** What a cell caches: the model's number, its problem, or the sheet's words. */
type Cached = number | string | Problem;

/** A model's ledger when counted and drifting (an economic cadence to weigh), else undefined. */
function driftingOf(ledger: ModelLedger | undefined): LedgerFigures | undefined {
  return ledger !== undefined && !isProblem(ledger) && ledger.counted && ledger.drift > 0 ? ledger : undefined;
}

/** The model's figures for model `i`'s economic rows: its run's cost, its clips a month, its ledger. */
interface ModelEconomy {
  ledger?: LedgerFigures;
  /** its run's money, "no price" without a training price, or the cadence's problem (0 or over 12 runs a year) */
  runCost: Cached;
  clipsPerMonth: number;
}

/** Model `i`'s run cost and clips a month as ledgers/model prices them (annualLedgerSetting's over its year). */
function economyOf(plan: EstatePlan, figures: EstateFigures, i: number): ModelEconomy {
  const ledger = driftingOf(figures.ledgers!.models[i]);
  const { plan: year, hours } = figures.year.models[i];
  const model = plan.models[i];
  const months = cadenceOfRuns(year.runsPerYear, "Runs per year (cadence)");
  const price = model.trainingPricePerHour;
  const run = isProblem(months)
    ? months
    : price === undefined
      ? NO_PRICE
      : runCostOf(hours.training / year.runsPerYear, price, ledgerOf(model));
  return { ...(ledger && { ledger }), runCost: run, clipsPerMonth: hours.clips / MONTHS_PER_YEAR };
}

/** What a whole month's cadence costs a month, as the model prices it: a run's cost over it, plus the staleness. */
function monthCost(economy: ModelEconomy, months: number | undefined): Cached | undefined {
  const { ledger, runCost: run, clipsPerMonth } = economy;
  if (!ledger || months === undefined || typeof run !== "number") return undefined;
  const staleness = stalenessCost(clipsPerMonth, ledger.drift, ledger.costPerError, months);
  return isProblem(staleness) ? staleness : run / months + staleness;
}

/** The rows computed from the economic cadence, after the run's cost. */
const OVER_THE_CADENCE = [
  "economicMonths",
  "monthBelow",
  "monthAbove",
  "costBelow",
  "costAbove",
  "bestMonth",
  "bestCost",
];

/** The cached values of model `i`'s economic rows, by row key; "not counted" where it has no economic cadence. */
function cachedRows(economy: ModelEconomy): Record<string, Cached> {
  const { ledger } = economy;
  const every = (value: Cached) => Object.fromEntries(OVER_THE_CADENCE.map((key) => [key, value]));
  if (!ledger) return { runCost: economy.runCost, ...every(NOT_COUNTED) };
  const economic = ledger.economic;
  // no run cost (no price, the cadence's error): every figure over it is the model's problem, as the sheet's error
  if (isProblem(economic)) return { runCost: economy.runCost, ...every(economic) };
  const below = Math.max(1, Math.floor(economic.months));
  const above = Math.max(1, Math.ceil(economic.months));
  return {
    runCost: economy.runCost,
    economicMonths: economic.months,
    monthBelow: below,
    monthAbove: above,
    costBelow: monthCost(economy, below) ?? NOT_COUNTED,
    costAbove: monthCost(economy, above) ?? NOT_COUNTED,
    bestMonth: economic.best.months,
    bestCost: economic.best.costPerMonth,
  };
}

/** One economic row: its key, label, unit, whether it is money, and its formula for model `i`. */
interface EconomicRow {
  key: string;
  label: string;
  unit: string;
  money: boolean;
  formula: (i: number) => string;
  /** a figure of the model's compute alone, shown whether its ledger is counted or not (the run's cost) */
  always?: true;
}

/** The rows, each a builder of ledgers/sheet over the model's cells. */
function economicRows(sheet: EstateRows): EconomicRow[] {
  const at = (key: string) => (i: number) => sheet.at(key, i);
  const [run, clips, drift, error] = [at("runCost"), at("clipsPerMonth"), at("driftPerMonth"), at("errorCost")];
  const monthly = (i: number, months: string) =>
    cadenceMonthlyCost(run(i), months, stalenessPerMonth(clips(i), drift(i), error(i), months));
  const price = at("trainingPricePerHour");
  return [
    {
      key: "runCost",
      label: "A run's cost",
      unit: "its training over its runs at the training price, plus its other costs",
      money: true,
      always: true,
      // 0 or over 12 runs a year: the cadence's error (the months now); blank price: no price, never a run of 0
      formula: (i) => {
        const months = at("monthsNow")(i);
        const both = `ISNUMBER(${months})*ISNUMBER(${price(i)})`;
        const priced = runCost(`${at("training")(i)}/${at("runs")(i)}`, price(i), at("otherCostPerRun")(i));
        return `IF(${both},${priced},IF(ISNUMBER(${months}),${textLiteral(NO_PRICE)},${months}))`;
      },
    },
    {
      key: "economicMonths",
      label: "Economic cadence",
      unit: "months, real: sqrt(2 × run cost / (clips × error cost × drift))",
      money: false,
      formula: (i) => economicCadence(run(i), clips(i), drift(i), error(i)),
    },
    {
      key: "monthBelow",
      label: "Whole month below",
      unit: "months",
      money: false,
      formula: (i) => wholeMonthBelow(at("economicMonths")(i)),
    },
    {
      key: "monthAbove",
      label: "Whole month above",
      unit: "months",
      money: false,
      formula: (i) => wholeMonthAbove(at("economicMonths")(i)),
    },
    {
      key: "costBelow",
      label: "Its cost a month",
      unit: "run cost / months + staleness",
      money: true,
      formula: (i) => monthly(i, at("monthBelow")(i)),
    },
    {
      key: "costAbove",
      label: "Its cost a month",
      unit: "run cost / months + staleness",
      money: true,
      formula: (i) => monthly(i, at("monthAbove")(i)),
    },
    {
      key: "bestMonth",
      label: "Best whole month",
      unit: "months: the cheaper of the two, the fresher on a tie",
      money: false,
      formula: (i) => bestWholeMonth(at("monthBelow")(i), at("monthAbove")(i), at("costBelow")(i), at("costAbove")(i)),
    },
    {
      key: "bestCost",
      label: "Best whole month's cost a month",
      unit: "both ledgers a month",
      money: true,
      formula: (i) => bestWholeMonthCost(at("costBelow")(i), at("costAbove")(i)),
    },
  ];
}

/**
 * Adds each model's economic cadence rows (after the ledger rows, which hold its counted flag, error cost, clips a
 * month and cadence now) and returns the check of each model's best whole month against its neighbours.
 */
export function addEconomicRows(
  sheet: EstateRows,
  plan: EstatePlan,
  figures: EstateFigures,
  costFormat: string,
): SheetCheck[] {
  const economies = plan.models.map((_, i) => economyOf(plan, figures, i));
  const cached = economies.map(cachedRows);
  // counted, and drifting: drift 0 has no economic cadence (NO_DRIFT), so its rows say "not counted"
  const counted = (i: number) => `${sheet.at("ledgerCounted", i)}*(${sheet.at("driftPerMonth", i)}>0)`;
  for (const row of economicRows(sheet)) {
    sheet.modelRow(row.key, row.label, null, row.unit, (i) =>
      figureCell(
        row.always ? row.formula(i) : whenCounted(counted(i), row.formula(i)),
        cached[i][row.key],
        row.money ? costFormat : MONTHS_FORMAT,
      ),
    );
  }
  return economies.map((economy, i) => bestMonthCheck(sheet, economy, i, costFormat));
}

/** A figure as a check's route: the cell's number, 0 where it is not one (not counted, no price). */
const numberOr0 = (x: Cached | undefined): number => (typeof x === "number" ? x : 0);

/**
 * Model `i`'s best whole month's cost against its neighbours' (k - 1, at least 1, and k + 1), each route 0 while the
 * best month is not a number, so a model not counted passes.
 */
function bestMonthCheck(sheet: EstateRows, economy: ModelEconomy, i: number, costFormat: string): SheetCheck {
  const at = (key: string) => sheet.at(key, i);
  const best = at("bestMonth");
  const monthly = (months: string) =>
    cadenceMonthlyCost(
      at("runCost"),
      months,
      stalenessPerMonth(at("clipsPerMonth"), at("driftPerMonth"), at("errorCost"), months),
    );
  const economic = economy.ledger?.economic;
  const bestOf = economic && !isProblem(economic) ? economic.best : undefined;
  const k = bestOf?.months;
  const values = [
    numberOr0(bestOf?.costPerMonth),
    numberOr0(monthCost(economy, k === undefined ? undefined : Math.max(1, k - 1))),
    numberOr0(monthCost(economy, k === undefined ? undefined : k + 1)),
  ];
  // the routes print as money, as the figures they compare
  const whenNumber = (formula: string, value: number) =>
    figureCell(`IF(ISNUMBER(${best}),${formula},0)`, value, costFormat);
  const tol = sheet.named(TRAFFIC_NAMES.checkTolerance);
  const [cost, lower, higher] = values;
  return {
    name: `Model ${i + 1}: the best whole month costs no more than its neighbours`,
    figures: [
      whenNumber(at("bestCost"), cost),
      whenNumber(monthly(`MAX(1,${best}-1)`), lower),
      whenNumber(monthly(`(${best}+1)`), higher),
    ],
    holds: ([b, below, above]) => `${b}<=MIN(${below},${above})*(1+${tol})`,
    failure: `Model ${i + 1}: a whole month next to the best one costs less a month: a ledger figure was typed over.`,
    held: cost <= Math.min(lower, higher) * (1 + CHECK_TOLERANCE),
  };
}
