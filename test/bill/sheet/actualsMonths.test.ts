/*
 * One reading of a month for the bill's figures, the warehouse result and the actuals sheet (core/model/months.ts):
 * a month Excel cannot date ("0001-01", "1899-12") or no calendar month ("2026-13", "2026-00") is counted by none
 * of them, the pane's error names it, and Insert and Download write the months that are left, never throwing.
 */
import { billMonthsOf, BillResultRow, billTotalsOf } from "../../../src/bill/model/billFigures";
import { BILL_RESULT_COLUMNS } from "../../../src/bill/model/billSql";
import { readBillResultCsv } from "../../../src/bill/model/resultCsv";
import { actualsLayout } from "../../../src/bill/sheet/actualsLayout";
import { actualsWorkbookBytes } from "../../../src/bill/sheet/actualsXlsx";
import { insertActualsSheet } from "../../../src/bill/sheet/insertActuals";
import { isProblem } from "../../../src/core/model/problems";
import { installFakeExcel } from "../../support/fakeExcel";
import { unwrap } from "../../support/unwrap";
import { FIXTURE_SOURCE } from "./billMonths";

const total = (month: string, effective_cost: number, row_count = 1): BillResultRow => ({
  section: "total",
  month,
  currency: "USD",
  effective_cost,
  billed_cost: effective_cost,
  row_count,
  files: "bill.csv",
});
const mapped = (month: string, effective_cost: number): BillResultRow => ({
  section: "mapped",
  month,
  currency: "USD",
  role: "serving",
  pricing_category: "Standard",
  consumed_hours: 10,
  paid_hours: 10,
  effective_cost,
  billed_cost: effective_cost,
  row_count: 1,
  null_consumed_rows: 0,
});
const monthOf = (month: string, cost: number) => [mapped(month, cost), total(month, cost)];

const UNDATABLE = ["0001-01", "1899-12", "2026-13", "2026-00"];

describe.each(UNDATABLE)("a bill with rows dated %s beside January 2026", (bad) => {
  const rows = [...monthOf("2026-01", 100), ...monthOf(bad, 7)];

  test("the pane's error names the month and why; its totals count January alone", () => {
    const { months, problems } = billMonthsOf(rows);
    const errors = problems.filter((p) => p.severity === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain(`${bad} is `);
    expect(errors[0].message).toMatch(/^1 row \(7\.00 USD\) are dated in months Excel cannot date/);
    const [usd] = billTotalsOf(months);
    expect(usd).toMatchObject({ months: 1, firstMonth: "2026-01", lastMonth: "2026-01", fileEffectiveCost: 100 });
  });

  test("the sheet holds the months the pane counts, and Insert and Download write it without a throw", async () => {
    const { months } = billMonthsOf(rows);
    const layout = unwrap(actualsLayout({ months, source: FIXTURE_SOURCE }));
    expect(layout.months.map((m) => m.month)).toEqual(["2026-01"]);
    const [usd] = billTotalsOf(months);
    expect(layout.months.reduce((sum, m) => sum + m.fileTotal.effectiveCost, 0)).toBe(usd.fileEffectiveCost);
    const bytes = await actualsWorkbookBytes({ months, source: FIXTURE_SOURCE });
    expect(bytes).toBeInstanceOf(ArrayBuffer);
    installFakeExcel({ sheets: [{ name: "Sheet1", cells: {} }], names: [] });
    const inserted = unwrap(await insertActualsSheet({ months, source: FIXTURE_SOURCE }));
    expect(inserted.sheetName).toBe("Actuals");
  });
});

test("a bill whose only month Excel cannot date is refused by Insert and Download with a sentence", async () => {
  const { months, problems } = billMonthsOf(monthOf("0001-01", 5));
  expect(problems.map((p) => p.message).join(" ")).toContain(
    "0001-01 is before January 1900, where Excel's dates begin",
  );
  const layout = actualsLayout({ months, source: FIXTURE_SOURCE });
  expect(isProblem(layout) && layout.message).toBe("The bill has no month to write: import a FOCUS export first.");
  expect(isProblem(await actualsWorkbookBytes({ months, source: FIXTURE_SOURCE }))).toBe(true);
  installFakeExcel({ sheets: [{ name: "Sheet1", cells: {} }], names: [] });
  expect(isProblem(await insertActualsSheet({ months, source: FIXTURE_SOURCE }))).toBe(true);
});

test("a warehouse result with such months reads to the same months and the same error as a file's rows", async () => {
  const rows = [...monthOf("2026-01", 100), ...monthOf("0001-01", 7), ...monthOf("2026-13", 3)];
  const csv = [
    BILL_RESULT_COLUMNS.join(","),
    ...rows.map((row) => BILL_RESULT_COLUMNS.map((c) => String((row as never)[c] ?? "")).join(",")),
  ].join("\r\n");
  const read = readBillResultCsv(csv);
  if (isProblem(read)) throw new Error(read.message);
  const fromWarehouse = billMonthsOf(read.rows);
  const error = fromWarehouse.problems.find((p) => p.severity === "error")!;
  expect(error.message).toContain("0001-01 is before January 1900");
  expect(error.message).toContain("2026-13 is no calendar month (a month is 01 to 12)");
  expect(error.message).toMatch(/^2 rows \(10\.00 USD\)/);
  expect(billTotalsOf(fromWarehouse.months)[0].months).toBe(1);
  const layout = unwrap(actualsLayout({ months: fromWarehouse.months, source: FIXTURE_SOURCE }));
  expect(layout.months.map((m) => m.month)).toEqual(["2026-01"]);
});

test("a month not written as a year-month keeps its own sentence beside the undatable ones", () => {
  const { problems } = billMonthsOf([...monthOf("01/02/2", 1), ...monthOf("1850-06", 2), ...monthOf("2026-02", 3)]);
  const errors = problems.filter((p) => p.severity === "error").map((p) => p.message);
  expect(errors).toHaveLength(2);
  expect(errors[0]).toMatch(/not an ISO date \(they begin "01\/02\/2"\)/);
  expect(errors[1]).toContain("1850-06 is before January 1900");
});
