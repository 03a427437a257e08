/*
 * The budget sheet as plain data (LayoutCell, roles, number formats, widths, names, validation, page setup),
 * laid out as financial modelling standards ask (the FAST Standard; the ICAEW Financial Modelling Code):
 * - the answer first, frozen in view with the time axis's headings: the master check, the horizon's hours,
 *   training's share, the crossover, money and the lever when the plan has them (budgetAnswer.ts);
 * - one inputs block, blue, named, labelled with units, validated from BUDGET_FIELDS (budgetInputs.ts);
 * - one time axis across the columns from D, a column a month under a dated heading (the first month's date
 *   plus the month's number less one), the labels, the horizon's figures and the units frozen in A:C;
 * - one formula a row, the same relative formula in every month's column; timing as 1/0 flag rows; no
 *   constant in a formula but 3,600, 86,400, 1,000 (and 0 and 1, the flags' own values and the growth's
 *   "1 +"): months a year and the checks' tolerance are labelled, named cells (budgetTimeline.ts);
 * - check rows, each 0 where it holds, and the master check near the answer.
 * A planner's typed month stays a blue cell in the row "Clips per second, typed over the curve"; the month's
 * traffic row reads it where it is filled and the curve where it is blank, so every row keeps its formula and
 * clearing a typed cell brings the curve back. Every formula cell caches the model's value (budgetOf);
 * test/budget/sheet recalculates the sheet in HyperFormula, IronCalc and LibreOffice against it.
 */
import { budgetOf, BudgetResult, growthCurveClipsPerSecond } from "../model/budget";
import { BUDGET_FIELDS, BudgetPlan } from "../model/budgetFields";
import { isProblem, problem, Problem } from "../../core/model/problems";
import * as budgetExcel from "./budgetFormulas";
import { columnLetter, rangeAddress } from "../../core/excel/a1";
import { currencyFormat } from "../../core/sheet/formats";
import { LayoutName, PageSetup } from "../../core/sheet/sheetBasics";
import type { PageFit } from "../../core/writers/pageFinish";
import { columnWidths } from "../../core/sheet/widths";
import { monthSerial, MONTH_FORMAT, serialLabel } from "./budgetDates";
import { answerLineCount, fillAnswer } from "./budgetAnswer";
import { addInputs, BUDGET_TOKEN_PREFIX, COUNT_FORMAT, INPUT_NAMES } from "./budgetInputs";
import { BudgetRows, FIRST_MONTH_COLUMN, monthColumn, UNIT_COLUMN } from "./budgetRows";
import { figureCell, Row } from "../../core/sheet/rows";
import { addTimeline, BudgetFigures, LEDGER_NAMES, TIMELINE_NAMES } from "./budgetTimeline";
import { ledgerGiven, LedgerInputs } from "../../ledgers/model";
import type { ModelBudgetPlan } from "../model/budget";
import type { BudgetValidation } from "./budgetRows";
import { requestTokenNames } from "../../tokens/sheet";
import { requestSeconds, RequestTokens } from "../../tokens/model";

/** The base name of the budget worksheet ("Budget (2)" for a second copy, as the other sheets'). */
export const BUDGET_SHEET_NAME = "Budget";

