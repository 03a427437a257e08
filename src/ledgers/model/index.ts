/**
 * ledgers/model's face: both ledgers (the compute a cadence costs against what a staler model costs in review and
 * harm), their inputs as data, the functions' formulas, and each view's figures. Import this, never a file behind it.
 */
export { NO_DRIFT, economicCadence, stalenessCost } from "./staleness";
export {
  EXAMPLE_LEDGER_INPUTS,
  LEDGER_FIELDS,
  LEDGER_FIELD_GROUPS,
  ONE_LEDGER_ONLY,
  checkLedgerInputs,
  errorCost,
  ledgerGiven,
  MINUTES_PER_HOUR,
} from "./ledgerFields";
export type { LedgerField, LedgerInputs } from "./ledgerFields";
export { SENSITIVITY_CADENCES, cadenceOfRuns, ledgerFigures } from "./ledgers";
export type {
  CadenceChangeFigures,
  CadenceRow,
  EconomicCadence,
  LedgerFigures,
  LedgerNotCounted,
  LedgerSetting,
} from "./ledgers";
export { NO_PRICE, annualLedgers, everyMonths, runCostOf, stageLedgers } from "./ledgerSettings";
