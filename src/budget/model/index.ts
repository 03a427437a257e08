/**
 * budget/model's face: the monthly plan's fields and model, for the bill (measured inputs, plan against actual)
 * and the functions' examples. Import this, never a file behind it.
 */
export { BUDGET_FIELDS, STEADY_GROWTH_EXAMPLE, budgetField, inRange, rangeText } from "./budgetFields";
export type { BudgetKey, BudgetPlan } from "./budgetFields";
export { budgetOf } from "./budget";
export { oneModelPlan } from "./budgetModels";
export type { BudgetEstatePlan } from "./budgetModels";
export { estateBudgetOf } from "./estateBudget";
