/*
 * The annual sheet as an .xlsx file for a planner without Excel (ExcelJS, loaded only when a
 * download is asked for), in the stage sheet's finish: the same roles, fonts, fills and number
 * formats, the two tables as Excel tables, every formula with the model's value as its cached
 * result (so a previewer that does not recalculate shows the numbers), the named inputs with
 * validation, the answer rows frozen, landscape pages one wide (the sensitivity on its own).
 * ExcelJS cannot write charts: the layout's note says how to draw them. The workbook functions
 * (the LAMBDA twins) are added as workbook names after ExcelJS writes, by the portable file's
 * package edit, as stageWorkbookBytes does. Cells, styles, names and the page go in as for every
 * sheet (xlsxCells.ts, xlsxSheet.ts).
 */
import type { ProposedTokens, RequestTokens } from "../../tokens/model";
import type { Workbook, Worksheet } from "exceljs";
import { AnnualPlan } from "../model/annualFields";
import { isProblem, Problem } from "../../core/model/problems";
import { addLayoutSheet, finishXlsxSheet, newWorkbook } from "../../core/writers/xlsxSheet";
import { workbookBytes } from "../../core/writers/xlsxWorkbook";
import { PRICE_PRESETS } from "../model/pricePresets";

/** The presets' prices and sources, as the workbook's notes list them (the pane offers them to start from). */
const PRICE_SOURCES = PRICE_PRESETS.map(
  (preset) => `${preset.label}: ${preset.pricePerHour} ${preset.currency} an accelerator-hour (${preset.source}).`,
);
import { xlsxPage } from "../../core/writers/pageFinish";
import { withWorkbookFunctions } from "../../portable/excel";
import { AnnualSensitivityOptions } from "./annualSensitivity";
import type { LedgerInputs } from "../../ledgers/model";
import { ANNUAL_PAGE_FIT, ANNUAL_SHEET_NAME, AnnualSheetLayout, annualSheetLayout } from "./annualLayout";

/**
 * Adds the annual sheet of `layout` to `workbook` as `sheetName`, with its defined names (their
 * suffix is the layout's), its two tables, the answer rows frozen, validation, and the page setup:
 * one landscape page wide, the break before the sensitivity starting its page. The caller chose a
 * sheet name and suffix that are free.
 */
export function addAnnualSheet(
  workbook: Workbook,
  layout: AnnualSheetLayout,
  sheetName = ANNUAL_SHEET_NAME,
): Worksheet {
  const sheet = addLayoutSheet(workbook, sheetName, layout, [layout.tables.bill, layout.tables.levers]);
  finishXlsxSheet(sheet, xlsxPage(layout, ANNUAL_PAGE_FIT), layout.validations);
  return sheet;
}

/**
 * The workbook of the annual sheet for `plan` (the sensitivity's moves and ranges as given, both ledgers' section
 * with `ledgers`; seconds per clip from `tokens`, where given, and the proposed from `proposedTokens`), or its
 * first problem.
 */
export async function annualWorkbook(
  plan: AnnualPlan,
  sensitivity: AnnualSensitivityOptions = {},
  ledgers?: LedgerInputs,
  tokens?: RequestTokens,
  proposedTokens?: ProposedTokens,
): Promise<Workbook | Problem> {
  const options = {
    chartNote: true,
    sensitivity,
    ...(ledgers && { ledgers }),
    ...(tokens && { tokens, proposedTokens }),
  };
  const layout = annualSheetLayout(plan, "", options);
  if (isProblem(layout)) return layout;
  const workbook = await newWorkbook();
  addAnnualSheet(workbook, layout);
  return workbook;
}

/**
 * The .xlsx file's bytes of the annual sheet for `plan`, with the workbook functions (the LAMBDA
 * twins) as workbook names; the plan's first problem instead when the model refuses it (nothing is
 * written then). Throws only if the package edit fails, as stageWorkbookBytes does.
 */
export async function annualWorkbookBytes(
  plan: AnnualPlan,
  sensitivity: AnnualSensitivityOptions = {},
  ledgers?: LedgerInputs,
  tokens?: RequestTokens,
  proposedTokens?: ProposedTokens,
): Promise<ArrayBuffer | Problem> {
  const workbook = await annualWorkbook(plan, sensitivity, ledgers, tokens, proposedTokens);
  return isProblem(workbook)
    ? workbook
    : workbookBytes(workbook, withWorkbookFunctions, { priceSources: PRICE_SOURCES });
}
