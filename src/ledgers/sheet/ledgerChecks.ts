/*
 * Both ledgers' checks, for every sheet that states the ledger's figures (the annual sheet once, the what-if sheet
 * once a scenario column), each over the cell references its caller gives (core/sheet/checks.ts, the vocabulary):
 *  - each ledger input within its field's bounds, read from LEDGER_FIELDS' own checks (blank allowed: not counted);
 *  - the net a year against the saving minus the staleness added, two routes;
 *  - the best whole month's cost a month against its neighbours' (a month below, at least 1, and a month above).
 * Each route of the last two is 0 while its figure is not a number (the ledger not counted, no drift, no price), so
 * a blank ledger passes. A sheet names its checks in its own words (the what-if's by its column letter), so the
 * names and failures are the caller's; the formulas and the values they cache are written here once.
 */
import type { LayoutCell } from "../../core/sheet/cell";
import { figureCell } from "../../core/sheet/rows";
import { CHECK_TOLERANCE, fieldBoundChecks, SheetCheck, twoRoutesCheck } from "../../core/sheet/checks";
import type { Problem } from "../../core/model/problems";
import { LEDGER_FIELDS, LedgerInputs } from "../model/ledgerFields";

/**
 * Each ledger input within its field's bounds (LEDGER_FIELDS' checks: a drift from 0 to 1, every cost and minutes
 * 0 or more, blank allowed), over its cell (`cellOf`, an address or a defined name) and the value typed.
 */
export function ledgerBoundChecks(cellOf: (key: keyof LedgerInputs) => string, inputs: LedgerInputs): SheetCheck[] {
  return fieldBoundChecks(
    LEDGER_FIELDS,
    (field) => cellOf(field.key),
    (field) => inputs[field.key],
  );
}

/** The cells the two figure checks read, as the sheet placed them. */
export interface LedgerCheckCells {
  net: string;
  saving: string;
  added: string;
  /** the best whole month, in months */
  best: string;
  /** what the best whole month costs a month */
  bestCost: string;
  /** both ledgers a month at a cadence of `months` (a cell, or a bracketed formula), in the sheet's language */
  monthly: (months: string) => string;
}

/** The model's figures the checks' cells cache; each undefined where the sheet's figure is not a number. */
export interface LedgerCheckValues {
  net?: number | Problem;
  best?: { months: number | Problem; cost: number | Problem };
  /** both ledgers a month at a cadence of `months` */
  costOf: (months: number) => number | Problem | undefined;
}

/** A check's words: what the master check names, and what it says when the check fails. */
export interface CheckWords {
  name: string;
  failure: string;
}

/** How the sheet words its two ledger checks and its figures' routes. */
export interface LedgerCheckStyle {
  net: CheckWords;
  best: CheckWords;
  /** the tolerance: its cell, or a number written out */
  tolerance: string;
  /** the routes' number format (the money's), or none */
  format?: string;
}

/** A number, or undefined for a Problem or a blank. */
const numberOf = (value: number | Problem | undefined): number | undefined =>
  typeof value === "number" ? value : undefined;

/** A ledger figure's route: `formula` where the figure `of` is a number, else 0 ("not counted", an error value). */
const whenNumber = (of: string, formula: string, value: number | Problem | undefined, format?: string): LayoutCell =>
  figureCell(`IF(ISNUMBER(${of}),${formula},0)`, numberOf(value) ?? 0, format);

/** Whether two routes' figures agree within the check tolerance of the second's size, as the sheet decides it. */
const agree = (a: number, b: number) => Math.abs(a - b) <= CHECK_TOLERANCE * Math.abs(b);

/**
 * The two checks of one column of ledger figures: its net against its saving minus the staleness added, and its
 * best whole month's cost a month against the months beside it, worded and toleranced as `style` says.
 * @example ledgerChecks(cells, values, style)[0].figures // [IF(ISNUMBER(D60),D60,0), IF(ISNUMBER(D60),D58-D59,0)]
 */
export function ledgerChecks(c: LedgerCheckCells, values: LedgerCheckValues, style: LedgerCheckStyle): SheetCheck[] {
  const { tolerance, format } = style;
  const netRoutes: [LayoutCell, LayoutCell] = [
    whenNumber(c.net, c.net, values.net, format),
    whenNumber(c.net, `${c.saving}-${c.added}`, values.net, format),
  ];
  const k = numberOf(values.best?.months);
  const costAt = (months: number) => (k === undefined ? undefined : values.costOf(months));
  const bestFigures = [
    whenNumber(c.best, c.bestCost, k === undefined ? undefined : values.best?.cost, format),
    whenNumber(c.best, c.monthly(`MAX(1,${c.best}-1)`), costAt(Math.max(1, (k ?? 1) - 1)), format),
    whenNumber(c.best, c.monthly(`(${c.best}+1)`), costAt((k ?? 0) + 1), format),
  ];
  const [best, below, above] = bestFigures.map((cell) => cell.cached as number);
  const [a, b] = netRoutes.map((cell) => cell.cached as number);
  return [
    twoRoutesCheck(style.net.name, netRoutes, tolerance, style.net.failure, agree(a, b)),
    {
      name: style.best.name,
      figures: bestFigures,
      holds: ([bestCost, low, high]) => `${bestCost}<=MIN(${low},${high})*(1+${tolerance})`,
      failure: style.best.failure,
      held: best <= Math.min(below, above) * (1 + CHECK_TOLERANCE),
    },
  ];
}
