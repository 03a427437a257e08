/*
 * Both ledgers per model in the estate (docs/cost-model.md, "Both ledgers" on the estate's worked example): each
 * model's staleness at its cadence, its economic cadence and its cadence lever's net, the estate's staleness total
 * beside its compute, and a blank ledger leaving every figure as it is (Object.is, leaf by leaf).
 */
import fc from "fast-check";
import { unwrap } from "../../support/unwrap";
import { annualPlan, between } from "../../support/planArbitraries";
import {
  EXAMPLE_ESTATE,
  EstateModel,
  EstatePlan,
  checkEstate,
  estateFigures,
  estateOfAnnualPlan,
} from "../../../src/estate/model";
import { EXAMPLE_LEDGER_INPUTS, LedgerFigures, LedgerInputs, ONE_LEDGER_ONLY } from "../../../src/ledgers/model";
import { isProblem, Problem } from "../../../src/core/model/problems";

/** The worked example with the seed's ledger (drift 2e-7, two minutes at 30.00 an hour) on `which` models. */
const withLedger = (which: number[], ledger: LedgerInputs = EXAMPLE_LEDGER_INPUTS): EstatePlan => ({
  ...EXAMPLE_ESTATE,
  models: EXAMPLE_ESTATE.models.map((m, i) => (which.includes(i) ? { ...m, ...ledger } : m)),
});
const num = (value: number | Problem | undefined) => {
  if (typeof value !== "number") throw new Error(`not a number: ${JSON.stringify(value)}`);
  return value;
};
const round = (value: number | Problem | undefined, digits = 2) => Number(num(value).toFixed(digits));
const counted = (ledger: unknown): LedgerFigures => {
  const figures = ledger as LedgerFigures;
  if (!figures || isProblem(figures) || !figures.counted) throw new Error(JSON.stringify(ledger));
  return figures;
};

test("A with the seed's ledger: 648,000,000 clips a month, quarterly staleness 129.60 a month, 1,555.20 a year", () => {
  const figures = unwrap(estateFigures(withLedger([0])));
  const a = counted(figures.ledgers!.models[0]);
  expect(round(a.stalenessPerMonth)).toBe(129.6);
  expect(round(a.stalenessPerYear)).toBe(1555.2);
  // A run is 600 h at 4.00 (2,400.00): k* = sqrt(2 x 2,400 / 129.6) = 6.0858; 6 months at 400 + 324 = 724.00.
  const economic = a.economic as Exclude<LedgerFigures["economic"], Problem>;
  expect(round(economic.months, 4)).toBe(6.0858);
  expect(economic.best.months).toBe(6);
  expect(round(economic.best.costPerMonth)).toBe(724);
  expect(figures.ledgers!.models.slice(1)).toEqual([undefined, undefined]);
  expect(round(figures.ledgers!.stalenessPerYear)).toBe(1555.2);
  expect(figures.ledgers!.computePerYear).toBe(figures.year.total.cost);
});

test("A retrained yearly saves 7,200.00 of compute, adds 6,998.40 of staleness: a net of 201.60", () => {
  const { levers } = unwrap(estateFigures(withLedger([0])));
  const cadence = levers.rows.find((row) => row.lever === "cadence" && row.model === 0)!;
  expect(cadence.costSaved).toBe(7200);
  const ledger = cadence.ledger as { savingPerYear: number; stalenessAddedPerYear: number; netPerYear: number };
  expect(round(ledger.savingPerYear)).toBe(7200);
  expect(round(ledger.stalenessAddedPerYear)).toBe(6998.4);
  expect(round(ledger.netPerYear)).toBe(201.6);
  // C's ledger is blank: its cadence lever counts one ledger only, and no other lever carries a ledger.
  const others = levers.rows.filter((row) => row !== cadence);
  expect(others.every((row) => row.ledger === undefined)).toBe(true);
  // The ranks stay compute's: the ledger is weighed beside them.
  expect(levers.rows.map((row) => row.label)).toEqual(
    unwrap(estateFigures(EXAMPLE_ESTATE)).levers.rows.map((r) => r.label),
  );
});

test("the estate's staleness a year is the counted models' sum: A's 1,555.20 and C's 194.40", () => {
  const figures = unwrap(estateFigures(withLedger([0, 2])));
  const c = counted(figures.ledgers!.models[2]);
  // C scores 5%: 32,400,000 clips a month, 6.48 a month per month of age; every 6 months: 16.20 a month.
  expect(round(c.stalenessPerMonth)).toBe(16.2);
  expect(round(figures.ledgers!.stalenessPerYear)).toBe(1749.6);
  const cLever = figures.levers.rows.find((row) => row.lever === "cadence" && row.model === 2)!;
  expect(round((cLever.ledger as { netPerYear: number }).netPerYear)).toBe(round(8000 - (35.64 - 16.2) * 12));
});

