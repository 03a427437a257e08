/*
 * The monthly figures of a bill, from the aggregation's result rows (billSql.ts): training hours and cost,
 * serving hours consumed and paid, the measured peak-to-mean (paid / consumed), the effective price per
 * accelerator-hour by pricing category, training's share of what was paid (the measured Amdahl ceiling, with
 * the core's amdahlCeiling), and the reconciliation: mapped + left out = the file's own total, per month and
 * currency. Nothing here throws: what is wrong with the bill comes back as BillProblems beside the figures.
 */
import { TOKENS_PER_PRICE_UNIT } from "../../tokens/model";
import { amdahlCeiling } from "../../core/model/formulas";
import { moneyText } from "../../core/model/money";
import { isProblem } from "../../core/model/problems";
import { readYearMonth, YEAR_MONTH_REFUSALS, YearMonthRefusal } from "../../core/model/months";
import { BY_TOKEN, LEFT_OUT_REASONS, LeftOutReason } from "./billSql";
import { BillProblem, billProblem, FIGURE_KEYS, focusName, listed } from "./focusColumns";
import { BILL_ROLES, BillRole, isBillRole } from "./roles";

/**
 * Whether a month of the result is one the figures count: a calendar month Excel can date ("2026-01"), by the one
 * reading of a month (core/model/months.ts) the actuals sheet's columns use too, so the pane's totals and the
 * sheet's agree. Not the first characters of another date ("01/02/2"), "2026-13", nor "0001-01".
 */
export const isBillMonth = (month: unknown): boolean => !("refused" in readYearMonth(month));

/** One row of the aggregation's result, as the engine gives it (counts may come as bigint or text). */
export interface BillResultRow {
  section: string;
  month: string | null;
  currency: string | null;
  role?: string | null;
  pricing_category?: string | null;
  reason?: string | null;
  consumed_hours?: unknown;
  paid_hours?: unknown;
  effective_cost?: unknown;
  billed_cost?: unknown;
  row_count?: unknown;
  null_consumed_rows?: unknown;
  files?: string | null;
  /** in a total row: rows whose cost or quantity is text that is not a number */
  unreadable_rows?: unknown;
  /** in a total row: the charge periods' dates (billSql.ts BILL_RESULT_DATE_COLUMNS) */
  not_utc_rows?: unknown;
  moved_rows?: unknown;
  split_rows?: unknown;
  unsplit_rows?: unknown;
  /** in a mapped row: its model (billSql.ts BILL_RESULT_MODEL_COLUMNS); null where it has none */
  model?: string | null;
  /** in a byToken row: the tokens its rows were priced in (billSql.ts BILL_RESULT_TOKEN_COLUMNS) */
  tokens?: unknown;
}

/** A month's serving bought by the token (billSql.ts BY_TOKEN): its tokens and what they cost. */
export interface BillByToken extends BillCost {
  /** tokens priced (a "1K Tokens" unit's quantity times 1,000) */
  tokens: number;
  /** token rows with no readable quantity: in the costs, not in the tokens */
  rowsWithoutTokens: number;
  /** the EffectiveCost of rowsWithoutTokens: left out of costPerMillionTokens, whose tokens they do not say */
  costWithoutTokens: number;
  /** EffectiveCost of the rows that say their tokens, per million of them; undefined without tokens */
  costPerMillionTokens?: number;
}

/** What a month's rows' dates needed to land in their UTC month (each row counted in its first month). */
export interface BillMonthDates {
  /** rows whose ChargePeriodStart carries an offset other than UTC's ("-07:00") */
  notUtcRows: number;
  /** rows whose UTC month is not the month their ChargePeriodStart's text begins with */
  movedRows: number;
  /** rows whose charge period runs into the next month: split between the two by their hours */
  splitRows: number;
  /** rows whose charge period runs past the next month: counted whole in this one */
  unsplitRows: number;
}

/** Costs and rows of a part of the bill. */
export interface BillCost {
  effectiveCost: number;
  billedCost: number;
  rows: number;
}

/** A role's accelerator-hours and cost in a month. */
export interface BillRoleFigures extends BillCost {
  hoursConsumed: number;
  hoursPaid: number;
}

/** A model's accelerator-hours and cost in a month, by role. */
export interface BillModelFigures {
  /** the model's name as the rows give it (lower-cased); "" for the rows that name none */
  model: string;
  roles: Record<BillRole, BillRoleFigures>;
}

/** What a pricing category paid per accelerator-hour. */
export interface BillPrice {
  /** FOCUS's PricingCategory: Standard, Committed, Dynamic, Other */
  category: string;
  /** on demand, committed, spot, other */
  label: string;
  hoursPaid: number;
  effectiveCost: number;
  /** EffectiveCost / hours paid; undefined when no hour was paid */
  pricePerHour?: number;
}

