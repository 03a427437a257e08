/*
 * The actuals sheet's imported rows: the bill's monthly figures as the import found them, typed blue values
 * labelled with their units (accelerator-hours, the currency), under the month's source files: training and
 * serving hours and cost, re-scans and other accelerators, the accelerators' cost, each pricing category's
 * hours and cost, what was left out by reason and cost column (so nothing is silently lost), and the file's
 * own totals; then the two constants the reconciliation checks read, labelled and named.
 */
import type { BillCost, BillMonth } from "../model/billFigures";
import { COUNT_FORMAT } from "../../budget/sheet";
import { LEFT_OUT_REASONS } from "../model/billSql";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { safeText } from "../../core/sheet/sheetBasics";
import { ActualsContext, importedRow, ImportedRowSpec } from "./actualsRows";

/** The reconciliation's tolerance, as the bill's model decides a month reconciles: half a cent, or a billionth. */
export const MONEY_TOLERANCE = 0.005;
export const RELATIVE_TOLERANCE = 1e-9;

/** A pricing category or left-out reason some month of the sheet has: its id and the pane's words for it. */
export interface BillPart {
  id: string;
  label: string;
}

/** The bill's two cost columns: the amortised EffectiveCost and the invoiced BilledCost, and their rows' keys. */
export const COST_COLUMNS = [
  {
    column: "effective",
    word: "EffectiveCost",
    mapped: "mappedEffective",
    file: "fileEffective",
    of: (cost: BillCost) => cost.effectiveCost,
    difference: (month: BillMonth) => month.effectiveDifference,
  },
  {
    column: "billed",
    word: "BilledCost",
    mapped: "mappedBilled",
    file: "fileBilled",
    of: (cost: BillCost) => cost.billedCost,
    difference: (month: BillMonth) => month.billedDifference,
  },
] as const;

/** The key of the row of what reason `reason` left out, in cost column `column`. */
export const leftOutKey = (column: string, reason: string): string => `leftOut:${column}:${reason}`;

/** FOCUS's pricing categories in the order the bill's model gives a month's prices. */
const CATEGORY_ORDER = ["Standard", "Committed", "Dynamic", "Other"];

/** Every pricing category the months have, in that order (on demand, committed, spot, other, then the rest). */
export function categoriesOf(months: readonly BillMonth[]): BillPart[] {
  const seen = new Map<string, string>();
  for (const month of months) for (const price of month.prices) seen.set(price.category, price.label);
  const rank = (category: string) => {
    const index = CATEGORY_ORDER.indexOf(category);
    return index < 0 ? CATEGORY_ORDER.length : index;
  };
  return [...seen]
    .map(([id, label]) => ({ id, label }))
    .sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
}

/** Every left-out reason the months have, in the pane's order. */
export function reasonsOf(months: readonly BillMonth[]): BillPart[] {
  return LEFT_OUT_REASONS.filter((r) => months.some((m) => m.leftOut.some((p) => p.reason === r.reason))).map((r) => ({
    id: r.reason,
    label: r.label,
  }));
}

/** A file's own name, without the folders of its path. */
const fileName = (path: string) => safeText(path.split(/[\\/]/).pop() ?? path);

/** The imported rows and the constants, added to the context's sheet. */
export function addImported(context: ActualsContext, categories: BillPart[], reasons: BillPart[]): void {
  context.sheet.heading("Imported from the bill: typed values (blue), each month's figures as the import found them");
  addFiles(context);
  const rows: ImportedRowSpec[] = [
    ...roleRows(context),
    ...categoryRows(context, categories),
    ...leftOutRows(context, reasons),
    ...fileTotalRows(context),
  ];
  const names: Record<string, string> = {
    training: "ActualsTrainingHours",
    trainingCost: "ActualsTrainingCost",
    servingConsumed: "ActualsServingConsumed",
    servingPaid: "ActualsServingPaid",
    mappedEffective: "ActualsMappedCost",
  };
  for (const row of rows) importedRow(context, { ...row, name: names[row.key] });
  addConstants(context);
}

/** The row of each month's source files, by their own names. */
function addFiles({ sheet, months }: ActualsContext): void {
  sheet.push(
    [
      { value: "Files", role: "label" },
      null,
      { value: "the month's source files", role: "unit" },
      // The file's own name: the note at the top gives each as chosen, and a path would widen every column.
      ...months.map((m) => ({
        value: m.files.map(fileName).join(", "),
        role: "input" as const,
        align: "right" as const,
      })),
    ],
    "files",
  );
}

