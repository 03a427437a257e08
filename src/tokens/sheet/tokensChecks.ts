/*
 * The "API or fleet" sheet's checks (core/sheet/checks.ts's vocabulary: a check a row, 0 where it holds, one master
 * check at the top): every input within its field's own check (TOKEN_FIELDS' bounds, as the pane's form applies
 * them), a cached price and its share given together (and the batch discount and its share), as the model's
 * checkTokenPlan asks; and, where there is a crossover, both costs equal there by a second route (the volume x the
 * API's cost a request against the fleet's paid hours x price, computed afresh from the crossover).
 */
import { fleetMonth, fleetOf, requestsInMonth, TOKEN_FIELDS, TokenComparison, TokenField, TokenPlan } from "../model";
import {
  addCheckRows,
  CHECK_TOLERANCE,
  CheckBound,
  fieldBound,
  fieldBoundChecks,
  ruleBound,
  PlacedChecks,
  SheetCheck,
  twoRoutesCheck,
} from "../../core/sheet/checks";
import { figureCell } from "../../core/sheet/rows";
import { isProblem } from "../../core/model/problems";
import { fleetCostAt, inputName, trafficInMonth } from "./tokensFigures";
import { GROWTH_RULE } from "./tokensInputs";
import { NUMBER_FORMAT } from "../../core/sheet/formats";
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

/**
 * The month the fleet becomes cheaper is the first past the crossover, by a second route: its traffic (the plan's x
 * (1 + growth)^(month - 1)) above the crossover, and the month before's (where there is one) not. Where there is no
 * such month (#N/A) both routes stand aside and it holds.
 */
function cheaperMonthCheck(sheet: TokensRows, c: TokenComparison, plan: TokenPlan): SheetCheck {
  const month = sheet.figure("cheaperMonth");
  const crossover = sheet.figure("crossover");
  const found = isProblem(c.cheaperMonth) || isProblem(c.crossover) ? undefined : c.cheaperMonth;
  const x = isProblem(c.crossover) ? 0 : c.crossover;
  const at = (m: number) => requestsInMonth(plan.requestsPerMonth, plan.monthlyGrowth ?? 0, m) - x;
  const above = found === undefined ? 1 : at(found);
  const before = found === undefined || found === 1 ? -1 : at(found - 1);
  return {
    name: "The month the fleet becomes cheaper is the first past the crossover",
    figures: [
      figureCell(`IFERROR(${trafficInMonth(sheet, month)}-${crossover},1)`, above, NUMBER_FORMAT.clipsChange),
      figureCell(
        `IFERROR(IF(${month}=1,-1,${trafficInMonth(sheet, `(${month}-1)`)}-${crossover}),-1)`,
        before,
        NUMBER_FORMAT.clipsChange,
      ),
    ],
    holds: ([a, b]) => `AND(${a}>0,${b}<=0)`,
    failure:
      "The month the fleet becomes cheaper is not the first whose traffic passes the crossover: it was typed over.",
    held: above > 0 && before <= 0,
  };
}

/** The growth's bound, its own rule's (the shared rules have none above -1); every other field's from its check. */
const boundOf = (field: TokenField): CheckBound | undefined =>
  field.quantity === "growth" ? ruleBound(GROWTH_RULE) : fieldBound(field);

/** Adds every check of the sheet, one a row; where they landed, for the master check. */
export function addTokenChecks(sheet: TokensRows, plan: TokenPlan, c: TokenComparison, money: string): PlacedChecks {
  sheet.heading("Checks (0: holds; 1: fails)");
  return addCheckRows(sheet, [
    ...fieldBoundChecks(
      TOKEN_FIELDS,
      (field) => inputName(sheet, field.key),
      (field) => plan[field.key],
      boundOf,
    ),
    ...pairChecks(sheet, plan),
    crossoverCheck(sheet, plan, c, money),
    cheaperMonthCheck(sheet, c, plan),
  ]);
}
