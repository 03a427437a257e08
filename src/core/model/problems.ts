/**
 * Problems are values, not exceptions: every model function returns either its result or a
 * Problem, and only a host adapter turns a Problem into that host's error (a spreadsheet error
 * value, a message beside a form field).
 */

/** What went wrong. Each host shows a kind its own way (src/core/excel/errorCodes.ts for Excel). */
export type ProblemKind =
  /** text, a blank or a yes/no where a number is needed */
  | "invalidValue"
  /** a divisor of zero */
  | "divisionByZero"
  /** a number outside the formula's domain, or a result too large to represent */
  | "invalidNumber"
  /** a value of a list argument with no partner in the other arguments */
  | "notAvailable";

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
