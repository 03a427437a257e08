/*
 * The one runner for Excel-formula builders (core/excel/formulas.ts and each capability's sheet/*Formulas.ts):
 * a builder's formula over cells in HyperFormula, on generated inputs and the worked example, equals the model's
 * number, text or error. A file's cases are data, keyed by its module's own exports (BuilderCases), so the
 * compiler and the test both fail for a builder added without a case. Inputs stay where the builder's arithmetic
 * is the whole formula: the checks and guards (negative inputs, "Not reachable") are the callers', tested with them.
 */
import fc from "fast-check";
import { DetailedCellError, HyperFormula } from "hyperformula";
import { columnLetter } from "../../src/core/excel/a1";
import { EXCEL_ERROR_TEXT } from "../../src/core/excel/errorCodes";
import { isProblem, Problem } from "../../src/core/model/problems";

/** What the model gives for a case: a number, a text, or a Problem (an Excel error). */
export type Expected = number | string | Problem;

/** One generated case: the cells the formula reads (null for a blank) and the model's answer. */
export interface Sample {
  cells: (number | string | null)[];
  expected: Expected;
}

/** A builder's case: its inputs and the model's answer, and the formula it builds over the cells' addresses. */
export interface BuilderCase {
  sample: fc.Arbitrary<Sample>;
  /** the worked example's figures, or an edge, always evaluated */
  fixed?: Sample[];
  formula: (cells: readonly string[]) => string;
}

/** One case for every export of a builders module, and no other. */
export type BuilderCases<Builders> = { readonly [name in keyof Builders]: BuilderCase };

export const quantity = fc.oneof(
  { weight: 9, arbitrary: fc.double({ min: 1e-6, max: 1e9, noNaN: true }) },
  { weight: 1, arbitrary: fc.constant(0) },
);
export const positive = fc.double({ min: 1e-6, max: 1e9, noNaN: true });
export const factor = fc.double({ min: 1, max: 10, noNaN: true });
// No subnormal fractions: Excel holds none, and the model's productRatio keeps digits a cell could not.
export const fraction = fc.oneof(fc.double({ min: 1e-6, max: 1, noNaN: true }), fc.constantFrom(0, 1));
export const ratio = fc.double({ min: 1e-9, max: 1e9, noNaN: true });
/** An output or a saving of either sign: a scenario's change, a lever that adds hours. */
export const signed = fc.oneof(
  quantity,
  quantity.map((x) => -x),
);

/** A case whose cells are the model function's own arguments. */
export function direct(args: fc.Arbitrary<number[]>, model: (...xs: number[]) => Expected): fc.Arbitrary<Sample> {
  return args.map((cells) => ({ cells, expected: model(...cells) }));
}

/** A cell as the engine gives it: a number, a text, or an error code. */
export type Shown = number | string | { error: string };

/** Evaluates `formula` over each sample's cells (columns A..., one row a sample) in HyperFormula. */
export function evaluate(samples: readonly Sample[], formula: BuilderCase["formula"]): Shown[] {
  const rows = samples.map((sample, r) => {
    const addresses = sample.cells.map((_, c) => `${columnLetter(c)}${r + 1}`);
    return [...sample.cells, `=${formula(addresses)}`];
  });
  // smartRounding off: the engine's full doubles, not 10 rounded digits.
  const engine = HyperFormula.buildFromArray(rows, { licenseKey: "gpl-v3", smartRounding: false });
  const shown = samples.map((sample, r) => {
    const value = engine.getCellValue({ sheet: 0, row: r, col: sample.cells.length });
    return value instanceof DetailedCellError ? { error: value.value } : (value as number | string);
  });
  engine.destroy();
  return shown;
}

const expectedShown = (expected: Expected): Shown =>
  isProblem(expected) ? { error: EXCEL_ERROR_TEXT[expected.kind] } : expected;

/** Numbers to 1e-12 relative (the engine's order of operations may differ in the last bit); all else exactly. */
function same(actual: Shown, expected: Shown): boolean {
  if (typeof actual === "number" && typeof expected === "number")
    return Math.abs(actual - expected) <= 1e-12 * Math.max(Math.abs(expected), Number.MIN_VALUE);
  return JSON.stringify(actual) === JSON.stringify(expected);
}

/**
 * The tests of one builders module: every export has a case and every case an export, and each builder's
 * formula in HyperFormula equals the model on 120 generated samples and the fixed ones.
 */
export function testBuilders<Builders extends object>(builders: Builders, cases: BuilderCases<Builders>): void {
  const names = Object.keys(builders) as (keyof Builders & string)[];
  test("every builder has a case, and every case a builder", () => {
    expect(Object.keys(cases).sort()).toEqual([...names].sort());
    for (const name of names) expect(typeof builders[name]).toBe("function");
  });

  describe.each(names)("%s", (name) => {
    test("its formula in HyperFormula equals the model on generated inputs and the worked example", () => {
      const { sample, fixed = [], formula } = cases[name];
      const samples = [...fixed, ...fc.sample(sample, 120)];
      const shown = evaluate(samples, formula);
      const wrong = samples
        .map((s, i) => ({
          cells: s.cells,
          formula: formula(s.cells.map(String)),
          got: shown[i],
          want: expectedShown(s.expected),
        }))
        .filter((found) => !same(found.got, found.want));
      expect(wrong).toEqual([]);
    });
  });
}
