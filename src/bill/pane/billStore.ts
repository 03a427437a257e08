/*
 * What the Bill view keeps: the planner's mapping and accelerator counts (mappingFile.ts's text), inside Excel in
 * the workbook's document settings, so next month's bill in the same workbook is mapped as this one, and in a
 * browser in local storage; and, inside Excel, the budget sheets the workbook holds (budgetRecord.ts), for plan
 * against actual. Office's Settings: "custom settings ... stored in the host document", saved per add-in and per
 * document by saveAsync (https://learn.microsoft.com/javascript/api/office/office.settings). Nothing here throws:
 * storage a host refuses reads as nothing kept.
 */
import { MappingSettings, readMappingFile, writeMappingFile } from "../model/mappingFile";
import type { BillProblem } from "../model/focusColumns";
import { BUDGET_SHEETS_KEY, BudgetSheetRecord, readBudgetSheets } from "../../budget/sheet";
import type { PaneMode } from "../../core/pane/viewActions";

/** The key of the mapping, in document settings and local storage alike. */
export const MAPPING_KEY = "mlcost.bill.mapping";

/** The stored text of `key` where the pane runs, or undefined. */
function storedText(mode: PaneMode, key: string): unknown {
  try {
    return mode === "excel" ? Office.context.document.settings.get(key) : window.localStorage.getItem(key);
  } catch {
    return undefined;
  }
}

/** The mapping kept where the pane runs: the settings, a problem with what was kept, or undefined for none. */
export function loadMapping(mode: PaneMode): MappingSettings | BillProblem | undefined {
  const text = storedText(mode, MAPPING_KEY);
  return text === null || text === undefined || text === "" ? undefined : readMappingFile(text);
}

/** Keeps the mapping where the pane runs; resolves to why it could not, or undefined once kept. */
export async function saveMapping(mode: PaneMode, settings: MappingSettings): Promise<string | undefined> {
  const text = writeMappingFile(settings);
  try {
    if (mode === "browser") {
      window.localStorage.setItem(MAPPING_KEY, text);
      return undefined;
    }
    const store = Office.context.document.settings;
    store.set(MAPPING_KEY, text);
    return await new Promise<string | undefined>((done) =>
      store.saveAsync((result) =>
        // Compared as text: the enum's value is "failed" (Office.AsyncResultStatus.Failed).
        done(String(result.status) === "failed" ? (result.error?.message ?? "saving failed") : undefined),
      ),
    );
  } catch (failure) {
    return failure instanceof Error ? failure.message : String(failure);
  }
}

/** The budget sheets this workbook records (inside Excel), newest first; none in a browser. */
export function recordedBudgetSheets(mode: PaneMode): BudgetSheetRecord[] {
  return mode === "excel" ? readBudgetSheets(storedText(mode, BUDGET_SHEETS_KEY)) : [];
}
