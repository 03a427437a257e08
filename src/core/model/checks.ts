import { Problem, problem } from "./problems";

/**
 * Input checks shared by every formula. Each takes the argument's name as the user sees it,
 * so the message can say which input to fix.
 */

/*
 * Each check is its test alone; the Problem, with its message, is built apart (the `...Problem` functions) and
 * only for a value that fails. Why: a custom function runs its formula once a cell over ranges of a million, and
 * V8 inlines a function of up to 27 bytes of bytecode anywhere but larger ones only within a budget of about 920
 * bytes a compiled loop. With its messages checkNonNegative was 119 bytes; COSTPER1K's five checks and its
 * arithmetic passed the budget (productRatio stayed a call), and LEVERSAVING's formula, once compiled on its own,
 * counted with its checks and was left a call. A call returns its number boxed on the heap and takes each
 * fractional argument boxed: 15x a bare loop over a 1,000 x 1,000 range, two thirds of it collecting that
 * garbage (--trace-turbo-inlining, the heap sampler; README "Benchmarks"). Kept small, every check is inlined.
 */

/** A number that may be any finite value of 0 or more (hours, clips, seconds, days). */
export function checkNonNegative(value: number, argument: string): Problem | undefined {
  return value >= 0 && value !== Infinity ? undefined : nonNegativeProblem(value, argument);
}

/** Why a value is not a finite number of 0 or more. */
function nonNegativeProblem(value: number, argument: string): Problem {
  if (Number.isNaN(value)) return problem("invalidValue", `${argument} must be a number.`);
  if (value === Infinity) return problem("invalidNumber", `${argument} is too large; enter a finite number.`);
  return problem("invalidNumber", `${argument} must be 0 or more; got ${value}.`);
}

/** A divisor: 0 or more like any quantity, and not 0. */
export function checkDivisor(value: number, argument: string): Problem | undefined {
  return value > 0 && value !== Infinity ? undefined : divisorProblem(value, argument);
}

/** Why a value cannot be divided by: not a quantity, or 0. */
function divisorProblem(value: number, argument: string): Problem {
  return (
    checkNonNegative(value, argument) ?? problem("divisionByZero", `${argument} is 0, and the formula divides by it.`)
  );
}

/** A quantity that must be above 0 for the model to mean anything, though nothing divides by it. */
export function checkPositive(value: number, argument: string): Problem | undefined {
  return value > 0 && value !== Infinity ? undefined : positiveProblem(value, argument);
}

/** Why a value is not a quantity above 0. */
function positiveProblem(value: number, argument: string): Problem {
  return checkNonNegative(value, argument) ?? problem("invalidNumber", `${argument} must be more than 0; got 0.`);
}

/** A multiplier of 1 or more (an honesty factor: 1 = none). */
export function checkFactor(value: number, argument: string): Problem | undefined {
  return value >= 1 && value !== Infinity ? undefined : factorProblem(value, argument);
}

/** Why a value is not a finite multiplier of 1 or more. */
function factorProblem(value: number, argument: string): Problem {
  // NaN is what a blank or a text end reads as (the sensitivity's ranges): "got NaN" would tell a planner nothing.
  const got = Number.isNaN(value)
    ? "enter a number"
    : Number.isFinite(value)
      ? `got ${value}`
      : "enter a finite number";
  return problem(
    Number.isNaN(value) ? "invalidValue" : "invalidNumber",
    `${argument} is a multiplier of 1 or more (1 = none); ${got}.`,
  );
}

/** A fraction from 0 to 1 (the share of a part that a change removes). */
export function checkFraction(value: number, argument: string): Problem | undefined {
  return value >= 0 && value <= 1 ? undefined : fractionProblem(value, argument);
}

/** Why a value is not a fraction from 0 to 1. */
function fractionProblem(value: number, argument: string): Problem {
  if (Number.isNaN(value)) return problem("invalidValue", `${argument} must be a number.`);
  return problem("invalidNumber", `${argument} must be between 0 and 1; got ${value}.`);
}

/**
 * A result that can be shown. Finite inputs can still overflow (1e300 clips at 1e10 s each),
 * and no reader can use Infinity, so an overflow is a problem of its own rather than a wrong number.
 */
export function finiteResult(value: number, what: string): number | Problem {
  if (Number.isFinite(value)) return value === 0 ? 0 : value;
  return tooLarge(what);
}

/** A result past the largest double. */
const tooLarge = (what: string): Problem =>
  problem("invalidNumber", `${what} is too large to represent (over 1.8e308); check the inputs' units.`);

/** A result above 0 that is below the smallest double, so that it would show as 0. */
export const tooSmall = (what: string): Problem =>
  problem("invalidNumber", `${what} is too small to represent (under 4.9e-324) and is not 0; check the inputs' units.`);
