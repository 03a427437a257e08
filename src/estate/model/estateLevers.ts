/*
 * Levers ranked across the estate: for each model, each change proposed for it, alone, with every other input and
 * every other model as it is now. Its saving is its model's annual lever (annual/model's leversTable: the one
 * lever formula, leverSaving, over the part proportional to its input), plus two the estate adds: the share of
 * the plan's clips the model scores (an escalation rate: its paid serving is proportional to it) and retiring the
 * model (its whole year saved). Saving and ceiling are taken against the whole estate, in hours and, priced, in
 * money at the price of the part the lever touches (training's hardware or serving's): the two rankings can
 * disagree, and money is the one a budget holder acts on, so a priced estate ranks by money and shows the hours'
 * ranking beside it where it differs.
 */
import {
  annualField,
  hoursRatio,
  LEVER_PARTS,
  LEVERS,
  LeverId,
  LeverPart,
  leversTable,
  leverSaving,
  savingRanks,
} from "../../annual/model";
import { amdahlCeiling } from "../../core/model/formulas";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { costOf } from "../../stages/model";
import { EstateModel, EstatePlan, estateField } from "./estateFields";
import { EstateYear, estateYear, ModelFigures } from "./estate";
import { EstateLedgers, estateLedgers, LeverLedger, leverLedger } from "./estateLedgers";

/** The estate's own levers, beside the annual ones: a model's share of clips scored, and retiring it. */
export const ESTATE_OWN_LEVERS = [
  { id: "shareScored", label: "Share of clips scored", part: "serving" },
  { id: "retire", label: "Retire the model", part: "model" },
] as const;

/** A lever of the estate: the annual view's, or one of the estate's own. */
export type EstateLeverId = LeverId | (typeof ESTATE_OWN_LEVERS)[number]["id"];
/** What a lever touches: an annual lever's part, or the whole model. */
export type EstateLeverPart = LeverPart | "model";

/** One lever of one model, against the estate. */
export interface EstateLeverRow {
  /** the model's place in the plan, and its name */
  model: number;
  modelName: string;
  lever: EstateLeverId;
  label: string;
  part: EstateLeverPart;
  partLabel: string;
  /** the input now and proposed, in the lever's terms (runs a year for the cadence; 1 and 0 for retiring) */
  current: number;
  proposed: number;
  /** the kind of quantity the input is (its field's: seconds, count, hours, factor, share; a flag for retiring) */
  quantity: string;
  /** accelerator-hours saved a year (negative: the change adds hours) */
  hoursSaved: number | Problem;
  /** the saving as a share of the estate's hours */
  hoursShare: number | Problem;
  /** the share of the estate's hours the part it touches is: the most a change to it can save */
  hoursCeiling: number | Problem;
  /** money saved a year, at the part's price; undefined when the estate is not priced */
  costSaved?: number | Problem;
  costShare?: number | Problem;
  costCeiling?: number | Problem;
  /** 1 for the largest saving in hours; equal savings share a rank; one that cannot be computed ranks last */
  hoursRank: number;
  /** the same in money; undefined when the estate is not priced */
  costRank?: number;
  /**
   * the cadence lever of a model whose second ledger is typed: its saving, the staleness it adds and the net, or
   * why it counts one ledger only; undefined for every other lever and a blank ledger (the ranks stay compute's)
   */
  ledger?: LeverLedger;
}

/** The estate's levers: the proposed changes of every model, ranked. */
export interface EstateLevers {
  /** by money when the estate is priced, by hours otherwise; equal ranks keep the plan's order */
  rows: EstateLeverRow[];
  /** what `rows` are ranked by */
  rankedBy: "money" | "hours";
  /** the same rows ranked by hours */
  byHours: EstateLeverRow[];
  /** the money ranking and the hours ranking put the levers in different orders */
  rankingsDiffer: boolean;
}

