/**
 * annual/model's face: the annual figures the functions compute and the example plan the help page works through.
 * Import this, never a file behind it.
 */
export { leverSaving } from "./levers";
export { trainingShare } from "./annual";
export { EXAMPLE_ANNUAL_PLAN } from "./annualFields";
// Both ledgers (src/ledgers) weigh the year's cadence lever against what a staler model costs.
export { annualFigures } from "./levers";
export type { AnnualFigures } from "./levers";
export { DAYS_PER_YEAR_COUNTED } from "./annualFields";
export type { AnnualPlan } from "./annualFields";
