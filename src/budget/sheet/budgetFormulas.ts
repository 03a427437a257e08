/*
 * The budget sheet's own formulas in Excel's language, each written once: its time rows, flags, interval sums,
 * checks and the crossover's words. Each row holds one formula, the same in every month's column, over the
 * month's cells above it and the named inputs; timing is a row of 1/0 flags that the hours multiply, never an
 * IF on a date. What the budget shares with the functions and the other sheets (serving hours, costs, clips in
 * a month, horizon sums, the master check) is core/excel/formulas.ts's. test/budget/sheet/budgetFormulas.test.ts
 * holds each builder to the budget model in HyperFormula.
 * Written as core/excel/formulas.ts writes its builders (operands as given, the caller brackets; each JSDoc
 * says whether the result is a product, a quotient, a sum or a call).
 */
import { exceedsFlag, monthClips } from "../../core/excel/formulas";
import { SECONDS_PER_DAY } from "../../core/model/units";

/**
 * The month's number on the time axis, 1 in the first month's column: how many columns it lies right of
 * `originCell`, the column before the first month. No constant, and the same text in every column. A difference.
 * @example monthNumber("$C$9") // "COLUMN()-COLUMN($C$9)"
 */
export function monthNumber(originCell: string): string {
  return `COLUMN()-COLUMN(${originCell})`;
}

/**
 * The first day of the horizon's month `month` (1-based) as an Excel date, from the first month's date
 * (calendarMonthOf). A call.
 * @example monthStart("BudgetFirstMonth", "D$9") // "EDATE(BudgetFirstMonth,D$9-1)"
 */
export function monthStart(firstMonth: string, month: string): string {
  return `EDATE(${firstMonth},${month}-1)`;
}

/**
 * The days a month counts (the budget's monthDaysOf): with the calendar flag 1, its own days, the next month's first
 * day less its first (`monthStart`, a date: EDATE counts the calendar, February 28 or 29); with 0, a twelfth of the
 * days counted in a year. Multiplied by the flag and its complement, as a timing flag is. `monthStart` is written
 * twice: pass a reference. A sum.
 * @example monthDays("BudgetCalendarMonthsFlag", "D$16", "BudgetDaysPerYear", "BudgetMonthsPerYear")
 * // "BudgetCalendarMonthsFlag*(EDATE(D$16,1)-D$16)+(1-BudgetCalendarMonthsFlag)*BudgetDaysPerYear/BudgetMonthsPerYear"
 */
export function monthDays(
  calendarFlag: string,
  monthStart: string,
  daysPerYear: string,
  monthsPerYear: string,
): string {
  const calendar = `${calendarFlag}*(EDATE(${monthStart},1)-${monthStart})`;
  return `${calendar}+(1-${calendarFlag})*${daysPerYear}/${monthsPerYear}`;
}

/**
 * Clips in a month (the budget's clipsInMonth): with the calendar flag 1, clips per second x the month's days x
 * 86,400; with 0, a twelfth of the year as core's monthClips reckons it (clips per second x days a year x 86,400 /
 * months a year), so that 30-day months give, to the last bit, what the sheet gave before months had days. A call.
 * @example clipsInMonth("BudgetCalendarMonthsFlag", "D20", "D19", "BudgetDaysPerYear", "BudgetMonthsPerYear")
 * // "IF(BudgetCalendarMonthsFlag=1,D20*D19*86400,D20*BudgetDaysPerYear*86400/BudgetMonthsPerYear)"
 */
export function clipsInMonth(
  calendarFlag: string,
  clipsPerSecond: string,
  days: string,
  daysPerYear: string,
  monthsPerYear: string,
): string {
  const calendar = `${clipsPerSecond}*${days}*${SECONDS_PER_DAY}`;
  return `IF(${calendarFlag}=1,${calendar},${monthClips(clipsPerSecond, daysPerYear, monthsPerYear)})`;
}

/**
 * The growth curve's clips per second in month `month`: the first month's x (1 + growth)^(month - 1)
 * (the budget's curve). A product.
 * @example growthCurve("BudgetClipsPerSecond", "BudgetMonthlyGrowth", "D$9")
 * // "BudgetClipsPerSecond*(1+BudgetMonthlyGrowth)^(D$9-1)"
 */
export function growthCurve(firstClipsPerSecond: string, monthlyGrowth: string, month: string): string {
  return `${firstClipsPerSecond}*(1+${monthlyGrowth})^(${month}-1)`;
}

/**
 * The retrain flag: 1 in month 1 and every `everyMonths` months after, else 0 (the budget's retrainFlag). A call.
 * @example retrainFlag("D$9", "BudgetRetrainEvery") // "IF(MOD(D$9-1,BudgetRetrainEvery)=0,1,0)"
 */
