/*
 * The help page's errors table: one row for each kind of model Problem, with the Excel error it
 * becomes (src/core/excel/errorCodes.ts), then the errors that arrive in input cells. The words
 * are written here; the Record makes a new kind of Problem a compile error until it has a row.
 */
import type { ProblemKind } from "../core/model/problems";
import { MAX_RESULT_CELLS } from "../functions";
import { EXCEL_ERROR_TEXT } from "../core/excel/errorCodes";
import { formatFigure } from "./format";
import { escapeHtml } from "./html";

/** When each kind of problem happens, in a reader's words. */
const WHEN: Readonly<Record<ProblemKind, string>> = {
  invalidValue:
    "Text, a blank cell or TRUE/FALSE where a number is needed (hover over the error flag: the message names " +
    `the argument); a range given to STAGETABLE; a result of more than ${formatFigure(MAX_RESULT_CELLS)} cells; ` +
    "an entity, a linked data type, an image or an array in an input cell (a formatted number, or a number " +
    "with properties, counts as its number). " +
    "A drift of 0 in STALENESSCOST or ECONOMICCADENCE: staleness then costs nothing in that ledger.",
  divisionByZero:
    "A divisor of 0: seconds_per_clip in CROSSOVER, training_hours in SPLITRATIO, total_hours in " +
    "AMDAHLCEILING, a half of 0 hours in DOMINANTHALF, clips in COSTPER1K, " +
    "clips_per_month or cost_per_error in ECONOMICCADENCE, a throughput of 0 tokens a second in TOKENSECONDS.",
  invalidNumber:
    "Negative hours, clips, seconds, days, tokens or price; part_hours more than total_hours; fraction_cut outside 0 " +
    "to 1; peak_to_mean below 1 (MARGINALCOSTPER1K); " +
    "share_scored outside 0 to 1 or peak_to_mean below 1 (MODELSERVINGHOURS); " +
    "drift above 1, cadence_months under 1 (STALENESSCOST); peak_to_mean below 1 (APICROSSOVER); " +
    "a result too large for a cell; a lead too large to show (DOMINANTHALF's halves over 1.8e308 times apart).",
  notAvailable:
    "A cell of one range with no partner in a smaller range of another argument; APICROSSOVER where the fleet's " +
    "cost a request (seconds x peak_to_mean x price / 3600) is at least the API's: the API is cheaper at every volume.",
};

/** Errors that come in through an input cell rather than from the model. */
const PASSED_THROUGH: readonly [string, string][] = [
  ["#VALUE! #N/A #DIV/0! #NUM! #NULL!", "Already in an input cell: returned unchanged, as Excel's own functions do."],
  ["#VALUE!", "#REF! or #NAME? in an input cell, which a custom function may not return."],
];

/** The rows of the errors table: [error, when], model problems first. */
export function errorRows(): [string, string][] {
  const kinds = Object.keys(WHEN) as ProblemKind[];
  return [...kinds.map((kind): [string, string] => [EXCEL_ERROR_TEXT[kind], WHEN[kind]]), ...PASSED_THROUGH];
}

/** The errors table. */
export function errorsTable(): string {
  const rows = errorRows().map(([code, when]) => {
    const codes = code
      .split(" ")
      .map((c) => `<code>${escapeHtml(c)}</code>`)
      .join(" ");
    return `<tr><th scope="row">${codes}</th><td>${escapeHtml(when)}</td></tr>`;
  });
  const head = `<thead><tr><th scope="col">Error</th><th scope="col">When</th></tr></thead>`;
  return `<table class="errors">${head}<tbody>\n${rows.join("\n")}\n</tbody></table>`;
}
