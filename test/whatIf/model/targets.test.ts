/* Targets in closed form: the worked example's answers, the unreachable cases, and fed back into the model. */
import fc from "fast-check";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { halfShare } from "../../../src/core/model/formulas";
import { isProblem, Problem } from "../../../src/core/model/problems";
import { StageName, STAGE_NAMES } from "../../../src/stages/model/stages";
import {
  clipsForServingShare,
  clipsForServingShareOfPlan,
  isNotReachable,
  notReachable,
  runsPerYearForTrainingShare,
  secondsPerClipAtParity,
  secondsPerClipForBudgetCost,
  secondsPerClipForBudgetHours,
  secondsPerClipForServingHours,
} from "../../../src/whatIf/model/targets";
import { expectClose, stageTableOf } from "../../support/stageModel";
import { unwrap } from "../../support/unwrap";

/** The answer, or the test fails with the Problem's message. */
const solved: (result: number | Problem) => number = unwrap;

function expectNotReachable(result: number | Problem, reason: RegExp): void {
  expect(isNotReachable(result)).toBe(true);
  expect((result as Problem).message).toMatch(/^Not reachable: /);
  expect((result as Problem).message).toMatch(reason);
}

function expectBadInput(result: number | Problem, names: string): void {
  expect(isProblem(result)).toBe(true);
  expect(isNotReachable(result)).toBe(false);
  expect((result as Problem).message).toContain(names);
}

/** The stage row of `plan` at `stage`. */
const rowAt = (plan: Plan, stage: StageName) => stageTableOf(plan).rows[STAGE_NAMES.indexOf(stage)];

describe("the worked example", () => {
  test("scale costs what training does at 1.11 ms a clip; the prototype at 432 s", () => {
    expectClose(secondsPerClipAtParity(EXAMPLE_PLAN, "Scale"), (600 * 3600) / 1.944e9, 1e-15);
    expectClose(secondsPerClipAtParity(EXAMPLE_PLAN, "Prototype"), 432, 1e-15);
    // A given launch traffic of 54,000,000 clips is the crossover: the example's own 40 ms.
    expectClose(secondsPerClipAtParity({ ...EXAMPLE_PLAN, launchClips: 54e6 }, "Launch"), 0.04, 1e-15);
  });

  test("scale within 11,400 hours a quarter (half its 22,200) needs 20 ms a clip; at 2 a hour, within 22,800", () => {
    expectClose(secondsPerClipForBudgetHours(EXAMPLE_PLAN, "Scale", 11_400), 0.02, 1e-15);
    expectClose(secondsPerClipForBudgetCost({ ...EXAMPLE_PLAN, pricePerHour: 2 }, "Scale", 22_800), 0.02, 1e-15);
    // The 40 ms -> 30 ms lever: 5,400 hours a quarter off scale's 22,200.
    expectClose(secondsPerClipForBudgetHours(EXAMPLE_PLAN, "Scale", 22_200 - 5_400), 0.03, 1e-15);
  });

  test("serving is half the bill at the crossover, 90% at ten times the training half", () => {
    expectClose(clipsForServingShareOfPlan(EXAMPLE_PLAN, 0.5), 54e6, 1e-15);
    expectClose(clipsForServingShareOfPlan(EXAMPLE_PLAN, 0.9), 486e6, 1e-15);
    // The example's scale is serving at 21,600 / 22,200 of the bill.
    expectClose(clipsForServingShareOfPlan(EXAMPLE_PLAN, 21_600 / 22_200), 1.944e9, 1e-14);
    // The honesty factors apply as in the stage table: x3 overhead, x2 peak-to-mean.
    expectClose(clipsForServingShareOfPlan({ ...EXAMPLE_PLAN, trainingOverhead: 3, peakToMean: 2 }, 0.5), 81e6, 1e-15);
  });

  test("training is 2.7% of the year at four runs, 1.37% against paid serving at four runs too", () => {
    expectClose(runsPerYearForTrainingShare(600, 86_400, 2_400 / 88_800), 4, 1e-14);
    expectClose(runsPerYearForTrainingShare(600, 172_800, 2_400 / 175_200), 4, 1e-14);
    // One run a year is 600 / 87,000 of the bill.
    expectClose(runsPerYearForTrainingShare(600, 86_400, 600 / 87_000), 1, 1e-14);
  });

  test("the plain per-clip solve is SERVINGHOURS solved for seconds per clip", () => {
    expectClose(secondsPerClipForServingHours(600, 54e6), 0.04, 1e-15);
    expectClose(secondsPerClipForServingHours(21_600, 1.944e9, 2), 0.02, 1e-15);
    expectClose(clipsForServingShare(600, 0.04, 0.5), 54e6, 1e-15);
  });
});

