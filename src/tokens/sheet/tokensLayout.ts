/*
 * The "API or fleet" sheet as plain data (cells, roles, number formats, widths, names, validation, page setup), laid
 * out as a reviewer reads a model (the estate sheet's standard): the answer first (the master check, the cheaper
 * way, both costs a month, the crossover and the month the fleet becomes cheaper as traffic grows), then the blue
 * inputs a group a section, one formula a row over them, the table of both costs against volume, and the checks at
 * the foot. Every formula caches the model's value
 * (tokenComparison); test/tokens/sheet recalculates the sheet in HyperFormula, IronCalc and LibreOffice against it.
 */
import { checkTokenPlan, TOKEN_FIELDS, tokenComparison, TokenComparison, TokenPlan } from "../model";
import { isProblem, Problem } from "../../core/model/problems";
import { rangeAddress } from "../../core/excel/a1";
import { masterCheckCell, PlacedChecks } from "../../core/sheet/checks";
import { moneyFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell, Row } from "../../core/sheet/rows";
import { LayoutName, PageSetup } from "../../core/sheet/sheetBasics";
import { columnWidths } from "../../core/sheet/widths";
import type { LayoutCell } from "../../core/sheet/cell";
import type { CellValidation } from "../../core/writers/finish";
import type { PageFit } from "../../core/writers/pageFinish";
import { addTokenChecks } from "./tokensChecks";
import { addTokenFigures, CHEAPER_WORDS } from "./tokensFigures";
import { addTokenInputs } from "./tokensInputs";
import { TOKENS_NAMES, TokensRows } from "./tokensRows";

/** The base name of the worksheet ("API or fleet (2)" for a second copy, as the other sheets'). */
export const TOKENS_SHEET_NAME = "API or fleet";

/** How it prints, in both writers: portrait, one page wide. */
export const TOKENS_PAGE_FIT: PageFit = {
  pagesTall: 0,
  margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
};

/** Every defined name the sheet may carry, before any suffix: choosing a free suffix checks them all. */
export const TOKENS_BASE_NAMES: readonly string[] = [
  ...TOKEN_FIELDS.map((f) => f.definedName),
  ...Object.values(TOKENS_NAMES),
];

/** The "API or fleet" sheet. */
export interface TokensSheetLayout {
  rows: Row[];
  names: LayoutName[];
  columnWidths: number[];
  validations: CellValidation[];
  page: PageSetup;
  /** the sheet row of each of the sheet's rows, by key */
  rowOf: Readonly<Record<string, number>>;
}

/** Rows the answer takes: the master check, the cheaper way, both costs a month, the crossover, its month. */
const ANSWER_ROWS = 6;

/**
 * The sheet of `plan`, or the plan's first problem (nothing is written then). `nameSuffix` ("" or "_2", ...) keeps
 * the defined names unique when the workbook already holds an earlier copy.
 */
export function tokensSheetLayout(plan: TokenPlan, nameSuffix = ""): TokensSheetLayout | Problem {
  const found = checkTokenPlan(plan);
  if (found.length > 0) return found[0].problem;
  const comparison = tokenComparison(plan);
  return isProblem(comparison) ? comparison : layoutOf(plan, comparison, nameSuffix);
}

function layoutOf(plan: TokenPlan, c: TokenComparison, nameSuffix: string): TokensSheetLayout {
  const money = moneyFormat(plan.currency);
  const sheet = new TokensRows(1, (base) => base + nameSuffix);
  sheet.push([{ value: "Serving bought by the token: the API or your own fleet", role: "title" }]);
  sheet.note(
    "Cost a month both ways at the traffic, and the volume from which the fleet is cheaper. Blue cells are inputs: " +
      "change one and every figure follows. Checks at the foot.",
  );
  sheet.blank();
  const answerTop = sheet.blank(ANSWER_ROWS);
  addTokenInputs(sheet, plan);
  addTokenFigures(sheet, plan, c, money);
  const checks = addTokenChecks(sheet, plan, c, money);
  fillAnswer(sheet, answerTop, c, money, checks);
  const widths = columnWidths(sheet.rows);
  return {
    rows: sheet.rows,
    names: sheet.names,
    columnWidths: widths,
    validations: sheet.validations,
    page: {
      frozenRows: answerTop + ANSWER_ROWS - 1,
      printArea: rangeAddress(0, 0, sheet.rows.length, widths.length),
      orientation: "portrait",
    },
    rowOf: sheet.keys(),
  };
}

/** A cell showing the figure of the row `key`, caching what that one caches. */
function sameAs(sheet: TokensRows, key: string): LayoutCell {
  const shown = sheet.rows[sheet.rowOf(key) - sheet.top][1]!;
  return { formula: sheet.valueAt(key), cached: shown.cached, numberFormat: shown.numberFormat, role: "derived" };
}

/** The answer, in the rows reserved for it. */
function fillAnswer(sheet: TokensRows, top: number, c: TokenComparison, money: string, checks: PlacedChecks): void {
  const lines: [string, LayoutCell, string][] = [
    ["Check", masterCheckCell(checks), "0 on every check row below"],
    ["Cheaper at the traffic", figureCell(sheet.valueAt("cheaper"), CHEAPER_WORDS[c.cheaper], NUMBER_FORMAT.text), ""],
    ["The API's cost a month", figureCell(sheet.valueAt("apiMonth"), c.apiMonth, money), "at the traffic"],
    ["The fleet's cost a month", figureCell(sheet.valueAt("fleetMonth"), c.fleetMonth.cost, money), "at the traffic"],
    ["The crossover", sameAs(sheet, "crossover"), "requests a month; #N/A: none (see Why below)"],
    ["The month the fleet becomes cheaper", sameAs(sheet, "cheaperMonth"), "as traffic grows; #N/A: none"],
  ];
  lines.forEach(([label, cell, unit], k) => {
    const row: Row = [{ value: label, role: k === 0 ? "crossover" : "label" }, cell];
    if (unit !== "") row.push({ value: unit, role: "unit" });
    sheet.setRow(top + k, row);
  });
}
