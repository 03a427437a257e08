/*
 * The records of the budget sheets a workbook holds (document settings): what the actuals sheet's plan against
 * actual reads back, so a stored plan the model refuses, or text that is not a record, must read as none.
 */
import { STEADY_GROWTH_EXAMPLE, LAUNCH_RAMP_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { readBudgetSheets, withBudgetSheet } from "../../../src/budget/sheet/budgetRecord";

test("a sheet's record reads back with its plan; the newest first, one record a sheet", () => {
  let stored = withBudgetSheet(undefined, { sheetName: "Budget", plan: STEADY_GROWTH_EXAMPLE });
  stored = withBudgetSheet(stored, { sheetName: "Budget (2)", plan: LAUNCH_RAMP_EXAMPLE });
  stored = withBudgetSheet(stored, { sheetName: "Budget", plan: LAUNCH_RAMP_EXAMPLE });
  const records = readBudgetSheets(stored);
  expect(records.map((r) => r.sheetName)).toEqual(["Budget", "Budget (2)"]);
  expect(records[0].plan).toEqual(LAUNCH_RAMP_EXAMPLE);
});

test("text that is not a record, or a plan the model refuses, reads as none", () => {
  for (const bad of [undefined, null, 42, "", "{", "{}", "[1]", '[{"sheetName":"Budget"}]']) {
    expect(readBudgetSheets(bad)).toEqual([]);
  }
  const refused = JSON.stringify([{ sheetName: "Budget", plan: { ...STEADY_GROWTH_EXAMPLE, months: -3 } }]);
  expect(readBudgetSheets(refused)).toEqual([]);
  const kept = withBudgetSheet(refused, { sheetName: "B", plan: STEADY_GROWTH_EXAMPLE });
  expect(readBudgetSheets(kept).map((r) => r.sheetName)).toEqual(["B"]);
});
