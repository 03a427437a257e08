/*
 * The sensitivity's own builders (src/sensitivity/sheet/sensitivityFormulas.ts) against defaultSwingRange, in
 * HyperFormula (test/support/builderCases.ts).
 */
import fc from "fast-check";
import * as sensitivityExcel from "../../../src/sensitivity/sheet/sensitivityFormulas";
import { defaultSwingRange } from "../../../src/sensitivity/model/sensitivity";
import { planField } from "../../../src/stages/model/planFields";
import { BuilderCases, direct, factor, quantity, testBuilders } from "../../support/builderCases";

/** A sensitivity's move: above -100%, as the model's checkFraction requires. */
const move = fc.oneof(fc.double({ min: -0.999999, max: 5, noNaN: true }), fc.constantFrom(-0.2, 0, 0.2));

const CASES: BuilderCases<typeof sensitivityExcel> = {
  movedEnd: {
    sample: direct(fc.tuple(quantity, move), (base, by) => defaultSwingRange(planField("trainingHours"), base, by).low),
    fixed: [{ cells: [600, -0.2], expected: 480 }],
    formula: ([base, by]) => sensitivityExcel.movedEnd(base, by),
  },
  movedFactorEnd: {
    sample: direct(fc.tuple(factor, move), (base, by) => defaultSwingRange(planField("peakToMean"), base, by).low),
    fixed: [
      { cells: [1, -0.2], expected: 1 },
      { cells: [2, 0.2], expected: 2.4 },
    ],
    formula: ([base, by]) => sensitivityExcel.movedFactorEnd(base, by),
  },
};

testBuilders(sensitivityExcel, CASES);
