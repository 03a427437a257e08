/*
 * The monthly figures from the aggregation's result rows, without an engine: each rule on rows built here,
 * and each bad input a BillProblem with a planner's sentence, never a throw.
 */
import { billMonthsOf, BillResultRow, billTotalsOf, mappedHoursPaid } from "../../../src/bill/model/billFigures";
import { BILL_ROLES } from "../../../src/bill/model/roles";

const row = (fields: Partial<BillResultRow> & { section: string }): BillResultRow => ({
  month: null,
  currency: null,
  ...fields,
});

const mapped = (row: Partial<BillResultRow>): BillResultRow => ({
  section: "mapped",
  month: "2026-01",
  currency: "USD",
  role: "serving",
  pricing_category: "Standard",
  consumed_hours: 0,
  paid_hours: 0,
  effective_cost: 0,
  billed_cost: 0,
  row_count: 1,
  null_consumed_rows: 0,
  ...row,
});
const total = (row: Partial<BillResultRow>): BillResultRow => ({
  section: "total",
  month: "2026-01",
  currency: "USD",
  effective_cost: 0,
  billed_cost: 0,
  row_count: 1,
  files: "bill.csv",
  ...row,
});

test("peak-to-mean is serving's paid over consumed; training's share is of every mapped hour and cost paid", () => {
  const { months, problems } = billMonthsOf([
    mapped({ role: "serving", consumed_hours: 400, paid_hours: 500, effective_cost: 500, billed_cost: 500 }),
    mapped({ role: "training", consumed_hours: 100, paid_hours: 100, effective_cost: 300, billed_cost: 300 }),
    mapped({ role: "other", consumed_hours: 0, paid_hours: 400, effective_cost: 200, billed_cost: 200 }),
    total({ effective_cost: 1000, billed_cost: 1000, row_count: 3 }),
  ]);
  expect(problems).toEqual([]);
  const [month] = months;
  expect(month.servingHoursIdle).toBe(100);
  expect(month.peakToMean).toBe(1.25);
  expect(month.trainingShareOfHours).toBe(0.1);
  expect(month.trainingShareOfCost).toBe(0.3);
  expect(month.prices).toEqual([
    { category: "Standard", label: "on demand", hoursPaid: 1000, effectiveCost: 1000, pricePerHour: 1 },
  ]);
});

test("counts as the engine gives them (bigint, text) are read as numbers", () => {
  const { months } = billMonthsOf([
    mapped({ paid_hours: 10, consumed_hours: 10, row_count: BigInt(7), null_consumed_rows: "0" }),
    total({ row_count: BigInt(7) }),
  ]);
  expect(months[0].mapped.rows).toBe(7);
  expect(months[0].fileTotal.rows).toBe(7);
});

test("serving that consumed nothing has no peak-to-mean, and a month of credits alone no shares: never NaN", () => {
  const { months } = billMonthsOf([
    mapped({ role: "serving", consumed_hours: 0, paid_hours: 0, effective_cost: -5, billed_cost: -5 }),
    total({ effective_cost: -5, billed_cost: -5 }),
  ]);
  const [month] = months;
  expect(month.peakToMean).toBeUndefined();
  expect(month.trainingShareOfHours).toBeUndefined();
  expect(month.trainingShareOfCost).toBeUndefined();
  expect(month.prices[0].pricePerHour).toBeUndefined();
});

test("a total the figures do not reach is reported with its size, per cost column", () => {
  const { months, problems } = billMonthsOf([
    mapped({ paid_hours: 1, consumed_hours: 1, effective_cost: 100, billed_cost: 100 }),
    total({ effective_cost: 100.25, billed_cost: 100 }),
  ]);
  expect(months[0].reconciles).toBe(false);
  expect(months[0].effectiveDifference).toBeCloseTo(0.25, 12);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatchObject({ code: "reconciliation", severity: "error", month: "2026-01", currency: "USD" });
  expect(problems[0].message).toMatch(/0\.25 USD and 0\.00 USD less/);
});

