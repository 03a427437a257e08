/*
 * The input checks every formula shares: what each says of each kind of bad value, and that each check's own
 * body is only its test, with the Problem built apart (src/core/model/checks.ts says why: a formula and its
 * checks must fit V8's inlining budget, or a custom function boxes every cell of a range; npm run bench).
 */
import {
  checkDivisor,
  checkFactor,
  checkFraction,
  checkNonNegative,
  checkPositive,
} from "../../../src/core/model/checks";
import type { Problem } from "../../../src/core/model/problems";

type Check = (value: number, argument: string) => Problem | undefined;

const CHECKS: Record<string, Check> = { checkNonNegative, checkDivisor, checkPositive, checkFactor, checkFraction };

/** Each check's answer for the values at its edges: undefined where the value passes. */
const CASES: Record<string, [number, Problem | undefined][]> = {
  checkNonNegative: [
    [0, undefined],
    [-0, undefined],
    [5e-324, undefined],
    [1.7976931348623157e308, undefined],
    [NaN, { kind: "invalidValue", message: "x must be a number." }],
    [Infinity, { kind: "invalidNumber", message: "x is too large; enter a finite number." }],
    [-Infinity, { kind: "invalidNumber", message: "x must be 0 or more; got -Infinity." }],
    [-1, { kind: "invalidNumber", message: "x must be 0 or more; got -1." }],
  ],
  checkDivisor: [
    [5e-324, undefined],
    [1, undefined],
    [0, { kind: "divisionByZero", message: "x is 0, and the formula divides by it." }],
    [-0, { kind: "divisionByZero", message: "x is 0, and the formula divides by it." }],
    [NaN, { kind: "invalidValue", message: "x must be a number." }],
    [Infinity, { kind: "invalidNumber", message: "x is too large; enter a finite number." }],
    [-2, { kind: "invalidNumber", message: "x must be 0 or more; got -2." }],
  ],
  checkPositive: [
    [5e-324, undefined],
    [0, { kind: "invalidNumber", message: "x must be more than 0; got 0." }],
    [-0, { kind: "invalidNumber", message: "x must be more than 0; got 0." }],
    [NaN, { kind: "invalidValue", message: "x must be a number." }],
    [Infinity, { kind: "invalidNumber", message: "x is too large; enter a finite number." }],
    [-3, { kind: "invalidNumber", message: "x must be 0 or more; got -3." }],
  ],
  checkFactor: [
    [1, undefined],
    [1.7976931348623157e308, undefined],
    [0.5, { kind: "invalidNumber", message: "x is a multiplier of 1 or more (1 = none); got 0.5." }],
    [NaN, { kind: "invalidValue", message: "x is a multiplier of 1 or more (1 = none); enter a number." }],
    [Infinity, { kind: "invalidNumber", message: "x is a multiplier of 1 or more (1 = none); enter a finite number." }],
  ],
  checkFraction: [
    [0, undefined],
    [-0, undefined],
    [1, undefined],
    [1.5, { kind: "invalidNumber", message: "x must be between 0 and 1; got 1.5." }],
    [-0.5, { kind: "invalidNumber", message: "x must be between 0 and 1; got -0.5." }],
    [Infinity, { kind: "invalidNumber", message: "x must be between 0 and 1; got Infinity." }],
    [NaN, { kind: "invalidValue", message: "x must be a number." }],
  ],
};

describe.each(Object.keys(CHECKS))("%s", (name) => {
  test.each(CASES[name])("of %p", (value, expected) => {
    expect(CHECKS[name](value, "x")).toEqual(expected);
  });

  test("is its test alone: the message is built apart, only for a value that fails", () => {
    // No text in the check's own body: the message's template strings made checkNonNegative 119 bytes of
    // bytecode, and five of them kept COSTPER1K's formula out of its cell loop (src/core/model/checks.ts).
    expect(CHECKS[name].toString()).not.toMatch(/["'`]/);
  });
});