/** One month of the bill, in one currency. */
export interface BillMonth {
  /** "2024-09" */
  month: string;
  currency: string;
  roles: Record<BillRole, BillRoleFigures>;
  /**
   * each model's part of `roles`, the costliest first, where the mapping reads each row's model; empty for a bill
   * of one model (no model source), whose figures are exactly those of before models were read
   */
  models: BillModelFigures[];
  /** training's accelerator-hours paid */
  trainingHours: number;
  /** training's EffectiveCost */
  trainingCost: number;
  servingHoursConsumed: number;
  servingHoursPaid: number;
  /** serving paid and not consumed: idle reservations, unused commitment, headroom */
  servingHoursIdle: number;
  /** serving paid / consumed; undefined when serving consumed nothing */
  peakToMean?: number;
  prices: BillPrice[];
  /** training hours paid / every mapped accelerator-hour paid (training, serving, re-scans, other) */
  trainingShareOfHours?: number;
  /** training's EffectiveCost / every mapped row's EffectiveCost */
  trainingShareOfCost?: number;
  mapped: BillCost;
  leftOut: ({ reason: LeftOutReason; label: string } & BillCost)[];
  /** the EffectiveCost of every left-out part */
  leftOutCost: number;
  /** serving bought by the token: counted apart from the accelerator-hours and from what is left out */
  byToken: BillByToken;
  /** the file's own sums over every row of the month */
  fileTotal: BillCost;
  files: string[];
  /** rows whose cost or quantity is text that is not a number ("86,4", "$12.50", NaN): read as 0, said, and the
   * month does not reconcile */
  unreadableRows: number;
  /** how the month's rows' dates were read into UTC months */
  dates: BillMonthDates;
  /** fileTotal - (mapped + left out), EffectiveCost and BilledCost */
  effectiveDifference: number;
  billedDifference: number;
  reconciles: boolean;
}

/** FOCUS's pricing categories in a planner's words: a Map, as the key is the file's text ("constructor" too). */
const PRICE_LABELS: ReadonlyMap<string, string> = new Map([
  ["Standard", "on demand"],
  ["Committed", "committed"],
  ["Dynamic", "spot"],
  ["Other", "other"],
]);

/**
 * The largest figure a month may hold, a cost or accelerator-hours: no bill has 10^15 of either, a sum past it
 * no longer holds cents, and one past a double's range is infinity. A month that reaches it is refused.
 */
export const LARGEST_BILL_FIGURE = 1e15;

/** The result's figures in a planner's words, for the sentence of a month past LARGEST_BILL_FIGURE. */
const FIGURE_WORDS: Record<string, string> = {
  consumed_hours: "accelerator-hours (ConsumedQuantity)",
  paid_hours: "accelerator-hours (PricingQuantity)",
  effective_cost: "EffectiveCost",
  billed_cost: "BilledCost",
};

/** The figures of a result row past LARGEST_BILL_FIGURE (or past a double's range), in FIGURE_WORDS. */
function figuresPastRange(row: BillResultRow): string[] {
  return Object.keys(FIGURE_WORDS).filter((column) => {
    const value = row[column as keyof BillResultRow];
    if (value === null || value === undefined) return false;
    const n = typeof value === "bigint" ? Number(value) : Number(value);
    return !(Math.abs(n) < LARGEST_BILL_FIGURE);
  });
}

/** A figure of a result row as a number: 0 for null, a count's bigint or text read as its number. */
function figure(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === "bigint" ? Number(value) : typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : 0;
}

const emptyCost = (): BillCost => ({ effectiveCost: 0, billedCost: 0, rows: 0 });
const add = (into: BillCost, row: BillResultRow) => {
  into.effectiveCost += figure(row.effective_cost);
  into.billedCost += figure(row.billed_cost);
  into.rows += figure(row.row_count);
};

/** Half a cent, or a billionth of the total: what two sums of the same rows in another order may differ by. */
function tolerance(total: number): number {
  return Math.max(0.005, Math.abs(total) * 1e-9);
}

/** Hours as a sentence says them: "1,722" or "0.5". */
const figureText = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 2 });

/** A share, or undefined where the whole is 0 or a credit makes a part negative. */
function share(part: number, whole: number): number | undefined {
  if (whole <= 0 || part < 0) return undefined;
  const value = amdahlCeiling(part, whole);
  return isProblem(value) ? undefined : value;
}

/**
 * Every accelerator-hour the roles paid, summed over BILL_ROLES in their order: the one sum the month, the
 * totals and the actuals sheet's "Accelerators, paid" row (in that order, to the last bit) all take.
 * @example mappedHoursPaid(month.roles) // training + serving + rescan + other
 */
export function mappedHoursPaid(roles: Readonly<Record<BillRole, BillRoleFigures>>): number {
  return BILL_ROLES.reduce((sum, role) => sum + roles[role].hoursPaid, 0);
}

