/*
 * The commitment sheet's formulas in Excel's language, each the model's (commitments/model/commitment.ts
 * commitmentFiguresAt) written once more: what a commitment of c accelerators costs, H x c x (1 - d) x p, and the
 * demand above it that goes on demand, sum of hours x max(0, level - c). Over the demand table's columns (its
 * levels, their hours, their accelerator-hours) the sum above c is SUMIF's: the accelerator-hours of the levels
 * above c less c x their hours, so no array arithmetic is needed, which every engine evaluates alike.
 * SUMIF's criterion ">"&c is text: Excel writes c with at most 15 significant digits ("Excel specifications and
 * limits", Microsoft Support: 15 digits of precision), so a level within the 16th digit of c may count on the other
 * side of it; its share, hours x (level - c), is then within that digit of 0. The candidates are whole numbers.
 * test/commitments/sheet/commitmentFormulas.test.ts holds each builder to the model in HyperFormula. Operands as
 * given, the caller brackets; each JSDoc says whether the result is a product, a difference, a sum or a call.
 */

/**
 * What committing `committed` accelerators costs over `hours` hours at `discount` off `price` (commitmentFiguresAt's
 * commitmentCost): paid whether used or not. A product.
 * @example commitmentCost("CmtHours", "B40", "CmtDiscount", "CmtPrice") // "CmtHours*B40*(1-CmtDiscount)*CmtPrice"
 */
export function commitmentCost(hours: string, committed: string, discount: string, price: string): string {
  return `${hours}*${committed}*(1-${discount})*${price}`;
}

/**
 * The accelerator-hours of demand above a commitment of `committed` (commitmentFiguresAt's wanted - used), from the
 * demand table's columns: the levels, their hours and their accelerator-hours (level x hours). A difference.
 * @example acceleratorHoursAbove("B40", "$A$12:$A$13", "$B$12:$B$13", "$C$12:$C$13")
 * // 'SUMIF($A$12:$A$13,">"&B40,$C$12:$C$13)-B40*SUMIF($A$12:$A$13,">"&B40,$B$12:$B$13)'
 */
export function acceleratorHoursAbove(
  committed: string,
  levels: string,
  levelHours: string,
  levelAcceleratorHours: string,
): string {
  const above = `">"&${committed}`;
  return `SUMIF(${levels},${above},${levelAcceleratorHours})-${committed}*SUMIF(${levels},${above},${levelHours})`;
}

/** The demand table's columns and the figures a commitment's total cost reads, as cells or names. */
export interface CostOperands {
  hours: string;
  discount: string;
  price: string;
  levels: string;
  levelHours: string;
  levelAcceleratorHours: string;
}

/**
 * The total cost of committing `committed` accelerators (commitmentFiguresAt's totalCost): the commitment's cost
 * and the demand above it at the price on demand. `committed` is written three times: pass a cell or a name. A sum.
 * @example totalCostAt("A40", { hours: "H", discount: "D", price: "P", levels: "L", levelHours: "LH",
 *   levelAcceleratorHours: "LA" })
 * // 'H*A40*(1-D)*P+(SUMIF(L,">"&A40,LA)-A40*SUMIF(L,">"&A40,LH))*P'
 */
export function totalCostAt(committed: string, o: CostOperands): string {
  const above = acceleratorHoursAbove(committed, o.levels, o.levelHours, o.levelAcceleratorHours);
  return `${commitmentCost(o.hours, committed, o.discount, o.price)}+(${above})*${o.price}`;
}

/**
 * A candidate's commitment where its cost is within `tie` of the least (the smallest such is the cheapest, a tie
 * taken to the smaller), else "" (which MIN skips). A call.
 * @example withinTie("A40", "B40", "CmtLeastCost", "CmtTie") // 'IF(B40<=CmtLeastCost+CmtTie,A40,"")'
 */
export function withinTie(candidate: string, cost: string, leastCost: string, tie: string): string {
  return `IF(${cost}<=${leastCost}+${tie},${candidate},"")`;
}
