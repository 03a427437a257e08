/*
 * The "API or fleet" sheet's checks (core/sheet/checks.ts's vocabulary: a check a row, 0 where it holds, one master
 * check at the top): every input within its field's own check (TOKEN_FIELDS' bounds, as the pane's form applies
 * them), a cached price and its share given together (and the batch discount and its share), as the model's
 * checkTokenPlan asks; and, where there is a crossover, both costs equal there by a second route (the volume x the
 * API's cost a request against the fleet's paid hours x price, computed afresh from the crossover).
 */
import { fleetMonth, fleetOf, TOKEN_FIELDS, TokenComparison, TokenPlan } from "../model";
import {
  addCheckRows,
  CHECK_TOLERANCE,
  fieldBoundChecks,
  PlacedChecks,
  SheetCheck,
  twoRoutesCheck,
} from "../../core/sheet/checks";
import { figureCell } from "../../core/sheet/rows";
import { isProblem } from "../../core/model/problems";
import { fleetCostAt, inputName } from "./tokensFigures";
import { TokensRows } from "./tokensRows";

/** The fields that count only together, as checkTokenPlan pairs them. */
const PAIRS: readonly { price: keyof TokenPlan; share: keyof TokenPlan; words: string }[] = [
  { price: "cachedInputPricePerMillion", share: "cachedInputShare", words: "cached input price and its share" },
  { price: "batchDiscount", share: "batchShare", words: "batch discount and its share" },
];

/** A price and its share both given or both blank. */
function pairChecks(sheet: TokensRows, plan: TokenPlan): SheetCheck[] {
  return PAIRS.map(({ price, share, words }) => ({
    name: `The ${words} go together`,
    holds: () => `(${inputName(sheet, price)}="")=(${inputName(sheet, share)}="")`,
    failure: `Give the ${words} both, or leave both blank: one alone counts for nothing.`,
    held: (plan[price] === undefined) === (plan[share] === undefined),
  }));
}

/** Both costs equal at the crossover, by a second route; 0 = 0 where there is no crossover. */
function crossoverCheck(sheet: TokensRows, plan: TokenPlan, c: TokenComparison, money: string): SheetCheck {
  const crossover = sheet.figure("crossover");
  const x = isProblem(c.crossover) ? 0 : c.crossover;
  const api = x * c.apiPerRequest;
  const month = fleetMonth(x, fleetOf(plan, c.secondsPerRequest));
  const fleet = isProblem(c.crossover) || isProblem(month) ? 0 : month.cost;
  return twoRoutesCheck(
    "Both costs are equal at the crossover",
    [
      figureCell(`IFERROR(${crossover}*${sheet.figure("apiPerRequest")},0)`, api, money),
      figureCell(`IFERROR(${fleetCostAt(sheet, crossover)},0)`, fleet, money),
    ],
    sheet.figure("checkTolerance"),
    "The API's and the fleet's costs differ at the crossover: a figure row was typed over.",
    Math.abs(api - fleet) <= CHECK_TOLERANCE * Math.abs(fleet),
  );
}

/** Adds every check of the sheet, one a row; where they landed, for the master check. */
export function addTokenChecks(sheet: TokensRows, plan: TokenPlan, c: TokenComparison, money: string): PlacedChecks {
  sheet.heading("Checks (0: holds; 1: fails)");
  return addCheckRows(sheet, [
    ...fieldBoundChecks(
      TOKEN_FIELDS,
      (field) => inputName(sheet, field.key),
      (field) => plan[field.key],
    ),
    ...pairChecks(sheet, plan),
    crossoverCheck(sheet, plan, c, money),
  ]);
}
