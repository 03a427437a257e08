/* Both ledgers over the budget's months (issue 30): the age row from the retrain months, the staleness by month and
   its total against docs/cost-model.md's worked example and STALENESSCOST's average; a blank ledger leaves every
   figure of today's budget as it was (Object.is); per model in an estate, the estate's staleness their sum. */
import fc from "fast-check";
import { budgetOf, BudgetResult } from "../../../src/budget/model/budget";
import { STEADY_GROWTH_EXAMPLE, BudgetPlan } from "../../../src/budget/model/budgetFields";
import { ageMonths, BudgetStaleness, budgetLedgerSetting } from "../../../src/budget/model/budgetLedger";
import { EXAMPLE_BUDGET_ESTATE, oneModelPlan, withOneLedger } from "../../../src/budget/model/budgetModels";
import { estateBudgetOf, EstateBudgetResult, EstateStaleness } from "../../../src/budget/model/estateBudget";
import {
  EXAMPLE_LEDGER_INPUTS,
  LEDGER_FIELDS,
  LedgerField,
  ledgerFigures,
  LedgerFigures,
  LedgerInputs,
  ONE_LEDGER_ONLY,
  stalenessCost,
} from "../../../src/ledgers/model";
import { isProblem } from "../../../src/core/model/problems";
import { budgetPlan } from "./budgetArbitraries";

const resultOf = (plan: BudgetPlan, ledger?: LedgerInputs): BudgetResult => {
  const result = budgetOf(plan, ledger);
  if (Array.isArray(result)) throw new Error(result.map((p) => p.message).join("; "));
  return result;
};
const stalenessOf = (plan: BudgetPlan, ledger: LedgerInputs = EXAMPLE_LEDGER_INPUTS): BudgetStaleness => {
  const staleness = resultOf(plan, ledger).staleness;
  if (!staleness || isProblem(staleness) || !staleness.counted) throw new Error(`not counted: ${String(staleness)}`);
  return staleness;
};

/** The seed's model, flat: 250 clips/s in 30-day months, 648,000,000 clips a month (docs/cost-model.md). */
const FLAT: BudgetPlan = { ...STEADY_GROWTH_EXAMPLE, monthlyGrowth: 0 };

describe("the age row: whole months since the last retrain", () => {
  test("0 in a retrain month, one more each month after", () => {
    expect(ageMonths([1, 0, 0, 1, 0, 0, 1])).toEqual([0, 1, 2, 0, 1, 2, 0]);
    expect(stalenessOf({ ...FLAT, retrainEveryMonths: 4 }).ageMonths).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]);
  });

  test("is (month - 1) mod k, as the sheet's formula reads it, over every plan", () => {
    fc.assert(
      fc.property(budgetPlan, (plan) => {
        const result = budgetOf(plan, EXAMPLE_LEDGER_INPUTS);
        if (Array.isArray(result)) return;
        const staleness = result.staleness as BudgetStaleness;
        expect(staleness.ageMonths).toEqual(result.months.map((m) => (m.month - 1) % plan.retrainEveryMonths));
      }),
      { numRuns: 40 },
    );
  });
});

