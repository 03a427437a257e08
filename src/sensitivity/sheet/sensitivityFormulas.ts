/*
 * The sensitivity's own formulas in Excel's language: an input's low and high end moved from its base
 * (defaultSwingRange), which moves.ts writes for both views' sheets. test/sensitivity/sheet/sensitivityFormulas.test.ts
 * holds each to the sensitivity model in HyperFormula.
 * Written as core/excel/formulas.ts writes its builders (operands as given, the caller brackets; each JSDoc
 * says whether the result is a product, a quotient, a sum or a call).
 */

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