test("half a cent is within what two sums of the same rows may differ by; a cent is not", () => {
  const within = billMonthsOf([mapped({ effective_cost: 10 }), total({ effective_cost: 10.004 })]);
  expect(within.months[0].reconciles).toBe(true);
  const beyond = billMonthsOf([mapped({ effective_cost: 10 }), total({ effective_cost: 10.01 })]);
  expect(beyond.months[0].reconciles).toBe(false);
});

test("no rows, rows that are not objects, and a month no date gave are problems, not throws", () => {
  expect(billMonthsOf([]).problems.map((p) => p.code)).toEqual(["noRows"]);
  expect(billMonthsOf(null as never).problems.map((p) => p.code)).toEqual(["noRows"]);
  expect(billMonthsOf([null, 3] as never).problems.map((p) => p.code)).toEqual(["noRows"]);
  const { months, problems } = billMonthsOf([total({ month: null, row_count: 2 })]);
  expect(months[0].month).toBe("");
  expect(problems.map((p) => p.code)).toEqual(["badRow"]);
  expect(problems[0]).toMatchObject({ severity: "error" });
  expect(problems[0].message).toMatch(/^2 rows \(0\.00 USD\) have a ChargePeriodStart that is not an ISO date/);
});

test("months come out in calendar order, and left-out reasons in the pane's order", () => {
  const leftOut = (reason: string, month = "2026-02"): BillResultRow => ({
    section: "leftOut",
    month,
    currency: "USD",
    reason,
    effective_cost: 1,
    billed_cost: 1,
    row_count: 1,
  });
  const { months } = billMonthsOf([
    leftOut("tax"),
    leftOut("storage"),
    leftOut("cpu"),
    total({ month: "2026-02", effective_cost: 3, billed_cost: 3, row_count: 3 }),
    total({ month: "2025-12" }),
  ]);
  expect(months.map((m) => m.month)).toEqual(["2025-12", "2026-02"]);
  expect(months[1].leftOut.map((p) => p.reason)).toEqual(["cpu", "storage", "tax"]);
  expect(months[1].reconciles).toBe(true);
});

describe("a currency's figures over every month", () => {
  const month = (id: string, currency: string, training: number, consumed: number, paid: number, other = 0) => {
    const { months } = billMonthsOf([
      row({
        section: "mapped",
        month: id,
        currency,
        role: "training",
        pricing_category: "Standard",
        paid_hours: training,
        consumed_hours: training,
        effective_cost: training * 2,
        billed_cost: training * 2,
        row_count: 1,
      }),
      row({
        section: "mapped",
        month: id,
        currency,
        role: "serving",
        pricing_category: "Committed",
        paid_hours: paid,
        consumed_hours: consumed,
        effective_cost: paid,
        billed_cost: paid,
        row_count: 1,
      }),
      row({
        section: "mapped",
        month: id,
        currency,
        role: "other",
        pricing_category: "Standard",
        paid_hours: other,
        consumed_hours: other,
        effective_cost: 0,
        billed_cost: 0,
        row_count: 1,
      }),
      row({
        section: "leftOut",
        month: id,
        currency,
        reason: "storage",
        effective_cost: 5,
        billed_cost: 5,
        row_count: 1,
      }),
      row({
        section: "total",
        month: id,
        currency,
        effective_cost: training * 2 + paid + 5,
        billed_cost: training * 2 + paid + 5,
        row_count: 4,
        files: "a.csv",
      }),
    ]);
    return months[0];
  };

  test("ratios of the sums, not averages of the months' ratios: a quiet month weighs what it paid", () => {
    // January: 100 training h, serving 100 used of 200 paid; February: 0 training, 900 used of 1,000 paid
    const [usd] = billTotalsOf([month("2026-02", "USD", 0, 900, 1000), month("2026-01", "USD", 100, 100, 200, 50)]);
    expect(usd).toMatchObject({ currency: "USD", firstMonth: "2026-01", lastMonth: "2026-02", months: 2 });
    expect(usd.servingHoursIdle).toBe(200);
    expect(usd.peakToMean).toBeCloseTo(1200 / 1000, 12); // the months' average would be (2 + 1.111) / 2
    expect(usd.trainingShareOfHours).toBeCloseTo(100 / (100 + 1200 + 50), 12);
    expect(usd.trainingShareOfCost).toBeCloseTo(200 / (200 + 1200), 12);
    expect(usd.leftOutCost).toBe(10);
    expect(usd.fileEffectiveCost).toBe(200 + 200 + 5 + 1000 + 5);
    expect(usd.reconciles).toBe(true);
  });

  test("each currency on its own, the costliest first; a month with no date in none", () => {
    const totals = billTotalsOf([
      month("2026-01", "EUR", 10, 10, 10),
      month("2026-01", "USD", 100, 100, 200),
      month("", "USD", 5, 5, 5),
    ]);
    expect(totals.map((t) => [t.currency, t.months])).toEqual([
      ["USD", 1],
      ["EUR", 1],
    ]);
  });
});

