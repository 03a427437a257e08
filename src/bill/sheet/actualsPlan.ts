/*
 * Plan against actual, where the workbook has the budget sheet: for each month's column, the plan's figure of
 * the same month found by its date among the budget's dated headings (so an edit of the budget's first month
 * moves the lookup with it), and actual - plan. A month outside the budget's horizon reads "not in the plan",
 * and its variance too, and is never counted as 0: a 1/0 row marks the months the plan has, B sums only those,
 * a line says how many ("2 of 3 months in the plan"), and with none B says there is nothing to compare rather
 * than a total of 0 that reads as "on plan". Compared: training hours, serving's paid hours and,
 * when the plan is priced in the sheet's currency, the cost (the accelerators' EffectiveCost against the
 * plan's hours x price). The cached plan figures are the budget model's (estateBudgetOf) for the same plan.
 * A budget sheet of several models (issue 29) is read at its estate's rows: every model's months added, the plan of
 * the whole estate against the whole bill; a plan of today's one model reads today's rows, as it always did.
 */
import type { BillMonth } from "../model/billFigures";
import { estateBudgetOf, oneModelPlan, type BudgetEstatePlan, type BudgetPlan } from "../../budget/model";
import { BudgetMonthRanges, monthSerial, recordedMonthRanges } from "../../budget/sheet";
import type { RequestTokens } from "../../tokens/model";
import { figureCell } from "../../core/sheet/rows";
import { isProblem, Problem } from "../../core/model/problems";
import * as inExcel from "../../core/excel/formulas";
import * as actualsExcel from "./actualsFormulas";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { safeText } from "../../core/sheet/sheetBasics";
import { ActualsContext, Figure } from "./actualsRows";
import { COUNT_FORMAT } from "../../budget/sheet";

/** What a plan row reads in a month outside the budget's horizon. */
export const NOT_IN_THE_PLAN = "not in the plan";

/** What a plan row's total reads when no month of the bill is in the plan. */
export const NOTHING_TO_COMPARE = "nothing to compare: no month of the bill is in the plan";

/** How many of the sheet's months the plan has. */
export interface PlanCoverage {
  inPlan: number;
  months: number;
}

/** The months the plan has in words, as the sheet's formula writes them: "2 of 3 months in the plan". */
export function coverageWords({ inPlan, months }: PlanCoverage): string {
  return inPlan === 0 ? NOTHING_TO_COMPARE : `${inPlan} of ${months} months in the plan`;
}

/** How many of the bill's `months` (ISO year-months, a column each) the plan of `side` has. */
export function planCoverage(side: PlanSide, months: readonly string[]): PlanCoverage {
  const inPlan = months.filter((month) => side.serials.includes(monthSerial(month, 1))).length;
  return { inPlan, months: months.length };
}

/** The budget sheet the actuals are set against: its sheet's name in the workbook, and the plan it shows. */
export interface ActualsBudget {
  /** "Budget", or "Budget (2)" for a second copy */
  sheetName: string;
  /**
   * its plan: a plan of models (a budget sheet's record: one model is today's sheet, several are read at the
   * estate's rows), or today's plan of one model as the Budget view typed it
   */
  plan: BudgetEstatePlan | BudgetPlan;
  /**
   * the request's tokens its one model's seconds per clip came from, where its record keeps them (issue 32): they
   * place the budget sheet's rows, four token inputs under the seconds
   */
  tokens?: RequestTokens;
}

/** The plan of models of `budget`: its own, or its one model's (oneModelPlan, whose sheet is today's). */
export const budgetModelsOf = (budget: ActualsBudget): BudgetEstatePlan =>
  "models" in budget.plan ? budget.plan : oneModelPlan(budget.plan);

/** The derived names of the plan rows, unsuffixed. */
export const PLAN_NAMES = [
  "ActualsMonthsInPlan",
  "ActualsPlanCoverage",
  "ActualsTrainingVariance",
  "ActualsServingPaidVariance",
  "ActualsCostVariance",
] as const;

/** What plan against actual compares, resolved from the budget: where its rows are and their monthly figures. */
export interface PlanSide {
  sheetName: string;
  /** where the budget's sheet shows the rows plan against actual reads */
  ranges: BudgetMonthRanges;
  /** how many models the plan has: more than one reads the estate's rows */
  models: number;
  /** the Excel date of each of the plan's months */
  serials: number[];
  training: number[];
  paid: number[];
  /** the plan's monthly cost, when it is priced in the sheet's currency */
  cost?: number[];
  /** why the cost is not compared, when the plan has one in another currency */
  costNote?: string;
}

/** The plan's side for the sheet's `currency`, or the plan's first problem. */
export function planSideOf(budget: ActualsBudget, currency: string): PlanSide | Problem {
  const plan = budgetModelsOf(budget);
  const ranges = recordedMonthRanges(plan, budget.sheetName, budget.tokens);
  if (isProblem(ranges)) return ranges;
  const result = estateBudgetOf(plan);
  if (Array.isArray(result)) return result[0];
  const priced = result.cost !== undefined;
  const planCurrency = safeText(plan.currency ?? "");
  const sameCurrency = planCurrency === "" || planCurrency.toUpperCase() === currency.toUpperCase();
  return {
    sheetName: budget.sheetName,
    models: plan.models.length,
    ranges,
    serials: result.months.map((m) => monthSerial(plan.firstMonth, m.month)),
    training: result.months.map((m) => m.trainingHours),
    paid: result.months.map((m) => m.servingHoursPaid),
    ...(priced && sameCurrency ? { cost: result.months.map((m) => m.cost!) } : {}),
    ...(priced && !sameCurrency
      ? { costNote: `The plan is priced in ${planCurrency}, the bill in ${currency}: its cost is not compared.` }
      : {}),
  };
}