/** The unit of the hours rows. */
const ACCELERATOR_HOURS = "accelerator-hours";

/** The hours and cost by role (training, serving consumed and paid, re-scans, other) and the accelerators' cost. */
function roleRows({ currency, costFormat: money }: ActualsContext): ImportedRowSpec[] {
  const hours = NUMBER_FORMAT.hours;
  return [
    { key: "training", label: "Training, paid", unit: ACCELERATOR_HOURS, format: hours, of: (m) => m.trainingHours },
    { key: "trainingCost", label: "Training, EffectiveCost", unit: currency, format: money, of: (m) => m.trainingCost },
    {
      key: "servingConsumed",
      label: "Serving, consumed",
      unit: ACCELERATOR_HOURS,
      format: hours,
      of: (m) => m.servingHoursConsumed,
    },
    {
      key: "servingPaid",
      label: "Serving, paid",
      unit: `${ACCELERATOR_HOURS} (an unused commitment is paid, not consumed)`,
      format: hours,
      of: (m) => m.servingHoursPaid,
    },
    {
      key: "rescanPaid",
      label: "Re-scans, paid",
      unit: ACCELERATOR_HOURS,
      format: hours,
      of: (m) => m.roles.rescan.hoursPaid,
    },
    {
      key: "otherPaid",
      label: "Other accelerators, paid",
      unit: ACCELERATOR_HOURS,
      format: hours,
      of: (m) => m.roles.other.hoursPaid,
    },
    ...COST_COLUMNS.map(({ word, mapped, of }) => ({
      key: mapped,
      label: `Accelerators, ${word}`,
      unit: `${currency}, every mapped accelerator row`,
      format: money,
      of: (m: BillMonth) => of(m.mapped),
    })),
  ];
}

/** Each pricing category's hours paid and EffectiveCost. */
function categoryRows({ currency, costFormat: money }: ActualsContext, categories: BillPart[]): ImportedRowSpec[] {
  const price = (m: BillMonth, id: string) => m.prices.find((p) => p.category === id);
  return categories.flatMap(({ id, label }) => [
    {
      key: `hours:${id}`,
      label: `Paid ${label}`,
      unit: ACCELERATOR_HOURS,
      format: NUMBER_FORMAT.hours,
      of: (m: BillMonth) => price(m, id)?.hoursPaid ?? 0,
    },
    {
      key: `cost:${id}`,
      label: `Paid ${label}, EffectiveCost`,
      unit: currency,
      format: money,
      of: (m: BillMonth) => price(m, id)?.effectiveCost ?? 0,
    },
  ]);
}

/** What each reason left out, by cost column: nothing of the bill is silently lost. */
function leftOutRows({ currency, costFormat: money }: ActualsContext, reasons: BillPart[]): ImportedRowSpec[] {
  return COST_COLUMNS.flatMap(({ column, word, of }) =>
    reasons.map(({ id, label }) => ({
      key: leftOutKey(column, id),
      label: `Left out: ${label}, ${word}`,
      unit: currency,
      format: money,
      of: (m: BillMonth) => {
        const part = m.leftOut.find((p) => p.reason === id);
        return part ? of(part) : 0;
      },
    })),
  );
}

/** The file's own totals by cost column, and the rows it could not read. */
function fileTotalRows({ currency, costFormat: money }: ActualsContext): ImportedRowSpec[] {
  return [
    ...COST_COLUMNS.map(({ word, file, of }) => ({
      key: file,
      label: `The file's total, ${word}`,
      unit: `${currency}, every row of the month`,
      format: money,
      of: (m: BillMonth) => of(m.fileTotal),
    })),
    {
      key: "unreadable",
      label: "Rows whose cost or quantity is not a number",
      unit: "rows, read as 0: export the bill again",
      format: COUNT_FORMAT,
      of: (m: BillMonth) => m.unreadableRows,
    },
  ];
}

/** The two constants the reconciliation checks read, labelled and named. */
function addConstants({ sheet, currency }: ActualsContext): void {
  sheet.heading("Constants");
  sheet.labelled(
    "Reconciliation tolerance",
    { value: MONEY_TOLERANCE, numberFormat: "0.000", role: "derived" },
    `${currency}: half a cent`,
    { name: "ActualsMoneyTolerance" },
  );
  sheet.labelled(
    "Reconciliation tolerance, relative",
    { value: RELATIVE_TOLERANCE, numberFormat: "0.0E+00", role: "derived" },
    "of the file's total: two sums of the same rows in another order",
    { name: "ActualsRelativeTolerance" },
  );
}
