/*
 * Both ledgers (issue 30, docs/cost-model.md "Both ledgers"): the worked example's every figure from the model,
 * the whole-month optimum against its neighbours, and zero drift leaving the compute ledger's figures as they are.
 */
import fc from "fast-check";
import { unwrap } from "../../support/unwrap";
import { isProblem, Problem } from "../../../src/core/model/problems";
import { EXAMPLE_ANNUAL_PLAN, AnnualPlan } from "../../../src/annual/model/annualFields";
import { annualFigures, AnnualFigures } from "../../../src/annual/model/levers";
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import {
  bestWholeMonth,
  cadenceMonthlyCost,
  economicCadence,
  NO_DRIFT,
  stalenessCost,
} from "../../../src/ledgers/model/staleness";
import {
  checkLedgerInputs,
  EXAMPLE_LEDGER_INPUTS,
  errorCost,
  LedgerInputs,
  ONE_LEDGER_ONLY,
} from "../../../src/ledgers/model/ledgerFields";
import { CadenceRow, LedgerFigures, ledgerFigures, SENSITIVITY_CADENCES } from "../../../src/ledgers/model/ledgers";
import { annualLedgers, NO_PRICE, stageLedgers } from "../../../src/ledgers/model/ledgerSettings";

/** The worked example: 600 h a run at 2.00 (R = 1,200.00), 648,000,000 clips a month, drift 2e-7, 1.00 an error. */
const R = 1200;
const N = 648e6;
const DRIFT = 2e-7;
const PRICED: AnnualPlan = { ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2 };

const figuresOf = (plan: AnnualPlan): AnnualFigures => unwrap(annualFigures(plan));
const counted = (result: ReturnType<typeof annualLedgers>): LedgerFigures => {
  if (isProblem(result) || !result.counted) throw new Error(`not counted: ${JSON.stringify(result)}`);
  return result;
};
const annualOf = (plan: AnnualPlan = PRICED, inputs: LedgerInputs = EXAMPLE_LEDGER_INPUTS) =>
  counted(annualLedgers(plan, figuresOf(plan), inputs));
const num = (value: number | Problem): number => unwrap(value);

describe("the worked example's table", () => {
  test.each([
    [3, 400, 129.6, 529.6],
    [4, 300, 194.4, 494.4],
    [5, 240, 259.2, 499.2],
    [12, 100, 712.8, 812.8],
  ])("retrain every %d months: training %d, staleness %d, total %d a month", (k, training, staleness, total) => {
    expect(num(stalenessCost(N, DRIFT, 1, k))).toBeCloseTo(staleness, 9);
    expect(num(cadenceMonthlyCost(R, N, DRIFT, 1, k))).toBeCloseTo(total, 9);
    const found = (annualOf().sensitivity as CadenceRow[]).find((r) => r.months === k)!;
    expect(num(found.runCostPerMonth)).toBeCloseTo(training, 9);
    expect(num(found.stalenessPerMonth)).toBeCloseTo(staleness, 9);
    expect(num(found.totalPerMonth)).toBeCloseTo(total, 9);
  });

  test("the economic cadence is 4.3033 months; the best whole month is 4 at 494.40 a month", () => {
    expect(num(economicCadence(R, N, DRIFT, 1))).toBeCloseTo(Math.sqrt(2400 / 129.6), 12);
    expect(num(economicCadence(R, N, DRIFT, 1)).toFixed(4)).toBe("4.3033");
    const economic = annualOf().economic;
    if (isProblem(economic)) throw new Error(economic.message);
    expect(economic.months.toFixed(4)).toBe("4.3033");
    expect(economic.best.months).toBe(4);
    expect(economic.best.costPerMonth).toBeCloseTo(494.4, 9);
  });

  test("going yearly saves 3,600.00 of compute, adds 6,998.40 of review, and loses 3,398.40 a year", () => {
    const figures = annualOf();
    expect(num(figures.stalenessPerMonth)).toBeCloseTo(129.6, 9);
    expect(num(figures.stalenessPerYear)).toBeCloseTo(1555.2, 9);
    const change = figures.change!;
    expect(change.label).toBe("Retraining every 12 months instead of every 3 months");
    expect(num(change.savingPerYear)).toBeCloseTo(3600, 9);
    expect(num(change.stalenessAddedPerYear)).toBeCloseTo(6998.4, 9);
    expect(num(change.netPerYear)).toBeCloseTo(-3398.4, 9);
  });

  test("an error typed as 1.00 is the same as two minutes of review at 30.00 an hour", () => {
    expect(errorCost(EXAMPLE_LEDGER_INPUTS)).toBe(1);
    expect(annualOf(PRICED, { driftPerMonth: DRIFT, costPerError: 1 })).toEqual(annualOf());
    // Typed wins over the minutes.
    expect(errorCost({ costPerError: 3, reviewMinutesPerError: 2, reviewerCostPerHour: 30 })).toBe(3);
  });

  test("a run's other costs count: 300.00 of labelling makes R 1,500 and the yearly saving 4,500.00", () => {
    const figures = annualOf(PRICED, { ...EXAMPLE_LEDGER_INPUTS, otherCostPerRun: 300 });
    expect(num(figures.change!.savingPerYear)).toBeCloseTo(4500, 9);
    const economic = figures.economic as { months: number };
    expect(economic.months).toBeCloseTo(Math.sqrt(3000 / 129.6), 12);
  });

  test("the what-if base scenario (90-day interval) weighs its 3 months against the best whole month, 4", () => {
    const figures = counted(stageLedgers({ ...EXAMPLE_PLAN, pricePerHour: 2 }, EXAMPLE_LEDGER_INPUTS));
    expect(num(figures.stalenessPerMonth)).toBeCloseTo(129.6, 9);
    const change = figures.change!;
    expect(change.proposedMonths).toBe(4);
    // Compute: 4 runs a year to 3 saves 1,200.00; staleness adds 12 x (194.40 - 129.60) = 777.60.
    expect(num(change.savingPerYear)).toBeCloseTo(1200, 9);
    expect(num(change.stalenessAddedPerYear)).toBeCloseTo(777.6, 9);
    expect(num(change.netPerYear)).toBeCloseTo(12 * (529.6 - 494.4), 9);
  });
});