export function retrainFlag(month: string, everyMonths: string): string {
  return `IF(MOD(${month}-1,${everyMonths})=0,1,0)`;
}

/**
 * A flag that is 1 from month `fromMonth` on (the lever's leverFlag), and 0 in every month while `fromMonth`
 * or any of `alsoNeeded` is no number: an emptied lever cell means no lever, as the pane's blank does, not
 * a lever from month 0 at 0 s. A call.
 * @example fromMonthFlag("D$9", "BudgetLeverFromMonth", "BudgetLeverSecondsPerClip")
 * // "IF(AND(ISNUMBER(BudgetLeverFromMonth),ISNUMBER(BudgetLeverSecondsPerClip),D$9>=BudgetLeverFromMonth),1,0)"
 */
export function fromMonthFlag(month: string, fromMonth: string, ...alsoNeeded: readonly string[]): string {
  const filled = [fromMonth, ...alsoNeeded].map((cell) => `ISNUMBER(${cell}),`).join("");
  return `IF(AND(${filled}${month}>=${fromMonth}),1,0)`;
}

/**
 * A figure that needs its inputs: the figure while every one of `cells` holds a number, else `words` as
 * text (an emptied price reads "no price", an emptied lever "no lever"), never the 0 an empty cell reads as.
 * One cell needs no AND (a function less deep, so a figure guarded twice stays three deep). A call.
 * @example whenFilled(["BudgetPricePerHour"], "D40*BudgetPricePerHour", "no price")
 * // 'IF(ISNUMBER(BudgetPricePerHour),D40*BudgetPricePerHour,"no price")'
 */
export function whenFilled(cells: readonly string[], figure: string, words: string): string {
  const tests = cells.map((cell) => `ISNUMBER(${cell})`);
  const filled = tests.length === 1 ? tests[0] : `AND(${tests.join(",")})`;
  return `IF(${filled},${figure},"${words.replace(/"/g, '""')}")`;
}

/**
 * The check that every required input is filled: 0 while each of `numbers` holds a number and each of
 * `texts` a text (a choice), else 1. AND of ISNUMBER never errs, so it names an emptied cell even where the
 * emptied cell makes other figures an error. A call.
 * @example requiredInputsCheck(["BudgetHoursPerRun"], ["BudgetPer"])
 * // "IF(AND(ISNUMBER(BudgetHoursPerRun),ISTEXT(BudgetPer)),0,1)"
 */
export function requiredInputsCheck(numbers: readonly string[], texts: readonly string[] = []): string {
  const tests = [...numbers.map((cell) => `ISNUMBER(${cell})`), ...texts.map((cell) => `ISTEXT(${cell})`)];
  return `IF(AND(${tests.join(",")}),0,1)`;
}

/**
 * Hours that fall only in flagged months: the month's 1/0 flag x the hours (a retrain's, a re-scan's). The
 * hours may be a product. A product.
 * @example flaggedHours("D$12", "BudgetHoursPerRun*BudgetTrainingOverhead")
 * // "D$12*BudgetHoursPerRun*BudgetTrainingOverhead"
 */
export function flaggedHours(flag: string, hours: string): string {
  return `${flag}*${hours}`;
}

/**
 * The month's seconds per clip: the plan's before the lever lands, the lever's from its month on (flag 1).
 * Multiplied by the flag and its complement, so either is exactly the input. A sum.
 * @example leverSecondsPerClip("D$14", "BudgetSecondsPerClip", "BudgetLeverSecondsPerClip")
 * // "BudgetSecondsPerClip*(1-D$14)+BudgetLeverSecondsPerClip*D$14"
 */
export function leverSecondsPerClip(flag: string, secondsPerClip: string, leverSeconds: string): string {
  return `${secondsPerClip}*(1-${flag})+${leverSeconds}*${flag}`;
}

/**
 * A running total from the first month to this one (the cumulative cost): the first month's column anchored.
 * A call.
 * @example runningTotal("$D30", "F30") // "SUM($D30:F30)"
 */
export function runningTotal(firstMonth: string, month: string): string {
  return `SUM(${firstMonth}:${month})`;
}

/**
 * The retrain interval a month falls in, 1 for months 1..k, 2 for k+1..2k, ... (the budget's intervals). A sum.
 * @example retrainInterval("D$9", "BudgetRetrainEvery") // "INT((D$9-1)/BudgetRetrainEvery)+1"
 */
export function retrainInterval(month: string, everyMonths: string): string {
  return `INT((${month}-1)/${everyMonths})+1`;
}

