/*
 * What the Bill view keeps: the planner's mapping and accelerator counts (mappingFile.ts's text), inside Excel in
 * the workbook's document settings, so next month's bill in the same workbook is mapped as this one, and in a
 * browser in local storage; and, inside Excel, the budget sheets the workbook holds (budgetRecord.ts), for plan
 * against actual. Both go through the one settings store (src/core/host/settingsStore.ts) and are read by the
 * versioned reader: storage a host refuses, a state migrated or a record left out is said, never swallowed.
 */
import { MappingReading, MappingSettings, readMappingFile, writeMappingFile } from "../model/mappingFile";
import { billProblem, type BillProblem } from "../model/focusColumns";
import { BUDGET_SHEETS_KEY, BudgetSheetsReading, readBudgetSheets } from "../../budget/sheet";
import { isSettingsRefusal, readSetting, SettingsStore } from "../../core/host/settingsStore";
import { isNothingSaved } from "../../core/model/savedState";

/** The key of the mapping, in document settings and local storage alike. */
export const MAPPING_KEY = "mlcost.bill.mapping";

/** The mapping kept in `store`: the settings (with what to say of them), a problem with what was kept, or none. */
export function loadMapping(store: SettingsStore): MappingReading | BillProblem | undefined {
  const text = readSetting(store, MAPPING_KEY);
  if (isSettingsRefusal(text)) {
    return billProblem("badMapping", "error", `the storage refused to give it back (${text.refused}).`);
  }
  return isNothingSaved(text) ? undefined : readMappingFile(text);
}

/** Keeps the mapping in `store`; resolves to the failure's sentence, or undefined once kept. */
export function saveMapping(store: SettingsStore, settings: MappingSettings): Promise<string | undefined> {
  return store.write(MAPPING_KEY, writeMappingFile(settings));
}

/** The budget sheets the workbook records, newest first, with what to say of them (migrated, left out, refused). */
export function recordedBudgetSheets(store: SettingsStore): BudgetSheetsReading {
  const stored = readSetting(store, BUDGET_SHEETS_KEY);
  if (isSettingsRefusal(stored)) {
    return { records: [], notes: [`The budget sheets' records could not be read: ${stored.refused}`] };
  }
  return readBudgetSheets(stored);
}