describe("the staleness by month (docs/cost-model.md, 'Both ledgers')", () => {
  test.each([
    [3, 129.6],
    [4, 194.4],
    [5, 259.2],
    [12, 712.8],
  ])("every %i months, flat: %f a month on average, as STALENESSCOST says", (k, perMonth) => {
    // 60 months: a whole number of every one of these cadences
    const staleness = stalenessOf({ ...FLAT, months: 60, retrainEveryMonths: k });
    expect(staleness.perMonth).toBeCloseTo(perMonth, 9);
    expect(staleness.perYear).toBeCloseTo(perMonth * 12, 8);
    expect(staleness.perMonth).toBeCloseTo(stalenessCost(648e6, 2e-7, 1, k) as number, 9);
  });

  test("a month costs clips x drift x age x the cost of one error; the total is their sum", () => {
    const staleness = stalenessOf(FLAT);
    // quarterly: ages 0, 1, 2; 648e6 x 2e-7 x 1 = 129.6 a month of age
    expect(staleness.costByMonth.slice(0, 3).map((x) => Number(x.toFixed(9)))).toEqual([0, 129.6, 259.2]);
    expect(staleness.total).toBeCloseTo(129.6 * 12, 8);
    expect(staleness.drift).toBe(2e-7);
    expect(staleness.costPerError).toBe(1);
  });

  test("the average over k months is N x c x d x (k - 1) / 2, for flat traffic, over any whole cadences", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.double({ min: 1e-9, max: 1e-2, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (k, cycles, drift, cost) => {
          const months = k * cycles;
          const staleness = stalenessOf(
            { ...FLAT, months, retrainEveryMonths: k },
            { driftPerMonth: drift, costPerError: cost },
          );
          const expected = stalenessCost(648e6, drift, cost, k) as number;
          expect(Math.abs(staleness.perMonth - expected)).toBeLessThanOrEqual(1e-12 * Math.max(1, expected));
        },
      ),
      { numRuns: 200 },
    );
  });

  test("with growth the later months weigh more: each month its own clips", () => {
    const plan = STEADY_GROWTH_EXAMPLE;
    const result = resultOf(plan, EXAMPLE_LEDGER_INPUTS);
    const staleness = result.staleness as BudgetStaleness;
    result.months.forEach((m, i) => expect(staleness.costByMonth[i]).toBe(m.clips * 1 * 2e-7 * ((m.month - 1) % 3)));
  });

  test("a ledger without drift or an error cost is not counted, in the one-ledger sentence", () => {
    expect(resultOf(FLAT, { otherCostPerRun: 50 }).staleness).toEqual({ counted: false, sentence: ONE_LEDGER_ONLY });
    expect(resultOf(FLAT, { driftPerMonth: 2e-7 }).staleness).toEqual({ counted: false, sentence: ONE_LEDGER_ONLY });
  });

  test("a ledger out of its bounds is its problem, and the compute figures stand", () => {
    const result = resultOf(FLAT, { driftPerMonth: -1, costPerError: 1 });
    expect(isProblem(result.staleness)).toBe(true);
    expect(result.totalHours).toBe(resultOf(FLAT).totalHours);
    const tiny = resultOf(FLAT, { driftPerMonth: 1e-200, costPerError: 1 }).staleness;
    expect(isProblem(tiny) && tiny.message).toMatch(/1e-100/);
  });
});

/** Each ledger quantity's values a planner types, in its bounds. */
const DOMAINS: Record<LedgerField["quantity"], fc.Arbitrary<number>> = {
  driftFraction: fc.oneof(fc.constant(0), fc.double({ min: 1e-9, max: 1e-2, noNaN: true })),
  money: fc.double({ min: 0, max: 1e3, noNaN: true }),
  minutes: fc.double({ min: 0, max: 60, noNaN: true }),
};

/** A ledger a planner could type, from LEDGER_FIELDS: each field blank or in its bounds. */
const ledgerInputs = fc.record(
  Object.fromEntries(LEDGER_FIELDS.map((field) => [field.key, fc.option(DOMAINS[field.quantity], { nil: undefined })])),
  { requiredKeys: [] },
) as fc.Arbitrary<LedgerInputs>;

