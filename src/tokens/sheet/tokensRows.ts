/*
 * The "API or fleet" sheet's rows and names: the vocabulary every sheet is written in (core/sheet/rows.ts), a
 * label in column A, the figure in B, its unit in C. Every input and every figure a formula reads is a defined name
 * (the inputs' from TOKEN_FIELDS, the figures' here), so each formula reads as the model's formula does.
 */
import { LabelledColumns, RowsBuilder, valueColumnOf } from "../../core/sheet/rows";
import type { Names } from "../../core/sheet/sheetBasics";
import type { CellValidation } from "../../core/writers/finish";

/** A labelled row: its label, its figure, its unit. */
export const TOKENS_LABELLED: LabelledColumns = { order: ["label", "value", "unit"], crossoverFills: ["unit"] };

/** The figures' column (B). */
export const TOKENS_VALUE_COLUMN = valueColumnOf(TOKENS_LABELLED);

/** The defined names of the sheet's constants and figures, unsuffixed (the inputs' are TOKEN_FIELDS'). */
export const TOKENS_NAMES = {
  defaultHours: "TokDefaultHours",
  tokensPerPriceUnit: "TokTokensPerPriceUnit",
  checkTolerance: "TokCheckTolerance",
  cachedCounted: "TokCachedCounted",
  inputPriceCounted: "TokInputPriceCounted",
  batchFactor: "TokBatchFactor",
  apiPerRequest: "TokApiPerRequest",
  secondsPerRequest: "TokSecondsPerRequest",
  fleetPerRequest: "TokFleetPerRequest",
  hoursCounted: "TokHoursCounted",
  apiMonth: "TokApiMonth",
  neededHours: "TokNeededHours",
  minimumHours: "TokMinimumHours",
  paidHours: "TokPaidHours",
  fleetMonth: "TokFleetMonth",
  crossover: "TokCrossover",
  growthMonths: "TokGrowthMonths",
  cheaperMonth: "TokCheaperMonth",
  tableReach: "TokTableReach",
  tableAtNoTraffic: "TokTableAtNoTraffic",
  tableSteps: "TokTableSteps",
  tableTop: "TokTableTop",
} as const;

/** The sheet's rows, from sheet row `top`, its names suffixed by `named`. */
export class TokensRows extends RowsBuilder<CellValidation> {
  constructor(top: number, named: Names) {
    super(top, named, TOKENS_LABELLED);
  }

  /** The sheet's name (suffixed) of one of TOKENS_NAMES' figures. */
  figure(key: keyof typeof TOKENS_NAMES): string {
    return this.named(TOKENS_NAMES[key]);
  }

  /** The figure's cell (B) of the row registered as `key`: "B31". */
  valueAt(key: string): string {
    return `B${this.rowOf(key)}`;
  }
}
