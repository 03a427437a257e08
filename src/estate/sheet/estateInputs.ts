/*
 * The estate sheet's inputs, the source of truth every figure reads: blue cells, validated from ESTATE_FIELDS' own
 * checks. The models' names head their columns, frozen with the answer; the plan's traffic and currency are typed
 * once, in the estate's column, under defined names; then a row a field of ESTATE_FIELDS, a model a column, with
 * the cadence's unit (a drop-down of CADENCE_UNITS' words) under its count. Two labelled constants follow, months a
 * year and the checks' tolerance, so that no formula holds a constant but 3,600 and 86,400.
 */
import {
  CADENCE_UNITS,
  ESTATE_FIELDS,
  ESTATE_LEDGER_FIELDS,
  EstateField,
  EstatePlan,
  TRAFFIC_FIELDS,
  ledgerOf,
} from "../model";
import { ledgerGiven } from "../../ledgers/model";
import { LEDGER_DRIFT_FORMAT } from "../../ledgers/sheet";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import type { LayoutCell } from "../../core/sheet/cell";
import { CHECK_TOLERANCE } from "../../core/sheet/checks";
import { inputFormat, moneyFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { safeText } from "../../core/sheet/sheetBasics";
import { fieldValidation, matchingRule } from "../../core/sheet/validation";
import type { CellValidation } from "../../core/writers/finish";
import { EstateRows, FIRST_MODEL_COLUMN, modelColumn } from "./estateRows";
import { columnLetter } from "../../core/excel/a1";

/** The defined names of the plan's own cells (the traffic, the currency, the constants), unsuffixed. */
export const TRAFFIC_NAMES = {
  clipsPerSecond: "EstateClipsPerSecond",
  daysPerYear: "EstateDaysPerYear",
  currency: "EstateCurrency",
  monthsPerYear: "EstateMonthsPerYear",
  checkTolerance: "EstateCheckTolerance",
} as const;

/** The key of the row of the cadence's unit, under the cadence's count. */
export const CADENCE_UNIT_KEY = "cadenceUnit";

/** The models' fields on the sheet: every field of ESTATE_FIELDS but the name, which heads each column. */
const ALL_SHEET_FIELDS: readonly EstateField[] = ESTATE_FIELDS.filter((field) => field.key !== "name");

/** The same without the second ledger's: the rows of an estate whose models' ledgers are all blank. */
export const SHEET_FIELDS: readonly EstateField[] = ALL_SHEET_FIELDS.filter(
  (field) => !ESTATE_LEDGER_FIELDS.includes(field),
);

/** Whether any model's second ledger is typed: only then does the sheet write the ledger's rows. */
export const estateHasLedger = (plan: EstatePlan): boolean =>
  plan.models.some((model) => ledgerGiven(ledgerOf(model)) !== undefined);

/**
 * The models' fields the sheet of `plan` writes: the ledger's too where a model's is typed, so an estate without
 * one is the sheet it was before the ledger existed, cell for cell.
 */
export const sheetFieldsOf = (plan: EstatePlan): readonly EstateField[] =>
  estateHasLedger(plan) ? ALL_SHEET_FIELDS : SHEET_FIELDS;

/** The number format of a model's input. */
function fieldFormat(field: EstateField, currency: string | undefined): string {
  if (field.quantity === "price" || field.quantity === "money") return moneyFormat(currency);
  if (field.quantity === "driftFraction") return LEDGER_DRIFT_FORMAT;
  if (field.quantity === "text") return NUMBER_FORMAT.text;
  return field.quantity === "clips" || field.quantity === "factor" ? inputFormat(field.quantity) : NUMBER_FORMAT.typed;
}

/** A blue input cell: the value, or an empty blue cell for a blank. */
const inputCell = (value: number | string | undefined, numberFormat: string): LayoutCell =>
  value === undefined ? { role: "input", numberFormat } : { value, numberFormat, role: "input" };

/** The validation of a model's numeric field at `address`: its check's rule, or the retire flag's 0 or 1. */
function modelValidation(field: EstateField, address: string): CellValidation | undefined {
  if (field.quantity === "flag") {
    const message = `${field.label}: 1 to retire the model, 0 (or blank) to keep it.`;
    return {
      address,
      rule: { type: "whole", operator: "between", bound: 0, upper: 1 },
      prompt: { title: "1 = retire, 0 = keep", message },
      error: { title: "Enter 1 or 0", message },
    };
  }
  const rule = matchingRule(field);
  if (!rule) return undefined;
  const found = fieldValidation(field, address, rule, field.blankMeans);
  const { operator, bound, upper } = rule;
  return { ...found, rule: { type: "decimal", operator, bound, ...(upper === undefined ? {} : { upper }) } };
}

/** The header of the models' columns, frozen with the answer: "Model", "Estate", "Unit", each model's name (blue). */
export function addModelHeader(sheet: EstateRows, plan: EstatePlan): void {
  sheet.push(
    [
      { value: "Model", role: "header" },
      { value: "Estate", role: "header", align: "right" },
      { value: "Unit", role: "header" },
      ...plan.models.map((model) => ({ value: safeText(model.name), role: "input" as const, align: "right" as const })),
    ],
    "name",
  );
}

/** The plan's traffic and currency, typed once in the estate's column, and the sheet's two constants. */
export function addTrafficInputs(sheet: EstateRows, plan: EstatePlan): void {
  sheet.heading("The plan's traffic, shared by every model");
  for (const field of TRAFFIC_FIELDS) {
    const name = TRAFFIC_NAMES[field.key];
    const value =
      field.key === "currency" ? (plan.currency === undefined ? undefined : safeText(plan.currency)) : plan[field.key];
    const format =
      field.key === "currency" ? NUMBER_FORMAT.text : inputFormat(field.quantity === "clips" ? "clips" : "hours");
    const address = sheet.labelled(field.label, inputCell(value, format), field.unit, { name, key: field.key });
    const rule = matchingRule(field);
    if (rule) {
      const found = fieldValidation(field, address, rule);
      sheet.validate({ ...found, rule: { type: "decimal", operator: rule.operator, bound: rule.bound } });
    }
  }
  sheet.labelled(
    "Months a year",
    { value: MONTHS_PER_YEAR, numberFormat: "0", role: "derived" },
    "a cadence in months is months a year / months between retrains",
    { name: TRAFFIC_NAMES.monthsPerYear, key: "monthsPerYear" },
  );
  sheet.labelled(
    "Check tolerance",
    { value: CHECK_TOLERANCE, numberFormat: "0.0E+00", role: "derived" },
    "a check of two routes holds within this share of its figure",
    { name: TRAFFIC_NAMES.checkTolerance, key: "checkTolerance" },
  );
}

/** Each model's inputs, a row a field (ESTATE_FIELDS' order), the cadence's unit under its count. */
export function addModelInputs(sheet: EstateRows, plan: EstatePlan): void {
  sheet.heading("Each model's inputs (blue: type over them)");
  for (const field of sheetFieldsOf(plan)) {
    const format = fieldFormat(field, plan.currency);
    sheet.modelRow(
      field.key,
      field.label,
      null,
      field.blankMeans ? `${field.unit}; blank: ${field.blankMeans}` : field.unit,
      (i, column, row) => {
        sheet.validate(modelValidation(field, `${column}${row}`));
        return inputCell(plan.models[i][field.key] as number | undefined, format);
      },
    );
    if (field.key === "cadence") addCadenceUnits(sheet, plan);
  }
}

/** The cadence's unit, a drop-down under the count, its choices written in the row below. */
function addCadenceUnits(sheet: EstateRows, plan: EstatePlan): void {
  const choicesRow = sheet.rowOf("cadence") + 2;
  const lastChoice = columnLetter(FIRST_MODEL_COLUMN + CADENCE_UNITS.length - 1);
  const source = `$${modelColumn(0)}$${choicesRow}:$${lastChoice}$${choicesRow}`;
  const choices = CADENCE_UNITS.map((c) => `"${c.words}"`).join(", ");
  sheet.modelRow(CADENCE_UNIT_KEY, "Cadence's unit", null, "the cadence's count is in this unit", (i, column, row) => {
    sheet.validate({
      address: `${column}${row}`,
      rule: { type: "list", source },
      prompt: { title: "Choose from the list", message: `Cadence's unit: ${choices}.` },
      error: { title: "Choose from the list", message: `Cadence's unit is ${choices}.` },
    });
    const words = CADENCE_UNITS.find((c) => c.unit === plan.models[i].cadenceUnit)!.words;
    return inputCell(words, NUMBER_FORMAT.text);
  });
  sheet.push([
    { value: "The cadence's units", role: "label" },
    null,
    { value: "the drop-down's choices", role: "unit" },
    ...CADENCE_UNITS.map((c) => ({ value: c.words, role: "note" as const })),
  ]);
}
