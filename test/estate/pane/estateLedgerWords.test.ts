/*
 * Both ledgers in the Estate view's words, without a DOM: the seed's ledger typed in A's card reads back as A's
 * ledger, A's card says its staleness, economic cadence and net, the estate its staleness beside its compute, the
 * levers' table A's cadence net and the note C's cadence counting one ledger only; a blank ledger says nothing new.
 */
import { EXAMPLE_ESTATE } from "../../../src/estate/model";
import { modelTextsOf, readEstate, trafficTextsOf } from "../../../src/estate/pane/estateForm";
import {
  estateLedgerLine,
  leverLedgerText,
  modelLedgerLines,
  oneLedgerNote,
} from "../../../src/estate/pane/estateLedgerWords";
import { formatCost } from "../../../src/core/pane/format";
import { ONE_LEDGER_ONLY } from "../../../src/ledgers/model";

const traffic = trafficTextsOf(EXAMPLE_ESTATE);
const money = (n: number) => formatCost(n, "USD");
/** The example's cards with A's ledger typed as a planner would: drift 2e-7, an error 1.00. */
const typed = EXAMPLE_ESTATE.models
  .map(modelTextsOf)
  .map((m, i) => (i === 0 ? { ...m, texts: { ...m.texts, driftPerMonth: "2e-7", costPerError: "1" } } : m));

test("A's ledger typed in its card: its staleness, economic cadence and net, in the annual view's words", () => {
  const reading = readEstate(traffic, typed);
  expect(reading.plan?.models[0]).toMatchObject({ driftPerMonth: 2e-7, costPerError: 1 });
  const figures = reading.figures!;
  expect(modelLedgerLines(figures.ledgers!.models[0], money)).toEqual([
    "A staler model costs 129.60 USD a month in review and harm at the cadence now, 1,555.20 USD a year.",
    "The economic cadence is 6.09 months: the best whole month is every 6 months, at 724.00 USD a month of runs " +
      "and staleness.",
    "Net 201.60 USD a year: retraining every 12 months instead of every 3 months saves 201.60 USD a year, " +
      "counting both ledgers.",
  ]);
  expect(modelLedgerLines(figures.ledgers!.models[1], money)).toEqual([]);
  expect(estateLedgerLine(figures, money)).toBe(
    "Both ledgers: a staler model costs the estate 1,555.20 USD a year in review and harm, beside 350,080.00 USD " +
      "of compute.",
  );
  const cadence = figures.levers.rows.filter((row) => row.lever === "cadence");
  expect(cadence.map((row) => leverLedgerText(row, money))).toEqual([undefined, "net of staleness: 201.60 USD"]);
  expect(oneLedgerNote(figures)).toMatch(/^The retrain cadence of C escalation counts one ledger only/);
});

test("a blank ledger says nothing new but the one-ledger note; a drift alone says why it is not counted", () => {
  const blank = readEstate(traffic, EXAMPLE_ESTATE.models.map(modelTextsOf)).figures!;
  expect(blank.ledgers).toBeUndefined();
  expect(estateLedgerLine(blank, money)).toBeUndefined();
  expect(blank.levers.rows.map((row) => leverLedgerText(row, money)).every((t) => t === undefined)).toBe(true);
  expect(oneLedgerNote(blank)).toMatch(/^The retrain cadence of C escalation, A policy classifier counts one/);
  const drift = typed.map((m, i) => (i === 0 ? { ...m, texts: { ...m.texts, costPerError: "" } } : m));
  const alone = readEstate(traffic, drift).figures!;
  expect(modelLedgerLines(alone.ledgers!.models[0], money)).toEqual([ONE_LEDGER_ONLY]);
  expect(estateLedgerLine(alone, money)).toBe(ONE_LEDGER_ONLY);
});

test("a review half alone is named beside its field", () => {
  const half = typed.map((m, i) =>
    i === 0 ? { ...m, texts: { ...m.texts, costPerError: "", reviewMinutesPerError: "2" } } : m,
  );
  const reading = readEstate(traffic, half);
  expect(reading.figures).toBeUndefined();
  expect(reading.modelErrors[0].reviewerCostPerHour).toMatch(/Give the reviewer's cost an hour too/);
});
