/*
 * The commitment sheet's rows and names: the vocabulary every sheet is written in (core/sheet/rows.ts), a label in
 * column A, the figure in B, its unit in C; the demand table and the candidates block use the same three columns.
 * Every input and every figure a formula reads is a defined name, so each formula reads as the model's does.
 */
import { LabelledColumns, RowsBuilder } from "../../core/sheet/rows";
import type { Names } from "../../core/sheet/sheetBasics";
import type { CellValidation } from "../../core/writers/finish";

/** A labelled row: its label, its figure, its unit (none where it is blank: a writer leaves an empty text out). */
export const COMMITMENT_LABELLED: LabelledColumns = {
  order: ["label", "value", "unit"],
  crossoverFills: ["unit"],
  blankUnitOmitted: true,
};

/** The defined names of the sheet's inputs, constants and figures, unsuffixed. */
export const COMMITMENT_NAMES = {
  price: "CmtPrice",
  discount: "CmtDiscount",
  billed: "CmtBilledCommitted",
  tolerance: "CmtCheckTolerance",
  tieShare: "CmtTieShare",
  hours: "CmtHours",
  demandAcceleratorHours: "CmtDemandAcceleratorHours",
  allOnDemand: "CmtAllOnDemand",
  tie: "CmtTie",
  leastCost: "CmtLeastCost",
  committed: "CmtCommitted",
  aboveAcceleratorHours: "CmtAboveAcceleratorHours",
  commitmentCost: "CmtCommitmentCost",
  onDemandCost: "CmtOnDemandCost",
  totalCost: "CmtTotalCost",
  saving: "CmtSaving",
  savingShare: "CmtSavingShare",
  coverage: "CmtCoverage",
  utilisation: "CmtUtilisation",
  oneFewer: "CmtOneFewer",
  costOneFewer: "CmtCostOneFewer",
  costOneMore: "CmtCostOneMore",
  billedCost: "CmtBilledCost",
  savingAgainstBilled: "CmtSavingAgainstBilled",
} as const;

/** One of the sheet's names, by its key. */
export type CommitmentNameKey = keyof typeof COMMITMENT_NAMES;

/** The sheet's rows, from sheet row `top`, its names suffixed by `named`. */
export class CommitmentRows extends RowsBuilder<CellValidation> {
  constructor(top: number, named: Names) {
    super(top, named, COMMITMENT_LABELLED);
  }

  /** The sheet's name (suffixed) of one of COMMITMENT_NAMES. */
  figure(key: CommitmentNameKey): string {
    return this.named(COMMITMENT_NAMES[key]);
  }

  /** The figure's cell (B) of the row registered as `key`: "B31". */
  valueAt(key: string): string {
    return `B${this.rowOf(key)}`;
  }
}
