/*
 * The commitment sheet as plain data (cells, roles, number formats, widths, names, validation, page setup), laid out
 * as a reviewer reads a model (the estate sheet's standard): the answer first (the master check, the commitment to
 * buy, its cost, all on demand, the saving, coverage and utilisation), then the blue inputs, the demand table, the
 * candidates, one formula a row over them, and the checks at the foot. Every formula caches the model's value
 * (cheapestCommitment); test/commitments/sheet recalculates the sheet in HyperFormula, IronCalc and LibreOffice
 * against it.
 */
import { cheapestCommitment, CommitmentAnswer } from "../model";
import { isProblem, Problem } from "../../core/model/problems";
import { rangeAddress } from "../../core/excel/a1";
import { masterCheckCell, PlacedChecks } from "../../core/sheet/checks";
import { moneyFormat } from "../../core/sheet/formats";
import { Row } from "../../core/sheet/rows";
import { LayoutName, PageSetup } from "../../core/sheet/sheetBasics";
import { columnWidths } from "../../core/sheet/widths";
import type { LayoutCell } from "../../core/sheet/cell";
import type { CellValidation } from "../../core/writers/finish";
import type { PageFit } from "../../core/writers/pageFinish";
import { addCommitmentChecks } from "./commitmentChecks";
import { addCandidates, addCommitmentFigures } from "./commitmentFigures";
import { addCommitmentInputs, addDemandTable, CommitmentSheetPlan } from "./commitmentInputs";
import { COMMITMENT_NAMES, CommitmentRows } from "./commitmentRows";

/** The base name of the worksheet ("Commitment (2)" for a second copy, as the other sheets'). */
export const COMMITMENT_SHEET_NAME = "Commitment";

/** How it prints, in both writers: portrait, one page wide. */
export const COMMITMENT_PAGE_FIT: PageFit = {
  pagesTall: 0,
  margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
};

/** Every defined name the sheet may carry, before any suffix: choosing a free suffix checks them all. */
export const COMMITMENT_BASE_NAMES: readonly string[] = Object.values(COMMITMENT_NAMES);

/** The commitment sheet. */
export interface CommitmentSheetLayout {
  rows: Row[];
  names: LayoutName[];
  columnWidths: number[];
  validations: CellValidation[];
  page: PageSetup;
  /** the sheet row of each of the sheet's rows, by key */
  rowOf: Readonly<Record<string, number>>;
}

/** The answer's rows: its label, the figure row it shows, and its unit. */
const ANSWER: readonly [string, string, string][] = [
  ["Commit", "committed", "accelerators: the cheapest whole commitment"],
  ["Cost with it", "totalCost", "the commitment and on demand above it"],
  ["All on demand", "allOnDemand", ""],
  ["Saving against all on demand", "saving", ""],
  ["Saving, share", "savingShare", "of all on demand"],
  ["Coverage", "coverage", "used commitment / demand"],
  ["Utilisation", "utilisation", "used commitment / committed"],
];

/**
 * The sheet of `plan`, or the model's problem with it (nothing is written then). `nameSuffix` ("" or "_2", ...)
 * keeps the defined names unique when the workbook already holds an earlier copy.
 */
export function commitmentSheetLayout(plan: CommitmentSheetPlan, nameSuffix = ""): CommitmentSheetLayout | Problem {
  const answer = cheapestCommitment(plan);
  return isProblem(answer) ? answer : layoutOf(plan, answer, nameSuffix);
}

function layoutOf(plan: CommitmentSheetPlan, a: CommitmentAnswer, nameSuffix: string): CommitmentSheetLayout {
  const money = moneyFormat(plan.currency);
  const sheet = new CommitmentRows(1, (base) => base + nameSuffix);
  sheet.push([{ value: "The commitment to buy: how many accelerators to reserve", role: "title" }]);
  sheet.note(
    "The cheapest whole commitment against hourly demand: the level exceeded in at most a (1 - discount) share of " +
      "the hours. Blue cells are inputs. Checks at the foot.",
  );
  sheet.blank();
  const answerTop = sheet.blank(ANSWER.length + 1);
  addCommitmentInputs(sheet, plan);
  const table = addDemandTable(sheet, plan);
  const candidates = addCandidates(sheet, plan, table, money);
  addCommitmentFigures(sheet, plan, a, table, candidates, money);
  const checks = addCommitmentChecks(sheet, plan, a, table, candidates, money);
  fillAnswer(sheet, answerTop, checks);
  const widths = columnWidths(sheet.rows);
  return {
    rows: sheet.rows,
    names: sheet.names,
    columnWidths: widths,
    validations: sheet.validations,
    page: {
      frozenRows: answerTop + ANSWER.length,
      printArea: rangeAddress(0, 0, sheet.rows.length, widths.length),
      orientation: "portrait",
    },
    rowOf: sheet.keys(),
  };
}

/** A cell showing the figure of the row `key`, caching what that one caches. */
function sameAs(sheet: CommitmentRows, key: string): LayoutCell {
  const shown = sheet.rows[sheet.rowOf(key) - sheet.top][1]!;
  return { formula: sheet.valueAt(key), cached: shown.cached, numberFormat: shown.numberFormat, role: "derived" };
}

/** The answer, in the rows reserved for it: the master check, then each answer row. */
function fillAnswer(sheet: CommitmentRows, top: number, checks: PlacedChecks): void {
  sheet.setRow(top, [
    { value: "Check", role: "crossover" },
    masterCheckCell(checks),
    { value: "0 on every check row below", role: "unit" },
  ]);
  ANSWER.forEach(([label, key, unit], k) => {
    const row: Row = [{ value: label, role: "label" }, sameAs(sheet, key)];
    if (unit !== "") row.push({ value: unit, role: "unit" });
    sheet.setRow(top + 1 + k, row);
  });
}
