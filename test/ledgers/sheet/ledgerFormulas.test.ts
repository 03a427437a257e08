/*
 * Both ledgers' builders (src/ledgers/sheet/ledgerFormulas.ts) against the ledgers model, in HyperFormula
 * (test/support/builderCases.ts): each formula over generated cells equals the model's own figure, read where the
 * views read it (ledgerFigures' staleness, economic cadence and change; the annual setting's cadence saving), not
 * restated here. A blank cell is null.
 */
import fc from "fast-check";
import * as ledgerExcel from "../../../src/ledgers/sheet/ledgerFormulas";
import { countedLedger, errorCost, LedgerInputs } from "../../../src/ledgers/model/ledgerFields";
import { cadenceOfRuns, LedgerFigures, ledgerFigures, LedgerSetting } from "../../../src/ledgers/model/ledgers";
import { annualLedgerSetting, runCostOf } from "../../../src/ledgers/model/ledgerSettings";
import { bestWholeMonth, cadenceMonthlyCost, economicCadence, WholeMonth } from "../../../src/ledgers/model/staleness";
import { annualFigures, AnnualFigures, AnnualPlan, EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model";
import { isProblem, Problem } from "../../../src/core/model/problems";
import { BuilderCases, direct, Expected, positive, quantity, testBuilders } from "../../support/builderCases";

const drift = fc.double({ min: 1e-9, max: 1e-2, noNaN: true });
const cadence = fc.double({ min: 1, max: 24, noNaN: true });
const blankOr = (x: fc.Arbitrary<number>) => fc.oneof(fc.constant(null), x);

/** The worked example: 648,000,000 clips a month, drift 2e-7, an error 1.00, a run 1,200.00. */
const N = 648e6;
const D = 2e-7;

/** Both ledgers as the model counts them for one setting. */
function figures(setting: Partial<LedgerSetting>, d: number, c: number): LedgerFigures {
  const full: LedgerSetting = { runCost: 1, clipsPerMonth: N, cadenceMonths: 1, ...setting };
  return ledgerFigures(full, { driftPerMonth: d, costPerError: c }) as LedgerFigures;
}

/** The month of a whole-month choice, or its problem. */
const monthOf = (found: WholeMonth | Problem): Expected => (isProblem(found) ? found : found.months);

const asExpected = (x: number | Problem | undefined): Expected => (x === undefined ? NaN : x);

/** The economic cadence's best whole month as the model picks it, or its problem. */
function best(r: number, n: number, d: number, c: number) {
  const economic = figures({ runCost: r, clipsPerMonth: n }, d, c).economic;
  return isProblem(economic) ? economic : economic.best;
}

/** A review cost's inputs as cells: typed cost, minutes, hourly (null where blank). */
const inputsOf = ([typed, minutes, hourly]: (number | null)[]): LedgerInputs => ({
  ...(typed === null ? {} : { costPerError: typed }),
  ...(minutes === null ? {} : { reviewMinutesPerError: minutes }),
  ...(hourly === null ? {} : { reviewerCostPerHour: hourly }),
});

/** The whole best-month formula over [run cost, clips, drift, cost]: the builders composed as a sheet writes them. */
function bestFormulas([r, n, d, c]: readonly string[]) {
  const k = ledgerExcel.economicCadence(r, n, d, c);
  const below = ledgerExcel.wholeMonthBelow(k);
  const above = ledgerExcel.wholeMonthAbove(k);
  const costAt = (m: string) => ledgerExcel.cadenceMonthlyCost(r, `(${m})`, ledgerExcel.stalenessPerMonth(n, d, c, m));
  return { below, above, costBelow: costAt(below), costAbove: costAt(above) };
}

/** An annual plan with a price and a cadence change, and its figures. */
const annualPlans = fc
  .record({
    runsPerYear: fc.integer({ min: 1, max: 12 }),
    runsPerYearProposed: fc.integer({ min: 1, max: 12 }),
    pricePerHour: fc.double({ min: 0.01, max: 100, noNaN: true }),
    other: fc.double({ min: 0, max: 1e4, noNaN: true }),
  })
  .filter((x) => x.runsPerYear !== x.runsPerYearProposed)
  .map(({ other, ...rest }) => {
    const plan: AnnualPlan = { ...EXAMPLE_ANNUAL_PLAN, ...rest };
    return { plan, other, figures: annualFigures(plan) as AnnualFigures };
  });

const CASES: BuilderCases<typeof ledgerExcel> = {
  ledgerErrorCost: {
    sample: fc.tuple(blankOr(quantity), quantity, quantity).map((cells) => ({
      cells,
      expected: asExpected(errorCost(inputsOf(cells))),
    })),
    fixed: [{ cells: [null, 2, 30], expected: 1 }],
    formula: ([typed, minutes, hourly]) => ledgerExcel.ledgerErrorCost(typed, minutes, hourly),
  },
  ledgerCounted: {
    sample: fc.tuple(blankOr(drift), blankOr(quantity), blankOr(quantity), blankOr(quantity)).map((cells) => ({
      cells,
      expected: isProblem(
        countedLedger({ ...inputsOf(cells.slice(1)), ...(cells[0] === null ? {} : { driftPerMonth: cells[0] }) }),
      )
        ? 0
        : 1,
    })),
    fixed: [
      { cells: [D, null, 2, 30], expected: 1 },
      { cells: [D, null, 2, null], expected: 0 },
      { cells: [null, 1, null, null], expected: 0 },
    ],
    formula: ([d, typed, minutes, hourly]) => ledgerExcel.ledgerCounted(d, typed, minutes, hourly),
  },
  whenCounted: {
    // The cost of one error where counted, else the words: the ledger's inputs, blank or not.
    sample: fc.tuple(blankOr(drift), blankOr(quantity), quantity, quantity).map((cells) => {
      const inputs = { ...inputsOf(cells.slice(1)), ...(cells[0] === null ? {} : { driftPerMonth: cells[0] }) };
      const counted = countedLedger(inputs);
      return { cells, expected: isProblem(counted) ? "not counted" : counted.costPerError };
    }),
    formula: ([d, typed, minutes, hourly]) =>
      ledgerExcel.whenCounted(
        ledgerExcel.ledgerCounted(d, typed, minutes, hourly),
        ledgerExcel.ledgerErrorCost(typed, minutes, hourly),
      ),
  },
  stalenessPerMonth: {
    // Drift 0 costs nothing in this ledger (0, not NO_DRIFT's error); a cadence under a month is refused.
    sample: fc
      .tuple(quantity, fc.oneof(drift, fc.constant(0)), quantity, fc.double({ min: 0, max: 24, noNaN: true }))
      .map(([n, d, c, k]) => [n, d, c, d === 0 ? k + 1 : k])
      .map((cells) => {
        const [n, d, c, k] = cells;
        return { cells, expected: figures({ clipsPerMonth: n, cadenceMonths: k }, d, c).stalenessPerMonth };
      }),
    fixed: [
      { cells: [N, D, 1, 4], expected: 194.4 },
      { cells: [N, D, 1, 12], expected: 712.8 },
      { cells: [N, D, 1, 0.5], expected: figures({ cadenceMonths: 0.5 }, D, 1).stalenessPerMonth },
    ],
    formula: ([n, d, c, k]) => ledgerExcel.stalenessPerMonth(n, d, c, k),
  },
  perYear: {
    sample: fc.tuple(quantity, drift, quantity, cadence).map((cells) => {
      const [n, d, c, k] = cells;
      return { cells, expected: figures({ clipsPerMonth: n, cadenceMonths: k }, d, c).stalenessPerYear };
    }),
    fixed: [{ cells: [N, D, 1, 4], expected: figures({ cadenceMonths: 4 }, D, 1).stalenessPerYear }],
    formula: ([n, d, c, k]) => ledgerExcel.perYear(ledgerExcel.stalenessPerMonth(n, d, c, k)),
  },
  runCost: {
    sample: fc.tuple(quantity, quantity, blankOr(quantity)).map((cells) => {
      const [hours, price, other] = cells;
      const inputs = other === null ? {} : { otherCostPerRun: other };
      return { cells, expected: runCostOf(hours as number, price as number, inputs) };
    }),
    fixed: [{ cells: [600, 2, null], expected: 1200 }],
    formula: ([hours, price, other]) => ledgerExcel.runCost(hours, price, other),
  },
  cadenceMonthlyCost: {
    sample: direct(fc.tuple(quantity, quantity, drift, quantity, cadence), cadenceMonthlyCost),
    fixed: [{ cells: [1200, N, D, 1, 4], expected: 494.4 }],
    formula: ([r, n, d, c, k]) => ledgerExcel.cadenceMonthlyCost(r, k, ledgerExcel.stalenessPerMonth(n, d, c, k)),
  },
  economicCadence: {
    sample: direct(fc.tuple(quantity, positive, fc.oneof(drift, fc.constant(0)), positive), economicCadence),
    fixed: [
      { cells: [1200, N, D, 1], expected: economicCadence(1200, N, D, 1) },
      { cells: [1200, N, 0, 1], expected: economicCadence(1200, N, 0, 1) },
      { cells: [1200, 0, D, 1], expected: economicCadence(1200, 0, D, 1) },
    ],
    formula: ([r, n, d, c]) => ledgerExcel.economicCadence(r, n, d, c),
  },
  // The floor and the ceiling as bestWholeMonth takes them: the cheaper of the two where cost rises with the month
  // is the floor, where it falls the ceiling.
  wholeMonthBelow: {
    sample: direct(fc.tuple(fc.double({ min: 0, max: 100, noNaN: true })), (k) => monthOf(bestWholeMonth(k, (m) => m))),
    fixed: [
      { cells: [4.3033], expected: 4 },
      { cells: [0.4], expected: 1 },
      { cells: [3], expected: 3 },
    ],
    formula: ([k]) => ledgerExcel.wholeMonthBelow(k),
  },
  wholeMonthAbove: {
    sample: direct(fc.tuple(fc.double({ min: 0, max: 100, noNaN: true })), (k) =>
      monthOf(bestWholeMonth(k, (m) => -m)),
    ),
    fixed: [
      { cells: [4.3033], expected: 5 },
      { cells: [0.4], expected: 1 },
      { cells: [3], expected: 3 },
    ],
    formula: ([k]) => ledgerExcel.wholeMonthAbove(k),
  },
  bestWholeMonth: {
    sample: fc.tuple(quantity, positive, drift, positive).map((cells) => {
      const found = best(...(cells as [number, number, number, number]));
      return { cells, expected: isProblem(found) ? found : found.months };
    }),
    fixed: [{ cells: [1200, N, D, 1], expected: 4 }],
    formula: (cells) => {
      const { below, above, costBelow, costAbove } = bestFormulas(cells);
      return ledgerExcel.bestWholeMonth(below, above, costBelow, costAbove);
    },
  },
  bestWholeMonthCost: {
    sample: fc.tuple(quantity, positive, drift, positive).map((cells) => {
      const found = best(...(cells as [number, number, number, number]));
      return { cells, expected: isProblem(found) ? found : found.costPerMonth };
    }),
    fixed: [{ cells: [1200, N, D, 1], expected: 494.4 }],
    formula: (cells) => {
      const { costBelow, costAbove } = bestFormulas(cells);
      return ledgerExcel.bestWholeMonthCost(costBelow, costAbove);
    },
  },
  cadenceOfRuns: {
    sample: direct(
      fc.tuple(fc.oneof(fc.integer({ min: -2, max: 20 }), fc.double({ min: -5, max: 60, noNaN: true }))),
      (runs) => cadenceOfRuns(runs, "Runs"),
    ),
    fixed: [
      { cells: [4], expected: 3 },
      { cells: [0], expected: cadenceOfRuns(0, "Runs") },
    ],
    formula: ([runs]) => ledgerExcel.cadenceOfRuns(runs),
  },
  changeSaving: {
    // The annual cadence lever's money saved, with a run's other costs, as the annual setting weighs it.
    sample: annualPlans.map(({ plan, other, figures: year }) => {
      const row = year.levers.rows.find((lever) => lever.lever === "cadence")!;
      const setting = annualLedgerSetting(plan, year, { otherCostPerRun: other });
      return {
        cells: [row.costSavedPerYear as number, other, plan.runsPerYear, plan.runsPerYearProposed as number],
        expected: setting.change!.savingPerYear,
      };
    }),
    formula: ([compute, other, now, proposed]) => ledgerExcel.changeSaving(compute, other, now, proposed),
  },
  stalenessAdded: {
    sample: fc.tuple(quantity, drift, quantity, cadence, cadence).map((cells) => {
      const [n, d, c, now, proposed] = cells;
      const change = { label: "", proposedMonths: proposed, savingPerYear: 0 };
      const found = figures({ clipsPerMonth: n, cadenceMonths: now, change }, d, c);
      return { cells, expected: found.change!.stalenessAddedPerYear };
    }),
    fixed: [{ cells: [N, D, 1, 3, 12], expected: 6998.4 }],
    formula: ([n, d, c, now, proposed]) =>
      ledgerExcel.stalenessAdded(
        ledgerExcel.stalenessPerMonth(n, d, c, proposed),
        ledgerExcel.stalenessPerMonth(n, d, c, now),
      ),
  },
  netPerYear: {
    sample: fc.tuple(quantity, drift, quantity, cadence, cadence, quantity).map((cells) => {
      const [n, d, c, now, proposed, saving] = cells;
      const change = { label: "", proposedMonths: proposed, savingPerYear: saving };
      const found = figures({ clipsPerMonth: n, cadenceMonths: now, change }, d, c);
      return { cells, expected: found.change!.netPerYear };
    }),
    fixed: [{ cells: [N, D, 1, 3, 12, 3600], expected: -3398.4 }],
    formula: ([n, d, c, now, proposed, saving]) =>
      ledgerExcel.netPerYear(
        saving,
        ledgerExcel.stalenessAdded(
          ledgerExcel.stalenessPerMonth(n, d, c, proposed),
          ledgerExcel.stalenessPerMonth(n, d, c, now),
        ),
      ),
  },
};

testBuilders(ledgerExcel, CASES);
