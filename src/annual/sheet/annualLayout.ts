/*
 * The annual sheet as plain data, in the stage sheet's finish (LayoutCell, roles, number formats,
 * widths, names, validation, page setup): a year of the system's accelerator-hours by part, and
 * what each proposed change (a lever) can be worth against the bill, next to the most any change
 * to the part it touches can save (its ceiling: Amdahl's law applied to spend).
 *
 * From the top: the answer (training's share of the year, consumed and paid: the ceiling on any
 * training-side change), the inputs (blue, named: the source of truth), the annual table, the
 * levers table with the cadence caveat beside the cadence lever, the sentences for the largest
 * and smallest saving, rows kept for the bill's and the levers' charts; then, on a page of its own,
 * what moves the ceiling (annualSensitivity.ts: each input at a low and a high, with rows kept for
 * its tornado), and the workings. Each section is built in its own module from the row it starts on
 * (annualSection.ts); this one stacks them and places the charts and the page. Every figure is a
 * native formula over the named inputs in plain arithmetic (no MLCOST.* call), so the sheet reads the
 * same without the add-in; the year's parts are annualSection.ts's yearPartFormulas; a lever's saving is
 * part x ((current - proposed) / current), leverSaving's formula. Every formula cell carries the
 * model's value (annualFigures, and sensitivity(ANNUAL_VIEW) for the what-moves block) as its cached value;
 * test/annual/sheet/annualLayout.test.ts recalculates the sheet in HyperFormula and IronCalc against it,
 * test/e2e/annualSheet.e2e.ts in LibreOffice.
 *
 * Two things are fixed when the sheet is written, and the sheet says so: the levers' order (the
 * model's, by hours saved: spreadsheets re-sort only with SORTBY, which Excel 2016, LibreOffice 7.4
 * and HyperFormula lack; the Rank column does follow an edit) and the sensitivity's order (by swing,
 * for the same reason). The recommendation follows an edit: its two lines are formulas over the levers'
 * rows, the lever ranked 1 found by MATCH over the Rank column (annualRecommendation.ts).
 */
import { ANNUAL_FIELDS, AnnualPlan } from "../model/annualFields";
import { AnnualFigures, annualFigures, LeverFigureFormat } from "../model/levers";
import { isProblem, Problem } from "../../core/model/problems";
import { figureText, moneyFormat } from "../../core/sheet/formats";
import { cellAddress, columnLetter, rangeAddress } from "../../core/excel/a1";
import { masterCheckCell } from "../../core/sheet/checks";
import { LayoutName, PageSetup } from "../../core/sheet/sheetBasics";
import type { PageFit } from "../../core/writers/pageFinish";
import { columnWidths } from "../../core/sheet/widths";
import type { TornadoChart } from "../../sensitivity/sheet";
import { ANNUAL_SENSITIVITY_NAMES, annualSensitivityBlock, AnnualSensitivityOptions } from "./annualSensitivity";
import { AnnualInputValidation, AnnualRows, AnnualTableRange, DERIVED_NAMES, sheetNames } from "./annualSection";
import type { Row } from "../../core/sheet/rows";
import { answerSection, workingsSection } from "./annualFigures";
import { ANNUAL_TOKEN_PREFIX, annualInputFormat, inputsSection } from "./annualInputs";
import { PROPOSED_TOKEN_PREFIX, requestTokenNames } from "../../tokens/sheet";
import type { ProposedTokens, RequestTokens } from "../../tokens/model";
import { BillSection, billSection } from "./annualBill";
import { LeversSection, leversSection, sentencesSection } from "./annualLevers";
import { moneyFigure, recommendationSection, shareFigure, typedFigure } from "./annualRecommendation";
import { annualChecksSection } from "./annualChecks";
import { ANNUAL_LEDGER_NAMES, LedgerContext, ledgersSection } from "./annualLedgers";
import { ledgerGiven, LedgerInputs } from "../../ledgers/model";
import type { SheetCheck } from "../../core/sheet/checks";

export { ANNUAL_TABLE_NAME } from "./annualBill";
export { LEVERS_TABLE_NAME } from "./annualLevers";
export { annualInputFormat } from "./annualInputs";
export { ANNUAL_VALUE_COLUMN, MULTIPLE_FORMAT } from "./annualSection";
export type { AnnualTableRange } from "./annualSection";

