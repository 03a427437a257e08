/*
 * The estate sheet as plain data (cells, roles, number formats, widths, names, validation, page setup), laid out as
 * a reviewer reads a model (the budget sheet's standard): the answer first, frozen with the models' names over their
 * columns and the label, estate and unit columns (A:C); the plan's traffic typed once; each model's inputs a column,
 * blue and validated; one formula a row, the same in every model's column, the estate's in B; the levers ranked
 * across the estate as formulas; the checks at the foot and the master check in the answer. Every formula caches
 * the model's value (estateFigures); test/estate/sheet recalculates the sheet in HyperFormula, IronCalc and
 * LibreOffice against it.
 */
import { estateFigures, EstateFigures, EstatePlan } from "../model";
import { isProblem, Problem } from "../../core/model/problems";
import { rangeAddress } from "../../core/excel/a1";
import { masterCheckCell } from "../../core/sheet/checks";
import { moneyFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell, Row } from "../../core/sheet/rows";
import { LayoutName, PageSetup } from "../../core/sheet/sheetBasics";
import { columnWidths } from "../../core/sheet/widths";
import type { LayoutCell } from "../../core/sheet/cell";
import type { CellValidation } from "../../core/writers/finish";
import type { PageFit } from "../../core/writers/pageFinish";
import { addEstateChecks } from "./estateChecks";
import { addModelHeader, addModelInputs, addTrafficInputs, TRAFFIC_NAMES } from "./estateInputs";
import { addLedgerRows, ESTATE_STALENESS_NAME } from "./estateLedgerRows";
import { addLeverRows, PlacedLevers } from "./estateLeverRows";
import { EstateRows, FIRST_MODEL_COLUMN, NO_PRICE } from "./estateRows";
import { addYearRows, FIGURE_NAMES } from "./estateYearRows";

/** The base name of the estate worksheet ("Estate (2)" for a second copy, as the other sheets'). */
export const ESTATE_SHEET_NAME = "Estate";

