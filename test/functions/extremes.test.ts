/* The functions at the edges of a double: near 1.8e308 and among subnormal numbers. */
import { customFunctions } from "../../src/functions/functions";
import { ExcelError } from "../support/customFunctionsGlobal";
import { STAGETABLE_COLUMNS } from "../../src/functions/stageTableSpill";

const { DOMINANTHALF, LEVERSAVING, SPLITRATIO, STAGETABLE } = customFunctions;
const column = (heading: string) => STAGETABLE_COLUMNS.findIndex((c) => c.heading === heading);

describe("a lead that rounds past the largest double", () => {
  test("DOMINANTHALF(1.797e308, 3600, 1) is #NUM!, as ROUND gives in a sheet, never 'serving, Infinityx'", () => {
    const cell = DOMINANTHALF(1.797e308, 3600, 1)[0][0];
    expect(cell).toBeInstanceOf(ExcelError);
    expect((cell as ExcelError).code).toBe("#NUM!");
    // The largest lead that rounds within range still reads.
    expect(DOMINANTHALF(1.794e308, 3600, 1)).toEqual([["serving, 1.79e+308x"]]);
  });
  test("STAGETABLE's dominant half likewise", () => {
    const table = STAGETABLE(1, 3600, 1.797e308, 1, 1);
    const verdict = table[1][column("Dominant half")];
    expect(verdict).toBeInstanceOf(ExcelError);
    expect((verdict as ExcelError).code).toBe("#NUM!");
  });
});

describe("a saving that fits although a step of part x ratio would not", () => {
  test.each([
    [3, 3, Number.MAX_VALUE, -(Number.MAX_VALUE - 3)],
    [7, 7, Number.MAX_VALUE, -Number.MAX_VALUE],
    [Number.MAX_VALUE, 3, 0, Number.MAX_VALUE],
  ])("LEVERSAVING(%p, %p, %p) is %p", (part, current, proposed, saved) => {
    expect(LEVERSAVING(part, current, proposed)).toEqual([[saved]]);
  });
});

test("STAGETABLE's ratio and verdict for subnormal serving hours are SPLITRATIO's and DOMINANTHALF's", () => {
  const training = 1e-300;
  const seconds = 0.04;
  const clips = [1e-310, 3e-320, 1e-290] as const;
  const table = STAGETABLE(training, seconds, ...clips);
  clips.forEach((c, i) => {
    expect([c, table[i + 1][column("Serving / training")]]).toEqual([c, SPLITRATIO(c, seconds, training)[0][0]]);
    expect([c, table[i + 1][column("Dominant half")]]).toEqual([c, DOMINANTHALF(c, seconds, training)[0][0]]);
  });
});

describe("COSTPER1K among subnormal numbers", () => {
  const { COSTPER1K } = customFunctions;
  test("a subnormal training_hours counts to its last digit: (5e-324 + 0) x 1 x 1000 / 1", () => {
    expect(COSTPER1K(5e-324, 0, 1, 1)).toEqual([[5e-324 * 1000]]);
    expect(COSTPER1K(1e-310, 0, 1, 1)).toEqual([[1e-310 * 1000]]);
  });
  test("a positive cost below the smallest double is #NUM! with a message, never 0", () => {
    const cell = COSTPER1K(1, 0, 1e300, 5e-324)[0][0];
    expect(cell).toBeInstanceOf(ExcelError);
    expect((cell as ExcelError).code).toBe("#NUM!");
    // #NUM! carries no message on CustomFunctionsRuntime 1.2 (broadcast.ts); the model's Problem says it.
    expect(COSTPER1K(0, 0, 1e300, 5e-324)).toEqual([[0]]);
  });
});