/** The base name of the annual worksheet ("Annual view (2)" for a second copy, as the stage sheet's). */
export const ANNUAL_SHEET_NAME = "Annual view";

/** How it prints, in both writers: one page wide, as tall as the break before the sensitivity makes it. */
export const ANNUAL_PAGE_FIT: PageFit = {
  pagesTall: 0,
  margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
};

/** Every defined name an annual sheet may carry, before any suffix: choosing a free suffix checks them all. */
export const ANNUAL_BASE_NAMES: readonly string[] = [
  ...ANNUAL_FIELDS.map((f) => f.definedName),
  ...requestTokenNames(ANNUAL_TOKEN_PREFIX),
  ...requestTokenNames(PROPOSED_TOKEN_PREFIX),
  ...DERIVED_NAMES,
  ...ANNUAL_SENSITIVITY_NAMES,
  ...ANNUAL_LEDGER_NAMES,
];

/** One chart the Excel writer draws (the .xlsx cannot: its note says how). */
export interface AnnualChart {
  kind: "pie" | "barClustered";
  title: string;
  /** the category labels, such as "A13:A15" */
  categories: string;
  /** each series: its name and its values, same length as the categories */
  series: { name: string; values: string }[];
  /** top-left and bottom-right cells of where it goes, below the printed sheet */
  from: string;
  to: string;
}

/** The annual sheet: SheetLayout's common part, its own validation, two tables and two charts. */
export interface AnnualSheetLayout {
  rows: Row[];
  names: LayoutName[];
  /** the annual table (parts by hours) and the levers table */
  tables: { bill: AnnualTableRange; levers: AnnualTableRange };
  /** the bill split by part (paid hours), the levers' savings against their ceilings, what moves the ceiling */
  charts: { bill: AnnualChart; levers: AnnualChart; tornado: TornadoChart };
  /** column widths in characters */
  columnWidths: number[];
  /** a rule and its messages on every numeric input */
  validations: AnnualInputValidation[];
  /** one page wide; a new page from the sensitivity on (rowBreaks: a break after each of these rows) */
  page: PageSetup & { rowBreaks: number[] };
}

/** Options of an annual layout. */
export interface AnnualLayoutOptions {
  /** notes on how to draw the charts, for a file that cannot hold them (the .xlsx) */
  chartNote?: boolean;
  /** the sensitivity's moves and a planner's own ranges (default: -20% / +20% of every input) */
  sensitivity?: AnnualSensitivityOptions;
  /**
   * the second ledger's inputs as the planner typed them in the pane (issue 30): with any typed, the sheet
   * carries the "Both ledgers" section above its checks; absent or all blank, it has none (the sheet as before)
   */
  ledgers?: LedgerInputs;
  /**
   * the request's tokens the seconds per clip came from, where the planner chose "tokens per request" (issue 32):
   * the seconds row is then TOKENSECONDS' formula over these, blue inputs under it; absent, the seconds are typed
   */
  tokens?: RequestTokens;
  /**
   * with `tokens`, the proposed change to seconds per clip in tokens, as typed (a field left out is today's; none,
   * no change): the proposed seconds are then TOKENSECONDS' formula over blue proposal token inputs (issue 32);
   * absent, the proposal is typed in seconds
   */
  proposedTokens?: ProposedTokens;
}

/** Rows each of the Excel writer's charts takes. */
const CHART_ROWS = 18;
/** Columns the bill's pie takes from A; the levers' bars take the rest of the sheet's width beside it. */
const PIE_COLUMNS = 4;

/** Where a chart goes: CHART_ROWS from sheet row `top`, `columns` wide from column `first` (0 = A). */
const chartPlace = (top: number, first: number, columns: number) => ({
  from: cellAddress(top - 1, first),
  to: cellAddress(top + CHART_ROWS - 2, first + columns - 1),
});

/**
 * The annual sheet of `plan`, or the first problem of the plan (nothing is written then).
 * `nameSuffix` ("" or "_2", ...) keeps the defined names and table names unique when the workbook
 * already holds an earlier copy; `chartNote` adds the notes for a file without charts.
 */
export function annualSheetLayout(
  plan: AnnualPlan,
  nameSuffix = "",
  options: AnnualLayoutOptions = {},
): AnnualSheetLayout | Problem {
  const view = annualFigures(plan, sheetFigures(plan));
  if (isProblem(view)) return view;
  return layoutOf(plan, view, nameSuffix, options);
}