/** A lever's saving before the estate's shares: which model, what, and the hours of the part it touches. */
interface LeverSaving {
  model: number;
  lever: EstateLeverId;
  label: string;
  part: EstateLeverPart;
  partLabel: string;
  current: number;
  proposed: number;
  quantity: string;
  hoursSaved: number | Problem;
  /** the part's hours, whose share of the estate is the ceiling */
  partHours: number;
  /** the price the part is billed at */
  price?: number;
}

/** The price of the part a lever touches: training's hardware for a training lever, serving's otherwise. */
function priceOf(model: EstateModel, part: EstateLeverPart): number | undefined {
  return part === "training" || part === "trainingOverhead" ? model.trainingPricePerHour : model.servingPricePerHour;
}

/** The annual levers proposed for one model (those whose proposal differs from now), from its annual year. */
function annualSavings(index: number, model: EstateModel, figures: ModelFigures): LeverSaving[] {
  const table = leversTable(figures.plan);
  if (isProblem(table)) return [];
  return table.rows
    .filter((row) => row.changed)
    .map((row) => ({
      model: index,
      lever: row.lever,
      label: row.label,
      part: row.part,
      partLabel: row.partLabel,
      current: row.current,
      proposed: row.proposed,
      quantity: annualField(LEVERS.find((lever) => lever.id === row.lever)!.proposedKey).quantity,
      hoursSaved: row.hoursSavedPerYear,
      partHours: figures.hours[LEVER_PARTS[row.part].hours],
      price: priceOf(model, row.part),
    }));
}

/** The estate's own levers proposed for one model: its share of clips scored, and retiring it. */
function ownSavings(index: number, model: EstateModel, figures: ModelFigures): LeverSaving[] {
  const found: LeverSaving[] = [];
  const { shareScored, shareScoredProposed } = model;
  if (shareScoredProposed !== undefined && shareScoredProposed !== shareScored) {
    const serving = figures.hours.servingPaid;
    const saved =
      shareScored === 0
        ? problem("divisionByZero", `${estateField("shareScored").label} is 0 now: no hours are proportional to it.`)
        : leverSaving(serving, shareScored, shareScoredProposed);
    const spec = ESTATE_OWN_LEVERS[0];
    found.push({
      model: index,
      lever: spec.id,
      label: spec.label,
      part: spec.part,
      partLabel: LEVER_PARTS.serving.label,
      current: shareScored,
      proposed: shareScoredProposed,
      quantity: estateField("shareScored").quantity,
      hoursSaved: saved,
      partHours: serving,
      price: model.servingPricePerHour,
    });
  }
  if (model.retireProposed === 1) {
    const spec = ESTATE_OWN_LEVERS[1];
    const whole = figures.total.hours;
    found.push({
      model: index,
      lever: spec.id,
      label: spec.label,
      part: spec.part,
      partLabel: "the whole model",
      current: 1,
      proposed: 0,
      quantity: estateField("retireProposed").quantity,
      hoursSaved: whole,
      partHours: whole,
    });
  }
  return found;
}

/** The money of `hours` at `price`, its sign kept (a change that adds hours adds money). */
function signedCost(hours: number | Problem, price: number): number | Problem {
  if (isProblem(hours)) return hours;
  const magnitude = costOf(Math.abs(hours), price);
  return isProblem(magnitude) || hours >= 0 ? magnitude : -magnitude;
}