/** Every figure of a result, as [path, value] pairs, the months' too. */
function figuresOf(result: BudgetResult | unknown): [string, unknown][] {
  const out: [string, unknown][] = [];
  const walk = (value: unknown, path: string) => {
    if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`);
    } else out.push([path, value]);
  };
  walk(result, "");
  return out;
}

describe("a blank ledger leaves today's budget as it was, to the bit", () => {
  test.each([[undefined], [{}], [{ driftPerMonth: undefined, costPerError: undefined }]])(
    "over every plan the fields allow: ledger %p",
    (blank) => {
      fc.assert(
        fc.property(budgetPlan, (plan) => {
          const today = budgetOf(plan);
          const withBlank = budgetOf(plan, blank as LedgerInputs | undefined);
          const a = figuresOf(today);
          const b = figuresOf(withBlank);
          expect(b.map(([path]) => path)).toEqual(a.map(([path]) => path));
          b.forEach(([, value], i) => expect(Object.is(value, a[i][1])).toBe(true));
        }),
        { numRuns: 40 },
      );
    },
  );

  test("a ledger given adds its staleness and changes no compute figure", () => {
    fc.assert(
      fc.property(budgetPlan, ledgerInputs, (plan, ledger) => {
        const today = budgetOf(plan);
        const both = budgetOf(plan, ledger);
        if (Array.isArray(today)) return expect(both).toEqual(today);
        const { staleness, ...compute } = both as BudgetResult;
        const a = figuresOf(today);
        const b = figuresOf(compute);
        b.forEach(([path, value], i) => expect([path, Object.is(value, a[i][1])]).toEqual([a[i][0], true]));
        if (Object.values(ledger).some((v) => v !== undefined)) expect(staleness).toBeDefined();
      }),
      { numRuns: 40 },
    );
  });
});

describe("the section's setting: ledgers/model's figures over the budget's run, clips and cadence", () => {
  test("the flat seed's model is the worked example: 4.3033 months, best whole month 4 at 494.40", () => {
    const result = resultOf(FLAT);
    const setting = budgetLedgerSetting(
      FLAT,
      result.months.map((m) => m.clips),
      EXAMPLE_LEDGER_INPUTS,
    );
    const figures = ledgerFigures(setting, EXAMPLE_LEDGER_INPUTS) as LedgerFigures;
    expect(figures.stalenessPerMonth).toBeCloseTo(129.6, 9);
    const economic = figures.economic as Exclude<LedgerFigures["economic"], { kind: string }>;
    expect(economic.months).toBeCloseTo(4.3033, 4);
    expect(economic.best.months).toBe(4);
    expect(economic.best.costPerMonth).toBeCloseTo(494.4, 9);
  });
});

describe("per model in an estate", () => {
  test("one model's ledger is today's plan's: the same staleness, to the bit", () => {
    const estate = estateBudgetOf(withOneLedger(oneModelPlan(FLAT), EXAMPLE_LEDGER_INPUTS)) as EstateBudgetResult;
    const own = stalenessOf(FLAT);
    const sum = estate.staleness as EstateStaleness;
    expect(sum.costByMonth.every((cost, i) => Object.is(cost, own.costByMonth[i]))).toBe(true);
    expect(Object.is(sum.total, own.total)).toBe(true);
    expect(sum).toMatchObject({ counted: ["Model 1"], notCounted: [] });
  });

  test("a blank ledger adds nothing to the estate", () => {
    expect(withOneLedger(oneModelPlan(FLAT), {})).toEqual(oneModelPlan(FLAT));
    expect((estateBudgetOf(oneModelPlan(FLAT)) as EstateBudgetResult).staleness).toBeUndefined();
  });

  test("the estate's staleness adds its counted models' months, each scoring its share of the clips", () => {
    const [first, second, third] = EXAMPLE_BUDGET_ESTATE.models;
    const plan = {
      ...EXAMPLE_BUDGET_ESTATE,
      models: [
        { ...first, ledger: EXAMPLE_LEDGER_INPUTS },
        second,
        { ...third, ledger: { driftPerMonth: 1e-6, costPerError: 3 } },
      ],
    };
    const estate = estateBudgetOf(plan) as EstateBudgetResult;
    const sum = estate.staleness as EstateStaleness;
    const a = estate.models[0].budget.staleness as BudgetStaleness;
    const c = estate.models[2].budget.staleness as BudgetStaleness;
    expect(estate.models[1].budget.staleness).toBeUndefined();
    expect(sum.costByMonth).toEqual(a.costByMonth.map((x, i) => 0 + x + c.costByMonth[i]));
    expect(sum.total).toBeCloseTo(a.total + c.total, 6);
    expect(sum.notCounted).toEqual([second.name]);
    // the third scores its share of the clips
    const month2 = estate.models[2].budget.months[1];
    expect(c.costByMonth[1]).toBe(month2.clips * third.shareScored * 3 * 1e-6 * c.ageMonths[1]);
  });

  test("a model's ledger refused is the estate's problem, named", () => {
    const [first, ...rest] = EXAMPLE_BUDGET_ESTATE.models;
    const plan = { ...EXAMPLE_BUDGET_ESTATE, models: [{ ...first, ledger: { driftPerMonth: 2 } }, ...rest] };
    const staleness = (estateBudgetOf(plan) as EstateBudgetResult).staleness;
    expect(isProblem(staleness) && staleness.message).toMatch(new RegExp(`^${first.name}: `));
  });
});
