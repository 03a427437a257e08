/*
 * The annual sheet's bill: the year by part (training, serving, re-scans, the total), hours used and
 * paid, each part's share (the most any change to it can save), its cost when priced, and the idle
 * capacity under it. The parts are annualSection.ts's yearPartFormulas over the named inputs, the shares, costs
 * and idle capacity core/excel/formulas.ts's; each part's cell is named, and the levers, the
 * sensitivity and the answer read those names.
 */
import { AnnualPart, AnnualTable } from "../model/annual";
import { AnnualPlan } from "../model/annualFields";
import { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT, unitCostFormat } from "../../core/sheet/formats";
import * as inExcel from "../../core/excel/formulas";
import { figureCell } from "../../core/sheet/rows";
import {
  AnnualSection,
  AnnualTableRange,
  costHeading,
  DerivedName,
  MULTIPLE_FORMAT,
  AnnualRows,
  SheetNames,
  tableColumns,
  tableRange,
  yearPartFormulas,
  yearTotalFormula,
} from "./annualSection";

/** The base name of the bill's table, for the Excel writer's ListObject. */
export const ANNUAL_TABLE_NAME = "AnnualBill";

/** The bill section: its rows, its table, and the cells of its pie (the three parts' labels and paid hours). */
export interface BillSection extends AnnualSection {
  table: AnnualTableRange;
  chart: { categories: string; values: string };
  /** the paid costs of the three parts ("G13:G15") and of the total, in a priced plan, for the checks */
  money?: { parts: string; total: string };
}

/** The bill's columns, in order: a part's label (text), its hours and shares, its costs (in a priced plan only). */
const BILL_COLUMNS = [
  { key: "part", heading: "Part", text: true },
  { key: "consumed", heading: "Consumed (h)" },
  { key: "consumedShare", heading: "Share" },
  { key: "paid", heading: "Paid (h)" },
  { key: "paidShare", heading: "Share of bill" },
  { key: "consumedCost", heading: "Consumed cost", money: true },
  { key: "paidCost", heading: "Paid cost", money: true },
] as const;

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
  const rows = new AnnualRows(top, sheet);
  rows.heading("The year by part: each part's share is the most any change to it can save");
  const priced = plan.pricePerHour !== undefined;
  const shown = BILL_COLUMNS.filter((column) => priced || !("money" in column));
  const bill = tableColumns(shown.map((column) => column.key));
  const price = sheet.field("pricePerHour");
  const headerRow = rows.push(
    shown.map((column): LayoutCell => ({
      value: "money" in column ? costHeading(column.heading, plan) : column.heading,
      role: "header",
      ...("text" in column ? {} : { align: "right" }),
    })),
  );
  for (const cells of partCells(sheet)) {
    const r = rows.nextRow;
    const model = table.rows.find((x) => x.part === cells.part)!;
    rows.push(
      bill.row({
        part: { value: model.label, role: "stageName" },
        consumed: figureCell(cells.consumed, model.consumedHours, NUMBER_FORMAT.hours, "stage"),
        consumedShare: figureCell(
          inExcel.shareOfTotal(bill.cell("consumed", r), n("YearTotalConsumed")),
          model.consumedShare,
          NUMBER_FORMAT.share,
          "stage",
        ),
        paid: figureCell(cells.paid, model.paidHours, NUMBER_FORMAT.hours, "stage"),
        paidShare: figureCell(
          inExcel.shareOfTotal(bill.cell("paid", r), n("YearTotalPaid")),
          model.paidShare,
          NUMBER_FORMAT.share,
          "stage",
        ),
        ...(priced && {
          consumedCost: figureCell(
            inExcel.costOf(bill.cell("consumed", r), price),
            model.consumedCost ?? 0,
            costFormat,
            "stage",
          ),
          paidCost: figureCell(inExcel.costOf(bill.cell("paid", r), price), model.paidCost ?? 0, costFormat, "stage"),
        }),
      }),
    );
    if (cells.consumedName) rows.name(cells.consumedName, bill.index("consumed"));
    if (cells.paidName) rows.name(cells.paidName, bill.index("paid"));
  }
  const last = rows.lastRow;
  // Under the table: idle capacity in the paid hours' column, then its multiple of training and the unit beside it.
  const idle = rows.nextRow;
  rows.push([
    ...bill.row({
      part: { value: "Idle capacity: paid minus consumed serving", role: "label" },
      paid: figureCell(
        inExcel.idleCapacity(n("YearServingPaid"), n("YearServingConsumed")),
        table.hours.idleCapacity,
        NUMBER_FORMAT.hours,
        "derived",
      ),
    }),
    figureCell(
      inExcel.hoursRatio(bill.cell("paid", idle), n("YearTrainingHours")),
      table.idleToTraining,
      MULTIPLE_FORMAT,
      "derived",
    ),
    { value: "times the whole training half", role: "unit" },
  ]);
  rows.name("YearIdleCapacity", bill.index("paid"));
  if (priced && table.costPerThousandClips !== undefined) {
    // The whole bill over the year's clips: training and re-scans amortised over every clip scored.
    rows.push(
      bill.row({
        part: { value: "Cost per 1,000 clips: the bill over the clips scored", role: "label" },
        paidCost: figureCell(
          inExcel.costPerThousandClips(
            n("YearTrainingHours"),
            inExcel.totalHours(n("YearServingPaid"), n("YearRescanHours")),
            n("YearClips"),
            price,
          ),
          table.costPerThousandClips,
          unitCostFormat(plan.currency),
          "derived",
        ),
      }),
    );
  }
  // The pie: the three parts above the total.
  const parts = { first: headerRow + 1, last: headerRow + 3 };
  return {
    ...rows.section(),
    ...(priced && {
      money: { parts: bill.range("paidCost", parts.first, parts.last), total: bill.cell("paidCost", last) },
    }),
    table: tableRange(n(ANNUAL_TABLE_NAME), headerRow, last, shown.length),
    chart: {
      categories: bill.range("part", parts.first, parts.last),
      values: bill.range("paid", parts.first, parts.last),
    },
  };
}
