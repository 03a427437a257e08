/**
 * estate/model's face: several models on one plan's traffic, their year against the whole estate, and the
 * levers ranked across it. Import this, never a file behind it.
 */
export {
  CADENCE_UNITS,
  ESTATE_FIELDS,
  ESTATE_FIELD_GROUPS,
  MAX_ESTATE_MODELS,
  MODEL_NAME_MAX_LENGTH,
  TRAFFIC_FIELDS,
  annualPlanOf,
  checkEstate,
  checkEstateModel,
  ESTATE_LEDGER_FIELDS,
  estateField,
  ledgerOf,
  estateOfAnnualPlan,
  runsPerYearOf,
} from "./estateFields";
export type {
  CadenceUnit,
  EstateField,
  EstateFieldGroup,
  EstateModel,
  EstateNumberKey,
  EstatePlan,
  EstateProblem,
  EstateTraffic,
} from "./estateFields";
export { ESTATE_PARTS, ESTATE_PART_SPECS, estateProblemText, estateYear } from "./estate";
export type { EstatePart, EstateYear, ModelFigures, PartFigures } from "./estate";
export { ESTATE_OWN_LEVERS, estateFigures, estateLevers } from "./estateLevers";
export type { EstateFigures, EstateLeverId, EstateLeverPart, EstateLeverRow, EstateLevers } from "./estateLevers";
export { estateLedgers, leverLedger } from "./estateLedgers";
export type { EstateLedgers, LeverLedger, ModelLedger } from "./estateLedgers";
export { modelServingHours } from "./modelServing";
export { EXAMPLE_ESTATE } from "./estateExample";
