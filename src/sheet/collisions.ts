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

const placementOf = (copy: number): Placement =>
  copy === 1
    ? { sheetName: BASE_SHEET_NAME, nameSuffix: "" }
    : { sheetName: `${BASE_SHEET_NAME} (${copy})`, nameSuffix: `_${copy}` };

/**
 * The first copy whose sheet name and every defined name (base names plus its suffix) are free.
 * Excel compares both case-insensitively.
 */
export function choosePlacement(
  existingSheets: readonly string[],
  existingNames: readonly string[],
  baseNames: readonly string[],
): Placement {
  const sheets = new Set(existingSheets.map((s) => s.toLowerCase()));
  const names = new Set(existingNames.map((s) => s.toLowerCase()));
  for (let copy = 1; ; copy++) {
    const placement = placementOf(copy);
    if (sheets.has(placement.sheetName.toLowerCase())) continue;
    if (baseNames.some((base) => names.has((base + placement.nameSuffix).toLowerCase()))) continue;
    return placement;
  }
}
