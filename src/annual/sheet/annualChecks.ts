/*
 * The annual sheet's checks, at its foot, and what the master check at the top names when one fails
 * (core/sheet/checks.ts, the vocabulary): each input within its field's bounds (ANNUAL_FIELDS' and LEDGER_FIELDS' own
 * checks: a negative time, a share over 100%, a peak-to-mean under 1; a blank proposal is no change), no figure of
 * the bill, the levers or both ledgers an error value, and the figures a reviewer could type over by a second route:
 * the year's totals against the same hours from the inputs alone, training's shares, the bill in money, the levers'
 * savings against each lever's saving recomputed from the inputs, their shares and money; then both ledgers' own
 * (annualLedgers.ts). A typed -0.04 s a clip names "Serving time per clip: 0 or more" instead of a bill of -426,000.
 */
import { ANNUAL_FIELDS, AnnualField, AnnualPlan } from "../model/annualFields";
import { AnnualFigures, LEVERS } from "../model/levers";
import { isProblem, Problem } from "../../core/model/problems";
import type { LayoutCell } from "../../core/sheet/cell";
import { moneyFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell } from "../../core/sheet/rows";
import {
  addCheckRows,
  anyCachedError,
  CHECK_TOLERANCE,
  fieldBoundChecks,
  noErrorCheck,
  PlacedChecks,
  sameFigureCheck,
  SheetCheck,
  twoRoutesCheck,
} from "../../core/sheet/checks";
import { AnnualRows, AnnualSection, SheetNames, yearPartFormulas, yearTotalFormula } from "./annualSection";
import { leverSavingFormula } from "./annualLevers";

/** Where the sections the checks read put their cells. */
export interface AnnualCheckContext {
  plan: AnnualPlan;
  view: AnnualFigures;
  names: SheetNames;
  /** each input's blue cell, by field; the proposals that may be left blank (no change) */
  inputs: {
    cells: Partial<Record<keyof AnnualPlan, string>>;
    blankable: ReadonlySet<keyof AnnualPlan>;
    /** the token inputs' bound checks, where the seconds come from tokens (issue 32) */
    tokenChecks?: readonly SheetCheck[];
  };
  /** the rows whose figures must not be error values: the bill, the levers, both ledgers */
  figureRows: { first: number; last: number; lastColumn: string; rows: readonly (readonly (LayoutCell | null)[])[] };
  /** the levers table's columns: saved a year, its share of the bill and its money (priced) */
  levers: { saved: string; share: string; cost?: string };
  /** the bill's money: the parts' paid costs, the total's, and the answer's bill (priced) */
  money?: { parts: string; total: string; answer: string };
  /** checks of later sections (both ledgers), after the sheet's own */
  more: readonly SheetCheck[];
}

/** The checks section and where its flags landed, for the master check. */
export interface AnnualChecksSection extends AnnualSection {
  placed: PlacedChecks;
}

/** Whether two routes' figures agree within the tolerance, as the sheet's condition decides it. */
const agree = (a: number, b: number) => Math.abs(a - b) <= CHECK_TOLERANCE * Math.abs(b);

const numberOf = (x: number | Problem | undefined): number => (typeof x === "number" ? x : NaN);

/** A column's sum as SUM gives it: the first error value in it, else the numbers added. */
function sumOf(values: readonly (number | Problem)[]): number | Problem {
  const bad = values.find(isProblem);
  return bad ?? values.reduce<number>((sum, x) => sum + (x as number), 0);
}

