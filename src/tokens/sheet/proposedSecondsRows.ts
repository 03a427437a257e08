/*
 * A lever's proposed seconds per clip from a request's proposed tokens, as sheet rows (issue 32): where today's
 * seconds come from tokens (requestSecondsRows.ts), the proposal's do too. Each of the four proposed token inputs is
 * a blue cell, blank or as typed (never a formula: an input holds only what is typed), and the row under it, the
 * value used, reads IF(ISBLANK(proposed),today's,proposed), the sheet's way with a blank proposal; the proposed
 * seconds are TOKENSECONDS' formula over the four used, named as the view names its proposed seconds, so the lever
 * reads them unchanged. Every input left blank is today's request: the same seconds, no change.
 */
import { PROPOSED_TOKEN_FIELDS, ProposedTokens, RequestTokenKey, RequestTokens, TODAYS_TOKENS } from "../model";
import * as inExcel from "../../core/excel/formulas";
import type { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell } from "../../core/sheet/rows";
import { fieldValidation, matchingRule } from "../../core/sheet/validation";
import { requestTokenNames, SecondsRow, SecondsRows } from "./requestSecondsRows";

/** The prefix of the proposed tokens' used values' names: ProposedInputTokens, ..., ProposedOutputPerSecond. */
export const PROPOSED_TOKEN_PREFIX = "Proposed";

/** The unit beside the proposed seconds computed from tokens. */
export const PROPOSED_SECONDS_UNIT = "accelerator-seconds a request (a clip), from the proposed tokens above";

/** The label of a proposed token's used value's row. */
export const usedTokenLabel = (label: string): string => `${label}, used`;

/** Where the proposal's rows read today's tokens and what they hold. */
export interface ProposalTokensRows {
  /** the proposal as typed: a blank field is undefined */
  proposed: ProposedTokens;
  /** today's tokens: the used values' cached figures where a field is blank */
  today: RequestTokens;
  /** the prefix of today's token inputs' names (requestTokenNames), which a blank proposal reads */
  todayPrefix: string;
}

/**
 * Writes the proposal's four blue token inputs, each with its used value under it (named PROPOSED_TOKEN_PREFIX's
 * names), then `row`, the proposed seconds, as TOKENSECONDS' formula over the used values. Each blue input's
 * address, and the proposed seconds'.
 */
export function proposedSecondsFromTokensRows(
  rows: SecondsRows,
  row: SecondsRow,
  proposal: ProposalTokensRows,
): { seconds: string; inputs: Record<RequestTokenKey, string> } {
  const today = requestTokenNames(proposal.todayPrefix).map((name) => rows.named(name));
  const usedNames = requestTokenNames(PROPOSED_TOKEN_PREFIX);
  const inputs = {} as Record<RequestTokenKey, string>;
  PROPOSED_TOKEN_FIELDS.forEach((field, i) => {
    const typed = proposal.proposed[field.key];
    const cell: LayoutCell = {
      numberFormat: NUMBER_FORMAT.typed,
      role: "input",
      ...(typed !== undefined && { value: typed }),
    };
    const at = rows.labelled(field.label, cell, `${field.unit} (blank = ${TODAYS_TOKENS})`);
    const rule = matchingRule(field);
    rows.validate(rule && fieldValidation(field, at, rule, TODAYS_TOKENS));
    inputs[field.key] = at;
    const used = figureCell(
      `IF(ISBLANK(${at}),${today[i]},${at})`,
      typed ?? proposal.today[field.key],
      NUMBER_FORMAT.typed,
    );
    rows.labelled(usedTokenLabel(field.label), used, field.unit, { name: usedNames[i] });
  });
  const [input, output, inputPerSecond, outputPerSecond] = usedNames.map((name) => rows.named(name));
  const formula = inExcel.tokenSeconds(input, output, inputPerSecond, outputPerSecond);
  const seconds = rows.labelled(row.label, figureCell(formula, row.seconds, row.numberFormat), PROPOSED_SECONDS_UNIT, {
    name: row.definedName,
  });
  return { seconds, inputs };
}
