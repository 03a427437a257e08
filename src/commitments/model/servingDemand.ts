/*
 * The bill's serving demand as the commitment to buy reads it: the engine's rows (src/bill/model/billSql.ts
 * hourlyDemandSql, mapped to plain figures by the bill's engine layer) made into a demand profile per currency,
 * instance family and region, with the price on demand and the discount the bill shows, and each group's cheapest
 * commitment. A bill whose charge periods are longer than an hour cannot show hourly demand: it is said, with what
 * a planner can do instead. Pure.
 */
import { Problem, problem } from "../../core/model/problems";
import { CommitmentAnswer, cheapestCommitment, DemandProfile } from "./commitment";

/** Where a group's rows are: the currency of its costs, its instance family ('' where billed one by one), region. */
export interface DemandGroupKey {
  currency: string;
  family: string;
  region: string;
}

/** A group's hours at one level of demand (accelerators in use), for the hours it has serving rows. */
export interface DemandLevelRow extends DemandGroupKey {
  accelerators: number;
  hours: number;
}

/** A group's totals: hours used, paid under a commitment and on demand, and their costs. */
export interface DemandGroupRow extends DemandGroupKey {
  usedAcceleratorHours: number;
  /** accelerator-hours paid under a commitment (PricingCategory Committed, or a CommitmentDiscountId), unused too */
  committedPaidAcceleratorHours: number;
  /** those rows' EffectiveCost: what the commitment cost */
  committedCost: number;
  /** the ListCost of the rows that have one, and the accelerator-hours paid they price (null: no row has one) */
  listCost: number | null;
  listPaidAcceleratorHours: number;
  /** on demand's (Standard, not committed) EffectiveCost and accelerator-hours paid */
  onDemandCost: number;
  onDemandPaidAcceleratorHours: number;
}

/** Serving rows whose charge periods are `hours` long (null: no ChargePeriodEnd), hourly or not. */
export interface ChargePeriodRows {
  hours: number | null;
  rows: number;
}

/** The engine's answer for a bill: each group's levels and totals (hourly rows only), the bill's hours, its periods. */
export interface HourlyDemandRows {
  levels: readonly DemandLevelRow[];
  groups: readonly DemandGroupRow[];
  /** hours from the bill's first charge period's start to its last one's end (null: no date could be read) */
  spanHours: number | null;
  /** every serving row (hourly or not) by the length of its charge period */
  periods: readonly ChargePeriodRows[];
}

/**
 * How long a bill's charge periods are: a bill is of the first granularity that more than half its serving rows
 * (of those that say when they end) are no longer than, so one daily adjustment does not make an hourly bill daily.
 * Only an hourly bill shows hourly demand, and only its rows of an hour or less are in it (billSql.ts
 * hourlyDemandSql leaves the others out: its 3,600 seconds are this hour).
 */
export const BILL_GRANULARITIES = [
  { granularity: "hourly", longestHours: 1 },
  { granularity: "daily", longestHours: 24 },
  { granularity: "monthly", longestHours: Infinity },
] as const;

/** An hourly bill's, a daily bill's or a monthly one's. */
export type BillGranularity = (typeof BILL_GRANULARITIES)[number]["granularity"];

/** One group's demand, with its price on demand and what the bill shows of a commitment. */
export interface ServingGroup extends DemandGroupKey {
  demand: DemandProfile;
  /** the price on demand an accelerator-hour: ListCost over the hours it prices, else on demand's EffectiveCost */
  pricePerAcceleratorHour?: number;
  priceFrom?: "ListCost" | "on demand's EffectiveCost";
  /** the discount the committed rows show against that price (absent: no committed rows) */
  discountRead?: number;
  /** the accelerators the bill shows committed: committed hours paid over the bill's hours */
  billedCommittedAccelerators?: number;
}

/** The serving demand of a bill: its groups, or why it shows none, in words. */
export type ServingDemand =
  | {
      hourly: true;
      hours: number;
      groups: ServingGroup[];
      /** serving rows left out of the hourly demand: their charge periods are longer than an hour, or unknown */
      notHourlyRows: number;
      /** the sentence that says so (absent: none left out) */
      note?: string;
    }
  | { hourly: false; granularity?: BillGranularity; message: string };

/** A tolerance on a charge period's hours: dates read to the second, divided by 3,600. */
const PERIOD_SLACK_HOURS = 1e-6;

const keyOf = (g: DemandGroupKey) => JSON.stringify([g.currency, g.family, g.region]);

/** The granularity a charge period of `periodHours` hours is. */
export function granularityOf(periodHours: number): BillGranularity {
  return BILL_GRANULARITIES.find((g) => periodHours <= g.longestHours + PERIOD_SLACK_HOURS)!.granularity;
}

/**
 * A bill's granularity by its serving rows' periods (those with an end): the first granularity more than half of
 * them are no longer than; undefined when no row says when it ends.
 */
export function billGranularityOf(periods: readonly ChargePeriodRows[]): BillGranularity | undefined {
  const rank = (hours: number) => BILL_GRANULARITIES.findIndex((g) => g.granularity === granularityOf(hours));
  const rowsByRank = BILL_GRANULARITIES.map(() => 0);
  for (const { hours, rows } of periods) if (hours !== null) rowsByRank[rank(hours)] += rows;
  const total = rowsByRank.reduce((sum, n) => sum + n, 0);
  if (total === 0) return undefined;
  let within = 0;
  return BILL_GRANULARITIES.find((_, i) => (within += rowsByRank[i]) * 2 > total)!.granularity;
}

