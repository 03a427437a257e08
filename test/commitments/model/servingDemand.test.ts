/*
 * The bill's serving demand from the engine's rows (servingDemand.ts), without the engine: the bill's hours without
 * serving rows at 0, the price and discount each group shows, the granularity of its charge periods, and a group
 * that cannot be answered said in words.
 */
import { isProblem } from "../../../src/core/model/problems";
import {
  billGranularityOf,
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
  // the 8 hours' rows, an hour each
  periods: [{ hours: 1, rows: 8 }],
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
  const unknown = servingDemandOf({ ...ROWS, periods: [{ hours: null, rows: 8 }] });
  expect(!unknown.hourly && unknown.message).toMatch(/do not say when their charge periods end/);
});

test("a bill is of the granularity more than half its serving rows are no longer than", () => {
  expect(
    billGranularityOf([
      { hours: 1, rows: 1080 },
      { hours: 24, rows: 1 },
    ]),
  ).toBe("hourly");
  expect(
    billGranularityOf([
      { hours: 24, rows: 30 },
      { hours: 1, rows: 3 },
    ]),
  ).toBe("daily");
  // 5 hourly and 5 daily: not more than half hourly, but all within a day
  expect(
    billGranularityOf([
      { hours: 1, rows: 5 },
      { hours: 24, rows: 5 },
    ]),
  ).toBe("daily");
  expect(
    billGranularityOf([
      { hours: 1, rows: 2 },
      { hours: 24, rows: 1 },
      { hours: 744, rows: 4 },
    ]),
  ).toBe("monthly");
  // rows without an end do not vote
  expect(
    billGranularityOf([
      { hours: 1, rows: 3 },
      { hours: null, rows: 10 },
    ]),
  ).toBe("hourly");
  expect(billGranularityOf([{ hours: null, rows: 10 }])).toBeUndefined();
});

test("an hourly bill says how many serving rows are not hourly and leaves them out", () => {
  const demand = servingDemandOf({
    ...ROWS,
    periods: [
      { hours: 1, rows: 8 },
      { hours: 24, rows: 2 },
      { hours: null, rows: 1 },
    ],
  });
  if (!demand.hourly) throw new Error(demand.message);
  expect(demand.notHourlyRows).toBe(3);
  expect(demand.note).toBe(
    "3 of the 11 serving rows are not hourly (charge periods longer than an hour, or without an end): they are left " +
      "out of the hourly demand.",
  );
  // the demand is the hourly rows' alone (the engine's levels)
  expect(demand.groups[0].demand).toEqual([
    { accelerators: 8, hours: 8 },
    { accelerators: 0, hours: 2 },
  ]);
});

test("a bill of no serving rows says so", () => {
  const none = servingDemandOf({ levels: [], groups: [], spanHours: 10, periods: [] });
  expect(!none.hourly && none.message).toMatch(/No accelerator row is mapped to serving/);
});
