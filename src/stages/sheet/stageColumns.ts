/*
 * The columns of the stage table the task pane writes, declared once: heading, kind of figure,
 * number format, the native Excel formula of a stage row over the sheet's defined names, and the
 * model's value for the same cell. The preview, both writers and the tests read this list.
 * (=MLCOST.STAGETABLE has its own frozen columns: src/functions/stageTableSpill.ts.)
 */
import { Problem } from "../../core/model/problems";
import * as inExcel from "../../core/excel/formulas";
import { StageRow } from "../model/stages";
import { NUMBER_FORMAT } from "../../core/sheet/formats";

/** What a column shows; the preview and the writers pick a display by it. */
export type ColumnKind = "stage" | "clips" | "hours" | "ratio" | "verdict" | "lead" | "share" | "money";

/** What a column's formula may refer to in its own row. */
export interface RowContext {
  /** the address of another column's cell in this row, by key ("C12") */
  cell: (key: StageColumnKey) => string;
  /** a defined name of the sheet, with the copy's suffix ("EffectiveTrainingHours_2") */
  name: (base: string) => string;
  /** the defined name of this stage's clips per interval */
  stageClips: string;
}

/** The model's field each column shows. */
export type StageColumnKey =
  | "stage"
  | "clipsPerInterval"
  | "servingHours"
  | "trainingHours"
  | "totalHours"
  | "splitRatio"
  | "dominantSide"
  | "lead"
  | "trainingShare"
  | "cost";

/** One column of the stage table. */
export interface StageColumn {
  key: StageColumnKey;
  heading: string;
  kind: ColumnKind;
  numberFormat?: string;
  /** the cell's Excel formula, without "="; undefined for a constant (the stage's name) */
  formula?: (row: RowContext) => string;
  /** only in a priced plan */
  priced?: boolean;
}

/** Every column, in order. */
export const STAGE_COLUMNS: readonly StageColumn[] = [
  { key: "stage", heading: "Stage", kind: "stage" },
  {
    key: "clipsPerInterval",
    heading: "Clips per interval",
    kind: "clips",
    numberFormat: NUMBER_FORMAT.clips,
    formula: (r) => r.stageClips,
  },
  {
    key: "servingHours",
    heading: "Serving hours",
    kind: "hours",
    numberFormat: NUMBER_FORMAT.hours,
    formula: (r) => inExcel.servingHours(r.cell("clipsPerInterval"), r.name("EffectiveSecondsPerClip")),
  },
  {
    key: "trainingHours",
    heading: "Training hours",
    kind: "hours",
    numberFormat: NUMBER_FORMAT.hours,
    formula: (r) => r.name("EffectiveTrainingHours"),
  },
  {
    key: "totalHours",
    heading: "Total hours",
    kind: "hours",
    numberFormat: NUMBER_FORMAT.hours,
    formula: (r) => inExcel.totalHours(r.cell("servingHours"), r.cell("trainingHours")),
  },
  {
    key: "splitRatio",
    heading: "Serving / training",
    kind: "ratio",
    numberFormat: NUMBER_FORMAT.ratio,
    formula: (r) => inExcel.splitRatio(r.cell("servingHours"), r.cell("trainingHours")),
  },
  {
    key: "dominantSide",
    heading: "Dominant half",
    kind: "verdict",
    formula: (r) => inExcel.dominantSide(r.cell("lead"), r.cell("splitRatio")),
  },
  {
    key: "lead",
    heading: "Lead",
    kind: "lead",
    // A number with a format rather than text, so the reader's locale shows its decimals; ROUND
    // rounds decimal digits half away from zero, as the model's roundSignificant does.
    numberFormat: NUMBER_FORMAT.lead,
    formula: (r) => inExcel.roundedLead(inExcel.leadOfRatio(r.cell("splitRatio"))),
  },
  {
    key: "trainingShare",
    heading: "Training share",
    kind: "share",
    numberFormat: NUMBER_FORMAT.share,
    formula: (r) => inExcel.shareOfTotal(r.cell("trainingHours"), r.cell("totalHours")),
  },
  {
    key: "cost",
    heading: "Cost",
    kind: "money",
    priced: true,
    formula: (r) => inExcel.costOf(r.cell("totalHours"), r.name("PricePerHour")),
  },
];

/** The columns of a plan's table: the priced ones only when there is a price. */
export function stageColumnsFor(priced: boolean): readonly StageColumn[] {
  return STAGE_COLUMNS.filter((column) => priced || !column.priced);
}

/** The model's value of a column for one stage row. */
export function stageValue(row: StageRow, key: StageColumnKey): number | string | Problem | undefined {
  return row[key];
}
