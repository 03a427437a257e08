/* Both ledgers' section in words: the worked example as the annual and what-if views say it (issue 30). */
import { isProblem } from "../../../src/core/model/problems";
import { formatCost } from "../../../src/core/pane/format";
import { EXAMPLE_ANNUAL_PLAN, AnnualPlan } from "../../../src/annual/model/annualFields";
import { annualFigures, AnnualFigures } from "../../../src/annual/model/levers";
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { EXAMPLE_LEDGER_INPUTS, ONE_LEDGER_ONLY } from "../../../src/ledgers/model/ledgerFields";
import { annualLedgers, NO_PRICE, stageLedgers } from "../../../src/ledgers/model/ledgerSettings";
import { NO_DRIFT } from "../../../src/ledgers/model/staleness";
import { ledgerWords } from "../../../src/ledgers/pane/ledgerFigures";

const money = (x: number) => formatCost(x, "USD");
const figuresOf = (plan: AnnualPlan) => annualFigures(plan) as AnnualFigures;
const PRICED: AnnualPlan = { ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2, currency: "USD" };
const wordsOf = (plan: AnnualPlan = PRICED, inputs = EXAMPLE_LEDGER_INPUTS) =>
  ledgerWords(annualLedgers(plan, figuresOf(plan), inputs), money, (x) => formatCost(x));

test("the annual worked example: going yearly saves 3,600.00, adds 6,998.40 and loses 3,398.40 a year", () => {
  const words = wordsOf();
  expect(words.answer).toBe(
    "A staler model costs 129.60 USD a month in review and harm at the cadence now, 1,555.20 USD a year.",
  );
  expect(words.change).toEqual([
    ["Compute saved a year", "3,600.00"],
    ["Staleness added a year", "6,998.40"],
    ["Net a year", "-3,398.40"],
  ]);
  expect(words.net).toBe(
    "Net -3,398.40 USD a year: retraining every 12 months instead of every 3 months loses 3,398.40 USD a year, " +
      "counting both ledgers.",
  );
  expect(words.economic).toBe(
    "The economic cadence is 4.30 months: the best whole month is every 4 months, at 494.40 USD a month of runs " +
      "and staleness.",
  );
  expect(words.sensitivity).toHaveLength(12);
  expect(words.sensitivity[3]).toEqual(["4", "300.00", "194.40", "494.40"]);
  expect(words.sensitivity[11]).toEqual(["12", "100.00", "712.80", "812.80"]);
  expect(words.bestRow).toBe(3);
});

test("blank drift: one line saying the cadence lever counts one ledger only, and nothing else", () => {
  expect(wordsOf(PRICED, {})).toEqual({ answer: ONE_LEDGER_ONLY, change: [], sensitivity: [] });
});

test("zero drift: no staleness, the net is the compute saving, and no economic cadence", () => {
  const words = wordsOf(PRICED, { driftPerMonth: 0, costPerError: 1 });
  expect(words.change[2]).toEqual(["Net a year", "3,600.00"]);
  expect(words.economic).toBe(NO_DRIFT.charAt(0).toUpperCase() + NO_DRIFT.slice(1));
  expect(words.bestRow).toBeUndefined();
  expect(words.sensitivity[11][3]).toBe("100.00");
});

test("without a price: the staleness alone, and a sentence asking for the price", () => {
  const words = wordsOf(EXAMPLE_ANNUAL_PLAN);
  expect(words.answer).toMatch(/^A staler model costs 129.60 USD a month/);
  expect(words.net).toBe(NO_PRICE);
  // Said once, not again under the sensitivity.
  expect(words.economic).toBe(NO_PRICE);
  expect(words.sensitivityNote).toBeUndefined();
  expect(words.change[0]).toEqual(["Compute saved a year", "—"]);
});

test("the what-if base scenario: its quarter against the best whole month, 4, gains 422.40 a year", () => {
  const figures = stageLedgers({ ...EXAMPLE_PLAN, pricePerHour: 2 }, EXAMPLE_LEDGER_INPUTS);
  expect(isProblem(figures)).toBe(false);
  const words = ledgerWords(figures, money);
  expect(words.net).toBe(
    "Net 422.40 USD a year: retraining every 4 months, the economic cadence, instead of every 3 months saves " +
      "422.40 USD a year, counting both ledgers.",
  );
});
