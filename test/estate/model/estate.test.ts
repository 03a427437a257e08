/* The estate's worked example (docs/cost-model.md, "Several models in one plan: the estate"), every figure. */
import { unwrap } from "../../support/unwrap";
import {
  EXAMPLE_ESTATE,
  EstatePlan,
  checkEstate,
  estateFigures,
  estateOfAnnualPlan,
  MAX_ESTATE_MODELS,
} from "../../../src/estate/model";
import { EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model";
import { isProblem, Problem } from "../../../src/core/model/problems";

const figures = unwrap(estateFigures(EXAMPLE_ESTATE));
const { year, levers } = figures;
const [a, b, c] = year.models;
const num = (value: number | Problem | undefined) => {
  if (typeof value !== "number") throw new Error(`not a number: ${JSON.stringify(value)}`);
  return value;
};
// Hours and money are compared to the doc's digits where a double's rounding shows (21,600.000000000004).
/** A share as the doc writes it: percent to two decimals. */
const pct = (value: number | Problem | undefined) => Number((num(value) * 100).toFixed(2));

test("each model's training and serving hours a year, and the estate's", () => {
  expect([a, b, c].map((m) => [m.parts.training.hours, m.parts.serving.hours])).toEqual([
    [2400, 86400],
    [1200, 43200],
    [4000, 54000],
  ]);
  expect(year.parts.training.hours).toBe(7600);
  expect(year.parts.serving.hours).toBe(183600);
  expect(year.total.hours).toBe(191200);
});

test("the money: 350,080.00 a year at each model's two prices", () => {
  expect(year.priced).toBe(true);
  expect([a, b, c].map((m) => [num(m.parts.training.cost), num(m.parts.serving.cost)])).toEqual([
    [9600, 69120],
    [4800, 34560],
    [16000, 216000],
  ]);
  expect(num(year.total.cost)).toBeCloseTo(350080, 6);
});

test("training is 3.97% of the hours but 8.68% of the money; C's serving 28.24% and 61.70%", () => {
  expect(pct(year.parts.training.hoursShare)).toBe(3.97);
  expect(pct(year.parts.training.costShare)).toBe(8.68);
  expect(pct(c.parts.serving.hoursShare)).toBe(28.24);
  expect(pct(c.parts.serving.costShare)).toBe(61.7);
  expect(num(year.total.hoursShare)).toBe(1);
});

test("which half dominates: serving, in hours and in money, and in each model", () => {
  expect(year.dominanceHours).toEqual({ side: "serving", lead: 24.2 });
  expect(year.dominanceMoney).toEqual({ side: "serving", lead: 10.5 });
  expect([a, b, c].map((m) => m.dominance)).toEqual([
    { side: "serving", lead: 36 },
    { side: "serving", lead: 36 },
    { side: "serving", lead: 13.5 },
  ]);
});

test("each model's crossover: the plan's clips a retrain interval at which its serving equals a run", () => {
  // A: 600 h x 3600 / 0.04 s; B: 300 h / 0.02 s; C: 2,000 h / (0.5 s x 5%): the plan's clips, not C's own.
  expect([a, b, c].map((m) => num(m.crossoverClips))).toEqual([54e6, 54e6, 288e6]);
  expect([a, b, c].map((m) => num(m.clipsPerInterval))).toEqual([1.944e9, 1.944e9, 3.888e9]);
});

test("the levers ranked across the estate: by money, and by hours where that differs", () => {
  const row = (r: (typeof levers.rows)[number]) => [
    r.modelName.charAt(0),
    r.lever,
    Number(num(r.hoursSaved).toFixed(6)),
    pct(r.hoursShare),
    Number(num(r.costSaved).toFixed(2)),
    pct(r.costShare),
  ];
  expect(levers.rankedBy).toBe("money");
  expect(levers.byHours.map(row)).toEqual([
    ["B", "retire", 44400, 23.22, 39360, 11.24],
    ["A", "serviceTime", 21600, 11.3, 17280, 4.94],
    ["C", "shareScored", 10800, 5.65, 43200, 12.34],
    ["C", "serviceTime", 5400, 2.82, 21600, 6.17],
    ["C", "cadence", 2000, 1.05, 8000, 2.29],
    ["A", "cadence", 1800, 0.94, 7200, 2.06],
  ]);
  // The lever third in hours is first in money.
  expect(levers.rows.map((r) => `${r.modelName.charAt(0)} ${r.lever}`)).toEqual([
    "C shareScored",
    "B retire",
    "C serviceTime",
    "A serviceTime",
    "C cadence",
    "A cadence",
  ]);
  expect(levers.rankingsDiffer).toBe(true);
  expect(levers.byHours.map((r) => r.hoursRank)).toEqual([1, 2, 3, 4, 5, 6]);
  expect(levers.rows.map((r) => r.costRank)).toEqual([1, 2, 3, 4, 5, 6]);
});

test("each lever's ceiling is the share of the estate the part it touches is", () => {
  const find = (initial: string, lever: string) =>
    levers.rows.find((r) => r.modelName.startsWith(initial) && r.lever === lever)!;
  expect(pct(find("B", "retire").hoursCeiling)).toBe(23.22);
  expect(pct(find("A", "serviceTime").hoursCeiling)).toBe(45.19); // 86,400 / 191,200
  expect(pct(find("C", "shareScored").costCeiling)).toBe(61.7);
  expect(pct(find("C", "cadence").costCeiling)).toBe(4.57); // 16,000 / 350,080
});

test("unpriced: hours only, ranked by hours, and the models without a price named", () => {
  const plan: EstatePlan = {
    ...EXAMPLE_ESTATE,
    models: EXAMPLE_ESTATE.models.map((m, i) => (i === 1 ? { ...m, servingPricePerHour: undefined } : m)),
  };
  const unpriced = unwrap(estateFigures(plan));
  expect(unpriced.year.priced).toBe(false);
  expect(unpriced.year.unpriced).toEqual(["B second opinion"]);
  expect(unpriced.year.total.cost).toBeUndefined();
  expect(unpriced.levers.rankedBy).toBe("hours");
  expect(unpriced.levers.rows[0].lever).toBe("retire");
  expect(unpriced.levers.rankingsDiffer).toBe(false);
});

test("a cadence in days or months between retrains is the runs a year it makes", () => {
  const every = (cadence: number, cadenceUnit: "days" | "months", cadenceProposed?: number): EstatePlan => ({
    ...EXAMPLE_ESTATE,
    models: [{ ...EXAMPLE_ESTATE.models[0], cadence, cadenceUnit, cadenceProposed }],
  });
  const days = unwrap(estateFigures(every(90, "days", 360)));
  const months = unwrap(estateFigures(every(3, "months", 12)));
  for (const f of [days, months]) {
    expect(f.year.models[0].parts.training.hours).toBe(2400);
    expect(num(f.levers.rows.find((r) => r.lever === "cadence")!.hoursSaved)).toBe(1800);
  }
});

test("bad input names the model and the field, never a NaN", () => {
  const bad = (change: object, index = 2): EstatePlan => ({
    ...EXAMPLE_ESTATE,
    models: EXAMPLE_ESTATE.models.map((m, i) => (i === index ? { ...m, ...change } : m)),
  });
  const message = (plan: EstatePlan) => {
    const result = estateFigures(plan);
    return isProblem(result) ? result.message : "no problem";
  };
  expect(message(bad({ shareScored: 1.5 }))).toBe(
    "C escalation: Share of clips scored must be between 0 and 1; got 1.5.",
  );
  expect(message(bad({ cadence: 0, cadenceUnit: "days" }))).toMatch(
    /^C escalation: Cadence \(days between retrains\) is 0/,
  );
  expect(message(bad({ name: "A policy classifier" }))).toMatch(/Two models are called "A policy classifier"/);
  expect(message(bad({ name: " " }))).toBe("Model 3: Model needs a name.");
  expect(message(bad({ retireProposed: 2 }))).toMatch(/Retire the model is 1 \(yes\) or 0 \(no\)/);
  expect(message({ ...EXAMPLE_ESTATE, clipsPerSecond: -1 })).toBe("Clips per second must be 0 or more; got -1.");
  expect(checkEstate({ ...EXAMPLE_ESTATE, models: [] })[0].key).toBe("models");
  const many = {
    ...EXAMPLE_ESTATE,
    models: Array.from({ length: MAX_ESTATE_MODELS + 1 }, (_, i) => ({ ...EXAMPLE_ESTATE.models[0], name: `M${i}` })),
  };
  expect(checkEstate(many)[0].problem.message).toBe("An estate has 1 to 20 models; got 21.");
});

test("a lever on an input that is 0 now is a problem in its row, the others still ranked", () => {
  const plan: EstatePlan = {
    ...EXAMPLE_ESTATE,
    models: EXAMPLE_ESTATE.models.map((m, i) => (i === 2 ? { ...m, shareScored: 0 } : m)),
  };
  const f = unwrap(estateFigures(plan));
  const share = f.levers.rows.find((r) => r.lever === "shareScored")!;
  expect(isProblem(share.hoursSaved)).toBe(true);
  expect(f.levers.rows[f.levers.rows.length - 1]).toBe(share);
  expect(isProblem(f.year.models[2].crossoverClips)).toBe(true);
});

test("today's annual plan is a one-model estate with its figures", () => {
  const plan = estateOfAnnualPlan({ ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2, currency: "USD" });
  const f = unwrap(estateFigures(plan));
  expect(f.year.total.hours).toBe(88800);
  expect(num(f.year.total.cost)).toBe(177600);
  expect(f.levers.byHours.map((r) => [r.lever, Number(num(r.hoursSaved).toFixed(6))])).toEqual([
    ["serviceTime", 21600],
    ["cadence", 1800],
  ]);
});
