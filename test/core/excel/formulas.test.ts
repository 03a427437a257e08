/*
 * Each Excel-formula builder (src/core/excel/formulas.ts) against the TypeScript formula it restates, in
 * a real engine: the builder's formula over cells in HyperFormula, on generated inputs and the worked
 * example, equals the model's number, text or error. The cases are keyed by the builders' own exports,
 * so a builder added without a case fails here. Inputs stay where the builder's arithmetic is the whole
 * formula: the checks and guards (negative inputs, "Not reachable") are the callers', tested with them.
 */
import fc from "fast-check";
import { DetailedCellError, HyperFormula } from "hyperformula";
import * as formulas from "../../../src/core/excel/formulas";
import { columnLetter } from "../../../src/core/excel/a1";
import { EXCEL_ERROR_TEXT } from "../../../src/core/excel/errorCodes";
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
import { isProblem, Problem } from "../../../src/core/model/problems";
import { costOf, effectiveSecondsPerClip, effectiveTrainingHours } from "../../../src/stages/model/stages";
import { defaultLaunchClips, EXAMPLE_PLAN, Plan, stageInputsOf } from "../../../src/stages/model/plan";
import { annualHours, AnnualHours, AnnualInputs, hoursRatio, trainingShare } from "../../../src/annual/model/annual";
import { leverSaving, savingRanks } from "../../../src/annual/model/levers";
import {
  clipsForServingShare,
  secondsPerClipForBudgetCost,
  secondsPerClipForBudgetHours,
  secondsPerClipForServingHours,
} from "../../../src/whatIf/model/targets";
import { variance } from "../../../src/whatIf/model/scenarios";
import { defaultSwingRange, sensitivity } from "../../../src/sensitivity/model/sensitivity";
import type { WhatIfView } from "../../../src/sensitivity/model/whatIfView";
import { planField } from "../../../src/stages/model/planFields";
import { BudgetInterval, BudgetMonth, budgetOf, crossoverOf } from "../../../src/budget/model/budget";
import { BudgetPlan } from "../../../src/budget/model/budgetFields";
import { monthSerial } from "../../../src/budget/sheet/budgetDates";
import { budgetFigures, budgetPlans, steadyWith } from "../../budget/sheet/budgetPlans";
import { BillMonth, billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";

type Builder = keyof typeof formulas;
/** What the model gives for a case: a number, a text, or a Problem (an Excel error). */
type Expected = number | string | Problem;
/** One generated case: the cells the formula reads (null for a blank) and the model's answer. */
interface Sample {
  cells: (number | string | null)[];
  expected: Expected;
}
/** A builder's case: its inputs and the model's answer, and the formula it builds over the cells' addresses. */
interface Case {
  sample: fc.Arbitrary<Sample>;
  /** the worked example's figures, or an edge, always evaluated */
  fixed?: Sample[];
  formula: (cells: readonly string[]) => string;
}

const quantity = fc.oneof(
  { weight: 9, arbitrary: fc.double({ min: 1e-6, max: 1e9, noNaN: true }) },
  { weight: 1, arbitrary: fc.constant(0) },
);
const positive = fc.double({ min: 1e-6, max: 1e9, noNaN: true });
const factor = fc.double({ min: 1, max: 10, noNaN: true });
// No subnormal fractions: Excel holds none, and the model's productRatio keeps digits a cell could not.
const fraction = fc.oneof(fc.double({ min: 1e-6, max: 1, noNaN: true }), fc.constantFrom(0, 1));
const ratio = fc.double({ min: 1e-9, max: 1e9, noNaN: true });
/** An output or a saving of either sign: a scenario's change, a lever that adds hours. */
const signed = fc.oneof(
  quantity,
  quantity.map((x) => -x),
);
/** A sensitivity's move: above -100%, as the model's checkFraction requires. */
const move = fc.oneof(fc.double({ min: -0.999999, max: 5, noNaN: true }), fc.constantFrom(-0.2, 0, 0.2));

/** A case whose cells are the model function's own arguments. */
function direct(args: fc.Arbitrary<number[]>, model: (...xs: number[]) => Expected): fc.Arbitrary<Sample> {
  return args.map((cells) => ({ cells, expected: model(...cells) }));
}

const annualInputs: fc.Arbitrary<AnnualInputs> = fc.record({
  trainingHoursPerRun: quantity,
  runsPerYear: fc.integer({ min: 0, max: 52 }),
  trainingOverhead: factor,
  secondsPerClip: quantity,
  clipsPerSecond: fc.double({ min: 0, max: 1e5, noNaN: true }),
  daysPerYear: fc.constantFrom(360, 365),
  peakToMean: factor,
  rescanEvents: fc.integer({ min: 0, max: 5 }),
  rescanHoursEach: quantity,
});
/** Annual inputs with their hours: every generated input fits a double, so the model answers. */
const annualCase = (cells: (h: AnnualHours, i: AnnualInputs) => number[], answer: (h: AnnualHours) => number) =>
  annualInputs.map((inputs): Sample => {
    const hours = annualHours(inputs) as AnnualHours;
    return { cells: cells(hours, inputs), expected: answer(hours) };
  });

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

/**
 * A month of a generated budget plan (one that `wanted` admits): the cells `cellsOf` picks, the month's number
 * first unless `withMonth` is false, and the model's figure `pick` of that month.
 */
function monthOf(
  cellsOf: (plan: BudgetPlan, month: BudgetMonth) => (number | string)[],
  pick: (month: BudgetMonth) => number,
  wanted: (plan: BudgetPlan) => boolean = () => true,
  withMonth = true,
): fc.Arbitrary<Sample> {
  return budgetPlans()
    .filter(wanted)
    .chain((plan) =>
      fc.integer({ min: 1, max: plan.months }).map((n) => {
        const month = budgetFigures(plan).months[n - 1];
        return { cells: [...(withMonth ? [n] : []), ...cellsOf(plan, month)], expected: pick(month) };
      }),
    );
}

/** A month of a generated plan and the retrain interval it falls in, made into a sample by `sampleOf`. */
function intervalOf(sampleOf: (plan: BudgetPlan, month: number, interval: BudgetInterval) => Sample) {
  return budgetPlans().chain((plan) =>
    fc.integer({ min: 1, max: plan.months }).map((month) => {
      const interval = budgetFigures(plan).intervals.find((i) => month >= i.firstMonth && month <= i.lastMonth)!;
      return sampleOf(plan, month, interval);
    }),
  );
}

const CASES: Record<Builder, Case> = {
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
  effectiveSecondsPerClip: {
    sample: direct(fc.tuple(quantity, factor), (secondsPerClip, peakToMean) =>
      effectiveSecondsPerClip({ secondsPerClip, peakToMean }),
    ),
    formula: ([seconds, peakToMean]) => formulas.effectiveSecondsPerClip(seconds, peakToMean),
  },
  winningRunHours: {
    sample: annualCase(
      (_, i) => [i.trainingHoursPerRun, i.runsPerYear],
      (h) => h.winningRunHours,
    ),
    formula: ([hoursPerRun, runs]) => formulas.winningRunHours(hoursPerRun, runs),
  },
  paidServingHours: {
    sample: annualCase(
      (h, i) => [h.servingConsumed, i.peakToMean],
      (h) => h.servingPaid,
    ),
    formula: ([consumed, peakToMean]) => formulas.paidServingHours(consumed, peakToMean),
  },
  rescanHours: {
    sample: annualCase(
      (_, i) => [i.rescanEvents, i.rescanHoursEach],
      (h) => h.rescans,
    ),
    formula: ([events, each]) => formulas.rescanHours(events, each),
  },
  failedRunHours: {
    sample: annualCase(
      (h) => [h.training, h.winningRunHours],
      (h) => h.trainingOverhead,
    ),
    fixed: [{ cells: [3600, 2400], expected: 1200 }],
    formula: ([training, winning]) => formulas.failedRunHours(training, winning),
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
  annualLeverSaving: {
    sample: direct(fc.tuple(quantity, quantity, quantity), leverSaving),
    fixed: [
      { cells: [2400, 4, 1], expected: 1800 },
      { cells: [86_400, 0.04, 0.03], expected: 21_600 },
      { cells: [2400, 0, 1], expected: leverSaving(2400, 0, 1) },
    ],
    formula: ([part, current, proposed]) => formulas.annualLeverSaving(part, current, proposed),
  },
  workNotDoneSaving: {
    // As leversTable reads the lever: the hours follow the share still re-scored, 1 - 0 now, 1 - share proposed.
    sample: fc.tuple(quantity, fraction).map(([hours, share]) => ({
      cells: [hours, share],
      expected: leverSaving(hours, 1 - 0, 1 - share),
    })),
    fixed: [{ cells: [172_800, 0.25], expected: 43_200 }],
    formula: ([hours, share]) => formulas.workNotDoneSaving(hours, share),
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
  swing: {
    sample: direct(fc.tuple(signed, signed), swingOfEnds),
    fixed: [{ cells: [0.0217, 0.0325], expected: swingOfEnds(0.0217, 0.0325) }],
    formula: ([low, high]) => formulas.swing(low, high),
  },
  movedEnd: {
    sample: direct(fc.tuple(quantity, move), (base, by) => defaultSwingRange(planField("trainingHours"), base, by).low),
    fixed: [{ cells: [600, -0.2], expected: 480 }],
    formula: ([base, by]) => formulas.movedEnd(base, by),
  },
  leverRank: {
    // The first of six savings ranked within all six (A..F of its row), against the model's rule; ties drawn often.
    sample: fc
      .array(fc.oneof(fc.constantFrom(0, 1800, 21600), fc.double({ min: -1e6, max: 1e6, noNaN: true })), {
        minLength: 6,
        maxLength: 6,
      })
      .map((cells) => ({ cells, expected: savingRanks(cells)[0] })),
    fixed: [{ cells: [1800, 21600, 1800, 0, 0, -5], expected: 2 }],
    formula: (cells) => formulas.leverRank(cells[0], `${cells[0]}:${cells[cells.length - 1]}`),
  },
  movedFactorEnd: {
    sample: direct(fc.tuple(factor, move), (base, by) => defaultSwingRange(planField("peakToMean"), base, by).low),
    fixed: [
      { cells: [1, -0.2], expected: 1 },
      { cells: [2, 0.2], expected: 2.4 },
    ],
    formula: ([base, by]) => formulas.movedFactorEnd(base, by),
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
  marginalCostPerThousandClips: {
    sample: direct(fc.tuple(quantity, factor, quantity), marginalCostPerThousandClips),
    fixed: [{ cells: [0.04, 1, 2], expected: (0.04 / 3.6) * 2 }],
    formula: ([seconds, peakToMean, price]) => formulas.marginalCostPerThousandClips(seconds, peakToMean, price),
  },
  monthNumber: {
    // Month n's column lies n columns right of the origin: the cells fill the columns before it.
    sample: fc.integer({ min: 1, max: 60 }).map((n) => ({
      cells: Array.from({ length: n }, () => 0),
      expected: steadyWith({ months: 60 }).months[n - 1].month,
    })),
    fixed: [{ cells: [0], expected: 1 }],
    formula: (cells) => formulas.monthNumber(`$${cells[0].replace(/\d+$/, "")}$1`),
  },
  monthStart: {
    sample: fc
      .tuple(fc.integer({ min: 1900, max: 2200 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 60 }))
      .filter(([y, m]) => y > 1900 || m > 2) // Excel's 1900 leap day: January and February 1900 count a day apart
      .map(([year, calendar, month]) => {
        const first = `${year}-${String(calendar).padStart(2, "0")}`;
        return { cells: [monthSerial(first, 1), month], expected: monthSerial(first, month) };
      }),
    fixed: [{ cells: [46388, 13], expected: monthSerial("2027-01", 13) }],
    formula: ([first, month]) => formulas.monthStart(first, month),
  },
  growthCurve: {
    sample: budgetPlans(24)
      .filter((plan) => !Array.isArray(budgetOf({ ...plan, typedClipsPerSecond: {} })))
      .chain((plan) =>
        fc.integer({ min: 1, max: plan.months }).map((month) => ({
          cells: [plan.clipsPerSecond, plan.monthlyGrowth, month],
          expected: budgetFigures({ ...plan, typedClipsPerSecond: {} }).months[month - 1].clipsPerSecond,
        })),
      ),
    fixed: [{ cells: [250, 0.05, 12], expected: steadyWith({}).months[11].clipsPerSecond }],
    formula: ([first, growth, month]) => formulas.growthCurve(first, growth, month),
  },
  retrainFlag: {
    sample: monthOf(
      (plan) => [plan.retrainEveryMonths],
      (m) => m.retrainFlag,
    ),
    fixed: [{ cells: [4, 3], expected: steadyWith({}).months[3].retrainFlag }],
    formula: ([month, every]) => formulas.retrainFlag(month, every),
  },
  fromMonthFlag: {
    sample: monthOf(
      (plan) => [plan.leverFromMonth ?? plan.months + 1, plan.leverSecondsPerClip ?? 0],
      (m) => m.leverFlag,
      (plan) => plan.leverFromMonth !== undefined,
    ),
    // An emptied lever cell (either, or both) is no lever, as the model reads a plan without one: 0.
    fixed: [
      [null, 0.03],
      [7, null],
      [null, null],
    ].map((lever) => ({ cells: [9, ...lever], expected: steadyWith({}).months[8].leverFlag })),
    formula: ([month, from, seconds]) => formulas.fromMonthFlag(month, from, seconds),
  },
  whenFilled: {
    // The month's cost while the price is a number, "no price" while it is emptied (the model: hours only).
    sample: fc.tuple(quantity, fc.option(quantity, { nil: null })).map(([hours, price]) => ({
      cells: [hours, price],
      expected: price === null ? "no price" : costOf(hours, price),
    })),
    formula: ([hours, price]) => formulas.whenFilled([price], formulas.costOf(hours, price), "no price"),
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
  requiredInputsCheck: {
    // Numbers and a choice's text, some emptied: 0 (holds) only while every one is filled.
    sample: fc
      .tuple(
        fc.array(fc.option(quantity, { nil: null }), { minLength: 1, maxLength: 4 }),
        fc.option(fc.constant("per month"), { nil: null }),
      )
      .map(([numbers, choice]) => ({
        cells: [...numbers, choice],
        expected: [...numbers, choice].includes(null) ? 1 : 0,
      })),
    fixed: [{ cells: [1, "text", "per month"], expected: 1 }],
    formula: (cells) => formulas.requiredInputsCheck(cells.slice(0, -1), cells.slice(-1)),
  },
  flaggedHours: {
    // A retrain month's training: the flag x hours per run x overhead (the two inputs are the product's).
    sample: monthOf(
      (plan, m) => [m.retrainFlag, plan.hoursPerRun, plan.trainingOverhead],
      (m) => m.trainingHours,
      () => true,
      false,
    ),
    formula: ([flag, hours, overhead]) => formulas.flaggedHours(flag, formulas.effectiveTrainingHours(hours, overhead)),
  },
  leverSecondsPerClip: {
    sample: monthOf(
      (plan, m) => [m.leverFlag, plan.secondsPerClip, plan.leverSecondsPerClip!],
      (m) => m.secondsPerClip,
      (plan) => plan.leverFromMonth !== undefined,
      false,
    ),
    formula: ([flag, seconds, lever]) => formulas.leverSecondsPerClip(flag, seconds, lever),
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
  runningTotal: {
    sample: budgetPlans()
      .filter((plan) => plan.pricePerHour !== undefined)
      .map((plan) => {
        const { months } = budgetFigures(plan);
        return { cells: months.map((m) => m.cost!), expected: months[months.length - 1].cumulativeCost! };
      }),
    fixed: [{ cells: steadyWith({}).months.map((m) => m.cost!), expected: steadyWith({}).cost! }],
    formula: (cells) => formulas.runningTotal(cells[0], cells[cells.length - 1]),
  },
  retrainInterval: {
    sample: intervalOf((plan, month, i) => ({ cells: [month, plan.retrainEveryMonths], expected: i.index })),
    formula: ([month, every]) => formulas.retrainInterval(month, every),
  },
  intervalLastMonth: {
    sample: intervalOf((plan, _, i) => ({
      cells: [i.index, plan.retrainEveryMonths, plan.months],
      expected: i.lastMonth,
    })),
    fixed: [{ cells: [4, 3, 12], expected: 12 }],
    formula: ([interval, every, months]) => formulas.intervalLastMonth(interval, every, months),
  },
  intervalSum: {
    // The cells: the months' interval numbers, then their serving hours, then the interval asked for.
    sample: intervalOf((plan, _, i) => {
      const { months, intervals } = budgetFigures(plan);
      const numbers = months.map(
        (m) => intervals.find((x) => m.month >= x.firstMonth && m.month <= x.lastMonth)!.index,
      );
      return {
        cells: [...numbers, ...months.map((m) => m.servingHoursConsumed), i.index],
        expected: i.servingHoursConsumed,
      };
    }),
    formula: (cells) => {
      const n = (cells.length - 1) / 2;
      return formulas.intervalSum(`${cells[0]}:${cells[n - 1]}`, cells[2 * n], `${cells[n]}:${cells[2 * n - 1]}`);
    },
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
  overBudgetFlag: {
    sample: monthOf(
      (plan, m) => [m.cost!, m.cumulativeCost!, plan.budgetPer === "month" ? 1 : 0, plan.budgetAmount!],
      (m) => (m.overBudget ? 1 : 0),
      (plan) => plan.budgetAmount !== undefined,
      false,
    ),
    // An emptied budget is no budget, an emptied price no cost: no month over (the model's plan without one).
    fixed: [
      { cells: [500, 900, 1, null], expected: 0 },
      { cells: ["no price", "no price", 0, 5000], expected: 0 },
    ],
    formula: ([cost, soFar, perMonth, budget]) => formulas.overBudgetFlag(cost, soFar, perMonth, budget),
  },
  choiceFlag: {
    sample: fc.constantFrom("per month", "for the horizon", "Per Month").map((choice) => ({
      cells: [choice, "per month"],
      expected: choice.toLowerCase() === "per month" ? 1 : 0,
    })),
    formula: ([choice, option]) => formulas.choiceFlag(choice, option),
  },
  firstFlagged: {
    // The first month over budget: the flags, then the months' numbers.
    sample: budgetPlans()
      .filter((plan) => plan.budgetAmount !== undefined)
      .map((plan) => {
        const result = budgetFigures(plan);
        return {
          cells: [...result.months.map((m) => (m.overBudget ? 1 : 0)), ...result.months.map((m) => m.month)],
          expected: result.firstMonthOverBudget ?? "none",
        };
      }),
    formula: (cells) => {
      const n = cells.length / 2;
      return formulas.firstFlagged(`${cells[0]}:${cells[n - 1]}`, `${cells[n]}:${cells[2 * n - 1]}`);
    },
  },
  crossoverInterval: {
    sample: budgetPlans().map((plan) => {
      const { crossover } = budgetFigures(plan);
      const first = crossover.kind === "at" ? crossover.firstMonth : crossover.kind === "already" ? 1 : "none";
      return {
        cells: [first, plan.retrainEveryMonths],
        expected: crossover.kind === "at" ? crossover.interval : crossover.kind === "already" ? 1 : "none",
      };
    }),
    formula: ([first, every]) => formulas.crossoverInterval(first, every),
  },
  crossoverSentence: {
    // The words for each kind of crossover.
    sample: budgetPlans().map((plan) => {
      const { crossover } = budgetFigures(plan);
      if (crossover.kind === "at")
        return {
          cells: [crossover.interval, crossover.firstMonth, crossover.lastMonth],
          expected:
            `serving overtakes training in interval ${crossover.interval}, ` +
            `months ${crossover.firstMonth}-${crossover.lastMonth}`,
        };
      return crossover.kind === "already"
        ? { cells: [1, 1, plan.retrainEveryMonths], expected: "already serving-dominated" }
        : { cells: ["none", null, null], expected: "not within the horizon" };
    }),
    fixed: [{ cells: [3, 7, 9], expected: "serving overtakes training in interval 3, months 7-9" }],
    formula: ([interval, first, last]) => formulas.crossoverSentence(interval, first, last),
  },
  crossoverCheck: {
    // Every interval against the model's crossover holds (0); against the interval after it, the crossover's fails (1).
    sample: intervalOf((plan, _, i) => {
      const { crossover, intervals } = budgetFigures(plan);
      const at = crossover.kind === "at" ? crossover.interval : crossover.kind === "already" ? 1 : "none";
      const shifted = typeof at === "number" && i.index === at && at < intervals.length;
      return {
        cells: [i.index, shifted ? at + 1 : at, i.servingHoursConsumed, i.trainingHours],
        expected: shifted ? 1 : 0,
      };
    }),
    fixed: [
      { cells: [1, 3, 136.8, 600], expected: 0 },
      { cells: [3, 3, 1558.2, 600], expected: 0 },
      { cells: [3, 3, 400, 600], expected: 1 },
      { cells: [2, "none", 700, 600], expected: 1 },
    ],
    formula: ([interval, crossover, serving, training]) =>
      formulas.crossoverCheck(interval, crossover, serving, training),
  },
  mismatchFlag: {
    // The sheet's checks: parts summed against the total they must give, at a relative tolerance.
    sample: fc.tuple(quantity, quantity, fc.constantFrom(0, 1e-9, 1e-3)).map(([a, b, tolerance]) => ({
      cells: [a, b, a + b, tolerance],
      expected: 0,
    })),
    fixed: [
      { cells: [2400, 114_603.3, 117_003.3, 1e-9], expected: 0 },
      { cells: [2400, 114_603.3, 117_000, 1e-9], expected: 1 },
      { cells: [0, 0, 0, 1e-9], expected: 0 },
    ],
    formula: ([a, b, total, tolerance]) => formulas.mismatchFlag(`${a}+${b}`, total, tolerance),
  },
  masterCheck: {
    sample: fc.array(fc.constantFrom(0, 0, 1, 3), { minLength: 4, maxLength: 4 }).map((counts) => {
      const labels = ["Parts sum to the total", "Shares sum to 100%", "Horizon = its months", "Crossover"];
      const failing = counts.findIndex((c) => c !== 0);
      return { cells: [...counts, ...labels], expected: failing < 0 ? "OK" : `Check fails: ${labels[failing]}` };
    }),
    formula: (cells) => formulas.masterCheck([0, 1, 2, 3].map((i) => [cells[i], cells[i + 4]] as const)),
  },
  savedHours: {
    sample: budgetPlans()
      .filter((plan) => plan.leverFromMonth !== undefined)
      .map((plan) => {
        const { lever, totalHours } = budgetFigures(plan);
        return { cells: [lever!.totalHoursWithout, totalHours], expected: lever!.savedHours };
      }),
    formula: ([without, withLever]) => formulas.savedHours(without, withLever),
  },
  horizonMonths: {
    sample: budgetPlans().map((plan) => ({
      cells: budgetFigures(plan).months.map((m) => m.month),
      expected: plan.months,
    })),
    formula: (cells) => formulas.horizonMonths(`${cells[0]}:${cells[cells.length - 1]}`),
  },
  effectivePrice: {
    // A pricing category's EffectiveCost over the hours it paid, as the bill's month gives it.
    sample: fc.tuple(signed, positive).map(([cost, hours]) => ({
      cells: [cost, hours],
      expected: billMonth([billRow({ paid_hours: hours, effective_cost: cost })]).prices[0].pricePerHour!,
    })),
    fixed: [{ cells: [446.4, 744], expected: 0.6 }],
    formula: ([cost, hours]) => formulas.effectivePrice(cost, hours),
  },
  measuredShare: {
    // Training's share of the month's cost: none where a credit makes a part negative or the whole is not positive.
    sample: fc.tuple(signed, signed).map(([training, serving]) => {
      const month = billMonth([
        billRow({ role: "training", effective_cost: training }),
        billRow({ role: "serving", effective_cost: serving }),
      ]);
      return { cells: [training, month.mapped.effectiveCost], expected: month.trainingShareOfCost ?? "no cost" };
    }),
    fixed: [
      { cells: [380, 942.4], expected: 380 / 942.4 },
      { cells: [0, 0], expected: "no cost" },
      { cells: [-5, 10], expected: "no cost" },
      { cells: [15, 10], expected: "no cost" },
    ],
    formula: ([part, whole]) => formulas.measuredShare(part, whole, "no cost"),
  },
  unreconciled: {
    // The file's total less the mapped and the left-out cost: the month's effectiveDifference.
    sample: fc.tuple(signed, signed, signed).map(([mapped, leftOut, total]) => ({
      cells: [total, mapped, leftOut],
      expected: billMonth([
        billRow({ effective_cost: mapped }),
        { section: "leftOut", month: "2026-01", currency: "USD", reason: "storage", effective_cost: leftOut },
        { section: "total", month: "2026-01", currency: "USD", effective_cost: total },
      ]).effectiveDifference,
    })),
    fixed: [{ cells: [1027.4, 942.4, 85], expected: 1027.4 - 942.4 - 85 }],
    formula: ([total, mapped, leftOut]) => formulas.unreconciled(total, mapped, leftOut),
  },
  reconcileFlag: {
    // 1 exactly where the month does not reconcile: half a cent, or a billionth of the total.
    sample: fc
      .tuple(fc.oneof(quantity, fc.constantFrom(10, 1e9)), fc.constantFrom(0, 0.004, 0.006, -0.006, 0.5, 2))
      .map(([total, off]) => {
        const month = billMonth([
          billRow({ effective_cost: total - off, billed_cost: total }),
          { section: "total", month: "2026-01", currency: "USD", effective_cost: total, billed_cost: total },
        ]);
        return { cells: [month.effectiveDifference, total, 0.005, 1e-9], expected: month.reconciles ? 0 : 1 };
      }),
    fixed: [
      { cells: [0.004, 10.004, 0.005, 1e-9], expected: 0 },
      { cells: [0.01, 10.01, 0.005, 1e-9], expected: 1 },
      { cells: [0.5, 1e9, 0.005, 1e-9], expected: 0 },
    ],
    formula: ([difference, total, money, relative]) => formulas.reconcileFlag(difference, total, money, relative),
  },
  planOfMonth: {
    // A month found by its date among the plan's dated headings: its training hours, or words outside the horizon.
    sample: budgetPlans(24).chain((plan) =>
      fc.integer({ min: 1, max: plan.months + 3 }).map((n) => {
        const { months } = budgetFigures(plan);
        return {
          cells: [
            ...months.map((m) => monthSerial(plan.firstMonth, m.month)),
            ...months.map((m) => m.trainingHours),
            monthSerial(plan.firstMonth, n),
          ],
          expected: n <= plan.months ? months[n - 1].trainingHours : "not in the plan",
        };
      }),
    ),
    formula: (cells) => {
      const n = (cells.length - 1) / 2;
      return formulas.planOfMonth(
        `${cells[0]}:${cells[n - 1]}`,
        `${cells[n]}:${cells[2 * n - 1]}`,
        cells[2 * n],
        "not in the plan",
      );
    },
  },
  varianceAgainstPlan: {
    sample: fc.tuple(signed, fc.oneof(signed, fc.constantFrom("not in the plan", "no price"))).map(([a, p]) => ({
      cells: [a, p],
      expected: typeof p === "number" ? a - p : p,
    })),
    fixed: [{ cells: [120, 600], expected: -480 }],
    formula: ([actual, plan]) => formulas.varianceAgainstPlan(actual, plan),
  },
};

/** One mapped row of a bill's month (billSql's result shape), USD 2026-01 on demand. */
function billRow(row: Partial<BillResultRow>): BillResultRow {
  return {
    section: "mapped",
    month: "2026-01",
    currency: "USD",
    role: "training",
    pricing_category: "Standard",
    paid_hours: 0,
    consumed_hours: 0,
    effective_cost: 0,
    billed_cost: 0,
    ...row,
  };
}

/** The bill's one month from `rows`, as billMonthsOf gives it. */
const billMonth = (rows: BillResultRow[]): BillMonth => billMonthsOf(rows).months[0];

/** The twins' form of monthClips, the 12 written in: the same clips as the model's. */
test("monthClips without a months-per-year cell divides by 12", () => {
  expect(formulas.monthClips("A1", "B1")).toBe("A1*B1*86400/12");
  const [shown] = evaluate([{ cells: [250, 360], expected: 648e6 }], ([a, b]) => formulas.monthClips(a, b));
  expect(shown).toBe(monthClips(250, 360));
});

/** A cell as the engine gives it: a number, a text, or an error code. */
type Shown = number | string | { error: string };

/** Evaluates `formula` over each sample's cells (columns A..., one row a sample) in HyperFormula. */
function evaluate(samples: readonly Sample[], formula: Case["formula"]): Shown[] {
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

test("every builder has a case, and every case a builder", () => {
  expect(Object.keys(CASES).sort()).toEqual(Object.keys(formulas).sort());
  for (const name of Object.keys(formulas)) expect(typeof formulas[name as Builder]).toBe("function");
});

describe.each(Object.keys(formulas) as Builder[])("%s", (name) => {
  test("its formula in HyperFormula equals the model on generated inputs and the worked example", () => {
    const { sample, fixed = [], formula } = CASES[name];
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
