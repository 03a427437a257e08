/*
 * The annual sheet's labelled figures: the answer at the top (training's share of the year, used and
 * paid: the ceiling on any training-side change), frozen in view, and the workings at the foot (the
 * clips, the winning runs, the failed runs and sweeps), which the bill's formulas name.
 */
import type { AnnualTable } from "../model/annual";
import type { AnnualPlan } from "../model/annualFields";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import * as inExcel from "../../core/excel/formulas";
import * as annualExcel from "../../core/excel/yearFormulas";
import { figureCell } from "../../core/sheet/rows";
import { AnnualRows, AnnualSection, SheetNames, yearPartFormulas } from "./annualSection";

/** The answer section, and the cell of training's share of the year (where the tornado's axis crosses). */
export interface AnswerSection extends AnnualSection {
  shareAddress: string;
  /** the year's bill in money, in a priced plan */
  billAddress?: string;
  /** the row kept for the master check, filled once the checks at the foot are written */
  masterRow: number;
}

/** The title, the note on blue cells, the two shares and, at a price, the year's bill in money, from row `top`. */
export function answerSection(
  top: number,
  table: AnnualTable,
  plan: AnnualPlan,
  sheet: SheetNames,
  costFormat: string,
): AnswerSection {
  const n = sheet.named;
  const rows = new AnnualRows(top, sheet);
  rows.push([{ value: "ML compute spend over a year: what any proposed saving can be worth", role: "title" }]);
  rows.note(
    "Accelerator-hours a year. Blue cells are inputs: change one and every figure follows. " +
      "The bill is the paid total: serving held at peak, training and re-scans as used.",
  );
  const masterRow = rows.blank();
  const shareAddress = rows.labelled(
    "Training's share of the year, consumed",
    figureCell(
      inExcel.shareOfTotal(n("YearTrainingHours"), n("YearTotalConsumed")),
      table.trainingShareConsumed,
      NUMBER_FORMAT.share,
      "crossover",
    ),
    "the ceiling on any training-side change: training / all hours used",
    { name: "YearTrainingShareConsumed", role: "crossover" },
  );
  rows.labelled(
    "Training's share of the bill, paid",
    figureCell(
      inExcel.shareOfTotal(n("YearTrainingHours"), n("YearTotalPaid")),
      table.trainingSharePaid,
      NUMBER_FORMAT.share,
      "crossover",
    ),
    "the same ceiling against the bill, with serving paid at peak-to-mean",
    { name: "YearTrainingSharePaid", role: "crossover" },
  );
  const total = table.rows.find((row) => row.part === "total")!;
  let billAddress: string | undefined;
  if (plan.pricePerHour !== undefined) {
    billAddress = rows.labelled(
      "The year's bill, in money",
      figureCell(
        inExcel.costOf(n("YearTotalPaid"), sheet.field("pricePerHour")),
        total.paidCost ?? 0,
        costFormat,
        "crossover",
      ),
      "the paid total × the price per accelerator-hour",
      { role: "crossover" },
    );
  }
  return { ...rows.section(), shareAddress, masterRow, ...(billAddress && { billAddress }) };
}

/** The workings: the figures the bill's parts are built on, each named, from sheet row `top`. */
export function workingsSection(top: number, table: AnnualTable, sheet: SheetNames): AnnualSection {
  const { hours } = table;
  const n = sheet.named;
  const parts = yearPartFormulas(sheet.field);
  const rows = new AnnualRows(top, sheet);
  rows.heading("Workings");
  rows.labelled(
    "Clips scored in the year",
    figureCell(parts.clips, hours.clips, NUMBER_FORMAT.clips, "derived"),
    "clips: clips per second × days × 86,400",
    { name: "YearClips" },
  );
  rows.labelled(
    "Winning runs alone",
    figureCell(parts.winningRuns, hours.winningRunHours, NUMBER_FORMAT.hours, "derived"),
    "accelerator-hours: hours per run × runs a year",
    { name: "YearWinningRunHours" },
  );
  rows.labelled(
    "Failed runs and sweeps",
    figureCell(
      annualExcel.failedRunHours(n("YearTrainingHours"), n("YearWinningRunHours")),
      hours.trainingOverhead,
      NUMBER_FORMAT.hours,
      "derived",
    ),
    "accelerator-hours: training minus the winning runs",
    { name: "YearFailedRunHours" },
  );
  return rows.section();
}
