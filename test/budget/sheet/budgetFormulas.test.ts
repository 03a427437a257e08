/*
 * The budget sheet's own builders (src/budget/sheet/budgetFormulas.ts) against the budget model, in HyperFormula
 * (test/support/builderCases.ts): each time row, flag, interval sum and check on generated plans (budgetPlans.ts)
 * and the steady-growth example.
 */
import fc from "fast-check";
import * as inExcel from "../../../src/core/excel/formulas";
import * as budgetExcel from "../../../src/budget/sheet/budgetFormulas";
import { costOf } from "../../../src/stages/model/stages";
import { BudgetInterval, BudgetMonth, budgetOf, modelBudgetOf } from "../../../src/budget/model/budget";
import { BudgetPlan, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import type { BudgetStaleness } from "../../../src/budget/model/budgetLedger";
import { EXAMPLE_LEDGER_INPUTS, LedgerInputs } from "../../../src/ledgers/model";
import { monthSerial } from "../../../src/budget/sheet/budgetDates";
import { BuilderCases, quantity, Sample, testBuilders } from "../../support/builderCases";
import { budgetFigures, budgetPlans, steadyWith } from "./budgetPlans";

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

/** The steady-growth example. */
const steadyPlan: BudgetPlan = STEADY_GROWTH_EXAMPLE;

const CASES: BuilderCases<typeof budgetExcel> = {
  monthNumber: {
    // Month n's column lies n columns right of the origin: the cells fill the columns before it.
    sample: fc.integer({ min: 1, max: 60 }).map((n) => ({
      cells: Array.from({ length: n }, () => 0),
      expected: steadyWith({ months: 60 }).months[n - 1].month,
    })),
    fixed: [{ cells: [0], expected: 1 }],
    formula: (cells) => budgetExcel.monthNumber(`$${cells[0].replace(/\d+$/, "")}$1`),
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
    formula: ([first, month]) => budgetExcel.monthStart(first, month),
  },
  monthDays: {
    // The month's days from its dated heading (calendar months) or a twelfth of the days a year, as the model's.
    sample: monthOf(
      (plan, m) => [plan.monthDays === "calendar" ? 1 : 0, monthSerial(plan.firstMonth, m.month), plan.daysPerYear, 12],
      (m) => m.days,
      () => true,
      false,
    ),
    fixed: [
      // February 2028 counts 29 days, February 2027 28, and a twelfth of 360 is 30 whatever the month
      { cells: [1, monthSerial("2028-02", 1), 360, 12], expected: 29 },
      { cells: [1, monthSerial("2027-02", 1), 360, 12], expected: 28 },
      { cells: [1, monthSerial("2027-12", 1), 360, 12], expected: 31 },
      { cells: [0, monthSerial("2027-02", 1), 360, 12], expected: 30 },
    ],
    formula: ([flag, start, daysPerYear, monthsPerYear]) =>
      budgetExcel.monthDays(flag, start, daysPerYear, monthsPerYear),
  },
  clipsInMonth: {
    sample: monthOf(
      (plan, m) => [plan.monthDays === "calendar" ? 1 : 0, m.clipsPerSecond, m.days, plan.daysPerYear, 12],
      (m) => m.clips,
      () => true,
      false,
    ),
    fixed: [
      {
        cells: [1, 250, 28, 360, 12],
        expected: steadyWith({ monthDays: "calendar", monthlyGrowth: 0 }).months[1].clips,
      },
      { cells: [0, 250, 30, 360, 12], expected: steadyWith({ monthlyGrowth: 0 }).months[1].clips },
    ],
    formula: ([flag, clipsPerSecond, days, daysPerYear, monthsPerYear]) =>
      budgetExcel.clipsInMonth(flag, clipsPerSecond, days, daysPerYear, monthsPerYear),
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
    formula: ([first, growth, month]) => budgetExcel.growthCurve(first, growth, month),
  },
  retrainFlag: {
    sample: monthOf(
      (plan) => [plan.retrainEveryMonths],
      (m) => m.retrainFlag,
    ),
    fixed: [{ cells: [4, 3], expected: steadyWith({}).months[3].retrainFlag }],
    formula: ([month, every]) => budgetExcel.retrainFlag(month, every),
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
    formula: ([month, from, seconds]) => budgetExcel.fromMonthFlag(month, from, seconds),
  },
  whenFilled: {
    // The month's cost while the price is a number, "no price" while it is emptied (the model: hours only).
    sample: fc.tuple(quantity, fc.option(quantity, { nil: null })).map(([hours, price]) => ({
      cells: [hours, price],
      expected: price === null ? "no price" : costOf(hours, price),
    })),
    formula: ([hours, price]) => budgetExcel.whenFilled([price], inExcel.costOf(hours, price), "no price"),
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
    formula: (cells) => budgetExcel.requiredInputsCheck(cells.slice(0, -1), cells.slice(-1)),
  },
  flaggedHours: {
    // A retrain month's training: the flag x hours per run x overhead (the two inputs are the product's).
    sample: monthOf(
      (plan, m) => [m.retrainFlag, plan.hoursPerRun, plan.trainingOverhead],
      (m) => m.trainingHours,
      () => true,
      false,
    ),
    formula: ([flag, hours, overhead]) =>
      budgetExcel.flaggedHours(flag, inExcel.effectiveTrainingHours(hours, overhead)),
  },
  leverSecondsPerClip: {
    sample: monthOf(
      (plan, m) => [m.leverFlag, plan.secondsPerClip, plan.leverSecondsPerClip!],
      (m) => m.secondsPerClip,
      (plan) => plan.leverFromMonth !== undefined,
      false,
    ),
    formula: ([flag, seconds, lever]) => budgetExcel.leverSecondsPerClip(flag, seconds, lever),
  },
  modelCost: {
    // A month of a model priced apart for training: the model's own cost (budget.ts, modelBudgetOf).
    sample: fc
      .tuple(
        budgetPlans().filter((plan) => plan.pricePerHour !== undefined),
        fc.double({ min: 0, max: 100, noNaN: true }),
      )
      .chain(([plan, trainingPrice]) => {
        const result = modelBudgetOf({ ...plan, trainingPricePerHour: trainingPrice });
        if (Array.isArray(result)) return fc.constant({ cells: [0, 0, 0, 0], expected: 0 });
        return fc.integer({ min: 1, max: plan.months }).map((n) => {
          const month = result.months[n - 1];
          return {
            cells: [month.totalHours, plan.pricePerHour!, month.trainingHours, trainingPrice],
            expected: month.cost!,
          };
        });
      }),
    fixed: [{ cells: [2_400 + 7_200, 0.8, 2_400, 4], expected: 2_400 * 4 + 7_200 * 0.8 }],
    formula: ([total, serving, training, trainingPrice]) =>
      budgetExcel.modelCost(total, serving, training, trainingPrice),
  },
  runningTotal: {
    sample: budgetPlans()
      .filter((plan) => plan.pricePerHour !== undefined)
      .map((plan) => {
        const { months } = budgetFigures(plan);
        return { cells: months.map((m) => m.cost!), expected: months[months.length - 1].cumulativeCost! };
      }),
    fixed: [{ cells: steadyWith({}).months.map((m) => m.cost!), expected: steadyWith({}).cost! }],
    formula: (cells) => budgetExcel.runningTotal(cells[0], cells[cells.length - 1]),
  },
  retrainInterval: {
    sample: intervalOf((plan, month, i) => ({ cells: [month, plan.retrainEveryMonths], expected: i.index })),
    formula: ([month, every]) => budgetExcel.retrainInterval(month, every),
  },
  intervalLastMonth: {
    sample: intervalOf((plan, _, i) => ({
      cells: [i.index, plan.retrainEveryMonths, plan.months],
      expected: i.lastMonth,
    })),
    fixed: [{ cells: [4, 3, 12], expected: 12 }],
    formula: ([interval, every, months]) => budgetExcel.intervalLastMonth(interval, every, months),
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
      return budgetExcel.intervalSum(`${cells[0]}:${cells[n - 1]}`, cells[2 * n], `${cells[n]}:${cells[2 * n - 1]}`);
    },
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
    formula: ([cost, soFar, perMonth, budget]) => budgetExcel.overBudgetFlag(cost, soFar, perMonth, budget),
  },
  choiceFlag: {
    sample: fc.constantFrom("per month", "for the horizon", "Per Month").map((choice) => ({
      cells: [choice, "per month"],
      expected: choice.toLowerCase() === "per month" ? 1 : 0,
    })),
    formula: ([choice, option]) => budgetExcel.choiceFlag(choice, option),
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
      return budgetExcel.firstFlagged(`${cells[0]}:${cells[n - 1]}`, `${cells[n]}:${cells[2 * n - 1]}`);
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
    formula: ([first, every]) => budgetExcel.crossoverInterval(first, every),
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
    formula: ([interval, first, last]) => budgetExcel.crossoverSentence(interval, first, last),
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
      budgetExcel.crossoverCheck(interval, crossover, serving, training),
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
    formula: ([a, b, total, tolerance]) => budgetExcel.mismatchFlag(`${a}+${b}`, total, tolerance),
  },
  horizonMonths: {
    sample: budgetPlans().map((plan) => ({
      cells: budgetFigures(plan).months.map((m) => m.month),
      expected: plan.months,
    })),
    formula: (cells) => budgetExcel.horizonMonths(`${cells[0]}:${cells[cells.length - 1]}`),
  },
  savedHours: {
    sample: budgetPlans()
      .filter((plan) => plan.leverFromMonth !== undefined)
      .map((plan) => {
        const { lever, totalHours } = budgetFigures(plan);
        return { cells: [lever!.totalHoursWithout, totalHours], expected: lever!.savedHours };
      }),
    formula: ([without, withLever]) => budgetExcel.savedHours(without, withLever),
  },
  monthsSinceRetrain: {
    sample: budgetPlans().chain((plan) =>
      fc.integer({ min: 1, max: plan.months }).map((n) => ({
        cells: [n, plan.retrainEveryMonths],
        expected: countedStaleness(plan, EXAMPLE_LEDGER_INPUTS).ageMonths[n - 1],
      })),
    ),
    fixed: [3, 4, 7].map((n) => ({
      cells: [n, 3],
      expected: countedStaleness(steadyPlan, EXAMPLE_LEDGER_INPUTS).ageMonths[n - 1],
    })),
    formula: ([month, every]) => budgetExcel.monthsSinceRetrain(month, every),
  },
  stalenessInMonth: {
    sample: fc
      .tuple(
        budgetPlans(),
        fc.double({ min: 1e-9, max: 1e-2, noNaN: true }),
        fc.oneof(fc.constant(0), fc.double({ min: 1e-3, max: 1e3, noNaN: true })),
      )
      // a ledger whose figures the sheet cannot hold is refused (budgetLedger.ts), so has no month to compute
      .filter(
        ([plan, drift, cost]) => countedStaleness(plan, { driftPerMonth: drift, costPerError: cost }) !== undefined,
      )
      .chain(([plan, drift, cost]) =>
        fc.integer({ min: 1, max: plan.months }).map((n) => {
          const staleness = countedStaleness(plan, { driftPerMonth: drift, costPerError: cost });
          const month = budgetFigures(plan).months[n - 1];
          return {
            cells: [month.clips, cost, drift, staleness.ageMonths[n - 1]],
            expected: staleness.costByMonth[n - 1],
          };
        }),
      ),
    // the worked example's third month: 648,000,000 clips x 1.00 x 2e-7 x 2 months of age = 259.2
    fixed: [
      {
        cells: [648e6, 1, 2e-7, 2],
        expected: countedStaleness({ ...steadyPlan, monthlyGrowth: 0 }, EXAMPLE_LEDGER_INPUTS).costByMonth[2],
      },
    ],
    formula: ([clips, cost, drift, age]) => budgetExcel.stalenessInMonth(clips, cost, drift, age),
  },
  countedSum: {
    // a model not counted reads "not counted": left out of the estate's sum, as the model leaves it out
    sample: fc.array(fc.oneof(quantity, fc.constant("not counted")), { minLength: 1, maxLength: 10 }).map((cells) => ({
      cells,
      expected: cells.reduce<number>((sum, cell) => (typeof cell === "number" ? sum + cell : sum), 0),
    })),
    fixed: [{ cells: [1555.2, "not counted", 100], expected: 1655.2 }],
    formula: (cells) => budgetExcel.countedSum(cells),
  },
  ageCheck: {
    // a month's retrain flag, its age and the month before's: 0 where the age follows the flags (the model's ages)
    sample: budgetPlans().chain((plan) =>
      fc
        .tuple(fc.integer({ min: 2, max: Math.max(2, plan.months) }), fc.integer({ min: -1, max: 1 }))
        .map(([n, off]) => {
          const { ageMonths } = countedStaleness(plan, EXAMPLE_LEDGER_INPUTS);
          const month = Math.min(n, plan.months);
          const flag = budgetFigures(plan).months[month - 1].retrainFlag;
          const before = month > 1 ? ageMonths[month - 2] : 0;
          const age = ageMonths[month - 1] + off;
          const follows = flag === 1 ? age === 0 : age === before + 1;
          return { cells: [flag, age, before], expected: follows ? 0 : 1 };
        }),
    ),
    fixed: [
      { cells: [1, 0, 2], expected: 0 },
      { cells: [0, 2, 1], expected: 0 },
      { cells: [0, 7, 1], expected: 1 },
      { cells: [1, 1, 0], expected: 1 },
    ],
    formula: ([flag, age, before]) => budgetExcel.ageCheck(flag, age, before),
  },
};

/** The counted staleness of `plan` with `ledger` (budgetLedger.ts). */
function countedStaleness(plan: BudgetPlan, ledger: LedgerInputs): BudgetStaleness {
  const result = budgetOf(plan, ledger);
  if (Array.isArray(result)) throw new Error(result.map((p) => p.message).join(" "));
  const staleness = result.staleness;
  return staleness && "counted" in staleness && staleness.counted ? staleness : (undefined as never);
}

testBuilders(budgetExcel, CASES);
