/*
 * The bill's serving demand from the engine's rows (servingDemand.ts), without the engine: the bill's hours without
 * serving rows at 0, the price and discount each group shows, the granularity of its charge periods, and a group
 * that cannot be answered said in words.
 */
import { isProblem } from "../../../src/core/model/problems";
import {
  DemandGroupRow,
  granularityOf,
  groupCommitments,
  HourlyDemandRows,
  servingDemandOf,
} from "../../../src/commitments/model";

const KEY = { currency: "USD", family: "p5", region: "eu-west-1" };
const GROUP: DemandGroupRow = {
  ...KEY,
  usedAcceleratorHours: 64,
  committedPaidAcceleratorHours: 0,
  committedCost: 0,
  listCost: null,
  listPaidAcceleratorHours: 0,
  onDemandCost: 640,
  onDemandPaidAcceleratorHours: 64,
};
/** 8 accelerators for 8 of a bill's 10 hours, 10.00 an hour on demand, nothing committed. */
const ROWS: HourlyDemandRows = {
  levels: [{ ...KEY, accelerators: 8, hours: 8 }],
  groups: [GROUP],
  spanHours: 10,
  longestPeriodHours: 1,
};

test("the bill's hours without serving rows are hours of no demand", () => {
  const demand = servingDemandOf(ROWS);
  if (!demand.hourly) throw new Error(demand.message);
  expect(demand.groups[0].demand).toEqual([
    { accelerators: 8, hours: 8 },
    { accelerators: 0, hours: 2 },
  ]);
  expect(demand.groups[0].pricePerAcceleratorHour).toBe(10);
  expect(demand.groups[0].discountRead).toBeUndefined();
  // 8 committed: 10 h x 8 x 0.7 x 10 = 560.00, all demand covered; 7 would cost 490 + 80 = 570.00
  const [row] = groupCommitments(demand, 0.3);
  if (isProblem(row.answer)) throw new Error(row.answer.message);
  expect(row.answer.cheapest.committedAccelerators).toBe(8);
  expect(row.answer.cheapest.utilisation).toBeCloseTo(0.8, 12);
});

test("with no discount typed and no committed rows, the group asks for one", () => {
  const [row] = groupCommitments(servingDemandOf(ROWS));
  expect(isProblem(row.answer) && row.answer.message).toMatch(/no committed rows to read a discount from: type/);
});

test("a group without a price on demand says so", () => {
  const demand = servingDemandOf({ ...ROWS, groups: [{ ...GROUP, onDemandCost: 0, onDemandPaidAcceleratorHours: 0 }] });
  const [row] = groupCommitments(demand, 0.3);
  expect(isProblem(row.answer) && row.answer.message).toMatch(/no price on demand/);
});

test("a commitment that cost more than on demand reads as no discount, but still as the bill's commitment", () => {
  const costly = { ...GROUP, committedPaidAcceleratorHours: 20, committedCost: 300 };
  const demand = servingDemandOf({ ...ROWS, groups: [costly] });
  if (!demand.hourly) throw new Error(demand.message);
  expect(demand.groups[0].discountRead).toBeUndefined();
  expect(demand.groups[0].billedCommittedAccelerators).toBe(2);
});

test("charge periods: an hour or less is hourly, a day daily, longer monthly; no end date is said", () => {
  expect([0.25, 1, 24, 720, 744].map(granularityOf)).toEqual(["hourly", "hourly", "daily", "monthly", "monthly"]);
  const unknown = servingDemandOf({ ...ROWS, longestPeriodHours: null });
  expect(!unknown.hourly && unknown.message).toMatch(/do not say when their charge periods end/);
});