/** The checks of the annual sheet, from sheet row `top`: a tolerance, then one row a check. */
export function annualChecksSection(top: number, context: AnnualCheckContext): AnnualChecksSection {
  const rows = new AnnualRows(top, context.names);
  rows.heading("Checks: 0 where each holds, 1 where it fails (the master check at the top names the first)");
  const tolerance = rows.labelled(
    "Check tolerance",
    { value: CHECK_TOLERANCE, numberFormat: "0.0E+00", role: "derived" },
    "relative: two routes to one figure agree within this share of it",
  );
  const { first, last, lastColumn } = context.figureRows;
  const errorRange = `A${first}:${lastColumn}${last}`;
  const placed = addCheckRows(rows, [
    ...boundChecks(context),
    noErrorCheck(
      "No figure is an error value",
      errorRange,
      `A cell in ${errorRange} shows an error value (#DIV/0!, #NUM!...): an input above is out of its bounds.`,
      !anyCachedError(context.figureRows.rows),
    ),
    ...routeChecks(context, tolerance),
    ...context.more,
  ]);
  return { ...rows.section(), placed };
}

/** Each numeric input on the sheet within its field's bounds, over its blue cell; a blank proposal is no change. */
function boundChecks({ plan, inputs }: AnnualCheckContext): SheetCheck[] {
  const fields = ANNUAL_FIELDS.map((field): AnnualField =>
    inputs.blankable.has(field.key) ? { ...field, blankMeans: field.blankMeans ?? "no change" } : field,
  );
  const typed = fieldBoundChecks(
    fields,
    (field) => inputs.cells[field.key],
    (field) => plan[field.key],
  );
  return [...typed, ...(inputs.tokenChecks ?? [])];
}

/** The year's totals, shares, money and the levers' savings, each by a second route. */
function routeChecks(context: AnnualCheckContext, tolerance: string): SheetCheck[] {
  const { plan, view, names } = context;
  const n = names.named;
  const { hours } = view.table;
  const parts = yearPartFormulas(names.field);
  const training = parts.training(parts.winningRuns);
  const consumed = parts.servingConsumed(parts.clips);
  const figure = (formula: string, value: number, format = NUMBER_FORMAT.hours) => figureCell(formula, value, format);
  const route = (name: string, cells: [string, string], values: [number, number], failure: string, format?: string) =>
    twoRoutesCheck(
      name,
      [figure(cells[0], values[0], format), figure(cells[1], values[1], format)],
      tolerance,
      failure,
      agree(values[0], values[1]),
    );
  const shareHours = (of: "Paid" | "Consumed") => `${n(`YearTrainingShare${of}`)}*${n(`YearTotal${of}`)}`;
  const overType = "a number is typed over a formula in the bill, the workings or a figure it reads.";
  const checks = [
    route(
      "The year's paid total, two routes",
      [n("YearTotalPaid"), yearTotalFormula(training, parts.servingPaid(consumed), parts.rescans)],
      [hours.totalPaid, hours.training + hours.servingPaid + hours.rescans],
      `The paid total is not training + serving at peak + re-scans from the inputs: ${overType}`,
    ),
    route(
      "The year's consumed total, two routes",
      [n("YearTotalConsumed"), yearTotalFormula(training, consumed, parts.rescans)],
      [hours.totalConsumed, hours.training + hours.servingConsumed + hours.rescans],
      `The consumed total is not training + serving + re-scans from the inputs: ${overType}`,
    ),
    sameFigureCheck(
      "Training's shares, two routes",
      [`${shareHours("Paid")}+${shareHours("Consumed")}`, `2*${training}`],
      tolerance,
      "Training's shares of the year are not its hours over the totals: a number is typed over a share.",
      agree(
        numberOf(view.table.trainingSharePaid) * hours.totalPaid +
          numberOf(view.table.trainingShareConsumed) * hours.totalConsumed,
        2 * hours.training,
      ),
    ),
    ...leverChecks(context, tolerance),
    ...moneyChecks(context, tolerance, plan),
  ];
  return checks;
}

