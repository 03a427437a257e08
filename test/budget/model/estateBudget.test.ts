/* The budget over time per model (issue 29): one model is today's budget exactly; the estate's worked example; the
   models add up to the estate; the checks name the model. */
import fc from "fast-check";
import { budgetOf, BudgetResult } from "../../../src/budget/model/budget";
import { NEW_BUDGET_PLAN } from "../../../src/budget/model/budgetFields";
import {
  BudgetEstatePlan,
  checkBudgetEstate,
  EXAMPLE_BUDGET_ESTATE,
  NEW_BUDGET_ESTATE,
  oneModelPlan,
} from "../../../src/budget/model/budgetModels";
import { ESTATE_MONTH_SUMS, estateBudgetOf, EstateBudgetResult } from "../../../src/budget/model/estateBudget";
import { MAX_ESTATE_MODELS } from "../../../src/estate/model";
import { budgetPlan } from "./budgetArbitraries";

const estateOf = (plan: BudgetEstatePlan): EstateBudgetResult => {
  const result = estateBudgetOf(plan);
  if (Array.isArray(result)) throw new Error(result.map((p) => p.message).join("; "));
  return result;
};

/** The figures of today's result the estate's horizon repeats. */
const HORIZON_KEYS = [
  "trainingHours",
  "rescanHours",
  "servingHoursConsumed",
  "servingHoursPaid",
  "totalHours",
  "clips",
  "trainingShare",
  "servingShare",
  "rescanShare",
  "cost",
  "costPerThousandAverage",
  "costPerThousandMarginal",
  "firstMonthOverBudget",
] as const;

describe("one model is today's budget, to the last bit", () => {
  test("over every plan the field checks allow", () => {
    fc.assert(
      fc.property(budgetPlan, (plan) => {
        const today = budgetOf(plan);
        const estate = estateBudgetOf(oneModelPlan(plan));
        if (Array.isArray(today)) {
          // the same refusals, in the same words (the one price is the model's serving price)
          expect(Array.isArray(estate)).toBe(true);
          const said = (estate as { message: string }[]).map((p) => p.message.replace(/^Model 1: /, ""));
          expect(said).toEqual(today.map((p) => p.message));
          return;
        }
        expect(Array.isArray(estate)).toBe(false);
        const result = estate as EstateBudgetResult;
        for (const key of HORIZON_KEYS) expect([key, result[key]]).toEqual([key, today[key]]);
        result.months.forEach((month, i) => {
          const own = today.months[i];
          for (const key of ESTATE_MONTH_SUMS) expect(Object.is(month[key], own[key])).toBe(true);
          for (const key of ["clips", "cost", "cumulativeCost", "overBudget", "label", "days"] as const) {
            expect(Object.is(month[key], own[key])).toBe(true);
          }
        });
        // the model's own budget is today's without the money budget (the estate's to hold)
        const unbudgeted = budgetOf({ ...plan, budgetAmount: undefined }) as BudgetResult;
        expect(result.models[0].budget).toEqual(unbudgeted);
      }),
      { numRuns: 300 },
    );
  });

  test("a new plan is today's defaults, one model", () => {
    expect(NEW_BUDGET_ESTATE.models).toHaveLength(1);
    expect(estateOf(NEW_BUDGET_ESTATE).totalHours).toBe((budgetOf(NEW_BUDGET_PLAN) as BudgetResult).totalHours);
  });
});

