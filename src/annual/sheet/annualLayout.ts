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
 * its tornado), and the workings. Every figure is a native formula over the named inputs in plain
 * arithmetic (no MLCOST.* call), so the sheet reads the same without the add-in; the year's parts
 * are yearParts.ts's formulas; a lever's saving is part x ((current - proposed) / current),
 * leverSaving's formula. Every formula cell carries the model's value (annualView, and
 * sensitivity(ANNUAL_VIEW) for the what-moves block) as its cached value;
 * test/sheet/annualLayout.test.ts recalculates the sheet in HyperFormula and IronCalc against it,
 * test/e2e/annualSheet.e2e.ts in LibreOffice.
 *
 * Three things are fixed when the sheet is written, and the sheet says so: the levers' order (the
 * model's, by hours saved: spreadsheets re-sort only with SORTBY, which Excel 2016, LibreOffice 7.4
 * and HyperFormula lack; the Rank column does follow an edit), the sensitivity's order (by swing,
 * for the same reason), and the two sentences (text, as the model words them: a formula would
 * restate the model's wording and rounding in TEXT()).
 */
import { ANNUAL_FIELD_GROUPS, ANNUAL_FIELDS, AnnualField, AnnualPlan } from "../model/annualFields";
import { AnnualPart } from "../model/annual";
import { AnnualView, annualView, CADENCE_CAVEAT, LeverId, LeverRow } from "../model/levers";
import { isProblem, Problem } from "../../core/model/problems";
import { Quantity } from "../../core/model/fields";
import { CellRole, LayoutCell } from "../../core/sheet/cell";
import { currencyFormat, inputFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { columnLetter } from "../../core/excel/a1";
import { LayoutName, PageSetup, safeText } from "../../core/sheet/sheetBasics";
import { cachedOf } from "../../core/sheet/cachedValues";
import { columnWidths, wrapText } from "../../core/sheet/widths";
import type { TornadoChart } from "../../sensitivity/sheet/tornadoChart";
import { ANNUAL_SENSITIVITY_NAMES, annualSensitivityBlock, AnnualSensitivityOptions } from "./annualSensitivity";
import { AnnualInputValidation, annualInputValidation } from "./annualValidation";
import { yearPartFormulas, yearTotalFormula } from "./yearParts";

/** The base name of the annual worksheet ("Annual view (2)" for a second copy, as the stage sheet's). */
export const ANNUAL_SHEET_NAME = "Annual view";

/** The base names of the two tables, for the Excel writer's ListObjects. */
export const ANNUAL_TABLE_NAME = "AnnualBill";
/** The base name of the levers table. */
export const LEVERS_TABLE_NAME = "AnnualLevers";

/** The figures the sheet derives, each in a named cell. None is a stage sheet name or a function's. */
const DERIVED_NAMES = [
  "YearTrainingShareConsumed",
  "YearTrainingSharePaid",
  "YearTrainingHours",
  "YearServingConsumed",
  "YearServingPaid",
  "YearRescanHours",
  "YearTotalConsumed",
  "YearTotalPaid",
  "YearIdleCapacity",
  "YearClips",
  "YearWinningRunHours",
  "YearFailedRunHours",
] as const;
type DerivedName = (typeof DERIVED_NAMES)[number];

/** Every defined name an annual sheet may carry, before any suffix: choosing a free suffix checks them all. */
export const ANNUAL_BASE_NAMES: readonly string[] = [
  ...ANNUAL_FIELDS.map((f) => f.definedName),
  ...DERIVED_NAMES,
  ...ANNUAL_SENSITIVITY_NAMES,
];

/** The column of the inputs' values (C): the labels spill over the empty B. */
export const ANNUAL_VALUE_COLUMN = 2;

/** One table of the sheet, as the Excel writer makes a ListObject of it: header row included. */
export interface AnnualTableRange {
  name: string;
  /** "A12:E16", header row first */
  range: string;
  /** the header's row, 1-based */
  firstRow: number;
  /** data rows below the header */
  rows: number;
  columns: number;
}

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
  rows: (LayoutCell | null)[][];
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
}

type Names = (base: string) => string;

/** A multiple of the training half: 36.0, 9.0, 0.75, and 0 as 0.0 (the ratio format shows 0 as 0.00E+00). */
export const MULTIPLE_FORMAT = "#,##0.0##";

/** Rows each of the Excel writer's charts takes. */
const CHART_ROWS = 18;

/** The number format of an annual input: a count and a share show as typed. */
export function annualInputFormat(quantity: AnnualField["quantity"], costFormat: string): string {
  if (quantity === "price") return costFormat;
  if (quantity === "count" || quantity === "share") return NUMBER_FORMAT.typed;
  return inputFormat(quantity as Quantity);
}

/** A field's defined name (unsuffixed). */
const fieldName = (key: keyof AnnualPlan) => ANNUAL_FIELDS.find((f) => f.key === key)!.definedName;

/** What a blank proposal becomes in the sheet: a formula naming the input as it is now (no change). */
const BLANK_PROPOSALS: Partial<Record<keyof AnnualPlan, keyof AnnualPlan>> = {
  trainingHoursPerRunProposed: "trainingHoursPerRun",
  trainingOverheadProposed: "trainingOverhead",
  secondsPerClipProposed: "secondsPerClip",
  peakToMeanProposed: "peakToMean",
};

/** Each lever in the sheet's terms: the cells now and proposed, the hours it scales, the part it touches. */
const LEVER_CELLS: Readonly<
  Record<LeverId, { now?: keyof AnnualPlan; proposed: keyof AnnualPlan; hours: DerivedName; part: DerivedName }>
> = {
  cadence: {
    now: "runsPerYear",
    proposed: "runsPerYearProposed",
    hours: "YearTrainingHours",
    part: "YearTrainingHours",
  },
  runLength: {
    now: "trainingHoursPerRun",
    proposed: "trainingHoursPerRunProposed",
    hours: "YearTrainingHours",
    part: "YearTrainingHours",
  },
  trainingOverhead: {
    now: "trainingOverhead",
    proposed: "trainingOverheadProposed",
    hours: "YearTrainingHours",
    part: "YearFailedRunHours",
  },
  serviceTime: {
    now: "secondsPerClip",
    proposed: "secondsPerClipProposed",
    hours: "YearServingPaid",
    part: "YearServingPaid",
  },
  provisioning: {
    now: "peakToMean",
    proposed: "peakToMeanProposed",
    hours: "YearServingPaid",
    part: "YearIdleCapacity",
  },
  // Now: every clip is scored (0 not re-scored); paid serving is proportional to 1 - the share not re-scored.
  workNotDone: { proposed: "shareNotRescored", hours: "YearServingPaid", part: "YearServingPaid" },
};

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
  const view = annualView(plan);
  if (isProblem(view)) return view;
  return layoutOf(plan, view, nameSuffix, options);
}

