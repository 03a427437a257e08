/** Unit conversions the cost model uses; named so no formula carries a bare 3600 or 86400. */

/** Seconds in one hour: accelerator-seconds to accelerator-hours. */
export const SECONDS_PER_HOUR = 3600;

/** Seconds in one day: clips per second to clips per day. */
export const SECONDS_PER_DAY = 86_400;
