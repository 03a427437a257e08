/*
 * The Estate view's models as models of the monthly plan (issue 29): the cadence in whole months, the re-scans a
 * year spread over the horizon, the prices and shares as they are; the worked example's plan from them.
 */
import { EXAMPLE_ESTATE } from "../../../src/estate/model";
import {
  budgetModelOfEstate,
  estateModelsPlan,
  NEW_BUDGET_ESTATE,
  EXAMPLE_BUDGET_ESTATE,
} from "../../../src/budget/model/budgetModels";
import { estateBudgetOf, EstateBudgetResult } from "../../../src/budget/model/estateBudget";

const [A, , C] = EXAMPLE_ESTATE.models;

test("runs a year, days or months between retrains become a retrain every 12 / runs months", () => {
  expect(budgetModelOfEstate(A, 360, 12).retrainEveryMonths).toBe(3);
  expect(budgetModelOfEstate(C, 360, 12).retrainEveryMonths).toBe(6);
  expect(budgetModelOfEstate({ ...A, cadence: 90, cadenceUnit: "days" }, 360, 12).retrainEveryMonths).toBe(3);
  expect(budgetModelOfEstate({ ...A, cadence: 2, cadenceUnit: "months" }, 360, 12).retrainEveryMonths).toBe(2);
});

test("a cadence that is not whole months is said by the plan's checks, named by its model, never rounded", () => {
  const plan = estateModelsPlan(NEW_BUDGET_ESTATE, {
    ...EXAMPLE_ESTATE,
    models: [{ ...A, cadence: 45, cadenceUnit: "days" }],
  });
  expect(plan.models[0].retrainEveryMonths).toBe(1.5);
  const problems = estateBudgetOf(plan);
  expect(Array.isArray(problems) && problems[0]).toMatchObject({ key: "retrainEveryMonths", model: 0 });
});

test("re-scans a year are spread evenly over the horizon, the year's hours kept past one a month", () => {
  const withRescans = (rescanEvents: number) =>
    budgetModelOfEstate({ ...A, rescanEvents, rescanHoursEach: 50 }, 360, 24);
  expect(withRescans(2)).toMatchObject({ rescanHours: 50, rescanMonths: [6, 12, 18, 24] });
  expect(withRescans(4).rescanMonths).toEqual([3, 6, 9, 12, 15, 18, 21, 24]);
  expect(withRescans(5).rescanMonths.filter((m) => m <= 12)).toHaveLength(5);
  expect(withRescans(24)).toMatchObject({
    rescanHours: 100,
    rescanMonths: Array.from({ length: 24 }, (_, i) => i + 1),
  });
  expect(withRescans(0)).toMatchObject({ rescanHours: 0, rescanMonths: [] });
});

test("the estate's models on a budget's plan keep its horizon, traffic and money; the example is 191,200 h", () => {
  const plan = estateModelsPlan(NEW_BUDGET_ESTATE, EXAMPLE_ESTATE);
  const { models: _a, ...shared } = plan;
  const { models: _b, ...before } = NEW_BUDGET_ESTATE;
  expect(shared).toEqual(before);
  expect(plan.models.map((m) => [m.name, m.shareScored, m.trainingPricePerHour, m.servingPricePerHour])).toEqual(
    EXAMPLE_ESTATE.models.map((m) => [m.name, m.shareScored, m.trainingPricePerHour, m.servingPricePerHour]),
  );
  const result = estateBudgetOf(EXAMPLE_BUDGET_ESTATE) as EstateBudgetResult;
  expect(result.totalHours).toBeCloseTo(191_200, 6);
  expect(result.cost).toBeCloseTo(350_080, 6);
});
