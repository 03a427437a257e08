/*
 * The blue input cells of both ledgers' fields, as every sheet that states a ledger writes them (the annual,
 * what-if, budget and estate sheets): one number format a field's quantity, the typed value or an empty cell
 * (blank = the field's blankMeans), and the data validation its own check matches. Declared here once so a drift
 * reads, and refuses a bad entry, the same on every sheet.
 */
import type { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { fieldValidation, InputValidation, matchingRule } from "../../core/sheet/validation";
import type { LedgerField, LedgerInputs } from "../model/ledgerFields";

/** A drift a month: 2e-7 reads as 2.00E-07. */
export const LEDGER_DRIFT_FORMAT = "0.00E+00";

/** The number format of a ledger field's cell: a drift in scientific form, money in `costFormat`, else typed. */
export function ledgerFieldFormat(field: LedgerField, costFormat: string): string {
  if (field.quantity === "driftFraction") return LEDGER_DRIFT_FORMAT;
  return field.quantity === "money" ? costFormat : NUMBER_FORMAT.typed;
}

/** The blue cell of one ledger field: as typed in `inputs`, or empty (blank = its blankMeans). */
export function ledgerInputCell(field: LedgerField, inputs: LedgerInputs, costFormat: string): LayoutCell {
  const numberFormat = ledgerFieldFormat(field, costFormat);
  const typed = inputs[field.key];
  return typed === undefined ? { numberFormat, role: "input" } : { value: typed, numberFormat, role: "input" };
}

/**
 * The data validation of a ledger field's blue cell at `address`: the rule the field's own check matches (a drift
 * from 0 to 1, a cost or minutes 0 or more), its messages naming the unit and what a blank means; undefined where no
 * rule matches (every field matches one today: test/ledgers/sheet/ledgerChecks.test.ts holds them to it).
 */
export function ledgerInputValidation(
  field: LedgerField,
  address: string,
): InputValidation<keyof LedgerInputs> | undefined {
  const rule = matchingRule(field);
  return rule && fieldValidation(field, address, rule, field.blankMeans);
}
