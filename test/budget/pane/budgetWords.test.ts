/* The line under a budget field: how its text was read, in the calendar months and percentages a planner means. */
import { unwrap } from "../../support/unwrap";
import { budgetOf, BudgetResult } from "../../../src/budget/model/budget";
import { NEW_BUDGET_PLAN, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { Problem } from "../../../src/core/model/problems";
import { readingHint } from "../../../src/budget/pane/budgetWords";

const texts = { firstMonth: "2027-01", monthlyGrowth: "5", rescanMonths: "3, 9", leverFromMonth: "7" };

test("each field's reading: the first month as a date, the growth as a percentage, months by their names", () => {
  expect(readingHint("firstMonth", { firstMonth: "jan 2027" })).toBe("January 2027");
  expect(readingHint("monthlyGrowth", texts)).toBe("Read as +5% a month");
  expect(readingHint("monthlyGrowth", { monthlyGrowth: "-2.5%" })).toBe("Read as -2.5% a month");
  expect(readingHint("rescanMonths", texts)).toBe("Mar 2027, Sep 2027");
  expect(readingHint("rescanMonths", { ...texts, firstMonth: "2027-11" })).toBe("Jan 2028, Jul 2028");
  expect(readingHint("leverFromMonth", texts)).toBe("Jul 2027");
  const result = unwrap(budgetOf(STEADY_GROWTH_EXAMPLE) as BudgetResult | Problem) as BudgetResult;
  expect(readingHint("retrainEveryMonths", texts, result)).toBe("Runs in Jan, Apr, Jul, Oct");
});

test("a blank says what it means; unreadable text says nothing here (its error does)", () => {
  expect(readingHint("pricePerHour", { pricePerHour: " " })).toBe("Blank = hours only");
  expect(readingHint("rescanMonths", { rescanMonths: "" })).toBe("Blank = none");
  expect(readingHint("monthlyGrowth", { monthlyGrowth: "five" })).toBe("");
  expect(readingHint("firstMonth", { firstMonth: "soon" })).toBe("");
  // A first month before 1900 has no heading (the model refuses it), and the list no names.
  expect(readingHint("rescanMonths", { ...texts, firstMonth: "1899-01" })).toBe("");
});

test("a month past the horizon says so and what to type, never a heading from past it ('undefined Infinity')", () => {
  const past = "Past the 12-month horizon: enter a month from 1 to 12.";
  const horizon = { ...texts, months: "12" };
  // 400 digits read as Infinity, 1e20 as a month a year past any calendar, 13 as a month the plan does not have.
  for (const month of ["9".repeat(400), "100000000000000000000", "13"]) {
    expect(readingHint("leverFromMonth", { ...horizon, leverFromMonth: month })).toBe(past);
  }
  expect(readingHint("rescanMonths", { ...horizon, rescanMonths: `3, ${"9".repeat(400)}` })).toBe(
    "Past the 12-month horizon: enter months from 1 to 12.",
  );
  // With no horizon to go by (its field unreadable), the longest one a plan may have bounds the months.
  expect(readingHint("leverFromMonth", { ...texts, months: "many", leverFromMonth: "61" })).toBe(
    "Past the 60-month horizon: enter a month from 1 to 60.",
  );
  expect(readingHint("leverFromMonth", { ...horizon, leverFromMonth: "12" })).toBe("Dec 2027");
});

test("the month length's line: the horizon's calendar days, or each month's twelfth of the year", () => {
  const calendar = unwrap(budgetOf(NEW_BUDGET_PLAN) as BudgetResult | Problem) as BudgetResult;
  expect(readingHint("monthDays", { monthDays: "calendar" }, calendar)).toBe(
    "365 days over the horizon, each month its own",
  );
  const thirty = unwrap(budgetOf(STEADY_GROWTH_EXAMPLE) as BudgetResult | Problem) as BudgetResult;
  expect(readingHint("monthDays", { monthDays: "yearTwelfth" }, thirty)).toBe(
    "Each month 30 days, a twelfth of the year: the bill's months are calendar months",
  );
  expect(readingHint("monthDays", { monthDays: "calendar" })).toBe("");
});
