/*
 * What every section of the what-if sheet is built from: every sheet's rows (core/sheet/rows.ts), each
 * section written from its top row. A section knows where it starts, so every reference it writes to its
 * own rows, or to a section whose rows are known before it is built, is right the first time: the sheet
 * needs no first pass to learn where rows land. The rows also gather the section's defined names and
 * validations, which the layout joins in the sheet's order.
 */
import { LayoutCell } from "../../core/sheet/cell";
import { LabelledColumns, RowsBuilder, RowsSection, valueColumnOf } from "../../core/sheet/rows";
import { Names } from "../../core/sheet/sheetBasics";
import { cellAddress } from "../../core/excel/a1";
import { PlanField } from "../../stages/model";
import { MOVE_RULE } from "../../sensitivity/sheet";
import { InputValidation, inputValidation } from "../../core/sheet/validation";

/**
 * A labelled row's columns: its label (A) and its unit (B), which a crossover's row marks too, then its cells
 * (a control's value, the first scenario's inputs, the workings' base scenario) from C on.
 */
const WHAT_IF_LABELLED: LabelledColumns = { order: ["label", "unit", "value"], crossoverFills: ["unit"] };

/** The column (0 = A) of a labelled row's first cell, right of its unit. */
export const VALUE_COLUMN = valueColumnOf(WHAT_IF_LABELLED);

/** The cell of a labelled row's first cell on sheet row `row` (1-based): C12. */
export const valueCell = (row: number): string => cellAddress(row - 1, VALUE_COLUMN);

/** What a section adds to the sheet: its rows from sheet row `top`, its defined names and its validations. */
export type SheetSection = RowsSection<WhatIfValidation>;

/** A what-if section's rows as it writes them, from sheet row `top`, with the sheet's names. */
export class WhatIfRows extends RowsBuilder<WhatIfValidation> {
  constructor(top: number, named: Names) {
    super(top, named, WHAT_IF_LABELLED);
  }
}

/** A column heading over figures: right-aligned, as they are. */
export const rightHeader = (value: string): LayoutCell => ({ value, role: "header", align: "right" });

/** A heading over a group of `width` columns: the label in the first, the others header-filled. */
export const groupHeader = (label: string, width: number): LayoutCell[] => [
  { value: label, role: "header" },
  ...Array.from({ length: width - 1 }, (): LayoutCell => ({ role: "header" })),
];

// The validations of the sheet's blue cells (once whatIfValidation.ts, folded in to keep the folder to 12 files).
/** A rule on a number: a lower bound, or both bounds (Excel's "decimal" validation). */
export interface DecimalRule {
  type: "decimal";
  operator: "greaterThanOrEqual" | "greaterThan" | "between";
  bound: number;
  /** the upper bound of "between" */
  upper?: number;
}

/** A choice among the values of a range, shown as a drop-down (Excel's "list" validation). */
export interface ListRule {
  type: "list";
  /** the range of the choices, absolute on this sheet, such as "$C$8:$E$8" */
  source: string;
}

/** The rule on one cell, with the messages Excel shows on selecting it and on a bad entry. */
export interface WhatIfValidation {
  address: string;
  rule: DecimalRule | ListRule;
  /** Excel caps a title at 32 characters and a message at 255 */
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/** A field's validation (core/sheet/validation.ts's) in this sheet's terms: a "decimal" rule, its bound or bounds. */
export function decimalValidation(validation: InputValidation | undefined): WhatIfValidation | undefined {
  if (!validation) return undefined;
  const { address, rule, prompt, error } = validation;
  const upper = rule.upper === undefined ? {} : { upper: rule.upper };
  return { address, rule: { type: "decimal", operator: rule.operator, bound: rule.bound, ...upper }, prompt, error };
}

/** The stage sheet's validation of `field`, on `address` (undefined for a text field). */
export function fieldValidation(field: PlanField, address: string, note?: string): WhatIfValidation | undefined {
  return decimalValidation(inputValidation(field, address, note));
}

/** A relative move of an input: more than -100% (at -100% every input would be 0). */
export function moveValidation(address: string, side: "low" | "high"): WhatIfValidation {
  const { operator, bound, prompt, error } = MOVE_RULE;
  return { address, rule: { type: "decimal", operator, bound }, prompt: prompt(side), error };
}

/** A number of 0 or more in `unit`: a budget. */
export function nonNegativeValidation(address: string, what: string, unit: string): WhatIfValidation {
  return {
    address,
    rule: { type: "decimal", operator: "greaterThanOrEqual", bound: 0 },
    prompt: { title: "A number, 0 or more", message: `${what} (${unit}): a number 0 or more.` },
    error: { title: "Enter a number 0 or more", message: `${what} must be a number 0 or more (${unit}).` },
  };
}

/** A share of the bill, from 0 to 1 (0% to 100%). */
export function shareValidation(address: string, what: string): WhatIfValidation {
  return {
    address,
    rule: { type: "decimal", operator: "between", bound: 0, upper: 1 },
    prompt: { title: "A share, 0% to 100%", message: `${what}: a share from 0% to 100% (90% is 0.9).` },
    error: { title: "Enter a share from 0% to 100%", message: `${what} must be from 0% to 100% (0 to 1).` },
  };
}

/** The base scenario: one of the scenario names, chosen from a drop-down. */
export function baseScenarioValidation(address: string, namesRange: string): WhatIfValidation {
  return {
    address,
    rule: { type: "list", source: namesRange },
    prompt: {
      title: "One of the scenario names",
      message: "Every change and the sensitivity and targets below are taken against this scenario.",
    },
    error: { title: "Choose a scenario", message: "The base must be one of the scenario names, as spelled there." },
  };
}