describe("not reachable, with the reason", () => {
  test("a blank launch is the crossover, equal at any per-clip time", () => {
    expectNotReachable(secondsPerClipAtParity(EXAMPLE_PLAN, "Launch"), /launch traffic is the crossover/);
    expectNotReachable(secondsPerClipForBudgetHours(EXAMPLE_PLAN, "Launch", 5_000), /Enter launch clips/);
  });

  test("a stage with no traffic", () => {
    const plan = { ...EXAMPLE_PLAN, prototypeClips: 0 };
    expectNotReachable(secondsPerClipAtParity(plan, "Prototype"), /Prototype has no traffic/);
    expectNotReachable(secondsPerClipForBudgetHours(plan, "Prototype", 1_000), /0 hours at any per-clip time/);
    expectNotReachable(secondsPerClipForServingHours(10, 0), /no traffic/);
  });

  test("no training: parity only at 0 seconds a clip", () => {
    expectNotReachable(secondsPerClipAtParity({ ...EXAMPLE_PLAN, trainingHours: 0 }, "Scale"), /training is 0 hours/);
    expectNotReachable(secondsPerClipForServingHours(0, 1e6), /per-clip time of 0/);
  });

  test("a budget training alone spends (with overhead)", () => {
    expectNotReachable(secondsPerClipForBudgetHours(EXAMPLE_PLAN, "Scale", 600), /not more than training alone/);
    const overhead = { ...EXAMPLE_PLAN, trainingOverhead: 3 };
    expectNotReachable(secondsPerClipForBudgetHours(overhead, "Scale", 1_000), /1800 accelerator-hours, with overhead/);
    expectNotReachable(secondsPerClipForBudgetCost({ ...EXAMPLE_PLAN, pricePerHour: 2 }, "Scale", 1_000), /training/);
    expectNotReachable(secondsPerClipForBudgetCost({ ...EXAMPLE_PLAN, pricePerHour: 0 }, "Scale", 1_000), /costs 0/);
  });

  test("a serving share of 0 or 1, or no training", () => {
    expectNotReachable(clipsForServingShareOfPlan(EXAMPLE_PLAN, 0), /no traffic at all/);
    expectNotReachable(clipsForServingShareOfPlan(EXAMPLE_PLAN, 1), /only with no training/);
    expectNotReachable(clipsForServingShare(0, 0.04, 0.5), /whole bill at any traffic/);
  });

  test("a training share of 0 or 1, a run of 0 hours, or no serving", () => {
    expectNotReachable(runsPerYearForTrainingShare(600, 86_400, 0), /no runs at all/);
    expectNotReachable(runsPerYearForTrainingShare(600, 86_400, 1), /only with no serving/);
    expectNotReachable(runsPerYearForTrainingShare(0, 86_400, 0.1), /run of 0 hours/);
    expectNotReachable(runsPerYearForTrainingShare(600, 0, 0.1), /any number of runs/);
  });

  test("notReachable is a Problem every layer can show", () => {
    const result = notReachable("why.");
    expect(result).toEqual({
      kind: "invalidNumber",
      message: "Not reachable: why.",
      notReachable: true,
      reason: "why.",
    });
    expect(isProblem(result)).toBe(true);
    expect(isNotReachable({ kind: "invalidNumber", message: "x" })).toBe(false);
    expect(isNotReachable(0.04)).toBe(false);
  });
});

describe("bad input is a Problem naming the input, not 'not reachable'", () => {
  test("budgets, shares and plans", () => {
    expectBadInput(secondsPerClipForBudgetHours(EXAMPLE_PLAN, "Scale", -1), "The budget in accelerator-hours");
    expectBadInput(secondsPerClipForBudgetHours(EXAMPLE_PLAN, "Scale", NaN), "The budget in accelerator-hours");
    expectBadInput(secondsPerClipForBudgetCost(EXAMPLE_PLAN, "Scale", 1e6), "Price per accelerator-hour is blank");
    expectBadInput(secondsPerClipForBudgetCost(EXAMPLE_PLAN, "Scale", Infinity), "The budget");
    expectBadInput(clipsForServingShareOfPlan(EXAMPLE_PLAN, 1.5), "The serving share");
    expectBadInput(runsPerYearForTrainingShare(600, 86_400, NaN), "The training share");
    expectBadInput(runsPerYearForTrainingShare(-600, 86_400, 0.1), "training hours per run");
    expectBadInput(secondsPerClipAtParity({ ...EXAMPLE_PLAN, secondsPerClip: -1 }, "Scale"), "Serving time per clip");
    expectBadInput(secondsPerClipAtParity(EXAMPLE_PLAN, "Beta" as StageName), "The stage must be one of");
    expectBadInput(secondsPerClipForServingHours(10, 1e6, 0.5), "peak_to_mean");
  });

  test("answers too large or too small for a double", () => {
    expectBadInput(secondsPerClipForServingHours(1e300, 1e-300), "too large");
    expectBadInput(secondsPerClipForServingHours(1e-300, 1e300), "too small");
    expectBadInput(runsPerYearForTrainingShare(1e-300, 1e300, 0.5), "too large");
    expectBadInput(clipsForServingShare(1e300, 1e-300, 0.5), "too large");
  });
});

