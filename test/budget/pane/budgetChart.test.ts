/*
 * The budget chart's geometry from the model: one column a month, serving used at its foot, idle capacity over it,
 * training's spike on top in the retrain months only, the cumulative cost rising to the horizon's cost, and the
 * horizon's budget on the cost axis.
 */
import { unwrap } from "../../support/unwrap";
import { budgetOf, BudgetPlan, BudgetResult } from "../../../src/budget/model/budget";
import { LAUNCH_RAMP_EXAMPLE, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { Problem } from "../../../src/core/model/problems";
import { chartModel, niceCeiling } from "../../../src/budget/pane/budgetChart";

const resultOf = (plan: BudgetPlan) => unwrap(budgetOf(plan) as BudgetResult | Problem) as BudgetResult;

test("a column a month, stacked from serving used up, training only in the retrain months", () => {
  const plan = { ...STEADY_GROWTH_EXAMPLE, peakToMean: 2 };
  const result = resultOf(plan);
  const chart = chartModel(plan, result);
  const training = chart.bars.filter((b) => b.kind === "training").map((b) => b.month);
  expect(training).toEqual(result.months.filter((m) => m.retrainFlag === 1).map((m) => m.month));
  expect(training).toEqual([1, 4, 7, 10]);
  for (const month of result.months) {
    const parts = chart.bars.filter((b) => b.month === month.month);
    expect(parts[0].kind).toBe("used");
    // Each layer sits on the one below it, and the column's height is the month's hours on the axis's scale.
    for (let i = 1; i < parts.length; i += 1) expect(parts[i].y + parts[i].height).toBeCloseTo(parts[i - 1].y, 9);
    const height = parts.reduce((sum, p) => sum + p.height, 0);
    const scale =
      (chart.plot.bottom - chart.plot.top) / niceCeiling(Math.max(...result.months.map((m) => m.totalHours)));
    expect(height).toBeCloseTo(month.totalHours * scale, 9);
    expect(parts[0].height / height).toBeCloseTo(month.servingHoursConsumed / month.totalHours, 9);
  }
  // Within the plot, and the tallest column reaches no higher than its top.
  for (const bar of chart.bars) {
    expect(bar.x).toBeGreaterThanOrEqual(chart.plot.left);
    expect(bar.x + bar.width).toBeLessThanOrEqual(chart.plot.right + 1e-9);
    expect(bar.y).toBeGreaterThanOrEqual(chart.plot.top - 1e-9);
  }
});

test("the cumulative cost rises month by month to the horizon's cost, and the horizon's budget is a line", () => {
  const plan: BudgetPlan = { ...STEADY_GROWTH_EXAMPLE, budgetAmount: 200_000, budgetPer: "horizon" };
  const result = resultOf(plan);
  const chart = chartModel(plan, result);
  const ys = chart.cumulative!.map((p) => p.y);
  for (let i = 1; i < ys.length; i += 1) expect(ys[i]).toBeLessThan(ys[i - 1]);
  // The cost axis tops at a nice number above the cost: 250K for $234,006.62.
  expect(chart.costTicks!.map((t) => t.label)).toEqual(["0", "125K", "250K"]);
  const span = chart.plot.bottom - chart.plot.top;
  expect(chart.budgetLine!).toBeCloseTo(chart.plot.bottom - (200_000 / 250_000) * span, 9);
  expect(chart.cumulative![11].y).toBeCloseTo(chart.plot.bottom - (result.cost! / 250_000) * span, 9);
  // Hours only: no cost line, no cost axis.
  const hours = { ...STEADY_GROWTH_EXAMPLE, pricePerHour: undefined };
  expect(chartModel(hours, resultOf(hours)).cumulative).toBeUndefined();
});

test("month labels never crowd: every other month of a year, a step over five years, the year under January", () => {
  const year = chartModel(LAUNCH_RAMP_EXAMPLE, resultOf(LAUNCH_RAMP_EXAMPLE));
  expect(year.monthTicks.map((t) => t.label)).toEqual(["Jan", "Mar", "May", "Jul", "Sep", "Nov"]);
  expect(year.monthTicks[0]).toMatchObject({ label: "Jan", year: "2027" });
  const five = { ...LAUNCH_RAMP_EXAMPLE, months: 60, monthlyGrowth: 0.05 };
  const long = chartModel(five, resultOf(five));
  for (let i = 1; i < long.monthTicks.length; i += 1) {
    expect(long.monthTicks[i].x - long.monthTicks[i - 1].x).toBeGreaterThanOrEqual(24);
  }
  expect(long.monthTicks.filter((t) => t.year).map((t) => t.year)).toEqual(["2027", "2028", "2029", "2030", "2031"]);
});

test("nice ceilings", () => {
  expect([0, 1, 7, 12_314.4, 20_000, 234_006.62, 2.6e9].map(niceCeiling)).toEqual([
    1, 1, 10, 20_000, 20_000, 250_000, 5e9,
  ]);
});
