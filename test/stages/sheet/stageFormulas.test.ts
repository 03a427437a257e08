/*
 * The stage sheet's own builder (src/stages/sheet/stageFormulas.ts) against the stage model's formula, in
 * HyperFormula (test/support/builderCases.ts).
 */
import fc from "fast-check";
import * as stageExcel from "../../../src/stages/sheet/stageFormulas";
import { effectiveSecondsPerClip } from "../../../src/stages/model/stages";
import { BuilderCases, direct, factor, quantity, testBuilders } from "../../support/builderCases";

const CASES: BuilderCases<typeof stageExcel> = {
  effectiveSecondsPerClip: {
    sample: direct(fc.tuple(quantity, factor), (secondsPerClip, peakToMean) =>
      effectiveSecondsPerClip({ secondsPerClip, peakToMean }),
    ),
    formula: ([seconds, peakToMean]) => stageExcel.effectiveSecondsPerClip(seconds, peakToMean),
  },
};

testBuilders(stageExcel, CASES);