/**
 * The last month of retrain interval `interval`: k months on from its first, or the horizon's last month
 * for a partial last interval (the budget's lastMonth). A call.
 * @example intervalLastMonth("C40", "BudgetRetrainEvery", "BudgetMonths") // "MIN(C40*BudgetRetrainEvery,BudgetMonths)"
 */
export function intervalLastMonth(interval: string, everyMonths: string, months: string): string {
  return `MIN(${interval}*${everyMonths},${months})`;
}

/**
 * A figure over the months of one retrain interval: the sum of `values` where the interval row reads
 * `interval` (a number, so no wildcard applies). A call.
 * @example intervalSum("$D$30:$O$30", "D30", "$D$20:$O$20") // "SUMIF($D$30:$O$30,D30,$D$20:$O$20)"
 */
export function intervalSum(intervals: string, interval: string, values: string): string {
  return `SUMIF(${intervals},${interval},${values})`;
}

/**
 * The over-budget flag: the month's cost against a month's budget, or the cost so far against the
 * horizon's, as the 1/0 flag `perMonth` says (the budget's overBudget); 0 while the budget or a cost is no
 * number. A call.
 * @example overBudgetFlag("D40", "D41", "BudgetPerMonthFlag", "BudgetAmount")
 * // "IF(AND(ISNUMBER(BudgetAmount),ISNUMBER(D40),ISNUMBER(D41)),"
 * //   + "IF(D40*BudgetPerMonthFlag+D41*(1-BudgetPerMonthFlag)>BudgetAmount,1,0),0)"
 */
export function overBudgetFlag(monthCost: string, costSoFar: string, perMonth: string, budget: string): string {
  const over = exceedsFlag(`${monthCost}*${perMonth}+${costSoFar}*(1-${perMonth})`, budget);
  // An emptied budget is no budget, an emptied price no cost: then no month is over, not every month over 0.
  return `IF(AND(ISNUMBER(${budget}),ISNUMBER(${monthCost}),ISNUMBER(${costSoFar})),${over},0)`;
}

/**
 * 1 when a choice cell reads `option` (a cell holding the option's words, compared as Excel compares text:
 * case aside, no wildcards), else 0. A call.
 * @example choiceFlag("BudgetPer", "$D$30") // "IF(BudgetPer=$D$30,1,0)"
 */
export function choiceFlag(choice: string, option: string): string {
  return `IF(${choice}=${option},1,0)`;
}

/**
 * The value under the first month whose flag is 1 (its number, its date), or "none" when no month is
 * flagged (the first month over budget, the first serving-dominated month). Both are rows: INDEX is given
 * row 1 and the column, as HyperFormula reads a lone index as a row. COUNTIF, not IFNA (which an .xlsx must
 * spell _xlfn.IFNA, and LibreOffice reads unprefixed as #NAME?) nor IFERROR (which would hide an error in a
 * value as "none"). A call.
 * @example firstFlagged("D45:O45", "D9:O9") // 'IF(COUNTIF(D45:O45,1)=0,"none",INDEX(D9:O9,1,MATCH(1,D45:O45,0)))'
 */
export function firstFlagged(flags: string, values: string): string {
  return `IF(COUNTIF(${flags},1)=0,"none",INDEX(${values},1,MATCH(1,${flags},0)))`;
}

/**
 * The retrain interval of the first serving-dominated month, or "none" (crossoverOf's interval). A call.
 * @example crossoverInterval("C50", "BudgetRetrainEvery")
 * // 'IF(ISNUMBER(C50),INT((C50-1)/BudgetRetrainEvery)+1,"none")'
 */
export function crossoverInterval(firstServingMonth: string, everyMonths: string): string {
  return `IF(ISNUMBER(${firstServingMonth}),${retrainInterval(firstServingMonth, everyMonths)},"none")`;
}

/**
 * The crossover in words, from its interval (a number, or "none"), its first and last months: "serving
 * overtakes training in interval 3, months 7-9", "already serving-dominated" (interval 1), or "not within
 * the horizon". A call.
 * @example crossoverSentence("C51", "C50", "C52")
 */
export function crossoverSentence(interval: string, firstMonth: string, lastMonth: string): string {
  const at = `"serving overtakes training in interval "&${interval}&", months "&${firstMonth}&"-"&${lastMonth}`;
  return `IF(ISNUMBER(${interval}),IF(${interval}=1,"already serving-dominated",${at}),"not within the horizon")`;
}

/**
 * The crossover's check in one month: 1 where its interval contradicts the crossover, else 0. Before the
 * crossover interval (every interval, when there is none) serving must not exceed training; in it, it must.
 * A call.
 * @example crossoverCheck("D30", "C51", "D31", "D32")
 */
