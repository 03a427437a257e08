/*
 * A year's formulas in Excel's language, which the annual sheet and the estate sheet (a model's year a column) both
 * write: the year's parts the functions do not compute (winning runs, re-scans, failed runs), the levers' savings and
 * their ranks. What the functions share (serving hours, totals, shares, costs) is core/excel/formulas.ts's;
 * test/core/excel/yearFormulas.test.ts holds each builder here to the annual model in HyperFormula.
 * Written as core/excel/formulas.ts writes its builders (operands as given, the caller brackets; each JSDoc
 * says whether the result is a product, a quotient, a sum or a call).
 */

/**
 * The hours of a year's winning runs, before failed runs and sweeps (annualHours): a product.
 * @example winningRunHours("HoursPerRun", "RunsPerYear") // "HoursPerRun*RunsPerYear"
 */
export function winningRunHours(hoursPerRun: string, runsPerYear: string): string {
  return `${hoursPerRun}*${runsPerYear}`;
}

/**
 * The hours of one-off re-scans of the back catalogue: events x hours each (annualHours): a product.
 * @example rescanHours("RescanEvents", "RescanHoursEach") // "RescanEvents*RescanHoursEach"
 */
export function rescanHours(events: string, hoursEach: string): string {
  return `${events}*${hoursEach}`;
}

/**
 * The hours of failed runs and sweeps: training with its overhead minus the winning runs alone
 * (annualHours' trainingOverhead): a difference, to bracket inside a product.
 * @example failedRunHours("YearTrainingHours", "YearWinningRunHours") // "YearTrainingHours-YearWinningRunHours"
 */
export function failedRunHours(trainingHours: string, winningRunHoursValue: string): string {
  return `${trainingHours}-${winningRunHoursValue}`;
}

/**
 * The annual sheet's lever saving: leverSaving with the ratio taken first, part x ((current -
 * proposed) / current), in the order the model's leverSaving computes it. The same saving as
 * leverSaving's text, which the catalog's twin fixes; this one is the annual sheet's, whose cells
 * must not change. The caller's guard gives 0 where nothing changes (and so no division by a current
 * of 0). A product.
 * @example annualLeverSaving("YearTrainingHours", "RunsPerYear", "RunsPerYearProposed")
 * // "YearTrainingHours*((RunsPerYear-RunsPerYearProposed)/RunsPerYear)"
 */
export function annualLeverSaving(partHours: string, current: string, proposed: string): string {
  return `${partHours}*((${current}-${proposed})/${current})`;
}

/**
 * The annual sheet's saving of work not done: leverSaving where the hours follow the share of clips
 * still re-scored, 1 - 0 now and 1 - the share proposed, the division by the 1 now left out:
 * part x (1 - (1 - share)). A product.
 * @example workNotDoneSaving("YearServingPaid", "ShareNotRescored") // "YearServingPaid*(1-(1-ShareNotRescored))"
 */
export function workNotDoneSaving(partHours: string, shareNotRescored: string): string {
  return `${partHours}*(1-(1-${shareNotRescored}))`;
}

/**
 * A lever's rank among the levers' savings (savingRanks in the annual model): 1 plus how many savings are
 * larger; a saving that is not a number ranks after all that are. `savings` is the whole column, `saved` one
 * of its cells. A call.
 * @example leverRank("E14", "E$12:E$17") // 'IF(ISNUMBER(E14),COUNTIF(E$12:E$17,">"&E14)+1,COUNT(E$12:E$17)+1)'
 */
export function leverRank(saved: string, savings: string): string {
  return `IF(ISNUMBER(${saved}),COUNTIF(${savings},">"&${saved})+1,COUNT(${savings})+1)`;
}
