/*
 * The budget over time of several models on one traffic (issue 29): each model's budget (budgetOf over the plan as
 * that model sees it: its runs in its own retrain months, its share of each month's clips, its two prices) and the
 * estate's months, each the sum of the models' months, with the horizon's figures summed over the estate's months.
 * The money budget is the estate's: a month (or the horizon so far) is over it when the estate's cost is.
 *
 * Written so that a plan of one model (oneModelPlan(p)) gives budgetOf(p)'s figures to the last bit: every sum
 * starts from 0 and adds the models in order (0 + x is x), the horizon's sums run over the months in budgetOf's
 * order, and a model's figures are budgetOf's own (test/budget/model/estateBudget.test.ts holds it over every plan
 * the field checks allow).
 */
import { BudgetMonth, BudgetResult, modelBudgetOf, ModelBudgetPlan, shareOf } from "./budget";
import { BudgetEstatePlan, BudgetEstateProblem, checkBudgetEstate, isModelKey, modelPlanOf } from "./budgetModels";
import { beyondSheet, beyondSheetMessage } from "./sheetLimits";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { MONTHS_PER_YEAR } from "../../core/model/units";

/** One model's budget in the estate: its name, its plan as budgetOf read it, its figures (no money budget). */
export interface ModelBudget {
  name: string;
  plan: ModelBudgetPlan;
  budget: BudgetResult;
  /** its hours' share of the estate's hours (set once the estate is summed) */
  hoursShare: number;
  /** its cost's share of the estate's cost, when priced and the estate costs more than 0 */
  costShare?: number;
}

/** The figures of a month that the estate adds over its models. */
export const ESTATE_MONTH_SUMS = [
  "trainingHours",
  "rescanHours",
  "servingHoursConsumed",
  "servingHoursPaid",
  "totalHours",
] as const satisfies readonly (keyof BudgetMonth)[];

/** A month figure the estate adds over its models. */
export type EstateMonthSum = (typeof ESTATE_MONTH_SUMS)[number];

/** A month of the estate: the plan's traffic (shared), every model's hours added up, its cost and the budget's test. */
export interface EstateBudgetMonth extends Pick<BudgetMonth, EstateMonthSum> {
  /** 1-based */
  month: number;
  label: string;
  days: number;
  clipsPerSecond: number;
  typed: boolean;
  /** the plan's clips: every model scores a share of them */
  clips: number;
  /** every model's cost added, when priced */
  cost?: number;
  /** the estate's costs so far, this month's included, when priced */
  cumulativeCost?: number;
  /** when budgeted: the month's cost (a month's budget) or the cost so far (the horizon's) is over it */
  overBudget?: boolean;
}

/** The estate's budget: each model's, the estate's months and the horizon's figures. */
export interface EstateBudgetResult {
  models: ModelBudget[];
  months: EstateBudgetMonth[];
  trainingHours: number;
  rescanHours: number;
  servingHoursConsumed: number;
  servingHoursPaid: number;
  totalHours: number;
  /** the plan's clips over the horizon */
  clips: number;
  trainingShare: number;
  servingShare: number;
  rescanShare: number;
  /** the horizon's cost, when priced */
  cost?: number;
  /** the estate's cost per 1,000 of the plan's clips, training amortised: the models' added */
  costPerThousandAverage?: number;
  /** what 1,000 more of the plan's clips cost the estate: the models' marginal costs added */
  costPerThousandMarginal?: number;
  /** when budgeted: the first month over budget; undefined when none is */
  firstMonthOverBudget?: number;
  /** the estate's second ledger, where some model has a ledger given: its counted models' staleness added */
  staleness?: EstateStaleness | Problem;
}

/** The estate's staleness: every counted model's months added, and which models are not counted. */
export interface EstateStaleness {
  /** month by month, the counted models' staleness added in order */
  costByMonth: number[];
  /** the horizon's staleness, the months' sum: apart from the compute cost */
  total: number;
  perMonth: number;
  perYear: number;
  /** the names of the models whose staleness is counted, and of those whose is not (no ledger, or not counted) */
  counted: string[];
  notCounted: string[];
}

