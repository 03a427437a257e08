/*
 * Each shared Excel-formula builder (src/core/excel/formulas.ts) against the TypeScript formula it restates, in
 * a real engine (test/support/builderCases.ts): the builder's formula over cells in HyperFormula, on generated
 * inputs and the worked example, equals the model's number, text or error. The cases are keyed by the builders'
 * own exports, so a builder added without a case fails here. Each capability's own builders have their cases
 * beside its sheet's tests (test/budget/sheet/budgetFormulas.test.ts, ...).
 */
import fc from "fast-check";
import * as formulas from "../../../src/core/excel/formulas";
import {
  amdahlCeiling,
  clipsPerInterval,
  costPerThousandClips,
  crossoverClips,
  halfShare,
  marginalCostPerThousandClips,
  monthClips,
  servingHours,
  servingToTrainingRatio,
} from "../../../src/core/model/formulas";
import { dominanceOfHours, dominanceText, roundSignificant } from "../../../src/core/model/dominance";
import { isProblem } from "../../../src/core/model/problems";
import { costOf, effectiveTrainingHours } from "../../../src/stages/model/stages";
import { defaultLaunchClips, EXAMPLE_PLAN, Plan, stageInputsOf } from "../../../src/stages/model/plan";
import { hoursRatio, trainingShare } from "../../../src/annual/model/annual";
import { leverSaving } from "../../../src/annual/model/levers";
import { modelServingHours } from "../../../src/estate/model/modelServing";
import {
  clipsForServingShare,
  secondsPerClipForBudgetCost,
  secondsPerClipForBudgetHours,
  secondsPerClipForServingHours,
} from "../../../src/whatIf/model/targets";
import { variance } from "../../../src/whatIf/model/scenarios";
import { sensitivity } from "../../../src/sensitivity/model/sensitivity";
import type { WhatIfView } from "../../../src/sensitivity/model/whatIfView";
import { crossoverOf } from "../../../src/budget/model/budget";
import { economicCadence, stalenessCost } from "../../../src/ledgers/model/staleness";
import { apiCost, apiCrossover, fleetCostPerRequest, tokenSeconds } from "../../../src/tokens/model/tokenServing";
import { budgetFigures, budgetPlans, steadyWith } from "../../budget/sheet/budgetPlans";
import { annualCase } from "../../annual/sheet/annualSamples";
import {
  BuilderCases,
  direct,
  evaluate,
  Expected,
  factor,
  fraction,
  positive,
  quantity,
  signed,
  testBuilders,
} from "../../support/builderCases";

const ratio = fc.double({ min: 1e-9, max: 1e9, noNaN: true });

/** A stage plan's per-clip target at the prototype stage, from the plan's own fields. */
const targetPlan = (training: number, clips: number, peakToMean: number, pricePerHour?: number): Plan => ({
  ...EXAMPLE_PLAN,
  trainingHours: training,
  prototypeClips: clips,
  peakToMean,
  ...(pricePerHour === undefined ? {} : { pricePerHour }),
});

/**
 * A view of one input whose one output is that input: its sensitivity's swing, with the input's own
 * low and high, is the model's |high - low| of the two outputs (sensitivity's swingOf, not exported).
 */
const ECHO_VIEW: WhatIfView<{ x: number }, "y"> = {
  id: "echo",
  fields: [{ key: "x", label: "Output", unit: "", quantity: "hours" }],
  outputs: [{ key: "y", label: "Output", unit: "", quantity: "hours" }],
  evaluate: ({ x }) => ({ y: x }),
};

/** The model's swing of an output from `low` to `high`. */
function swingOfEnds(low: number, high: number): Expected {
  const found = sensitivity(ECHO_VIEW, { x: low }, { ranges: { x: { low, high } } });
  if (isProblem(found)) throw new Error(found.message);
  return found.outputs[0].rows[0].swing;
}

