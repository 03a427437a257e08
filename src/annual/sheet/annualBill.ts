/*
 * The annual sheet's bill: the year by part (training, serving, re-scans, the total), hours used and
 * paid, each part's share (the most any change to it can save), its cost when priced, and the idle
 * capacity under it. The parts are yearParts.ts's formulas over the named inputs, the shares, costs
 * and idle capacity core/excel/formulas.ts's; each part's cell is named, and the levers, the
 * sensitivity and the answer read those names.
 */
import { AnnualPart, AnnualTable } from "../model/annual";
import { AnnualPlan } from "../model/annualFields";
import { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import * as inExcel from "../../core/excel/formulas";
import {
  AnnualSection,
  AnnualTableRange,
  costHeading,
  DerivedName,
  figureCell,
  MULTIPLE_FORMAT,
  SectionRows,
  SheetNames,
  tableRange,
} from "./annualSection";
import { yearPartFormulas, yearTotalFormula } from "./yearParts";

/** The base name of the bill's table, for the Excel writer's ListObject. */
export const ANNUAL_TABLE_NAME = "AnnualBill";

/** The bill section: its rows, its table, and the cells of its pie (the three parts' labels and paid hours). */
export interface BillSection extends AnnualSection {
  table: AnnualTableRange;
  chart: { categories: string; values: string };
}

/** One part's formulas and the names of its cells, consumed and paid. */
interface PartCells {
  part: AnnualPart;
  consumed: string;
  paid: string;
  consumedName?: DerivedName;
  paidName?: DerivedName;
}

/** The four rows of the bill, each part's hours as formulas over the named inputs and figures. */
function partCells(sheet: SheetNames): PartCells[] {
  const n = sheet.named;
  const parts = yearPartFormulas(sheet.field);
  const training = n("YearTrainingHours");
  const rescans = n("YearRescanHours");
  return [
    {
      part: "training",
      consumed: parts.training(n("YearWinningRunHours")),
      paid: training,
      consumedName: "YearTrainingHours",
    },
    {
      part: "serving",
      consumed: parts.servingConsumed(n("YearClips")),
      paid: parts.servingPaid(n("YearServingConsumed")),
      consumedName: "YearServingConsumed",
      paidName: "YearServingPaid",
    },
    { part: "rescans", consumed: parts.rescans, paid: rescans, consumedName: "YearRescanHours" },
    {
      part: "total",
      consumed: yearTotalFormula(training, n("YearServingConsumed"), rescans),
      paid: yearTotalFormula(training, n("YearServingPaid"), rescans),
      consumedName: "YearTotalConsumed",
      paidName: "YearTotalPaid",
    },
  ];
}

/** The bill of `table`, from sheet row `top`: its heading, its table and the idle capacity under it. */
export function billSection(
  top: number,
  table: AnnualTable,
  plan: AnnualPlan,
  sheet: SheetNames,
  costFormat: string,
): BillSection {
  const n = sheet.named;
  const rows = new SectionRows(top, sheet);
  rows.push([]);
  rows.push([{ value: "The year by part: each part's share is the most any change to it can save", role: "section" }]);
  const header = ["Part", "Consumed (h)", "Share", "Paid (h)", "Share of bill"];
  if (plan.pricePerHour !== undefined) header.push(costHeading("Consumed cost", plan), costHeading("Paid cost", plan));
  const headerRow = rows.push(
    header.map((text, c): LayoutCell => ({ value: text, role: "header", ...(c ? { align: "right" } : {}) })),
  );
  for (const cells of partCells(sheet)) {
    const r = rows.nextRow;
    const model = table.rows.find((x) => x.part === cells.part)!;
    const row: LayoutCell[] = [
      { value: model.label, role: "stageName" },
      figureCell(cells.consumed, model.consumedHours, NUMBER_FORMAT.hours, "stage"),
      figureCell(
        inExcel.shareOfTotal(`B${r}`, n("YearTotalConsumed")),
        model.consumedShare,
        NUMBER_FORMAT.share,
        "stage",
      ),
      figureCell(cells.paid, model.paidHours, NUMBER_FORMAT.hours, "stage"),
      figureCell(inExcel.shareOfTotal(`D${r}`, n("YearTotalPaid")), model.paidShare, NUMBER_FORMAT.share, "stage"),
    ];
    if (plan.pricePerHour !== undefined) {
      const price = sheet.field("pricePerHour");
      row.push(figureCell(inExcel.costOf(`B${r}`, price), model.consumedCost ?? 0, costFormat, "stage"));
      row.push(figureCell(inExcel.costOf(`D${r}`, price), model.paidCost ?? 0, costFormat, "stage"));
    }
    rows.push(row);
    if (cells.consumedName) rows.name(cells.consumedName, 1);
    if (cells.paidName) rows.name(cells.paidName, 3);
  }
  const last = rows.lastRow;
  const idle = rows.nextRow;
  rows.push([
    { value: "Idle capacity: paid minus consumed serving", role: "label" },
    null,
    null,
    figureCell(
      inExcel.idleCapacity(n("YearServingPaid"), n("YearServingConsumed")),
      table.hours.idleCapacity,
      NUMBER_FORMAT.hours,
      "derived",
    ),
    figureCell(
      inExcel.hoursRatio(`D${idle}`, n("YearTrainingHours")),
      table.idleToTraining,
      MULTIPLE_FORMAT,
      "derived",
    ),
    { value: "times the whole training half", role: "unit" },
  ]);
  rows.name("YearIdleCapacity", 3);
  return {
    ...rows.section(),
    table: tableRange(n(ANNUAL_TABLE_NAME), headerRow, last, header.length),
    chart: { categories: `A${headerRow + 1}:A${headerRow + 3}`, values: `D${headerRow + 1}:D${headerRow + 3}` },
  };
}