/**
 * The estate's staleness over its models (budgetLedger.ts's, each model's own), where some model has a ledger:
 * the first model's problem (named), or the counted models' months added; undefined when no model has a ledger.
 */
export function estateStalenessOf(models: readonly ModelBudget[]): EstateStaleness | Problem | undefined {
  if (models.every(({ budget }) => budget.staleness === undefined)) return undefined;
  const months = models[0].budget.months.length;
  const costByMonth: number[] = new Array<number>(months).fill(0);
  const counted: string[] = [];
  const notCounted: string[] = [];
  for (const { name, budget } of models) {
    const own = budget.staleness;
    if (own !== undefined && isProblem(own)) return problem(own.kind, `${name}: ${own.message}`);
    if (own === undefined || !own.counted) {
      notCounted.push(name);
      continue;
    }
    counted.push(name);
    own.costByMonth.forEach((cost, i) => (costByMonth[i] = costByMonth[i] + cost));
  }
  const sum = total(costByMonth, (cost) => cost);
  const perMonth = sum / months;
  return { costByMonth, total: sum, perMonth, perYear: perMonth * MONTHS_PER_YEAR, counted, notCounted };
}

/** Each model's budget, or the problems of the first that cannot be computed, named by model. */
function modelBudgets(plan: BudgetEstatePlan): ModelBudget[] | BudgetEstateProblem[] {
  const models: ModelBudget[] = [];
  for (let index = 0; index < plan.models.length; index += 1) {
    // the money budget is the estate's: a model's own months are not held to it
    const modelPlan: ModelBudgetPlan = { ...modelPlanOf(plan, index), budgetAmount: undefined };
    const budget = modelBudgetOf(modelPlan);
    if (Array.isArray(budget)) {
      return budget.map((bad) => {
        const key = bad.key === "pricePerHour" ? "servingPricePerHour" : bad.key;
        const own = isModelKey(bad.key) || key === "servingPricePerHour";
        const name = plan.models[index].name.trim();
        return own ? { ...bad, key, model: index, message: `${name}: ${bad.message}` } : bad;
      });
    }
    models.push({ name: plan.models[index].name.trim(), plan: modelPlan, budget, hoursShare: 0 });
  }
  return models;
}

/** The estate's month `index`: the first model's traffic, every model's hours and cost added in order. */
function estateMonth(models: readonly ModelBudget[], index: number, priced: boolean): EstateBudgetMonth {
  const first = models[0].budget.months[index];
  const month: EstateBudgetMonth = {
    month: first.month,
    label: first.label,
    days: first.days,
    clipsPerSecond: first.clipsPerSecond,
    typed: first.typed,
    clips: first.clips,
    trainingHours: 0,
    rescanHours: 0,
    servingHoursConsumed: 0,
    servingHoursPaid: 0,
    totalHours: 0,
  };
  for (const { budget } of models) {
    const own = budget.months[index];
    for (const key of ESTATE_MONTH_SUMS) month[key] = month[key] + own[key];
  }
  if (priced) month.cost = models.reduce((sum, { budget }) => sum + budget.months[index].cost!, 0);
  return month;
}

/** The sum of `pick` over `items` from 0, in order: the one way the estate adds. */
function total<T>(items: readonly T[], pick: (item: T) => number): number {
  let sum = 0;
  for (const item of items) sum += pick(item);
  return sum;
}

/** Prices the estate's months in place (so far, over budget) and gives the horizon's cost, as budgetOf does. */
function priceEstate(plan: BudgetEstatePlan, months: EstateBudgetMonth[]): number {
  let cumulative = 0;
  for (const month of months) {
    cumulative = month.cost! + cumulative;
    month.cumulativeCost = cumulative;
    if (plan.budgetAmount !== undefined) {
      month.overBudget = (plan.budgetPer === "month" ? month.cost! : cumulative) > plan.budgetAmount;
    }
  }
  return cumulative;
}

