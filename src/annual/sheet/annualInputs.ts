/*
 * The annual sheet's inputs, by group (ANNUAL_FIELDS' order): blue, named, validated, the source of
 * truth every figure reads. A blank proposal is written as a formula naming the lever's input as it
 * is now (no change), which is what the model reads it as (leverProposed); a blank the model reads
 * as 0 or as none is written as 0.
 */
import { ANNUAL_FIELD_GROUPS, ANNUAL_FIELDS, AnnualField, AnnualPlan } from "../model/annualFields";
import { LEVERS } from "../model/levers";
import { Quantity } from "../../core/model/fields";
import { LayoutCell } from "../../core/sheet/cell";
import { inputFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { safeText } from "../../core/sheet/sheetBasics";
import { annualInputValidation } from "./annualValidation";
import { figureCell } from "../../core/sheet/rows";
import { AnnualRows, AnnualSection, SheetNames } from "./annualSection";

/** The number format of an annual input: a count and a share show as typed. */
export function annualInputFormat(quantity: AnnualField["quantity"], costFormat: string): string {
  if (quantity === "price") return costFormat;
  if (quantity === "count" || quantity === "share") return NUMBER_FORMAT.typed;
  return inputFormat(quantity as Quantity);
}

/** The input a blank proposal stands for, by the proposal's key: each lever's input as it is now. */
const BLANK_PROPOSALS: ReadonlyMap<keyof AnnualPlan, keyof AnnualPlan> = new Map(
  LEVERS.flatMap(({ proposedKey, currentKey }) =>
    currentKey === undefined ? [] : [[proposedKey, currentKey] as const],
  ),
);

/** Whether a field has a row for `plan`: the money rows only when there is a price; the currency and the price's
 * source when given (the source beside the price: where it is from, and its date). */
function fieldShown(field: AnnualField, plan: AnnualPlan): boolean {
  if (field.group !== "money") return true;
  if (plan.pricePerHour === undefined) return false;
  return field.key === "currency" || field.key === "priceSource" ? Boolean(plan[field.key]) : true;
}

/** The cell holding `field`'s value: as typed, or for a blank proposal, the input now. */
function inputCell(field: AnnualField, plan: AnnualPlan, sheet: SheetNames, costFormat: string): LayoutCell {
  const typed = plan[field.key];
  const current = BLANK_PROPOSALS.get(field.key);
  const format = annualInputFormat(field.quantity, costFormat);
  if (typed === undefined && current !== undefined) {
    return figureCell(sheet.field(current), plan[current] as number, format, "input");
  }
  if (typeof typed === "string") {
    return { value: safeText(typed), numberFormat: NUMBER_FORMAT.text, role: "input", align: "right" };
  }
  return { value: typed ?? 0, numberFormat: format, role: "input" };
}

/** The note under the days counted: which year that is. */
const daysNote = (plan: AnnualPlan) =>
  `Days per year counted: ${plan.daysPerYear}` +
  (plan.daysPerYear === 360 ? " (quarters of 90 days), as the worked example counts the year" : "") +
  "; type 365 for a calendar year.";

/** The inputs section of `plan`, from sheet row `top`: each group under its heading, each field named and validated. */
export function inputsSection(top: number, plan: AnnualPlan, sheet: SheetNames, costFormat: string): AnnualSection {
  const rows = new AnnualRows(top, sheet);
  for (const { group, heading } of ANNUAL_FIELD_GROUPS) {
    const fields = ANNUAL_FIELDS.filter((field) => field.group === group && fieldShown(field, plan));
    if (fields.length === 0) continue;
    rows.heading(heading);
    for (const field of fields) {
      const blank = field.blankMeans !== undefined && field.quantity !== "text" ? field.blankMeans : undefined;
      const unit = blank === undefined ? field.unit : `${field.unit} (blank: ${blank})`;
      const cell = inputCell(field, plan, sheet, costFormat);
      const address = rows.labelled(field.label, cell, unit, { name: field.definedName });
      // A blank proposal's cell holds a formula: its prompt says what that formula stands for.
      const standsFor = plan[field.key] === undefined && BLANK_PROPOSALS.has(field.key) ? blank : undefined;
      rows.validate(annualInputValidation(field, address, standsFor));
      if (field.key === "daysPerYear") rows.note(daysNote(plan));
    }
  }
  return rows.section();
}
