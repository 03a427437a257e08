/*
 * The annual sheet's levers: each proposed change alone against the bill, one row a lever in the
 * model's order (by hours saved when the sheet was written), every figure a formula over the named
 * inputs; then the caveats, and the rows of the recommendation (annualRecommendation.ts). A lever's
 * cells come from its row in LEVERS: its input now and proposed, the year's hours proportional to that
 * input, the part it touches.
 */
import { annualField, AnnualPlan } from "../model/annualFields";
import { Lever, LEVER_PARTS, LeverRow, LEVERS, LeversTable, leverSpec } from "../model/levers";
import { Problem } from "../../core/model/problems";
import { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import * as inExcel from "../../core/excel/formulas";
import * as annualExcel from "../../core/excel/yearFormulas";
import { figureCell, Row } from "../../core/sheet/rows";
import {
  AnnualSection,
  AnnualTableRange,
  costHeading,
  MULTIPLE_FORMAT,
  AnnualRows,
  SheetNames,
  TableColumns,
  tableColumns,
  tableRange,
  YEAR_FIGURE_NAMES,
} from "./annualSection";
import { annualInputFormat } from "./annualInputs";

/** The base name of the levers table, for the Excel writer's ListObject. */
export const LEVERS_TABLE_NAME = "AnnualLevers";

/** The levers section: its rows, its table, and the cells of its bar chart (saving and ceiling, as shares). */
export interface LeversSection extends AnnualSection {
  table: AnnualTableRange;
  chart: { categories: string; share: string; ceiling: string };
  /** the columns the checks and the recommendations read, each over the levers' rows ("E14:E19") */
  columns: Record<"lever" | "part" | "now" | "proposed" | "saved" | "share" | "ceiling" | "rank", string> & {
    cost?: string;
  };
}

/** The levers table's columns, in order: the lever and its part (text), its input, its savings (money if priced). */
const LEVER_COLUMNS = [
  { key: "lever", heading: "Lever", text: true },
  { key: "part", heading: "Part it touches", text: true },
  { key: "now", heading: "Now" },
  { key: "proposed", heading: "Proposed" },
  { key: "savedPerYear", heading: "Saved a year (h)" },
  { key: "perInterval", heading: "Per interval (h)" },
  { key: "timesTraining", heading: "× training" },
  { key: "shareOfBill", heading: "Share of bill" },
  { key: "ceiling", heading: "Ceiling (part)" },
  { key: "rank", heading: "Rank" },
  { key: "costSaved", heading: "Saved a year", money: true },
] as const;

type LeverColumns = TableColumns<(typeof LEVER_COLUMNS)[number]["key"]>;

/**
 * A lever's saving a year as a formula: leverSaving's part x ((current - proposed) / current), 0 when
 * nothing changes; for work not done the input now is 0 skipped, and the hours follow 1 - the share.
 * The arithmetic is core/excel/yearFormulas.ts's annualLeverSaving and workNotDoneSaving, not the catalog's
 * leverSaving: this sheet's text brackets the ratio, and its cells stay as they were written. The IF
 * is leversTable's "no change, no saving", which also keeps a current of 0 from dividing.
 */
function savingFormula(now: string | undefined, proposed: string, hours: string): string {
  return now === undefined
    ? `IF(${proposed}=0,0,${annualExcel.workNotDoneSaving(hours, proposed)})`
    : `IF(${proposed}=${now},0,${annualExcel.annualLeverSaving(hours, now, proposed)})`;
}

/**
 * A lever's saving a year over `hours`, the year's hours proportional to its input (the named figure the table
 * reads, or the same hours from the inputs alone for the checks' second route).
 */
export function leverSavingFormula(spec: Lever, sheet: SheetNames, hours: string): string {
  const now = spec.currentKey === undefined ? undefined : sheet.field(spec.currentKey);
  return savingFormula(now, sheet.field(spec.proposedKey), hours);
}

/** One lever's row, on sheet row `r`: each figure a formula over the named inputs, with the model's value. */
function leverCells(
  lever: LeverRow,
  r: number,
  columns: LeverColumns,
  savedRange: string,
  sheet: SheetNames,
  plan: AnnualPlan,
  costFormat: string,
): Row {
  const { named: n, field: f } = sheet;
  const spec = leverSpec(lever.lever);
  const format = annualInputFormat(annualField(spec.proposedKey).quantity, costFormat);
  const now = spec.currentKey === undefined ? undefined : f(spec.currentKey);
  const proposed = f(spec.proposedKey);
  const saved = columns.cell("savedPerYear", r);
  const stage = (text: string, value: number | Problem, numberFormat: string) =>
    figureCell(text, value, numberFormat, "stage");
  return columns.row({
    lever: { value: spec.caveat === undefined ? lever.label : `${lever.label} *`, role: "stageName" },
    part: { value: lever.partLabel, role: "stage" },
    now: now === undefined ? { value: 0, numberFormat: format, role: "stage" } : stage(now, lever.current, format),
    proposed: stage(proposed, lever.proposed, format),
    savedPerYear: stage(
      leverSavingFormula(spec, sheet, n(YEAR_FIGURE_NAMES[spec.proportionalHours])),
      lever.hoursSavedPerYear,
      NUMBER_FORMAT.hoursSaved,
    ),
    perInterval: stage(
      inExcel.hoursRatio(saved, f("runsPerYear")),
      lever.hoursSavedPerRetrainInterval,
      NUMBER_FORMAT.hoursSaved,
    ),
    timesTraining: stage(inExcel.hoursRatio(saved, n("YearTrainingHours")), lever.trainingMultiple, MULTIPLE_FORMAT),
    shareOfBill: stage(inExcel.hoursRatio(saved, n("YearTotalPaid")), lever.shareOfBill, NUMBER_FORMAT.shareSaved),
    ceiling: stage(
      inExcel.shareOfTotal(n(YEAR_FIGURE_NAMES[LEVER_PARTS[spec.part].hours]), n("YearTotalPaid")),
      lever.ceiling,
      NUMBER_FORMAT.share,
    ),
    rank: stage(annualExcel.leverRank(saved, savedRange), lever.rank, "0"),
    ...(plan.pricePerHour !== undefined && {
      costSaved: stage(inExcel.costOf(saved, f("pricePerHour")), lever.costSavedPerYear ?? 0, costFormat),
    }),
  });
}

/** The levers table of `levers`, from sheet row `top`, with its notes and each lever's caveat (marked *). */
export function leversSection(
  top: number,
  levers: LeversTable,
  plan: AnnualPlan,
  sheet: SheetNames,
  costFormat: string,
): LeversSection {
  const rows = new AnnualRows(top, sheet);
  rows.heading("Levers: each proposed change alone, against the bill");
  const shown = LEVER_COLUMNS.filter((column) => plan.pricePerHour !== undefined || !("money" in column));
  const columns = tableColumns(shown.map((column) => column.key));
  const headerRow = rows.push(
    shown.map((column): LayoutCell => ({
      value: "money" in column ? costHeading(column.heading, plan) : column.heading,
      role: "header",
      ...("text" in column ? {} : { align: "right" }),
    })),
  );
  const first = headerRow + 1;
  const last = headerRow + levers.rows.length;
  // The savings, their rows fixed: a lever's rank counts the savings above its own.
  const saved = columns.letter("savedPerYear");
  const savedRange = `${saved}$${first}:${saved}$${last}`;
  for (const lever of levers.rows) {
    rows.push(leverCells(lever, rows.nextRow, columns, savedRange, sheet, plan, costFormat));
  }
  rows.note(
    "Rows in order of hours saved when the sheet was written: the sheet does not re-sort after an edit, " +
      "the Rank column follows it. Blank proposals are no change.",
  );
  for (const { label, caveat } of LEVERS) {
    if (caveat !== undefined) rows.wrappedNote(`* ${label}: ${caveat}`);
  }
  return {
    ...rows.section(),
    table: tableRange(sheet.named(LEVERS_TABLE_NAME), headerRow, last, shown.length),
    chart: {
      categories: columns.range("lever", first, last),
      share: columns.range("shareOfBill", first, last),
      ceiling: columns.range("ceiling", first, last),
    },
    columns: {
      lever: columns.range("lever", first, last),
      part: columns.range("part", first, last),
      now: columns.range("now", first, last),
      proposed: columns.range("proposed", first, last),
      saved: columns.range("savedPerYear", first, last),
      share: columns.range("shareOfBill", first, last),
      ceiling: columns.range("ceiling", first, last),
      rank: columns.range("rank", first, last),
      ...(plan.pricePerHour !== undefined && { cost: columns.range("costSaved", first, last) }),
    },
  };
}

/** The recommendation's section: a blank row, the two rows its lines go in (annualRecommendation.ts), a note. */
export interface SentencesSection extends AnnualSection {
  /** the sheet rows kept for the recommendation's two lines, filled once its workings are written */
  lineRows: [number, number];
}

/** The rows of the recommendation from sheet row `top`: kept for its two lines, and what they follow. */
export function sentencesSection(top: number, sheet: SheetNames): SentencesSection {
  const rows = new AnnualRows(top, sheet);
  rows.blank();
  const lineRows: [number, number] = [rows.push([]), rows.push([])];
  rows.note(
    "The recommendation reads the levers' rows (the lever ranked 1, through its workings at the foot of the " +
      "sheet): it follows an edit, as the tables do.",
  );
  return { ...rows.section(), lineRows };
}
