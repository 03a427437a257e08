/*
 * The commitment to buy (../shared/cost-model.md, "Commitments"): from hourly demand h_t (accelerators in use each
 * hour) over H hours, a price on demand p an accelerator-hour and a commitment's discount d, the commitment c
 * that costs least. A commitment of c accelerators costs H x c x (1 - d) x p whether used or not; the rest is on
 * demand, p x sum of max(0, h_t - c). One more committed accelerator costs (1 - d) x p x H and saves p for each
 * hour whose demand exceeds c (a share of one where it exceeds c by less than one), so the cheapest whole
 * commitment is the d-quantile of hourly demand: the smallest c whose demand above it fills at most a (1 - d)
 * share of the hours. Where one more accelerator saves exactly what it costs (a tie), the smaller commitment is
 * taken: it costs the same and locks in less. Pure: no engine, no Office, no DOM.
 */
import { Problem, problem } from "../../core/model/problems";

/** A level of demand and the hours it lasted: `accelerators` in use for `hours` hours. */
export interface DemandLevel {
  accelerators: number;
  hours: number;
}

/**
 * Hourly demand as levels and their hours, in any order (a level may repeat): the hour-by-hour series is the
 * special case of one hour a level. The cost of a commitment depends only on this distribution.
 */
export type DemandProfile = readonly DemandLevel[];

/** What a commitment decides: the demand, the price on demand, the discount, and what the bill committed. */
export interface CommitmentInput {
  demand: DemandProfile;
  /** the price on demand of one accelerator for one hour */
  pricePerAcceleratorHour: number;
  /** the commitment's discount on that price, as a share: 0.4 for 40% (0 <= d < 1) */
  discount: number;
  /** the accelerators the bill shows committed (absent: the bill shows none) */
  billedCommittedAccelerators?: number;
}

/** One commitment's figures over the demand. */
export interface CommitmentFigures {
  committedAccelerators: number;
  /** H x c x (1 - d) x p: paid whether used or not */
  commitmentCost: number;
  /** p x the accelerator-hours above the commitment */
  onDemandCost: number;
  totalCost: number;
  /** used commitment / demand, in accelerator-hours (0 to 1) */
  coverage: number;
  /** used commitment / committed accelerator-hours (0 to 1); null when nothing is committed */
  utilisation: number | null;
}

/** The cheapest commitment, what it saves against all on demand and against what the bill committed. */
export interface CommitmentAnswer {
  hours: number;
  demandAcceleratorHours: number;
  allOnDemandCost: number;
  cheapest: CommitmentFigures;
  /** all on demand less the cheapest commitment's cost */
  saving: number;
  /** saving / all on demand (0 to d) */
  savingShare: number;
  /** the commitment the bill shows, and what the cheapest saves against it (absent where the bill shows none) */
  billed?: CommitmentFigures & { savingAgainstBilled: number };
}

/**
 * A tie is one more accelerator saving what it costs within this share of the hours (in money, of hours x price):
 * float sums of the same money differ in the 16th digit. The commitment sheet holds it in a labelled cell.
 */
export const TIE_SHARE = 1e-9;

/** The least demand a commitment is worked for, in accelerator-hours over all the hours. */
const LEAST_DEMAND_ACCELERATOR_HOURS = 1e-9;

const isFiniteNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** The input's problem, in words that say what to fix, or undefined when it is usable. */
export function checkCommitmentInput(input: CommitmentInput): Problem | undefined {
  const { demand, pricePerAcceleratorHour: price, discount, billedCommittedAccelerators: billed } = input;
  if (!isFiniteNumber(discount) || discount < 0 || discount >= 1) {
    return problem(
      "invalidNumber",
      "The discount must be a share from 0% up to, not including, 100% (type 40 for 40% off the price on demand).",
    );
  }
  if (!isFiniteNumber(price) || price <= 0) {
    return problem("invalidNumber", "The price on demand must be a number above 0 an accelerator-hour.");
  }
  if (!Array.isArray(demand) || demand.length === 0) {
    return problem("invalidValue", "There are no hours of demand: give at least one hour's accelerators in use.");
  }
  for (const level of demand) {
    if (!isFiniteNumber(level?.accelerators) || level.accelerators < 0) {
      return problem("invalidNumber", "Demand must be 0 or more accelerators in use each hour, never negative.");
    }
    if (!isFiniteNumber(level.hours) || level.hours < 0) {
      return problem("invalidNumber", "Each level of demand must last 0 or more hours, never negative.");
    }
  }
  if (hoursOf(demand) <= 0) {
    return problem("invalidValue", "There are no hours of demand: give at least one hour's accelerators in use.");
  }
  if (billed !== undefined && (!isFiniteNumber(billed) || billed < 0)) {
    return problem("invalidNumber", "The commitment the bill shows must be 0 or more accelerators.");
  }
  return undefined;
}

const hoursOf = (demand: DemandProfile) => demand.reduce((sum, level) => sum + level.hours, 0);

