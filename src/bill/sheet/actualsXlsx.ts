/*
 * The actuals sheet as an .xlsx file for a planner without Excel (ExcelJS, loaded only when a download is
 * asked for): the same cells, roles and number formats, every formula with the model's value as its cached
 * result, the names, the answer and headings frozen with A:C, landscape pages one wide with the headings
 * repeated. Beside a budget, the workbook holds the budget sheet too, first, so plan against actual finds its
 * months; the workbook functions (the LAMBDA twins) are added after ExcelJS writes, as for the other sheets.
 */
import type { Workbook, Worksheet } from "exceljs";
import { isProblem, Problem } from "../../core/model/problems";
import { addLayoutSheet, finishXlsxSheet, newWorkbook } from "../../core/writers/xlsxSheet";
import { workbookBytes } from "../../core/writers/xlsxWorkbook";
import { xlsxPage } from "../../core/writers/pageFinish";
import { withWorkbookFunctions } from "../../portable/excel";
import { budgetModelsSheetLayout, addBudgetSheet } from "../../budget/sheet";
import { ACTUALS_PAGE_FIT, ACTUALS_SHEET_NAME, ActualsInput, actualsLayout, ActualsSheetLayout } from "./actualsLayout";
import { budgetModelsOf } from "./actualsPlan";
export { planAgainstActualSentence } from "./actualsLayout";

/** Adds the actuals sheet of `layout` to `workbook` as `sheetName`, with its names, frozen panes and page setup. */
export function addActualsSheet(
  workbook: Workbook,
  layout: ActualsSheetLayout,
  sheetName = ACTUALS_SHEET_NAME,
): Worksheet {
  const sheet = addLayoutSheet(workbook, sheetName, layout);
  finishXlsxSheet(sheet, xlsxPage(layout, ACTUALS_PAGE_FIT), []);
  return sheet;
}

/** The workbook of the actuals sheet for `input`, after its budget sheet when it has one; or the first problem. */
export async function actualsWorkbook(input: ActualsInput): Promise<Workbook | Problem> {
  const layout = actualsLayout(input);
  if (isProblem(layout)) return layout;
  const workbook = await newWorkbook();
  if (input.budget) {
    const { tokens } = input.budget;
    const budget = budgetModelsSheetLayout(budgetModelsOf(input.budget), "", {
      chartNote: true,
      ...(tokens && { tokens }),
    });
    if (isProblem(budget)) return budget;
    addBudgetSheet(workbook, budget, input.budget.sheetName);
  }
  addActualsSheet(workbook, layout);
  return workbook;
}

/**
 * The .xlsx file's bytes of the actuals sheet for `input` (with the budget sheet beside it when given), with the
 * workbook functions as workbook names; the first problem instead, with nothing written. Throws only if the
 * package edit fails, as the other sheets' downloads do.
 */
export async function actualsWorkbookBytes(input: ActualsInput): Promise<ArrayBuffer | Problem> {
  const workbook = await actualsWorkbook(input);
  return isProblem(workbook) ? workbook : workbookBytes(workbook, withWorkbookFunctions);
}
