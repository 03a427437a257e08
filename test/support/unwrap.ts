/* A model result a test needs as a value: a Problem there is the test's failure, with the model's message. */
import { isProblem, Problem } from "../../src/core/model/problems";

/** `value`, or a thrown Error carrying the Problem's message. */
export function unwrap<T>(value: T | Problem): T {
  if (isProblem(value)) throw new Error(value.message);
  return value;
}
