/*
 * The fields of a Plan, declared once: what each is called, its unit, its check, its example
 * value, the defined name that holds it in a written sheet, and what a blank means where it may
 * be left blank. The model's plan check, the task pane's form and the sheet layout all read
 * this list; a new input is one row here plus its use in a formula.
 */
import { checkDivisor, checkFactor, checkNonNegative, checkPositive } from "../../core/model/checks";
import { checkFields, FieldProduct, KeyedProblem } from "../../core/model/fieldChecks";
import { exampleOf, FieldGroupHeading, fieldOf, FieldSpec } from "../../core/model/fields";
import { SECONDS_PER_DAY } from "../../core/model/units";
import { EXAMPLE_PLAN, Plan } from "./plan";

/** Where a field sits: the form's fieldsets and the sheet's input sections follow these, in order. */
export type FieldGroup = "system" | "stages" | "honesty" | "money";

/** The headings of the groups, in the order the form and the sheet show them. */
export const FIELD_GROUPS: readonly FieldGroupHeading<FieldGroup>[] = [
  { group: "system", heading: "Your system" },
  {
    group: "stages",
    heading: "Traffic at each stage",
    note:
      "Prototype is a few thousand evaluation clips; Launch, left blank, sits at the crossover. The cost " +
      "model's 5,000,000 and 540,000,000 rows lie between the stages: type one as Launch to see it.",
  },
  { group: "honesty", heading: "Honesty factors (optional)", folded: true },
  { group: "money", heading: "Money (optional)", folded: true },
];

/** One field of a Plan. */
export type PlanField = FieldSpec<keyof Plan, FieldGroup>;

const positive = (value: number, label: string) => checkDivisor(value, label);

/** Every field, in the order the form and the sheet show them. */
export const PLAN_FIELDS: readonly PlanField[] = [
  {
    key: "trainingHours",
    label: "Training run per retrain",
    unit: "accelerator-hours",
    quantity: "hours",
    group: "system",
    check: checkNonNegative,
    definedName: "TrainingHours",
  },
  {
    key: "secondsPerClip",
    label: "Serving time per clip",
    unit: "accelerator-seconds",
    quantity: "seconds",
    group: "system",
    check: positive,
    definedName: "SecondsPerClip",
  },
  {
    key: "intervalDays",
    label: "Retrain interval",
    unit: "days",
    quantity: "days",
    group: "system",
    check: checkPositive,
    definedName: "IntervalDays",
  },
  {
    key: "prototypeClips",
    label: "Prototype: clips per interval",
    unit: "clips",
    quantity: "clips",
    group: "stages",
    check: checkNonNegative,
    definedName: "PrototypeClips",
  },
  {
    key: "launchClips",
    label: "Launch: clips per interval",
    unit: "clips",
    quantity: "clips",
    group: "stages",
    check: checkNonNegative,
    definedName: "LaunchClips",
    blankMeans: "the crossover",
  },
  {
    key: "clipsPerSecond",
    label: "Scale: clips per second",
    unit: "clips per second, averaged",
    quantity: "clipsPerSecond",
    group: "stages",
    check: checkNonNegative,
    definedName: "ClipsPerSecond",
  },
  {
    key: "scaleClips",
    label: "Scale: clips per interval",
    unit: "clips",
    quantity: "clips",
    group: "stages",
    check: checkNonNegative,
    definedName: "ScaleClips",
    blankMeans: "clips per second × interval",
  },
  {
    key: "trainingOverhead",
    label: "Training overhead: failed runs and sweeps",
    shortLabel: "overhead",
    unit: "× (1 = none)",
    quantity: "factor",
    group: "honesty",
    check: checkFactor,
    definedName: "TrainingOverhead",
  },
  {
    key: "peakToMean",
    label: "Peak-to-mean provisioning for serving",
    shortLabel: "peak-to-mean",
    unit: "× (1 = billed as consumed)",
    quantity: "factor",
    group: "honesty",
    check: checkFactor,
    definedName: "PeakToMean",
  },
  {
    key: "pricePerHour",
    label: "Price per accelerator-hour",
    shortLabel: "price",
    unit: "per accelerator-hour",
    quantity: "price",
    group: "money",
    check: checkNonNegative,
    definedName: "PricePerHour",
    blankMeans: "hours only",
  },
  {
    key: "currency",
    label: "Currency",
    shortLabel: "currency",
    unit: "e.g. USD, €",
    quantity: "text",
    group: "money",
    definedName: "Currency",
    blankMeans: "none",
  },
];

/** The field of `key`. */
export function planField(key: keyof Plan): PlanField {
  return fieldOf(PLAN_FIELDS, key);
}

/** A field's example value (the worked example's), as the form first shows it; "" where blank. */
export function exampleValue(field: PlanField): number | string {
  return exampleOf(EXAMPLE_PLAN, field);
}

/** A problem with one field of a plan, naming it by its label. */
export type FieldProblem = KeyedProblem<keyof Plan>;

/** Products of two fields that every figure rests on; each too large for a double is the last field's problem. */
const PRODUCTS: readonly FieldProduct<keyof Plan>[] = [
  { factors: ["trainingHours", "trainingOverhead"], unit: "accelerator-hours" },
  { factors: ["secondsPerClip", "peakToMean"], unit: "accelerator-seconds" },
  {
    factors: ["clipsPerSecond", "intervalDays"],
    unlessGiven: "scaleClips",
    unit: "clips",
    multiplier: SECONDS_PER_DAY,
  },
];

/**
 * Checks every numeric field of `plan` with its own check and label, then the products of
 * fields the figures rest on (training hours with overhead, and so on); every problem found,
 * naming the fields by their labels. A blank optional field (undefined) is not checked.
 */
export function checkPlan(plan: Partial<Plan>): FieldProblem[] {
  return checkFields(plan, PLAN_FIELDS, PRODUCTS);
}
