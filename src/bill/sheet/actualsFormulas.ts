/*
 * The actuals sheet's own formulas in Excel's language: the imported month's figures are typed values; each row
 * below them holds one formula, the same in every month's column, over them (effective prices, measured shares,
 * the reconciliation), and plan against actual finds the plan's month by its date. What the sheet shares with the
 * budget sheet and the others (horizon sums, hours ratios, the master check) is core/excel/formulas.ts's.
 * test/bill/sheet/actualsFormulas.test.ts holds each builder to the bill's model in HyperFormula.
 * Written as core/excel/formulas.ts writes its builders (operands as given, the caller brackets; each JSDoc
 * says whether the result is a product, a quotient, a sum or a call).
 */
import { shareOfTotal } from "../../core/excel/formulas";

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

/**
 * 1 when the month dated `month` is among the plan's dated headings, else 0 (the months plan against actual
 * compares). A call.
 * @example inPlanFlag("'Budget'!$D$12:$O$12", "D$10") // "IF(COUNTIF('Budget'!$D$12:$O$12,D$10)=0,0,1)"
 */
export function inPlanFlag(planMonths: string, month: string): string {
  return `IF(COUNTIF(${planMonths},${month})=0,0,1)`;
}

/**
 * The months compared in words, from their count and the row of the sheet's months: "2 of 3 months in the plan",
 * or `none` when the count is 0 (actualsPlan.ts's coverageWords). A call.
 * @example coverageSentence("ActualsMonthsInPlan", "D30:F30", "nothing to compare")
 * // 'IF(ActualsMonthsInPlan=0,"nothing to compare",ActualsMonthsInPlan&" of "&COLUMNS(D30:F30)&" months in the plan")'
 */
export function coverageSentence(count: string, months: string, none: string): string {
  const some = `${count}&" of "&COLUMNS(${months})&" months in the plan"`;
  return `IF(${count}=0,"${none.replace(/"/g, '""')}",${some})`;
}