/** The levers' savings against each lever recomputed from the inputs, and their shares of the bill. */
function leverChecks({ view, names, levers }: AnnualCheckContext, tolerance: string): SheetCheck[] {
  const n = names.named;
  const parts = yearPartFormulas(names.field);
  const fromInputs = {
    training: parts.training(parts.winningRuns),
    servingPaid: parts.servingPaid(parts.servingConsumed(parts.clips)),
  };
  const recomputed = LEVERS.map((spec) =>
    leverSavingFormula(spec, names, fromInputs[spec.proportionalHours as keyof typeof fromInputs]),
  );
  const rows = view.levers.rows;
  const saved = sumOf(rows.map((row) => row.hoursSavedPerYear));
  // The recomputed route adds the levers in LEVERS' order: its first error is that order's.
  const inOrder = LEVERS.map((spec) => rows.find((row) => row.lever === spec.id)!.hoursSavedPerYear);
  const shares = sumOf(rows.map((row) => row.shareOfBill));
  const hours = view.table.hours.totalPaid;
  const shareHours = isProblem(shares) ? shares : shares * hours;
  return [
    twoRoutesCheck(
      "The levers' savings, two routes",
      [
        figureCell(`SUM(${levers.saved})`, saved, NUMBER_FORMAT.hoursSaved),
        figureCell(recomputed.join("+"), sumOf(inOrder), NUMBER_FORMAT.hoursSaved),
      ],
      tolerance,
      "The levers' savings a year are not each lever's saving from the inputs: a number is typed over a saving.",
      !isProblem(saved),
    ),
    twoRoutesCheck(
      "The levers' shares, two routes",
      [
        figureCell(`SUM(${levers.share})*${n("YearTotalPaid")}`, shareHours, NUMBER_FORMAT.hoursSaved),
        figureCell(`SUM(${levers.saved})`, saved, NUMBER_FORMAT.hoursSaved),
      ],
      tolerance,
      "The levers' shares of the bill are not their savings over the paid total: a number is typed over a share.",
      agree(numberOf(shareHours), numberOf(saved)),
    ),
  ];
}

/** The bill in money by its parts and its total, and the levers' money against their hours (priced sheets). */
function moneyChecks({ view, names, levers, money }: AnnualCheckContext, tolerance: string, plan: AnnualPlan) {
  const price = plan.pricePerHour;
  if (price === undefined || money === undefined || levers.cost === undefined) return [];
  const total = numberOf(view.table.rows.find((row) => row.part === "total")!.paidCost);
  const partsCost = sumOf(view.table.rows.filter((row) => row.part !== "total").map((row) => row.paidCost ?? NaN));
  const saved = sumOf(view.levers.rows.map((row) => row.hoursSavedPerYear));
  const savedCost = sumOf(view.levers.rows.map((row) => row.costSavedPerYear ?? NaN));
  const p = names.field("pricePerHour");
  const moneyCell = (formula: string, value: number | Problem) =>
    figureCell(formula, value, moneyFormat(plan.currency));
  const savedMoney = isProblem(saved) ? saved : saved * price;
  return [
    twoRoutesCheck(
      "The bill in money, two routes",
      [moneyCell(`SUM(${money.parts})`, partsCost), moneyCell(money.total, total)],
      tolerance,
      "The parts' paid costs do not add up to the total's: a number is typed over a cost.",
      agree(numberOf(partsCost), total),
    ),
    sameFigureCheck(
      "The year's bill, two routes",
      [money.answer, `${names.named("YearTotalPaid")}*${p}`],
      tolerance,
      "The year's bill at the top is not the paid total × the price: a number is typed over it or the total's cost.",
      agree(total, view.table.hours.totalPaid * price),
    ),
    twoRoutesCheck(
      "The levers' money, two routes",
      [moneyCell(`SUM(${levers.cost})`, savedCost), moneyCell(`SUM(${levers.saved})*${p}`, savedMoney)],
      tolerance,
      "The levers' money saved is not their hours × the price: a number is typed over a saving's money.",
      agree(numberOf(savedCost), numberOf(savedMoney)),
    ),
  ];
}
