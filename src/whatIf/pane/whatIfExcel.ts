/*
 * The Office.js side of reading a what-if sheet back, loaded on the click that asks for it: find the sheets the
 * add-in would have written ("What-if", "What-if (2)", ...; the active one first, else the last in the tab order),
 * load the cells where the layout puts the scenarios, in two syncs, and hand them to the pure reader
 * (whatIfSheetRead.ts). It writes nothing. Where the layout puts things is asked of the layout itself.
 */
import { DEFAULT_STAGE_SCENARIOS } from "../model/scenarios";
import { isProblem } from "../../core/model/problems";
import { WHAT_IF_SHEET_NAME, whatIfLayout } from "../sheet/whatIfLayout";
import {
  isWhatIfSheetName,
  rangeToRead,
  readScenarioSheet,
  ScenarioSheetShape,
  SheetScenarios,
} from "./whatIfSheetRead";

/** Where the add-in's layout puts the scenarios: the same for any count of them. */
export function scenarioSheetShape(): ScenarioSheetShape {
  const layout = whatIfLayout(DEFAULT_STAGE_SCENARIOS);
  if (isProblem(layout)) throw new Error(layout.message); // the defaults always lay out: a broken build otherwise
  const { nameRow, inputRows, base } = layout.scenarios;
  const heading = layout.rows[nameRow - 1][0]?.value;
  return { nameRow, inputRows, base, heading: String(heading ?? "") };
}

/** A sheet read back, and which. */
export interface SheetReadBack extends SheetScenarios {
  sheetName: string;
}

/**
 * Reads the scenarios of the add-in's what-if sheet in the open workbook: the active sheet if it is one, else the
 * last of them; or a sentence saying why there are none to read.
 */
export async function readWhatIfSheet(): Promise<SheetReadBack | string> {
  const shape = scenarioSheetShape();
  return Excel.run(async (context) => {
    const sheets = context.workbook.worksheets.load("items/name");
    const active = context.workbook.worksheets.getActiveWorksheet().load("name");
    await context.sync();
    const candidates = sheets.items.map((sheet) => sheet.name).filter((n) => isWhatIfSheetName(n, WHAT_IF_SHEET_NAME));
    if (candidates.length === 0) {
      return `No what-if sheet in this workbook: Insert writes one ("${WHAT_IF_SHEET_NAME}").`;
    }
    const sheetName = candidates.indexOf(active.name) >= 0 ? active.name : candidates[candidates.length - 1];
    const range = context.workbook.worksheets.getItem(sheetName).getRange(rangeToRead(shape)).load("values, formulas");
    await context.sync();
    const read = readScenarioSheet({ values: range.values, formulas: range.formulas }, shape, sheetName);
    return typeof read === "string" ? read : { ...read, sheetName };
  });
}
