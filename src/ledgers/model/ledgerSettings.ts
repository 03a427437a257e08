/*
 * Each view's setting for both ledgers, read from its own plan through the capability faces, so no formula of the
 * year or the stage plan is restated: the annual view's run is the year's training hours over its runs, priced
 * (annual's own hours and stage's costOf), its compute saving the annual cadence lever's; the what-if view's base
 * scenario weighs its interval against the economic cadence, the saving by annual's leverSaving over runs a year.
 */
import { finiteResult } from "../../core/model/checks";
import { monthClips } from "../../core/model/formulas";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import { AnnualFigures, AnnualPlan, DAYS_PER_YEAR_COUNTED, leverSaving } from "../../annual/model";
import { costOf, effectiveTrainingHours, Plan } from "../../stages/model";
import { LedgerInputs } from "./ledgerFields";
import { CadenceChange, cadenceOfRuns, LedgerFigures, ledgerFigures, LedgerNotCounted, LedgerSetting } from "./ledgers";

/** Without a price, a run has no cost to weigh against staleness, which is money. */
export const NO_PRICE =
  "Give a price per accelerator-hour to weigh a run's compute against staleness: the second ledger is in money.";

/** Months a cadence is in words: "every month", "every 4 months", "every 2.5 months". */
export function everyMonths(months: number): string {
  const rounded = Number(months.toPrecision(3));
  return rounded === 1 ? "every month" : `every ${rounded} months`;
}

/** A run's money: its compute at the price, and what it costs besides. */
export function runCostOf(runHours: number, price: number | undefined, inputs: LedgerInputs): number | Problem {
  if (price === undefined) return problem("invalidValue", NO_PRICE);
  const compute = costOf(runHours, price);
  return isProblem(compute) ? compute : finiteResult(compute + (inputs.otherCostPerRun ?? 0), "A run's cost");
}

/** What fewer (or more) runs a year save on the other costs of a run: annual's lever over those costs. */
function otherSaving(inputs: LedgerInputs, runsNow: number, runsProposed: number): number | Problem {
  const other = inputs.otherCostPerRun ?? 0;
  return leverSaving(other * runsNow, runsNow, runsProposed);
}

/** The annual cadence lever as a change of cadence: its compute saving (annual's), with a run's other costs. */
function annualChange(plan: AnnualPlan, figures: AnnualFigures, inputs: LedgerInputs): CadenceChange | undefined {
  const row = figures.levers.rows.find((lever) => lever.lever === "cadence");
  if (!row || !row.changed) return undefined;
  const proposedMonths = cadenceOfRuns(row.proposed, "Runs per year, proposed");
  const now = cadenceOfRuns(row.current, "Runs per year (cadence)");
  const label =
    isProblem(proposedMonths) || isProblem(now)
      ? "The proposed cadence"
      : `Retraining ${everyMonths(proposedMonths)} instead of ${everyMonths(now)}`;
  const compute = row.costSavedPerYear ?? problem("invalidValue", NO_PRICE);
  const other = row.current > 0 ? otherSaving(inputs, row.current, row.proposed) : now;
  const savingPerYear =
    isProblem(compute) || isProblem(other) ? (isProblem(compute) ? compute : other) : compute + other;
  return { label, proposedMonths, savingPerYear };
}

/**
 * The annual view's setting: a run's cost (the year's training over its runs, priced, plus its other costs), the
 * clips a month, the cadence now, and the cadence lever when it proposes a change.
 */
export function annualLedgerSetting(plan: AnnualPlan, figures: AnnualFigures, inputs: LedgerInputs): LedgerSetting {
  const cadenceMonths = cadenceOfRuns(plan.runsPerYear, "Runs per year (cadence)");
  const runHours = figures.table.hours.training / plan.runsPerYear;
  const change = annualChange(plan, figures, inputs);
  return {
    runCost: isProblem(cadenceMonths) ? cadenceMonths : runCostOf(runHours, plan.pricePerHour, inputs),
    clipsPerMonth: monthClips(plan.clipsPerSecond, plan.daysPerYear),
    cadenceMonths,
    ...(change && { change }),
  };
}

/** Both ledgers in the annual view. */
export function annualLedgers(
  plan: AnnualPlan,
  figures: AnnualFigures,
  inputs: LedgerInputs,
): LedgerFigures | LedgerNotCounted | Problem {
  return ledgerFigures(annualLedgerSetting(plan, figures, inputs), inputs);
}

/** Days in a month of the what-if's 360-day year: a stage plan's interval in months. */
const DAYS_PER_MONTH = DAYS_PER_YEAR_COUNTED / MONTHS_PER_YEAR;

/** The what-if base scenario's setting, without a change: its run priced, its clips a month, its interval. */
function stageSetting(plan: Plan, inputs: LedgerInputs): LedgerSetting {
  return {
    runCost: runCostOf(effectiveTrainingHours(plan), plan.pricePerHour, inputs),
    clipsPerMonth: monthClips(plan.clipsPerSecond, DAYS_PER_YEAR_COUNTED),
    cadenceMonths: finiteResult(plan.intervalDays / DAYS_PER_MONTH, "The cadence in months"),
  };
}

/**
 * Both ledgers for a what-if scenario (the base): its interval weighed against the best whole month, when the two
 * differ, the compute saving by annual's lever over runs a year (negative: retraining more often costs runs).
 */
export function stageLedgers(plan: Plan, inputs: LedgerInputs): LedgerFigures | LedgerNotCounted | Problem {
  const setting = stageSetting(plan, inputs);
  const first = ledgerFigures(setting, inputs);
  const { runCost, cadenceMonths: now } = setting;
  if (isProblem(first) || !first.counted || isProblem(first.economic) || isProblem(runCost) || isProblem(now)) {
    return first;
  }
  const best = first.economic.best.months;
  if (best === now || now === 0) return first;
  const [runsNow, runsBest] = [MONTHS_PER_YEAR / now, MONTHS_PER_YEAR / best];
  const compute = leverSaving(runCost * runsNow, runsNow, runsBest);
  const change: CadenceChange = {
    label: `Retraining ${everyMonths(best)}, the economic cadence, instead of ${everyMonths(now)}`,
    proposedMonths: best,
    savingPerYear: compute,
  };
  return ledgerFigures({ ...setting, change }, inputs);
}
