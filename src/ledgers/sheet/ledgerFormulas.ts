/*
 * Both ledgers in Excel's language (docs/cost-model.md, "Both ledgers"), one builder a model formula, for every
 * sheet that states them: the annual sheet once, the what-if sheet once a scenario. Each takes its operands as cell
 * references or names (a scenario's column, a named input), so no builder knows where a sheet keeps anything.
 * The two the functions share, STALENESSCOST's and ECONOMICCADENCE's arithmetic, are core/excel/formulas.ts's and
 * are only wrapped here in the ledger's own guards (ledgers.ts: drift 0 costs nothing in this ledger, a cadence
 * under a month is refused). Written as core/excel/formulas.ts writes its builders: operands as given, the caller
 * brackets; each JSDoc says whether the result is a product, a quotient, a sum, a difference or a call.
 * test/ledgers/sheet/ledgerFormulas.test.ts holds each to its TypeScript formula in HyperFormula.
 */
import * as inExcel from "../../core/excel/formulas";
import { textLiteral } from "../../core/sheet/checks";
import { MONTHS_PER_YEAR } from "../../core/model/units";
import { LEDGER_FIELDS, MINUTES_PER_HOUR } from "../model/ledgerFields";

/** What a ledger figure reads while drift or the cost of one error is blank: the drift field's blankMeans. */
const NOT_COUNTED = LEDGER_FIELDS.find((field) => field.key === "driftPerMonth")!.blankMeans!;

/**
 * The cost of one error (errorCost): the typed cost, or, while it is blank, minutes of review x a reviewer's hourly
 * cost / 60. A call. Whether it is counted at all is ledgerCounted's.
 * @example ledgerErrorCost("C40", "C41", "C42") // "IF(ISBLANK(C40),C41*C42/60,C40)"
 */
export function ledgerErrorCost(
  typedCost: string,
  reviewMinutes: string,
  reviewerCostPerHour: string,
  // a sheet that keeps its constants in labelled cells (the budget's) names the minutes an hour
  minutesPerHour = String(MINUTES_PER_HOUR),
): string {
  return `IF(ISBLANK(${typedCost}),${reviewMinutes}*${reviewerCostPerHour}/${minutesPerHour},${typedCost})`;
}

/**
 * 1 where the second ledger is counted, 0 where it is not (countedLedger): drift given, and a cost of one error
 * typed or both its review halves given. A product of comparisons, one function deep.
 * @example ledgerCounted("C39", "C40", "C41", "C42")
 * // "ISNUMBER(C39)*((ISNUMBER(C40)+ISNUMBER(C41)*ISNUMBER(C42))>0)"
 */
export function ledgerCounted(drift: string, typedCost: string, reviewMinutes: string, reviewerCost: string): string {
  return `ISNUMBER(${drift})*((ISNUMBER(${typedCost})+ISNUMBER(${reviewMinutes})*ISNUMBER(${reviewerCost}))>0)`;
}

/**
 * A ledger figure where the ledger is counted (`counted` is 1), else the words "not counted": no staleness shown
 * as a cost of 0 while its inputs are blank. A call.
 * @example whenCounted("LedgerCounted", "C50*12") // 'IF(LedgerCounted=1,C50*12,"not counted")'
 */
export function whenCounted(counted: string, figure: string): string {
  return `IF(${counted}=1,${figure},${textLiteral(NOT_COUNTED)})`;
}

/**
 * What the model's age costs on average a month at a cadence (ledgers.ts's ageCost): clips x cost of an error x
 * drift x (cadence - 1) / 2, #NUM! under a month (age counts in whole months); 0 without drift. A call.
 * @example stalenessPerMonth("x_1", "x_2", "x_3", "x_4") // "IF(x_4<1,#NUM!,x_1*x_3*x_2*(x_4-1)/2)"
 */
export function stalenessPerMonth(clipsPerMonth: string, drift: string, costPerError: string, months: string): string {
  return inExcel.wholeMonthsOnly(months, inExcel.stalenessCost(clipsPerMonth, drift, costPerError, months));
}

/**
 * A month's figure over a year (ledgers.ts's perYear): x 12. A product.
 * @example perYear("C50") // "C50*12"
 */
export function perYear(monthly: string): string {
  return `${monthly}*${MONTHS_PER_YEAR}`;
}

/**
 * The money one run costs (ledgerSettings' runCostOf): its compute hours at the price, plus what it costs besides
 * (a blank cell adds 0). A sum, to bracket inside a product.
 * @example runCost("C60", "PricePerHour", "LedgerOtherCostPerRun") // "C60*PricePerHour+LedgerOtherCostPerRun"
 */
export function runCost(runHours: string, pricePerHour: string, otherCostPerRun: string): string {
  return `${inExcel.costOf(runHours, pricePerHour)}+${otherCostPerRun}`;
}

/**
 * The monthly cost that moves with the cadence (cadenceMonthlyCost): a run's cost over the months between runs,
 * plus the staleness a month at that cadence (a cell, or stalenessPerMonth's formula). A sum.
 * @example cadenceMonthlyCost("C61", "B70", "C70") // "C61/B70+C70"
 */
