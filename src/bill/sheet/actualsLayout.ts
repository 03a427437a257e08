/*
 * The actuals sheet as plain data, laid out as the budget sheet is (the FAST Standard; the ICAEW Financial
 * Modelling Code):
 * - the answer first, frozen in view with the month headings: the master check, the months' training and
 *   serving hours, the measured peak-to-mean, training's share of paid hours (the measured ceiling) and of
 *   cost, the accelerators' cost and what was left out, and, beside a budget, actual - plan;
 * - a column a month from D under a dated heading (the month's first day), the labels, the months' totals and
 *   the units frozen in A:C;
 * - the bill's figures as imported, typed blue values with their units, the month's source files above them
 *   and the import noted at the top; then one formula a row, the same in every month's column and in B over
 *   the totals (actualsFigures.ts); plan against actual (actualsPlan.ts); check rows, each 0 where it holds.
 * One currency a sheet: the bill's model never adds two currencies, and a month's column holds one figure a
 * row, so the sheet is for one currency (the budget's when the bill has it, else the one billed in the most
 * months) and names the others, each its own sheet by inserting again. Every formula cell caches the model's
 * value (billMonthsOf's; budgetOf's for the plan); test/bill/sheet recalculates the sheet in HyperFormula,
 * IronCalc and LibreOffice against it.
 */
import { BillMonth, isBillMonth } from "../model/billFigures";
import { problem, Problem, isProblem } from "../../core/model/problems";
import { rangeAddress } from "../../core/excel/a1";
import { moneyFormat } from "../../core/sheet/formats";
import { LayoutName, PageSetup, safeText } from "../../core/sheet/sheetBasics";
import type { PageFit } from "../../core/writers/pageFinish";
import { columnWidths } from "../../core/sheet/widths";
import { monthSerial, MONTH_FORMAT, serialLabel, BudgetRows, FIRST_MONTH_COLUMN } from "../../budget/sheet";
import type { Row } from "../../core/sheet/rows";
import { ActualsContext } from "./actualsRows";
import { answerOf } from "./actualsAnswer";
import { addBillFigures, FIGURE_NAMES } from "./actualsFigures";
import {
  ActualsBudget,
  addPlanAgainstActual,
  coverageWords,
  planCoverage,
  PlanCoverage,
  PlanSide,
  planSideOf,
  PLAN_NAMES,
} from "./actualsPlan";

export type { ActualsBudget } from "./actualsPlan";

/** The base name of the actuals worksheet ("Actuals (2)" for a second copy, as the other sheets'). */
export const ACTUALS_SHEET_NAME = "Actuals";

