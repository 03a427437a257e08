/*
 * The ids of the workbook functions (the LAMBDA twins), read from TWIN_SPECS, the catalog's
 * cell-by-cell functions: what an Insert or a conversion adds to a workbook that has none of them.
 */
import { TWIN_SPECS } from "../../src/portable/formula/twins";

/** Every twin's id, in the catalog's order. */
export const TWIN_IDS: readonly string[] = TWIN_SPECS.map((spec) => spec.id);

/** The twins' ids without `kept` (those a workbook's own names keep out), in the catalog's order. */
export const twinIdsWithout = (...kept: string[]): string[] => TWIN_IDS.filter((id) => !kept.includes(id));
