/*
 * Both ledgers in the Budget view (issue 30): the section the annual and what-if views mount (ledgers/pane's face),
 * here over the budget's setting (budgetLedgerSetting: its run at its price, its clips a month on average, its
 * cadence), and the summary's ledger figures, from the model's staleness over the months (budgetLedger.ts): the
 * staleness a month and a year on average over the horizon, and its total beside the compute total. No formula is
 * written here. A blank ledger adds no figure: the summary is the one a planner saw before the ledger existed.
 */
import { isProblem } from "../../core/model/problems";
import type { SummaryFigure } from "../../core/pane/viewSummary";
import { formatCost } from "../../core/pane/format";
import { ledgerFigures, ledgerGiven } from "../../ledgers/model";
import type { LedgerInputs } from "../../ledgers/model";
import { buildLedgerSection, LedgerCompute, LedgerSection } from "../../ledgers/pane";
import type { BudgetPlan, BudgetResult } from "../model/budget";
import { budgetLedgerSetting, BudgetLedger, BudgetStaleness, stalenessOf } from "../model/budgetLedger";

/** Builds the ledger section after `after` (the budget's form); its ids start "budget-ledgers-". */
export function mountBudgetLedger(after: HTMLElement): LedgerSection {
  return buildLedgerSection({ after, prefix: "budget-" });
}

/** The section's figures for `plan`: ledgers/model's over the budget's run, clips a month and cadence. */
export function budgetLedgerCompute(plan: BudgetPlan, result: BudgetResult): LedgerCompute {
  const clips = result.months.map((m) => m.clips);
  return (inputs) => ledgerFigures(budgetLedgerSetting(plan, clips, inputs), inputs);
}

/** The plan's staleness month by month for `inputs`, or undefined for a blank ledger (nothing to add). */
export function budgetStaleness(result: BudgetResult, inputs: LedgerInputs | undefined): BudgetLedger | undefined {
  const ledger = ledgerGiven(inputs);
  return (
    ledger &&
    stalenessOf(
      result.months.map((m) => ({ retrainFlag: m.retrainFlag, scoredClips: m.clips })),
      ledger,
    )
  );
}

/** What a summary says of the staleness over a horizon: its average month and year, and its total. */
type StalenessTotals = Pick<BudgetStaleness, "perMonth" | "perYear" | "total">;

/**
 * The summary's ledger figures: the staleness a month and a year (the horizon's average month) and its total over
 * the horizon, beside the cost's; none for a blank ledger, one not counted, or one refused (the section says why).
 */
export function ledgerSummaryFigures(plan: BudgetPlan, staleness: BudgetLedger | undefined): SummaryFigure[] {
  if (!staleness || isProblem(staleness) || !staleness.counted) return [];
  return stalenessSummaryFigures(plan, staleness);
}

/**
 * The same three figures for any horizon's staleness: one model's (ledgerSummaryFigures) or the estate's counted
 * models' added (the Budget view on the Estate view's models), so both summaries say it in the same words.
 */
export function stalenessSummaryFigures(
  plan: Pick<BudgetPlan, "currency" | "months">,
  staleness: StalenessTotals,
): SummaryFigure[] {
  const unit = plan.currency ? `, ${plan.currency}` : "";
  const months = plan.months === 1 ? "1 month" : `${plan.months} months`;
  return [
    { label: `Staleness a month${unit}`, value: formatCost(staleness.perMonth), note: "average" },
    { label: `Staleness a year${unit}`, value: formatCost(staleness.perYear) },
    { label: `Staleness, ${months}${unit}`, value: formatCost(staleness.total), note: "apart from the cost" },
  ];
}