/** How it prints, in both writers: landscape pages one wide, the headings repeated atop each (page.titleRows). */
export const BUDGET_PAGE_FIT: PageFit = {
  pagesTall: 0,
  margins: { left: 0.3, right: 0.3, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
};

/** Every defined name a budget sheet may carry, before any suffix: choosing a free suffix checks them all. */
export const BUDGET_BASE_NAMES: readonly string[] = [
  ...BUDGET_FIELDS.filter((f) => f.key !== "rescanMonths").map((f) => f.definedName),
  ...INPUT_NAMES,
  ...requestTokenNames(BUDGET_TOKEN_PREFIX),
  ...TIMELINE_NAMES,
  ...LEDGER_NAMES,
  "BudgetLeverSavedHours",
];

/** The chart of the months the Excel writer draws (the .xlsx cannot: its note says how). */
export interface BudgetChart {
  title: string;
  /** the dated headings, "D12:O12" */
  categories: string;
  /** the stacked columns (training, re-scans, paid serving), then the cumulative cost as a line when priced */
  series: { name: string; values: string; line?: boolean }[];
  /** top-left and bottom-right cells of where it goes, below the sheet */
  from: string;
  to: string;
}

/** The budget sheet. */
export interface BudgetSheetLayout {
  rows: Row[];
  names: LayoutName[];
  columnWidths: number[];
  validations: BudgetValidation[];
  chart: BudgetChart;
  /** the answer and the time axis's headings frozen, the labels, horizon and units (A:C) too; printed one page wide */
  page: PageSetup & { frozenColumns: number; titleRows: string };
  /** the sheet row of each of the sheet's rows, by key ("header", "month", "clips", "total", "checkParts"...) */
  rowOf: Readonly<Record<string, number>>;
  /** months on the time axis; the first is in column D */
  months: number;
}

/** Options of a budget layout. */
export interface BudgetLayoutOptions {
  /** a note on how to draw the chart, for a file that cannot hold one (the .xlsx) */
  chartNote?: boolean;
  /** the second ledger (issue 30): its rows and checks below the money; blank or undefined: none, today's sheet */
  ledger?: LedgerInputs;
  /**
   * the request's tokens the seconds per clip came from, where the planner chose "tokens per request" (issue 32):
   * the seconds row is then TOKENSECONDS' formula over these, four blue inputs under it; absent, the seconds are
   * typed (today's sheet). A sheet of several models has no such row: each model's seconds are typed in its block.
   */
  tokens?: RequestTokens;
}

/** Rows the Excel writer's chart takes, below the sheet. */
export const CHART_ROWS = 20;

/**
 * The budget sheet of `plan`, or the plan's first problem (nothing is written then). `nameSuffix` ("" or
 * "_2", ...) keeps the defined names unique when the workbook already holds an earlier copy.
 */
export function budgetSheetLayout(
  plan: BudgetPlan,
  nameSuffix = "",
  options: BudgetLayoutOptions = {},
): BudgetSheetLayout | Problem {
  const fromTokens = options.tokens && tokensProblem(plan, options.tokens);
  if (fromTokens) return fromTokens;
  const ledger = ledgerGiven(options.ledger);
  const result = budgetOf(plan, ledger);
  if (Array.isArray(result)) return result[0];
  // A ledger refused is no figure on the sheet: nothing is written, and its problem says what to fix.
  if (result.staleness && isProblem(result.staleness)) return result.staleness;
  return layoutOf(ledger ? { ...plan, ledger } : plan, figuresOf(plan, result), nameSuffix, options);
}

/**
 * Why `tokens` cannot be the plan's seconds per clip on its sheet: a token the model refuses, or seconds that are not
 * the plan's (the formula's cached value would not be the figure every month's row caches). Undefined when they are.
 */
function tokensProblem(plan: BudgetPlan, tokens: RequestTokens): Problem | undefined {
  const reading = requestSeconds(tokens);
  if (!("seconds" in reading)) return reading.problems[0].problem;
  if (reading.seconds === plan.secondsPerClip) return undefined;
  return problem(
    "invalidValue",
    `Seconds per clip is ${plan.secondsPerClip}, but the request's tokens give ${reading.seconds}: ` +
      "give the seconds the tokens give, or type the seconds.",
  );
}

/** The model's figures the sheet caches: the plan's, its growth curve's, and the plan's without its lever. */
function figuresOf(plan: BudgetPlan, result: BudgetResult): BudgetFigures {
  // The curve alone, typed months or not: the model's curve (budgetOf has held each of its values to the sheet).
  const curve = result.months.map((m) => ({ ...m, clipsPerSecond: growthCurveClipsPerSecond(plan, m.month) }));
  const withoutLever = budgetOf({ ...plan, leverSecondsPerClip: undefined, leverFromMonth: undefined });
  return {
    result,
    curve,
    ...(result.lever && !Array.isArray(withoutLever) ? { withoutLever: withoutLever.months } : {}),
  };
}

/** The sheet from the top: title, answer (reserved, filled last), time axis headings, inputs, time rows. */
function layoutOf(
  plan: ModelBudgetPlan,
  figures: BudgetFigures,
  nameSuffix: string,
  options: BudgetLayoutOptions,
): BudgetSheetLayout {
  const { result } = figures;
  const costFormat = currencyFormat(plan.currency);
  const sheet = new BudgetRows(1, plan.months, (base) => base + nameSuffix);
  sheet.push([{ value: `ML compute budget over ${plan.months} months from ${result.months[0].label}`, role: "title" }]);
  sheet.note(
    "Accelerator-hours a month, and money where a price is given. Blue cells are inputs: change one and every " +
      "figure follows. One formula a row, the same in every month's column; checks at the foot.",
  );
  sheet.blank();
  const answerTop = sheet.blank(answerLineCount(plan));
  sheet.blank();
  addTimeAxis(sheet, plan);
  const frozenRows = sheet.lastRow;
  addInputs(sheet, plan, costFormat, "month", undefined, options.tokens);
  const checks = addTimeline(sheet, plan, figures, costFormat);
  fillAnswer(sheet, answerTop, plan, result, costFormat, checks);
  const chart = chartOf(sheet, plan, sheet.nextRow + 1);
  if (options.chartNote) {
    sheet.blank();
    sheet.wrappedNote(chartNoteOf(chart));
  }
  const widths = columnWidths(sheet.rows.map(widthRow));
  return {
    rows: sheet.rows,
    names: sheet.names,
    columnWidths: widths,
    validations: sheet.validations,
    chart,
    page: monthSheetPage(sheet, frozenRows, widths.length),
    rowOf: sheet.keys(),
    months: plan.months,
  };
}

/**
 * A month sheet's pages, the one-model budget's and the estate budget's alike: the headings and the label columns
 * frozen, the whole sheet printed landscape, the time axis repeated atop each page.
 */
export function monthSheetPage(sheet: BudgetRows, frozenRows: number, columns: number): BudgetSheetLayout["page"] {
  return {
    frozenRows,
    frozenColumns: FIRST_MONTH_COLUMN,
    printArea: rangeAddress(0, 0, sheet.rows.length, columns),
    orientation: "landscape",
    titleRows: `$${sheet.rowOf("header")}:$${sheet.rowOf("month")}`,
  };
}

/** The time axis's two heading rows: each month's first day (dated), and its number from 1. */
export function addTimeAxis(sheet: BudgetRows, plan: BudgetPlan): void {
  const header = sheet.nextRow;
  const monthRow = header + 1;
  const first = sheet.named(BUDGET_FIELDS.find((f) => f.key === "firstMonth")!.definedName);
  sheet.push(
    [
      { value: "Month", role: "header" },
      { value: "Horizon", role: "header", align: "right" },
      { value: "Unit", role: "header" },
      ...Array.from({ length: plan.months }, (_, i) => ({
        ...figureCell(
          budgetExcel.monthStart(first, `${monthColumn(i)}$${monthRow}`),
          monthSerial(plan.firstMonth, i + 1),
          MONTH_FORMAT,
          "header",
        ),
        align: "right" as const,
      })),
    ],
    "header",
  );
  const origin = `$${columnLetter(UNIT_COLUMN)}$${monthRow}`;
  sheet.push(
    [
      { value: "Month number", role: "label" },
      null,
      { value: "1 in the first month", role: "unit" },
      ...Array.from({ length: plan.months }, (_, i) =>
        figureCell(budgetExcel.monthNumber(origin), i + 1, COUNT_FORMAT),
      ),
    ],
    "month",
  );
}

/** The chart of the months: training, re-scans and paid serving stacked, the cost so far as a line. */
export function chartOf(sheet: BudgetRows, plan: BudgetPlan, top: number, keyPrefix = ""): BudgetChart {
  const series: BudgetChart["series"] = [
    { name: "Training (h)", values: sheet.monthsOf(`${keyPrefix}training`) },
    { name: "Re-scans (h)", values: sheet.monthsOf(`${keyPrefix}rescanHours`) },
    { name: "Serving, paid (h)", values: sheet.monthsOf(`${keyPrefix}paid`) },
  ];
  const cumulative = `${keyPrefix}cumulative`;
  if (sheet.has(cumulative)) series.push({ name: "Cost so far", values: sheet.monthsOf(cumulative), line: true });
  const last = Math.max(FIRST_MONTH_COLUMN + plan.months - 1, FIRST_MONTH_COLUMN + 5);
  return {
    title: "Accelerator-hours a month: training spikes, serving the growing floor",
    categories: sheet.monthsOf("header"),
    series,
    from: `A${top}`,
    to: `${columnLetter(last)}${top + CHART_ROWS - 1}`,
  };
}

/** The note that says which cells to chart, for a file that cannot hold a chart. */
export function chartNoteOf(chart: BudgetChart): string {
  const columns = chart.series.filter((s) => !s.line).map((s) => s.values);
  const line = chart.series.find((s) => s.line);
  return (
    `No chart in this file: select ${chart.categories} and, with Ctrl, ${columns.join(", ")} ` +
    "(Insert > Chart > Stacked Column)" +
    (line ? `; add ${line.values} as a line on a secondary axis for the cost so far` : "") +
    "."
  );
}

/** A row as the column widths read it: a dated cell shows its month ("Jan 2027"), which the width renderer cannot. */
export function widthRow(row: Row): Row {
  return row.map((cell) => {
    if (!cell || cell.numberFormat !== MONTH_FORMAT) return cell;
    const value = cell.formula === undefined ? cell.value : cell.cached;
    return {
      role: cell.role,
      value: typeof value === "number" ? serialLabel(value) : String(value ?? ""),
      align: "right",
    };
  });
}

export type { BudgetValidation } from "./budgetRows";

/**
 * Where a budget sheet shows what another sheet reads of it (the actuals sheet's plan against actual): each row's
 * months as one absolute range, 'Budget'!$D$31:$O$31. The dated month headings, training's and paid serving's
 * hours, and the cost when the plan is priced.
 */
export interface BudgetMonthRanges {
  header: string;
  training: string;
  paid: string;
  cost?: string;
}

/**
 * The month ranges of the budget sheet of `plan` that the workbook holds as `sheetName` ("Budget", "Budget (2)"),
 * laid out here as Insert budget lays it out; or the plan's first problem.
 */
export function budgetMonthRanges(plan: BudgetPlan, sheetName: string): BudgetMonthRanges | Problem {
  const layout = budgetSheetLayout(plan);
  return isProblem(layout) ? layout : layoutMonthRanges(layout, sheetName);
}

/**
 * The month ranges of `layout` held as `sheetName`: the rows keyed `rowsPrefix` + "training", "paid", "cost" (""
 * for today's sheet's, "estate:" for the estate's rows of a sheet of several models) and the dated headings.
 */
export function layoutMonthRanges(layout: BudgetSheetLayout, sheetName: string, rowsPrefix = ""): BudgetMonthRanges {
  const quoted = `'${sheetName.replace(/'/g, "''")}'`;
  const range = (key: string) => {
    const row = layout.rowOf[key];
    return `${quoted}!$${monthColumn(0)}$${row}:$${monthColumn(layout.months - 1)}$${row}`;
  };
  return {
    header: range("header"),
    training: range(`${rowsPrefix}training`),
    paid: range(`${rowsPrefix}paid`),
    ...(layout.rowOf[`${rowsPrefix}cost`] === undefined ? {} : { cost: range(`${rowsPrefix}cost`) }),
  };
}

/** A heading of the budget sheet that another sheet's reading relies on: its row and the label in column A. */
export interface BudgetHeading {
  row: number;
  label: string;
}

/**
 * The labels in column A of the rows budgetMonthRanges points at, as Insert budget lays out the sheet of `plan`: a
 * sheet whose column A does not hold them at those rows is not that budget sheet (a user's own sheet under its
 * name, or one edited past reading), so plan against actual must not read it. Or the plan's first problem.
 * @example budgetSheetHeadings(plan)[0] // { row: 16, label: "Month" }
 */
export function budgetSheetHeadings(plan: BudgetPlan): BudgetHeading[] | Problem {
  const layout = budgetSheetLayout(plan);
  return isProblem(layout) ? layout : layoutHeadings(layout);
}

/** The headings of `layout`'s rows layoutMonthRanges points at (the rows keyed `rowsPrefix` + ...), by row. */
export function layoutHeadings(layout: BudgetSheetLayout, rowsPrefix = ""): BudgetHeading[] {
  const read = ["training", "paid", ...(layout.rowOf[`${rowsPrefix}cost`] === undefined ? [] : ["cost"])];
  const keys = ["header", ...read.map((key) => rowsPrefix + key)];
  return keys.map((key) => {
    const row = layout.rowOf[key];
    return { row, label: String(layout.rows[row - 1]?.[0]?.value ?? "") };
  });
}
