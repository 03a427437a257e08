/*
 * The estate's laws as properties over the plans the field checks allow: one model is today's annual view to the
 * bit, shares sum to 1, no lever saves more than its ceiling, and retiring every model but one leaves that one's
 * own figures. Models are made from generated annual plans (test/support/planArbitraries.ts), so every field is
 * in its own check's domain, at the magnitudes a planner meets.
 */
import fc from "fast-check";
import { annualFigures } from "../../../src/annual/model/levers";
import type { AnnualPlan } from "../../../src/annual/model/annualFields";
import { annualPlan, between } from "../../support/planArbitraries";
import {
  ESTATE_PARTS,
  EstateModel,
  EstatePlan,
  estateFigures,
  estateOfAnnualPlan,
  estateYear,
} from "../../../src/estate/model";
import { isProblem, Problem } from "../../../src/core/model/problems";

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));
const value = (x: number | Problem | undefined) => (typeof x === "number" ? x : NaN);
/** The same figure, or a problem of the same kind where both have one (a share of 0 hours: each says it its way). */
const same = (a: number | Problem | undefined, b: number | Problem | undefined) =>
  isProblem(a) && isProblem(b) ? expect(a.kind).toBe(b.kind) : expect(a).toEqual(b);

/** A model of the estate: a generated annual plan's, scoring a generated share of the clips at two prices. */
const model: fc.Arbitrary<EstateModel> = fc
  .record({
    plan: annualPlan,
    share: between(0, 1),
    shareProposed: fc.option(between(0, 1), { nil: undefined }),
    trainingPrice: between(0, 100),
    servingPrice: between(0, 100),
    retire: fc.constantFrom(0, 1, undefined),
  })
  .map(({ plan, share, shareProposed, trainingPrice, servingPrice, retire }) => ({
    ...estateOfAnnualPlan(plan).models[0],
    shareScored: share,
    shareScoredProposed: shareProposed,
    trainingPricePerHour: trainingPrice,
    servingPricePerHour: servingPrice,
    retireProposed: retire,
  }));

/** Estates of 1 to 5 models, each its own name, on one plan's traffic. */
const estate: fc.Arbitrary<EstatePlan> = fc
  .record({ traffic: annualPlan, models: fc.array(model, { minLength: 1, maxLength: 5 }) })
  .map(({ traffic, models }) => ({
    clipsPerSecond: traffic.clipsPerSecond,
    daysPerYear: traffic.daysPerYear,
    models: models.map((m, i) => ({ ...m, name: `M${i + 1}` })),
  }));

test("one model scoring every clip gives today's annual figures exactly", () => {
  fc.assert(
    fc.property(annualPlan, fc.option(between(0, 100), { nil: undefined }), (plan: AnnualPlan, price) => {
      const annual = annualFigures({ ...plan, pricePerHour: price });
      const estate = estateFigures(estateOfAnnualPlan({ ...plan, pricePerHour: price }));
      if (isProblem(annual) || isProblem(estate)) return isProblem(annual) === isProblem(estate);
      const { year, levers } = estate;
      const rows = annual.table.rows;
      const part = (p: string) => rows.find((row) => row.part === p)!;
      expect(year.total.hours).toBe(annual.table.hours.totalPaid);
      for (const p of ESTATE_PARTS) {
        expect(year.parts[p].hours).toBe(part(p).paidHours);
        same(year.parts[p].hoursShare, part(p).paidShare);
        expect(year.parts[p].cost).toEqual(part(p).paidCost);
      }
      same(year.parts.training.hoursShare, annual.table.trainingSharePaid);
      // The estate's money is its parts' added: within a double's rounding of the annual total's one product.
      if (price !== undefined) expect(near(value(year.total.cost), value(part("total").paidCost))).toBe(true);
      // The estate lists the changes proposed; the annual table every lever (an unchanged one saving 0), so the
      // order is compared, not the rank numbers.
      const changed = annual.levers.rows.filter((row) => row.changed);
      expect(levers.byHours.map((row) => row.lever)).toEqual(changed.map((row) => row.lever));
      levers.byHours.forEach((row, i) => {
        expect(row.hoursSaved).toEqual(changed[i].hoursSavedPerYear);
        same(row.hoursShare, changed[i].shareOfBill);
        same(row.hoursCeiling, changed[i].ceiling);
        expect(row.costSaved).toEqual(changed[i].costSavedPerYear);
      });
      return true;
    }),
    { numRuns: 300 },
  );
});

test("the parts' shares of the estate sum to 1, in hours and in money, and the models' too", () => {
  fc.assert(
    fc.property(estate, (plan) => {
      const year = estateYear(plan);
      if (isProblem(year)) return true;
      fc.pre(year.total.hours > 0 && value(year.total.cost) > 0);
      const shares = (pick: "hoursShare" | "costShare") => [
        ESTATE_PARTS.reduce((sum, p) => sum + value(year.parts[p][pick]), 0),
        year.models.reduce((sum, m) => sum + value(m.total[pick]), 0),
        year.models.reduce((sum, m) => sum + ESTATE_PARTS.reduce((s, p) => s + value(m.parts[p][pick]), 0), 0),
      ];
      return [...shares("hoursShare"), ...shares("costShare")].every((total) => Math.abs(total - 1) < 1e-9);
    }),
    { numRuns: 300 },
  );
});

test("a lever's saving never exceeds its ceiling, in hours or in money", () => {
  fc.assert(
    fc.property(estate, (plan) => {
      const figures = estateFigures(plan);
      if (isProblem(figures)) return true;
      for (const row of figures.levers.rows) {
        // Idle capacity is paid minus consumed serving, a difference carrying the paid hours' last bit.
        if (value(row.hoursShare) > value(row.hoursCeiling) + 1e-12) return false;
        if (value(row.costShare) > value(row.costCeiling) + 1e-12) return false;
      }
      return true;
    }),
    { numRuns: 300 },
  );
});

test("retiring every model but one gives that model's own figures", () => {
  fc.assert(
    fc.property(estate, fc.nat(), (plan, pick) => {
      const k = pick % plan.models.length;
      const whole = estateFigures(plan);
      const alone = estateFigures({ ...plan, models: [plan.models[k]] });
      if (isProblem(whole) || isProblem(alone)) return isProblem(whole) === isProblem(alone);
      const own = whole.year.models[k];
      expect(alone.year.total.hours).toBe(own.total.hours);
      for (const p of ESTATE_PARTS) {
        expect(alone.year.parts[p].hours).toBe(own.parts[p].hours);
        expect(alone.year.parts[p].cost).toEqual(own.parts[p].cost);
      }
      expect(alone.year.models[0].crossoverClips).toEqual(own.crossoverClips);
      const ownLevers = whole.levers.byHours.filter((row) => row.model === k).map((row) => [row.lever, row.hoursSaved]);
      expect(alone.levers.byHours.map((row) => [row.lever, row.hoursSaved])).toEqual(ownLevers);
      // Retiring the others, each alone, saves the rest of the estate: what is left is the one model's year.
      const retired = estateFigures({
        ...plan,
        models: plan.models.map((m, i) => ({ ...m, retireProposed: i === k ? 0 : 1 })),
      });
      if (isProblem(retired)) return false;
      const saved = retired.levers.rows.filter((row) => row.lever === "retire");
      const left = saved.reduce((rest, row) => rest - value(row.hoursSaved), whole.year.total.hours);
      return Math.abs(left - own.total.hours) <= 1e-9 * Math.max(1, whole.year.total.hours);
    }),
    { numRuns: 200 },
  );
});
