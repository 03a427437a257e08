/* The calendar's months, declared once (core/model/months.ts). */
import { isoYearMonth, MONTH_NAMES, monthAbbreviation } from "../../../src/core/model/months";

test("twelve months, January first, each shortened as Excel's mmm shows it", () => {
  expect(MONTH_NAMES).toHaveLength(12);
  const shown = MONTH_NAMES.map((_, i) =>
    new Date(Date.UTC(2027, i, 1)).toLocaleString("en-US", { month: "short", timeZone: "UTC" }),
  );
  expect(MONTH_NAMES.map((_, i) => monthAbbreviation(i + 1))).toEqual(shown);
});

test("an ISO year-month reads exactly as written, and nothing else does", () => {
  expect(isoYearMonth("2027-01")).toEqual({ year: 2027, month: 1 });
  expect(isoYearMonth("1899-12")).toEqual({ year: 1899, month: 12 });
  for (const text of ["2027-1", "2027-13", "2027-00", " 2027-01", "Jan 2027", "2027/01", ""]) {
    expect(isoYearMonth(text)).toBeUndefined();
  }
});
