import { Problem, problem } from "../core/model/problems";

/*
 * What Excel hands a custom function declared with `any` arguments: numbers, strings,
 * booleans, null (a blank on Excel on the web, an omitted optional argument) and error values
 * from the cells a formula points at. This module turns one such value into a number the
 * model can use, or a Problem naming the argument.
 */

/** The shape of CustomFunctions.Error as it arrives inside an argument. */
export interface ErrorLike {
  code: string;
  message?: string;
}

/** An Excel error that came in through an argument; it goes out unchanged, as in Excel. */
export interface PassedError {
  readonly kind: "passedError";
  readonly code: string;
  readonly message: string;
}

/** Why a cell could not be used: the model's Problem, or an error that arrived in the cell. */
export type CellProblem = Problem | PassedError;

const EXCEL_ERROR = /^#[A-Z0-9/]+[!?]$|^#N\/A$/;

/** Error codes a custom function may return, so an input error of these flows through as it is. */
const PASSABLE_ERRORS = new Set(["#VALUE!", "#N/A", "#DIV/0!", "#NUM!", "#NULL!"]);

/** An error value passed in from a cell: it flows through with its own code, as in Excel. */
export function isErrorValue(value: unknown): value is ErrorLike {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ErrorLike).code === "string" &&
    EXCEL_ERROR.test((value as ErrorLike).code)
  );
}

/**
 * One cell's value as a number, or the Problem that says why it is not one. -0 becomes 0.
 * Blanks (null, undefined, "") are not 0 here: desktop Excel sends a blank cell as 0 itself.
 */
export function cellNumber(value: unknown, argument: string): number | CellProblem {
  if (typeof value === "number") {
    if (Number.isFinite(value)) return value === 0 ? 0 : value;
    return problem("invalidNumber", `${argument} is not a finite number.`);
  }
  if (value === null || value === undefined || value === "") {
    return problem("invalidValue", `${argument} is blank; enter a number.`);
  }
  if (typeof value === "string") {
    // By code points, so an emoji is never cut in half into an unpaired surrogate.
    const characters = Array.from(value);
    const shown = characters.length > 20 ? `${characters.slice(0, 20).join("")}...` : value;
    return problem("invalidValue", `${argument} must be a number; got the text "${shown}".`);
  }
  if (typeof value === "boolean") {
    return problem("invalidValue", `${argument} must be a number; got ${value ? "TRUE" : "FALSE"}.`);
  }
  if (isErrorValue(value)) {
    // #REF! and #NAME? may come in but may not go out of a custom function (ErrorCode docs).
    if (PASSABLE_ERRORS.has(value.code)) return { kind: "passedError", code: value.code, message: value.message ?? "" };
    return problem("invalidValue", `${argument} holds the error ${value.code}.`);
  }
  return problem("invalidValue", `${argument} must be a number.`);
}