/**
 * The hours' worth of demand one more accelerator above `committed` would serve: each hour counts the share of
 * that accelerator it would use (1 where demand exceeds it by one or more).
 */
function hoursAbove(demand: DemandProfile, committed: number): number {
  return demand.reduce((sum, l) => sum + l.hours * Math.min(1, Math.max(0, l.accelerators - committed)), 0);
}

/**
 * The accelerator-hours of demand above a commitment of `committed`, bought on demand: the sum of hours x (level -
 * committed) over the levels above it, summed as the levels' accelerator-hours above it less committed x their
 * hours. That is how the commitment sheet sums it (SUMIF over the demand table), so the two agree to the last digit.
 */
export function acceleratorHoursAbove(demand: DemandProfile, committed: number): number {
  const over = demand.filter((l) => l.accelerators > committed);
  const acceleratorHours = over.reduce((sum, l) => sum + l.accelerators * l.hours, 0);
  return acceleratorHours - committed * over.reduce((sum, l) => sum + l.hours, 0);
}

/**
 * The figures of committing `committed` accelerators (any number of 0 or more; the bill's may be a fraction)
 * against `demand` at `price` an accelerator-hour on demand and `discount` off it. The input is checked first
 * (checkCommitmentInput).
 */
export function commitmentFiguresAt(
  demand: DemandProfile,
  committed: number,
  price: number,
  discount: number,
): CommitmentFigures {
  const hours = hoursOf(demand);
  const wanted = demand.reduce((sum, l) => sum + l.hours * l.accelerators, 0);
  const above = acceleratorHoursAbove(demand, committed);
  const used = wanted - above;
  const commitmentCost = hours * committed * (1 - discount) * price;
  const onDemandCost = above * price;
  return {
    committedAccelerators: committed,
    commitmentCost,
    onDemandCost,
    totalCost: commitmentCost + onDemandCost,
    coverage: wanted > 0 ? used / wanted : 0,
    utilisation: committed > 0 ? used / (committed * hours) : null,
  };
}

/**
 * The cheapest whole commitment: the smallest c whose demand above it (hoursAbove) fills at most a (1 - d) share
 * of the hours. The cost is convex in c and one more accelerator changes it by p x ((1 - d) x H - hoursAbove(c)),
 * so it falls while that is negative and not after; hoursAbove only falls as c grows, so a binary search finds c.
 */
export function cheapestCommitmentLevel(demand: DemandProfile, discount: number): number {
  const hours = hoursOf(demand);
  const breakEven = (1 - discount) * hours + TIE_SHARE * hours;
  let low = 0;
  let high = Math.ceil(demand.reduce((most, l) => Math.max(most, l.accelerators), 0));
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (hoursAbove(demand, middle) <= breakEven) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The commitment that costs least against hourly demand, its coverage, utilisation and saving against all on
 * demand and, where the bill shows a commitment, against that; or the Problem with the input, in words.
 * @example
 * // 720 hours, 10 accelerators for 360 and 30 for 360, 2.00 an hour, 40% off: commit 10, 23,040.00 (20% saved)
 * cheapestCommitment({ demand: [{ accelerators: 10, hours: 360 }, { accelerators: 30, hours: 360 }],
 *   pricePerAcceleratorHour: 2, discount: 0.4 }).cheapest.totalCost // 23040
 */
export function cheapestCommitment(input: CommitmentInput): CommitmentAnswer | Problem {
  const wrong = checkCommitmentInput(input);
  if (wrong) return wrong;
  const { demand, pricePerAcceleratorHour: price, discount, billedCommittedAccelerators: billedLevel } = input;
  const allOnDemand = commitmentFiguresAt(demand, 0, price, discount);
  const demandAcceleratorHours = demand.reduce((sum, l) => sum + l.hours * l.accelerators, 0);
  // below a billionth of an accelerator-hour (a double's subnormal 5e-324, say) the shares lose their digits, and
  // no bill counts so little: that is no demand
  if (!(demandAcceleratorHours >= LEAST_DEMAND_ACCELERATOR_HOURS) || !(allOnDemand.totalCost > 0)) {
    return problem("invalidValue", "No accelerator was in use in any hour: there is nothing to commit to.");
  }
  const cheapest = commitmentFiguresAt(demand, cheapestCommitmentLevel(demand, discount), price, discount);
  const saving = allOnDemand.totalCost - cheapest.totalCost;
  const answer: CommitmentAnswer = {
    hours: hoursOf(demand),
    demandAcceleratorHours,
    allOnDemandCost: allOnDemand.totalCost,
    cheapest,
    saving,
    savingShare: saving / allOnDemand.totalCost,
  };
  if (billedLevel === undefined) return answer;
  const billed = commitmentFiguresAt(demand, billedLevel, price, discount);
  return { ...answer, billed: { ...billed, savingAgainstBilled: billed.totalCost - cheapest.totalCost } };
}
