/*
 * The estate sheet's own formulas in Excel's language: what no other sheet writes (a model's cadence in runs a
 * year from its count and unit, a figure that needs every model priced, the crossover of a model that scores a share
 * of the plan's clips, a lever's saving that is 0 while nothing changes, retiring a model).
 * What it shares with the other sheets (serving hours, totals, shares, costs, the dominance) is
 * core/excel/formulas.ts's, and a model's year is annual/sheet's. test/estate/sheet/estateFormulas.test.ts holds
 * each builder here to the estate model in HyperFormula. Operands as given, the caller brackets; each JSDoc says
 * whether the result is a product, a quotient, a sum or a call.
 */
import { CADENCE_UNITS } from "../model";
import { SECONDS_PER_HOUR } from "../../core/model/units";
import { textLiteral } from "../../core/sheet/checks";
import { NO_PRICE } from "./estateRows";

/** A cadence unit's words, as the sheet's drop-down offers them. */
const words = (unit: (typeof CADENCE_UNITS)[number]["unit"]) =>
  textLiteral(CADENCE_UNITS.find((c) => c.unit === unit)!.words);

/**
 * Runs a year of a cadence typed as `count` in the unit named by `unit`'s words (runsPerYearOf): the count itself,
 * or the days counted in a year (or the months) over the days (or months) between retrains. A call.
 * @example cadenceRunsPerYear("D12", "D13", "EstateDaysPerYear", "EstateMonthsPerYear")
 * // 'IF(D13="runs a year",D12,IF(D13="days between retrains",EstateDaysPerYear/D12,EstateMonthsPerYear/D12))'
 */
export function cadenceRunsPerYear(count: string, unit: string, daysPerYear: string, monthsPerYear: string): string {
  const inDays = `IF(${unit}=${words("days")},${daysPerYear}/${count},${monthsPerYear}/${count})`;
  return `IF(${unit}=${words("runsPerYear")},${count},${inDays})`;
}

/**
 * Runs a year proposed: the runs now while the proposed cadence is blank (no change), else the proposed count in
 * the model's cadence unit (annualPlanOf's runsPerYearProposed). A call.
 * @example proposedRunsPerYear("D22", "D30", "D13", "EstateDaysPerYear", "EstateMonthsPerYear")
 * // 'IF(D22="",D30,IF(D13="runs a year",D22,IF(D13="days between retrains",EstateDaysPerYear/D22,
 * //   EstateMonthsPerYear/D22)))'
 */
export function proposedRunsPerYear(
  proposed: string,
  runsNow: string,
  unit: string,
  daysPerYear: string,
  monthsPerYear: string,
): string {
  return `IF(${proposed}="",${runsNow},${cadenceRunsPerYear(proposed, unit, daysPerYear, monthsPerYear)})`;
}

/**
 * A figure counted only while every model is priced (`priced` the 1/0 flag): the figure, or "no price". A call.
 * @example pricedFigure("EstatePriced", "D30*D20") // 'IF(EstatePriced=1,D30*D20,"no price")'
 */
export function pricedFigure(priced: string, figure: string): string {
  return `IF(${priced}=1,${figure},${textLiteral(NO_PRICE)})`;
}

/**
 * 1 when every model has both its prices (a number in each cell of both rows, one cell a model), else 0: the
 * estate's money and the ranking by money count only then (estateYear's priced). A call.
 * @example everyModelPriced("D20:F20", "D21:F21") // "IF(COUNT(D20:F20)+COUNT(D21:F21)=2*COLUMNS(D20:F20),1,0)"
 */
export function everyModelPriced(trainingPrices: string, servingPrices: string): string {
  return `IF(COUNT(${trainingPrices})+COUNT(${servingPrices})=2*COLUMNS(${trainingPrices}),1,0)`;
}

/**
 * A model's crossover in the plan's clips a retrain interval (estateYear's crossoverClips): one run's hours with
 * overhead x 3,600 over the seconds a plan's clip costs it (its seconds x the share it scores x peak-to-mean);
 * #DIV/0! when it is not retrained (runs a year 0: dividing by the comparison, FALSE, is dividing by 0), as the
 * model says, before any overflow of the quotient. A quotient.
 * @example modelCrossover("D12*D14", "D15*D16*D17", "D30") // "D12*D14*3600/(D30>0)/(D15*D16*D17)"
 */
export function modelCrossover(runHours: string, secondsPerPlanClip: string, runsPerYear: string): string {
  return `${runHours}*${SECONDS_PER_HOUR}/(${runsPerYear}>0)/(${secondsPerPlanClip})`;
}

/**
 * A lever's saving, 0 while its proposal is its input now (leversTable's unchanged lever, with no division by a
 * current of 0), else `saving`. A call.
 * @example whenChanged("F40", "G40", "D31*((F40-G40)/F40)") // "IF(F40=G40,0,D31*((F40-G40)/F40))"
 */
export function whenChanged(current: string, proposed: string, saving: string): string {
  return `IF(${current}=${proposed},0,${saving})`;
}

/**
 * Retiring a model saves its whole year (estateLevers' retire), while its flag is 1; 0 otherwise. A call.
 * @example retireSaving("D28", "D39") // "IF(D28=1,D39,0)"
 */
export function retireSaving(retireFlag: string, modelTotal: string): string {
  return `IF(${retireFlag}=1,${modelTotal},0)`;
}

/**
 * The proposed value of the retire flag: 0 (retired) when the flag is 1, else 1 (kept). A call.
 * @example retiredOrKept("D28") // "IF(D28=1,0,1)"
 */
export function retiredOrKept(retireFlag: string): string {
  return `IF(${retireFlag}=1,0,1)`;
}
