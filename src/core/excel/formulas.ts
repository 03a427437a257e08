/*
 * The cost model's formulas in Excel's language that more than one capability writes, each written once:
 * the catalog's Excel forms (which its LAMBDA twins and plain rewrites carry into every workbook) and the
 * figures two or more sheets share (dominantSide, the stage table's, stays beside DOMINANTHALF's dominantHalf:
 * the two write the same words). A formula only one capability's sheet writes lives in that sheet's folder
 * (budget/sheet/budgetFormulas.ts, bill/sheet/actualsFormulas.ts, ...), in this file's manner, but the what-if
 * sheet's, at the end of this file until its folder has room. The functions layer reaches only models and this
 * folder, so every formula the catalog builds is here. So a sheet computes a figure as the custom function does;
 * test/core/excel/formulas.test.ts holds each builder to its TypeScript formula in a spreadsheet engine
 * (test/support/builderCases.ts), as each capability's test does its own.
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

/** Prices per 1M tokens, as tokens/model counts them (core imports no capability; the apiCost case holds the two). */
const TOKENS_PER_PRICE_UNIT = 1_000_000;

/**
 * Accelerator-hours that scoring `clips` costs (servingHours): a quotient.
 * @example servingHours("C12", "EffectiveSecondsPerClip") // "C12*EffectiveSecondsPerClip/3600"
 */
export function servingHours(clips: string, secondsPerClip: string): string {
  return `${clips}*${secondsPerClip}/${SECONDS_PER_HOUR}`;
}

/**
 * Paid serving hours of a model that scores a share of the plan's clips (estate's modelServingHours): a product.
 * @example modelServingHours("Clips", "C8", "C7", "C9") // "Clips*C8*C7/3600*C9"
 */