test("serving that used more than it paid, and rows without a currency, are said", () => {
  const { problems } = billMonthsOf([
    mapped({ role: "serving", consumed_hours: 36000, paid_hours: 10, effective_cost: 10, billed_cost: 10 }),
    total({ effective_cost: 10, billed_cost: 10 }),
    mapped({ currency: "", role: "training", consumed_hours: 1, paid_hours: 1, effective_cost: 5, billed_cost: 5 }),
    total({ currency: "", effective_cost: 5, billed_cost: 5 }),
  ]);
  const messages = problems.map((p) => p.message).join("\n");
  expect(messages).toMatch(/serving used 36,000 accelerator-hours but paid 10: .*Check ConsumedUnit/);
  expect(messages).toMatch(/1 row of 2026-01 \(5\.00\) has no BillingCurrency/);
});

test("every role of BILL_ROLES is counted: the month's, the totals' and the paid sum's hours agree", () => {
  // hours a power of two a role, so a role left out of a sum (or counted twice) changes it
  const hours = (i: number) => 2 ** i;
  const rows = (month: string) => [
    ...BILL_ROLES.map((role, i) =>
      mapped({ month, role, consumed_hours: 0, paid_hours: hours(i), effective_cost: hours(i), billed_cost: hours(i) }),
    ),
    total({ month, effective_cost: 2 ** BILL_ROLES.length - 1, billed_cost: 2 ** BILL_ROLES.length - 1 }),
  ];
  const { months, problems } = billMonthsOf([...rows("2026-01"), ...rows("2026-02")]);
  expect(problems).toEqual([]);
  const everyHour = BILL_ROLES.reduce((sum, _, i) => sum + hours(i), 0);
  for (const month of months) {
    BILL_ROLES.forEach((role, i) => expect(month.roles[role].hoursPaid).toBe(hours(i)));
    expect(mappedHoursPaid(month.roles)).toBe(everyHour);
    expect(month.trainingShareOfHours).toBe(hours(BILL_ROLES.indexOf("training")) / everyHour);
    expect(month.mapped.effectiveCost).toBe(everyHour);
  }
  const [totals] = billTotalsOf(months);
  expect(totals.trainingShareOfHours).toBe((2 * hours(BILL_ROLES.indexOf("training"))) / (2 * everyHour));
  expect(totals.acceleratorCost).toBe(2 * everyHour);
});

test("a row of a role the list does not know counts as other", () => {
  const { months } = billMonthsOf([mapped({ role: "evaluation", paid_hours: 3 }), total({})]);
  expect(months[0].roles.other.hoursPaid).toBe(3);
  expect(mappedHoursPaid(months[0].roles)).toBe(3);
});
