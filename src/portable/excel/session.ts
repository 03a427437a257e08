/*
 * What every in-Excel run of the conversion checks beyond its syncs (which it counts and says as
 * src/core/writers/officeSync.ts does for every writer): the requirement set, before anything is
 * asked of Excel, and whether the pane asked it to stop.
 */
import { lacksExcelApi } from "../../core/writers/officeSync";

/**
 * ExcelApi 1.7: reading a name's formula (NamedItem.formula, 1.7) to tell the add-in's twins from a user's
 * own names, on top of names.add with a formula and worksheet-scoped names (1.4), getUsedRange(valuesOnly)
 * and sheet protection (1.2). Every host with CustomFunctionsRuntime 1.3 (the manifest's floor) has it.
 */
export const REQUIRED_EXCEL_API = "1.7";

/** Why this Excel cannot run the conversion, or undefined when it can. */
export function missingRequirement(): string | undefined {
  return lacksExcelApi(REQUIRED_EXCEL_API, "workbook functions and the conversion");
}

/** Whether a run was asked to stop. */
export const isCancelled = (cancel: { cancelled: boolean } | undefined): boolean => !!cancel && cancel.cancelled;
