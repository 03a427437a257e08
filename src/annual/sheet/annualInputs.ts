/*
 * The annual sheet's inputs, by group (ANNUAL_FIELDS' order): blue, named, validated, the source of
 * truth every figure reads. An input cell holds only what is typed: a proposal left blank is an empty
 * blue cell, and the row under it, the proposal used, reads `IF(ISBLANK(proposal),input now,proposal)`
 * (no change, as the model reads it: leverProposed) and carries the proposal's name, so emptying a
 * proposal never saves its whole part. A blank the model reads as 0 or as none is written as 0.
 */
import { ANNUAL_FIELD_GROUPS, ANNUAL_FIELDS, AnnualField, AnnualPlan } from "../model/annualFields";
import { LEVERS } from "../model/levers";
import { Quantity } from "../../core/model/fields";
import { LayoutCell } from "../../core/sheet/cell";
import { inputFormat, NUMBER_FORMAT } from "../../core/sheet/formats";
import { safeText } from "../../core/sheet/sheetBasics";
import { annualInputValidation, AnnualRows, AnnualSection, SheetNames } from "./annualSection";
import { figureCell } from "../../core/sheet/rows";
import { proposedSecondsFromTokensRows, secondsFromTokensRows } from "../../tokens/sheet";
import { PROPOSED_TOKEN_FIELDS, REQUEST_TOKEN_FIELDS } from "../../tokens/model";
import type { ProposedTokens, RequestTokenKey, RequestTokens } from "../../tokens/model";
import { fieldBoundChecks, SheetCheck } from "../../core/sheet/checks";

/** The prefix of the annual sheet's token inputs' names: ServingInputTokens, ServingOutputPerSecond... */
export const ANNUAL_TOKEN_PREFIX = "Serving";

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

/** The cell holding `field`'s value: as typed, or an empty blue cell for a blank proposal. */
function inputCell(field: AnnualField, plan: AnnualPlan, costFormat: string): LayoutCell {
  const typed = plan[field.key];
  const format = annualInputFormat(field.quantity, costFormat);
  if (typed === undefined && BLANK_PROPOSALS.has(field.key)) return { numberFormat: format, role: "input" };
  if (typeof typed === "string") {
    return { value: safeText(typed), numberFormat: NUMBER_FORMAT.text, role: "input", align: "right" };
  }
  return { value: typed ?? 0, numberFormat: format, role: "input" };
}

/** What a blank proposal stands for, in the sheet's words. */
const NO_CHANGE = "no change";

/** The label of a proposal's used value's row. */
export const usedProposalLabel = (field: AnnualField): string => `${field.label}, used`;

/**
 * A proposal that may be left blank, as two rows: the blue input (blank, or the typed value) and the proposal
 * used, `IF(ISBLANK(input),input now,input)`, named as the field is, which every figure reads. The blue cell's
 * address.
 */
function proposalRows(
  rows: AnnualRows,
  field: AnnualField,
  plan: AnnualPlan,
  sheet: SheetNames,
  costFormat: string,
): string {
  const current = BLANK_PROPOSALS.get(field.key)!;
  const blank = field.blankMeans ?? NO_CHANGE;
  const input = rows.labelled(field.label, inputCell(field, plan, costFormat), `${field.unit} (blank = ${blank})`);
  rows.validate(annualInputValidation(field, input, blank));
  const now = sheet.field(current);
  const used = (plan[field.key] as number | undefined) ?? (plan[current] as number);
  const format = annualInputFormat(field.quantity, costFormat);
  const cell = figureCell(`IF(ISBLANK(${input}),${now},${input})`, used, format);
  rows.labelled(usedProposalLabel(field), cell, field.unit, { name: field.definedName });
  return input;
}

/** The note under the days counted: which year that is. */
const daysNote = (plan: AnnualPlan) =>
  `Days per year counted: ${plan.daysPerYear}` +
  (plan.daysPerYear === 360 ? " (quarters of 90 days), as the worked example counts the year" : "") +
  "; type 365 for a calendar year.";

