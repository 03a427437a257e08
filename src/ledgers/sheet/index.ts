/**
 * ledgers/sheet's face: both ledgers in Excel's language, one builder a model formula (ledgerFormulas.ts), their
 * blue input cells and validation (ledgerInputCells.ts), their checks (ledgerChecks.ts), the values a column of
 * their figures caches (ledgerColumn.ts), the economic cadence's chain of figures (economicChain.ts) and the cadence
 * sensitivity table (cadenceTable.ts), for the sheets that state them (the annual sheet once, the what-if sheet once
 * a scenario), each over the cell references its caller gives. Import this, never a file behind it.
 */
export {
  bestWholeMonth,
  bestWholeMonthCost,
  cadenceMonthlyCost,
  cadenceOfRuns,
  changeSaving,
  economicCadence,
  ledgerCounted,
  ledgerErrorCost,
  netPerYear,
  perYear,
  runCost,
  stalenessAdded,
  stalenessPerMonth,
  wholeMonthAbove,
  wholeMonthBelow,
  whenCounted,
} from "./ledgerFormulas";
export { LEDGER_DRIFT_FORMAT, ledgerFieldFormat, ledgerInputCell, ledgerInputValidation } from "./ledgerInputCells";
export { ledgerBoundChecks, ledgerChecks } from "./ledgerChecks";
export type { CheckWords, LedgerCheckCells, LedgerCheckStyle, LedgerCheckValues } from "./ledgerChecks";
export {
  againstBase,
  ledgerColumnFigures,
  savingAgainstBase,
  sheetMonthlyCost,
  sheetStaleness,
  yearOf,
} from "./ledgerColumn";
export type { AgainstBase, LedgerColumnFigures, LedgerColumnSetting } from "./ledgerColumn";
export { cadenceTableRows, notCountedOr } from "./cadenceTable";
export type { CadenceTableCells, CadenceTableModel } from "./cadenceTable";
export { ECONOMIC_FIGURES, ECONOMIC_KEYS } from "./economicChain";
export type { EconomicCells, EconomicFigure, EconomicKey, EconomicQuantity } from "./economicChain";
