/**
 * annual/model's face: the annual figures the functions compute and the example plan the help page works through.
 * Import this, never a file behind it.
 */
export { leverSaving } from "./levers";
// The token view (src/tokens) offers the same dated accelerator prices beside its API presets.
export { PRICE_PRESETS } from "./pricePresets";
export type { PricePreset } from "./pricePresets";
export { trainingShare } from "./annual";
export { EXAMPLE_ANNUAL_PLAN } from "./annualFields";
// The estate (src/estate/model) lays a year of each of several models side by side: one model's year, its
// levers and its field rows are these, reused rather than restated. Both ledgers (src/ledgers) weigh the
// year's cadence lever against what a staler model costs.
export { annualHours, annualTable, hoursRatio } from "./annual";
export type { AnnualHours, AnnualInputs, AnnualTable } from "./annual";
export { LEVERS, LEVER_PARTS, annualFigures, leversTable, savingRanks } from "./levers";
export type { AnnualFigures, LeverId, LeverPart, LeverRow } from "./levers";
export { ANNUAL_FIELDS, DAYS_PER_YEAR_COUNTED, annualField, checkAnnualPlan } from "./annualFields";
export type { AnnualField, AnnualPlan } from "./annualFields";
