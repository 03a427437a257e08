/*
 * The records of the budget sheets a workbook holds (document settings): what the actuals sheet's plan against
 * actual reads back, so a stored plan the model refuses, or text that is not a record, must read as none, and
 * say so; the bare list of the first release (version 1) is migrated to version 5 and says so too, version 2's
 * plans (before a month could be a calendar month) stay on the 30-day months they were laid out with, and version
 * 3's plans (one model each) read as plans of that one model (issue 29); version 4 holds a plan's model list, and
 * version 5 may keep the request's tokens a one-model sheet's seconds per clip came from (issue 32).
 */
import { STEADY_GROWTH_EXAMPLE, LAUNCH_RAMP_EXAMPLE, BudgetPlan } from "../../../src/budget/model/budgetFields";
import { budgetOf } from "../../../src/budget/model/budget";
import { EXAMPLE_BUDGET_ESTATE, oneModelPlan } from "../../../src/budget/model/budgetModels";
import {
  BUDGET_SHEETS,
  budgetSheetsText,
  readBudgetSheets,
  withBudgetSheet,
} from "../../../src/budget/sheet/budgetRecord";
import { chainProblem } from "../../../src/core/model/savedState";

/** What the step from version 2 says. */
const TWELFTHS =
  "a plan now says what a month counts; these sheets were written with 30-day months (a twelfth of the days a " +
  "year) and are read so, their figures as they were, while a new budget counts calendar months";

/** What the step from version 3 says. */
const ONE_MODEL =
  "a plan now holds a list of models; each of these sheets was written of one model and is read as a plan of " +
  "that one model, every clip scored at its one price, its sheet and figures as they were";

/** What the step from version 4 says. */
const TOKENS_KEPT =
  "a record may now keep the request's tokens its seconds per clip came from; these sheets were written with " +
  "their seconds typed and are read so, their sheets and figures as they were";

const MIGRATED =
  "The budget sheets' records were saved by an earlier MLCost and migrated from version 1 to version 5: the list " +
  `now says what it is and its version; every sheet and plan is as it was; ${TWELFTHS}; ${ONE_MODEL}; ${TOKENS_KEPT}.`;

/** The worked examples as the records keep them: plans of one model. */
const STEADY = oneModelPlan(STEADY_GROWTH_EXAMPLE);
const LAUNCH = oneModelPlan(LAUNCH_RAMP_EXAMPLE);

/** A plan as versions 1 and 2 saved it: no monthDays (its months were a twelfth of its days a year). */
const before = (plan: BudgetPlan): Omit<BudgetPlan, "monthDays"> => {
  const { monthDays: _, ...saved } = plan;
  return saved;
};

test("a sheet's record reads back with its plan; the newest first, one record a sheet", () => {
  let stored = withBudgetSheet(undefined, { sheetName: "Budget", plan: STEADY }).text;
  stored = withBudgetSheet(stored, { sheetName: "Budget (2)", plan: LAUNCH }).text;
  const update = withBudgetSheet(stored, { sheetName: "Budget", plan: LAUNCH });
  expect(update.notes).toEqual([]);
  const reading = readBudgetSheets(update.text);
  expect(reading.records.map((r) => r.sheetName)).toEqual(["Budget", "Budget (2)"]);
  expect(reading.records[0].plan).toEqual(LAUNCH);
  expect(reading.notes).toEqual([]);
  expect(JSON.parse(update.text!)).toMatchObject({ format: "mlcost-budget-sheets", version: 5 });
});

test("a plan of several models is recorded with its model list and reads back as it was", () => {
  const update = withBudgetSheet(undefined, { sheetName: "Budget", plan: EXAMPLE_BUDGET_ESTATE });
  const reading = readBudgetSheets(update.text);
  expect(reading.notes).toEqual([]);
  expect(reading.records[0].plan).toEqual(EXAMPLE_BUDGET_ESTATE);
  expect(reading.records[0].plan.models.map((m) => m.name)).toEqual([
    "A policy classifier",
    "B second opinion",
    "C escalation",
  ]);
});