/** The plan against actual rows, added to the context's sheet under its heading row `headerRow`. */
export function addPlanAgainstActual(context: ActualsContext, side: PlanSide, headerRow: number): void {
  const { sheet, months, costFormat, currency } = context;
  const headings = side.ranges.header;
  const serialOf = (month: string) => monthSerial(month, 1);
  const planOf =
    (values: number[]) =>
    (month: string): Figure => {
      const index = side.serials.indexOf(serialOf(month));
      return index < 0 ? NOT_IN_THE_PLAN : values[index];
    };
  const coverage = planCoverage(
    side,
    months.map((m) => m.month),
  );
  // Only the months the plan has are summed; with none, the total is words, never a 0 that reads "on plan".
  const sumOf = (figures: Figure[]): Figure =>
    coverage.inPlan === 0
      ? NOTHING_TO_COMPARE
      : figures.reduce<number>((sum, f) => (typeof f === "number" ? sum + f : sum), 0);
  const whose = side.models > 1 ? `the estate's month (its ${side.models} models added)` : "the month's plan";
  sheet.heading(`Plan against actual: ${whose} on the ${side.sheetName} sheet, found by its date`);
  const inPlan = addCoverage(context, side, headerRow, coverage);
  const totalCompared = (range: string) => inExcel.whenPositive(inPlan, inExcel.horizonSum(range), NOTHING_TO_COMPARE);
  // Each compared figure: the actual row it reads (and the model's figure of it), the budget's row, the plan's figures.
  const compared = [
    {
      key: "Training",
      label: "training",
      unit: "accelerator-hours",
      actual: "training",
      of: (m: BillMonth) => m.trainingHours,
      budgetRange: side.ranges.training,
      values: side.training,
      format: NUMBER_FORMAT.hours,
      change: NUMBER_FORMAT.hoursChange,
      name: "ActualsTrainingVariance",
    },
    {
      key: "Paid",
      label: "serving, paid",
      unit: "accelerator-hours",
      actual: "servingPaid",
      of: (m: BillMonth) => m.servingHoursPaid,
      budgetRange: side.ranges.paid,
      values: side.paid,
      format: NUMBER_FORMAT.hours,
      change: NUMBER_FORMAT.hoursChange,
      name: "ActualsServingPaidVariance",
    },
    ...(side.cost
      ? [
          {
            key: "Cost",
            label: "accelerator cost",
            unit: `${currency}: EffectiveCost against hours x price`,
            actual: "mappedEffective",
            of: (m: BillMonth) => m.mapped.effectiveCost,
            budgetRange: side.ranges.cost!,
            values: side.cost,
            format: costFormat,
            change: costFormat,
            name: "ActualsCostVariance",
          },
        ]
      : []),
  ];
  for (const row of compared) {
    const plan = months.map((m) => planOf(row.values)(m.month));
    const variance = plan.map((p, i) => (typeof p === "number" ? row.of(months[i]) - p : p));
    sheet.timeRow(`plan${row.key}`, {
      label: `Plan, ${row.label}`,
      unit: row.unit,
      month: (c) =>
        figureCell(
          actualsExcel.planOfMonth(headings, row.budgetRange, `${c.letter}$${headerRow}`, NOT_IN_THE_PLAN),
          plan[c.index],
          row.format,
        ),
      horizon: (range) => figureCell(totalCompared(range), sumOf(plan), row.format),
    });
    sheet.timeRow(`variance${row.key}`, {
      label: `Actual - plan, ${row.label}`,
      unit: `${row.unit}; over the plan: more than 0`,
      month: (c) =>
        figureCell(
          actualsExcel.varianceAgainstPlan(c.at(row.actual), c.at(`plan${row.key}`)),
          variance[c.index],
          row.change,
        ),
      horizon: (range) => figureCell(totalCompared(range), sumOf(variance), row.change),
      name: row.name,
    });
  }
  if (side.costNote) sheet.note(side.costNote);
}

/**
 * The months the plan has: a 1/0 row (1 where the month's date is among the budget's headings), their count in B
 * (named ActualsMonthsInPlan) and the count in words (ActualsPlanCoverage, which the answer shows). Gives the
 * count's name.
 */
function addCoverage(context: ActualsContext, side: PlanSide, headerRow: number, coverage: PlanCoverage): string {
  const { sheet, months } = context;
  const serials = new Set(side.serials);
  const count = sheet.named("ActualsMonthsInPlan");
  sheet.timeRow("inPlan", {
    label: "Month in the plan",
    unit: "1 = the plan has the month; B: the months compared",
    month: (c) =>
      figureCell(
        actualsExcel.inPlanFlag(side.ranges.header, `${c.letter}$${headerRow}`),
        serials.has(monthSerial(months[c.index].month, 1)) ? 1 : 0,
        COUNT_FORMAT,
      ),
    horizon: (range) => figureCell(inExcel.horizonSum(range), coverage.inPlan, COUNT_FORMAT),
    name: "ActualsMonthsInPlan",
  });
  sheet.labelled(
    "Months compared",
    figureCell(
      actualsExcel.coverageSentence(count, sheet.monthsOf("inPlan"), NOTHING_TO_COMPARE),
      coverageWords(coverage),
      NUMBER_FORMAT.text,
    ),
    "totals below cover only the months the plan has",
    { name: "ActualsPlanCoverage", key: "planCoverage" },
  );
  return count;
}
