/*
 * The what-if view's actions, each loaded on its click: Insert (inside Excel: the what-if sheet with its tornado
 * chart, by the one sheet writer), Download (in a browser: the same sheet as an .xlsx), and Read from sheet
 * (inside Excel: the scenarios of a what-if sheet the add-in wrote, back into the view). Each returns the status
 * sentence, or throws with the reason; nothing here touches the view's elements.
 */
import { isProblem } from "../../core/model/problems";
import { Plan } from "../../stages/model/plan";
import { ScenarioState } from "../model/scenarios";
import type { WhatIfInsertOptions } from "../sheet/insertWhatIf";
import { saveFile } from "../../core/pane/saveFile";
import type { SheetReadBack } from "./whatIfExcel";

/** The file a download saves. */
export const WHAT_IF_FILE_NAME = "mlcost-what-if.xlsx";

/** Inserts the what-if sheet for `state` into the open workbook. */
export async function insertWhatIf(state: ScenarioState<Plan>, options: WhatIfInsertOptions): Promise<string> {
  const { insertWhatIfSheet } = await import(/* webpackChunkName: "whatif-insert" */ "../sheet/insertWhatIf");
  const result = await insertWhatIfSheet(state, options);
  if (isProblem(result)) throw new Error(result.message);
  const chart = result.chart ? ", with its tornado chart" : ` (tornado chart skipped: ${result.chartSkipped})`;
  const finish = result.finishSkipped ? ` Sheet finish incomplete: ${result.finishSkipped}.` : "";
  return `Inserted on a new sheet, "${result.sheetName}"${chart}.${finish} Change its blue cells to try other numbers.`;
}

/** Downloads the what-if sheet for `state` as an .xlsx. */
export async function downloadWhatIf(state: ScenarioState<Plan>, options: WhatIfInsertOptions): Promise<string> {
  const { whatIfWorkbookBytes } = await import(/* webpackChunkName: "whatif-xlsx" */ "../sheet/whatIfXlsx");
  const bytes = await whatIfWorkbookBytes(state, options);
  if (isProblem(bytes)) throw new Error(bytes.message);
  saveFile(bytes, WHAT_IF_FILE_NAME);
  return (
    `Downloaded ${WHAT_IF_FILE_NAME}: the scenarios, sensitivity and targets as live formulas over its blue ` +
    "cells, readable without the add-in."
  );
}

/** Reads the scenarios of the workbook's what-if sheet: what was found, or the sentence saying why not. */
export async function readWhatIfSheetBack(): Promise<SheetReadBack | string> {
  const { readWhatIfSheet } = await import(/* webpackChunkName: "whatif-read" */ "./whatIfExcel");
  return readWhatIfSheet();
}