export function cadenceMonthlyCost(runCostValue: string, months: string, staleness: string): string {
  return `${runCostValue}/${months}+${staleness}`;
}

/**
 * The economic cadence, real, in months (economicCadence): sqrt(2 x run cost / (clips x cost of an error x drift)),
 * #VALUE! without drift (NO_DRIFT: the cadence is set by other reasons), the other arguments' #NUM! first. A call.
 * @example economicCadence("x_1", "x_2", "x_3", "x_4") // "IF(x_1*0+x_2*0+x_4*0+x_3=0,#VALUE!,SQRT(2*x_1/x_2/x_4/x_3))"
 */
export function economicCadence(runCostValue: string, clipsPerMonth: string, drift: string, costPerError: string) {
  return inExcel.whenDrifting(
    drift,
    inExcel.economicCadence(runCostValue, clipsPerMonth, drift, costPerError),
    runCostValue,
    clipsPerMonth,
    costPerError,
  );
}

/**
 * The whole month at or below the economic cadence, at least 1 (bestWholeMonth's floor). A call.
 * @example wholeMonthBelow("C80") // "MAX(1,INT(C80))"
 */
export function wholeMonthBelow(economicMonths: string): string {
  return `MAX(1,INT(${economicMonths}))`;
}

/**
 * The whole month at or above the economic cadence, at least 1 (bestWholeMonth's ceiling). ROUNDUP, which rounds
 * away from 0, is the ceiling of a cadence (never negative) in every engine, where CEILING's arguments differ
 * between Excel and LibreOffice and HyperFormula's INT truncates a negative (INT(-3.97) is -3 there, -4 in Excel).
 * A call.
 * @example wholeMonthAbove("C80") // "MAX(1,ROUNDUP(C80,0))"
 */
export function wholeMonthAbove(economicMonths: string): string {
  return `MAX(1,ROUNDUP(${economicMonths},0))`;
}

/**
 * The best whole month (bestWholeMonth): the month above where it costs less a month, else the month below (the
 * fresher model on a tie). A call.
 * @example bestWholeMonth("B81", "B82", "C81", "C82") // "IF(C82<C81,B82,B81)"
 */
export function bestWholeMonth(below: string, above: string, costBelow: string, costAbove: string): string {
  return `IF(${costAbove}<${costBelow},${above},${below})`;
}

/**
 * What the best whole month costs a month (bestWholeMonth's costPerMonth): the lesser of the two months' costs.
 * A call.
 * @example bestWholeMonthCost("C81", "C82") // "MIN(C81,C82)"
 */
export function bestWholeMonthCost(costBelow: string, costAbove: string): string {
  return `MIN(${costBelow},${costAbove})`;
}

/**
 * A cadence in months from runs a year (cadenceOfRuns): 12 / runs; #NUM! over 12 runs (age counts in whole months),
 * #DIV/0! at 0 or fewer (never retrained: no average age). A call.
 * @example cadenceOfRuns("RunsPerYear") // "IF(RunsPerYear>12,#NUM!,IF(RunsPerYear>0,12/RunsPerYear,#DIV/0!))"
 */
export function cadenceOfRuns(runsPerYear: string): string {
  const months = `${MONTHS_PER_YEAR}/${runsPerYear}`;
  return `IF(${runsPerYear}>${MONTHS_PER_YEAR},#NUM!,IF(${runsPerYear}>0,${months},#DIV/0!))`;
}

/**
 * A cadence change's saving a year (ledgerSettings' annualChange): the compute the runs no longer made save, plus
 * a run's other costs times the runs fewer (negative where the change makes more runs). A sum.
 * @example changeSaving("K30", "LedgerOtherCostPerRun", "RunsPerYear", "RunsPerYearProposed")
 * // "K30+LedgerOtherCostPerRun*(RunsPerYear-RunsPerYearProposed)"
 */
export function changeSaving(computeSaving: string, otherCostPerRun: string, runsNow: string, runsProposed: string) {
  return `${computeSaving}+${otherCostPerRun}*(${runsNow}-${runsProposed})`;
}

/**
 * The staleness a cadence change adds a year (ledgers.ts's changeOf): the proposed cadence's staleness a month
 * minus today's, x 12 (negative: a fresher model costs less). A product whose difference is bracketed.
 * @example stalenessAdded("C91", "C90") // "(C91-C90)*12"
 */
export function stalenessAdded(proposedPerMonth: string, nowPerMonth: string): string {
  return `(${proposedPerMonth}-${nowPerMonth})*${MONTHS_PER_YEAR}`;
}

/**
 * Both ledgers' net a year (ledgers.ts's changeOf): the saving minus the staleness added, negative when the change
 * loses. A difference, to bracket inside a product.
 * @example netPerYear("C92", "C93") // "C92-C93"
 */
export function netPerYear(savingPerYear: string, stalenessAddedPerYear: string): string {
  return `${savingPerYear}-${stalenessAddedPerYear}`;
}
