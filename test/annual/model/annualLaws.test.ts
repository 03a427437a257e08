/* The annual view's laws as properties over the input space, and bad input as typed problems. */
import { unwrap } from "../../support/unwrap";
import fc from "fast-check";
import {
  ANNUAL_FIELDS,
  AnnualPlan,
  checkAnnualPlan,
  EXAMPLE_ANNUAL_PLAN,
} from "../../../src/annual/model/annualFields";
import { annualTable, trainingShare } from "../../../src/annual/model/annual";
import { annualFigures, AnnualFigures, LEVERS, leverSaving, leversTable } from "../../../src/annual/model/levers";
import { isProblem } from "../../../src/core/model/problems";
import { annualPlan, between } from "../../support/planArbitraries";

/** Numbers from min to max, the bounds included, spread over the magnitudes (test/support/planArbitraries.ts). */
const num = between;

/** Plans a planner could type: every field of ANNUAL_FIELDS in its check's domain, at the magnitudes met. */
const plan = annualPlan;

const viewOf = (p: AnnualPlan): AnnualFigures => {
  return unwrap(annualFigures(p));
};
const near = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));
const atMost = (a: number, b: number) => a <= b + 1e-12 * Math.max(Math.abs(a), Math.abs(b));

test("a lever's saving never exceeds its ceiling times the total", () => {
  fc.assert(
    fc.property(plan, (p) => {
      const view = viewOf(p);
      const total = view.levers.totalPaidHours;
      for (const row of view.levers.rows) {
        const { hoursSavedPerYear: saved, shareOfBill: share, ceiling } = row;
        if (isProblem(saved) || isProblem(share) || isProblem(ceiling)) continue;
        // Within rounding of the bill: idle capacity is paid minus consumed, a difference that
        // carries the paid hours' last bit (1e-16 of the bill), where the saving is a product.
        if (share > ceiling + 1e-12) return false;
        if (saved > ceiling * total + 1e-12 * total) return false;
      }
      return true;
    }),
    { numRuns: 500 },
  );
});

test("each total's shares sum to 1, and every share is in [0, 1]", () => {
  fc.assert(
    fc.property(plan, (p) => {
      const { rows, hours } = viewOf(p).table;
      fc.pre(hours.totalConsumed > 0);
      const parts = rows.filter((row) => row.part !== "total");
      const consumed = parts.reduce((sum, row) => sum + (row.consumedShare as number), 0);
      const paid = parts.reduce((sum, row) => sum + (row.paidShare as number), 0);
      const inRange = rows.every((row) =>
        [row.consumedShare, row.paidShare].every((s) => (s as number) >= 0 && (s as number) <= 1),
      );
      return near(consumed, 1) && near(paid, 1) && inRange;
    }),
    { numRuns: 500 },
  );
});

test("paying for idle capacity only lowers training's share; it never raises it", () => {
  fc.assert(
    fc.property(plan, (p) => {
      const table = viewOf(p).table;
      fc.pre(table.hours.totalConsumed > 0);
      return (table.trainingSharePaid as number) <= (table.trainingShareConsumed as number);
    }),
  );
});

test("monotone: more training raises training's share; more traffic, time per clip or re-scans lower it", () => {
  fc.assert(
    fc.property(plan, num(1, 10), (p, k) => {
      fc.pre(p.trainingHoursPerRun * p.runsPerYear > 0 && p.clipsPerSecond * p.secondsPerClip > 0);
      const share = (changes: Partial<AnnualPlan>) => viewOf({ ...p, ...changes }).table.trainingSharePaid as number;
      const base = share({});
      return (
        share({ trainingHoursPerRun: p.trainingHoursPerRun * k }) >= base &&
        share({ runsPerYear: p.runsPerYear * k }) >= base &&
        share({ clipsPerSecond: p.clipsPerSecond * k }) <= base &&
        share({ secondsPerClip: p.secondsPerClip * k }) <= base &&
        share({ peakToMean: p.peakToMean * k }) <= base &&
        share({ rescanEvents: p.rescanEvents + k }) <= base
      );
    }),
  );
});

test("monotone: a bolder proposal saves more (fewer runs, fewer seconds, less provisioning, more skipped)", () => {
  fc.assert(
    fc.property(plan, num(0, 1), num(0, 1), (p, a, b) => {
      const [low, high] = a <= b ? [a, b] : [b, a];
      const saved = (changes: Partial<AnnualPlan>, id: string) =>
        viewOf({ ...p, ...changes }).levers.rows.find((row) => row.lever === id)!.hoursSavedPerYear;
      const pairs: [Partial<AnnualPlan>, Partial<AnnualPlan>, string][] = [
        [{ runsPerYearProposed: p.runsPerYear * high }, { runsPerYearProposed: p.runsPerYear * low }, "cadence"],
        [
          { secondsPerClipProposed: p.secondsPerClip * high },
          { secondsPerClipProposed: p.secondsPerClip * low },
          "serviceTime",
        ],
        [
          { peakToMeanProposed: 1 + (p.peakToMean - 1) * high },
          { peakToMeanProposed: 1 + (p.peakToMean - 1) * low },
          "provisioning",
        ],
        [{ shareNotRescored: low }, { shareNotRescored: high }, "workNotDone"],
      ];
      return pairs.every(([timid, bold, id]) => {
        const [t, b2] = [saved(timid, id), saved(bold, id)];
        return isProblem(t) || isProblem(b2) || atMost(t, b2);
      });
    }),
  );
});

