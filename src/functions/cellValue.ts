import { Problem, problem } from "../core/model/problems";
import { shortened } from "../core/model/shortened";

/*
 * What Excel hands a custom function declared with `any` arguments: numbers, strings,
 * booleans, null (a blank on Excel on the web, an omitted optional argument), error values
 * from the cells a formula points at, and (functions.json has allowCustomDataForDataTypeAny) data
 * types as their CellValue JSON on CustomFunctionsRuntime 1.4 hosts ("Use data types with custom
 * functions in Excel", https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts).
 * This module turns one such value into a number the model can use, or a Problem naming the argument.
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

/** A data type as Excel hands it over: `{ type: "FormattedNumber", basicValue: 600, ... }`. */
interface DataTypeLike {
  type: string;
  basicValue?: unknown;
  text?: unknown;
}

/** Data types that are one plain value with extras (a format, properties): they count as that value. */
const PLAIN_DATA_TYPES = new Set(["Double", "FormattedNumber", "String", "Boolean", "Empty"]);

/** Data types a planner meets that hold no number of their own, in words. */
const DATA_TYPE_WORDS: Readonly<Record<string, string>> = {
  Entity: "an entity",
  LinkedEntity: "a linked entity",
  WebImage: "an image",
  LocalImage: "an image",
  Array: "an array",
  Reference: "a reference",
};

/** A data type cell: its basic value where it is one plain value, else a Problem naming the kind. */
function dataTypeNumber(value: DataTypeLike, argument: string): number | CellProblem {
  if (PLAIN_DATA_TYPES.has(value.type) || typeof value.basicValue === "number") {
    return cellNumber(value.basicValue ?? null, argument);
  }
  if (value.type === "Error" && typeof value.basicValue === "string") {
    return cellNumber({ code: value.basicValue }, argument);
  }
  const kind = DATA_TYPE_WORDS[value.type] ?? `a ${shortened(value.type)} value`;
  const text = typeof value.text === "string" && value.text !== "" ? ` ("${shortened(value.text)}")` : "";
  return problem(
    "invalidValue",
    `${argument} holds ${kind}${text}, not a number; point at one of its numbers instead, as =A1.Price does.`,
  );
}

/**
 * One cell's value as a number, or the Problem that says why it is not one. -0 becomes 0.
 * Blanks (null, undefined, "") are not 0 here: desktop Excel sends a blank cell as 0 itself. A
 * number-like data type (a formatted number, a number with properties) counts as its basic value.
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
    return problem("invalidValue", `${argument} must be a number; got the text "${shortened(value)}".`);
  }
  if (typeof value === "boolean") {
    return problem("invalidValue", `${argument} must be a number; got ${value ? "TRUE" : "FALSE"}.`);
  }
  if (isErrorValue(value)) {
    // #REF! and #NAME? may come in but may not go out of a custom function (ErrorCode docs).
    if (PASSABLE_ERRORS.has(value.code)) return { kind: "passedError", code: value.code, message: value.message ?? "" };
    return problem("invalidValue", `${argument} holds the error ${value.code}.`);
  }
  // Only here, past every primitive: a data type never slows a plain number's way through.
  if (typeof value === "object" && value !== null && typeof (value as DataTypeLike).type === "string") {
    return dataTypeNumber(value as DataTypeLike, argument);
  }
  return problem("invalidValue", `${argument} must be a number.`);
}
