/*
 * The Bill view's summary on the hand-worked fixture (test/bill/fixtures/accelerators.csv through the engine and
 * the model): it leads with training's share of the accelerator cost beside its share of the hours, says why they
 * differ (each half's price an hour, worked here by hand), and says the other currency's rows as left out.
 */
import { billInCurrency } from "../../../src/bill/model/billCurrency";
import { BillMonth } from "../../../src/bill/model/billFigures";
import { billSummary } from "../../../src/bill/pane/billSummary";
import { formatShare } from "../../../src/core/pane/format";
import { fixtureMonths } from "../sheet/billMonths";

let months: BillMonth[];
beforeAll(async () => {
  months = await fixtureMonths();
});

const value = (summary: ReturnType<typeof billSummary>, label: string) =>
  summary.figures.find((f) => f.label === label)?.value;

test("USD: 47.62% of the cost beside 14.0% of the hours, as training's hours cost 3.78 against 0.68", () => {
  const summary = billSummary(billInCurrency(months));
  expect(summary.figures.map((f) => f.label).slice(0, 2)).toEqual([
    "Training's share of cost",
    "Training's share of hours",
  ]);
  // by hand: training 1,180.00 of 2,478.10 accelerator cost; 312 of 2,228 accelerator-hours paid
  expect(value(summary, "Training's share of cost")).toBe(formatShare(1180 / 2478.1));
  expect(value(summary, "Training's share of hours")).toBe(formatShare(312 / 2228));
  expect(summary.sentence).toMatch(
    /^Training is 14\.0% of the accelerator-hours paid and 47\.62% of their cost, as its hours cost more \(3\.78 USD an hour, against 0\.68 USD for serving, re-scans and other\)\./,
  );
  expect(summary.sentence).toMatch(/training paid 312 accelerator-h/);
  expect(summary.sentence).toMatch(/Every figure is in USD; left out, in other currencies: 2 rows \(45\.00 EUR\)\./);
});

test("EUR chosen: every figure in euros, USD's 23 rows left out", () => {
  const summary = billSummary(billInCurrency(months, "EUR"));
  expect(value(summary, "Whole bill")).toBe("45.00 EUR");
  expect(summary.sentence).toMatch(/only training paid accelerator-hours \(3\.13 EUR an hour\)/);
  expect(summary.sentence).toMatch(/left out, in other currencies: 23 rows \(2,725\.50 USD\)/);
});

test("no bill yet: what to choose, no figure", () => {
  expect(billSummary(undefined).figures.map((f) => f.value)).toEqual(["–", "–"]);
  expect(billSummary(billInCurrency([])).sentence).toMatch(/^Choose your cloud's FOCUS export/);
});

test("a bill read by model: each model's share of the accelerator cost in the sentence", () => {
  const [january] = months.filter((m) => m.currency === "USD");
  const roles = january.roles;
  const half = (r: (typeof roles)["training"]) => ({ ...r, effectiveCost: r.effectiveCost / 2 });
  const halves = Object.fromEntries(Object.entries(roles).map(([k, r]) => [k, half(r)])) as typeof roles;
  const byModel = {
    ...january,
    models: [
      { model: "chat", roles: halves },
      { model: "", roles: halves },
    ],
  };
  // equal costs: by name, the unnamed rows first
  const summary = billSummary(billInCurrency([byModel]));
  expect(summary.sentence).toMatch(/By model, of the accelerator cost: no model 50\.0%, chat 50\.0%\./);
  expect(billSummary(billInCurrency(months)).sentence).not.toMatch(/By model/);
});
