/*
 * The what-if view's actions, each loaded on its click: Insert (inside Excel: the what-if sheet with its tornado
 * chart, by the one sheet writer), Download (in a browser: the same sheet as an .xlsx), and Read from sheet
 * (inside Excel: the scenarios of a what-if sheet the add-in wrote, back into the view). Each returns the status
 * sentence, or throws with the reason; nothing here touches the view's elements.
 */
import { Plan } from "../../stages/model";
import { ScenarioState } from "../model/scenarios";
import type { WhatIfInsertOptions } from "../sheet/insertWhatIf";
import { downloadStatus, insertStatus } from "../../core/pane/writeStatus";
import type { SheetReadBack } from "./whatIfExcel";

/** The file a download saves. */
export const WHAT_IF_FILE_NAME = "mlcost-what-if.xlsx";

/** Inserts the what-if sheet for `state` into the open workbook. */
export async function insertWhatIf(state: ScenarioState<Plan>, options: WhatIfInsertOptions): Promise<string> {
  const { insertWhatIfSheet } = await import(/* webpackChunkName: "whatif-insert" */ "../sheet/insertWhatIf");
  const result = await insertWhatIfSheet(state, options);
  return insertStatus(result, { drawn: "its tornado chart", skipped: "tornado chart" });
}

/** Downloads the what-if sheet for `state` as an .xlsx. */
export async function downloadWhatIf(state: ScenarioState<Plan>, options: WhatIfInsertOptions): Promise<string> {
  const { whatIfWorkbookBytes } = await import(/* webpackChunkName: "whatif-xlsx" */ "../sheet/whatIfXlsx");
  return downloadStatus(
    await whatIfWorkbookBytes(state, options),
    WHAT_IF_FILE_NAME,
    "the scenarios, sensitivity and targets as live formulas over its blue cells, readable without the add-in.",
  );
}

/** Reads the scenarios of the workbook's what-if sheet: what was found, or the sentence saying why not. */
export async function readWhatIfSheetBack(): Promise<SheetReadBack | string> {
  const { readWhatIfSheet } = await import(/* webpackChunkName: "whatif-read" */ "./whatIfExcel");
  return readWhatIfSheet();
}