export function crossoverCheck(interval: string, crossover: string, serving: string, training: string): string {
  // Comparisons times 1 are the flags (TRUE*1 = 1), so the check stays three functions deep (issue 28).
  const exceeds = `(${serving}>${training})*1`;
  const fallsShort = `(${serving}<=${training})*1`;
  const inHorizon = `IF(${interval}<${crossover},${exceeds},IF(${interval}=${crossover},${fallsShort},0))`;
  return `IF(ISNUMBER(${crossover}),${inHorizon},${exceeds})`;
}

/**
 * A check's flag: 1 when `value` differs from `expected` by more than `tolerance` of the expected's size,
 * else 0 (the budget sheet's check rows: parts against their total, shares against 100%). A call.
 * @example mismatchFlag("D20+D21+D22", "D23", "BudgetCheckTolerance")
 * // "IF(ABS(D20+D21+D22-D23)>BudgetCheckTolerance*ABS(D23),1,0)"
 */
export function mismatchFlag(value: string, expected: string, tolerance: string): string {
  return `IF(ABS(${value}-${expected})>${tolerance}*ABS(${expected}),1,0)`;
}

/**
 * The horizon's length in months: the time axis's columns, so it always matches the sheet. A call.
 * @example horizonMonths("D9:O9") // "COLUMNS(D9:O9)"
 */
export function horizonMonths(months: string): string {
  return `COLUMNS(${months})`;
}

/**
 * Hours a lever saves over the horizon: the plan's hours without it minus with it (the lever's savedHours);
 * negative when the lever adds hours. A difference, to bracket inside a product or a quotient.
 * @example savedHours("BudgetHorizonTotalWithoutLever", "BudgetHorizonTotalHours")
 * // "BudgetHorizonTotalWithoutLever-BudgetHorizonTotalHours"
 */
export function savedHours(withoutHours: string, withHours: string): string {
  return `${withoutHours}-${withHours}`;
}

/**
 * A model's month at its two prices: its hours at the serving price, plus its training hours at what the training
 * price adds over the serving price (the model's arithmetic, budget.ts's monthCost: one price adds exactly 0). A sum.
 * @example modelCost("D40", "BudgetServingPrice_M1", "D37", "BudgetTrainingPrice_M1")
 *   // "D40*BudgetServingPrice_M1+D37*(BudgetTrainingPrice_M1-BudgetServingPrice_M1)"
 */
export function modelCost(
  totalHours: string,
  servingPrice: string,
  trainingHours: string,
  trainingPrice: string,
): string {
  return `${totalHours}*${servingPrice}+${trainingHours}*(${trainingPrice}-${servingPrice})`;
}

/**
 * Whole months since the last retrain (both ledgers' timing row, budgetLedger.ts's ageMonths): 0 in a retrain month
 * (month 1, then every k months, as retrainFlag), one more each month after. A call.
 * @example monthsSinceRetrain("D$9", "BudgetRetrainEvery") // "MOD(D$9-1,BudgetRetrainEvery)"
 */
export function monthsSinceRetrain(month: string, everyMonths: string): string {
  return `MOD(${month}-1,${everyMonths})`;
}

/**
 * What a month of the model's age costs (budgetLedger.ts's stalenessOf): the clips it scores x the cost of one
 * error x drift x its months since the last retrain, in the model's order. A product.
 * @example stalenessInMonth("D20", "BudgetLedgerErrorCost", "BudgetLedgerDriftPerMonth", "D50")
 * // "D20*BudgetLedgerErrorCost*BudgetLedgerDriftPerMonth*D50"
 */
export function stalenessInMonth(clips: string, costPerError: string, drift: string, ageMonths: string): string {
  return `${clips}*${costPerError}*${drift}*${ageMonths}`;
}

/**
 * The counted models' staleness added (the estate's, estateBudget.ts's estateStalenessOf): SUM over the cells,
 * which skips a model's "not counted" text, as the model leaves a model not counted out of the sum. A call.
 * @example countedSum(["D50", "D90"]) // "SUM(D50,D90)"
 */
export function countedSum(cells: readonly string[]): string {
  return `SUM(${cells.join(",")})`;
}

/**
 * The age row's check in one month: 1 where the months since the last retrain miss the retrain flags (0 in a
 * retrain month, one more than the month before otherwise), else 0. Month 1 always retrains, so its "month before"
 * (the unit column) is never read. A call.
 * @example ageCheck("D$40", "D41", "C41") // "IF(D$40=1,(D41<>0)*1,(D41<>C41+1)*1)"
 */
export function ageCheck(retrainFlag: string, ageMonths: string, previousAge: string): string {
  return `IF(${retrainFlag}=1,(${ageMonths}<>0)*1,(${ageMonths}<>${previousAge}+1)*1)`;
}
