/* The calendar's months, declared once (core/model/months.ts). */
import { isoYearMonth, MONTH_NAMES, monthAbbreviation, readYearMonth } from "../../../src/core/model/months";

test("twelve months, January first, each shortened as Excel's mmm shows it", () => {
  expect(MONTH_NAMES).toHaveLength(12);
  const shown = MONTH_NAMES.map((_, i) =>
    new Date(Date.UTC(2027, i, 1)).toLocaleString("en-US", { month: "short", timeZone: "UTC" }),
  );
  expect(MONTH_NAMES.map((_, i) => monthAbbreviation(i + 1))).toEqual(shown);
});

test("an ISO year-month Excel can date reads exactly as written, and nothing else does", () => {
  expect(isoYearMonth("2027-01")).toEqual({ year: 2027, month: 1 });
  expect(isoYearMonth("1900-01")).toEqual({ year: 1900, month: 1 });
  expect(isoYearMonth("9999-12")).toEqual({ year: 9999, month: 12 });
  for (const text of ["2027-1", "2027-13", "2027-00", " 2027-01", "Jan 2027", "2027/01", "", "1899-12", "0001-01"]) {
    expect(isoYearMonth(text)).toBeUndefined();
  }
});

test("the one reading says why it refuses: not a year-month, no calendar month, before Excel's dates", () => {
  expect(readYearMonth("10000-01")).toEqual({ refused: "notYearMonth" });
  expect(readYearMonth(202601)).toEqual({ refused: "notYearMonth" });
  expect(readYearMonth(null)).toEqual({ refused: "notYearMonth" });
  expect(readYearMonth("2026-13")).toEqual({ refused: "notCalendarMonth" });
  expect(readYearMonth("0001-00")).toEqual({ refused: "notCalendarMonth" });
  expect(readYearMonth("0001-01")).toEqual({ refused: "beforeExcel" });
  expect(readYearMonth("1899-12")).toEqual({ refused: "beforeExcel" });
});
