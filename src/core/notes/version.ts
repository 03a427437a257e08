/*
 * The add-in's version as the workbooks it writes state it (a cover sheet, each printed page's footer). package.json's
 * is the one a release sets (scripts/release.js maps it to the manifest's <Version>); src/ may import no file but
 * source (test/architecture/imports.test.ts), so it is stated here again and test/core/writers/pageFinish.test.ts
 * fails when the two differ: a release that bumps package.json bumps this line too.
 */

/** The add-in's name as a reader of a written workbook sees it. */
export const ADDIN_NAME = "MLCost for Excel";

/** "1.0.0": the version of the add-in that writes a workbook. */
export const ADDIN_VERSION = "1.0.0";

/** A day as ISO 8601 writes it, 2026-12-02, in local time: the date a planner sees on the calendar when writing. */
export function isoDate(day: Date): string {
  // No padStart: the bundles keep to ES2016 built-ins (test/functions/es2016.test.ts).
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`;
}
