/*
 * The calendar's months, once: their names (the budget view's headings say "January 2027", the sheets' and the
 * chart's "Jan 2027") and the reading of an ISO year-month ("2027-01"), which the budget model, its sheet and its
 * pane share.
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

/**
 * The year and the 1-based month of an ISO year-month, exactly as written ("2027-01"; no spaces, two digits of
 * month, 1 to 12); undefined for any other text.
 * @example isoYearMonth("2027-01") // { year: 2027, month: 1 }
 */
export function isoYearMonth(text: string): { year: number; month: number } | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : undefined;
}