/** The inputs section: its rows, and each input's blue cell with the proposals that may be left blank. */
export interface InputsSection extends AnnualSection {
  cells: Partial<Record<keyof AnnualPlan, string>>;
  blankable: ReadonlySet<keyof AnnualPlan>;
  /** with the seconds from tokens, each token input's bound check (today's; the proposal's, blank for today's) */
  tokenChecks: SheetCheck[];
}

/** The bound checks of a request's token inputs at `cells`, holding `values` (a proposal's may be blank). */
function tokenBoundChecks(
  fields: typeof REQUEST_TOKEN_FIELDS,
  cells: Record<RequestTokenKey, string>,
  values: Partial<RequestTokens>,
): SheetCheck[] {
  return fieldBoundChecks(
    fields,
    (field) => cells[field.key],
    (field) => values[field.key],
  );
}

/**
 * Where seconds per clip come from a request's tokens (issue 32): today's, and the proposal's (a field left out is
 * today's); without `proposed` the proposal is typed in seconds, as before.
 */
export interface AnnualTokens {
  tokens: RequestTokens;
  proposed?: ProposedTokens;
}

/** The seconds row of `key` (seconds per clip, or its proposal used) as the token rows write it. */
function secondsRow(key: "secondsPerClip" | "secondsPerClipProposed", plan: AnnualPlan, costFormat: string) {
  const field = ANNUAL_FIELDS.find((f) => f.key === key)!;
  return {
    label: field.label,
    definedName: field.definedName,
    numberFormat: annualInputFormat(field.quantity, costFormat),
    seconds: plan[key] ?? plan.secondsPerClip,
  };
}

/**
 * The inputs section of `plan`, from sheet row `top`: each group under its heading, each field named and validated;
 * with `tokens`, seconds per clip is TOKENSECONDS' formula over the request's blue token inputs, and the proposed
 * seconds per clip TOKENSECONDS' over the proposal's blue token inputs, each blank one today's (issue 32).
 */
export function inputsSection(
  top: number,
  plan: AnnualPlan,
  sheet: SheetNames,
  costFormat: string,
  tokens?: AnnualTokens,
): InputsSection {
  const rows = new AnnualRows(top, sheet);
  const cells: Partial<Record<keyof AnnualPlan, string>> = {};
  const tokenChecks: SheetCheck[] = [];
  for (const { group, heading } of ANNUAL_FIELD_GROUPS) {
    const fields = ANNUAL_FIELDS.filter((field) => field.group === group && fieldShown(field, plan));
    if (fields.length === 0) continue;
    rows.heading(heading);
    for (const field of fields) {
      if (field.key === "secondsPerClipProposed" && tokens?.proposed) {
        const row = secondsRow(field.key, plan, costFormat);
        const proposal = { proposed: tokens.proposed, today: tokens.tokens, todayPrefix: ANNUAL_TOKEN_PREFIX };
        const { inputs } = proposedSecondsFromTokensRows(rows, row, proposal);
        tokenChecks.push(...tokenBoundChecks(PROPOSED_TOKEN_FIELDS, inputs, tokens.proposed));
        continue;
      }
      if (BLANK_PROPOSALS.has(field.key)) {
        cells[field.key] = proposalRows(rows, field, plan, sheet, costFormat);
        continue;
      }
      if (field.key === "secondsPerClip" && tokens) {
        const row = secondsRow(field.key, plan, costFormat);
        const { inputs } = secondsFromTokensRows(rows, row, tokens.tokens, ANNUAL_TOKEN_PREFIX);
        tokenChecks.push(...tokenBoundChecks(REQUEST_TOKEN_FIELDS, inputs, tokens.tokens));
        continue;
      }
      const blank = field.blankMeans !== undefined && field.quantity !== "text" ? field.blankMeans : undefined;
      const unit = blank === undefined ? field.unit : `${field.unit} (blank: ${blank})`;
      const cell = inputCell(field, plan, costFormat);
      const address = rows.labelled(field.label, cell, unit, { name: field.definedName });
      cells[field.key] = address;
      rows.validate(annualInputValidation(field, address));
      if (field.key === "daysPerYear") rows.note(daysNote(plan));
    }
  }
  return { ...rows.section(), cells, blankable: new Set(BLANK_PROPOSALS.keys()), tokenChecks };
}
