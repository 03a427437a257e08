/**
 * ledgers/sheet's face: both ledgers in Excel's language, one builder a model formula (ledgerFormulas.ts), for the
 * sheets that state them (the annual sheet once, the what-if sheet once a scenario), each over the cell references
 * its caller gives. Import this, never a file behind it.
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
export { LEDGER_DRIFT_FORMAT, ledgerFieldFormat, ledgerInputCell } from "./ledgerInputCells";
