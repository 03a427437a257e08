/*
 * The budget view's answer when it takes the Estate view's models (issue 29, "the budget over time per model"): the
 * estate's horizon in the house's summary (the same figures as one model's: training's share, the halves, the total,
 * the cost and its cost per 1,000 clips), a sentence with each model's share of the hours (and of the money), the
 * money budget's sentence, and a line a model under the answer: its hours and money, its shares and its own
 * crossover (each model retrains in its own months, so the estate has no one crossover). Where some model's second
 * ledger is typed in the Estate view (issue 30), the summary adds the counted models' staleness in one model's words
 * (stalenessSummaryFigures) and each line its model's staleness a year, or that it is not counted. The months the
 * table and the chart show are the estate's rows, a retrain month one where any model trains. No DOM: tested on
 * the model.
 */
import type { BudgetEstatePlan } from "../model/budgetModels";
import type { EstateBudgetResult, ModelBudget } from "../model/estateBudget";
import { formatCost, formatCount, formatShare } from "../../core/pane/format";
import { isProblem } from "../../core/model/problems";
import { stalenessSummaryFigures } from "./budgetLedger";
import { BudgetSummary, budgetSentence, crossoverSentence, horizonSummaryFigures, hoursText } from "./budgetSummary";
import type { ShownMonths } from "./budgetTable";

/** "12 months", "1 month". */
const monthCount = (n: number) => (n === 1 ? "1 month" : `${n} months`);

/** A model's share of the estate in words: "46.44% of the hours, 24.68% of the money". */
function sharesText(model: ModelBudget): string {
  const money = model.costShare !== undefined ? `, ${formatShare(model.costShare)} of the money` : "";
  return `${formatShare(model.hoursShare)} of the hours${money}`;
}

/**
 * A model's staleness in words, where some model of the estate has a ledger: its year's, that it is not counted (no
 * ledger, or one without drift or an error's cost), or its ledger's problem; "" where no model has a ledger.
 */
function stalenessText(plan: BudgetEstatePlan, result: EstateBudgetResult, model: ModelBudget): string {
  if (result.staleness === undefined) return "";
  const own = model.budget.staleness;
  if (own !== undefined && isProblem(own)) return ` ${own.message}`;
  if (own === undefined || !own.counted) return " Staleness not counted.";
  return ` Staleness ${formatCost(own.perYear, plan.currency || undefined)} a year.`;
}

/**
 * One line a model: "A policy classifier: 88,800 h (46.44% of the hours, 24.68% of the money), 86,400.00 USD.
 * Already serving-dominated from the first interval." and, where the estate counts a second ledger, its staleness.
 */
export function modelLines(plan: BudgetEstatePlan, result: EstateBudgetResult): string[] {
  return result.models.map((model) => {
    const cost =
      model.budget.cost !== undefined ? `, ${formatCost(model.budget.cost, plan.currency || undefined)}` : "";
    const crossover = crossoverSentence(model.budget.crossover, model.budget.months);
    const head = `${model.name}: ${hoursText(model.budget.totalHours)} (${sharesText(model)})${cost}.`;
    return `${head} ${crossover}${stalenessText(plan, result, model)}`;
  });
}

/** The estate's staleness in the summary, where some model's is counted; none otherwise. */
function estateStalenessFigures(plan: BudgetEstatePlan, result: EstateBudgetResult) {
  const staleness = result.staleness;
  if (!staleness || isProblem(staleness) || staleness.counted.length === 0) return [];
  return stalenessSummaryFigures(plan, staleness);
}

/** The answer first: the estate's training share, the ceiling on any training-side change across every model. */
function estateAnswer(result: EstateBudgetResult): string {
  return (
    `Training is ${formatShare(result.trainingShare)} of the estate's hours paid for over ` +
    `${monthCount(result.months.length)}, ${result.models.length} models: no change to training can save more. ` +
    `The horizon scores ${formatCount(result.clips)} of the plan's clips.`
  );
}

/**
 * The summary of the estate's budget: the estate's figures, then one sentence of each model's share and the money
 * budget's; its `crossover` says each model has its own (modelLines says which).
 */
export function estateBudgetSummary(plan: BudgetEstatePlan, result: EstateBudgetResult, stale = false): BudgetSummary {
  const shares = result.models.map((m) => `${m.name} ${formatShare(m.hoursShare)}`).join(", ");
  const count = result.models.length;
  const byModel = `The estate's ${count} models, each in its own retrain months: ${shares} of the hours.`;
  const crossover = "Each model crosses over in its own months (by model, below the answer).";
  const budget = budgetSentence(plan, result);
  return {
    figures: [...horizonSummaryFigures(plan.currency, result), ...estateStalenessFigures(plan, result)],
    sentence: [byModel, budget].filter((s) => s !== undefined).join(" "),
    stale,
    answer: estateAnswer(result),
    crossover,
    budget,
  };
}

/** The estate's months as the table and the chart show them: a month a retrain month where any model trains. */
export function estateMonthsShown(result: EstateBudgetResult): ShownMonths {
  const retrains = (index: number) => result.models.some((m) => m.budget.months[index]?.retrainFlag === 1);
  return {
    months: result.months.map((month, index) => ({ ...month, retrainFlag: retrains(index) ? 1 : 0 })),
    cost: result.cost,
    rescanHours: result.rescanHours,
  };
}