export function modelServingHours(
  clips: string,
  shareScored: string,
  secondsPerClip: string,
  peakToMean: string,
): string {
  return `${clips}*${shareScored}*${secondsPerClip}/${SECONDS_PER_HOUR}*${peakToMean}`;
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
 * Serving hours as paid for, the fleet held at peak: consumed x peak-to-mean (annualHours): a product.
 * @example paidServingHours("YearServingConsumed", "PeakToMean") // "YearServingConsumed*PeakToMean"
 */
export function paidServingHours(consumedHours: string, peakToMean: string): string {
  return `${consumedHours}*${peakToMean}`;
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
 * An optional input as the model reads it: the typed value, or what a blank stands for (a blank
 * launch is the crossover, a blank scale the traffic over the interval: stageInputsOf). The input
 * is written twice. A call.
 * @example typedOrDefault("C14", "C30") // 'IF(C14="",C30,C14)'
 */
export function typedOrDefault(input: string, blankMeans: string): string {
  return `IF(${input}="",${blankMeans},${input})`;
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

/**
 * What the model's age costs on average a month at a cadence (stalenessCost, both ledgers):
 * clips x cost of an error x drift x (cadence - 1) / 2, in the model's order. A quotient whose difference is
 * bracketed.
 * @example stalenessCost("x_1", "x_2", "x_3", "x_4") // "x_1*x_3*x_2*(x_4-1)/2"
 */
export function stalenessCost(
  clipsPerMonth: string,
  drift: string,
  costPerError: string,
  cadenceMonths: string,
): string {
  return `${clipsPerMonth}*${costPerError}*${drift}*(${cadenceMonths}-1)/2`;
}

/**
 * The cadence at which a run's cost and the model's age cost least together (economicCadence):
 * sqrt(2 x run cost / (clips x cost of an error x drift)), divided one factor at a time as the model does. A call.
 * @example economicCadence("x_1", "x_2", "x_3", "x_4") // "SQRT(2*x_1/x_2/x_4/x_3)"
 */
export function economicCadence(runCost: string, clipsPerMonth: string, drift: string, costPerError: string): string {
  return `SQRT(2*${runCost}/${clipsPerMonth}/${costPerError}/${drift})`;
}

/**
 * A figure of the second ledger, or #VALUE! where drift is 0: staleness costs nothing there (the model's
 * NO_DRIFT, whose words a cell cannot carry). The function's other arguments go in too, each times 0, so that one
 * outside its domain (#NUM!) wins over drift's #VALUE!, as the model checks every sign before drift. A call.
 * @example whenDrifting("x_2", "x_1*x_2", "x_1") // "IF(x_1*0+x_2=0,#VALUE!,x_1*x_2)"
 */
export function whenDrifting(drift: string, figure: string, ...otherArguments: readonly string[]): string {
  const test = [...otherArguments.map((argument) => `${argument}*0`), drift].join("+");
  return `IF(${test}=0,#VALUE!,${figure})`;
}

/**
 * A figure at a cadence, or #NUM! where the cadence is under a month: the model counts age in whole months. A call.
 * @example wholeMonthsOnly("x_4", "x_4-1") // "IF(x_4<1,#NUM!,x_4-1)"
 */
export function wholeMonthsOnly(cadenceMonths: string, figure: string): string {
  return `IF(${cadenceMonths}<1,#NUM!,${figure})`;
}

/**
 * Seconds of one accelerator a request takes, from its tokens and the fleet's throughput (tokens' tokenSeconds):
 * a sum.
 * @example tokenSeconds("In", "Out", "InPerS", "OutPerS") // "In/InPerS+Out/OutPerS"
 */
export function tokenSeconds(
  inputTokens: string,
  outputTokens: string,
  inputTokensPerSecond: string,
  outputTokensPerSecond: string,
): string {
  return `${inputTokens}/${inputTokensPerSecond}+${outputTokens}/${outputTokensPerSecond}`;
}

/**
 * What an API charges for requests, prices per 1M tokens (tokens' apiCost): a product. `tokensPerPriceUnit` is
 * the cell or name a sheet keeps the 1,000,000 in (a labelled constant); the twin of APICOST, which must work in
 * any workbook and takes only the function's five arguments, keeps the number.
 * @example apiCost("N", "In", "Out", "PIn", "POut") // "(In*PIn+Out*POut)/1000000*N"
 * @example apiCost("N", "In", "Out", "PIn", "POut", "Unit") // "(In*PIn+Out*POut)/Unit*N"
 */
export function apiCost(
  requests: string,
  inputTokens: string,
  outputTokens: string,
  inputPricePerMillion: string,
  outputPricePerMillion: string,
  tokensPerPriceUnit = String(TOKENS_PER_PRICE_UNIT),
): string {
  const perMillion = `${inputTokens}*${inputPricePerMillion}+${outputTokens}*${outputPricePerMillion}`;
  return `(${perMillion})/${tokensPerPriceUnit}*${requests}`;
}

/**
 * The fleet's cost of one request above its minimum, seconds x peak-to-mean x price / 3,600 (tokens'
 * fleetCostPerRequest): a product.
 * @example fleetCostPerRequest("S", "M", "P") // "S*M/3600*P"
 */
export function fleetCostPerRequest(secondsPerRequest: string, peakToMean: string, pricePerHour: string): string {
  return `${secondsPerRequest}*${peakToMean}/${SECONDS_PER_HOUR}*${pricePerHour}`;
}

/**
 * Requests a month from which the fleet is cheaper than the API (tokens' apiCrossover), or #N/A where the fleet's
 * cost a request is not under the API's (the model's message, which a cell cannot carry, says why). The minimum
 * and the hours go into the test too, each times 0, so that one outside its domain (#NUM!) wins over #N/A, as the
 * model checks every argument first. A call.
 * @example apiCrossover("K", "P", "A", "S", "M", "H") // "IF(K*0+H*0+S*M/3600*P>=A,NA(),K*H/A*P)"
 */
export function apiCrossover(
  minAccelerators: string,
  pricePerHour: string,
  apiCostPerRequest: string,
  secondsPerRequest: string,
  peakToMean: string,
  hoursPerMonth: string,
): string {
  const fleetPerRequest = fleetCostPerRequest(secondsPerRequest, peakToMean, pricePerHour);
  const test = `${minAccelerators}*0+${hoursPerMonth}*0+${fleetPerRequest}>=${apiCostPerRequest}`;
  return `IF(${test},NA(),${minAccelerators}*${hoursPerMonth}/${apiCostPerRequest}*${pricePerHour})`;
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
 * The horizon's figure: the sum of a row's months (the budget's horizon sums). A call.
 * @example horizonSum("D20:O20") // "SUM(D20:O20)"
 */
export function horizonSum(months: string): string {
  return `SUM(${months})`;
}

/**
 * 1 when `value` is more than `threshold`, else 0: serving over training in an interval (crossoverOf), a
 * cost over its budget. A call.
 * @example exceedsFlag("D31", "D32") // "IF(D31>D32,1,0)"
 */
export function exceedsFlag(value: string, threshold: string): string {
  return `IF(${value}>${threshold},1,0)`;
}

/*
 * The what-if sheet's own builders, the one capability's left here: whatIf/sheet holds the twelve files a folder
 * may, and a layer has no subfolders (test/architecture/imports.test.ts), so they move when that folder splits.
 */

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
