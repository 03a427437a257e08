/*
 * The budget view's answer for the Estate view's models (issue 29): the worked example's three models
 * (docs/cost-model.md, "Several models in one plan") as a monthly plan, each model's line, the estate's summary and
 * the months the table and the chart show.
 */
import { EXAMPLE_BUDGET_ESTATE, estateModelsPlan } from "../../../src/budget/model/budgetModels";
import { EXAMPLE_ESTATE } from "../../../src/estate/model";
import { EXAMPLE_LEDGER_INPUTS } from "../../../src/ledgers/model";
import { estateBudgetOf, EstateBudgetResult } from "../../../src/budget/model/estateBudget";
import { estateBudgetSummary, estateMonthsShown, modelLines } from "../../../src/budget/pane/budgetEstateSummary";

const result = estateBudgetOf(EXAMPLE_BUDGET_ESTATE) as EstateBudgetResult;

test("the estate's summary shows the worked example's year: 191,200 h, 350,080.00, training 3.97%", () => {
  const summary = estateBudgetSummary(EXAMPLE_BUDGET_ESTATE, result);
  const value = (label: string) => summary.figures.find((f) => f.label === label)?.value;
  expect(value("Total, 12 months")).toBe("191,200 h");
  expect(value("Training")).toBe("7,600 h");
  expect(value("Serving paid")).toBe("183,600 h");
  expect(value("Cost, USD")).toBe("350,080.00");
  expect(value("Training's share")).toBe("3.97%");
  expect(summary.answer).toContain("3 models");
  expect(summary.sentence).toContain("A policy classifier 46.44%, B second opinion 23.22%, C escalation 30.33%");
});

test("a line a model: its hours, its shares of the estate's hours and money, its cost and its own crossover", () => {
  const lines = modelLines(EXAMPLE_BUDGET_ESTATE, result);
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(/^A policy classifier: 88,800 h \(46\.44% of the hours, 22\.49% of the money\), /);
  expect(lines[1]).toMatch(/^B second opinion: 44,400 h \(23\.22% of the hours, 11\.24% of the money\), /);
  expect(lines[2]).toMatch(/^C escalation: 58,000 h \(30\.33% of the hours, 66\.27% of the money\), /);
  for (const line of lines) expect(line).toMatch(/serving-dominated|overtakes|Training-dominated/);
});

test("the months shown are the estate's rows, a retrain month one where any model trains", () => {
  const shown = estateMonthsShown(result);
  expect(shown.months.map((m) => m.totalHours)).toEqual(result.months.map((m) => m.totalHours));
  expect(shown.cost).toBe(result.cost);
  // A and B retrain in months 1, 4, 7, 10; C in 1 and 7
  expect(shown.months.filter((m) => m.retrainFlag === 1).map((m) => m.month)).toEqual([1, 4, 7, 10]);
});

describe("the estate's models with A's ledger typed in the Estate view (issue 30)", () => {
  const plan = estateModelsPlan(EXAMPLE_BUDGET_ESTATE, {
    ...EXAMPLE_ESTATE,
    models: EXAMPLE_ESTATE.models.map((m, i) => (i === 0 ? { ...m, ...EXAMPLE_LEDGER_INPUTS } : m)),
  });
  const withLedger = estateBudgetOf(plan) as EstateBudgetResult;

  test("the summary carries the counted models' staleness as one model's: 129.60 a month, 1,555.20 a year", () => {
    const value = (label: string) => estateBudgetSummary(plan, withLedger).figures.find((f) => f.label === label);
    expect(value("Staleness a month, USD")).toMatchObject({ value: "129.60", note: "average" });
    expect(value("Staleness a year, USD")?.value).toBe("1,555.20");
    expect(value("Staleness, 12 months, USD")).toMatchObject({ value: "1,555.20", note: "apart from the cost" });
  });

  test("A's line says its staleness; B and C, without a ledger, say theirs is not counted", () => {
    const lines = modelLines(plan, withLedger);
    expect(lines[0]).toContain("Staleness 1,555.20 USD a year.");
    expect(lines[1]).toContain("Staleness not counted.");
    expect(lines[2]).toContain("Staleness not counted.");
  });

  test("an estate without a ledger shows no staleness at all", () => {
    const summary = estateBudgetSummary(EXAMPLE_BUDGET_ESTATE, result);
    expect(summary.figures.some((f) => f.label.startsWith("Staleness"))).toBe(false);
    expect(modelLines(EXAMPLE_BUDGET_ESTATE, result).some((line) => line.includes("Staleness"))).toBe(false);
  });
});
