/* The budget's field list as data: each range is its check, names are the sheet's, and the examples pass. */
import { ANNUAL_FIELDS } from "../../../src/annual/model/annualFields";
import { checkBudgetPlan } from "../../../src/budget/model/budget";
import {
  BUDGET_FIELDS,
  BUDGET_GROUPS,
  BudgetPlan,
  inRange,
  LAUNCH_RAMP_EXAMPLE,
  rangeText,
  STEADY_GROWTH_EXAMPLE,
} from "../../../src/budget/model/budgetFields";
import { matchingRule } from "../../../src/core/sheet/validation";
import { PLAN_FIELDS } from "../../../src/stages/model/planFields";

const PROBES = [-Infinity, -1e300, -1, -0.5, -1e-9, 0, 1e-9, 0.5, 1, 1.5, 2, 12, 59.5, 60, 61, 1e300, Infinity, NaN];

test("every field of a plan is declared, once, and every group has a field", () => {
  const planKeys = Object.keys(STEADY_GROWTH_EXAMPLE).filter((key) => key !== "typedClipsPerSecond");
  const optional = ["budgetAmount", "leverSecondsPerClip", "leverFromMonth"];
  expect(BUDGET_FIELDS.map((f) => f.key).sort()).toEqual([...planKeys, ...optional].sort());
  expect(new Set(BUDGET_FIELDS.map((f) => f.key)).size).toBe(BUDGET_FIELDS.length);
  expect(BUDGET_GROUPS.map((g) => g.group).sort()).toEqual([...new Set(BUDGET_FIELDS.map((f) => f.group))].sort());
});

test("each numeric field's check accepts exactly its range, and its message names the field", () => {
  for (const field of BUDGET_FIELDS.filter((f) => f.range)) {
    for (const value of PROBES) {
      const problem = field.check!(value, field.label);
      expect({ key: field.key, value, accepted: problem === undefined }).toEqual({
        key: field.key,
        value,
        accepted: inRange(value, field.range!),
      });
      if (problem) expect(problem.message).toContain(field.label);
    }
  }
});

test("a field without a range is text, a choice, a calendar month or a list of months, and has no check", () => {
  const unranged = BUDGET_FIELDS.filter((f) => !f.range);
  expect(unranged.every((f) => f.check === undefined)).toBe(true);
  expect(unranged.map((f) => f.quantity).sort()).toEqual(["calendarMonth", "choice", "choice", "monthList", "text"]);
});

test("a field whose check is a shared one matches the sheets' validation rule for it", () => {
  expect(matchingRule(BUDGET_FIELDS.find((f) => f.key === "peakToMean")!)?.text).toBe("1 or more");
  expect(matchingRule(BUDGET_FIELDS.find((f) => f.key === "hoursPerRun")!)?.text).toBe("0 or more");
  expect(matchingRule(BUDGET_FIELDS.find((f) => f.key === "daysPerYear")!)?.text).toBe("more than 0");
});

test("ranges in words: the horizon is a whole number from 1 to 60, growth above -1 (-100%)", () => {
  expect(rangeText(BUDGET_FIELDS.find((f) => f.key === "months")!.range!)).toBe("a whole number from 1 to 60");
  expect(rangeText(BUDGET_FIELDS.find((f) => f.key === "monthlyGrowth")!.range!)).toBe("a number above -1");
});

test("the monthly growth is a fraction the pane and the sheet show as a percentage, and its unit says so", () => {
  const growth = BUDGET_FIELDS.find((f) => f.key === "monthlyGrowth")!;
  expect(growth.quantity).toBe("percent");
  expect(growth.unit).toMatch(/%.*5% = 0\.05/);
  expect(STEADY_GROWTH_EXAMPLE.monthlyGrowth).toBe(0.05);
});

test("defined names: valid Excel names, unique, prefixed Budget, and none another view's sheet uses", () => {
  const names = BUDGET_FIELDS.map((f) => f.definedName);
  expect(new Set(names).size).toBe(names.length);
  for (const name of names) {
    expect(name).toMatch(/^Budget[A-Za-z]*$/);
    // Not a cell reference either (BUD1 would be one): letters only after the prefix.
    expect(name.length).toBeLessThanOrEqual(255);
  }
  const others = new Set([...PLAN_FIELDS, ...ANNUAL_FIELDS].map((f) => f.definedName));
  expect(names.filter((name) => others.has(name))).toEqual([]);
});

test("exactly the optional fields say what a blank means", () => {
  const blankable = BUDGET_FIELDS.filter((f) => f.blankMeans !== undefined).map((f) => f.key);
  expect(blankable.sort()).toEqual(
    ["budgetAmount", "currency", "leverFromMonth", "leverSecondsPerClip", "pricePerHour", "rescanMonths"].sort(),
  );
});

test.each<[string, BudgetPlan]>([
  ["steady growth", STEADY_GROWTH_EXAMPLE],
  ["launch ramp", LAUNCH_RAMP_EXAMPLE],
])("the %s example passes every check", (_, plan) => {
  expect(checkBudgetPlan(plan)).toEqual([]);
});

test("the budget's period is a choice of a month's or the horizon's", () => {
  const per = BUDGET_FIELDS.find((f) => f.key === "budgetPer")!;
  expect(per.choices!.map((c) => c.value)).toEqual(["month", "horizon"]);
});