/** A lever's row against the estate's totals, before ranking. */
function leverRow(saving: LeverSaving, year: EstateYear, model: ModelFigures): EstateLeverRow {
  const estateHours = year.total.hours;
  const { hoursSaved, partHours } = saving;
  const row: EstateLeverRow = {
    model: saving.model,
    modelName: model.name,
    lever: saving.lever,
    label: saving.label,
    part: saving.part,
    partLabel: saving.partLabel,
    current: saving.current,
    proposed: saving.proposed,
    quantity: saving.quantity,
    hoursSaved,
    hoursShare: isProblem(hoursSaved) ? hoursSaved : hoursRatio(hoursSaved, estateHours, "The saving's share"),
    hoursCeiling: amdahlCeiling(partHours, estateHours),
    hoursRank: 0,
  };
  const estateCost = year.total.cost;
  if (!year.priced || estateCost === undefined) return row;
  // Retiring a model saves its whole year's money, each part at its own price.
  const costSaved = saving.part === "model" ? model.total.cost! : signedCost(hoursSaved, saving.price!);
  const partCost = saving.part === "model" ? model.total.cost! : costOf(partHours, saving.price!);
  const ofEstate = (value: number | Problem, what: string) =>
    isProblem(value) ? value : isProblem(estateCost) ? estateCost : hoursRatio(value, estateCost, what);
  return {
    ...row,
    costSaved,
    costShare: ofEstate(costSaved, "The saving's share of the money"),
    costCeiling: isProblem(partCost)
      ? partCost
      : isProblem(estateCost)
        ? estateCost
        : amdahlCeiling(partCost, estateCost),
    costRank: 0,
  };
}

/** `rows` in the order of `ranks` (1 first), equal ranks in the plan's order. */
function rankedOrder(rows: readonly EstateLeverRow[], rank: (row: EstateLeverRow) => number): EstateLeverRow[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row) - rank(b.row) || a.index - b.index)
    .map(({ row }) => row);
}

/**
 * The estate's levers: every model's proposed changes, each alone, with its saving and ceiling against the whole
 * estate, ranked by money when priced and by hours otherwise.
 * @example estateLevers(EXAMPLE_ESTATE, year).rows[0].lever // "shareScored": C escalating 4% instead of 5%
 */
export function estateLevers(plan: EstatePlan, year: EstateYear): EstateLevers {
  const savings = plan.models.flatMap((model, i) => [
    ...annualSavings(i, model, year.models[i]),
    ...ownSavings(i, model, year.models[i]),
  ]);
  const rows = savings.map((saving) => leverRow(saving, year, year.models[saving.model]));
  savingRanks(rows.map((row) => row.hoursSaved)).forEach((rank, i) => (rows[i].hoursRank = rank));
  if (year.priced) savingRanks(rows.map((row) => row.costSaved!)).forEach((rank, i) => (rows[i].costRank = rank));
  const byHours = rankedOrder(rows, (row) => row.hoursRank);
  const byMoney = year.priced ? rankedOrder(rows, (row) => row.costRank!) : byHours;
  return {
    rows: byMoney,
    rankedBy: year.priced ? "money" : "hours",
    byHours,
    rankingsDiffer: byMoney.some((row, i) => row !== byHours[i]),
  };
}

/** Everything the estate's view shows: its year, its levers, and both ledgers where a model's is typed. */
export interface EstateFigures {
  year: EstateYear;
  levers: EstateLevers;
  /** undefined when no model's second ledger is typed: the figures are then the estate's without a ledger */
  ledgers?: EstateLedgers;
}

/**
 * The estate's year and levers, from one plan, and both ledgers where any model's is typed (each cadence lever then
 * weighed on them); the first problem of the plan otherwise, naming model and field.
 * @example (estateFigures(EXAMPLE_ESTATE) as EstateFigures).year.total.cost // 350080
 */
export function estateFigures(plan: EstatePlan): EstateFigures | Problem {
  const year = estateYear(plan);
  if (isProblem(year)) return year;
  const levers = estateLevers(plan, year);
  const ledgers = estateLedgers(plan, year);
  if (!ledgers) return { year, levers };
  // The rows are shared by both rankings, so each is weighed once, in place.
  for (const row of levers.rows) {
    const weighed = row.lever === "cadence" ? leverLedger(ledgers.models[row.model]) : undefined;
    if (weighed) row.ledger = weighed;
  }
  return { year, levers, ledgers };
}
