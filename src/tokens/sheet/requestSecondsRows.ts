/*
 * A view's seconds per clip from a request's tokens, as sheet rows (issue 32): where the planner chose "tokens per
 * request", the sheet's seconds-per-clip row is no longer a typed blue cell but a live formula, TOKENSECONDS' own
 * (core/excel/formulas.ts' tokenSeconds: input / input a second + output / output a second), over four blue, named,
 * validated token inputs right under it, so a reader sees where the seconds came from and can change them. The
 * seconds keep the view's defined name, so every figure of the sheet reads them unchanged (a request is a clip).
 * Any sheet written in core/sheet/rows.ts' vocabulary adds it with one call; it is pure data, as a layout is.
 */
import { REQUEST_TOKEN_FIELDS, RequestTokenKey, RequestTokens } from "../model";
import * as inExcel from "../../core/excel/formulas";
import type { LayoutCell } from "../../core/sheet/cell";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
import { figureCell, LabelledOptions } from "../../core/sheet/rows";
import type { Names } from "../../core/sheet/sheetBasics";
import { fieldValidation, InputValidation, matchingRule } from "../../core/sheet/validation";

/** What the rows are written into: a sheet's RowsBuilder (the stage sheet's, AnnualRows) is one. */
export interface SecondsRows {
  readonly named: Names;
  labelled(label: string, value: LayoutCell, unit: string, options?: LabelledOptions): string;
  validate(validation: InputValidation<RequestTokenKey> | undefined): void;
}

/** The seconds row a view writes: its label, its defined name, its number format and the model's seconds. */
export interface SecondsRow {
  label: string;
  /** the view's defined name of seconds per clip (SecondsPerClip, ServingSecondsPerClip) */
  definedName: string;
  numberFormat: string;
  /** the model's seconds from `tokens`, the formula's cached value */
  seconds: number;
}

/**
 * The base defined names of the four token inputs, the comparison's names with `prefix` for "Tok"
 * ("Clip": ClipInputTokens, ClipOutputTokens, ClipInputPerSecond, ClipOutputPerSecond), in REQUEST_TOKEN_KEYS'
 * order: a view's own prefix keeps its names apart from the API-or-fleet sheet's and from another view's.
 * @example requestTokenNames("Clip")[0] // "ClipInputTokens"
 */
export function requestTokenNames(prefix: string): string[] {
  return REQUEST_TOKEN_FIELDS.map((field) => field.definedName.replace(/^Tok/, prefix));
}

/** The unit beside the seconds computed from tokens. */
export const SECONDS_FROM_TOKENS_UNIT = "accelerator-seconds a request (a clip), from its tokens below";

/**
 * Writes `row`, the seconds per clip, as TOKENSECONDS' formula over four blue token inputs that follow it, each
 * named (`prefix`, requestTokenNames) and validated by its field's own check. The seconds' address and each token
 * input's.
 */
export function secondsFromTokensRows(
  rows: SecondsRows,
  row: SecondsRow,
  tokens: RequestTokens,
  prefix: string,
): { seconds: string; inputs: Record<RequestTokenKey, string> } {
  const names = requestTokenNames(prefix);
  const [input, output, inputPerSecond, outputPerSecond] = names.map((name) => rows.named(name));
  const formula = inExcel.tokenSeconds(input, output, inputPerSecond, outputPerSecond);
  const seconds = figureCell(formula, row.seconds, row.numberFormat);
  const address = rows.labelled(row.label, seconds, SECONDS_FROM_TOKENS_UNIT, { name: row.definedName });
  const inputs = {} as Record<RequestTokenKey, string>;
  REQUEST_TOKEN_FIELDS.forEach((field, i) => {
    const cell: LayoutCell = { value: tokens[field.key], numberFormat: NUMBER_FORMAT.typed, role: "input" };
    const at = rows.labelled(field.label, cell, field.unit, { name: names[i] });
    const rule = matchingRule(field);
    rows.validate(rule && fieldValidation(field, at, rule));
    inputs[field.key] = at;
  });
  return { seconds: address, inputs };
}
