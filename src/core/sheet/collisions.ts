/*
 * Choosing where a new copy of the stage sheet goes without touching anything the workbook
 * already has: a sheet name and a defined-name suffix that are both free.
 */

/** The base name of the generated worksheet. */
export const BASE_SHEET_NAME = "Cost stages";

/** Where the n-th copy goes: "Cost stages" with no suffix, then "Cost stages (2)" with "_2", ... */
export interface Placement {
  sheetName: string;
  nameSuffix: string;
}

/** Excel's longest sheet name. */
const MAX_SHEET_NAME = 31;

/**
 * Why Excel would refuse `name` as a sheet name, or undefined when it would take it: at most 31
 * characters, none of : \ / ? * [ ], not blank, no apostrophe first or last, and not "History",
 * which Excel keeps for its change history.
 */
export function sheetNameProblem(name: string): string | undefined {
  if (name.trim() === "") return "it is blank";
  if (name.length > MAX_SHEET_NAME) return `it is longer than ${MAX_SHEET_NAME} characters`;
  if (/[:\\/?*[\]]/.test(name)) return "it holds one of : \\ / ? * [ ]";
  if (name.startsWith("'") || name.endsWith("'")) return "it begins or ends with an apostrophe";
  if (name.toLowerCase() === "history") return 'Excel keeps "History" for itself';
  return undefined;
}

const placementOf = (copy: number, base: string): Placement =>
  copy === 1 ? { sheetName: base, nameSuffix: "" } : { sheetName: `${base} (${copy})`, nameSuffix: `_${copy}` };

/**
 * The first copy whose sheet name Excel would take and is free, and whose defined names (base
 * names plus its suffix) are all free. Excel compares both case-insensitively. `existingSheets`
 * should hold every name Excel would refuse as taken, chart sheets too, which Office.js's
 * worksheet list leaves out: the writer adds those it learns of from a refused insert.
 */
export function choosePlacement(
  existingSheets: readonly string[],
  existingNames: readonly string[],
  baseNames: readonly string[],
  baseSheetName: string = BASE_SHEET_NAME,
): Placement {
  const sheets = new Set(existingSheets.map((s) => s.toLowerCase()));
  const names = new Set(existingNames.map((s) => s.toLowerCase()));
  for (let copy = 1; ; copy++) {
    const placement = placementOf(copy, baseSheetName);
    if (placement.sheetName.length > MAX_SHEET_NAME)
      throw new Error(`No free sheet name: "${placement.sheetName}" is longer than Excel allows.`);
    if (sheetNameProblem(placement.sheetName) !== undefined) continue;
    if (sheets.has(placement.sheetName.toLowerCase())) continue;
    if (baseNames.some((base) => names.has((base + placement.nameSuffix).toLowerCase()))) continue;
    return placement;
  }
}
