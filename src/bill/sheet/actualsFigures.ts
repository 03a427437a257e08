/*
 * The actuals sheet's rows of the bill: the imported figures (actualsImported.ts), then the calculations, each
 * one formula in every month's column and in B over the months' totals: serving's idle hours, the measured
 * peak-to-mean, training's share of paid hours and of cost (the measured ceiling), the effective price per
 * accelerator-hour by pricing category, and the reconciliation of the file's totals with its check rows. Where
 * the bill gives no figure (nothing consumed, no hour paid, a credit) the cell reads words, never #DIV/0!.
 */
import { BillMonth, mappedHoursPaid } from "../model/billFigures";
import { BILL_ROLES, BillRole } from "../model/roles";
import * as inExcel from "../../core/excel/formulas";
import * as actualsExcel from "./actualsFormulas";
import { NUMBER_FORMAT, unitCostFormat } from "../../core/sheet/formats";
import { COUNT_FORMAT, FIRST_MONTH_COLUMN, VALUE_COLUMN } from "../../budget/sheet";
import { columnLetter } from "../../core/excel/a1";
import {
  addCheckRows,
  anyCachedError,
  boundCondition,
  noErrorCheck,
  PlacedChecks,
  SheetCheck,
} from "../../core/sheet/checks";
import { figureCell } from "../../core/sheet/rows";
import {
  addImported,
  BillPart,
  categoriesOf,
  COST_COLUMNS,
  leftOutKey,
  MONEY_TOLERANCE,
  reasonsOf,
  RELATIVE_TOLERANCE,
} from "./actualsImported";
import { ActualsContext, formulaRow, shareOrWords } from "./actualsRows";

/** What a cell reads where the bill gives no figure. */
export const NO_SERVING_USE = "no serving consumed";
export const NO_HOURS_PAID = "no hours paid";
export const NO_COST_SHARE = "no cost to share";

/** The check rows' keys, labels and names, in the order the master check names the first failing one. */
export const ACTUALS_CHECKS = [
  { key: "checkEffective", label: "EffectiveCost reconciles to the file's total", name: "ActualsCheckEffective" },
  { key: "checkBilled", label: "BilledCost reconciles to the file's total", name: "ActualsCheckBilled" },
  // the model's month does not reconcile while a figure of its rows was not a number (read as 0 on both sides)
  { key: "checkReadable", label: "Every cost and quantity was a number", name: "ActualsCheckReadable" },
] as const;

/**
 * Each role's imported row of accelerator-hours paid (actualsImported.ts) and its words in the paid row's unit: a
 * new role (roles.ts BILL_ROLES) is named here by the compiler, and test/bill/sheet/actualsLayout.test.ts fails
 * until its row is on the sheet.
 */
export const PAID_ROWS: Readonly<Record<BillRole, { key: string; words: string }>> = {
  training: { key: "training", words: "training" },
  serving: { key: "servingPaid", words: "serving" },
  rescan: { key: "rescanPaid", words: "re-scans" },
  other: { key: "otherPaid", words: "other" },
};

/** The defined names of the bill's rows, unsuffixed. */
export const FIGURE_NAMES = [
  "ActualsTrainingHours",
  "ActualsTrainingCost",
  "ActualsServingConsumed",
  "ActualsServingPaid",
  "ActualsMappedCost",
  "ActualsLeftOutCost",
  "ActualsServingIdle",
  "ActualsPeakToMean",
  "ActualsTrainingShareOfHours",
  "ActualsTrainingShareOfCost",
  "ActualsMoneyTolerance",
  "ActualsRelativeTolerance",
  ...ACTUALS_CHECKS.map((c) => c.name),
] as const;

/** The bill's rows, from the imported figures to the checks, added to the context's sheet; where its checks went. */
export function addBillFigures(context: ActualsContext): PlacedChecks {
  const categories = categoriesOf(context.months);
  const reasons = reasonsOf(context.months);
  addImported(context, categories, reasons);
  addMeasured(context);
  addPrices(context, categories);
  addReconciliation(context, reasons);
  return addChecks(context);
}

