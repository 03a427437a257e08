/*
 * The estate sheet's figures: each model's year a column, the estate's in column B, one formula a row. A model's
 * year is the annual view's (the steps of annual/sheet's yearParts, with annual/sheet's and core/excel's builders)
 * over the share of the plan's clips it scores, its cadence in runs a year from its count and unit; the estate's
 * hours and money are the models' added (SUM across the row). Shares are of the whole estate (amdahlCeiling over the
 * estate's total); money counts only while every model has both its prices (EstatePriced), as in the pane. Then
 * each model's crossover in the plan's clips a retrain interval, and which half dominates each model and the
 * estate, in hours and (the estate) in money. Every formula caches the model's value (estateYear).
 */
import type { EstateYear, ModelFigures } from "../model";
import * as inExcel from "../../core/excel/formulas";
import * as annualExcel from "../../core/excel/yearFormulas";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { dominanceText, Dominance, roundSignificant } from "../../core/model/dominance";
import { figureCell } from "../../core/sheet/rows";
import type { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import * as estateExcel from "./estateFormulas";
import { CADENCE_UNIT_KEY, TRAFFIC_NAMES } from "./estateInputs";
import { EstateRows, NO_PRICE } from "./estateRows";

/** The defined names of the estate's figures, unsuffixed. */
export const FIGURE_NAMES = { priced: "EstatePriced", hours: "EstateTotalHours", cost: "EstateTotalCost" } as const;

/** What a cell caches: the model's number, text or problem. */
type Cached = number | string | Problem;

/** One row of figures: a model's formula and value, and the estate's where it has one (its formula given its row). */
interface FigureRow {
  key: string;
  label: string;
  unit: string;
  format: string;
  model: (i: number) => string;
  cached: (m: ModelFigures) => Cached;
  estate?: { formula: (row: number) => string; cached: Cached };
  /** the defined name of the estate's cell */
  name?: string;
}

/** A cached money figure: the model's, or "no price" while the estate is not priced. */
const money = (value: number | Problem | undefined): Cached => value ?? NO_PRICE;

/** Writes `rows`, each a row over the models with its estate cell. */
function addRows(sheet: EstateRows, models: readonly ModelFigures[], rows: readonly FigureRow[]): void {
  for (const spec of rows) {
    const row = sheet.nextRow;
    const estate: LayoutCell | null = spec.estate
      ? figureCell(spec.estate.formula(row), spec.estate.cached, spec.format)
      : null;
    sheet.modelRow(spec.key, spec.label, estate, spec.unit, (i) =>
      figureCell(spec.model(i), spec.cached(models[i]), spec.format),
    );
    if (spec.name) sheet.name(spec.name, 1);
  }
}

/** The estate's cell of a row: the models' SUM across it. */
const sumAcross = (sheet: EstateRows) => (row: number) => `SUM(${sheet.acrossRow(row)})`;

/** A sum over the models of one of their figures, in the plan's order (SUM's). */
const total = (models: readonly ModelFigures[], of: (m: ModelFigures) => number) =>
  models.reduce((sum, m) => sum + of(m), 0);

/** Runs a year now and proposed, and the clips each model scores a year. */
function cadenceRows(sheet: EstateRows): FigureRow[] {
  const days = sheet.named(TRAFFIC_NAMES.daysPerYear);
  const months = sheet.named(TRAFFIC_NAMES.monthsPerYear);
  const unit = (i: number) => sheet.at(CADENCE_UNIT_KEY, i);
  return [
    {
      key: "runs",
      label: "Runs a year",
      unit: "runs",
      format: NUMBER_FORMAT.ratio,
      model: (i) => estateExcel.cadenceRunsPerYear(sheet.at("cadence", i), unit(i), days, months),
      cached: (m) => m.plan.runsPerYear,
    },
    {
      key: "runsProposed",
      label: "Runs a year, proposed",
      unit: "runs; the cadence proposed, or now",
      format: NUMBER_FORMAT.ratio,
      model: (i) =>
        estateExcel.proposedRunsPerYear(sheet.at("cadenceProposed", i), sheet.at("runs", i), unit(i), days, months),
      cached: (m) => m.plan.runsPerYearProposed,
    },
    {
      key: "clips",
      label: "Clips it scores a year",
      unit: "clips: the plan's traffic x its share",
      format: NUMBER_FORMAT.clips,
      model: (i) =>
        inExcel.clipsPerInterval(`${sheet.named(TRAFFIC_NAMES.clipsPerSecond)}*${sheet.at("shareScored", i)}`, days),
      cached: (m) => m.hours.clips,
    },
  ];
}

/** Each model's hours a year by part, and the estate's added across. */
function hoursRows(sheet: EstateRows, year: EstateYear): FigureRow[] {
  const at = (key: string) => (i: number) => sheet.at(key, i);
  const hours = NUMBER_FORMAT.hours;
  const row = (
    key: string,
    label: string,
    model: (i: number) => string,
    cached: (m: ModelFigures) => number,
    name?: string,
  ): FigureRow => ({
    key,
    label: `${label}, accelerator-hours`,
    unit: "h a year",
    format: hours,
    model,
    cached,
    estate: { formula: sumAcross(sheet), cached: total(year.models, cached) },
    ...(name ? { name } : {}),
  });
  return [
    row(
      "winning",
      "Winning runs",
      (i) => annualExcel.winningRunHours(at("trainingHoursPerRun")(i), at("runs")(i)),
      (m) => m.hours.winningRunHours,
    ),
    row(
      "training",
      "Training",
      (i) => inExcel.effectiveTrainingHours(at("winning")(i), at("trainingOverhead")(i)),
      (m) => m.hours.training,
    ),
    row(
      "failed",
      "Failed runs and sweeps",
      (i) => annualExcel.failedRunHours(at("training")(i), at("winning")(i)),
      (m) => m.hours.trainingOverhead,
    ),
    row(
      "consumed",
      "Serving, consumed",
      (i) => inExcel.servingHours(at("clips")(i), at("secondsPerClip")(i)),
      (m) => m.hours.servingConsumed,
    ),
    row(
      "paid",
      "Serving, paid",
      (i) => inExcel.paidServingHours(at("consumed")(i), at("peakToMean")(i)),
      (m) => m.hours.servingPaid,
    ),
    row(
      "idle",
      "Idle capacity, paid and not used",
      (i) => inExcel.idleCapacity(at("paid")(i), at("consumed")(i)),
      (m) => m.hours.idleCapacity,
    ),
    row(
      "rescans",
      "Re-scans",
      (i) => annualExcel.rescanHours(at("rescanEvents")(i), at("rescanHoursEach")(i)),
      (m) => m.hours.rescans,
    ),
    row(
      "total",
      "Total",
      (i) => inExcel.totalHours(at("training")(i), at("paid")(i), at("rescans")(i)),
      (m) => m.total.hours,
      FIGURE_NAMES.hours,
    ),
  ].map((spec) => (spec.key === "total" ? { ...spec, estate: { ...spec.estate!, cached: year.total.hours } } : spec));
}

/** The parts whose shares and money the sheet shows: the estate's parts and the total. */
const PARTS = [
  { part: "training", hours: "training", label: "Training", price: "trainingPricePerHour" },
  { part: "serving", hours: "paid", label: "Serving, paid", price: "servingPricePerHour" },
  { part: "rescans", hours: "rescans", label: "Re-scans", price: "servingPricePerHour" },
  { part: "total", hours: "total", label: "Total", price: undefined },
] as const;

/** A part's figures of a model or the estate. */
const partOf = (f: Pick<ModelFigures, "parts" | "total">, part: (typeof PARTS)[number]["part"]) =>
  part === "total" ? f.total : f.parts[part];

/** Each part's share of the estate's hours, its money (every model priced), and its share of the money. */
function moneyRows(sheet: EstateRows, year: EstateYear, costFormat: string): FigureRow[] {
  const estateHours = sheet.named(FIGURE_NAMES.hours);
  const estateCost = sheet.named(FIGURE_NAMES.cost);
  const priced = sheet.named(FIGURE_NAMES.priced);
  const share = NUMBER_FORMAT.share;
  const shares: FigureRow[] = PARTS.map(({ part, hours, label }) => ({
    key: `${part}Share`,
    label: `${label}, share of the estate's hours`,
    unit: "share",
    format: share,
    model: (i) => inExcel.amdahlCeiling(sheet.at(hours, i), estateHours, "1"),
    cached: (m) => partOf(m, part).hoursShare,
    estate: {
      formula: () => inExcel.amdahlCeiling(sheet.estateAt(hours), estateHours, "1"),
      cached: partOf(year, part).hoursShare,
    },
  }));
  const costs: FigureRow[] = PARTS.map(({ part, hours, label, price }) => ({
    key: `${part}Cost`,
    label: `${label}, money`,
    unit: "a year",
    format: costFormat,
    model: (i) =>
      estateExcel.pricedFigure(
        priced,
        price === undefined
          ? inExcel.totalHours(sheet.at("trainingCost", i), sheet.at("servingCost", i), sheet.at("rescansCost", i))
          : inExcel.costOf(sheet.at(hours, i), sheet.at(price, i)),
      ),
    cached: (m) => money(partOf(m, part).cost),
    estate: {
      formula: (row) => estateExcel.pricedFigure(priced, sumAcross(sheet)(row)),
      cached: money(partOf(year, part).cost),
    },
    ...(part === "total" ? { name: FIGURE_NAMES.cost } : {}),
  }));
  const costShares: FigureRow[] = PARTS.map(({ part, label }) => ({
    key: `${part}CostShare`,
    label: `${label}, share of the estate's money`,
    unit: "share",
    format: share,
    model: (i) => estateExcel.pricedFigure(priced, inExcel.amdahlCeiling(sheet.at(`${part}Cost`, i), estateCost, "1")),
    cached: (m) => money(partOf(m, part).costShare),
    estate: {
      formula: () =>
        estateExcel.pricedFigure(priced, inExcel.amdahlCeiling(sheet.estateAt(`${part}Cost`), estateCost, "1")),
      cached: money(partOf(year, part).costShare),
    },
  }));
  return [...shares, ...costs, ...costShares];
}

/** serving / training, as the sheet's division gives it: #DIV/0! over no training. */
const ratioOf = (serving: number, training: number): number | Problem =>
  training === 0 ? problem("divisionByZero", "No training hours to compare with.") : serving / training;

/** The larger half over the smaller from a ratio: MAX(r, 1/r), #DIV/0! at a ratio of 0. */
const leadOf = (ratio: number | Problem): number | Problem =>
  isProblem(ratio) ? ratio : ratio === 0 ? problem("divisionByZero", "No serving hours.") : Math.max(ratio, 1 / ratio);

/** The lead to three significant figures, as ROUND gives it. */
const roundedOf = (lead: number | Problem): number | Problem => (isProblem(lead) ? lead : roundSignificant(lead, 3));

/** Which half dominates, in words (DOMINANTHALF's): "serving, 21.6x". */
const halfOf = (dominance: Dominance | Problem | undefined): Cached =>
  dominance === undefined ? NO_PRICE : dominanceText(dominance);

/** Each model's crossover and clips a retrain interval now; which half dominates each model and the estate. */
function crossoverRows(sheet: EstateRows, year: EstateYear): FigureRow[] {
  const at = (key: string, i: number) => sheet.at(key, i);
  const cps = sheet.named(TRAFFIC_NAMES.clipsPerSecond);
  const days = sheet.named(TRAFFIC_NAMES.daysPerYear);
  const estateRatio = ratioOf(year.parts.serving.hours, year.parts.training.hours);
  const ratio = (m: ModelFigures) => ratioOf(m.hours.servingPaid, m.hours.training);
  return [
    {
      key: "crossover",
      label: "Crossover: the plan's clips a retrain interval at which serving equals a run",
      unit: "clips",
      format: NUMBER_FORMAT.clips,
      model: (i) =>
        estateExcel.modelCrossover(
          `${at("trainingHoursPerRun", i)}*${at("trainingOverhead", i)}`,
          `${at("secondsPerClip", i)}*${at("shareScored", i)}*${at("peakToMean", i)}`,
          at("runs", i),
        ),
      cached: (m) => m.crossoverClips,
    },
    {
      key: "clipsNow",
      label: "The plan's clips a retrain interval now",
      unit: "clips",
      format: NUMBER_FORMAT.clips,
      model: (i) => inExcel.clipsPerInterval(cps, `(${days}/${at("runs", i)})`),
      cached: (m) => m.clipsPerInterval,
    },
    {
      key: "split",
      label: "Serving paid over training",
      unit: "times",
      format: NUMBER_FORMAT.ratio,
      model: (i) => inExcel.splitRatio(at("paid", i), at("training", i)),
      cached: ratio,
      estate: {
        formula: () => inExcel.splitRatio(sheet.estateAt("paid"), sheet.estateAt("training")),
        cached: estateRatio,
      },
    },
    {
      key: "lead",
      label: "The larger half over the smaller",
      unit: "times",
      format: NUMBER_FORMAT.ratio,
      model: (i) => inExcel.leadOfRatio(at("split", i)),
      cached: (m) => leadOf(ratio(m)),
      estate: { formula: () => inExcel.leadOfRatio(sheet.estateAt("split")), cached: leadOf(estateRatio) },
    },
    {
      key: "rounded",
      label: "The lead, three significant figures",
      unit: "times",
      format: NUMBER_FORMAT.lead,
      model: (i) => inExcel.roundedLead(at("lead", i)),
      cached: (m) => roundedOf(leadOf(ratio(m))),
      estate: { formula: () => inExcel.roundedLead(sheet.estateAt("lead")), cached: roundedOf(leadOf(estateRatio)) },
    },
    {
      key: "dominance",
      label: "Which half dominates, in hours",
      unit: "the larger half, and by how much",
      format: NUMBER_FORMAT.text,
      model: (i) => inExcel.dominantHalf(at("rounded", i), at("split", i)),
      cached: (m) => halfOf(m.dominance),
      estate: {
        formula: () => inExcel.dominantHalf(sheet.estateAt("rounded"), sheet.estateAt("split")),
        cached: halfOf(year.dominanceHours),
      },
    },
  ];
}

/**
 * Which half of the estate dominates in money (every model priced): serving's money over training's, its lead (1
 * while not priced, so the rounding reads a number) and the words; the models' columns are empty.
 */
function moneyDominanceRows(sheet: EstateRows, year: EstateYear): FigureRow[] {
  const priced = sheet.named(FIGURE_NAMES.priced);
  const { training, serving } = year.parts;
  const ratio =
    typeof training.cost === "number" && typeof serving.cost === "number"
      ? ratioOf(serving.cost, training.cost)
      : undefined;
  const lead = ratio === undefined ? 1 : leadOf(ratio);
  const none = () => "";
  const noModel = () => NO_PRICE;
  return [
    {
      key: "splitMoney",
      label: "Serving's money over training's",
      unit: "times",
      format: NUMBER_FORMAT.ratio,
      model: none,
      cached: noModel,
      estate: {
        formula: () =>
          estateExcel.pricedFigure(
            priced,
            inExcel.splitRatio(sheet.estateAt("servingCost"), sheet.estateAt("trainingCost")),
          ),
        cached: ratio ?? NO_PRICE,
      },
    },
    {
      key: "leadMoney",
      label: "The larger half over the smaller, in money",
      unit: "times; 1 with no price",
      format: NUMBER_FORMAT.ratio,
      model: none,
      cached: noModel,
      estate: {
        formula: () => `IF(${priced}=1,${inExcel.leadOfRatio(sheet.estateAt("splitMoney"))},1)`,
        cached: lead,
      },
    },
    {
      key: "roundedMoney",
      label: "The lead in money, three significant figures",
      unit: "times",
      format: NUMBER_FORMAT.lead,
      model: none,
      cached: noModel,
      estate: { formula: () => inExcel.roundedLead(sheet.estateAt("leadMoney")), cached: roundedOf(lead) },
    },
    {
      key: "dominanceMoney",
      label: "Which half dominates, in money",
      unit: "the larger half, and by how much",
      format: NUMBER_FORMAT.text,
      model: none,
      cached: noModel,
      estate: {
        formula: () =>
          estateExcel.pricedFigure(
            priced,
            inExcel.dominantHalf(sheet.estateAt("roundedMoney"), sheet.estateAt("splitMoney")),
          ),
        cached: halfOf(year.dominanceMoney),
      },
    },
  ];
}

/**
 * Adds the figures: runs and clips, hours by part, the priced flag, shares and money, crossovers and dominance; each
 * model's formulas in its column, the estate's in B.
 */
export function addYearRows(sheet: EstateRows, year: EstateYear, costFormat: string): void {
  sheet.heading("Each model's year, and the estate's (column B: the models added)");
  addRows(sheet, year.models, cadenceRows(sheet));
  addRows(sheet, year.models, hoursRows(sheet, year));
  sheet.heading("Shares of the estate, and money");
  sheet.modelRow(
    "priced",
    "Every model priced",
    figureCell(
      estateExcel.everyModelPriced(sheet.across("trainingPricePerHour"), sheet.across("servingPricePerHour")),
      year.priced ? 1 : 0,
      "0",
    ),
    "1 when every model has both its prices: money is counted then",
    () => null,
  );
  sheet.name(FIGURE_NAMES.priced, 1);
  addRows(sheet, year.models, moneyRows(sheet, year, costFormat));
  sheet.heading("Crossovers and which half dominates");
  addRows(sheet, year.models, crossoverRows(sheet, year));
  addEstateRows(sheet, moneyDominanceRows(sheet, year));
}

/** Rows of the estate alone (the models' cells empty). */
function addEstateRows(sheet: EstateRows, rows: readonly FigureRow[]): void {
  for (const spec of rows) {
    const row = sheet.nextRow;
    sheet.modelRow(
      spec.key,
      spec.label,
      figureCell(spec.estate!.formula(row), spec.estate!.cached, spec.format),
      spec.unit,
      () => null,
    );
  }
}
