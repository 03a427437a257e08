/* The targets' money budget where the hours budget at the base's price is past a double's range. */
import { EXAMPLE_PLAN } from "../../../src/stages/model";
import { moneyBudgetHint, readTargetSettings, targetTable } from "../../../src/whatIf/pane/whatIfTargetFigures";

const inputs = readTargetSettings({ budgetHours: "11,400", budget: "", servingShare: "90" }).inputs!;

test("the blank money budget's line gives the hours budget at the base's price", () => {
  expect(moneyBudgetHint({ ...EXAMPLE_PLAN, pricePerHour: 2, currency: "USD" }, inputs)).toBe(
    "Blank = hours budget × price: 22,800.00 USD",
  );
  expect(moneyBudgetHint(EXAMPLE_PLAN, inputs)).toBe("Blank = hours budget × price; the base has no price");
});

test("a price of 1e308 says the product is too large and what to type, never ∞ENaN", () => {
  const plan = { ...EXAMPLE_PLAN, pricePerHour: 1e308, currency: "USD" };
  const hint = moneyBudgetHint(plan, inputs);
  expect(hint).toBe(
    "Blank = hours budget × price, which is past the largest number a figure holds (1.8E308): type a money " +
      "budget, or a smaller hours budget or price.",
  );
  const table = targetTable(plan, inputs);
  const shown = [...table.rows.map((r) => r.label), ...table.rows.flatMap((r) => r.cells.map((c) => c.text))];
  expect(shown.join(" ")).not.toMatch(/∞|NaN|Infinity/);
  expect(table.rows[2].label).toBe("Cost = the money budget");
  // Typed, the money budget is the planner's own figure: no product to overflow.
  expect(moneyBudgetHint(plan, { ...inputs, budget: 5000 })).toBe("Blank = hours budget × price: 5,000.00 USD");
});

test("the money row's cells at a price of 1e308 point at a note that says what to fix", () => {
  const table = targetTable({ ...EXAMPLE_PLAN, pricePerHour: 1e308, currency: "USD" }, inputs);
  const note = table.rows[2].cells[0].note!;
  expect(table.notes[note - 1]).toBe(
    "The hours budget × price is past the largest number a figure holds (1.8E308): type a money budget, or a " +
      "smaller hours budget or price.",
  );
});
