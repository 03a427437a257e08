/* One cell of the generated sheet, as data: what the layout produces and the writers read. */
import type { CachedValue } from "./cachedValues";

/** What a cell is for; writers style by it. */
export type CellRole =
  | "title"
  | "note"
  | "section"
  | "label"
  | "input"
  | "unit"
  | "derived"
  | "crossover"
  | "header"
  | "stageName"
  | "stage";

/** One cell: a constant or a formula (without the leading "="), with its format and role. */
export interface LayoutCell {
  value?: number | string;
  formula?: string;
  /** the model's value of a formula cell, which an .xlsx stores as the formula's cached result */
  cached?: CachedValue;
  numberFormat?: string;
  role: CellRole;
  /** a heading aligns as its column does: right over numbers, centred over the verdicts */
  align?: "right" | "center";
}
