/*
 * One plan checked against its field list, for every view (the stage plan, the annual plan): each
 * numeric field by its own check and label, then the products of fields the figures rest on, each
 * to fit a double. The field lists and the products stay with their views; the checking is here.
 */
import { productRatio } from "./arithmetic";
import { Problem, problem } from "./problems";

/** A field as checking reads it: PlanField and AnnualField both are one. */
export interface CheckedField<K> {
  key: K;
  label: string;
  check?: (value: number, label: string) => Problem | undefined;
}

/**
 * A product of two fields times `multiplier`, or of three fields, over `divisor`, that a figure rests
 * on: one too large for a double is the last field's problem. Skipped when `unlessGiven` has a value
 * (the figure it feeds is typed instead).
 */
export interface FieldProduct<K> {
  factors: readonly K[];
  unit: string;
  multiplier?: number;
  divisor?: number;
  unlessGiven?: K;
}

/** A problem with one field, named by its key. */
export interface KeyedProblem<K> {
  key: K;
  problem: Problem;
}

/**
 * Every problem of `plan` against `fields` and `products`, naming the fields by their labels: the
 * fields' own checks first (a blank, undefined, is not checked); the products only when every field
 * passes, since a product of a refused field says nothing more.
 */
export function checkFields<P, K extends keyof P>(
  plan: Partial<P>,
  fields: readonly CheckedField<K>[],
  products: readonly FieldProduct<K>[],
): KeyedProblem<K>[] {
  const found: KeyedProblem<K>[] = [];
  for (const field of fields) {
    const value = plan[field.key];
    if (typeof value !== "number" || !field.check) continue;
    const bad = field.check(value, field.label);
    if (bad) found.push({ key: field.key, problem: bad });
  }
  if (found.length > 0) return found;
  for (const { factors, unit, multiplier = 1, divisor = 1, unlessGiven } of products) {
    if (unlessGiven !== undefined && plan[unlessGiven] !== undefined) continue;
    const values = factors.map((key) => plan[key]);
    if (!values.every((value): value is number & P[K] => typeof value === "number")) continue;
    const [a, b, c = multiplier] = values as number[];
    if (productRatio(a, b, c, divisor, 1) !== Infinity) continue;
    const labels = factors.map((key) => fields.find((f) => f.key === key)!.label).join(" × ");
    const message = `${labels} is over 1.8e308 ${unit}, too large to compute; check the units.`;
    found.push({ key: factors[factors.length - 1], problem: problem("invalidNumber", message) });
  }
  return found;
}