const count = (n: number) => n.toLocaleString("en-US");

/** The sentence of serving rows left out of an hourly bill's demand, undefined when none is. */
function notHourlyNote(notHourly: number, total: number): string | undefined {
  if (notHourly === 0) return undefined;
  const one = notHourly === 1;
  return (
    `${count(notHourly)} of the ${count(total)} serving rows ${one ? "is" : "are"} not hourly ` +
    `(${one ? "a charge period" : "charge periods"} longer than an hour, or without an end): ` +
    `${one ? "it is" : "they are"} left out of the hourly demand.`
  );
}

/** The serving demand of a bill from the engine's rows: per group, its demand profile, price and commitment. */
export function servingDemandOf(rows: HourlyDemandRows): ServingDemand {
  const total = rows.periods.reduce((sum, p) => sum + p.rows, 0);
  if (total === 0) {
    return {
      hourly: false,
      message:
        "No accelerator row is mapped to serving, so there is no serving demand to commit to: map the serving " +
        "values below.",
    };
  }
  const granularity = billGranularityOf(rows.periods);
  if (granularity === undefined || rows.spanHours === null || !(rows.spanHours > 0)) {
    return {
      hourly: false,
      message:
        "This bill's serving rows do not say when their charge periods end (ChargePeriodEnd), so it cannot show " +
        "hourly demand: export an hourly bill with every FOCUS column, or type a demand profile.",
    };
  }
  if (granularity !== "hourly") {
    return {
      hourly: false,
      granularity,
      message:
        `This bill is ${granularity}: it cannot show hourly demand; export an hourly bill, or type a demand ` +
        "profile.",
    };
  }
  const hourlyRows = rows.periods
    .filter((p) => p.hours !== null && granularityOf(p.hours) === "hourly")
    .reduce((sum, p) => sum + p.rows, 0);
  const hours = rows.spanHours;
  const levels = new Map<string, DemandLevelRow[]>();
  for (const level of rows.levels) levels.set(keyOf(level), [...(levels.get(keyOf(level)) ?? []), level]);
  const groups = rows.groups.map((g) => servingGroupOf(g, levels.get(keyOf(g)) ?? [], hours));
  const note = notHourlyNote(total - hourlyRows, total);
  return { hourly: true, hours, groups, notHourlyRows: total - hourlyRows, ...(note ? { note } : {}) };
}

/** One group: its levels with the bill's hours without serving rows at 0, its price and its commitment. */
function servingGroupOf(group: DemandGroupRow, levels: readonly DemandLevelRow[], hours: number): ServingGroup {
  const withRows = levels.reduce((sum, l) => sum + l.hours, 0);
  const idle = hours - withRows;
  const demand = [
    ...levels.map((l) => ({ accelerators: l.accelerators, hours: l.hours })),
    ...(idle > PERIOD_SLACK_HOURS ? [{ accelerators: 0, hours: idle }] : []),
  ];
  const { currency, family, region } = group;
  const fromList = group.listCost !== null && group.listPaidAcceleratorHours > 0 && group.listCost > 0;
  const price = fromList
    ? group.listCost! / group.listPaidAcceleratorHours
    : group.onDemandPaidAcceleratorHours > 0 && group.onDemandCost > 0
      ? group.onDemandCost / group.onDemandPaidAcceleratorHours
      : undefined;
  const served: ServingGroup = { currency, family, region, demand };
  if (price === undefined) return served;
  served.pricePerAcceleratorHour = price;
  served.priceFrom = fromList ? "ListCost" : "on demand's EffectiveCost";
  if (group.committedPaidAcceleratorHours > 0) {
    const discount = 1 - group.committedCost / (group.committedPaidAcceleratorHours * price);
    // a commitment that cost more than on demand, or nothing, reads as no discount to reuse: the planner types one
    if (discount >= 0 && discount < 1) served.discountRead = discount;
    served.billedCommittedAccelerators = group.committedPaidAcceleratorHours / hours;
  }
  return served;
}

/** A group's commitment at a discount: the typed one, else the bill's, else a Problem that asks for one. */
export interface GroupCommitment {
  group: ServingGroup;
  discount?: number;
  discountFrom?: "typed" | "the bill";
  answer: CommitmentAnswer | Problem;
}

/**
 * Each group's cheapest commitment at `typedDiscount` (a share, 0.4 for 40%) or, where none is typed, at the
 * discount its committed rows show; a group without a price on demand, or with no discount to use, is a Problem
 * in words.
 */
export function groupCommitments(demand: ServingDemand, typedDiscount?: number): GroupCommitment[] {
  if (!demand.hourly) return [];
  return demand.groups.map((group) => {
    const discount = typedDiscount ?? group.discountRead;
    const discountFrom =
      typedDiscount !== undefined ? "typed" : group.discountRead !== undefined ? "the bill" : undefined;
    if (group.pricePerAcceleratorHour === undefined) {
      return {
        group,
        discount,
        discountFrom,
        answer: problem(
          "invalidValue",
          "The bill shows no price on demand for these accelerators (no ListCost, no Standard row with a cost).",
        ),
      };
    }
    if (discount === undefined) {
      return {
        group,
        answer: problem(
          "invalidValue",
          "The bill has no committed rows to read a discount from: type the discount a commitment would get.",
        ),
      };
    }
    const answer = cheapestCommitment({
      demand: group.demand,
      pricePerAcceleratorHour: group.pricePerAcceleratorHour,
      discount,
      billedCommittedAccelerators: group.billedCommittedAccelerators,
    });
    return { group, discount, discountFrom, answer };
  });
}