/** The first figure of the estate the sheet cannot hold (sheetLimits.ts), as a problem; undefined when all fit. */
function estateBeyondSheet(result: EstateBudgetResult): BudgetEstateProblem | undefined {
  const figures: [string, number | undefined][] = [
    ...result.months.flatMap((m): [string, number | undefined][] => [
      [`The estate's month ${m.month} hours`, m.totalHours],
      [`The estate's month ${m.month} cost`, m.cost],
      [`The estate's cost so far in month ${m.month}`, m.cumulativeCost],
    ]),
    ["The estate's hours", result.totalHours],
    ["The estate's cost", result.cost],
    ["The estate's average cost per 1,000 clips", result.costPerThousandAverage],
    ["The estate's marginal cost per 1,000 clips", result.costPerThousandMarginal],
  ];
  const beyond = figures.find(([, value]) => value !== undefined && (beyondSheet(value) || !Number.isFinite(value)));
  if (!beyond) return undefined;
  return {
    key: "secondsPerClip",
    kind: "invalidNumber",
    message: beyondSheetMessage(beyond[0], beyond[1]!, "secondsPerClip"),
  };
}

/** The horizon's figures of the estate's months, and its money when priced. */
function horizonOfEstate(plan: BudgetEstatePlan, models: ModelBudget[], priced: boolean): EstateBudgetResult {
  const months = models[0].budget.months.map((_, index) => estateMonth(models, index, priced));
  const sums = Object.fromEntries(ESTATE_MONTH_SUMS.map((key) => [key, total(months, (m) => m[key])])) as Record<
    EstateMonthSum,
    number
  >;
  const result: EstateBudgetResult = {
    models,
    months,
    ...sums,
    clips: total(months, (m) => m.clips),
    trainingShare: shareOf(sums.trainingHours, sums.totalHours),
    servingShare: shareOf(sums.servingHoursPaid, sums.totalHours),
    rescanShare: shareOf(sums.rescanHours, sums.totalHours),
  };
  for (const model of models) model.hoursShare = shareOf(model.budget.totalHours, sums.totalHours);
  if (!priced) return result;
  result.cost = priceEstate(plan, months);
  for (const model of models) {
    if (result.cost > 0) model.costShare = shareOf(model.budget.cost!, result.cost);
  }
  if (models.every(({ budget }) => budget.costPerThousandAverage !== undefined)) {
    result.costPerThousandAverage = total(models, ({ budget }) => budget.costPerThousandAverage!);
  }
  result.costPerThousandMarginal = total(models, ({ budget }) => budget.costPerThousandMarginal!);
  if (plan.budgetAmount !== undefined) result.firstMonthOverBudget = months.find((m) => m.overBudget)?.month;
  return result;
}

/**
 * The budget of a plan of several models: each model's budget and the estate's months and horizon; or the plan's
 * problems, each naming its model where it is a model's. One model gives budgetOf's figures exactly.
 * @example (estateBudgetOf(oneModelPlan(STEADY_GROWTH_EXAMPLE)) as EstateBudgetResult).totalHours // 117003.3...
 */
export function estateBudgetOf(plan: BudgetEstatePlan): EstateBudgetResult | BudgetEstateProblem[] {
  const problems = checkBudgetEstate(plan);
  if (problems.length > 0) return problems;
  const models = modelBudgets(plan);
  if (models.length > 0 && !("budget" in models[0])) return models as BudgetEstateProblem[];
  const budgets = models as ModelBudget[];
  const priced = budgets.every(({ plan: p }) => p.pricePerHour !== undefined);
  const result = horizonOfEstate(plan, budgets, priced);
  const staleness = estateStalenessOf(budgets);
  if (staleness !== undefined) result.staleness = staleness;
  // Sums of figures the sheet holds may pass what it can hold, or a double (Infinity): refused, as budgetOf refuses.
  const beyond = estateBeyondSheet(result);
  return beyond ? [beyond] : result;
}
