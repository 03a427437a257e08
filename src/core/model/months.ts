/*
 * The calendar's months, once: their names (the budget view's headings say "January 2027", the sheets' and the
 * chart's "Jan 2027") and the one reading of an ISO year-month ("2027-01"), which the budget model, its sheet and
 * its pane, the bill's months and the actuals sheet share.
 */

/** The months' names, January first. */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const satisfies readonly string[];

/** A month's name. */
export type MonthName = (typeof MONTH_NAMES)[number];

/**
 * The short name of calendar month `month` (1-based), as Excel's "mmm" shows it: its first three letters.
 * @example monthAbbreviation(1) // "Jan"
 */
export const monthAbbreviation = (month: number): string => MONTH_NAMES[month - 1].slice(0, 3);

/** The first and last years Excel can date: its serials run from 1900-01-01 to 9999-12-31. */
export const EXCEL_FIRST_YEAR = 1900;
export const EXCEL_LAST_YEAR = 9999;

/** Why a text is no month Excel can date, each in a planner's words (after "it is"). */
export const YEAR_MONTH_REFUSALS = {
  notYearMonth: "not a year-month (2026-01)",
  notCalendarMonth: "no calendar month (a month is 01 to 12)",
  beforeExcel: "before January 1900, where Excel's dates begin",
} as const;

/** A reason of YEAR_MONTH_REFUSALS. */
export type YearMonthRefusal = keyof typeof YEAR_MONTH_REFUSALS;

/** A year-month read, or why the text is none Excel can date. */
export type YearMonthReading = { year: number; month: number } | { refused: YearMonthRefusal };

/**
 * The one reading of a month, which every capability uses (the budget's first month, the bill's months, the
 * warehouse result's, the actuals sheet's columns): an ISO year-month exactly as written ("2027-01"; no spaces,
 * four digits of year, two of month), a calendar month 01 to 12, that Excel can date (from 1900-01: Excel's dates
 * begin on 1900-01-01, https://learn.microsoft.com/office/troubleshoot/excel/1900-and-1904-date-system, and end
 * on 9999-12-31, which four digits of year cannot pass). Anything else comes back refused, with why.
 * @example readYearMonth("2027-01") // { year: 2027, month: 1 }
 * @example readYearMonth("0001-01") // { refused: "beforeExcel" }
 */
export function readYearMonth(text: unknown): YearMonthReading {
  const match = typeof text === "string" ? /^(\d{4})-(\d{2})$/.exec(text) : null;
  if (!match) return { refused: "notYearMonth" };
  const [year, month] = [Number(match[1]), Number(match[2])];
  if (month < 1 || month > 12) return { refused: "notCalendarMonth" };
  if (year < EXCEL_FIRST_YEAR) return { refused: "beforeExcel" };
  return { year, month };
}

/**
 * The year and the 1-based month of a month readYearMonth reads; undefined for any other text.
 * @example isoYearMonth("2027-01") // { year: 2027, month: 1 }
 */
export function isoYearMonth(text: string): { year: number; month: number } | undefined {
  const read = readYearMonth(text);
  return "refused" in read ? undefined : read;
}