function layoutOf(plan: AnnualPlan, view: AnnualView, nameSuffix: string, options: AnnualLayoutOptions) {
  const n: Names = (base) => base + nameSuffix;
  const f = (key: keyof AnnualPlan) => n(fieldName(key));
  const parts = yearPartFormulas(f);
  const { hours } = view.table;
  const rows: (LayoutCell | null)[][] = [];
  const names: LayoutName[] = [];
  const validations: AnnualInputValidation[] = [];
  const priced = plan.pricePerHour !== undefined;
  const costFormat = currencyFormat(plan.currency);
  const value = ANNUAL_VALUE_COLUMN;
  const name = (base: string, column: number) =>
    names.push({ name: n(base), address: `${columnLetter(column)}${rows.length}` });
  const formula = (
    text: string,
    cached: number | string | Problem,
    numberFormat: string,
    role: CellRole,
  ): LayoutCell => ({
    formula: text,
    cached: cachedOf(cached),
    numberFormat,
    role,
  });
  const note = (text: string) => rows.push([{ value: text, role: "note" }]);

  /** A labelled row whose value (column C) may carry a name; the label runs over the empty B. */
  const labelled = (label: string, cell: LayoutCell, unit: string, base?: string, role: CellRole = "label") => {
    const between = role === "crossover" ? { role } : null;
    rows.push([{ value: label, role }, between, cell, { value: unit, role: "unit" }]);
    if (base) name(base, value);
  };

  rows.push([{ value: "ML compute spend over a year: what any proposed saving can be worth", role: "title" }]);
  note(
    "Accelerator-hours a year. Blue cells are inputs: change one and every figure follows. " +
      "The bill is the paid total: serving held at peak, training and re-scans as used.",
  );
  rows.push([]);
  labelled(
    "Training's share of the year, consumed",
    formula(
      `${n("YearTrainingHours")}/${n("YearTotalConsumed")}`,
      view.table.trainingShareConsumed,
      NUMBER_FORMAT.share,
      "crossover",
    ),
    "the ceiling on any training-side change: training / all hours used",
    "YearTrainingShareConsumed",
    "crossover",
  );
  labelled(
    "Training's share of the bill, paid",
    formula(
      `${n("YearTrainingHours")}/${n("YearTotalPaid")}`,
      view.table.trainingSharePaid,
      NUMBER_FORMAT.share,
      "crossover",
    ),
    "the same ceiling against the bill, with serving paid at peak-to-mean",
    "YearTrainingSharePaid",
    "crossover",
  );
  const frozenRows = rows.length;

  // The inputs, by group: the source of truth.
  for (const { group, heading } of ANNUAL_FIELD_GROUPS) {
    const fields = ANNUAL_FIELDS.filter((field) => field.group === group && fieldShown(field, plan));
    if (fields.length === 0) continue;
    rows.push([]);
    rows.push([{ value: heading, role: "section" }]);
    for (const field of fields) {
      const typed = plan[field.key];
      const blank = field.blankMeans !== undefined && field.quantity !== "text" ? field.blankMeans : undefined;
      const current = BLANK_PROPOSALS[field.key];
      let cell: LayoutCell;
      if (typed === undefined && current !== undefined) {
        cell = formula(f(current), plan[current] as number, annualInputFormat(field.quantity, costFormat), "input");
      } else if (typeof typed === "string") {
        cell = { value: safeText(typed), numberFormat: NUMBER_FORMAT.text, role: "input", align: "right" };
      } else {
        cell = { value: typed ?? 0, numberFormat: annualInputFormat(field.quantity, costFormat), role: "input" };
      }
      const unit = blank === undefined ? field.unit : `${field.unit} (blank: ${blank})`;
      labelled(field.label, cell, unit, field.definedName);
      const validation = annualInputValidation(
        field,
        `${columnLetter(value)}${rows.length}`,
        typed === undefined && current !== undefined ? blank : undefined,
      );
      if (validation) validations.push(validation);
      if (field.key === "daysPerYear") {
        note(
          `Days per year counted: ${plan.daysPerYear}` +
            (plan.daysPerYear === 360 ? " (quarters of 90 days), as the worked example counts the year" : "") +
            "; type 365 for a calendar year.",
        );
      }
    }
  }

  // The annual table.
  rows.push([]);
  rows.push([{ value: "The year by part: each part's share is the most any change to it can save", role: "section" }]);
  const billHeader = ["Part", "Consumed (h)", "Share", "Paid (h)", "Share of bill"];
  if (priced) billHeader.push(costHeading("Consumed cost", plan), costHeading("Paid cost", plan));
  rows.push(
    billHeader.map((text, c): LayoutCell => ({ value: text, role: "header", ...(c ? { align: "right" } : {}) })),
  );
  const billFirst = rows.length;
  const partRow = (
    part: AnnualPart,
    consumed: string,
    paid: string,
    consumedName?: DerivedName,
    paidName?: DerivedName,
  ) => {
    const r = rows.length + 1;
    const model = view.table.rows.find((x) => x.part === part)!;
    const cells: LayoutCell[] = [
      { value: model.label, role: "stageName" },
      formula(consumed, model.consumedHours, NUMBER_FORMAT.hours, "stage"),
      formula(`B${r}/${n("YearTotalConsumed")}`, model.consumedShare, NUMBER_FORMAT.share, "stage"),
      formula(paid, model.paidHours, NUMBER_FORMAT.hours, "stage"),
      formula(`D${r}/${n("YearTotalPaid")}`, model.paidShare, NUMBER_FORMAT.share, "stage"),
    ];
    if (priced) {
      const price = f("pricePerHour");
      cells.push(formula(`B${r}*${price}`, model.consumedCost ?? 0, costFormat, "stage"));
      cells.push(formula(`D${r}*${price}`, model.paidCost ?? 0, costFormat, "stage"));
    }
    rows.push(cells);
    if (consumedName) name(consumedName, 1);
    if (paidName) name(paidName, 3);
  };
  const training = n("YearTrainingHours");
  const rescans = n("YearRescanHours");
  partRow("training", parts.training(n("YearWinningRunHours")), training, "YearTrainingHours");
  partRow(
    "serving",
    parts.servingConsumed(n("YearClips")),
    parts.servingPaid(n("YearServingConsumed")),
    "YearServingConsumed",
    "YearServingPaid",
  );
  partRow("rescans", parts.rescans, rescans, "YearRescanHours");
  partRow(
    "total",
    yearTotalFormula(training, n("YearServingConsumed"), rescans),
    yearTotalFormula(training, n("YearServingPaid"), rescans),
    "YearTotalConsumed",
    "YearTotalPaid",
  );
  const billLast = rows.length;
  rows.push([
    { value: "Idle capacity: paid minus consumed serving", role: "label" },
    null,
    null,
    formula(`${n("YearServingPaid")}-${n("YearServingConsumed")}`, hours.idleCapacity, NUMBER_FORMAT.hours, "derived"),
    formula(`D${rows.length + 1}/${n("YearTrainingHours")}`, view.table.idleToTraining, MULTIPLE_FORMAT, "derived"),
    { value: "times the whole training half", role: "unit" },
  ]);
  name("YearIdleCapacity", 3);

  // The levers table.
  rows.push([]);
  rows.push([{ value: "Levers: each proposed change alone, against the bill", role: "section" }]);
  const leverHeader = [
    "Lever",
    "Part it touches",
    "Now",
    "Proposed",
    "Saved a year (h)",
    "Per interval (h)",
    "× training",
    "Share of bill",
    "Ceiling (part)",
    "Rank",
  ];
  if (priced) leverHeader.push(costHeading("Saved a year", plan));
  rows.push(
    leverHeader.map((text, c): LayoutCell => ({ value: text, role: "header", ...(c > 1 ? { align: "right" } : {}) })),
  );
  const leverFirst = rows.length;
  const leverCount = view.levers.rows.length;
  const savedRange = `E$${leverFirst + 1}:E$${leverFirst + leverCount}`;
  for (const lever of view.levers.rows) rows.push(leverRow(lever, rows.length + 1, savedRange, n, f, plan, costFormat));
  const leverLast = rows.length;
  note(
    "Rows in order of hours saved when the sheet was written: the sheet does not re-sort after an edit, " +
      "the Rank column follows it. Blank proposals are no change.",
  );
  wrapText(`* Retrain cadence: ${CADENCE_CAVEAT}`).forEach(note);

  // The sentences, as the model words them at write time.
  rows.push([]);
  const sentences = [view.levers.largest, view.levers.smallest].filter((s): s is string => s !== undefined);
  for (const sentence of sentences) wrapText(sentence).forEach((line) => rows.push([{ value: line, role: "label" }]));
  if (sentences.length === 0)
    rows.push([{ value: "No change is proposed: every proposal equals the input now.", role: "label" }]);
  note("These sentences were written with the inputs above and do not follow an edit; the tables do.");
  // Rows kept for the Excel writer's charts, each beside what it shows: the bill's and the levers' here,
  // before the page break, the tornado under its table. A file without charts has the notes instead.
  const keepChartRows = (): number | undefined => {
    if (options.chartNote) return undefined;
    rows.push([]);
    const top = rows.length + 1;
    for (let i = 0; i < CHART_ROWS; i++) rows.push([]);
    return top;
  };
  const keptForCharts = keepChartRows();

  // What moves the ceiling, on a page of its own.
  const pageBreak = rows.length;
  rows.push([]);
  const block = annualSensitivityBlock(
    plan,
    rows.length + 1,
    { field: f, figure: n, shareAddress: names.find((x) => x.name === n("YearTrainingShareConsumed"))!.address },
    (field) => annualInputFormat(field.quantity, costFormat),
    options.sensitivity,
  );
  if (isProblem(block)) return block;
  rows.push(...block.rows);
  names.push(...block.names);
  validations.push(...block.validations);
  const keptForTornado = keepChartRows();

  const bill = { categories: `A${billFirst + 1}:A${billFirst + 3}`, values: `D${billFirst + 1}:D${billFirst + 3}` };
  const levers = {
    categories: `A${leverFirst + 1}:A${leverLast}`,
    share: `H${leverFirst + 1}:H${leverLast}`,
    ceiling: `I${leverFirst + 1}:I${leverLast}`,
  };
  if (options.chartNote) {
    const { tornado } = block;
    const charts =
      `No charts in this file: select ${bill.categories} and ${bill.values} for the bill by part ` +
      "(Insert > Chart > Pie); " +
      `${levers.categories} and ${levers.share.split(":")[0]}:${levers.ceiling.split(":")[1]} (with Ctrl) for the ` +
      "levers against their ceilings (Insert > Chart > Bar); " +
      `${tornado.categories} and ${tornado.low.values.split(":")[0]}:${tornado.high.values.split(":")[1]} ` +
      "(with Ctrl) for what moves the ceiling (Insert > Chart > Bar, Series Overlap 100%, categories in reverse " +
      `order, the horizontal axis crossing at the share now, ${tornado.base.address}).`;
    wrapText(charts).forEach(note);
  }

  // The workings.
  rows.push([]);
  rows.push([{ value: "Workings", role: "section" }]);
  labelled(
    "Clips scored in the year",
    formula(parts.clips, hours.clips, NUMBER_FORMAT.clips, "derived"),
    "clips: clips per second × days × 86,400",
    "YearClips",
  );
  labelled(
    "Winning runs alone",
    formula(parts.winningRuns, hours.winningRunHours, NUMBER_FORMAT.hours, "derived"),
    "accelerator-hours: hours per run × runs a year",
    "YearWinningRunHours",
  );
  labelled(
    "Failed runs and sweeps",
    formula(
      `${n("YearTrainingHours")}-${n("YearWinningRunHours")}`,
      hours.trainingOverhead,
      NUMBER_FORMAT.hours,
      "derived",
    ),
    "accelerator-hours: training minus the winning runs",
    "YearFailedRunHours",
  );

  const widths = columnWidths(rows);
  const lastColumn = columnLetter(widths.length - 1);
  // Without kept rows (the .xlsx draws no chart) the places are below the sheet, as a writer would put them.
  const chartTop = keptForCharts ?? rows.length + 2;
  const tornadoTop = keptForTornado ?? chartTop + CHART_ROWS + 1;
  const order = (x: LayoutName) => ANNUAL_BASE_NAMES.indexOf(x.name.slice(0, x.name.length - nameSuffix.length));
  names.sort((x, y) => order(x) - order(y));
  const layout: AnnualSheetLayout = {
    rows,
    names,
    tables: {
      bill: tableRange(ANNUAL_TABLE_NAME + nameSuffix, billFirst, billLast, billHeader.length),
      levers: tableRange(LEVERS_TABLE_NAME + nameSuffix, leverFirst, leverLast, leverHeader.length),
    },
    charts: {
      bill: {
        kind: "pie",
        title: "The year's bill by part (paid accelerator-hours)",
        categories: bill.categories,
        series: [{ name: "Paid (h)", values: bill.values }],
        from: `A${chartTop}`,
        to: `D${chartTop + CHART_ROWS - 1}`,
      },
      levers: {
        kind: "barClustered",
        title: "Each lever's saving against its ceiling (share of the bill)",
        categories: levers.categories,
        series: [
          { name: "Share of bill", values: levers.share },
          { name: "Ceiling (part)", values: levers.ceiling },
        ],
        from: `E${chartTop}`,
        to: `${lastColumn}${chartTop + CHART_ROWS - 1}`,
      },
      tornado: { ...block.tornado, from: `A${tornadoTop}`, to: `${lastColumn}${tornadoTop + CHART_ROWS - 1}` },
    },
    columnWidths: widths,
    validations,
    page: { frozenRows, printArea: `A1:${lastColumn}${rows.length}`, orientation: "landscape", rowBreaks: [pageBreak] },
  };
  return layout;
}

