/*
 * The stage sheet's own formula in Excel's language (the one no other capability writes): its inputs block's
 * effective seconds per clip. The figures the stage table shares with the functions and the other sheets are
 * core/excel/formulas.ts's; test/stages/sheet/stageFormulas.test.ts holds this one to the model in HyperFormula.
 * Written as core/excel/formulas.ts writes its builders (operands as given, the caller brackets; each JSDoc
 * says whether the result is a product, a quotient, a sum or a call).
 */

/**
 * Serving seconds per clip with peak-to-mean provisioning (effectiveSecondsPerClip): a product.
 * @example effectiveSecondsPerClip("SecondsPerClip", "PeakToMean") // "SecondsPerClip*PeakToMean"
 */
export function effectiveSecondsPerClip(secondsPerClip: string, peakToMean: string): string {
  return `${secondsPerClip}*${peakToMean}`;
}