/** A month of the bill while its rows are read: the month, its pricing categories so far and its null rows. */
interface MonthInProgress {
  month: BillMonth;
  prices: Map<string, BillPrice>;
  /** accelerator rows with no ConsumedQuantity that are not unused commitment */
  nullConsumed: number;
  /** the result's figures whose sum is past LARGEST_BILL_FIGURE (FIGURE_WORDS' keys) */
  pastRange: Set<string>;
  /** each model's roles so far (null: rows that name no model) */
  models: Map<string | null, Record<BillRole, BillRoleFigures>>;
}

/** Every role with nothing read yet. */
function emptyRoles(): Record<BillRole, BillRoleFigures> {
  const roles = {} as Record<BillRole, BillRoleFigures>;
  for (const role of BILL_ROLES) roles[role] = { hoursConsumed: 0, hoursPaid: 0, ...emptyCost() };
  return roles;
}

/** A month and currency with nothing read yet. */
function emptyMonth(month: string, currency: string): BillMonth {
  return {
    month,
    currency,
    roles: emptyRoles(),
    models: [],
    trainingHours: 0,
    trainingCost: 0,
    servingHoursConsumed: 0,
    servingHoursPaid: 0,
    servingHoursIdle: 0,
    prices: [],
    mapped: emptyCost(),
    leftOut: [],
    leftOutCost: 0,
    byToken: { ...emptyCost(), tokens: 0, rowsWithoutTokens: 0, costWithoutTokens: 0 },
    fileTotal: emptyCost(),
    files: [],
    unreadableRows: 0,
    dates: { notUtcRows: 0, movedRows: 0, splitRows: 0, unsplitRows: 0 },
    effectiveDifference: 0,
    billedDifference: 0,
    reconciles: true,
  };
}

/** A mapped row's hours and costs into a role's figures. */
function addRole(roles: Record<BillRole, BillRoleFigures>, row: BillResultRow): void {
  const figures = roles[isBillRole(row.role) ? row.role : "other"];
  figures.hoursConsumed += figure(row.consumed_hours);
  figures.hoursPaid += figure(row.paid_hours);
  add(figures, row);
}

/** A mapped row into its month: its role's and model's hours and costs, the mapped costs, its category, null rows. */
function addMapped(into: MonthInProgress, row: BillResultRow): void {
  addRole(into.month.roles, row);
  const model = typeof row.model === "string" ? row.model : null;
  const ofModel = into.models.get(model) ?? emptyRoles();
  addRole(ofModel, row);
  into.models.set(model, ofModel);
  add(into.month.mapped, row);
  const category = String(row.pricing_category ?? "Other");
  const price = into.prices.get(category) ?? {
    category,
    label: PRICE_LABELS.get(category) ?? category,
    hoursPaid: 0,
    effectiveCost: 0,
  };
  price.hoursPaid += figure(row.paid_hours);
  price.effectiveCost += figure(row.effective_cost);
  into.prices.set(category, price);
  into.nullConsumed += figure(row.null_consumed_rows);
}

/** A left-out row into its month's part of the same reason. */
function addLeftOut(month: BillMonth, row: BillResultRow): void {
  const reason = String(row.reason ?? "other") as LeftOutReason;
  let part = month.leftOut.find((p) => p.reason === reason);
  if (!part) {
    const label = LEFT_OUT_REASONS.find((r) => r.reason === reason)?.label ?? reason;
    part = { reason, label, ...emptyCost() };
    month.leftOut.push(part);
  }
  add(part, row);
}

/** A byToken row into its month's serving bought by the token. */
function addByToken(month: BillMonth, row: BillResultRow): void {
  add(month.byToken, row);
  month.byToken.tokens += figure(row.tokens);
  // the SQL groups the rows without tokens apart (billSql.ts), so a group is either all with or all without
  const without = figure(row.null_consumed_rows);
  month.byToken.rowsWithoutTokens += without;
  if (without > 0) month.byToken.costWithoutTokens += figure(row.effective_cost);
}