/**
 * How the sheet's recommendation writes its figures, as its formula builds them from ROUND in every engine
 * (annualRecommendation.ts): hours saved whole with thousands grouped, as their cells show them; a share to two
 * decimals ("24.32%"); money to the cent with the currency as typed; an input as ROUND(x, 6) writes it ("40"); the
 * year's saving alone, not over a retrain interval. The pane's sentence is the same builder with its own figures.
 */
export function sheetFigures(plan: AnnualPlan): LeverFigureFormat {
  return {
    hours: (value) => figureText("hoursSaved", value),
    share: shareFigure,
    figure: typedFigure,
    perInterval: false,
    ...(plan.pricePerHour === undefined ? {} : { money: moneyFigure(plan.currency) }),
  };
}

/** Where the layout put what the page and the charts are placed by. */
interface Placed {
  frozenRows: number;
  pageBreak: number;
  bill: BillSection;
  levers: LeversSection;
  tornado: TornadoChart;
  /** the first rows kept for the bill's and levers' charts, and for the tornado; undefined when none are kept */
  chartTop?: number;
  tornadoTop?: number;
}

/** The sections stacked from the top, each built from the row it starts on. */
function layoutOf(
  plan: AnnualPlan,
  view: AnnualFigures,
  nameSuffix: string,
  options: AnnualLayoutOptions,
): AnnualSheetLayout | Problem {
  const names = sheetNames(nameSuffix);
  // A typed price and every computed cost in the one money kind, to the cent.
  const costFormat = moneyFormat(plan.currency);
  const priceFormat = costFormat;
  const sheet = new AnnualRows(1, names);
  const answer = sheet.add(answerSection(sheet.nextRow, view.table, plan, names, costFormat));
  const frozenRows = sheet.lastRow;
  const tokens = options.tokens && { tokens: options.tokens, proposed: options.proposedTokens };
  const inputs = sheet.add(inputsSection(sheet.nextRow, plan, names, priceFormat, tokens));
  const bill = sheet.add(billSection(sheet.nextRow, view.table, plan, names, costFormat));
  const levers = sheet.add(leversSection(sheet.nextRow, view.levers, plan, names, costFormat));
  const figureRows = { first: bill.top, last: sheet.lastRow };
  const sentences = sheet.add(sentencesSection(sheet.nextRow, names));
  // Rows kept for the Excel writer's charts, each beside what it shows: the bill's and the levers' here,
  // before the page break, the tornado under its table. A file without charts has the notes instead.
  const keepChartRows = () => (options.chartNote ? undefined : (sheet.blank(1), sheet.blank(CHART_ROWS)));
  const chartTop = keepChartRows();

  // What moves the ceiling, on a page of its own.
  const pageBreak = sheet.lastRow;
  sheet.blank(1);
  const block = annualSensitivityBlock(
    plan,
    sheet.nextRow,
    { ...names, shareAddress: answer.shareAddress },
    (field) => annualInputFormat(field.quantity, priceFormat),
    options.sensitivity,
  );
  if (isProblem(block)) return block;
  sheet.add(block);
  const tornadoTop = keepChartRows();
  if (options.chartNote) sheet.wrappedNote(chartNote(bill, levers, block.tornado));

  sheet.add(workingsSection(sheet.nextRow, view.table, names));
  const recommendation = sheet.add(
    recommendationSection(sheet.nextRow, {
      plan,
      levers: view.levers,
      columns: levers.columns,
      sheet: names,
      costFormat,
    }),
  );
  sentences.lineRows.forEach((row, i) => sheet.setRow(row, [recommendation.lines[i]]));
  const ledgerChecks = ledgersOf(sheet, { plan, view, names, costFormat }, levers, options.ledgers);
  const checks = sheet.add(
    annualChecksSection(sheet.nextRow, {
      plan,
      view,
      names,
      inputs,
      figureRows: {
        ...figureRows,
        lastColumn: columnLetter(Math.max(...sheet.rows.map((row) => row.length)) - 1),
        rows: sheet.rows.slice(figureRows.first - 1, figureRows.last),
      },
      levers: { saved: levers.columns.saved, share: levers.columns.share, cost: levers.columns.cost },
      ...(bill.money && answer.billAddress && { money: { ...bill.money, answer: answer.billAddress } }),
      more: ledgerChecks,
    }),
  );
  sheet.setRow(answer.masterRow, [masterCheckCell(checks.placed)]);
  const placed = { frozenRows, pageBreak, bill, levers, tornado: block.tornado, chartTop, tornadoTop };
  return finished(sheet, nameSuffix, placed);
}