describe("blank, zero and refused inputs", () => {
  test("a blank drift or error cost is not counted, and says the cadence lever counts one ledger only", () => {
    for (const inputs of [
      {},
      { driftPerMonth: DRIFT },
      { costPerError: 1 },
      { reviewMinutesPerError: 2, reviewerCostPerHour: 30 },
    ]) {
      const ledgers = annualLedgers(PRICED, figuresOf(PRICED), inputs as LedgerInputs);
      expect(isProblem(ledgers)).toBe(false);
      expect(ledgers).toEqual({ counted: false, sentence: ONE_LEDGER_ONLY });
    }
  });

  test("drift is a fraction: 2 (a percentage typed as a whole) is refused, naming the field", () => {
    const [bad] = checkLedgerInputs({ driftPerMonth: 2, costPerError: 1 });
    expect(bad.key).toBe("driftPerMonth");
    expect(bad.problem.message).toMatch(/between 0 and 1/);
    expect(isProblem(annualLedgers(PRICED, figuresOf(PRICED), { driftPerMonth: -1e-7, costPerError: 1 }))).toBe(true);
  });

  test("minutes of review without an hourly cost (or the reverse) is a problem, not 'not counted'", () => {
    expect(checkLedgerInputs({ driftPerMonth: DRIFT, reviewMinutesPerError: 2 })[0].key).toBe("reviewerCostPerHour");
    expect(checkLedgerInputs({ reviewerCostPerHour: 30 })[0].key).toBe("reviewMinutesPerError");
    expect(checkLedgerInputs({ reviewerCostPerHour: 30, costPerError: 1 })).toEqual([]);
  });

  test("the functions' formulas refuse drift 0 with a sentence that says staleness costs nothing", () => {
    for (const result of [stalenessCost(N, 0, 1, 12), economicCadence(R, N, 0, 1)]) {
      expect(result).toEqual({ kind: "invalidValue", message: NO_DRIFT });
    }
    expect(NO_DRIFT).toMatch(/staleness costs nothing in this ledger/);
    // Signs first, as a cell's twin meets them.
    expect((stalenessCost(-1, 0, 1, 12) as Problem).kind).toBe("invalidNumber");
  });

  test("a cadence under a month, no clips or no error cost, and overflow are problems, never NaN or Infinity", () => {
    expect((stalenessCost(N, DRIFT, 1, 0.5) as Problem).kind).toBe("invalidNumber");
    expect(num(stalenessCost(N, DRIFT, 1, 1))).toBe(0);
    expect((economicCadence(R, 0, DRIFT, 1) as Problem).kind).toBe("divisionByZero");
    expect((economicCadence(R, N, DRIFT, 0) as Problem).kind).toBe("divisionByZero");
    expect(num(economicCadence(0, N, DRIFT, 1))).toBe(0);
    expect((stalenessCost(1e300, 1, 1e300, 12) as Problem).kind).toBe("invalidNumber");
    // A quotient past a double whose square root fits.
    expect(num(economicCadence(1e300, 1e-10, 1e-10, 1e-10)) / (Math.sqrt(2e300) * 1e15)).toBeCloseTo(1, 12);
    expect((stalenessCost(NaN, DRIFT, 1, 4) as Problem).kind).toBe("invalidValue");
  });

  test("without a price the staleness is shown, and the run's cost, the lever and the cadence need one", () => {
    const figures = annualOf(EXAMPLE_ANNUAL_PLAN);
    expect(num(figures.stalenessPerMonth)).toBeCloseTo(129.6, 9);
    expect((figures.economic as Problem).message).toBe(NO_PRICE);
    expect((figures.sensitivity as Problem).message).toBe(NO_PRICE);
    expect((figures.change!.netPerYear as Problem).message).toBe(NO_PRICE);
  });

  test("no runs a year (never retrained) and more than 12 a year are said, not computed", () => {
    const never = annualOf({ ...PRICED, runsPerYear: 0 });
    expect((never.stalenessPerMonth as Problem).message).toMatch(/never retrained/);
    const weekly = annualOf({ ...PRICED, runsPerYear: 52 });
    expect((weekly.stalenessPerMonth as Problem).message).toMatch(/weighs 12 runs a year or fewer/);
  });
});

