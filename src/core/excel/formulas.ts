/*
 * The cost model's formulas in Excel's language, each written once. The catalog's LAMBDA twins and
 * plain rewrites and the sheet layouts take the model's formulas from here, so a sheet computes a
 * figure as the custom function does; test/core/excel/formulas.test.ts holds each builder to its
 * TypeScript formula in a spreadsheet engine.
 *
 * Operands go in as they are, never bracketed here, so a cell reads as a person would write it,
 * with no bracket it does not need. The caller brackets what needs it: Excel multiplies and
 * divides left to right, so the first operand of a product or quotient may itself be one
 * (clips*seconds/3600 is fine as the clips of a longer chain), and a sum may stand where a builder
 * adds; any other operand must be a reference, a name, a number, a call or bracketed. Each
 * builder's JSDoc says what its result is (a product, a quotient, a sum, a call), so a caller
 * knows when to bracket it. Only the arithmetic is here, and AMDAHLCEILING's part over its total,
 * which is the formula's own: input checks and other guards are the caller's (the twins' gate, a
 * target's "Not reachable" sentences).
 */
import { CLIPS_PER_THOUSAND, MONTHS_PER_YEAR, SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../model/units";

/**
 * Accelerator-hours that scoring `clips` costs (servingHours): a quotient.
 * @example servingHours("C12", "EffectiveSecondsPerClip") // "C12*EffectiveSecondsPerClip/3600"
 */
export function servingHours(clips: string, secondsPerClip: string): string {
  return `${clips}*${secondsPerClip}/${SECONDS_PER_HOUR}`;
}

/**
 * The clips per interval at which serving hours equal training hours (crossoverClips): a quotient.
 * @example crossoverClips("TrainingHours", "SecondsPerClip") // "TrainingHours*3600/SecondsPerClip"
 */
export function crossoverClips(trainingHours: string, secondsPerClip: string): string {
  return `${trainingHours}*${SECONDS_PER_HOUR}/${secondsPerClip}`;
}

/**
 * Traffic over one retrain interval, or over a year of days (clipsPerInterval): a product.
 * @example clipsPerInterval("ClipsPerSecond", "IntervalDays") // "ClipsPerSecond*IntervalDays*86400"
 */
export function clipsPerInterval(clipsPerSecond: string, intervalDays: string): string {
  return `${clipsPerSecond}*${intervalDays}*${SECONDS_PER_DAY}`;
}

/**
 * Training hours with the overhead of failed runs and sweeps (effectiveTrainingHours; the annual
 * view's training is the winning runs' hours times the same overhead): a product.
 * @example effectiveTrainingHours("TrainingHours", "TrainingOverhead") // "TrainingHours*TrainingOverhead"
 */
export function effectiveTrainingHours(trainingHours: string, trainingOverhead: string): string {
  return `${trainingHours}*${trainingOverhead}`;
}

/**
 * Serving seconds per clip with peak-to-mean provisioning (effectiveSecondsPerClip): a product.
 * @example effectiveSecondsPerClip("SecondsPerClip", "PeakToMean") // "SecondsPerClip*PeakToMean"
 */
export function effectiveSecondsPerClip(secondsPerClip: string, peakToMean: string): string {
  return `${secondsPerClip}*${peakToMean}`;
}

/**
 * The hours of a year's winning runs, before failed runs and sweeps (annualHours): a product.
 * @example winningRunHours("HoursPerRun", "RunsPerYear") // "HoursPerRun*RunsPerYear"
 */
export function winningRunHours(hoursPerRun: string, runsPerYear: string): string {
  return `${hoursPerRun}*${runsPerYear}`;
}

/**
 * Serving hours as paid for, the fleet held at peak: consumed x peak-to-mean (annualHours): a product.
 * @example paidServingHours("YearServingConsumed", "PeakToMean") // "YearServingConsumed*PeakToMean"
 */
export function paidServingHours(consumedHours: string, peakToMean: string): string {
  return `${consumedHours}*${peakToMean}`;
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
 * Capacity paid for and not used, the fleet held for the peak: serving paid minus serving consumed
 * (annualHours' idleCapacity): a difference, to bracket inside a product.
 * @example idleCapacity("YearServingPaid", "YearServingConsumed") // "YearServingPaid-YearServingConsumed"
 */
export function idleCapacity(paidServingHoursValue: string, consumedServingHours: string): string {
  return `${paidServingHoursValue}-${consumedServingHours}`;
}

/**
 * A bill's total from its parts, in the order given (the stage table's serving + training; the
 * year's training + serving + re-scans): a sum, to bracket inside a product.
 * @example totalHours("C5", "D5") // "C5+D5"
 */
export function totalHours(...partHours: readonly string[]): string {
  return partHours.join("+");
}

/**
 * Money: accelerator-hours x the price of one (costOf): a product.
 * @example costOf("E5", "PricePerHour") // "E5*PricePerHour"
 */
export function costOf(hours: string, pricePerHour: string): string {
  return `${hours}*${pricePerHour}`;
}

/**
 * How many times the serving half is the training half (servingToTrainingRatio; SPLITRATIO is
 * this over servingHours): a quotient.
 * @example splitRatio("C5", "D5") // "C5/D5"
 */
export function splitRatio(servingHoursValue: string, trainingHours: string): string {
  return `${servingHoursValue}/${trainingHours}`;
}

/**
 * A part's share of a total that includes it, the whole part cut (halfShare, amdahlCeiling with
 * fraction_cut 1, unguarded: the caller's total holds the part): a quotient.
 * @example shareOfTotal("D5", "E5") // "D5/E5"
 */
export function shareOfTotal(partHours: string, totalHoursValue: string): string {
  return `${partHours}/${totalHoursValue}`;
}

/**
 * Hours over a divisor, signed (hoursRatio): a saving, or an addition (negative), as a share of the
 * bill, as a multiple of the training half, or over the runs of a year (per retrain interval); idle
 * capacity over training. Unlike shareOfTotal, the hours need not be part of the divisor. A quotient.
 * @example hoursRatio("E30", "YearTotalPaid") // "E30/YearTotalPaid"
 */
export function hoursRatio(hours: string, divisorHours: string): string {
  return `${hours}/${divisorHours}`;
}

/**
 * The most a change to one part can save, as a share of the whole (amdahlCeiling): #NUM! when
 * the part is more than the total that must include it. A call.
 * @example amdahlCeiling("x_1", "x_2", "x_3") // "IF(x_1>x_2,#NUM!,x_1*x_3/x_2)"
 */
export function amdahlCeiling(partHours: string, totalHoursValue: string, fractionCut: string): string {
  return `IF(${partHours}>${totalHoursValue},#NUM!,${partHours}*${fractionCut}/${totalHoursValue})`;
}

/**
 * Training's share of a bill of training, serving and other hours, the total including training
 * itself (trainingShare): a quotient whose divisor is bracketed.
 * @example trainingShare("x_1", "x_2", "x_3") // "x_1/(x_1+x_2+x_3)"
 */
export function trainingShare(trainingHours: string, servingHoursValue: string, otherHours: string): string {
  return `${trainingHours}/(${totalHours(trainingHours, servingHoursValue, otherHours)})`;
}

/**
 * Hours a change saves on a part proportional to the input it moves (leverSaving): negative when
 * the proposal adds hours. A quotient.
 * @example leverSaving("x_1", "x_2", "x_3") // "x_1*(x_2-x_3)/x_2"
 */
export function leverSaving(partHours: string, current: string, proposed: string): string {
  return `${partHours}*(${current}-${proposed})/${current}`;
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
 * The larger half over the smaller, from the split ratio (before rounding, as dominance takes it).
 * The ratio is written twice: pass a reference or a name. A call.
 * @example leadOfRatio("F5") // "MAX(F5,1/F5)"
 */
export function leadOfRatio(splitRatioValue: string): string {
  return `MAX(${splitRatioValue},1/${splitRatioValue})`;
}

/**
 * A lead (1 or more) to three significant figures, half away from zero on decimal digits as the
 * model's roundSignificant and every spreadsheet's ROUND do. The lead is written twice. A call.
 * @example roundedLead("x_5") // "ROUND(x_5,2-INT(LOG10(x_5)))"
 */
export function roundedLead(lead: string): string {
  return `ROUND(${lead},2-INT(LOG10(${lead})))`;
}

/** The larger half's word after IF(ratio > 1): the side, then what follows it in the text. */
const sideWord = (splitRatioValue: string, after: string) =>
  `IF(${splitRatioValue}>1,"serving${after}","training${after}")`;

/**
 * Which half dominates, as the stage table's verdict column shows it: "serving", "training", or
 * "equal" when the rounded lead is 1 (dominance's side). A call.
 * @example dominantSide("I5", "F5") // 'IF(I5=1,"equal",IF(F5>1,"serving","training"))'
 */
export function dominantSide(roundedLeadValue: string, splitRatioValue: string): string {
  return `IF(${roundedLeadValue}=1,"equal",${sideWord(splitRatioValue, "")})`;
}

/**
 * DOMINANTHALF's text: "serving, 36x", "training, 10.8x", or "equal" (dominanceText). A call.
 * @example dominantHalf("x_6", "x_4") // 'IF(x_6=1,"equal",IF(x_4>1,"serving, ","training, ")&x_6&"x")'
 */
export function dominantHalf(roundedLeadValue: string, splitRatioValue: string): string {
  return `IF(${roundedLeadValue}=1,"equal",${sideWord(splitRatioValue, ", ")}&${roundedLeadValue}&"x")`;
}

/**
 * The seconds per clip, as typed before peak-to-mean, at which scoring `clips` costs
 * `servingHoursValue` (secondsPerClipForServingHours): a quotient.
 * @example secondsPerClipForServingHours("$C$9", "$C$12", "$C$7") // "$C$9*3600/$C$12/$C$7"
 */
export function secondsPerClipForServingHours(servingHoursValue: string, clips: string, peakToMean: string): string {
  return `${servingHoursValue}*${SECONDS_PER_HOUR}/${clips}/${peakToMean}`;
}

/**
 * The slowest seconds per clip within a budget of hours, training taken first
 * (secondsPerClipForBudgetHours): a quotient. The budget may be a quotient in brackets.
 * @example secondsPerClipWithinBudget("B3", "$C$9", "$C$12", "$C$7") // "(B3-$C$9)*3600/$C$12/$C$7"
 */
export function secondsPerClipWithinBudget(
  budgetHours: string,
  trainingHours: string,
  clips: string,
  peakToMean: string,
): string {
  return secondsPerClipForServingHours(`(${budgetHours}-${trainingHours})`, clips, peakToMean);
}

/**
 * A money budget in accelerator-hours at a price per hour (secondsPerClipForBudgetCost's first
 * step): a quotient, to bracket where it stands in a sum or a comparison's right side.
 * @example hoursOfBudget("B4", "$C$20") // "B4/$C$20"
 */
export function hoursOfBudget(budget: string, pricePerHour: string): string {
  return `${budget}/${pricePerHour}`;
}

/**
 * The clips per interval at which serving is `servingShare` of the bill (clipsForServingShare):
 * the serving hours that share means, training x share / (1 - share), at the crossover's rate. A quotient.
 * @example clipsForServingShare("$C$9", "$C$10", "B5") // "$C$9*B5/(1-B5)*3600/$C$10"
 */
export function clipsForServingShare(trainingHours: string, secondsPerClip: string, servingShare: string): string {
  return crossoverClips(`${trainingHours}*${servingShare}/(1-${servingShare})`, secondsPerClip);
}

/**
 * An optional input as the model reads it: the typed value, or what a blank stands for (a blank
 * launch is the crossover, a blank scale the traffic over the interval: stageInputsOf). The input
 * is written twice. A call.
 * @example typedOrDefault("C14", "C30") // 'IF(C14="",C30,C14)'
 */
export function typedOrDefault(input: string, blankMeans: string): string {
  return `IF(${input}="",${blankMeans},${input})`;
}

/**
 * An output's change from the base scenario's, in the output's unit (variance's absolute; for a share,
 * in percentage points): a difference, to bracket inside a product or quotient.
 * @example changeAgainstBase("D40", "C40") // "D40-C40"
 */
export function changeAgainstBase(value: string, baseValue: string): string {
  return `${value}-${baseValue}`;
}

/**
 * A change from the base as a fraction of the base's size, 0.2 for +20% (variance's relative):
 * #DIV/0! where the base is 0. The change must be a reference, a name or bracketed. A quotient.
 * @example relativeChange("G40", "C40") // "G40/ABS(C40)"
 */
export function relativeChange(change: string, baseValue: string): string {
  return `${change}/ABS(${baseValue})`;
}

/**
 * How far an output moves between an input's low and its high (the sensitivity's swing): |high - low|,
 * in the output's unit. A call.
 * @example swing("F12", "G12") // "ABS(G12-F12)"
 */
export function swing(lowOutput: string, highOutput: string): string {
  return `ABS(${highOutput}-${lowOutput})`;
}

/**
 * An input's end by a relative move of its base value, base x (1 + move), -0.2 for 20% lower
 * (defaultSwingRange). A product.
 * @example movedEnd("C12", "WhatIfLowMove") // "C12*(1+WhatIfLowMove)"
 */
export function movedEnd(baseValue: string, move: string): string {
  return `${baseValue}*(1+${move})`;
}

/**
 * A factor's end (1 = none) by a relative move: movedEnd, never below 1, since less than none means
 * nothing (defaultSwingRange). A call.
 * @example movedFactorEnd("C12", "WhatIfLowMove") // "MAX(1,C12*(1+WhatIfLowMove))"
 */
export function movedFactorEnd(baseValue: string, move: string): string {
  return `MAX(1,${movedEnd(baseValue, move)})`;
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

/**
 * The average cost of 1,000 clips, training amortised over every clip (costPerThousandClips):
 * (training + serving hours) x price / clips x 1000. A product whose sum is bracketed.
 * @example costPerThousandClips("x_1", "x_2", "x_3", "x_4") // "(x_1+x_2)*x_4/x_3*1000"
 */
export function costPerThousandClips(
  trainingHours: string,
  servingHoursValue: string,
  clips: string,
  pricePerHour: string,
): string {
  return `(${totalHours(trainingHours, servingHoursValue)})*${pricePerHour}/${clips}*${CLIPS_PER_THOUSAND}`;
}

/**
 * Traffic in one month of the budget, a twelfth of the year the planner counts (monthClips):
 * clips per second x days per year x 86400 / months per year, in the model's order. Months per year is
 * 12 unless the caller passes the cell that holds it (a sheet's formulas carry no constant but the
 * universal ones). A quotient.
 * @example monthClips("F20", "DaysPerYear", "MonthsPerYear") // "F20*DaysPerYear*86400/MonthsPerYear"
 */
export function monthClips(clipsPerSecond: string, daysPerYear: string, monthsPerYear = `${MONTHS_PER_YEAR}`): string {
  return `${clipsPerSecond}*${daysPerYear}*${SECONDS_PER_DAY}/${monthsPerYear}`;
}

/**
 * What 1,000 more clips cost at the margin, training aside (marginalCostPerThousandClips): the paid
 * serving hours they add, seconds per clip / 3600 x peak-to-mean, priced, x 1000. A product.
 * @example marginalCostPerThousandClips("x_1", "x_2", "x_3") // "x_1/3600*x_2*x_3*1000"
 */
export function marginalCostPerThousandClips(secondsPerClip: string, peakToMean: string, pricePerHour: string): string {
  return `${secondsPerClip}/${SECONDS_PER_HOUR}*${peakToMean}*${pricePerHour}*${CLIPS_PER_THOUSAND}`;
}

/*
 * The budget sheet's time rows (src/budget/sheet): each row holds one formula, the same in every month's
 * column, over the month's cells above it and the named inputs. Timing is a row of 1/0 flags that the hours
 * multiply, never an IF on a date.
 */

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
 * A call.
 * @example whenFilled(["BudgetPricePerHour"], "D40*BudgetPricePerHour", "no price")
 * // 'IF(AND(ISNUMBER(BudgetPricePerHour)),D40*BudgetPricePerHour,"no price")'
 */
export function whenFilled(cells: readonly string[], figure: string, words: string): string {
  return `IF(AND(${cells.map((cell) => `ISNUMBER(${cell})`).join(",")}),${figure},"${words.replace(/"/g, '""')}")`;
}

/**
 * A figure that divides by `count`: the figure while `count` is more than 0, else `words` as text (the
 * average cost per 1,000 clips of a horizon without clips, which the model leaves out). A call.
 * @example whenPositive("BudgetHorizonClips", "B20/BudgetHorizonClips", "no clips")
 * // 'IF(BudgetHorizonClips>0,B20/BudgetHorizonClips,"no clips")'
 */
export function whenPositive(count: string, figure: string, words: string): string {
  return `IF(${count}>0,${figure},"${words.replace(/"/g, '""')}")`;
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
 * The horizon's figure: the sum of a row's months (the budget's horizon sums). A call.
 * @example horizonSum("D20:O20") // "SUM(D20:O20)"
 */
export function horizonSum(months: string): string {
  return `SUM(${months})`;
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
 * 1 when `value` is more than `threshold`, else 0: serving over training in an interval (crossoverOf), a
 * cost over its budget. A call.
 * @example exceedsFlag("D31", "D32") // "IF(D31>D32,1,0)"
 */
export function exceedsFlag(value: string, threshold: string): string {
  return `IF(${value}>${threshold},1,0)`;
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
  const exceeds = exceedsFlag(serving, training);
  const fallsShort = `IF(${serving}>${training},0,1)`;
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
 * The master check: "OK" when every check's count of failures is 0, else "Check fails: " and the label
 * of the first failing check, each check given as [its count, the cell of its label]. A call.
 * @example masterCheck([["C60", "A60"], ["C61", "A61"]])
 * // 'IF(C60<>0,"Check fails: "&A60,IF(C61<>0,"Check fails: "&A61,"OK"))'
 */
export function masterCheck(checks: readonly (readonly [count: string, label: string])[]): string {
  return checks.reduceRight<string>(
    (otherwise, [count, label]) => `IF(${count}<>0,"Check fails: "&${label},${otherwise})`,
    '"OK"',
  );
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

/*
 * The bill's actuals sheet (src/bill/sheet): the imported month's figures are typed values; each row below
 * them holds one formula, the same in every month's column, over them, and plan against actual finds the
 * plan's month by its date.
 */

/**
 * What an accelerator-hour cost in a pricing category: its EffectiveCost over the hours it paid (the bill's
 * effective price per accelerator-hour). A quotient.
 * @example effectivePrice("D30", "D29") // "D30/D29"
 */
export function effectivePrice(cost: string, hoursPaid: string): string {
  return `${cost}/${hoursPaid}`;
}

/**
 * A measured part's share of a whole that includes it (training's share of the month's paid hours or cost:
 * the measured ceiling), or `words` where the bill gives no share: the whole not positive, the part negative
 * (a credit) or larger than the whole. Each operand is written twice: pass references or names. A call.
 * @example measuredShare("D20", "D25", "no hours paid") // 'IF(AND(D25>0,D20>=0,D20<=D25),D20/D25,"no hours paid")'
 */
export function measuredShare(part: string, whole: string, words: string): string {
  const share = shareOfTotal(part, whole);
  return `IF(AND(${whole}>0,${part}>=0,${part}<=${whole}),${share},"${words.replace(/"/g, '""')}")`;
}

/**
 * What a month's own total leaves unexplained: the file's total less the mapped cost and each left-out part,
 * in that order (the bill's reconciliation difference; 0 where the month reconciles). A difference, to bracket
 * inside a product.
 * @example unreconciled("D40", "D12", "D38") // "D40-D12-D38"
 */
export function unreconciled(fileTotal: string, mapped: string, ...leftOut: readonly string[]): string {
  return [fileTotal, mapped, ...leftOut].join("-");
}

/**
 * The reconciliation's check: 1 when the difference is more than the larger of `moneyTolerance` (half a cent)
 * and `relativeTolerance` of the total's size (a billionth: two sums of the same rows in another order), else
 * 0, as the bill's model decides that a month reconciles. A call.
 * @example reconcileFlag("D41", "D40", "ActualsMoneyTolerance", "ActualsRelativeTolerance")
 * // "IF(ABS(D41)>MAX(ActualsMoneyTolerance,ActualsRelativeTolerance*ABS(D40)),1,0)"
 */
export function reconcileFlag(
  difference: string,
  total: string,
  moneyTolerance: string,
  relativeTolerance: string,
): string {
  return `IF(ABS(${difference})>MAX(${moneyTolerance},${relativeTolerance}*ABS(${total})),1,0)`;
}

/**
 * The plan's figure for the month dated `month`, found among the plan's dated headings (both rows: INDEX is
 * given row 1 and the column, as firstFlagged), or `words` when the plan has no such month. COUNTIF, not IFNA
 * or IFERROR, for the reasons firstFlagged gives; the month is written twice. A call.
 * @example planOfMonth("'Budget'!$D$12:$O$12", "'Budget'!$D$40:$O$40", "D$10", "not in the plan")
 * // IF(COUNTIF('Budget'!$D$12:$O$12,D$10)=0,"not in the plan",
 * //   INDEX('Budget'!$D$40:$O$40,1,MATCH(D$10,'Budget'!$D$12:$O$12,0)))
 */
export function planOfMonth(planMonths: string, planValues: string, month: string, words: string): string {
  const found = `INDEX(${planValues},1,MATCH(${month},${planMonths},0))`;
  return `IF(COUNTIF(${planMonths},${month})=0,"${words.replace(/"/g, '""')}",${found})`;
}

/**
 * Actual less plan, in the figure's unit (over the plan: positive), or the plan's own words where it holds no
 * number ("not in the plan", "no price"). The plan is written twice. A call.
 * @example varianceAgainstPlan("D20", "D50") // "IF(ISNUMBER(D50),D20-D50,D50)"
 */
export function varianceAgainstPlan(actual: string, plan: string): string {
  return `IF(ISNUMBER(${plan}),${actual}-${plan},${plan})`;
}
