/*
 * The economic cadence as a sheet states it, one figure a row (ledgers.ts's economicOf): the real cadence, its whole
 * months below and above, what each costs a month (both ledgers), the better of the two and its cost. Declared once
 * as data, each figure's formula over the column's cells and the figures above it, and the value it caches from the
 * model (ledgerColumn.ts), so a sheet that writes a column of them (the what-if's, a column a scenario) gives only
 * its words and formats.
 */
import type { Problem } from "../../core/model/problems";
import {
  bestWholeMonth,
  bestWholeMonthCost,
  economicCadence,
  wholeMonthAbove,
  wholeMonthBelow,
} from "./ledgerFormulas";
import type { LedgerColumnFigures } from "./ledgerColumn";

/** The figures of the chain, in the order a sheet writes them. */
export const ECONOMIC_KEYS = ["economic", "below", "above", "costBelow", "costAbove", "best", "bestCost"] as const;

/** One figure of the chain. */
export type EconomicKey = (typeof ECONOMIC_KEYS)[number];

/** What a figure is: a real cadence, whole months, or money a month. */
export type EconomicQuantity = "realMonths" | "wholeMonths" | "moneyAMonth";

/** The cells of one column a figure's formula reads. */
export interface EconomicCells {
  runCost: string;
  clips: string;
  drift: string;
  costPerError: string;
  /** both ledgers a month at a cadence of `months` (a cell), in this column */
  monthly: (months: string) => string;
}

/** A figure of the chain: its quantity, its formula over the column's cells and the figures above, its cached value. */
export interface EconomicFigure {
  key: EconomicKey;
  quantity: EconomicQuantity;
  formula: (cells: EconomicCells, above: Record<EconomicKey, string>) => string;
  value: (column: LedgerColumnFigures) => number | Problem;
}

/** The chain, figure by figure. */
export const ECONOMIC_FIGURES: readonly EconomicFigure[] = [
  {
    key: "economic",
    quantity: "realMonths",
    formula: (c) => economicCadence(c.runCost, c.clips, c.drift, c.costPerError),
    value: (m) => m.economic,
  },
  { key: "below", quantity: "wholeMonths", formula: (_, a) => wholeMonthBelow(a.economic), value: (m) => m.below },
  { key: "above", quantity: "wholeMonths", formula: (_, a) => wholeMonthAbove(a.economic), value: (m) => m.above },
  { key: "costBelow", quantity: "moneyAMonth", formula: (c, a) => c.monthly(a.below), value: (m) => m.costBelow },
  { key: "costAbove", quantity: "moneyAMonth", formula: (c, a) => c.monthly(a.above), value: (m) => m.costAbove },
  {
    key: "best",
    quantity: "wholeMonths",
    formula: (_, a) => bestWholeMonth(a.below, a.above, a.costBelow, a.costAbove),
    value: (m) => m.best.months,
  },
  {
    key: "bestCost",
    quantity: "moneyAMonth",
    formula: (_, a) => bestWholeMonthCost(a.costBelow, a.costAbove),
    value: (m) => m.best.cost,
  },
];