/** How it prints, in both writers: landscape, one page wide where readable, the headings repeated atop each page. */
export const ESTATE_PAGE_FIT: PageFit = {
  pagesTall: 0,
  margins: { left: 0.3, right: 0.3, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
};

/** Every defined name an estate sheet may carry, before any suffix: choosing a free suffix checks them all. */
export const ESTATE_BASE_NAMES: readonly string[] = [
  ...Object.values(TRAFFIC_NAMES),
  ...Object.values(FIGURE_NAMES),
  ESTATE_STALENESS_NAME,
];

/** The estate sheet. */
export interface EstateSheetLayout {
  rows: Row[];
  names: LayoutName[];
  columnWidths: number[];
  validations: CellValidation[];
  /** the answer and the models' names frozen with A:C; printed one page wide where readable */
  page: PageSetup & { frozenColumns: number; titleRows: string };
  /** the sheet row of each of the sheet's rows, by key */
  rowOf: Readonly<Record<string, number>>;
  /** where the levers landed, when any change is proposed */
  levers?: PlacedLevers;
}

/** Rows the answer takes: the master check, hours, money, two shares, two dominances, the first lever. */
const ANSWER_ROWS = 8;

/**
 * The estate sheet of `plan`, or the plan's first problem (nothing is written then). `nameSuffix` ("" or "_2", ...)
 * keeps the defined names unique when the workbook already holds an earlier copy.
 */
export function estateSheetLayout(plan: EstatePlan, nameSuffix = ""): EstateSheetLayout | Problem {
  const figures = estateFigures(plan);
  return isProblem(figures) ? figures : layoutOf(plan, figures, nameSuffix);
}

function layoutOf(plan: EstatePlan, figures: EstateFigures, nameSuffix: string): EstateSheetLayout {
  const { year, levers } = figures;
  const costFormat = moneyFormat(plan.currency);
  const sheet = new EstateRows(1, plan.models.length, (base) => base + nameSuffix);
  const count = plan.models.length;
  sheet.push([
    { value: `ML compute estate: ${count} model${count === 1 ? "" : "s"} on one plan's traffic`, role: "title" },
  ]);
  sheet.note(
    "Accelerator-hours a year, and money where every model is priced. Blue cells are inputs: change one and every " +
      "figure follows. A model a column; one formula a row; the estate in column B; checks at the foot.",
  );
  sheet.blank();
  const answerTop = sheet.blank(ANSWER_ROWS);
  sheet.blank();
  addModelHeader(sheet, plan);
  const frozenRows = sheet.lastRow;
  addTrafficInputs(sheet, plan);
  addModelInputs(sheet, plan);
  addYearRows(sheet, year, costFormat);
  const placedLevers = addLeverRows(sheet, levers, year, costFormat);
  const ledgerChecks = addLedgerRows(sheet, plan, figures, placedLevers, costFormat);
  const checks = addEstateChecks(sheet, plan, year, levers, placedLevers, ledgerChecks);
  fillAnswer(sheet, answerTop, figures, costFormat, masterCheckCell(checks), placedLevers);
  const widths = columnWidths(sheet.rows);
  return {
    rows: sheet.rows,
    names: sheet.names,
    columnWidths: widths,
    validations: sheet.validations,
    page: {
      frozenRows,
      frozenColumns: FIRST_MODEL_COLUMN,
      printArea: rangeAddress(0, 0, sheet.rows.length, widths.length),
      orientation: "landscape",
      titleRows: `$${frozenRows}:$${frozenRows}`,
    },
    rowOf: sheet.keys(),
    ...(placedLevers ? { levers: placedLevers } : {}),
  };
}

/**
 * The words of the lever ranked first: its lever's and its model's cells at the first rank 1 in `ranks`, in the
 * sheet's order (estateLevers' rows, equal ranks in the plan's order); three columns of the levers' rows. The
 * layout's tests recalculate it in the three engines (HyperFormula's INDEX reads a one-row range by rows, so the
 * builders' one-row cases cannot hold it).
 */
const firstRanked = (levers: string, models: string, ranks: string): string =>
  `INDEX(${levers},MATCH(1,${ranks},0))&", "&INDEX(${models},MATCH(1,${ranks},0))`;

/** A cell showing the estate's cell of the row `key`, caching what that one caches. */
function sameAs(sheet: EstateRows, key: string): LayoutCell {
  const shown = sheet.rows[sheet.rowOf(key) - sheet.top][1]!;
  return { formula: sheet.estateAt(key), cached: shown.cached, numberFormat: shown.numberFormat, role: "derived" };
}

/** The answer, in the rows reserved for it: the master check, the estate's hours and money, shares, halves, lever. */
function fillAnswer(
  sheet: EstateRows,
  top: number,
  figures: EstateFigures,
  costFormat: string,
  master: ReturnType<typeof masterCheckCell>,
  placed: PlacedLevers | undefined,
): void {
  const { year, levers } = figures;
  const b = (key: string) => sheet.estateAt(key);
  const money = (x: number | Problem | undefined) => x ?? NO_PRICE;
  const lines: [string, LayoutCell, string][] = [
    ["Check", master, "0 on every check row below"],
    ["The estate's accelerator-hours", figureCell(b("total"), year.total.hours, NUMBER_FORMAT.hours), "h a year"],
    ["The estate's money", figureCell(b("totalCost"), money(year.total.cost), costFormat), "a year"],
    [
      "Training's share of the hours",
      figureCell(b("trainingShare"), year.parts.training.hoursShare, NUMBER_FORMAT.share),
      "the most a training-side change can save",
    ],
    [
      "Training's share of the money",
      figureCell(b("trainingCostShare"), money(year.parts.training.costShare), NUMBER_FORMAT.share),
      "the same in money",
    ],
    ["Which half dominates, in hours", sameAs(sheet, "dominance"), ""],
    ["Which half dominates, in money", sameAs(sheet, "dominanceMoney"), ""],
  ];
  if (placed) {
    const first = levers.rows[0];
    const range = (letter: string) => `$${letter}$${placed.first}:$${letter}$${placed.last}`;
    lines.push([
      "The lever ranked first",
      figureCell(
        firstRanked(range("A"), range("B"), range("C")),
        `${first.label}, ${first.modelName}`,
        NUMBER_FORMAT.text,
      ),
      levers.rankedBy === "money" ? "by money saved" : "by hours saved",
    ]);
  }
  lines.forEach(([label, cell, unit], k) => {
    const row: Row = [{ value: label, role: k === 0 ? "crossover" : "label" }, cell];
    if (unit !== "") row.push({ value: unit, role: "unit" });
    sheet.setRow(top + k, row);
  });
}
