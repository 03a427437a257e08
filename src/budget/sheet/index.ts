/**
 * budget/sheet's face: what the actuals sheet shares with the budget sheet (its rows over month columns, its
 * dates and formats), where a budget sheet shows the rows plan against actual reads (budgetMonthRanges), the
 * budget sheet for a download that carries it, and the records of inserted budget sheets. Import this, never a
 * file behind it.
 */
export { BUDGET_SHEETS_KEY, readBudgetSheets, recordedMonthRanges, recordedSheetHeadings } from "./budgetRecord";
export type { BudgetSheetRecord, BudgetSheetsReading } from "./budgetRecord";
export { BudgetRows, FIRST_MONTH_COLUMN, VALUE_COLUMN } from "./budgetRows";
export { COUNT_FORMAT } from "./budgetInputs";
export { MONTH_FORMAT, monthSerial, serialLabel } from "./budgetDates";
export { budgetMonthRanges, budgetSheetHeadings, budgetSheetLayout } from "./budgetLayout";
export type { BudgetHeading, BudgetMonthRanges } from "./budgetLayout";
export { addBudgetSheet } from "./budgetXlsx";
export { budgetModelsSheetLayout } from "./budgetModelsSheet";