/** A total row into its month: the file's own sums, its unreadable rows and its files (in `fileNames`' words). */
function addTotal(month: BillMonth, row: BillResultRow, fileNames?: ReadonlyMap<string, string>): void {
  add(month.fileTotal, row);
  month.unreadableRows += figure(row.unreadable_rows);
  month.dates.notUtcRows += figure(row.not_utc_rows);
  month.dates.movedRows += figure(row.moved_rows);
  month.dates.splitRows += figure(row.split_rows);
  month.dates.unsplitRows += figure(row.unsplit_rows);
  const files = String(row.files ?? "")
    .split("|")
    .filter((f) => f !== "")
    .map((f) => fileNames?.get(f) ?? f);
  month.files = [...new Set([...month.files, ...files])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The result's rows gathered by month and currency, in the order the months first appear. */
function gatherMonths(rows: readonly BillResultRow[], fileNames?: ReadonlyMap<string, string>): MonthInProgress[] {
  const byMonth = new Map<string, MonthInProgress>();
  for (const row of Array.isArray(rows) ? rows : []) {
    if (!row || typeof row !== "object") continue;
    const month = String(row.month ?? "");
    const currency = String(row.currency ?? "");
    const id = `${month}\u0000${currency}`;
    let into = byMonth.get(id);
    if (!into) {
      into = {
        month: emptyMonth(month, currency),
        prices: new Map(),
        nullConsumed: 0,
        pastRange: new Set(),
        models: new Map(),
      };
      byMonth.set(id, into);
    }
    for (const column of figuresPastRange(row)) into.pastRange.add(column);
    if (row.section === "mapped") addMapped(into, row);
    else if (row.section === "leftOut") addLeftOut(into.month, row);
    else if (row.section === "total") addTotal(into.month, row, fileNames);
    else if (row.section === BY_TOKEN) addByToken(into.month, row);
  }
  return [...byMonth.values()];
}

/** A month's figures from its rows' sums: the roles' hours, the shares, the prices in order, the reconciliation. */
function finishMonth(month: BillMonth, prices: ReadonlyMap<string, BillPrice>): void {
  const { training, serving } = month.roles;
  month.trainingHours = training.hoursPaid;
  month.trainingCost = training.effectiveCost;
  month.servingHoursConsumed = serving.hoursConsumed;
  month.servingHoursPaid = serving.hoursPaid;
  month.servingHoursIdle = serving.hoursPaid - serving.hoursConsumed;
  if (serving.hoursConsumed > 0) month.peakToMean = serving.hoursPaid / serving.hoursConsumed;
  month.trainingShareOfHours = share(training.hoursPaid, mappedHoursPaid(month.roles));
  month.trainingShareOfCost = share(training.effectiveCost, month.mapped.effectiveCost);
  month.prices = [...prices.values()]
    .map((p) => (p.hoursPaid > 0 ? { ...p, pricePerHour: p.effectiveCost / p.hoursPaid } : p))
    .sort((a, b) => order(a.category) - order(b.category) || a.category.localeCompare(b.category));
  month.leftOut.sort((a, b) => reasonOrder(a.reason) - reasonOrder(b.reason));
  const leftOut = month.leftOut.reduce(
    (sum, p) => ({
      ...sum,
      effectiveCost: sum.effectiveCost + p.effectiveCost,
      billedCost: sum.billedCost + p.billedCost,
    }),
    emptyCost(),
  );
  month.leftOutCost = leftOut.effectiveCost;
  const { byToken } = month;
  if (byToken.tokens > 0) {
    byToken.costPerMillionTokens =
      ((byToken.effectiveCost - byToken.costWithoutTokens) / byToken.tokens) * TOKENS_PER_PRICE_UNIT;
  }
  month.effectiveDifference =
    month.fileTotal.effectiveCost - month.mapped.effectiveCost - leftOut.effectiveCost - byToken.effectiveCost;
  month.billedDifference =
    month.fileTotal.billedCost - month.mapped.billedCost - leftOut.billedCost - byToken.billedCost;
  month.reconciles =
    Math.abs(month.effectiveDifference) <= tolerance(month.fileTotal.effectiveCost) &&
    Math.abs(month.billedDifference) <= tolerance(month.fileTotal.billedCost);
  // the sums cannot close what they never read: the file's own total misses the same cells
  if (month.unreadableRows > 0) month.reconciles = false;
}

/** The figures of a finished month whose sums reached LARGEST_BILL_FIGURE (in FIGURE_WORDS' keys). */
function sumsPastRange(month: BillMonth): string[] {
  const past = (n: number) => !(Math.abs(n) < LARGEST_BILL_FIGURE);
  const costs = [month.fileTotal, month.mapped, month.byToken, ...month.leftOut, ...Object.values(month.roles)];
  const hours = Object.values(month.roles);
  return [
    ...(costs.some((c) => past(c.effectiveCost)) || past(month.leftOutCost) ? ["effective_cost"] : []),
    ...(costs.some((c) => past(c.billedCost)) ? ["billed_cost"] : []),
    ...(hours.some((h) => past(h.hoursConsumed)) ? ["consumed_hours"] : []),
    ...(hours.some((h) => past(h.hoursPaid)) || past(mappedHoursPaid(month.roles)) ? ["paid_hours"] : []),
  ];
}

/** The error of a month refused for figures past LARGEST_BILL_FIGURE: which, and what to look for in the file. */
function pastRangeProblem(month: BillMonth, columns: ReadonlySet<string>): BillProblem {
  const words = [
    ...new Set(
      Object.keys(FIGURE_WORDS)
        .filter((c) => columns.has(c))
        .map((c) => FIGURE_WORDS[c]),
    ),
  ];
  return billProblem(
    "badRow",
    "error",
    `${month.month} (${month.currency}) is left out of the figures: its ${listed(words)} add up to 10^15 or ` +
      "more, past any bill (or past the largest number a figure can hold), so a row's cost or quantity in it is " +
      "wrong: a value in another unit, or an exponent typed by hand. Find the month's largest values of " +
      `${listed(words, "and")} in the file, correct them or export the bill again, and import it again.`,
    whereOf(month),
  );
}

/** Where a month's problem is: its month and currency. */
const whereOf = (month: BillMonth) => ({ month: month.month, currency: month.currency });

/** "1 row" or "3 rows". */
const rowsText = (n: number) => `${n} ${n === 1 ? "row" : "rows"}`;

/**
 * A month's models, the costliest first (then by name), where some row names one; none where no row does (a bill
 * of one model). The rows that name none are the model "".
 */
function modelsOf(models: ReadonlyMap<string | null, Record<BillRole, BillRoleFigures>>): BillModelFigures[] {
  if (![...models.keys()].some((m) => m !== null)) return [];
  const cost = (roles: Record<BillRole, BillRoleFigures>) => BILL_ROLES.reduce((n, r) => n + roles[r].effectiveCost, 0);
  return [...models]
    .map(([model, roles]) => ({ model: model ?? "", roles }))
    .sort((a, b) => cost(b.roles) - cost(a.roles) || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
}

/** Why a month does not reconcile, if it does not: figures that were not numbers, or sums that do not close. */
function reconciliationProblem(month: BillMonth): BillProblem | undefined {
  const n = month.unreadableRows;
  if (n > 0) {
    return billProblem(
      "unreadableNumbers",
      "error",
      `${rowsText(n)} of ${month.month} (${month.currency}) ${n === 1 ? "has" : "have"} a cost ` +
        `or quantity that is not a number (${listed(FIGURE_KEYS.map(focusName), "or")}), read ` +
        "as 0, so the figures miss them: export the bill again as FOCUS CSV, with plain numbers (a decimal " +
        "point, no thousands separators or currency signs), not a copy saved from a spreadsheet.",
      whereOf(month),
    );
  }
  if (month.reconciles) return undefined;
  return billProblem(
    "reconciliation",
    "error",
    `${month.month} (${month.currency}) does not reconcile: the file's rows sum to ` +
      `${moneyText(month.fileTotal.effectiveCost, month.currency)} EffectiveCost and ` +
      `${moneyText(month.fileTotal.billedCost, month.currency)} BilledCost, the figures to ` +
      `${moneyText(month.effectiveDifference, month.currency)} and ` +
      `${moneyText(month.billedDifference, month.currency)} ` +
      "less. Report this with the file: no row should be lost.",
    whereOf(month),
  );
}

/**
 * A dated month's warnings, in this order: rows with no currency, serving that used more than it paid, a month
 * from several files, accelerator rows with no ConsumedQuantity (`nullConsumed` of them), accelerators of an
 * unknown count.
 */
function monthWarnings(month: BillMonth, nullConsumed: number): BillProblem[] {
  const warnings: BillProblem[] = [];
  const warn = (code: BillProblem["code"], message: string) =>
    warnings.push(billProblem(code, "warning", message, whereOf(month)));
  const { rows } = month.fileTotal;
  if (month.currency === "") {
    warn(
      "badRow",
      `${rowsText(rows)} of ${month.month} (${moneyText(month.fileTotal.effectiveCost)}) ` +
        `${rows === 1 ? "has" : "have"} no BillingCurrency: they are shown as a currency of ` +
        "their own, never added to another. Export the bill again with BillingCurrency filled.",
    );
  }
  const { serving } = month.roles;
  if (serving.hoursConsumed > serving.hoursPaid * (1 + 1e-9) + 1e-9) {
    warn(
      "badRow",
      `In ${month.month} (${month.currency}) serving used ${figureText(serving.hoursConsumed)} accelerator-hours ` +
        `but paid ${figureText(serving.hoursPaid)}: no bill pays for less than it used. Check ConsumedUnit ` +
        "against PricingUnit (seconds against hours, say): the figures read ConsumedQuantity as hours.",
    );
  }
  if (month.files.length > 1) {
    warn(
      "monthSplitAcrossFiles",
      `${month.month} comes from ${month.files.length} files (${month.files.join(", ")}). If they are parts ` +
        "of one export this is right; if one is a second export of the same month, its cost counts twice: " +
        "import only one of them.",
    );
  }
  if (nullConsumed > 0) {
    warn(
      "nullConsumed",
      `${nullConsumed} accelerator ${nullConsumed === 1 ? "row" : "rows"} of ${month.month} ` +
        `${nullConsumed === 1 ? "has" : "have"} no ConsumedQuantity and no unused commitment status: their hours ` +
        "count as paid and not consumed, which raises the measured peak-to-mean.",
    );
  }
  const unknown = month.leftOut.find((p) => p.reason === "acceleratorCountUnknown");
  if (unknown) {
    warn(
      "unknownAcceleratorCount",
      `${unknown.rows} accelerator ${unknown.rows === 1 ? "row" : "rows"} of ${month.month} ` +
        `(${moneyText(unknown.effectiveCost, month.currency)}) name an instance type whose accelerator count the ` +
        "add-in does not know: give its count to include them.",
    );
  }
  return warnings;
}

/** Why the one reading of a month refuses `month` ("notYearMonth" when it reads: never asked of such a month). */
function refusalOf(month: string): YearMonthRefusal {
  const read = readYearMonth(month);
  return "refused" in read ? read.refused : "notYearMonth";
}

/** The rows of `months` and their cost in each currency: "2 rows (3.00 USD, 1.00 EUR)". */
function rowsAndCosts(months: readonly BillMonth[]): string {
  const rows = months.reduce((sum, m) => sum + m.fileTotal.rows, 0);
  const costs = [...new Set(months.map((m) => m.currency))].map((currency) =>
    moneyText(
      months.filter((m) => m.currency === currency).reduce((sum, m) => sum + m.fileTotal.effectiveCost, 0),
      currency,
    ),
  );
  return `${rowsText(rows)} (${costs.join(", ")})`;
}

/**
 * The errors of the months the figures do not count (isBillMonth): one for the months no ISO date gave (how they
 * begin), one naming each year-month Excel cannot date ("2026-13", "0001-01") and why; their rows are in no month.
 */
function undatedProblems(undated: readonly BillMonth[]): BillProblem[] {
  const yearMonths = undated.filter((m) => refusalOf(m.month) !== "notYearMonth");
  const notIso = undated.filter((m) => !yearMonths.includes(m));
  const problems: BillProblem[] = [];
  if (notIso.length > 0) {
    const seen = notIso
      .map((m) => `"${m.month}"`)
      .slice(0, 3)
      .join(", ");
    problems.push(
      billProblem(
        "badRow",
        "error",
        `${rowsAndCosts(notIso)} have a ChargePeriodStart that is not an ISO ` +
          `date (they begin ${seen}), so no month holds them and no figure counts them. FOCUS dates are ISO 8601 ` +
          '("2026-01-01T00:00:00Z"): export the bill again from the cloud, not a copy saved from a spreadsheet.',
      ),
    );
  }
  if (yearMonths.length > 0) {
    const named = [...new Set(yearMonths.map((m) => m.month))]
      .slice(0, 5)
      .map((month) => `${month} is ${YEAR_MONTH_REFUSALS[refusalOf(month)]}`);
    problems.push(
      billProblem(
        "badRow",
        "error",
        `${rowsAndCosts(yearMonths)} are dated in months Excel cannot date (${named.join("; ")}), so no month ` +
          "holds them and no figure or sheet counts them. Correct their ChargePeriodStart in the bill, or export " +
          "it again from the cloud.",
      ),
    );
  }
  return problems;
}

/** A cost or quantity that is not a figure, where it is: what unreadableRowsProblem names. */
export interface UnreadableCell {
  /** the planner's name of the file */
  file: string;
  /** "line" in a CSV (the header is line 1), "row" in a Parquet file */
  place: "line" | "row";
  number: number;
  /** the FOCUS column */
  column: string;
  /** the cell's text (its first 40 characters) */
  text: string;
}

/** Why a cell's text is not a figure, in a planner's words. */
function whyNotAFigure(text: string): string {
  const plain = text.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(plain) && !Number.isFinite(Number(plain))) {
    return `${plain}, past the largest number a figure can hold (about 1.8e308)`;
  }
  if (/\d_\d/.test(plain)) return `"${plain}", digits grouped with "_", which no export writes`;
  return `"${plain}", not a plain number`;
}

/**
 * The error that names the first cells whose cost or quantity is not a figure (`cells`, of `rows` such rows in
 * all): where each is and why, and what to do. These rows are not summed (billSql.ts figureSql).
 * @example unreadableRowsProblem([{ file: "a.csv", place: "line", number: 2, column: "BilledCost", text: "1e309" }], 1)
 */
export function unreadableRowsProblem(cells: readonly UnreadableCell[], rows: number): BillProblem {
  const named = cells.map((c) => `${c.place} ${c.number} of ${c.file} (${c.column} is ${whyNotAFigure(c.text)})`);
  const shownRows = new Set(cells.map((c) => `${c.file}\u0000${c.number}`)).size;
  const more = rows > shownRows ? `; and ${rowsText(rows - shownRows)} more` : "";
  return billProblem(
    "unreadableNumbers",
    "error",
    `Not summed, as a cost or quantity in them is not a figure: ${named.join("; ")}${more}. Correct them in the ` +
      "file (plain numbers: a decimal point, no thousands separators or currency signs) or export the bill " +
      "again, then import it again.",
  );
}

/**
 * The warning that says how a bill's dates were read (none when every date was UTC and every period in one
 * month): FOCUS dates are UTC, so a row written in a local time ("-07:00") counts in its UTC month; how many
 * rows that moved into another month; periods split between two months by their hours; periods left whole.
 */
export function chargePeriodProblem(months: readonly BillMonth[]): BillProblem | undefined {
  const sum = (key: keyof BillMonthDates) => months.reduce((n, m) => n + (m.dates?.[key] ?? 0), 0);
  const [notUtc, moved, split, unsplit] = [sum("notUtcRows"), sum("movedRows"), sum("splitRows"), sum("unsplitRows")];
  if (notUtc + moved + split + unsplit === 0) return undefined;
  const sentences: string[] = [];
  if (notUtc > 0) {
    sentences.push(
      `${rowsText(notUtc)} of this bill ${notUtc === 1 ? "has a ChargePeriodStart" : "have ChargePeriodStarts"} ` +
        'that are not UTC (they carry an offset, such as "-07:00"). FOCUS dates are UTC, so each row is counted ' +
        "in its month in UTC.",
    );
  }
  if (moved > 0) {
    sentences.push(
      `${rowsText(moved)} ${moved === 1 ? "lands" : "land"} in a month other than the one ` +
        `${moved === 1 ? "its date begins" : "their dates begin"} with (a local date of 30 September 23:00 at ` +
        '"-07:00" is 1 October in UTC).',
    );
  }
  if (split > 0) {
    sentences.push(
      `${rowsText(split)} ${split === 1 ? "runs" : "run"} into the next month: ${split === 1 ? "its" : "their"} ` +
        "hours and costs are split between the two months by the hours in each (a split row counts in both).",
    );
  }
  if (unsplit > 0) {
    sentences.push(
      `${rowsText(unsplit)} ${unsplit === 1 ? "runs" : "run"} past the next month and cannot be split by month ` +
        "here: each is counted whole in the month it begins. Export the bill hourly or daily to place them.",
    );
  }
  return billProblem("datesNotUtc", "warning", sentences.join(" "));
}

/** A warning for each month billed in more than one currency. */
function mixedCurrencyProblems(months: readonly BillMonth[]): BillProblem[] {
  const currencies = new Map<string, string[]>();
  for (const month of months) currencies.set(month.month, [...(currencies.get(month.month) ?? []), month.currency]);
  return [...currencies]
    .filter(([, list]) => list.length > 1)
    .map(([month, list]) =>
      billProblem(
        "mixedCurrencies",
        "warning",
        `${month} is billed in ${list.length} currencies (${list.join(", ")}): each is shown on its own, and ` +
          "they are not added together.",
        { month },
      ),
    );
}

/**
 * The months of a bill from the aggregation's rows, each month and currency on its own, sorted by month, and
 * the problems the rows show: no rows, a month no date gave, mixed currencies in a month, a month split
 * across files, accelerator rows with no ConsumedQuantity, accelerators of unknown count, and a
 * reconciliation that does not close (with its size). `fileNames` gives the planner's name of each file the
 * engine read (the import's own names: billFiles.ts), which the months and their sentences then use.
 * @example billMonthsOf(rows).months[0].peakToMean // 1.25
 */
export function billMonthsOf(
  rows: readonly BillResultRow[],
  fileNames?: ReadonlyMap<string, string>,
): { months: BillMonth[]; problems: BillProblem[] } {
  const gathered = gatherMonths(rows, fileNames).sort(
    (a, b) => a.month.month.localeCompare(b.month.month) || a.month.currency.localeCompare(b.month.currency),
  );
  const all = gathered.map((g) => g.month);
  const problems: BillProblem[] = [];
  if (all.length === 0) {
    problems.push(billProblem("noRows", "error", "The bill has no rows: choose the month's FOCUS export."));
  }
  const undated: BillMonth[] = [];
  const refused = new Set<BillMonth>();
  for (const { month, prices, nullConsumed, pastRange, models } of gathered) {
    finishMonth(month, prices);
    month.models = modelsOf(models);
    for (const column of sumsPastRange(month)) pastRange.add(column);
    if (pastRange.size > 0) {
      // no figure of the month can be right: refused whole, never shown as Infinity or as a 0 beside the others
      problems.push(pastRangeProblem(month, pastRange));
      refused.add(month);
      continue;
    }
    const unreconciled = reconciliationProblem(month);
    if (unreconciled) problems.push(unreconciled);
    if (isBillMonth(month.month)) problems.push(...monthWarnings(month, nullConsumed));
    else undated.push(month);
  }
  problems.push(...undatedProblems(undated));
  const months = all.filter((m) => !refused.has(m));
  problems.push(...mixedCurrencyProblems(months));
  const dates = chargePeriodProblem(months);
  if (dates) problems.push(dates);
  return { months, problems };
}

const CATEGORY_ORDER = ["Standard", "Committed", "Dynamic", "Other"];
const order = (category: string) => {
  const index = CATEGORY_ORDER.indexOf(category);
  return index < 0 ? CATEGORY_ORDER.length : index;
};
const reasonOrder = (reason: LeftOutReason) => LEFT_OUT_REASONS.findIndex((r) => r.reason === reason);

/** A currency's figures over every month of a bill. */
export interface BillTotals {
  currency: string;
  /** "2026-01" .. "2026-03": the first and last month read */
  firstMonth: string;
  lastMonth: string;
  months: number;
  trainingHours: number;
  trainingCost: number;
  servingHoursConsumed: number;
  servingHoursPaid: number;
  /** serving paid and not consumed (idle reservations, unused commitment, headroom) */
  servingHoursIdle: number;
  peakToMean?: number;
  trainingShareOfHours?: number;
  trainingShareOfCost?: number;
  /** EffectiveCost of the mapped accelerator rows */
  acceleratorCost: number;
  /** every mapped accelerator-hour paid (training, serving, re-scans, other): the whole of training's share of hours */
  acceleratorHoursPaid: number;
  leftOutCost: number;
  /** serving bought by the token: tokens */
  byTokenTokens: number;
  /** serving bought by the token: EffectiveCost */
  byTokenCost: number;
  /** the part of byTokenCost whose rows do not say their tokens */
  byTokenCostWithoutTokens: number;
  /** byTokenCost of the rows that say their tokens, per million byTokenTokens; undefined without tokens */
  byTokenCostPerMillion?: number;
  fileEffectiveCost: number;
  fileBilledCost: number;
  /** every month reconciles */
  reconciles: boolean;
}

/**
 * Each currency's figures over the months of a bill (the summary's), the currency with the most file cost first:
 * sums of the months' hours and costs, and the ratios of the sums (not averages of monthly ratios, which would
 * weigh a quiet month as much as a busy one).
 * @example billTotalsOf(months)[0].peakToMean // paid serving hours / consumed, over every month
 */
export function billTotalsOf(months: readonly BillMonth[]): BillTotals[] {
  const byCurrency = new Map<string, BillTotals>();
  for (const month of [...months].sort((a, b) => a.month.localeCompare(b.month))) {
    if (!isBillMonth(month.month)) continue;
    const totals = byCurrency.get(month.currency) ?? {
      currency: month.currency,
      firstMonth: month.month,
      lastMonth: month.month,
      months: 0,
      trainingHours: 0,
      trainingCost: 0,
      servingHoursConsumed: 0,
      servingHoursPaid: 0,
      servingHoursIdle: 0,
      acceleratorCost: 0,
      acceleratorHoursPaid: 0,
      leftOutCost: 0,
      byTokenTokens: 0,
      byTokenCost: 0,
      byTokenCostWithoutTokens: 0,
      fileEffectiveCost: 0,
      fileBilledCost: 0,
      reconciles: true,
    };
    totals.lastMonth = month.month;
    totals.months += 1;
    totals.trainingHours += month.trainingHours;
    totals.trainingCost += month.trainingCost;
    totals.servingHoursConsumed += month.servingHoursConsumed;
    totals.servingHoursPaid += month.servingHoursPaid;
    totals.servingHoursIdle += month.servingHoursIdle;
    totals.acceleratorCost += month.mapped.effectiveCost;
    totals.leftOutCost += month.leftOutCost;
    totals.byTokenTokens += month.byToken.tokens;
    totals.byTokenCost += month.byToken.effectiveCost;
    totals.byTokenCostWithoutTokens += month.byToken.costWithoutTokens;
    totals.fileEffectiveCost += month.fileTotal.effectiveCost;
    totals.fileBilledCost += month.fileTotal.billedCost;
    totals.reconciles &&= month.reconciles;
    totals.acceleratorHoursPaid += mappedHoursPaid(month.roles);
    byCurrency.set(month.currency, totals);
  }
  const all = [...byCurrency.values()];
  for (const totals of all) {
    if (totals.servingHoursConsumed > 0) totals.peakToMean = totals.servingHoursPaid / totals.servingHoursConsumed;
    totals.trainingShareOfHours = share(totals.trainingHours, totals.acceleratorHoursPaid);
    totals.trainingShareOfCost = share(totals.trainingCost, totals.acceleratorCost);
    if (totals.byTokenTokens > 0) {
      const priced = totals.byTokenCost - totals.byTokenCostWithoutTokens;
      // per 1M tokens, the unit API prices are quoted in, so the measured price reads beside a planned one
      totals.byTokenCostPerMillion = (priced / totals.byTokenTokens) * TOKENS_PER_PRICE_UNIT;
    }
  }
  return all.sort((a, b) => b.fileEffectiveCost - a.fileEffectiveCost || a.currency.localeCompare(b.currency));
}
