/*
 * Both ledgers across the estate (docs/cost-model.md, "Both ledgers" and "Several models in one plan"): each model
 * whose second ledger is typed gets the annual view's figures for it (ledgers/model's annualLedgers over the
 * model's year, its run priced at its training price), so no formula of the ledger is restated here: the staleness
 * a month and a year at its cadence, its economic cadence (real and best whole month) with its monthly cost, and
 * its cadence lever's saving against the staleness it adds. The estate's staleness a year is the counted models'
 * sum, beside its compute. A model with a blank ledger gets nothing, and an estate with none gets no ledgers at all:
 * its figures are exactly those of an estate before the ledger existed.
 */
import { annualFigures } from "../../annual/model";
import { finiteResult } from "../../core/model/checks";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { annualLedgers, CadenceChangeFigures, ledgerGiven, LedgerFigures, LedgerNotCounted } from "../../ledgers/model";
import { EstatePlan, ledgerOf } from "./estateFields";
import type { EstateYear } from "./estate";

/** One model's second ledger: both ledgers counted, not counted (and why), or a problem that names it. */
export type ModelLedger = LedgerFigures | LedgerNotCounted | Problem;

/** Both ledgers across the estate, when at least one model's ledger is typed. */
export interface EstateLedgers {
  /** each model's, in the plan's order; undefined where the model's ledger is blank */
  models: (ModelLedger | undefined)[];
  /** the staleness a year of the models whose ledger is counted, added up; undefined when none is counted */
  stalenessPerYear?: number | Problem;
  /** the estate's compute a year, in money, beside it; undefined when the estate is not priced */
  computePerYear?: number | Problem;
}

/** What the cadence lever of a model weighs on the second ledger: its net, or why it counts one ledger only. */
export type LeverLedger = CadenceChangeFigures | LedgerNotCounted | Problem;

/** A model's ledger: its year as an annual plan priced at its training price (a run's compute), weighed. */
function modelLedger(plan: EstatePlan, year: EstateYear, index: number): ModelLedger | undefined {
  const model = plan.models[index];
  const inputs = ledgerGiven(ledgerOf(model));
  if (!inputs) return undefined;
  const price = model.trainingPricePerHour;
  const priced = { ...year.models[index].plan, ...(price === undefined ? {} : { pricePerHour: price }) };
  const figures = annualFigures(priced);
  const found = isProblem(figures) ? figures : annualLedgers(priced, figures, inputs);
  return isProblem(found) ? problem(found.kind, `${model.name}: ${found.message}`) : found;
}

/** The counted models' staleness a year, added up; the first problem, named by its model; undefined for none. */
function stalenessTotal(plan: EstatePlan, models: readonly (ModelLedger | undefined)[]): number | Problem | undefined {
  let total: number | undefined;
  for (const [index, ledger] of models.entries()) {
    if (ledger === undefined || isProblem(ledger) || !ledger.counted) continue;
    const { stalenessPerYear } = ledger;
    if (isProblem(stalenessPerYear)) {
      return problem(stalenessPerYear.kind, `${plan.models[index].name}: ${stalenessPerYear.message}`);
    }
    const sum = finiteResult((total ?? 0) + stalenessPerYear, "The estate's staleness a year");
    if (isProblem(sum)) return sum;
    total = sum;
  }
  return total;
}

/**
 * Both ledgers across the estate, or undefined when no model's ledger is typed.
 * @example estateLedgers(plan, year)?.models[0] // model A's LedgerFigures, where A's drift and error cost are typed
 */
export function estateLedgers(plan: EstatePlan, year: EstateYear): EstateLedgers | undefined {
  const models = plan.models.map((_, index) => modelLedger(plan, year, index));
  if (models.every((ledger) => ledger === undefined)) return undefined;
  const stalenessPerYear = stalenessTotal(plan, models);
  return {
    models,
    ...(stalenessPerYear !== undefined && { stalenessPerYear }),
    ...(year.total.cost !== undefined && { computePerYear: year.total.cost }),
  };
}

/**
 * What a model's cadence lever weighs on the second ledger, from its ledger: the saving, the staleness it adds and
 * the net; why the lever counts one ledger only (not counted); undefined where the model's ledger is blank.
 */
export function leverLedger(ledger: ModelLedger | undefined): LeverLedger | undefined {
  if (ledger === undefined || isProblem(ledger) || !ledger.counted) return ledger;
  return ledger.change ?? problem("invalidValue", "The cadence lever proposes no change to weigh.");
}
