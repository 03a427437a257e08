/*
 * The actuals sheet's answer, at the top and frozen in view: the master check (OK, or the first failing
 * check's name), the months' training and serving hours, the measured peak-to-mean and training's share of
 * paid hours (the lines that stand out: the budget's peak-to-mean and the ceiling on any training-side change),
 * training's share of cost, the accelerators' cost, what was left out and, beside a budget, actual - plan over
 * the plan's months. Each line reads the named total (B) of its row below, so the answer and the rows cannot
 * disagree; the lines are counted before the rows are written and filled after them.
 */
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { VALUE_COLUMN } from "../../budget/sheet";
import { figureCell } from "../../core/sheet/rows";
import { masterCheckCell, PlacedChecks } from "../../core/sheet/checks";
import type { PlanSide } from "./actualsPlan";
import { ActualsContext } from "./actualsRows";

/** One line of the answer: its label, the row whose named total it reads, what it means. */
interface AnswerLine {
  label: string;
  /** the key of the row whose total (B) the line shows */
  row: string;
  name: string;
  unit: string;
  format: string;
  /** the line that must stand out */
  key?: boolean;
}

/** The answer's lines for the context's months and, when given, the plan: the check's line aside. */
function answerLines(context: ActualsContext, side: PlanSide | undefined): AnswerLine[] {
  const { currency, costFormat } = context;
  const hours = NUMBER_FORMAT.hours;
  const change = NUMBER_FORMAT.hoursChange;
  const lines: AnswerLine[] = [
    {
      label: "Training, paid",
      row: "training",
      name: "ActualsTrainingHours",
      unit: "accelerator-hours",
      format: hours,
    },
    {
      label: "Serving, consumed",
      row: "servingConsumed",
      name: "ActualsServingConsumed",
      unit: "accelerator-hours",
      format: hours,
    },
    {
      label: "Serving, paid",
      row: "servingPaid",
      name: "ActualsServingPaid",
      unit: "accelerator-hours, idle included",
      format: hours,
    },
    {
      label: "Peak-to-mean, measured",
      row: "peakToMean",
      name: "ActualsPeakToMean",
      unit: "serving paid / consumed over the months: the budget's peak-to-mean",
      format: NUMBER_FORMAT.factor,
      key: true,
    },
    {
      label: "Training's share of paid hours",
      row: "shareHours",
      name: "ActualsTrainingShareOfHours",
      unit: "the measured ceiling on any training-side change (Amdahl)",
      format: NUMBER_FORMAT.share,
      key: true,
    },
    {
      label: "Training's share of cost",
      row: "shareCost",
      name: "ActualsTrainingShareOfCost",
      unit: "of the accelerators' EffectiveCost",
      format: NUMBER_FORMAT.share,
    },
    {
      label: "Accelerators, EffectiveCost",
      row: "mappedEffective",
      name: "ActualsMappedCost",
      unit: `${currency}, every mapped accelerator row`,
      format: costFormat,
    },
  ];
  // The left-out rows exist where some month left a row out (actualsFigures.ts).
  if (context.months.some((m) => m.leftOut.length > 0))
    lines.push({
      label: "Left out, EffectiveCost",
      row: "leftOut:effective",
      name: "ActualsLeftOutCost",
      unit: `${currency}: not accelerators, by reason below`,
      format: costFormat,
    });
  if (!side) return lines;
  lines.push(
    {
      label: "Months against the plan",
      row: "planCoverage",
      name: "ActualsPlanCoverage",
      unit: "the lines against the plan cover only these months",
      format: NUMBER_FORMAT.text,
    },
    {
      label: "Training against the plan",
      row: "varianceTraining",
      name: "ActualsTrainingVariance",
      unit: "accelerator-hours, actual - plan, over the plan's months",
      format: change,
    },
    {
      label: "Serving, paid, against the plan",
      row: "variancePaid",
      name: "ActualsServingPaidVariance",
      unit: "accelerator-hours, actual - plan, over the plan's months",
      format: change,
    },
  );
  if (side.cost)
    lines.push({
      label: "Cost against the plan",
      row: "varianceCost",
      name: "ActualsCostVariance",
      unit: `${currency}, actual - plan, over the plan's months`,
      format: costFormat,
    });
  return lines;
}

/** The number of answer rows (the check's and each line's), and `fill`, which writes them from sheet row `top`. */
export function answerOf(
  context: ActualsContext,
  side: PlanSide | undefined,
): { count: number; fill: (top: number, checks: PlacedChecks) => void } {
  const { sheet } = context;
  const lines = answerLines(context, side);
  const cachedAt = (key: string) => {
    const value = sheet.rows[sheet.rowOf(key) - 1][VALUE_COLUMN]?.cached;
    return typeof value === "number" || typeof value === "string" ? value : "";
  };
  return {
    count: lines.length + 1,
    fill: (top, checks) => {
      sheet.setRow(top, [{ value: "Checks", role: "crossover" }, masterCheckCell(checks)]);
      lines.forEach((line, i) =>
        sheet.setRow(top + 1 + i, [
          { value: line.label, role: line.key ? "crossover" : "label" },
          {
            ...figureCell(sheet.named(line.name), cachedAt(line.row), line.format),
            role: line.key ? "crossover" : "derived",
          },
          { value: line.unit, role: "unit" },
        ]),
      );
    },
  };
}
