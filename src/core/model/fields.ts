/*
 * A view's input fields, declared once as data: what each is called, its unit and kind, its group, its check,
 * the defined name that holds it in a written sheet, and what a blank means. The stage plan's PLAN_FIELDS and
 * the annual plan's ANNUAL_FIELDS are lists of this one shape; the model's checks, the pane's forms, the sheets'
 * input blocks and their data validation all read such a list.
 */
import { Problem } from "./problems";

/** What kind of quantity a field holds; layers choose a parser, a number format and a display by it. */
export type Quantity = "hours" | "seconds" | "days" | "clips" | "clipsPerSecond" | "factor" | "price" | "text";

/** A group of fields and its heading: the form's fieldsets and the sheet's input sections, in order. */
export interface FieldGroupHeading<G extends string> {
  group: G;
  heading: string;
  /**
   * set for a group of advanced inputs that the pane shows folded until opened, its values in one line beside
   * its heading; the sheet shows it as any other
   */
  folded?: boolean;
  /** a sentence under the heading, in the form only: where the defaults come from, what a group is for */
  note?: string;
}

/**
 * One input field of a view's plan. `K` is the plan's key, `G` its groups, `Q` the quantities it may hold (the
 * stage plan's `Quantity`, or a wider set).
 */
export interface FieldSpec<K extends string, G extends string, Q extends string = Quantity> {
  key: K;
  label: string;
  /** the unit as a planner reads it beside the value */
  unit: string;
  quantity: Q;
  group: G;
  /** the model's check of a typed number, with the field's label in its message */
  check?: (value: number, label: string) => Problem | undefined;
  /** the defined name of the cell that holds this field in a written sheet */
  definedName: string;
  /** the field's name in a few words, lower case, for a folded group's summary ("overhead"); label when not set */
  shortLabel?: string;
  /** set for a field that may be left blank: what the blank stands for */
  blankMeans?: string;
  /** a text field's longest text, in characters (8, a currency's, when not set) */
  maxLength?: number;
}

/** The field of `key` in `fields` (a key the list declares). */
export function fieldOf<K extends string, F extends { key: K }>(fields: readonly F[], key: K): F {
  return fields.find((field) => field.key === key)!;
}

/** A field's value in a plan's worked example, as a form first shows it; "" for a field the example leaves blank. */
export function exampleOf<K extends string>(
  example: Partial<Record<K, number | string>>,
  field: { key: K },
): number | string {
  return example[field.key] ?? "";
}
