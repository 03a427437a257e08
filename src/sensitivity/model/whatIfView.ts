/*
 * A view, as the what-if layer sees it: its input fields (declared once, as data) and one
 * function from a full set of inputs to the figures that matter. Sensitivity and scenarios are
 * written against this shape only, so the stage view (stages/model/stagesWhatIf.ts) and the annual
 * view (annual/model/annualWhatIf.ts) plug in alike. The function is the view's own model (the
 * stage table, the annual table); no figure is re-derived.
 */
import { Problem } from "../../core/model/problems";

/**
 * One input of a view. PlanField satisfies it; the annual view's fields should too. Only the
 * members the what-if layer reads are here.
 */
export interface WhatIfField<I> {
  key: keyof I & string;
  label: string;
  /** the unit as a planner reads it beside the value */
  unit: string;
  /** "text" fields are never varied; "factor" fields (1 = none) never go below 1 */
  quantity: string;
  /** the model's check of a number, naming the field by `label` */
  check?: (value: number, label: string) => Problem | undefined;
  /** set for a field that may be left blank: what the blank stands for */
  blankMeans?: string;
}

/** What kind of figure an output is, so a pane or sheet picks its number format. */
export type OutputQuantity = "clips" | "hours" | "share" | "money" | "runs";

/** One figure a view computes that what-if questions are asked about. */
export interface WhatIfOutput<O extends string> {
  key: O;
  /** as a planner reads it: "Total hours at Scale" */
  label: string;
  unit: string;
  quantity: OutputQuantity;
}

/** Every output of a view, each a number or the Problem that stopped it. */
export type OutputValues<O extends string> = { readonly [K in O]: number | Problem };

/** A view: its fields, its outputs, and its model from a full set of inputs to those outputs. */
export interface WhatIfView<I, O extends string> {
  /** a stable id, for stored state and sheet names ("stages") */
  id: string;
  fields: readonly WhatIfField<I>[];
  outputs: readonly WhatIfOutput<O>[];
  /**
   * The view's model: every output, or the first Problem of the inputs as a whole (naming the
   * field to fix). An output that alone cannot be computed holds its own Problem.
   */
  evaluate(inputs: I): OutputValues<O> | Problem;
}