/** Serving's idle hours and peak-to-mean, every accelerator-hour paid, and training's shares. */
function addMeasured(context: ActualsContext): void {
  const hours = NUMBER_FORMAT.hours;
  context.sheet.heading("Serving and training, measured");
  formulaRow(context, {
    key: "idle",
    label: "Serving, idle",
    unit: "accelerator-hours: paid - consumed",
    format: hours,
    recipe: (at) => inExcel.idleCapacity(at("servingPaid"), at("servingConsumed")),
    month: (m) => m.servingHoursPaid - m.servingHoursConsumed,
    total: (t) => t("servingPaid") - t("servingConsumed"),
    name: "ActualsServingIdle",
  });
  formulaRow(context, {
    key: "peakToMean",
    label: "Peak-to-mean, measured",
    unit: "serving paid / consumed",
    format: NUMBER_FORMAT.factor,
    recipe: (at) =>
      inExcel.whenPositive(
        at("servingConsumed"),
        inExcel.hoursRatio(at("servingPaid"), at("servingConsumed")),
        NO_SERVING_USE,
      ),
    month: (m) => m.peakToMean ?? NO_SERVING_USE,
    total: (t) => (t("servingConsumed") > 0 ? t("servingPaid") / t("servingConsumed") : NO_SERVING_USE),
    name: "ActualsPeakToMean",
  });
  // In the order the model adds them (BILL_ROLES'), so the sum is the model's to the last bit.
  const roles = BILL_ROLES.map((role) => PAID_ROWS[role]);
  formulaRow(context, {
    key: "paidMapped",
    label: "Accelerators, paid",
    unit: `accelerator-hours: ${roles.map((row) => row.words).join(" + ")}`,
    format: hours,
    recipe: (at) => inExcel.totalHours(...roles.map((row) => at(row.key))),
    month: (m) => mappedHoursPaid(m.roles),
    total: (t) => roles.reduce((sum, row) => sum + t(row.key), 0),
  });
  formulaRow(context, {
    key: "shareHours",
    label: "Training's share of paid hours",
    unit: "the measured ceiling on any training-side change (Amdahl)",
    format: NUMBER_FORMAT.share,
    recipe: (at) => actualsExcel.measuredShare(at("training"), at("paidMapped"), NO_HOURS_PAID),
    month: (m) => m.trainingShareOfHours ?? NO_HOURS_PAID,
    total: (t) => shareOrWords(t("training"), t("paidMapped"), NO_HOURS_PAID),
    name: "ActualsTrainingShareOfHours",
  });
  formulaRow(context, {
    key: "shareCost",
    label: "Training's share of cost",
    unit: "of the accelerators' EffectiveCost",
    format: NUMBER_FORMAT.share,
    recipe: (at) => actualsExcel.measuredShare(at("trainingCost"), at("mappedEffective"), NO_COST_SHARE),
    month: (m) => m.trainingShareOfCost ?? NO_COST_SHARE,
    total: (t) => shareOrWords(t("trainingCost"), t("mappedEffective"), NO_COST_SHARE),
    name: "ActualsTrainingShareOfCost",
  });
}

/** The effective price per accelerator-hour of each pricing category: EffectiveCost over the hours it paid. */
function addPrices(context: ActualsContext, categories: BillPart[]): void {
  if (categories.length === 0) return;
  context.sheet.heading("Effective price per accelerator-hour, by pricing category");
  for (const { id, label } of categories) {
    const hours = `hours:${id}`;
    const cost = `cost:${id}`;
    formulaRow(context, {
      key: `price:${id}`,
      label: `Price, ${label}`,
      unit: `${context.currency} per accelerator-hour: EffectiveCost / hours paid`,
      format: unitCostFormat(context.currency),
      recipe: (at) => inExcel.whenPositive(at(hours), actualsExcel.effectivePrice(at(cost), at(hours)), NO_HOURS_PAID),
      month: (m) => m.prices.find((p) => p.category === id)?.pricePerHour ?? NO_HOURS_PAID,
      total: (t) => (t(hours) > 0 ? t(cost) / t(hours) : NO_HOURS_PAID),
    });
  }
}

/** Each cost column's left-out total and what the file's total leaves unexplained: 0 where it reconciles. */
function addReconciliation(context: ActualsContext, reasons: BillPart[]): void {
  const { currency, costFormat } = context;
  context.sheet.heading("Reconciliation: the file's total = accelerators + left out");
  for (const { column, word, mapped, file, of, difference } of COST_COLUMNS) {
    const parts = reasons.map(({ id }) => leftOutKey(column, id));
    const leftOut = parts.length > 0 ? [`leftOut:${column}`] : [];
    if (parts.length > 0)
      formulaRow(context, {
        key: leftOut[0],
        label: `Left out, ${word}`,
        unit: `${currency}: the left-out rows above`,
        format: costFormat,
        recipe: (at) => inExcel.horizonSum(`${at(parts[0])}:${at(parts[parts.length - 1])}`),
        month: (m) => m.leftOut.reduce((sum, p) => sum + of(p), 0),
        total: (t) => parts.map(t).reduce((sum, x) => sum + x, 0),
        ...(column === "effective" ? { name: "ActualsLeftOutCost" } : {}),
      });
    formulaRow(context, {
      key: `difference:${column}`,
      label: `Not reconciled, ${word}`,
      unit: `${currency}: the file's total - accelerators - left out`,
      format: costFormat,
      recipe: (at) => actualsExcel.unreconciled(at(file), at(mapped), ...leftOut.map(at)),
      month: difference,
      total: (t) => leftOut.reduce((sum, key) => sum - t(key), t(file) - t(mapped)),
    });
  }
}

