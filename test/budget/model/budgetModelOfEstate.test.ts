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
import { estateBudgetOf, EstateBudgetResult, EstateStaleness } from "../../../src/budget/model/estateBudget";
import { BudgetStaleness, stalenessOf } from "../../../src/budget/model/budgetLedger";
import { EXAMPLE_LEDGER_INPUTS } from "../../../src/ledgers/model";

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

describe("the estate's per-model ledgers in the budget (issue 30)", () => {
  const [, B] = EXAMPLE_ESTATE.models;
  /** The estate's example with A's ledger the seed's (drift 2e-7, two minutes of review at 30.00 an hour). */
  const LEDGER_ESTATE = {
    ...EXAMPLE_ESTATE,
    models: EXAMPLE_ESTATE.models.map((m, i) => (i === 0 ? { ...m, ...EXAMPLE_LEDGER_INPUTS } : m)),
  };

  test("A's ledger is carried as it is: the estate and the budget declare the same LEDGER_FIELDS and units", () => {
    expect(budgetModelOfEstate({ ...A, ...EXAMPLE_LEDGER_INPUTS }, 360, 12).ledger).toEqual(EXAMPLE_LEDGER_INPUTS);
    // a model with no ledger typed has none: the budget adds nothing for it
    expect(budgetModelOfEstate(B, 360, 12)).not.toHaveProperty("ledger");
    expect(budgetModelOfEstate({ ...B, driftPerMonth: undefined }, 360, 12)).not.toHaveProperty("ledger");
  });

  test("A's staleness row is the budget ledger's own for the same inputs; B and C stay not counted", () => {
    const plan = estateModelsPlan(EXAMPLE_BUDGET_ESTATE, LEDGER_ESTATE);
    const result = estateBudgetOf(plan) as EstateBudgetResult;
    const a = result.models[0].budget;
    // The budget ledger's own figures: A's months (its retrain flags, its clips) through stalenessOf.
    const own = stalenessOf(
      a.months.map((m) => ({ retrainFlag: m.retrainFlag, scoredClips: m.clips })),
      EXAMPLE_LEDGER_INPUTS,
    ) as BudgetStaleness;
    expect(a.staleness).toEqual(own);
    // The seed's model quarterly, 30-day months of 250 clips/s: 129.60 a month, 1,555.20 a year.
    expect(own.perMonth).toBeCloseTo(129.6, 9);
    expect(own.perYear).toBeCloseTo(1555.2, 9);
    expect(result.models.slice(1).map((m) => m.budget.staleness)).toEqual([undefined, undefined]);
    const estate = result.staleness as EstateStaleness;
    expect(estate.counted).toEqual([A.name]);
    expect(estate.notCounted).toEqual([EXAMPLE_ESTATE.models[1].name, EXAMPLE_ESTATE.models[2].name]);
    expect(estate.costByMonth).toEqual(own.costByMonth);
  });

  test("an estate with no ledger gives the budget it gave before: no staleness at all", () => {
    const result = estateBudgetOf(EXAMPLE_BUDGET_ESTATE) as EstateBudgetResult;
    expect(EXAMPLE_BUDGET_ESTATE.models.every((m) => m.ledger === undefined)).toBe(true);
    expect(result.staleness).toBeUndefined();
  });
});
