/**
 * Problems are values, not exceptions: every model function returns either its result or a
 * Problem, and only a host adapter turns a Problem into that host's error (an Excel error
 * value, a message beside a form field).
 */

/** What went wrong, in the terms of Excel's error values. */
export type ProblemKind =
  /** text, a blank or a boolean where a number is needed: Excel's #VALUE! */
  | "invalidValue"
  /** a divisor of zero: Excel's #DIV/0! */
  | "divisionByZero"
  /** a number outside the formula's domain, or a result too large to show: Excel's #NUM! */
  | "invalidNumber"
  /** a cell of an array argument with no partner in the other arguments: Excel's #N/A */
  | "notAvailable";

/** How Excel shows each kind of problem in a cell. */
export const EXCEL_ERROR_TEXT: Record<ProblemKind, string> = {
  invalidValue: "#VALUE!",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  notAvailable: "#N/A",
};

/** A typed problem with a message that says what to fix. */
export interface Problem {
  readonly kind: ProblemKind;
  readonly message: string;
}

/** Builds a Problem. */
export function problem(kind: ProblemKind, message: string): Problem {
  return { kind, message };
}

/** Tells a Problem from a result (a number, a string or a table of them). */
export function isProblem(value: unknown): value is Problem {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Problem).kind === "string" &&
    typeof (value as Problem).message === "string"
  );
}