/** The cadence lever's money saved a year: its cell in the levers table, when priced. */
function cadenceSavingCell(view: AnnualFigures, levers: LeversSection): string | undefined {
  const index = view.levers.rows.findIndex((row) => row.lever === "cadence");
  const first = levers.columns.cost?.split(":")[0];
  const match = first === undefined || index < 0 ? null : /^([A-Z]+)(\d+)$/.exec(first);
  return match ? `${match[1]}${Number(match[2]) + index}` : undefined;
}

/** Both ledgers' section, when the planner's ledger inputs are given; its checks for the foot. */
function ledgersOf(
  sheet: AnnualRows,
  written: Omit<LedgerContext, "inputs" | "cadenceSavingCell">,
  levers: LeversSection,
  typed: LedgerInputs | undefined,
): SheetCheck[] {
  const inputs = ledgerGiven(typed);
  if (inputs === undefined) return [];
  const saving = cadenceSavingCell(written.view, levers);
  const context = { ...written, inputs };
  const section = sheet.add(
    ledgersSection(sheet.nextRow, { ...context, ...(saving && { cadenceSavingCell: saving }) }),
  );
  return section.checks;
}

/** The note that says which cells to chart, for a file that cannot hold charts. */
function chartNote(bill: BillSection, levers: LeversSection, tornado: TornadoChart): string {
  const { categories, share, ceiling } = levers.chart;
  return (
    `No charts in this file: select ${bill.chart.categories} and ${bill.chart.values} for the bill by part ` +
    "(Insert > Chart > Pie); " +
    `${categories} and ${share.split(":")[0]}:${ceiling.split(":")[1]} (with Ctrl) for the ` +
    "levers against their ceilings (Insert > Chart > Bar); " +
    `${tornado.categories} and ${tornado.low.values.split(":")[0]}:${tornado.high.values.split(":")[1]} ` +
    "(with Ctrl) for what moves the ceiling (Insert > Chart > Bar, Series Overlap 100%, categories in reverse " +
    `order, the horizontal axis crossing at the share now, ${tornado.base.address}).`
  );
}

/** The stacked rows finished: names in the sheet's order, widths, the charts placed, the page. */
function finished(sheet: AnnualRows, nameSuffix: string, placed: Placed): AnnualSheetLayout {
  const { rows, validations } = sheet;
  const widths = columnWidths(rows);
  // Without kept rows (the .xlsx draws no chart) the places are below the sheet, as a writer would put them.
  const chartTop = placed.chartTop ?? rows.length + 2;
  const tornadoTop = placed.tornadoTop ?? chartTop + CHART_ROWS + 1;
  const order = (x: LayoutName) => ANNUAL_BASE_NAMES.indexOf(x.name.slice(0, x.name.length - nameSuffix.length));
  const { bill, levers } = placed;
  return {
    rows,
    names: [...sheet.names].sort((x, y) => order(x) - order(y)),
    tables: { bill: bill.table, levers: levers.table },
    charts: {
      bill: {
        kind: "pie",
        title: "The year's bill by part (paid accelerator-hours)",
        categories: bill.chart.categories,
        series: [{ name: "Paid (h)", values: bill.chart.values }],
        ...chartPlace(chartTop, 0, PIE_COLUMNS),
      },
      levers: {
        kind: "barClustered",
        title: "Each lever's saving against its ceiling (share of the bill)",
        categories: levers.chart.categories,
        series: [
          { name: "Share of bill", values: levers.chart.share },
          { name: "Ceiling (part)", values: levers.chart.ceiling },
        ],
        ...chartPlace(chartTop, PIE_COLUMNS, widths.length - PIE_COLUMNS),
      },
      tornado: { ...placed.tornado, ...chartPlace(tornadoTop, 0, widths.length) },
    },
    columnWidths: widths,
    validations,
    page: {
      frozenRows: placed.frozenRows,
      printArea: rangeAddress(0, 0, rows.length, widths.length),
      orientation: "landscape",
      rowBreaks: [placed.pageBreak],
    },
  };
}
