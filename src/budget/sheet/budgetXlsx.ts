/*
 * The budget sheet as an .xlsx file for a planner without Excel (ExcelJS, loaded only when a download is
 * asked for): the same cells, roles and number formats, every formula with the model's value as its cached
 * result (so a previewer that does not recalculate shows the numbers), the named inputs with validation, the
 * answer and the time axis's headings frozen with A:C, landscape pages one wide with the headings repeated.
 * ExcelJS cannot write charts: the layout's note says which cells to chart. The workbook functions (the
 * LAMBDA twins) are added as workbook names after ExcelJS writes, as for the other sheets (workbookBytes).
 */
import type { Workbook, Worksheet } from "exceljs";
import { BudgetPlan } from "../model/budgetFields";
import { BudgetEstatePlan, oneModelPlan } from "../model/budgetModels";
import { isProblem, Problem } from "../../core/model/problems";
import { addLayoutSheet, finishXlsxSheet, newWorkbook } from "../../core/writers/xlsxSheet";
import { workbookBytes } from "../../core/writers/xlsxWorkbook";
import { xlsxPage } from "../../core/writers/pageFinish";
import { withWorkbookFunctions } from "../../portable/excel";
import { BUDGET_PAGE_FIT, BUDGET_SHEET_NAME, BudgetSheetLayout } from "./budgetLayout";
import { budgetModelsSheetLayout } from "./budgetModelsSheet";
import type { RequestTokens } from "../../tokens/model";

/**
 * Adds the budget sheet of `layout` to `workbook` as `sheetName`, with its defined names (their suffix is the
 * layout's), the answer and headings frozen, validation, and the page setup. The caller chose a free name.
 */
export function addBudgetSheet(
  workbook: Workbook,
  layout: BudgetSheetLayout,
  sheetName = BUDGET_SHEET_NAME,
): Worksheet {
  const sheet = addLayoutSheet(workbook, sheetName, layout);
  finishXlsxSheet(sheet, xlsxPage(layout, BUDGET_PAGE_FIT), layout.validations);
  return sheet;
}

/** The workbook of the budget sheet for today's `plan`, or its first problem: oneModelPlan(plan)'s, today's sheet. */
export function budgetWorkbook(plan: BudgetPlan): Promise<Workbook | Problem> {
  return budgetModelsWorkbook(oneModelPlan(plan));
}

/**
 * The workbook of the budget sheet of a plan of models (budgetModelsSheetLayout), or its first problem; `tokens`,
 * where one model's seconds per clip came from a request's tokens, writes them as the formula over those (issue 32).
 */
export async function budgetModelsWorkbook(
  plan: BudgetEstatePlan,
  tokens?: RequestTokens,
): Promise<Workbook | Problem> {
  const layout = budgetModelsSheetLayout(plan, "", { chartNote: true, ...(tokens && { tokens }) });
  if (isProblem(layout)) return layout;
  const workbook = await newWorkbook();
  addBudgetSheet(workbook, layout);
  return workbook;
}

/**
 * The .xlsx file's bytes of the budget sheet for `plan`, with the workbook functions (the LAMBDA twins) as
 * workbook names; the plan's first problem instead when the model refuses it (nothing is written then).
 * Throws only if the package edit fails, as the other sheets' downloads do.
 */
export async function budgetWorkbookBytes(plan: BudgetPlan): Promise<ArrayBuffer | Problem> {
  const workbook = await budgetWorkbook(plan);
  return isProblem(workbook) ? workbook : workbookBytes(workbook, withWorkbookFunctions);
}

/**
 * The .xlsx file's bytes of the budget sheet of a plan of models (a block a model, the estate's rows; one model
 * that is today's plan is today's sheet; its seconds per clip from `tokens` where given), as budgetWorkbookBytes;
 * the plan's first problem instead.
 */
export async function budgetModelsWorkbookBytes(
  plan: BudgetEstatePlan,
  tokens?: RequestTokens,
): Promise<ArrayBuffer | Problem> {
  const workbook = await budgetModelsWorkbook(plan, tokens);
  return isProblem(workbook) ? workbook : workbookBytes(workbook, withWorkbookFunctions);
}