test("a ledger without an error cost is not counted: the views say the lever counts one ledger only", () => {
  const figures = unwrap(estateFigures(withLedger([0], { driftPerMonth: 2e-7 })));
  expect(figures.ledgers!.models[0]).toEqual({ counted: false, sentence: ONE_LEDGER_ONLY });
  expect(figures.ledgers!.stalenessPerYear).toBeUndefined();
  const cadence = figures.levers.rows.find((row) => row.lever === "cadence" && row.model === 0)!;
  expect(cadence.ledger).toEqual({ counted: false, sentence: ONE_LEDGER_ONLY });
});

test("an unpriced model's staleness is counted; its economic cadence says a run needs a price", () => {
  const plan = withLedger([0]);
  plan.models[0] = { ...plan.models[0], trainingPricePerHour: undefined };
  const a = counted(unwrap(estateFigures(plan)).ledgers!.models[0]);
  expect(round(a.stalenessPerYear)).toBe(1555.2);
  expect(isProblem(a.economic) && a.economic.message).toMatch(/price per accelerator-hour/);
});

test("the ledger's fields are checked in the model's card, a review half alone named", () => {
  const found = checkEstate(withLedger([1], { driftPerMonth: 2, reviewMinutesPerError: 2 }));
  expect(found.map((bad) => [bad.model, bad.key])).toEqual([[1, "driftPerMonth"]]);
  const half = checkEstate(withLedger([1], { driftPerMonth: 2e-7, reviewMinutesPerError: 2 }));
  expect(half.map((bad) => [bad.model, bad.key])).toEqual([[1, "reviewerCostPerHour"]]);
  expect(half[0].problem.message).toMatch(/reviewer's cost an hour/);
});

/** Every leaf of `a` and `b` the same by Object.is, and the same keys at every level. */
function sameLeaves(a: unknown, b: unknown, path = "figures"): void {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) {
    if (!Object.is(a, b)) throw new Error(`${path}: ${String(a)} is not ${String(b)}`);
    return;
  }
  expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
  for (const key of Object.keys(a)) {
    sameLeaves((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
  }
}

/** The ledger's fields as a model may hold them: a generated ledger, or every field blank (undefined). */
const ledger: fc.Arbitrary<LedgerInputs> = fc.record({
  driftPerMonth: fc.option(between(0, 1e-5), { nil: undefined }),
  costPerError: fc.option(between(0, 10), { nil: undefined }),
  otherCostPerRun: fc.option(between(0, 1000), { nil: undefined }),
});
const BLANK: Required<LedgerInputs> = {
  driftPerMonth: undefined as unknown as number,
  costPerError: undefined as unknown as number,
  reviewMinutesPerError: undefined as unknown as number,
  reviewerCostPerHour: undefined as unknown as number,
  otherCostPerRun: undefined as unknown as number,
};

test("a blank ledger: every figure exactly as without it; a typed ledger moves no compute figure", () => {
  const models = fc.array(fc.record({ plan: annualPlan, ledger, blank: fc.boolean() }), { minLength: 1, maxLength: 4 });
  fc.assert(
    fc.property(models, between(0, 100), (drawn, price) => {
      const bare: EstateModel[] = drawn.map(({ plan }, i) => ({
        ...estateOfAnnualPlan({ ...plan, pricePerHour: price }).models[0],
        name: `M${i + 1}`,
      }));
      const traffic = { clipsPerSecond: drawn[0].plan.clipsPerSecond, daysPerYear: drawn[0].plan.daysPerYear };
      const before = estateFigures({ ...traffic, models: bare });
      // Blank: each ledger field present and undefined, as the form's reading may leave it.
      const blank = estateFigures({ ...traffic, models: bare.map((m) => ({ ...m, ...BLANK })) });
      if (isProblem(before)) return isProblem(blank);
      sameLeaves(blank, before);
      expect("ledgers" in unwrap(blank)).toBe(false);
      // Typed where drawn: the year and every lever's compute figure the same, only the ledger added beside.
      const typed = estateFigures({
        ...traffic,
        models: bare.map((m, i) => (drawn[i].blank ? m : { ...m, ...drawn[i].ledger })),
      });
      if (isProblem(typed)) return true; // a ledger the checks refuse (drift 1e-5 over a long cadence is fine)
      sameLeaves(typed.year, before.year, "year");
      const strip = (rows: typeof typed.levers.rows) => rows.map(({ ledger: _ledger, ...row }) => row);
      sameLeaves(strip(typed.levers.rows), strip(before.levers.rows), "levers");
      return true;
    }),
    { numRuns: 60 },
  );
});