describe("the estate's worked example as a monthly plan (docs/cost-model.md)", () => {
  const result = estateOf(EXAMPLE_BUDGET_ESTATE);
  const near = (actual: number | undefined, expected: number) => expect(actual).toBeCloseTo(expected, 6);

  test("its year: 7,600 h training, 183,600 h serving, 191,200 h and 350,080.00", () => {
    near(result.trainingHours, 7_600);
    near(result.servingHoursPaid, 183_600);
    near(result.totalHours, 191_200);
    near(result.cost, 350_080);
    near(result.clips, 7_776_000_000);
    near(result.trainingShare, 7_600 / 191_200);
  });

  test("each model's runs fall in its own retrain months", () => {
    const months = (i: number) => result.models[i].budget.months.filter((m) => m.trainingHours > 0).map((m) => m.month);
    expect(months(0)).toEqual([1, 4, 7, 10]);
    expect(months(2)).toEqual([1, 7]);
    expect(result.months.map((m) => m.trainingHours)).toEqual([2900, 0, 0, 900, 0, 0, 2900, 0, 0, 900, 0, 0]);
  });

  test("each model's serving is its share of the clips, at its own price", () => {
    const c = result.models[2].budget;
    near(c.servingHoursPaid, 54_000);
    near(c.cost, 4_000 * 4 + 54_000 * 4);
    const a = result.models[0].budget;
    near(a.cost, 2_400 * 4 + 86_400 * 0.8);
    near(a.costPerThousandAverage, ((2_400 * 4 + 86_400 * 0.8) / 7_776_000_000) * 1000);
    near(result.costPerThousandMarginal, ((0.04 * 0.8 + 0.02 * 0.8 + 0.5 * 0.05 * 4) / 3600) * 1000);
  });

  test("the models add up to the estate, month by month and over the horizon", () => {
    for (const key of ESTATE_MONTH_SUMS) {
      const byModels = result.models.reduce((sum, m) => sum + m.budget[key], 0);
      near(byModels, result[key]);
    }
    near(
      result.models.reduce((sum, m) => sum + m.budget.cost!, 0),
      result.cost!,
    );
  });

  test("the money budget is the estate's", () => {
    const budgeted = estateOf({ ...EXAMPLE_BUDGET_ESTATE, budgetAmount: 30_000, budgetPer: "month" });
    expect(budgeted.firstMonthOverBudget).toBe(1);
    expect(budgeted.months.map((m) => m.overBudget)).toEqual(
      [true, ...Array(11).fill(false)].map((over, i) => over || [3, 6, 9].includes(i)),
    );
    expect(budgeted.models[0].budget.firstMonthOverBudget).toBeUndefined();
  });
});

describe("the checks name the model", () => {
  const plan = EXAMPLE_BUDGET_ESTATE;
  const withModel = (index: number, change: object): BudgetEstatePlan => ({
    ...plan,
    models: plan.models.map((m, i) => (i === index ? { ...m, ...change } : m)),
  });

  test("a share above 1, a blank name, two models of one name", () => {
    const share = checkBudgetEstate(withModel(2, { shareScored: 1.5 }));
    expect(share).toEqual([expect.objectContaining({ key: "shareScored", model: 2 })]);
    expect(checkBudgetEstate(withModel(1, { name: " " }))[0]).toMatchObject({ key: "name", model: 1 });
    const twice = checkBudgetEstate(withModel(1, { name: "A policy classifier" }));
    expect(twice[0]).toMatchObject({ key: "name", model: 1, message: expect.stringContaining("Two models") });
  });

  test("a model's own field of today's plan, by its model; a shared field once", () => {
    expect(checkBudgetEstate(withModel(1, { retrainEveryMonths: 13 }))).toEqual([
      expect.objectContaining({ key: "retrainEveryMonths", model: 1 }),
    ]);
    expect(checkBudgetEstate({ ...plan, months: 61 })).toEqual([expect.objectContaining({ key: "months" })]);
    expect(checkBudgetEstate({ ...plan, months: 61 })[0].model).toBeUndefined();
  });

  test("prices for some models and not others", () => {
    const found = checkBudgetEstate(withModel(1, { servingPricePerHour: undefined }));
    expect(found).toEqual([expect.objectContaining({ key: "servingPricePerHour", model: 1 })]);
    const none = plan.models.map((m) => ({ ...m, trainingPricePerHour: undefined, servingPricePerHour: undefined }));
    expect(checkBudgetEstate({ ...plan, models: none })).toEqual([]);
    expect(estateOf({ ...plan, models: none }).cost).toBeUndefined();
  });

  test("1 to 20 models", () => {
    expect(checkBudgetEstate({ ...plan, models: [] })[0].key).toBe("models");
    const many = Array.from({ length: MAX_ESTATE_MODELS + 1 }, (_, i) => ({ ...plan.models[0], name: `M${i}` }));
    expect(checkBudgetEstate({ ...plan, models: many })[0].key).toBe("models");
    expect(checkBudgetEstate({ ...plan, models: many.slice(1) })).toEqual([]);
  });

  test("a model that cannot be computed is named", () => {
    const idle = withModel(1, { hoursPerRun: 0, shareScored: 0 });
    const found = estateBudgetOf(idle);
    expect(found).toEqual([
      expect.objectContaining({ model: 1, message: expect.stringMatching(/^B second opinion: /) }),
    ]);
  });
});