describe("property: a target fed back into the model gives the target, within 1e-12 relative", () => {
  const hours = fc.double({ min: 1e-2, max: 1e6, noNaN: true });
  const clips = fc.double({ min: 1, max: 1e13, noNaN: true });
  const factor = fc.double({ min: 1, max: 5, noNaN: true });
  const share = fc.double({ min: 1e-9, max: 1 - 1e-9, noNaN: true });
  const stage = fc.constantFrom<StageName>(...STAGE_NAMES);

  /** A plan whose stage `stage` carries `clipsAtStage`, every stage's traffic given. */
  function planWith(t: number, overhead: number, peak: number, stageName: StageName, clipsAtStage: number): Plan {
    const plan: Plan = { ...EXAMPLE_PLAN, trainingHours: t, trainingOverhead: overhead, peakToMean: peak };
    plan.launchClips = 54e6;
    plan.scaleClips = 1.944e9;
    if (stageName === "Prototype") plan.prototypeClips = clipsAtStage;
    if (stageName === "Launch") plan.launchClips = clipsAtStage;
    if (stageName === "Scale") plan.scaleClips = clipsAtStage;
    return plan;
  }

  test("per-clip time at parity: serving hours equal training hours", () => {
    fc.assert(
      fc.property(hours, factor, factor, stage, clips, (t, overhead, peak, name, c) => {
        const plan = planWith(t, overhead, peak, name, c);
        const seconds = solved(secondsPerClipAtParity(plan, name));
        const row = rowAt({ ...plan, secondsPerClip: seconds }, name);
        expectClose(row.servingHours / row.trainingHours, 1, 1e-12);
      }),
    );
  });

  test("per-clip time for a budget of hours, or of money: the total, or the cost, is the budget", () => {
    const above = fc.double({ min: 1e-6, max: 1e6, noNaN: true });
    const price = fc.double({ min: 1e-3, max: 1e3, noNaN: true });
    fc.assert(
      fc.property(hours, factor, factor, stage, clips, above, price, (t, overhead, peak, name, c, extra, p) => {
        const plan = planWith(t, overhead, peak, name, c);
        const budgetHours = t * overhead * (1 + extra);
        const seconds = solved(secondsPerClipForBudgetHours(plan, name, budgetHours));
        expectClose(rowAt({ ...plan, secondsPerClip: seconds }, name).totalHours / budgetHours, 1, 1e-12);
        const priced = { ...plan, pricePerHour: p };
        const budget = budgetHours * p;
        const forMoney = solved(secondsPerClipForBudgetCost(priced, name, budget));
        expectClose((rowAt({ ...priced, secondsPerClip: forMoney }, name).cost as number) / budget, 1, 1e-12);
      }),
    );
  });

  test("traffic for a serving share: that stage's serving share is the share", () => {
    const seconds = fc.double({ min: 1e-5, max: 10, noNaN: true });
    fc.assert(
      fc.property(hours, seconds, factor, factor, share, (t, s, overhead, peak, p) => {
        const plan = {
          ...EXAMPLE_PLAN,
          trainingHours: t,
          secondsPerClip: s,
          trainingOverhead: overhead,
          peakToMean: peak,
        };
        const traffic = solved(clipsForServingShareOfPlan(plan, p));
        const scale = rowAt({ ...plan, scaleClips: traffic }, "Scale");
        expectClose((scale.servingShare as number) / p, 1, 1e-12);
      }),
    );
  });

  test("runs per year for a training share: the training share of the year is the share", () => {
    const annualServing = fc.double({ min: 1, max: 1e9, noNaN: true });
    fc.assert(
      fc.property(hours, annualServing, share, (run, serving, p) => {
        const runs = solved(runsPerYearForTrainingShare(run, serving, p));
        expectClose((halfShare(runs * run, serving) as number) / p, 1, 1e-12);
      }),
    );
  });
});
