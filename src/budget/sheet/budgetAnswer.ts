/*
 * The budget sheet's answer, at the top and frozen in view: the master check (OK, or the first failing
 * check's name), the horizon's hours by part, training's share (the ceiling on any training-side change),
 * the crossover in words, and when priced the cost and the cost per 1,000 clips (average, training amortised,
 * and marginal), the first month over budget, and the lever's saving against its ceiling. Each figure reads
 * the named horizon figure below (B of its row) or computes from named figures, so the answer and the rows
 * cannot disagree.
 */
import type { BudgetResult } from "../model/budget";
import { budgetField, BudgetKey, BudgetPlan } from "../model/budgetFields";
import * as inExcel from "../../core/excel/formulas";
import * as budgetExcel from "./budgetFormulas";
import { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { monthSerial, MONTH_FORMAT } from "./budgetDates";
import { BudgetRows } from "./budgetRows";
import { figureCell, Row } from "../../core/sheet/rows";
import { NO_PRICE } from "./budgetTimeline";
import { masterCheckCell, PlacedChecks } from "../../core/sheet/checks";

/** What the average cost per 1,000 clips reads over a horizon without clips (the model gives none). */
export const NO_CLIPS = "no clips";
/** What the lever's lines read while a lever cell is emptied. */
export const NO_LEVER = "no lever";

/** One line of the answer: its label, its cell, what it means. */
interface AnswerLine {
  label: string;
  cell: LayoutCell;
  unit: string;
  /** the line that must stand out: the check, the share, the crossover */
  key?: boolean;
}

/** A format of money per 1,000 clips: six decimals where the currency's format has two (0.022688 USD). */
export const perThousandFormat = (costFormat: string): string => costFormat.replace("#,##0.00", "#,##0.000###");

/** The number of answer lines `plan` has: the sheet reserves them before it writes the rows they read. */
export function answerLineCount(plan: BudgetPlan): number {
  const priced = plan.pricePerHour !== undefined;
  const lever = plan.leverSecondsPerClip !== undefined;
  return 8 + (priced ? 3 : 0) + (plan.budgetAmount !== undefined ? 1 : 0) + (lever ? (priced ? 4 : 3) : 0);
}

/** The answer's lines for `plan`, over the rows `sheet` holds (the checks', the months'). */
function answerLines(
  sheet: BudgetRows,
  plan: BudgetPlan,
  result: BudgetResult,
  costFormat: string,
  checks: PlacedChecks,
): AnswerLine[] {
  const priced = plan.pricePerHour !== undefined;
  return [
    { label: "Checks", cell: masterCheckCell(checks), unit: "", key: true },
    ...hoursLines(sheet, result),
    ...(priced ? costLines(sheet, result, costFormat) : []),
    ...(plan.budgetAmount !== undefined ? [overBudgetLine(sheet, plan, result)] : []),
    ...(result.lever ? leverLines(sheet, result, priced, costFormat) : []),
  ];
}

/** The defined name of a budget input on `sheet`. */
const fieldOn = (sheet: BudgetRows, key: BudgetKey) => sheet.named(budgetField(key).definedName);

/** The horizon's hours by part, training's share and the crossover in words. */
function hoursLines(sheet: BudgetRows, result: BudgetResult): AnswerLine[] {
  const n = sheet.named;
  const hours = NUMBER_FORMAT.hours;
  const named = (name: string, cached: number | string, format: string) => figureCell(n(name), cached, format);
  const crossoverInterval = n("BudgetCrossoverInterval");
  const every = fieldOn(sheet, "retrainEveryMonths");
  const lastMonth = budgetExcel.intervalLastMonth(crossoverInterval, every, fieldOn(sheet, "months"));
  return [
    {
      label: "Training",
      cell: named("BudgetHorizonTrainingHours", result.trainingHours, hours),
      unit: "accelerator-hours over the horizon: runs × hours per run × overhead",
    },
    {
      label: "Re-scans",
      cell: named("BudgetHorizonRescanHours", result.rescanHours, hours),
      unit: "accelerator-hours",
    },
    {
      label: "Serving, consumed",
      cell: named("BudgetHorizonServingConsumed", result.servingHoursConsumed, hours),
      unit: "accelerator-hours the clips take",
    },
    {
      label: "Serving, paid",
      cell: named("BudgetHorizonServingPaid", result.servingHoursPaid, hours),
      unit: "accelerator-hours: consumed × peak-to-mean, the fleet held for the peak",
    },
    {
      label: "Total, paid",
      cell: named("BudgetHorizonTotalHours", result.totalHours, hours),
      unit: "accelerator-hours: training + re-scans + serving paid",
    },
    {
      label: "Training's share",
      cell: named("BudgetTrainingShare", result.trainingShare, NUMBER_FORMAT.share),
      unit: "of the total: the ceiling on any training-side change (Amdahl)",
      key: true,
    },
    {
      label: "Crossover",
      cell: figureCell(
        budgetExcel.crossoverSentence(crossoverInterval, n("BudgetCrossoverMonth"), lastMonth),
        crossoverWords(result),
        NUMBER_FORMAT.text,
      ),
      unit: "",
      key: true,
    },
  ];
}

/** A priced plan's cost and its cost per 1,000 clips, average and marginal ("no price" while the price is emptied). */
function costLines(sheet: BudgetRows, result: BudgetResult, costFormat: string): AnswerLine[] {
  const n = sheet.named;
  const field = (key: BudgetKey) => fieldOn(sheet, key);
  const perThousand = perThousandFormat(costFormat);
  const average = result.costPerThousandAverage;
  // An emptied price is no price: each priced line reads "no price", never a cost of 0.
  const orNoPrice = (figure: string) => budgetExcel.whenFilled([field("pricePerHour")], figure, NO_PRICE);
  return [
    {
      label: "Cost",
      cell: figureCell(n("BudgetHorizonCost"), result.cost!, costFormat),
      unit: "the total × the price per accelerator-hour",
    },
    {
      label: "Cost per 1,000 clips, average",
      cell: figureCell(
        orNoPrice(
          inExcel.whenPositive(
            n("BudgetHorizonClips"),
            inExcel.costPerThousandClips(
              inExcel.totalHours(n("BudgetHorizonTrainingHours"), n("BudgetHorizonRescanHours")),
              n("BudgetHorizonServingPaid"),
              n("BudgetHorizonClips"),
              field("pricePerHour"),
            ),
            NO_CLIPS,
          ),
        ),
        // The model leaves the average out where no clip is scored: the sheet says so rather than #DIV/0!.
        average ?? NO_CLIPS,
        perThousand,
      ),
      unit: "training and re-scans amortised over every clip",
    },
    {
      label: "Cost per 1,000 clips, marginal",
      cell: figureCell(
        orNoPrice(
          inExcel.marginalCostPerThousandClips(field("secondsPerClip"), field("peakToMean"), field("pricePerHour")),
        ),
        result.costPerThousandMarginal!,
        perThousand,
      ),
      unit: "what 1,000 more clips add: their paid serving, priced",
    },
  ];
}

/** A budgeted plan's first month over its budget, or "none" ("no budget" while the budget is emptied). */
function overBudgetLine(sheet: BudgetRows, plan: BudgetPlan, result: BudgetResult): AnswerLine {
  const n = sheet.named;
  const first = result.firstMonthOverBudget;
  return {
    label: "First month over budget",
    cell: figureCell(
      // An emptied budget is no budget: no month is over it.
      budgetExcel.whenFilled(
        [n("BudgetAmount")],
        budgetExcel.firstFlagged(sheet.monthsOf("over"), sheet.monthsOf("header")),
        "no budget",
      ),
      first === undefined ? "none" : monthSerial(plan.firstMonth, first),
      MONTH_FORMAT,
    ),
    unit:
      plan.budgetPer === "month"
        ? "a month's cost over the month's budget"
        : "the cost so far over the horizon's budget",
  };
}

/** The lever's saving (hours, and money when priced), its share of the bill and its ceiling. */
function leverLines(sheet: BudgetRows, result: BudgetResult, priced: boolean, costFormat: string): AnswerLine[] {
  const n = sheet.named;
  const lever = result.lever!;
  const without = n("BudgetHorizonTotalWithoutLever");
  const saved = n("BudgetLeverSavedHours");
  // An emptied lever cell is no lever (the pane's blank): each lever line says so, never a saving.
  const leverCells = [n(budgetField("leverSecondsPerClip").definedName), n(budgetField("leverFromMonth").definedName)];
  const orNoLever = (figure: string) => budgetExcel.whenFilled(leverCells, figure, NO_LEVER);
  const price = n(budgetField("pricePerHour").definedName);
  const lines: AnswerLine[] = [
    {
      label: "The lever saves",
      cell: figureCell(
        orNoLever(budgetExcel.savedHours(without, n("BudgetHorizonTotalHours"))),
        lever.savedHours,
        NUMBER_FORMAT.hours,
      ),
      unit: "accelerator-hours: the horizon without the lever minus with it",
    },
  ];
  if (priced)
    lines.push({
      label: "The lever saves, in money",
      cell: figureCell(
        orNoLever(budgetExcel.whenFilled([price], inExcel.costOf(saved, price), NO_PRICE)),
        lever.savedCost!,
        costFormat,
      ),
      unit: "the hours saved × the price",
    });
  lines.push(
    {
      label: "The lever's saving, a share of the bill",
      cell: figureCell(orNoLever(inExcel.hoursRatio(saved, without)), lever.savedShare, NUMBER_FORMAT.share),
      unit: "of the total without the lever",
    },
    {
      label: "The lever's ceiling",
      cell: figureCell(
        orNoLever(inExcel.shareOfTotal(n("BudgetLeverTouchedHours"), without)),
        lever.ceilingShare,
        NUMBER_FORMAT.share,
      ),
      unit: "the paid serving it touches (from its month on), of the total without it: the most it can save",
    },
  );
  return lines;
}

/** The crossover in the sheet's words. */
export function crossoverWords(result: BudgetResult): string {
  const { crossover } = result;
  if (crossover.kind === "none") return "not within the horizon";
  if (crossover.kind === "already") return "already serving-dominated";
  const months = `months ${crossover.firstMonth}-${crossover.lastMonth}`;
  return `serving overtakes training in interval ${crossover.interval}, ${months}`;
}

/** Writes the answer into the rows `sheet` reserved for it from sheet row `top`, naming the lever's saving. */
export function fillAnswer(
  sheet: BudgetRows,
  top: number,
  plan: BudgetPlan,
  result: BudgetResult,
  costFormat: string,
  checks: PlacedChecks,
): void {
  answerLines(sheet, plan, result, costFormat, checks).forEach((line, i) => {
    const role = line.key ? "crossover" : "label";
    const row: Row = [
      { value: line.label, role },
      { ...line.cell, role: line.key ? "crossover" : "derived" },
    ];
    if (line.unit) row.push({ value: line.unit, role: "unit" });
    sheet.setRow(top + i, row);
    if (line.label === "The lever saves")
      sheet.names.push({ name: sheet.named("BudgetLeverSavedHours"), address: `B${top + i}` });
  });
}
