/*
 * Plans a planner could type, generated from the field lists (PLAN_FIELDS, ANNUAL_FIELDS) rather
 * than written out field by field: each field's domain is its own check's (read through the rule the
 * sheets' validation matches to it: 0 or more, more than 0, 1 or more, from 0 to 1), across the
 * magnitudes its quantity is met at; a field that may be left blank is sometimes blank. A field
 * added to a list is generated with no change here, unless it brings a new quantity.
 */
import fc from "fast-check";
import { matchingRule } from "../../src/core/sheet/validation";
import { ANNUAL_FIELDS, AnnualPlan } from "../../src/annual/model/annualFields";
import { PLAN_FIELDS } from "../../src/stages/model/planFields";
import { Plan } from "../../src/stages/model/plan";
import type { Problem } from "../../src/core/model/problems";

/** A field as the arbitraries read it: PlanField and AnnualField both are one. */
export interface GeneratedField<K extends string = string> {
  key: K;
  label: string;
  unit: string;
  quantity: string;
  check?: (value: number, label: string) => Problem | undefined;
  blankMeans?: string;
  maxLength?: number;
}

/**
 * The largest value of each quantity a test generates (a test's choice: large enough to cross
 * every magnitude a planner meets, small enough that the figures stay inside a double), and the
 * smallest above 0 where the check refuses 0.
 */
const MAGNITUDES: Readonly<Record<string, { max: number; leastPositive?: number }>> = {
  hours: { max: 1e6 },
  seconds: { max: 10 },
  days: { max: 366, leastPositive: 1e-3 },
  clips: { max: 1e12 },
  clipsPerSecond: { max: 1e5 },
  factor: { max: 10 },
  price: { max: 100 },
  count: { max: 365 },
  share: { max: 1 },
};

/** From lo to hi (both above 0), spread evenly over the magnitudes, as a planner's inputs are. */
export const logUniform = (lo: number, hi: number): fc.Arbitrary<number> =>
  fc
    .double({ min: Math.log(lo), max: Math.log(hi), noNaN: true, noDefaultInfinity: true })
    .map((x) => Math.min(hi, Math.max(lo, Math.exp(x))));

/** Numbers from min to max, the bounds included; 0, where allowed, or at least 1e-6 otherwise. */
export const between = (min: number, max: number): fc.Arbitrary<number> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
    { weight: 9, arbitrary: logUniform(Math.max(min, 1e-6), max) },
  );

/** A value of one field inside its check's domain (a text field: a short text); blank sometimes where it may be. */
export function fieldValue(field: GeneratedField): fc.Arbitrary<number | string | undefined> {
  let value: fc.Arbitrary<number | string>;
  if (field.quantity === "text") {
    value = fc.string({ maxLength: field.maxLength ?? 8 });
  } else {
    const rule = matchingRule(field);
    const magnitude = MAGNITUDES[field.quantity];
    if (!rule || !magnitude) throw new Error(`No generated domain for ${field.key} (${field.quantity})`);
    const least = rule.operator === "greaterThan" ? (magnitude.leastPositive ?? 1e-6) : rule.bound;
    value = between(least, rule.upper ?? magnitude.max);
  }
  return field.blankMeans === undefined ? value : fc.option(value, { nil: undefined });
}

/** A whole plan of `fields`, each field's value from fieldValue. */
export function planOf<P>(fields: readonly GeneratedField<keyof P & string>[]): fc.Arbitrary<P> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const field of fields) model[field.key] = fieldValue(field);
  return fc.record(model) as unknown as fc.Arbitrary<P>;
}

/** Stage plans a planner could type: every field of PLAN_FIELDS in its domain. */
export const stagePlan: fc.Arbitrary<Plan> = planOf<Plan>(PLAN_FIELDS);

/** Annual plans a planner could type: every field of ANNUAL_FIELDS in its domain. */
export const annualPlan: fc.Arbitrary<AnnualPlan> = planOf<AnnualPlan>(ANNUAL_FIELDS);
