/*
 * A stored budget record is checked field by field before its plan is trusted (budgetRecord.ts): a record whose
 * field is missing or of the wrong kind (no typed traffic, a currency that is a number, a month list that is text)
 * is left out with a sentence naming the sheet, the field and why, and the records left read on into plan against
 * actual (the actuals sheet and its Insert) without a throw. A record holds a plan of models (version 4): a field of
 * today's plan is the shared plan's or its model's, and a model's sentence names the model.
 */
import { BillMonth } from "../../../src/bill/model/billFigures";
import { actualsLayout } from "../../../src/bill/sheet/actualsLayout";
import { STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { isModelKey, oneModelPlan } from "../../../src/budget/model/budgetModels";
import { budgetSheetsText, readBudgetSheets } from "../../../src/budget/sheet/budgetRecord";
import { isProblem } from "../../../src/core/model/problems";
import { ENGINE_START_MS } from "../../support/deadlines";
import { FIXTURE_SOURCE, fixtureMonths, PLAN_FROM_FEBRUARY } from "../../bill/sheet/billMonths";

let months: BillMonth[];
beforeAll(async () => {
  months = await fixtureMonths();
}, ENGINE_START_MS);

const GOOD = { sheetName: "Budget", plan: oneModelPlan(PLAN_FROM_FEBRUARY) };

/**
 * The plan of one model with `key` set to `value` (undefined: the key left out, as JSON leaves it): a shared field
 * in the plan, a model's (its fields of today's plan, its name, share and prices) in its one model.
 */
function planWith(key: string, value: unknown): Record<string, unknown> {
  const { models, ...shared } = oneModelPlan(STEADY_GROWTH_EXAMPLE);
  const model: Record<string, unknown> = { ...models[0] };
  const plan: Record<string, unknown> = shared;
  const holder = isModelKey(key) || key in model ? model : plan;
  if (value === undefined) delete holder[key];
  else holder[key] = value;
  return { ...plan, models: [model] };
}

/** Field, value, and what the sentence says of it. */
const BAD_FIELDS: [string, unknown, RegExp][] = [
  ["typedClipsPerSecond", undefined, /its typed clips per second \(typedClipsPerSecond\) is missing/],
  ["typedClipsPerSecond", [5], /typed clips per second \(typedClipsPerSecond\) is a list/],
  ["typedClipsPerSecond", { 2: "5" }, /month 2 of its typed clips per second is text, where the plan keeps a number/],
  ["typedClipsPerSecond", { x: 5 }, /its typed clips per second names "x", not a month of the horizon/],
  ["currency", 5, /its Currency \(currency\) is a number, where the plan keeps text/],
  ["currency", null, /its Currency \(currency\) is null, where the plan keeps text/],
  ["firstMonth", 202702, /its First month \(firstMonth\) is a number, where the plan keeps text/],
  ["firstMonth", undefined, /its First month \(firstMonth\) is missing/],
  ["months", "12", /its Horizon \(months\) is text, where the plan keeps a number/],
  ["clipsPerSecond", true, /its Clips per second in the first month \(clipsPerSecond\) is true or false/],
  ["rescanMonths", "3, 9", /its Re-scan months \(rescanMonths\) is text, where the plan keeps a list of months/],
  ["rescanMonths", [3, "9"], /its Re-scan months \(rescanMonths\) is a list holding text/],
  ["budgetPer", 1, /its The budget is \(budgetPer\) is a number, where the plan keeps "month" or "horizon"/],
  ["servingPricePerHour", "2", /its model 1's serving price \(servingPricePerHour\) is not a number/],
  ["trainingPricePerHour", null, /its model 1's training price \(trainingPricePerHour\) is not a number/],
  ["shareScored", undefined, /its model 1's share of clips scored \(shareScored\) is not a number/],
  ["leverFromMonth", {}, /its The lever lands in month \(leverFromMonth\) is an object/],
];

describe.each(BAD_FIELDS)("a record whose %s is %j", (key, value, said) => {
  const stored = budgetSheetsText([{ sheetName: "Budget (2)", plan: planWith(key, value) as never }, GOOD]);

  test("is left out with a sentence naming its sheet, the field and why; the good one is read", () => {
    const reading = readBudgetSheets(stored);
    expect(reading.records.map((r) => r.sheetName)).toEqual(["Budget"]);
    expect(reading.notes).toHaveLength(1);
    expect(reading.notes[0]).toMatch(/^The record of the budget sheet "Budget \(2\)" is left out: /);
    expect(reading.notes[0]).toMatch(said);
  });

  test("alone, it reads as no record, and the actuals sheet is laid out without a plan, never a throw", () => {
    const reading = readBudgetSheets(budgetSheetsText([{ sheetName: "Budget", plan: planWith(key, value) as never }]));
    expect(reading.records).toEqual([]);
    const layout = actualsLayout({ months, source: FIXTURE_SOURCE, budget: reading.records[0] });
    expect(isProblem(layout)).toBe(false);
  });
});

test("the plan every Insert records reads back whole, and so does one with its optional fields left out", () => {
  const optional = planWith("servingPricePerHour", undefined);
  delete (optional.models as Record<string, unknown>[])[0].trainingPricePerHour;
  delete optional.budgetAmount;
  delete optional.currency;
  const reading = readBudgetSheets(budgetSheetsText([GOOD, { sheetName: "Budget (2)", plan: optional as never }]));
  expect(reading.notes).toEqual([]);
  expect(reading.records.map((r) => r.sheetName)).toEqual(["Budget", "Budget (2)"]);
  const layout = actualsLayout({ months, source: FIXTURE_SOURCE, budget: reading.records[1] });
  expect(isProblem(layout)).toBe(false);
});

test("a record read back sets plan against actual beside the bill, as the record it was written from", () => {
  const [record] = readBudgetSheets(budgetSheetsText([GOOD])).records;
  const read = actualsLayout({ months, source: FIXTURE_SOURCE, budget: record });
  const written = actualsLayout({ months, source: FIXTURE_SOURCE, budget: GOOD });
  expect(read).toEqual(written);
  // and today's plan as the Budget view typed it is the record of its one model, cell for cell
  const typed = actualsLayout({ months, source: FIXTURE_SOURCE, budget: { ...GOOD, plan: PLAN_FROM_FEBRUARY } });
  expect(typed).toEqual(written);
});
