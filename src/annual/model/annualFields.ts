/*
 * The annual view's inputs, declared once as data, as PLAN_FIELDS declares the stage plan's:
 * what each is called, its unit, its check, its example value, the defined name that holds it in
 * a written sheet, and what a blank means where it may be left blank. The annual model's check,
 * the pane's form and the annual sheet's inputs block all read this list.
 *
 * Two choices, and why:
 * - Training overhead is a multiplier of 1 or more (1 = none), not a share: it is the stage
 *   plan's own field (PLAN_FIELDS' trainingOverhead), the domain states it that way ("a release
 *   that burns three abandoned runs and a sweep may cost 2-3x the winning run"), and a share would
 *   be ambiguous (a share of the winning run, or of all training?).
 * - A re-scan is a count of events and accelerator-hours each: the worked example states its
 *   re-scan in hours (44,400 h), and a planner who knows the back catalogue's clips instead gets
 *   the hours from =MLCOST.SERVINGHOURS(clips, seconds_per_clip). Re-scans are batch work, billed
 *   as consumed (no peak-to-mean), and no lever touches them.
 */
import { checkFactor, checkFraction, checkNonNegative, checkPositive } from "../../core/model/checks";
import { checkFields, FieldProduct, KeyedProblem } from "../../core/model/fieldChecks";
import { exampleOf, FieldGroupHeading, fieldOf, FieldSpec } from "../../core/model/fields";
import type { Quantity } from "../../core/model/fields";
import { SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../../core/model/units";

/** Days counted in the worked example's year: four quarters of 90 days. */
export const DAYS_PER_YEAR_COUNTED = 360;

/** What a planner states for the annual view: the system as it is, and the changes proposed. */
export interface AnnualPlan {
  /** accelerator-hours of one winning training run */
  trainingHoursPerRun: number;
  /** training runs (retrains) a year: the cadence */
  runsPerYear: number;
  /** failed runs and sweeps: multiplies training hours; 1 = none */
  trainingOverhead: number;
  /** accelerator-seconds of serving per clip */
  secondsPerClip: number;
  /** clips scored per second, averaged over the year */
  clipsPerSecond: number;
  /** days counted in a year (360: four quarters of 90 days) */
  daysPerYear: number;
  /** fleet held at peak: paid serving hours over consumed; 1 = billed as consumed */
  peakToMean: number;
  /** one-off re-scans of the back catalogue in the year (after a policy change) */
  rescanEvents: number;
  /** accelerator-hours of one re-scan */
  rescanHoursEach: number;
  /** the cadence lever: runs a year proposed */
  runsPerYearProposed: number;
  /** the run-length lever: accelerator-hours per run proposed; undefined = no change */
  trainingHoursPerRunProposed?: number;
  /** the overhead lever: failed runs and sweeps proposed (1 or more); undefined = no change */
  trainingOverheadProposed?: number;
  /** the service-time lever: accelerator-seconds per clip proposed; undefined = no change */
  secondsPerClipProposed?: number;
  /** the provisioning lever: peak-to-mean proposed (1 or more); undefined = no change */
  peakToMeanProposed?: number;
  /** the work-not-done lever: share of clips no longer scored (unchanged clips not re-scored), 0 to 1 */
  shareNotRescored?: number;
  /** price per accelerator-hour; undefined = hours only */
  pricePerHour?: number;
  /** currency of the price, as the planner writes it ("USD", "€") */
  currency?: string;
  /** where the price is from and when ("AWS on-demand, retrieved 2026-11-09"), kept beside it in the sheet */
  priceSource?: string;
}

/** A key of the annual plan whose field holds a number (every field but the currency and the price's source). */
export type AnnualNumberKey = {
  [K in keyof AnnualPlan]-?: NonNullable<AnnualPlan[K]> extends number ? K : never;
}[keyof AnnualPlan];

/**
 * The worked example of docs/cost-model.md, the annual form's defaults: 600 h a run, four runs
 * a year, 40 ms a clip, 250 clips/s, a year of four 90-day quarters, billed as consumed, no
 * re-scan yet (one of 44,400 h is the example's "one re-scan": set the events to 1); proposed:
 * retrain once a year, and 30 ms a clip. The other levers propose no change.
 */
export const EXAMPLE_ANNUAL_PLAN: AnnualPlan = {
  trainingHoursPerRun: 600,
  runsPerYear: 4,
  trainingOverhead: 1,
  secondsPerClip: 0.04,
  clipsPerSecond: 250,
  daysPerYear: DAYS_PER_YEAR_COUNTED,
  peakToMean: 1,
  rescanEvents: 0,
  rescanHoursEach: 44_400,
  runsPerYearProposed: 1,
  secondsPerClipProposed: 0.03,
};

/** What kind of quantity an annual field holds: the plan's kinds, plus a count and a share from 0 to 1. */
export type AnnualQuantity = Quantity | "count" | "share";

/** Where an annual field sits: the form's fieldsets and the sheet's input sections, in order. */
export type AnnualFieldGroup = "training" | "serving" | "honesty" | "rescans" | "levers" | "money";

/**
 * The headings of the annual groups, in the order the form and the sheet show them. The advanced ones (the
 * honesty factors, re-scans, money) are folded in the pane until opened, their values on the fold's line.
 */
export const ANNUAL_FIELD_GROUPS: readonly FieldGroupHeading<AnnualFieldGroup>[] = [
  { group: "training", heading: "Training" },
  { group: "serving", heading: "Serving" },
  { group: "honesty", heading: "Honesty factors (optional)", folded: true },
  { group: "rescans", heading: "One-off re-scans (optional)", folded: true },
  { group: "levers", heading: "Proposed changes (levers)" },
  { group: "money", heading: "Money (optional)", folded: true },
];

/** One field of an AnnualPlan: the same shape as a PlanField, with a count and a share too. */
export type AnnualField = FieldSpec<keyof AnnualPlan, AnnualFieldGroup, AnnualQuantity>;

/** Every annual field, in the order the form and the sheet show them. Names differ from the stage sheet's. */
export const ANNUAL_FIELDS: readonly AnnualField[] = [
  {
    key: "trainingHoursPerRun",
    label: "Training run",
    unit: "accelerator-hours per run",
    quantity: "hours",
    group: "training",
    check: checkNonNegative,
    definedName: "HoursPerRun",
  },
  {
    key: "runsPerYear",
    label: "Runs per year (cadence)",
    unit: "runs a year",
    quantity: "count",
    group: "training",
    check: checkNonNegative,
    definedName: "RunsPerYear",
  },
  {
    key: "trainingOverhead",
    label: "Training overhead: failed runs and sweeps",
    unit: "× (1 = none)",
    quantity: "factor",
    group: "honesty",
    check: checkFactor,
    definedName: "RunOverhead",
    shortLabel: "overhead",
  },
  {
    key: "secondsPerClip",
    label: "Serving time per clip",
    unit: "accelerator-seconds",
    quantity: "seconds",
    group: "serving",
    check: checkNonNegative,
    definedName: "ServingSecondsPerClip",
  },
  {
    key: "clipsPerSecond",
    label: "Clips per second",
    unit: "clips per second, averaged over the year",
    quantity: "clipsPerSecond",
    group: "serving",
    check: checkNonNegative,
    definedName: "MeanClipsPerSecond",
  },
  {
    key: "daysPerYear",
    label: "Days counted in a year",
    unit: "days (360 = four quarters of 90 days)",
    quantity: "days",
    group: "serving",
    check: checkPositive,
    definedName: "DaysPerYear",
  },
  {
    key: "peakToMean",
    label: "Peak-to-mean provisioning for serving",
    unit: "× (1 = billed as consumed)",
    quantity: "factor",
    group: "honesty",
    check: checkFactor,
    definedName: "ServingPeakToMean",
    shortLabel: "peak-to-mean",
  },
  {
    key: "rescanEvents",
    label: "Re-scans of the back catalogue",
    unit: "events a year",
    quantity: "count",
    group: "rescans",
    check: checkNonNegative,
    definedName: "RescanEvents",
    shortLabel: "re-scans",
  },
  {
    key: "rescanHoursEach",
    label: "Hours per re-scan",
    unit: "accelerator-hours each",
    quantity: "hours",
    group: "rescans",
    check: checkNonNegative,
    definedName: "RescanHoursEach",
    shortLabel: "hours each",
  },
  {
    key: "runsPerYearProposed",
    label: "Runs per year, proposed",
    unit: "runs a year",
    quantity: "count",
    group: "levers",
    check: checkNonNegative,
    definedName: "ProposedRunsPerYear",
  },
  {
    key: "trainingHoursPerRunProposed",
    label: "Training run, proposed",
    unit: "accelerator-hours per run",
    quantity: "hours",
    group: "levers",
    check: checkNonNegative,
    definedName: "ProposedHoursPerRun",
    blankMeans: "no change",
  },
  {
    key: "trainingOverheadProposed",
    label: "Training overhead, proposed",
    unit: "× (1 = none)",
    quantity: "factor",
    group: "levers",
    check: checkFactor,
    definedName: "ProposedRunOverhead",
    blankMeans: "no change",
  },
  {
    key: "secondsPerClipProposed",
    label: "Serving time per clip, proposed",
    unit: "accelerator-seconds",
    quantity: "seconds",
    group: "levers",
    check: checkNonNegative,
    definedName: "ProposedSecondsPerClip",
    shortLabel: "proposed time per clip",
    blankMeans: "no change",
  },
  {
    key: "peakToMeanProposed",
    label: "Peak-to-mean provisioning, proposed",
    unit: "× (1 = billed as consumed)",
    quantity: "factor",
    group: "levers",
    check: checkFactor,
    definedName: "ProposedPeakToMean",
    shortLabel: "proposed peak-to-mean",
    blankMeans: "no change",
  },
  {
    key: "shareNotRescored",
    label: "Clips not re-scored (unchanged content and policy)",
    unit: "share of clips, 0 to 1",
    quantity: "share",
    group: "levers",
    check: checkFraction,
    definedName: "ShareNotRescored",
    shortLabel: "clips not re-scored",
    blankMeans: "none",
  },
  {
    key: "pricePerHour",
    label: "Price per accelerator-hour",
    unit: "per accelerator-hour",
    quantity: "price",
    group: "money",
    check: checkNonNegative,
    definedName: "AnnualPricePerHour",
    shortLabel: "price",
    blankMeans: "hours only",
  },
  {
    key: "currency",
    label: "Currency",
    unit: "e.g. USD, €",
    quantity: "text",
    group: "money",
    definedName: "AnnualCurrency",
    shortLabel: "currency",
    blankMeans: "none",
  },
  {
    key: "priceSource",
    label: "Price source",
    unit: "where the price is from, and its date",
    quantity: "text",
    group: "money",
    definedName: "AnnualPriceSource",
    shortLabel: "source",
    blankMeans: "none",
    maxLength: 160,
  },
];

/** The annual field of `key`. */
export function annualField(key: keyof AnnualPlan): AnnualField {
  return fieldOf(ANNUAL_FIELDS, key);
}

/** An annual field's example value (the worked example's), as the form first shows it; "" where blank. */
export function annualExampleValue(field: AnnualField): number | string {
  return exampleOf(EXAMPLE_ANNUAL_PLAN, field);
}

/** A problem with one field of an annual plan, naming it by its label. */
export type AnnualFieldProblem = KeyedProblem<keyof AnnualPlan>;

/**
 * Products of fields that the annual figures rest on, each (times `scale`) to fit a double; one
 * too large is the last field's problem. The sums and the levers are checked where they are
 * computed (annualTable, leversTable), as a problem of the whole plan.
 */
const ANNUAL_PRODUCTS: readonly FieldProduct<keyof AnnualPlan>[] = [
  { factors: ["runsPerYear", "trainingOverhead", "trainingHoursPerRun"], unit: "accelerator-hours" },
  { factors: ["clipsPerSecond", "daysPerYear"], unit: "clips", multiplier: SECONDS_PER_DAY },
  { factors: ["secondsPerClip", "peakToMean"], unit: "accelerator-hours per clip", divisor: SECONDS_PER_HOUR },
  { factors: ["rescanEvents", "rescanHoursEach"], unit: "accelerator-hours" },
];

/**
 * Checks every numeric field of `plan` with its own check and label, then the products of fields
 * the figures rest on; every problem found, naming the fields by their labels. A blank optional
 * field (undefined) is not checked.
 * @example checkAnnualPlan({ ...EXAMPLE_ANNUAL_PLAN, runsPerYear: -1 })[0].key // "runsPerYear"
 */
export function checkAnnualPlan(plan: Partial<AnnualPlan>): AnnualFieldProblem[] {
  return checkFields(plan, ANNUAL_FIELDS, ANNUAL_PRODUCTS);
}
