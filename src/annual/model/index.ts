/**
 * annual/model's face: the annual figures the functions compute and the example plan the help page works through.
 * Import this, never a file behind it.
 */
export { leverSaving } from "./levers";
export { trainingShare } from "./annual";
export { EXAMPLE_ANNUAL_PLAN } from "./annualFields";
