/** Unit conversions the cost model uses; named so no formula carries a bare 3600 or 86400. */

/** Seconds in one hour: accelerator-seconds to accelerator-hours. */
export const SECONDS_PER_HOUR = 3600;

/** Seconds in one day: clips per second to clips per day. */
export const SECONDS_PER_DAY = 86_400;

/** Months in a year: a month of the budget is days-a-year / 12 days (30 at the model's 360-day year). */
export const MONTHS_PER_YEAR = 12;

/** Clips in the unit a cost per 1,000 clips is quoted for. */
export const CLIPS_PER_THOUSAND = 1000;