test("a version 4 record whose model list is missing, empty or misshapen is left out, naming the model", () => {
  const { models: _, ...shared } = EXAMPLE_BUDGET_ESTATE;
  const [a, b] = EXAMPLE_BUDGET_ESTATE.models;
  const cases: [unknown, RegExp][] = [
    [shared, /has no list of models \(models\)/],
    [{ ...shared, models: [] }, /holds 0 models, where a plan holds 1 to 20/],
    [{ ...shared, models: [a, "b"] }, /its model 2 is not a model/],
    [
      { ...shared, models: [a, { ...b, shareScored: "all" }] },
      /its model 2's share of clips scored \(shareScored\) is not a number/,
    ],
    [{ ...shared, models: [{ ...a, name: 7 }] }, /its model 1's name \(name\) is not text/],
    [{ ...shared, models: [{ ...a, hoursPerRun: "600" }] }, /its model 1: its Training run \(hoursPerRun\) is text/],
    [{ ...shared, currency: 3, models: [a] }, /its model 1: its Currency \(currency\) is a number/],
    [{ ...shared, models: [a, { ...b, name: a.name }] }, /Two models are called "A policy classifier"/],
    // a record of today's plan under version 4 is not a plan of models: a hand-made or damaged record
    [STEADY_GROWTH_EXAMPLE, /has no list of models/],
  ];
  for (const [plan, why] of cases) {
    const reading = readBudgetSheets(
      budgetSheetsText([{ sheetName: "Odd", plan } as never, { sheetName: "Good", plan: STEADY }]),
    );
    expect(reading.records.map((r) => r.sheetName)).toEqual(["Good"]);
    expect(reading.notes).toEqual([expect.stringMatching(/^The record of the budget sheet "Odd" is left out: /)]);
    expect(reading.notes[0]).toMatch(why);
  }
});

test("the chain: four steps, version 1 to 2 to 3 to 4 to 5, each step from the version before", () => {
  expect(chainProblem(BUDGET_SHEETS)).toBeUndefined();
  expect(BUDGET_SHEETS.migrations.map((m) => m.from)).toEqual([1, 2, 3, 4]);
});

test("step 3 -> 4: version 3's plans read as plans of their one model, and it says so", () => {
  const saved = [
    { sheetName: "Budget (2)", plan: LAUNCH_RAMP_EXAMPLE },
    { sheetName: "Budget", plan: STEADY_GROWTH_EXAMPLE },
  ];
  const reading = readBudgetSheets(JSON.stringify({ format: "mlcost-budget-sheets", version: 3, records: saved }));
  expect(reading.records).toEqual([
    { sheetName: "Budget (2)", plan: LAUNCH },
    { sheetName: "Budget", plan: STEADY },
  ]);
  expect(reading.notes).toEqual([
    "The budget sheets' records were saved by an earlier MLCost and migrated from version 3 to version 5: " +
      `${ONE_MODEL}; ${TOKENS_KEPT}.`,
  ]);
  // the step alone: plans become one model's; anything else is left for the check to name
  expect(BUDGET_SHEETS.migrations[2].migrate({ records: [{ sheetName: "X" }] })).toEqual({
    records: [{ sheetName: "X" }],
  });
  expect(BUDGET_SHEETS.migrations[2].migrate({})).toMatch(/no list of budget sheets/);
});

test("step 2 -> 3: version 2's plans stay on 30-day months, their figures as they were, and it says so", () => {
  const calendarYear = { ...LAUNCH_RAMP_EXAMPLE, daysPerYear: 365, firstMonth: "2028-01" };
  const saved = [
    { sheetName: "Budget (2)", plan: before(calendarYear) },
    { sheetName: "Budget", plan: before(STEADY_GROWTH_EXAMPLE) },
  ];
  const reading = readBudgetSheets(JSON.stringify({ format: "mlcost-budget-sheets", version: 2, records: saved }));
  expect(reading.records.map((r) => r.plan.monthDays)).toEqual(["yearTwelfth", "yearTwelfth"]);
  expect(reading.records[0].plan).toEqual(oneModelPlan(calendarYear));
  expect(reading.notes).toEqual([
    "The budget sheets' records were saved by an earlier MLCost and migrated from version 2 to version 5: " +
      `${TWELFTHS}; ${ONE_MODEL}; ${TOKENS_KEPT}.`,
  ]);
  // a twelfth of 365 days is what the sheet was laid out with: February 2028 counts 30.42 days, not 29
  const february = (budgetOf(calendarYear) as { months: { days: number }[] }).months[1];
  expect(february.days).toBeCloseTo(365 / 12, 12);
  // the step alone: plans gain their months; anything else is left for the check to name
  expect(BUDGET_SHEETS.migrations[1].migrate({ records: [{ sheetName: "X" }] })).toEqual({
    records: [{ sheetName: "X" }],
  });
  expect(BUDGET_SHEETS.migrations[1].migrate({})).toMatch(/no list of budget sheets/);
});

test("step 1 -> 2: the bare list of the first release reads as the same records, and says it was migrated", () => {
  const bare = [
    { sheetName: "Budget (2)", plan: before(LAUNCH_RAMP_EXAMPLE) },
    { sheetName: "Budget", plan: before(STEADY_GROWTH_EXAMPLE) },
  ];
  const records = [
    { sheetName: "Budget (2)", plan: LAUNCH },
    { sheetName: "Budget", plan: STEADY },
  ];
  const reading = readBudgetSheets(JSON.stringify(bare));
  expect(reading.records).toEqual(records);
  expect(reading.notes).toEqual([MIGRATED]);
  // the step alone: the list becomes the records of a version 2 state
  expect(BUDGET_SHEETS.migrations[0].migrate(bare)).toEqual({ records: bare });
  expect(BUDGET_SHEETS.migrations[0].migrate({})).toMatch(/not a list of budget sheets/);
  // written again, it is version 5, and reads with nothing to say
  const again = withBudgetSheet(JSON.stringify(bare), { sheetName: "Budget (3)", plan: STEADY });
  expect(again.notes).toEqual([MIGRATED]);
  expect(readBudgetSheets(again.text)).toEqual({
    records: [{ sheetName: "Budget (3)", plan: STEADY }, ...records],
    notes: [],
  });
});

test("nothing stored reads as none, with nothing to say", () => {
  for (const nothing of [undefined, null, ""]) expect(readBudgetSheets(nothing)).toEqual({ records: [], notes: [] });
});

test("text that is not a record reads as none, and says why; an insert then replaces it, and says so", () => {
  for (const [bad, why] of [
    [42, "they are not a list of budget sheets."],
    ["{", "they are not valid JSON."],
    ["{}", "they are not a list of budget sheets."],
    ['{"format":"mlcost-bill-mapping","version":1}', 'their format is "mlcost-bill-mapping".'],
    ['{"format":"mlcost-budget-sheets","version":5}', "they hold no list of budget sheets."],
    ['{"format":"mlcost-budget-sheets","version":4}', "they hold no list of budget sheets."],
    ['{"format":"mlcost-budget-sheets","version":3}', "they hold no list of budget sheets."],
    ['{"format":"mlcost-budget-sheets","version":2}', "they hold no list of budget sheets."],
    ['{"format":"mlcost-budget-sheets"}', "they have no version; this add-in reads versions 1 to 5."],
    ['{"format":"mlcost-budget-sheets","version":0,"records":[]}', "they are version 0; this add-in reads"],
  ] as const) {
    const reading = readBudgetSheets(bad);
    expect(reading.records).toEqual([]);
    expect(reading.refused).toBe("unreadable");
    expect(reading.notes[0]).toMatch(/^The budget sheets' records could not be read: /);
    expect(reading.notes[0]).toContain(why);
    const update = withBudgetSheet(bad, { sheetName: "B", plan: STEADY });
    expect(readBudgetSheets(update.text).records.map((r) => r.sheetName)).toEqual(["B"]);
    expect(update.notes).toEqual([...reading.notes, "They are replaced by this sheet's record."]);
  }
});

test("a record the model refuses is left out, named, and the others are read", () => {
  const stored = budgetSheetsText([
    { sheetName: "Good", plan: STEADY },
    { sheetName: "Budget", plan: { ...STEADY, months: -3 } },
    { sheetName: " ", plan: STEADY },
    { sheetName: "No plan" } as never,
    { sheetName: "Odd", plan: { ...STEADY, models: [{ ...STEADY.models[0], rescanMonths: "3, 9" }] } } as never,
  ]);
  const reading = readBudgetSheets(stored);
  expect(reading.records.map((r) => r.sheetName)).toEqual(["Good"]);
  expect(reading.notes).toHaveLength(4);
  expect(reading.notes[0]).toMatch(
    /^The record of the budget sheet "Budget" is left out: Horizon must be a whole number from 1 to 60; got -3\./,
  );
  expect(reading.notes[1]).toBe("Budget sheet record 3 names no sheet, so it is left out.");
  expect(reading.notes[2]).toBe('The record of the budget sheet "No plan" has no plan, so it is left out.');
  expect(reading.notes[3]).toMatch(/^The record of the budget sheet "Odd" is left out: /);
  // the insert that follows keeps the good one, and repeats what it does not write back
  const update = withBudgetSheet(stored, { sheetName: "New", plan: LAUNCH });
  expect(readBudgetSheets(update.text).records.map((r) => r.sheetName)).toEqual(["New", "Good"]);
  expect(update.notes).toEqual(reading.notes);
});

test("records a newer MLCost saved are refused naming both versions, and never written over", () => {
  const newer = JSON.stringify({ format: "mlcost-budget-sheets", version: 6, records: [], models: [] });
  const reading = readBudgetSheets(newer);
  expect(reading).toEqual({
    records: [],
    refused: "newer",
    notes: [
      "The budget sheets' records could not be read: they are version 6, from a newer MLCost; this add-in reads " +
        "versions 1 to 5.",
    ],
  });
  const update = withBudgetSheet(newer, { sheetName: "Budget", plan: STEADY });
  expect(update.text).toBeUndefined();
  expect(update.notes[1]).toBe("They are left as they are, so the Bill view will not find this sheet's plan.");
});

test("at most 20 records are kept: the oldest past them is named when it is no longer kept", () => {
  let stored: string | undefined;
  for (let i = 1; i <= 20; i++) stored = withBudgetSheet(stored, { sheetName: `B${i}`, plan: STEADY }).text;
  const update = withBudgetSheet(stored, { sheetName: "B21", plan: STEADY });
  expect(update.notes).toEqual(['At most 20 budget sheets\' records are kept: "B1" no longer is.']);
  const records = readBudgetSheets(update.text).records;
  expect(records).toHaveLength(20);
  expect(records[0].sheetName).toBe("B21");
  // more than 20 stored (by hand, or another program): the newest 20 read, and the rest said
  const many = JSON.stringify(
    Array.from({ length: 22 }, (_, i) => ({ sheetName: `S${i}`, plan: before(LAUNCH_RAMP_EXAMPLE) })),
  );
  const read = readBudgetSheets(many);
  expect(read.records).toHaveLength(20);
  expect(read.notes).toEqual([MIGRATED, "Only the newest 20 budget sheets' records are read; 2 older ones are not."]);
});