test("the table is sorted by hours saved, ranks follow it, and no proposal means no saving", () => {
  fc.assert(
    fc.property(plan, (p) => {
      const { rows } = viewOf(p).levers;
      const saved = rows.map((row) => (isProblem(row.hoursSavedPerYear) ? -Infinity : row.hoursSavedPerYear));
      const sorted = saved.every((value, i) => i === 0 || value <= saved[i - 1]);
      const ranked = rows.every((row, i) => row.rank === 1 + saved.filter((other) => other > saved[i]).length);
      const unchanged = rows.every((row) => row.changed || row.hoursSavedPerYear === 0);
      return sorted && ranked && unchanged;
    }),
    { numRuns: 300 },
  );
});

test("leverSaving: at most the part, 0 for no change, and the part x (1 - proposed / current)", () => {
  fc.assert(
    fc.property(num(0, 1e9), num(1e-6, 1e6), num(0, 1e6), (part, current, proposed) => {
      const saved = leverSaving(part, current, proposed) as number;
      return (
        atMost(saved, part) &&
        leverSaving(part, current, current) === 0 &&
        // part - part x proposed / current loses digits to cancellation: compare in units of the part.
        Math.abs(saved - (part - (part * proposed) / current)) <= 1e-12 * Math.max(part, (part * proposed) / current)
      );
    }),
  );
});

test("trainingShare is in [0, 1]: 0 with no training, 1 when training is everything", () => {
  fc.assert(
    fc.property(num(0, 1e12), num(0, 1e12), num(0, 1e12), (t, s, o) => {
      fc.pre(t + s + o > 0);
      const share = trainingShare(t, s, o) as number;
      return share >= 0 && share <= 1 && trainingShare(0, s + 1, o) === 0 && trainingShare(t + 1, 0, 0) === 1;
    }),
  );
});

// Any number a form or a cell could hand over, including the ones the checks must refuse.
const anyNumber = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -0, -1, 1, 0.5, 1e308, Number.MAX_VALUE, Number.MIN_VALUE, NaN, Infinity, -Infinity),
);

test("property: any numbers give a typed problem or finite figures, never NaN, Infinity or a throw", () => {
  const numericKeys = ANNUAL_FIELDS.filter((field) => field.quantity !== "text").map((field) => field.key);
  const count = numericKeys.length;
  fc.assert(
    fc.property(
      fc.array(fc.option(anyNumber, { nil: undefined }), { minLength: count, maxLength: count }),
      (values) => {
        const p: Record<string, unknown> = { ...EXAMPLE_ANNUAL_PLAN };
        numericKeys.forEach((key, i) => {
          if (values[i] !== undefined) p[key] = values[i];
        });
        const view = annualFigures(p as unknown as AnnualPlan);
        if (isProblem(view)) return view.message.length > 0;
        const figures: unknown[] = [];
        const collect = (value: unknown): void => {
          if (typeof value === "number") figures.push(value);
          else if (Array.isArray(value)) value.forEach(collect);
          else if (value && typeof value === "object" && !isProblem(value)) Object.values(value).forEach(collect);
        };
        collect(view);
        return figures.every((x) => Number.isFinite(x as number));
      },
    ),
    { numRuns: 2000 },
  );
});