/** The dominance of a ratio of serving to training hours, and its rounded lead. */
const dominanceOf = (r: number) => {
  const dominance = dominanceOfHours(r, 1);
  if (isProblem(dominance)) throw new Error(dominance.message);
  return dominance;
};

/** Drift, errors a clip a month, above 0; a cadence of a month or more. */
const drift = fc.double({ min: 1e-9, max: 1e-2, noNaN: true });
const cadence = fc.double({ min: 1, max: 24, noNaN: true });

const CASES: BuilderCases<typeof formulas> = {
  servingHours: {
    sample: direct(fc.tuple(quantity, quantity), servingHours),
    fixed: [{ cells: [1.944e9, 0.04], expected: 21_600 }],
    formula: ([clips, seconds]) => formulas.servingHours(clips, seconds),
  },
  crossoverClips: {
    sample: direct(fc.tuple(quantity, quantity), crossoverClips),
    fixed: [
      { cells: [600, 0.04], expected: 54e6 },
      { cells: [600, 0], expected: crossoverClips(600, 0) },
    ],
    formula: ([training, seconds]) => formulas.crossoverClips(training, seconds),
  },
  clipsPerInterval: {
    sample: direct(fc.tuple(quantity, quantity), clipsPerInterval),
    fixed: [{ cells: [250, 90], expected: 1.944e9 }],
    formula: ([perSecond, days]) => formulas.clipsPerInterval(perSecond, days),
  },
  effectiveTrainingHours: {
    sample: direct(fc.tuple(quantity, factor), (trainingHours, trainingOverhead) =>
      effectiveTrainingHours({ trainingHours, trainingOverhead }),
    ),
    formula: ([hours, overhead]) => formulas.effectiveTrainingHours(hours, overhead),
  },
  paidServingHours: {
    sample: annualCase(
      (h, i) => [h.servingConsumed, i.peakToMean],
      (h) => h.servingPaid,
    ),
    formula: ([consumed, peakToMean]) => formulas.paidServingHours(consumed, peakToMean),
  },
  idleCapacity: {
    sample: annualCase(
      (h) => [h.servingPaid, h.servingConsumed],
      (h) => h.idleCapacity,
    ),
    fixed: [{ cells: [172_800, 86_400], expected: 86_400 }],
    formula: ([paid, consumed]) => formulas.idleCapacity(paid, consumed),
  },
  totalHours: {
    sample: annualCase(
      (h) => [h.training, h.servingPaid, h.rescans],
      (h) => h.totalPaid,
    ),
    fixed: [{ cells: [2400, 86_400, 0], expected: 88_800 }],
    formula: (parts) => formulas.totalHours(...parts),
  },
  costOf: {
    sample: direct(fc.tuple(quantity, quantity), costOf),
    formula: ([hours, price]) => formulas.costOf(hours, price),
  },
  splitRatio: {
    sample: direct(fc.tuple(quantity, quantity), servingToTrainingRatio),
    fixed: [{ cells: [21_600, 600], expected: 36 }],
    formula: ([serving, training]) => formulas.splitRatio(serving, training),
  },
  shareOfTotal: {
    // The stage table's training share: training over a total that holds it (halfShare).
    sample: fc.tuple(quantity, quantity).map(([half, other]) => ({
      cells: [half, half + other],
      expected: halfShare(half, other),
    })),
    fixed: [{ cells: [600, 22_200], expected: 600 / 22_200 }],
    formula: ([part, total]) => formulas.shareOfTotal(part, total),
  },
  hoursRatio: {
    sample: direct(fc.tuple(signed, quantity), (hours, divisor) => hoursRatio(hours, divisor, "The saving's share")),
    fixed: [
      { cells: [1800, 88_800], expected: 1800 / 88_800 },
      // the idle 86,400 h at 2x peak-to-mean over the 2,400 h of training
      { cells: [86_400, 2400], expected: 36 },
      { cells: [-5400, 4], expected: -1350 },
      { cells: [5400, 0], expected: hoursRatio(5400, 0, "The saving over training") },
    ],
    formula: ([hours, divisor]) => formulas.hoursRatio(hours, divisor),
  },
  amdahlCeiling: {
    sample: fc.oneof(
      direct(fc.tuple(quantity, quantity, fraction), amdahlCeiling),
      // Half the cases a part inside its total, as a planner's are.
      direct(
        fc.tuple(quantity, quantity, fraction).map(([part, other, cut]) => [part, part + other, cut]),
        amdahlCeiling,
      ),
    ),
    fixed: [
      { cells: [2400, 88_800, 1], expected: 2400 / 88_800 },
      { cells: [0, 0, 1], expected: amdahlCeiling(0, 0) },
    ],
    formula: ([part, total, cut]) => formulas.amdahlCeiling(part, total, cut),
  },
  trainingShare: {
    sample: direct(fc.tuple(quantity, quantity, quantity), trainingShare),
    fixed: [
      { cells: [2400, 86_400, 44_400], expected: 2400 / 133_200 },
      { cells: [0, 0, 0], expected: trainingShare(0, 0, 0) },
    ],
    formula: ([training, serving, other]) => formulas.trainingShare(training, serving, other),
  },
  leverSaving: {
    sample: direct(fc.tuple(quantity, quantity, quantity), leverSaving),
    fixed: [
      { cells: [2400, 4, 1], expected: 1800 },
      { cells: [86_400, 0.04, 0.03], expected: 21_600 },
      { cells: [2400, 0, 1], expected: leverSaving(2400, 0, 1) },
    ],
    formula: ([part, current, proposed]) => formulas.leverSaving(part, current, proposed),
  },
  leadOfRatio: {
    // The lead alone is no figure of the model; rounded, it is dominance's lead.
    sample: ratio.map((r) => ({ cells: [r], expected: dominanceOf(r).lead })),
    fixed: [{ cells: [5000 / 54e6], expected: 10_800 }],
    formula: ([r]) => formulas.roundedLead(formulas.leadOfRatio(r)),
  },
  roundedLead: {
    sample: fc.double({ min: 1, max: 1e9, noNaN: true }).map((lead) => ({
      cells: [lead],
      expected: roundSignificant(lead, 3),
    })),
    fixed: [{ cells: [36], expected: 36 }],
    formula: ([lead]) => formulas.roundedLead(lead),
  },
  dominantSide: {
    sample: ratio.map((r) => ({ cells: [dominanceOf(r).lead, r], expected: dominanceOf(r).side })),
    fixed: [{ cells: [1, 1.0004], expected: "equal" }],
    formula: ([lead, r]) => formulas.dominantSide(lead, r),
  },
  dominantHalf: {
    sample: ratio.map((r) => ({ cells: [dominanceOf(r).lead, r], expected: dominanceText(dominanceOf(r)) as string })),
    fixed: [
      { cells: [36, 36], expected: "serving, 36x" },
      { cells: [10.8, 1 / 10.8], expected: "training, 10.8x" },
    ],
    formula: ([lead, r]) => formulas.dominantHalf(lead, r),
  },
  typedOrDefault: {
    // The what-if column's launch: typed, or the crossover when blank (the cell next to it).
    sample: fc.tuple(positive, positive, fc.option(quantity, { nil: undefined })).map(([training, seconds, launch]) => {
      const plan: Plan = { ...EXAMPLE_PLAN, trainingHours: training, secondsPerClip: seconds, launchClips: launch };
      const inputs = stageInputsOf(plan);
      return {
        cells: [launch ?? null, defaultLaunchClips(plan) as number],
        expected: isProblem(inputs) ? inputs : inputs.clipsPerStage[1],
      };
    }),
    formula: ([launch, crossover]) => formulas.typedOrDefault(launch, crossover),
  },
  swing: {
    sample: direct(fc.tuple(signed, signed), swingOfEnds),
    fixed: [{ cells: [0.0217, 0.0325], expected: swingOfEnds(0.0217, 0.0325) }],
    formula: ([low, high]) => formulas.swing(low, high),
  },
  costPerThousandClips: {
    sample: direct(fc.tuple(quantity, quantity, positive, quantity), costPerThousandClips),
    fixed: [
      // The steady-growth year at $2 an accelerator-hour: 2,400 h training, 114,603.3 h serving.
      { cells: [2400, 114_603.31, 1.0314e10, 2], expected: costPerThousandClips(2400, 114_603.31, 1.0314e10, 2) },
      { cells: [600, 21_600, 0, 2], expected: costPerThousandClips(600, 21_600, 0, 2) },
    ],
    formula: ([training, serving, clips, price]) => formulas.costPerThousandClips(training, serving, clips, price),
  },
  monthClips: {
    // The sheet's form: months per year read from a cell holding 12.
    sample: direct(fc.tuple(quantity, quantity), monthClips).map(({ cells, expected }) => ({
      cells: [...cells, 12],
      expected,
    })),
    fixed: [
      { cells: [250, 360, 12], expected: 648e6 },
      { cells: [1, 365, 12], expected: monthClips(1, 365) },
      // Steady growth's twelfth month: 250 x 1.05^11 clips per second, 12,314.4 h of serving at 0.04 s.
      { cells: [250 * 1.05 ** 11, 360, 12], expected: steadyWith({}).months[11].clips },
    ],
    formula: ([perSecond, days, months]) => formulas.monthClips(perSecond, days, months),
  },
  modelServingHours: {
    sample: direct(fc.tuple(quantity, fraction, quantity, factor), modelServingHours),
    fixed: [{ cells: [7.776e9, 0.05, 0.5, 1], expected: 54_000 }],
    formula: ([clips, share, seconds, peakToMean]) => formulas.modelServingHours(clips, share, seconds, peakToMean),
  },
  tokenSeconds: {
    sample: direct(fc.tuple(quantity, quantity, positive, positive), tokenSeconds),
    fixed: [
      { cells: [1500, 200, 10_000, 2000], expected: 0.25 },
      { cells: [1500, 200, 0, 2000], expected: tokenSeconds(1500, 200, 0, 2000) },
    ],
    formula: ([input, output, inPerS, outPerS]) => formulas.tokenSeconds(input, output, inPerS, outPerS),
  },
  apiCost: {
    sample: direct(fc.tuple(quantity, quantity, quantity, quantity, quantity), apiCost),
    fixed: [{ cells: [1e7, 1500, 200, 0.15, 0.6], expected: apiCost(1e7, 1500, 200, 0.15, 0.6) }],
    formula: ([n, input, output, inPrice, outPrice]) => formulas.apiCost(n, input, output, inPrice, outPrice),
  },
  fleetCostPerRequest: {
    sample: direct(fc.tuple(quantity, factor, quantity), fleetCostPerRequest),
    fixed: [{ cells: [0.25, 1.5, 2.5], expected: fleetCostPerRequest(0.25, 1.5, 2.5) }],
    formula: ([seconds, peakToMean, price]) => formulas.fleetCostPerRequest(seconds, peakToMean, price),
  },
  apiCrossover: {
    sample: direct(fc.tuple(quantity, quantity, quantity, quantity, factor, quantity), apiCrossover),
    fixed: [
      { cells: [2, 2.5, 0.000345, 0.25, 1.5, 720], expected: apiCrossover(2, 2.5, 0.000345, 0.25, 1.5, 720) },
      // The fleet's cost a request not under the API's (and a free API): no crossover, #N/A.
      { cells: [2, 2.5, 0.0002, 0.25, 1.5, 720], expected: apiCrossover(2, 2.5, 0.0002, 0.25, 1.5, 720) },
      { cells: [2, 2.5, 0, 0.25, 1.5, 720], expected: apiCrossover(2, 2.5, 0, 0.25, 1.5, 720) },
    ],
    formula: ([k, price, api, seconds, peakToMean, hours]) =>
      formulas.apiCrossover(k, price, api, seconds, peakToMean, hours),
  },
  marginalCostPerThousandClips: {
    sample: direct(fc.tuple(quantity, factor, quantity), marginalCostPerThousandClips),
    fixed: [{ cells: [0.04, 1, 2], expected: (0.04 / 3.6) * 2 }],
    formula: ([seconds, peakToMean, price]) => formulas.marginalCostPerThousandClips(seconds, peakToMean, price),
  },
  whenPositive: {
    // The average cost per 1,000 clips, or "no clips" where the model leaves it out (no clip scored).
    sample: budgetPlans()
      .filter((plan) => plan.pricePerHour !== undefined)
      .map((plan) => {
        const result = budgetFigures(plan);
        return {
          cells: [result.trainingHours + result.rescanHours, result.servingHoursPaid, result.clips, plan.pricePerHour!],
          expected: result.costPerThousandAverage ?? "no clips",
        };
      }),
    fixed: [
      { cells: [2400, 0, 0, 2], expected: steadyWith({ clipsPerSecond: 0 }).costPerThousandAverage ?? "no clips" },
    ],
    formula: ([fixedHours, serving, clips, price]) =>
      formulas.whenPositive(clips, formulas.costPerThousandClips(fixedHours, serving, clips, price), "no clips"),
  },
  horizonSum: {
    sample: budgetPlans().map((plan) => {
      const result = budgetFigures(plan);
      return { cells: result.months.map((m) => m.servingHoursConsumed), expected: result.servingHoursConsumed };
    }),
    fixed: [
      {
        cells: steadyWith({}).months.map((m) => m.servingHoursConsumed),
        expected: steadyWith({}).servingHoursConsumed,
      },
    ],
    formula: (cells) => formulas.horizonSum(`${cells[0]}:${cells[cells.length - 1]}`),
  },
  exceedsFlag: {
    // An interval's serving against its training: 1 exactly where crossoverOf finds it serving-dominated.
    sample: fc.tuple(fc.constantFrom(0, 600, 1800), fc.oneof(quantity, fc.constantFrom(600, 1800))).map(([t, s]) => ({
      cells: [s, t],
      expected:
        crossoverOf([{ index: 1, firstMonth: 1, lastMonth: 3, trainingHours: t, servingHoursConsumed: s }]).kind ===
        "none"
          ? 0
          : 1,
    })),
    fixed: [{ cells: [600, 600], expected: 0 }],
    formula: ([serving, training]) => formulas.exceedsFlag(serving, training),
  },
  // The what-if sheet's own, here while their builders are (src/core/excel/formulas.ts says why).
  secondsPerClipForServingHours: {
    sample: direct(fc.tuple(positive, positive, factor), secondsPerClipForServingHours),
    fixed: [{ cells: [600, 54e6, 1], expected: 0.04 }],
    formula: ([hours, clips, peakToMean]) => formulas.secondsPerClipForServingHours(hours, clips, peakToMean),
  },
  secondsPerClipWithinBudget: {
    sample: fc.tuple(quantity, positive, positive, factor).map(([training, more, clips, peakToMean]) => ({
      cells: [training + more, training, clips, peakToMean],
      expected: secondsPerClipForBudgetHours(targetPlan(training, clips, peakToMean), "Prototype", training + more),
    })),
    formula: ([budget, training, clips, peakToMean]) =>
      formulas.secondsPerClipWithinBudget(budget, training, clips, peakToMean),
  },
  hoursOfBudget: {
    // As targetFormulas.ts uses it: the budget in hours, bracketed, in place of an hours budget.
    sample: fc
      .tuple(quantity, fc.double({ min: 1e-3, max: 1e6, noNaN: true }), positive, factor, positive)
      .map(([training, more, clips, peakToMean, price]) => {
        const budget = (training + more) * price;
        const plan = targetPlan(training, clips, peakToMean, price);
        return {
          cells: [budget, price, training, clips, peakToMean],
          expected: secondsPerClipForBudgetCost(plan, "Prototype", budget),
        };
      }),
    formula: ([budget, price, training, clips, peakToMean]) =>
      formulas.secondsPerClipWithinBudget(`(${formulas.hoursOfBudget(budget, price)})`, training, clips, peakToMean),
  },
  clipsForServingShare: {
    sample: direct(
      fc.tuple(positive, positive, fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true })),
      clipsForServingShare,
    ),
    fixed: [{ cells: [600, 0.04, 0.5], expected: 54e6 }],
    formula: ([training, seconds, share]) => formulas.clipsForServingShare(training, seconds, share),
  },
  changeAgainstBase: {
    sample: direct(fc.tuple(signed, signed), (value, base) => variance(value, base, "Crossover").absolute),
    fixed: [{ cells: [64.8e6, 54e6], expected: 10.8e6 }],
    formula: ([value, base]) => formulas.changeAgainstBase(value, base),
  },
  relativeChange: {
    // The sheet's change has a cell of its own; here it is the same difference, bracketed.
    sample: direct(fc.tuple(signed, signed), (value, base) => variance(value, base, "Crossover").relative),
    fixed: [
      { cells: [64.8e6, 54e6], expected: variance(64.8e6, 54e6, "Crossover").relative },
      { cells: [5, 0], expected: variance(5, 0, "Crossover").relative },
    ],
    formula: ([value, base]) => formulas.relativeChange(`(${formulas.changeAgainstBase(value, base)})`, base),
  },
  // Both ledgers (issue 30): drift above 0 and a cadence of a month or more, where the arithmetic is the formula.
  stalenessCost: {
    sample: direct(fc.tuple(quantity, drift, quantity, cadence), stalenessCost),
    fixed: [
      { cells: [648e6, 2e-7, 1, 12], expected: 712.8 },
      { cells: [648e6, 2e-7, 1, 3], expected: stalenessCost(648e6, 2e-7, 1, 3) },
    ],
    formula: ([n, d, c, k]) => formulas.stalenessCost(n, d, c, k),
  },
  economicCadence: {
    sample: direct(fc.tuple(quantity, positive, drift, positive), economicCadence),
    fixed: [
      { cells: [1200, 648e6, 2e-7, 1], expected: economicCadence(1200, 648e6, 2e-7, 1) },
      { cells: [1200, 0, 2e-7, 1], expected: economicCadence(1200, 0, 2e-7, 1) },
    ],
    formula: ([r, n, d, c]) => formulas.economicCadence(r, n, d, c),
  },
  whenDrifting: {
    // Drift of 0: the model's NO_DRIFT, #VALUE! in a cell.
    sample: direct(fc.tuple(quantity, fc.oneof(drift, fc.constant(0)), quantity, cadence), stalenessCost),
    fixed: [{ cells: [648e6, 0, 1, 12], expected: stalenessCost(648e6, 0, 1, 12) }],
    formula: ([n, d, c, k]) => formulas.whenDrifting(d, formulas.stalenessCost(n, d, c, k), n, c, k),
  },
  wholeMonthsOnly: {
    sample: direct(fc.tuple(quantity, drift, quantity, fc.double({ min: 0, max: 24, noNaN: true })), stalenessCost),
    fixed: [{ cells: [648e6, 2e-7, 1, 0.5], expected: stalenessCost(648e6, 2e-7, 1, 0.5) }],
    formula: ([n, d, c, k]) => formulas.wholeMonthsOnly(k, formulas.stalenessCost(n, d, c, k)),
  },
};

testBuilders(formulas, CASES);

/** The twins' form of monthClips, the 12 written in: the same clips as the model's. */
test("monthClips without a months-per-year cell divides by 12", () => {
  expect(formulas.monthClips("A1", "B1")).toBe("A1*B1*86400/12");
  const [shown] = evaluate([{ cells: [250, 360], expected: 648e6 }], ([a, b]) => formulas.monthClips(a, b));
  expect(shown).toBe(monthClips(250, 360));
});
