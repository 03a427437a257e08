/*
 * The cadence sensitivity as a table of formulas (ledgers.ts's sensitivityOf; docs/cost-model.md, "Both ledgers"):
 * retrain every 1..12 months, the run's cost a month, the staleness a month and both ledgers' total, each row over
 * the cells its caller gives (a run's cost and the clips a month, the drift and the cost of one error used, the
 * counted flag), in columns A to E from sheet row `first`. The staleness and the total read "not counted" while the
 * ledger is not (whenCounted); each cell caches the model's figure (ledgerColumn.ts).
 */
import type { LayoutCell } from "../../core/sheet/cell";
import { isProblem, Problem } from "../../core/model/problems";
import { figureCell, Row } from "../../core/sheet/rows";
import { SENSITIVITY_CADENCES } from "../model/ledgers";
import { LEDGER_FIELDS } from "../model/ledgerFields";
import { cadenceMonthlyCost, stalenessPerMonth, whenCounted } from "./ledgerFormulas";
import { LedgerColumnFigures, sheetStaleness } from "./ledgerColumn";

/** What a ledger figure caches while drift or the cost of one error is blank: whenCounted's words. */
const NOT_COUNTED = LEDGER_FIELDS.find((field) => field.key === "driftPerMonth")!.blankMeans!;

/**
 * A ledger figure's cached value: the model's where the ledger is counted, else whenCounted's "not counted".
 * @example notCountedOr(false, () => 129.6) // "not counted"
 */
export const notCountedOr = (counted: boolean, value: () => number | Problem): number | string | Problem =>
  counted ? value() : NOT_COUNTED;

/** The cells the table reads, and whether (and at what drift and cost of one error) the model counts the ledger. */
export interface CadenceTableCells {
  runCost: string;
  clips: string;
  drift: string;
  costPerError: string;
  /** the flag, 1 where the staleness ledger is counted */
  counted: string;
}

/** The model's side of the table: the column's figures, the drift and cost of an error, whether counted. */
export interface CadenceTableModel {
  column: LedgerColumnFigures;
  drift: number;
  costPerError: number;
  isCounted: boolean;
}

/** A column heading over figures: right-aligned, as they are. */
const rightHeader = (value: string): LayoutCell => ({ value, role: "header", align: "right" });

/**
 * The table's header row and its 12 cadences from sheet row `first` (the header's), in `money`'s format: retrain
 * every k months (B), the run's cost over k (C), the staleness a month at k (D) and their total (E).
 */
export function cadenceTableRows(first: number, cells: CadenceTableCells, model: CadenceTableModel, money: string) {
  const { column, drift, costPerError, isCounted } = model;
  const counts = (figure: string) => whenCounted(cells.counted, figure);
  const header: Row = [
    { value: "Retrain every", role: "header" },
    rightHeader("months"),
    rightHeader("Training a month"),
    rightHeader("Staleness a month"),
    rightHeader("Total a month"),
  ];
  const rows = SENSITIVITY_CADENCES.map((months, i): Row => {
    const r = first + 1 + i;
    const training = isProblem(column.runCost) ? column.runCost : column.runCost / months;
    return [
      { value: months === 1 ? "1 month" : `${months} months`, role: "label" },
      { value: months, role: "derived", numberFormat: "0" },
      figureCell(`${cells.runCost}/B${r}`, training, money),
      figureCell(
        counts(stalenessPerMonth(cells.clips, cells.drift, cells.costPerError, `B${r}`)),
        notCountedOr(isCounted, () => sheetStaleness(column.clips, drift, costPerError, months)),
        money,
      ),
      figureCell(
        counts(cadenceMonthlyCost(cells.runCost, `B${r}`, `D${r}`)),
        notCountedOr(isCounted, () => column.costOf(months)),
        money,
      ),
    ];
  });
  return [header, ...rows];
}