describe("bad input: a problem naming the field by its label, and what to fix", () => {
  test.each<[Partial<AnnualPlan>, keyof AnnualPlan, string, string]>([
    [{ runsPerYear: -1 }, "runsPerYear", "invalidNumber", "Runs per year (cadence) must be 0 or more; got -1."],
    [
      { trainingOverhead: 0.5 },
      "trainingOverhead",
      "invalidNumber",
      "Training overhead: failed runs and sweeps is a multiplier of 1 or more (1 = none); got 0.5.",
    ],
    [{ daysPerYear: 0 }, "daysPerYear", "invalidNumber", "Days counted in a year must be more than 0; got 0."],
    [
      { shareNotRescored: 1.5 },
      "shareNotRescored",
      "invalidNumber",
      "Clips not re-scored (unchanged content and policy) must be between 0 and 1; got 1.5.",
    ],
    [{ secondsPerClip: NaN }, "secondsPerClip", "invalidValue", "Serving time per clip must be a number."],
    [
      { peakToMeanProposed: 0.9 },
      "peakToMeanProposed",
      "invalidNumber",
      "Peak-to-mean provisioning, proposed is a multiplier of 1 or more (1 = none); got 0.9.",
    ],
    [{ pricePerHour: -2 }, "pricePerHour", "invalidNumber", "Price per accelerator-hour must be 0 or more; got -2."],
  ])("%o", (changes, key, kind, message) => {
    const p = { ...EXAMPLE_ANNUAL_PLAN, ...changes };
    expect(checkAnnualPlan(p)).toEqual([{ key, problem: { kind, message } }]);
    expect(annualTable(p)).toEqual({ kind, message });
    expect(annualFigures(p)).toEqual({ kind, message });
    expect(leversTable(p)).toEqual({ kind, message });
  });

  test("every bad field is reported at once; a blank optional field is not checked", () => {
    const found = checkAnnualPlan({ ...EXAMPLE_ANNUAL_PLAN, runsPerYear: -1, clipsPerSecond: -1 });
    expect(found.map((f) => f.key)).toEqual(["runsPerYear", "clipsPerSecond"]);
    expect(checkAnnualPlan({ ...EXAMPLE_ANNUAL_PLAN, pricePerHour: undefined, peakToMeanProposed: undefined })).toEqual(
      [],
    );
  });

  test("a product too large for a double is the last factor's problem, named by the labels", () => {
    const found = checkAnnualPlan({ ...EXAMPLE_ANNUAL_PLAN, trainingHoursPerRun: 1e300, runsPerYear: 1e10 });
    expect(found).toHaveLength(1);
    expect(found[0].key).toBe("trainingHoursPerRun");
    expect(found[0].problem.message).toMatch(/^Runs per year \(cadence\) × .* × Training run is over 1\.8e308/);
  });

  test("a sum too large for a double is a problem of the whole plan", () => {
    const p = { ...EXAMPLE_ANNUAL_PLAN, trainingHoursPerRun: 1.5e308, runsPerYear: 1, rescanEvents: 1 };
    expect(checkAnnualPlan({ ...p, rescanHoursEach: 1.5e308 })).toEqual([]);
    expect(annualTable({ ...p, rescanHoursEach: 1.5e308 })).toMatchObject({ kind: "invalidNumber" });
  });

  test("a year of 0 hours: shares are divisions by zero, not NaN", () => {
    const table = unwrap(annualTable({ ...EXAMPLE_ANNUAL_PLAN, trainingHoursPerRun: 0, clipsPerSecond: 0 }));
    expect(table.trainingShareConsumed).toMatchObject({ kind: "divisionByZero" });
    expect(table.rows[0].paidShare).toMatchObject({ kind: "divisionByZero" });
    expect(table.idleToTraining).toMatchObject({ kind: "divisionByZero" });
  });

  test("a lever whose input is 0 now cannot scale: its row is a problem, ranked last, out of the sentences", () => {
    const view = viewOf({ ...EXAMPLE_ANNUAL_PLAN, runsPerYear: 0 });
    const cadence = view.levers.rows[view.levers.rows.length - 1];
    expect(cadence.lever).toBe("cadence");
    expect(cadence.hoursSavedPerYear).toMatchObject({ kind: "divisionByZero" });
    expect(cadence.rank).toBe(LEVERS.length);
    expect(view.levers.smallest).toBeUndefined();
    expect(view.levers.largest).toMatch(/^Point the effort at per-clip service time/);
  });

  test("the functions' formulas name their arguments", () => {
    expect(trainingShare(-1, 1)).toEqual({
      kind: "invalidNumber",
      message: "training_hours must be 0 or more; got -1.",
    });
    expect(trainingShare(0, 0, 0)).toMatchObject({ kind: "divisionByZero" });
    expect(trainingShare(1, NaN)).toEqual({ kind: "invalidValue", message: "serving_hours must be a number." });
    expect(trainingShare(1e308, 1e308, 1e308)).toBeCloseTo(1 / 3, 15);
    expect(leverSaving(2400, 0, 1)).toMatchObject({ kind: "divisionByZero" });
    expect(leverSaving(2400, 4, -1)).toEqual({ kind: "invalidNumber", message: "proposed must be 0 or more; got -1." });
    expect(leverSaving(-1, 4, 1)).toMatchObject({ kind: "invalidNumber" });
    expect(leverSaving(1e308, 1, 1e300)).toMatchObject({ kind: "invalidNumber" });
  });
});

test("a proposal that adds hours too few to hold in a double saves 0, never -0", () => {
  expect(Object.is(leverSaving(5e-324, 1182536938, 1182536939), 0)).toBe(true);
});