describe("laws", () => {
  const money = fc.double({ min: 1e-3, max: 1e7, noNaN: true });
  const clips = fc.double({ min: 1, max: 1e12, noNaN: true });
  const drift = fc.double({ min: 1e-12, max: 1e-2, noNaN: true });
  const cost = fc.double({ min: 1e-3, max: 1e4, noNaN: true });

  test("the best whole month is never worse than the month before it or after it", () => {
    fc.assert(
      fc.property(money, clips, drift, cost, (r, n, d, c) => {
        const economic = num(economicCadence(r, n, d, c));
        const costAt = (k: number) => cadenceMonthlyCost(r, n, d, c, k);
        const best = unwrap(bestWholeMonth(economic, costAt));
        expect(best.months).toBeGreaterThanOrEqual(1);
        expect(best.costPerMonth).toBe(num(costAt(best.months)));
        const tolerance = 1e-12 * best.costPerMonth;
        if (best.months > 1) expect(best.costPerMonth).toBeLessThanOrEqual(num(costAt(best.months - 1)) + tolerance);
        expect(best.costPerMonth).toBeLessThanOrEqual(num(costAt(best.months + 1)) + tolerance);
      }),
    );
  });

  const plans = fc.record({
    runsPerYear: fc.integer({ min: 1, max: 12 }),
    runsPerYearProposed: fc.integer({ min: 1, max: 12 }),
    trainingHoursPerRun: fc.double({ min: 1, max: 1e5, noNaN: true }),
    clipsPerSecond: fc.double({ min: 0, max: 1e4, noNaN: true }),
    pricePerHour: fc.double({ min: 0.01, max: 100, noNaN: true }),
  });

  test("zero drift leaves every figure of the annual view unchanged, and the net is the compute saving", () => {
    fc.assert(
      fc.property(plans, cost, (changes, c) => {
        const plan = { ...EXAMPLE_ANNUAL_PLAN, ...changes };
        const before = JSON.stringify(figuresOf(plan));
        const figures = figuresOf(plan);
        const ledgers = counted(annualLedgers(plan, figures, { driftPerMonth: 0, costPerError: c }));
        expect(JSON.stringify(figures)).toBe(before);
        expect(ledgers.stalenessPerMonth).toBe(0);
        expect(ledgers.stalenessPerYear).toBe(0);
        expect((ledgers.economic as Problem).message).toBe(NO_DRIFT);
        const cadenceRow = figures.levers.rows.find((row) => row.lever === "cadence")!;
        if (cadenceRow.changed) {
          expect(ledgers.change!.stalenessAddedPerYear).toBe(0);
          expect(ledgers.change!.netPerYear).toBe(cadenceRow.costSavedPerYear);
        }
        const runCost = (figures.table.hours.training / plan.runsPerYear) * plan.pricePerHour;
        for (const row of ledgers.sensitivity as { months: number; totalPerMonth: number }[]) {
          expect(row.totalPerMonth).toBeCloseTo(runCost / row.months, 6);
        }
      }),
    );
  });

  test("the sensitivity prices retraining every 1 to 12 months, and the net is saving minus staleness", () => {
    expect(SENSITIVITY_CADENCES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    fc.assert(
      fc.property(plans, drift, cost, (changes, d, c) => {
        const plan = { ...EXAMPLE_ANNUAL_PLAN, ...changes };
        const ledgers = counted(annualLedgers(plan, figuresOf(plan), { driftPerMonth: d, costPerError: c }));
        if (!ledgers.change) return;
        const { savingPerYear, stalenessAddedPerYear, netPerYear } = ledgers.change;
        expect(num(netPerYear)).toBe(num(savingPerYear) - num(stalenessAddedPerYear));
      }),
    );
  });

  test("the generic figures take a setting straight: the worked example's quarter", () => {
    const figures = ledgerFigures(
      { runCost: R, clipsPerMonth: N, cadenceMonths: 3 },
      { driftPerMonth: DRIFT, costPerError: 1 },
    ) as LedgerFigures;
    expect(figures.stalenessPerMonth).toBeCloseTo(129.6, 9);
    expect(figures.change).toBeUndefined();
  });
});
