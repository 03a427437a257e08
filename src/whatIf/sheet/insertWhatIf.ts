/*
 * The what-if sheet (whatIfLayout.ts: scenarios side by side, sensitivity, targets) inserted into
 * the open workbook by the one Office.js writer (sheetWriter.ts): read, data, the tornado chart,
 * finish, workbook functions; six syncs when all goes well. No table: the sheet's blocks are not
 * lists a filter would help. The finish freezes the label and unit columns and prints each section
 * on a page of its own, one page wide (fitToHeight 0, with a page break after each section).
 *
 * The tornado is drawn by insertTornado.ts (the Office.js setters it needs, with their sources).
 */
import { isProblem, Problem } from "../../core/model/problems";
import { Plan } from "../../stages/model";
import { tornadoSheetChart } from "../../sensitivity/sheet";
import { ScenarioState } from "../model/scenarios";
import { InsertResult, insertSheet, SheetDraft } from "../../core/writers/sheetWriter";
import { addWorkbookFunctionsIn } from "../../portable/excel";
import {
  WHAT_IF_BASE_NAMES,
  WHAT_IF_PAGE_FIT,
  WHAT_IF_SHEET_NAME,
  whatIfLayout,
  WhatIfLayout,
  WhatIfOptions,
} from "./whatIfLayout";
import { officeFinish } from "../../core/writers/pageFinish";

/** The tornado's name on its sheet, by which a half-made chart is found again. */
export const TORNADO_CHART_NAME = "MLCost what-if tornado";

/** What the pane may set of the what-if sheet: everything but the notes, which stand in for a chart in a file. */
export type WhatIfInsertOptions = Omit<WhatIfOptions, "chartNote">;

/**
 * Inserts the what-if sheet for `state` (DEFAULT_STAGE_SCENARIOS when omitted) into a new worksheet,
 * "What-if" or "What-if (2)", ..., with its tornado chart where this Excel can draw it (ExcelApi
 * 1.8). Returns the Problem that stops the layout (a bad state, a scenario the model refuses), with
 * nothing written; throws, after taking back what it had made, when the data cannot go in.
 */
export function insertWhatIfSheet(
  state?: ScenarioState<Plan>,
  options: WhatIfInsertOptions = {},
): Promise<InsertResult | Problem> {
  return insertSheet({
    baseSheetName: WHAT_IF_SHEET_NAME,
    baseNames: WHAT_IF_BASE_NAMES,
    draft: (nameSuffix): SheetDraft | Problem => {
      const layout = whatIfLayout(state, nameSuffix, { ...options, chartNote: false });
      return isProblem(layout) ? layout : whatIfDraft(layout);
    },
    workbookFunctions: addWorkbookFunctionsIn,
  });
}

/** The what-if layout in the writer's terms: no table, the tornado, frozen label columns, a page per section. */
export function whatIfDraft(layout: WhatIfLayout): SheetDraft {
  const tornado = tornadoSheetChart(layout.tornado, TORNADO_CHART_NAME);
  return {
    rows: layout.rows,
    names: layout.names,
    columnWidths: layout.columnWidths,
    tables: [],
    charts: tornado ? [tornado] : [],
    finish: officeFinish(layout, WHAT_IF_PAGE_FIT, layout.validations),
  };
}
