/*
 * The budget sheet's dated headings: a month of the horizon as the Excel date of its first day, which a
 * number format shows as "Jan 2027". Excel counts days from 1899-12-30 (serial 1 is 1900-01-01; the 1900
 * leap day Excel keeps for Lotus's sake shifts January and February 1900 by a day, never by a month).
 */
import { calendarMonthOf } from "../model/budget";
import { monthAbbreviation } from "../../core/model/months";

/** The day Excel's serial 0 stands for, in milliseconds of UTC. */
const EXCEL_DAY_ZERO = Date.UTC(1899, 11, 30);
const MILLISECONDS_PER_DAY = 86_400_000;

/** The number format of a month's heading and of the first month's input: "Jan 2027". */
export const MONTH_FORMAT = "mmm yyyy";

/**
 * The Excel date (serial) of the first day of the horizon's month `month` (1-based) from `firstMonth`
 * ("2027-01", which parses).
 * @example monthSerial("2027-01", 1) // 46388: 2027-01-01
 */
export function monthSerial(firstMonth: string, month: number): number {
  const { year, month: calendar } = calendarMonthOf(firstMonth, month);
  return (Date.UTC(year, calendar - 1, 1) - EXCEL_DAY_ZERO) / MILLISECONDS_PER_DAY;
}

/**
 * What MONTH_FORMAT shows for the Excel date `serial`: "Jan 2027" (for sizing the columns, whose renderer
 * knows numbers, not dates).
 * @example serialLabel(46388) // "Jan 2027"
 */
export function serialLabel(serial: number): string {
  const day = new Date(EXCEL_DAY_ZERO + serial * MILLISECONDS_PER_DAY);
  return `${monthAbbreviation(day.getUTCMonth() + 1)} ${day.getUTCFullYear()}`;
}
