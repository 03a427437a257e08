/*
 * Calls whose arguments agree to about 15 significant digits, which spreadsheet arithmetic does
 * not tell apart, so an engine's answer may rightly differ from the model's exact one there:
 * - AMDAHLCEILING: Excel and LibreOffice compare numbers to 15 digits, so a part a few units in
 *   the 16th digit above its total is not "more than" it in a formula, where the model says #NUM!;
 * - LEVERSAVING: current - proposed of two such numbers is 0 in LibreOffice (approxSub; Excel
 *   zeroes such a result too) and keeps no correct digit in IronCalc (seen:
 *   LEVERSAVING(1e9, 1.0000000000000027e-6, 1.0000000000000008e-6)), where the model keeps its bits.
 * The engine tests skip these cases and say so.
 */

/** Whether the call `id(...args)` (cell values) is such a near tie. */
export function isSpreadsheetNearTie(id: string, args: readonly unknown[]): boolean {
  const [a, b, c] = args;
  const close = (x: unknown, y: unknown): boolean =>
    typeof x === "number" &&
    typeof y === "number" &&
    x !== y &&
    Math.abs(x - y) <= 1e-14 * Math.max(Math.abs(x), Math.abs(y));
  // a part just above its total: the model says #NUM!, a spreadsheet sees no excess
  if (id === "AMDAHLCEILING") return close(a, b) && (a as number) > (b as number);
  if (id === "LEVERSAVING") return close(b, c);
  return false;
}