/**
 * The checks (core/sheet/checks.ts): the tolerances 0 or more, no figure an error value, and each reconciliation:
 * its month rows (one a cost column, 1 in a month whose difference is beyond the tolerances, B counting them; and
 * the months with rows read as 0) are the workings, each check reading its count. The master check at the top
 * names the first that fails.
 */
function addChecks(context: ActualsContext): PlacedChecks {
  const { sheet } = context;
  const header = sheet.rowOf("header");
  const errorRange = `A${header}:${columnLetter(FIRST_MONTH_COLUMN + context.months.length - 1)}${sheet.lastRow}`;
  const noError = !anyCachedError(sheet.rows.slice(header - sheet.top));
  sheet.heading("Check workings: 1 in a month that fails, counted in B");
  addCheckWorkings(context);
  const count = (key: string) => sheet.rows[sheet.rowOf(key) - sheet.top][VALUE_COLUMN]?.cached;
  const tolerance = (name: string, label: string): SheetCheck => ({
    name: `${label}: 0 or more`,
    holds: () => boundCondition({ minimum: 0, text: "0 or more" }, sheet.named(name)),
    failure: `${label} must be a number of 0 or more: a negative tolerance fails every reconciliation.`,
    held: true,
  });
  sheet.heading("Checks: 0 where each holds, 1 where it fails (the master check at the top names the first)");
  return addCheckRows(sheet, [
    tolerance("ActualsMoneyTolerance", "The money tolerance"),
    tolerance("ActualsRelativeTolerance", "The relative tolerance"),
    noErrorCheck(
      "No figure is an error value",
      errorRange,
      `A cell in ${errorRange} shows an error value (#DIV/0!, #VALUE!...): a figure typed above is not a number.`,
      noError,
    ),
    ...ACTUALS_CHECKS.map(({ key, label, name }): SheetCheck => ({
      name: label,
      holds: () => `${sheet.named(name)}=0`,
      failure: `${label.replace(/ was a number$/, "")} fails in the months flagged 1 in its working row above.`,
      held: count(key) === 0,
    })),
  ]);
}

/** The month rows the reconciliation checks count. */
function addCheckWorkings(context: ActualsContext): void {
  const { sheet, months } = context;
  COST_COLUMNS.forEach(({ column, file, of, difference }, i) => {
    const { key, label, name } = ACTUALS_CHECKS[i];
    // The model's `reconciles` is both columns at once; each row tells its own with the model's tolerance.
    const fails = (m: BillMonth) =>
      !m.reconciles &&
      Math.abs(difference(m)) > Math.max(MONEY_TOLERANCE, RELATIVE_TOLERANCE * Math.abs(of(m.fileTotal)));
    sheet.timeRow(key, {
      label: `By month: ${label}`,
      unit: "1 = fails: beyond the tolerances above",
      month: (c) =>
        figureCell(
          actualsExcel.reconcileFlag(
            c.at(`difference:${column}`),
            c.at(file),
            sheet.named("ActualsMoneyTolerance"),
            sheet.named("ActualsRelativeTolerance"),
          ),
          fails(months[c.index]) ? 1 : 0,
          COUNT_FORMAT,
        ),
      horizon: (range) => figureCell(inExcel.horizonSum(range), months.filter(fails).length, COUNT_FORMAT),
      name,
    });
  });
  const readable = ACTUALS_CHECKS[2];
  const unread = (m: BillMonth) => m.unreadableRows > 0;
  sheet.timeRow(readable.key, {
    label: `By month: ${readable.label}`,
    unit: "1 = fails: rows read as 0 (see the imported row)",
    month: (c) =>
      figureCell(inExcel.exceedsFlag(c.at("unreadable"), "0"), unread(months[c.index]) ? 1 : 0, COUNT_FORMAT),
    horizon: (range) => figureCell(inExcel.horizonSum(range), months.filter(unread).length, COUNT_FORMAT),
    name: readable.name,
  });
}