/** A money column's heading, with the currency when there is one. */
const costHeading = (text: string, plan: AnnualPlan) => (plan.currency ? `${text} (${safeText(plan.currency)})` : text);

/** A table's range from its header row to its last data row. */
function tableRange(name: string, header: number, last: number, columns: number): AnnualTableRange {
  return {
    name,
    range: `A${header}:${columnLetter(columns - 1)}${last}`,
    firstRow: header,
    rows: last - header,
    columns,
  };
}

/** Whether a field has a row for `plan`: the money rows only when there is a price; the currency and the price's
 * source when given (the source beside the price: where it is from, and its date). */
function fieldShown(field: AnnualField, plan: AnnualPlan): boolean {
  if (field.group !== "money") return true;
  if (plan.pricePerHour === undefined) return false;
  return field.key === "currency" || field.key === "priceSource" ? Boolean(plan[field.key]) : true;
}

/** One lever's row, on sheet row `r`: each figure a formula over the named inputs, with the model's value. */
function leverRow(
  lever: LeverRow,
  r: number,
  savedRange: string,
  n: Names,
  f: (key: keyof AnnualPlan) => string,
  plan: AnnualPlan,
  costFormat: string,
): LayoutCell[] {
  const cells = LEVER_CELLS[lever.lever];
  const proposedField = ANNUAL_FIELDS.find((x) => x.key === cells.proposed)!;
  const format = annualInputFormat(proposedField.quantity, costFormat);
  const hoursName = n(cells.hours);
  const now: LayoutCell = cells.now
    ? { formula: f(cells.now), cached: cachedOf(lever.current), numberFormat: format, role: "stage" }
    : { value: 0, numberFormat: format, role: "stage" };
  const p = f(cells.proposed);
  // leverSaving: part x ((current - proposed) / current), 0 when nothing changes.
  const saving = cells.now
    ? `IF(${p}=${f(cells.now)},0,${hoursName}*((${f(cells.now)}-${p})/${f(cells.now)}))`
    : `IF(${p}=0,0,${hoursName}*(1-(1-${p})))`;
  const stage = (text: string, value: number | Problem, numberFormat: string): LayoutCell => ({
    formula: text,
    cached: cachedOf(value),
    numberFormat,
    role: "stage",
  });
  const row: LayoutCell[] = [
    { value: lever.lever === "cadence" ? `${lever.label} *` : lever.label, role: "stageName" },
    { value: lever.partLabel, role: "stage" },
    now,
    { formula: p, cached: cachedOf(lever.proposed), numberFormat: format, role: "stage" },
    stage(saving, lever.hoursSavedPerYear, NUMBER_FORMAT.hours),
    stage(`E${r}/${f("runsPerYear")}`, lever.hoursSavedPerRetrainInterval, NUMBER_FORMAT.hours),
    stage(`E${r}/${n("YearTrainingHours")}`, lever.trainingMultiple, MULTIPLE_FORMAT),
    stage(`E${r}/${n("YearTotalPaid")}`, lever.shareOfBill, NUMBER_FORMAT.share),
    stage(`${n(cells.part)}/${n("YearTotalPaid")}`, lever.ceiling, NUMBER_FORMAT.share),
    stage(`IF(ISNUMBER(E${r}),COUNTIF(${savedRange},">"&E${r})+1,COUNT(${savedRange})+1)`, lever.rank, "0"),
  ];
  if (plan.pricePerHour !== undefined) {
    row.push(stage(`E${r}*${f("pricePerHour")}`, lever.costSavedPerYear ?? 0, costFormat));
  }
  return row;
}