/** How it prints, in both writers: landscape pages one wide, the dated headings repeated atop each. */
export const ACTUALS_PAGE_FIT: PageFit = {
  pagesTall: 0,
  margins: { left: 0.3, right: 0.3, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
};

/** Every defined name an actuals sheet may carry, before any suffix: all begin "Actuals", none the budget's. */
export const ACTUALS_BASE_NAMES: readonly string[] = [...FIGURE_NAMES, ...PLAN_NAMES];

/** Where the imported figures came from, as the sheet notes it. */
export interface ActualsSource {
  /** the files of the import, as the planner chose them */
  files: readonly string[];
  /** when they were imported, as the pane shows it ("2026-12-01 14:05 UTC") */
  importedAt: string;
  /** the FOCUS version the import detected ("1.2") */
  focusVersion: string;
}

/** What the actuals sheet is made of. */
export interface ActualsInput {
  /** the bill's months, every currency (billMonthsOf) */
  months: readonly BillMonth[];
  source: ActualsSource;
  /** the sheet's currency; by default the budget's when the bill has it, else the one of the most months */
  currency?: string;
  /** the budget sheet in the workbook, for plan against actual */
  budget?: ActualsBudget;
}

/** The actuals sheet. */
export interface ActualsSheetLayout {
  rows: Row[];
  names: LayoutName[];
  columnWidths: number[];
  /** the answer and the month headings frozen, the labels, totals and units (A:C) too; printed one page wide */
  page: PageSetup & { frozenColumns: number; titleRows: string };
  /** the sheet row of each of the sheet's rows, by key ("header", "training", "peakToMean", "checkBilled"...) */
  rowOf: Readonly<Record<string, number>>;
  /** the months on the sheet, in order; the first is in column D */
  months: readonly BillMonth[];
  currency: string;
  /** the bill's other currencies, which this sheet leaves to sheets of their own */
  otherCurrencies: string[];
  /** beside a budget: how many of the sheet's months its plan has */
  planCoverage?: PlanCoverage;
}

/**
 * A month as a column can hold it: one the pane's figures count too (isBillMonth, the one reading of a month), so a
 * month Excel cannot date ("0001-01", "2026-13") is in neither, and the pane has said so (billMonthsOf's error).
 */
const isCalendarMonth = (month: BillMonth) => isBillMonth(month.month);

/** The sheet's currency: the asked one, the budget's when the bill has it, else the one of the most months. */
function currencyOf(input: ActualsInput, months: readonly BillMonth[]): string | undefined {
  const count = new Map<string, number>();
  for (const m of months) count.set(m.currency, (count.get(m.currency) ?? 0) + 1);
  const wanted = input.currency ?? input.budget?.plan.currency;
  const found = [...count.keys()].find(
    (c) => wanted !== undefined && c.toUpperCase() === safeText(wanted).toUpperCase(),
  );
  if (input.currency !== undefined) return found;
  if (found) return found;
  return [...count].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/**
 * The actuals sheet of the bill's months in one currency, beside the budget when `input.budget` is given, or the
 * first problem (no month in the currency; a plan the budget's model refuses): nothing is written then.
 * `nameSuffix` ("" or "_2", ...) keeps the defined names unique when the workbook already holds a copy.
 */
export function actualsLayout(input: ActualsInput, nameSuffix = ""): ActualsSheetLayout | Problem {
  const calendar = input.months.filter(isCalendarMonth);
  const currency = currencyOf(input, calendar);
  const months = calendar.filter((m) => m.currency === currency).sort((a, b) => a.month.localeCompare(b.month));
  if (currency === undefined || months.length === 0)
    return problem(
      "invalidValue",
      input.currency === undefined
        ? "The bill has no month to write: import a FOCUS export first."
        : `The bill has no month in ${input.currency}: choose one of its currencies.`,
    );
  const side = input.budget ? planSideOf(input.budget, currency) : undefined;
  if (isProblem(side)) return side;
  return layoutOf(input, months, currency, side, nameSuffix);
}

/** The sheet from the top: title and notes, the answer (reserved, filled last), the headings, the rows. */
function layoutOf(
  input: ActualsInput,
  months: BillMonth[],
  currency: string,
  side: PlanSide | undefined,
  nameSuffix: string,
): ActualsSheetLayout {
  const sheet = new BudgetRows(1, months.length, (base) => base + nameSuffix);
  const shown = safeText(currency);
  const context: ActualsContext = { sheet, months, currency: shown, costFormat: moneyFormat(shown), totals: new Map() };
  const label = (m: BillMonth) => serialLabel(monthSerial(m.month, 1));
  const span = months.length === 1 ? label(months[0]) : `${label(months[0])} to ${label(months[months.length - 1])}`;
  sheet.push([{ value: `Accelerator-hours and cost from the bill, ${span}, ${shown}`, role: "title" }]);
  const { files, importedAt, focusVersion } = input.source;
  const notes = [
    `Imported ${safeText(importedAt)} from a FOCUS ${safeText(focusVersion)} export: ` +
      `${files.map(safeText).join(", ")}.`,
    "Blue rows are the bill's figures as imported (typed values); every other figure is a formula, the same in " +
      "every month's column, and B holds it over all the months. Checks at the foot.",
  ];
  const otherCurrencies = [...new Set(input.months.filter((m) => m.currency !== currency).map((m) => m.currency))];
  if (otherCurrencies.length > 0)
    notes.push(
      `The bill is also in ${otherCurrencies.map(safeText).join(", ")}, never added to ${shown}: ` +
        "insert the actuals sheet again for each currency.",
    );
  const unreadable = input.months.filter((m) => !isCalendarMonth(m)).reduce((n, m) => n + m.fileTotal.rows, 0);
  if (unreadable > 0) notes.push(`${unreadable} rows without a readable month are in no column.`);
  for (const note of notes) sheet.wrappedNote(note);
  sheet.blank();
  const answer = answerOf(context, side);
  const answerTop = sheet.blank(answer.count);
  sheet.blank();
  const header = sheet.push(
    [
      { value: "Month", role: "header" },
      { value: "All months", role: "header", align: "right" },
      { value: "Unit", role: "header" },
      ...months.map((m) => ({
        value: monthSerial(m.month, 1),
        numberFormat: MONTH_FORMAT,
        role: "header" as const,
        align: "right" as const,
      })),
    ],
    "header",
  );
  const checks = addBillFigures(context);
  if (side) addPlanAgainstActual(context, side, header);
  answer.fill(answerTop, checks);
  const widths = columnWidths(sheet.rows.map(widthRow));
  return {
    rows: sheet.rows,
    names: sheet.names,
    columnWidths: widths,
    page: {
      frozenRows: header,
      frozenColumns: FIRST_MONTH_COLUMN,
      printArea: rangeAddress(0, 0, sheet.rows.length, widths.length),
      orientation: "landscape",
      titleRows: `$${header}:$${header}`,
    },
    rowOf: sheet.keys(),
    months,
    currency: shown,
    otherCurrencies,
    ...(side
      ? {
          planCoverage: planCoverage(
            side,
            months.map((m) => m.month),
          ),
        }
      : {}),
  };
}

/**
 * What the pane says of plan against actual for `input` beside its budget: the sheet it reads and how many months
 * it compares ('Plan against actual reads "Budget": 2 of 3 months in the plan.'), the same words as the sheet's;
 * undefined without a budget or when no sheet can be laid out.
 */
export function planAgainstActualSentence(input: ActualsInput): string | undefined {
  if (!input.budget) return undefined;
  const layout = actualsLayout(input);
  if (isProblem(layout) || !layout.planCoverage) return undefined;
  return `Plan against actual reads "${input.budget.sheetName}": ${coverageWords(layout.planCoverage)}.`;
}

/** A row as the column widths read it: a dated heading shows its month ("Jan 2026"), which the renderer cannot. */
function widthRow(row: Row): Row {
  return row.map((cell) => {
    if (!cell || cell.numberFormat !== MONTH_FORMAT || typeof cell.value !== "number") return cell;
    return { role: cell.role, value: serialLabel(cell.value), align: "right" };
  });
}
