/*
 * Every kind of sheet the add-in writes (stage, annual, what-if, budget, actuals), as layouts to test whole:
 * a few representative ones by name (the golden dumps, test/fixtures/layouts/), and generated ones from the
 * plan arbitraries (test/support/planArbitraries.ts, test/budget/sheet/budgetPlans.ts) for the properties that
 * hold on every layout (no input-styled cell holds a formula; no formula more than three functions deep).
 */
import fc from "fast-check";
import { AnnualPlan, EXAMPLE_ANNUAL_PLAN } from "../../src/annual/model/annualFields";
import { annualSheetLayout } from "../../src/annual/sheet/annualLayout";
import { EXAMPLE_LEDGER_INPUTS } from "../../src/ledgers/model";
import type { BillMonth } from "../../src/bill/model/billFigures";
import { actualsLayout } from "../../src/bill/sheet/actualsLayout";
import { STEADY_GROWTH_EXAMPLE } from "../../src/budget/model/budgetFields";
import { BUDGET_SHEET_NAME, budgetSheetLayout } from "../../src/budget/sheet/budgetLayout";
import { BudgetEstatePlan, EXAMPLE_BUDGET_ESTATE } from "../../src/budget/model/budgetModels";
import { budgetModelsSheetLayout } from "../../src/budget/sheet/budgetModelsSheet";
import { isProblem, Problem } from "../../src/core/model/problems";
import { EXAMPLE_PLAN, Plan } from "../../src/stages/model/plan";
import { sheetLayout } from "../../src/stages/sheet/stageLayout";
import { DEFAULT_STAGE_SCENARIOS, ScenarioState } from "../../src/whatIf/model/scenarios";
import { whatIfLayout } from "../../src/whatIf/sheet/whatIfLayout";
import { budgetPlans } from "../budget/sheet/budgetPlans";
import { FIXTURE_SOURCE, PLAN_FROM_FEBRUARY } from "../bill/sheet/billMonths";
import { LaidOut } from "./layoutCells";
import { annualPlan, stagePlan } from "./planArbitraries";
import { EXAMPLE_ESTATE, EstatePlan, estateOfAnnualPlan } from "../../src/estate/model";
import { estateSheetLayout } from "../../src/estate/sheet";
import { LEDGER_ESTATE } from "../estate/sheet/estatePlans";
import { unwrap } from "./unwrap";
import { EXAMPLE_REQUEST_TOKENS, EXAMPLE_TOKEN_PLAN, TokenPlan } from "../../src/tokens/model";
import { tokensSheetLayout } from "../../src/tokens/sheet";
import { CommitmentSheetPlan, commitmentSheetLayout } from "../../src/commitments/sheet";
import { BILLED_TWENTY, FRACTIONS, WORKED_EXAMPLE } from "../commitments/sheet/commitmentPlans";

/** Commitment sheets over small hourly profiles (issue 31): levels whole or in quarters, any discount, a bill's. */
const commitmentPlan: fc.Arbitrary<CommitmentSheetPlan> = fc.record({
  demand: fc.array(
    fc.record({
      accelerators: fc.integer({ min: 0, max: 160 }).map((q) => q / 4),
      hours: fc.integer({ min: 0, max: 400 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  pricePerAcceleratorHour: fc.double({ min: 0.1, max: 60, noNaN: true }),
  discount: fc.double({ min: 0, max: 0.9, noNaN: true }),
  billedCommittedAccelerators: fc.option(fc.double({ min: 0, max: 40, noNaN: true }), { nil: undefined }),
});

/** API-or-fleet plans around the worked example (issue 32): a cache, batches, hours typed, any traffic and growth. */
const tokenPlan: fc.Arbitrary<TokenPlan> = fc
  .record({
    requestsPerMonth: fc.integer({ min: 0, max: 1e9 }),
    pricePerHour: fc.double({ min: 0.1, max: 60, noNaN: true }),
    peakToMean: fc.double({ min: 1, max: 4, noNaN: true }),
    cached: fc.boolean(),
    batched: fc.boolean(),
    hoursPerMonth: fc.option(fc.integer({ min: 1, max: 744 }), { nil: undefined }),
    monthlyGrowth: fc.option(fc.double({ min: -0.5, max: 1, noNaN: true }), { nil: undefined }),
  })
  .map(({ cached, batched, hoursPerMonth, monthlyGrowth, ...rest }) => ({
    ...EXAMPLE_TOKEN_PLAN,
    ...rest,
    ...(cached ? { cachedInputPricePerMillion: 0.075, cachedInputShare: 0.4 } : {}),
    ...(batched ? { batchDiscount: 0.5, batchShare: 0.3 } : {}),
    ...(hoursPerMonth === undefined ? {} : { hoursPerMonth }),
    ...(monthlyGrowth === undefined ? {} : { monthlyGrowth }),
  }));

/** The kinds of sheet, in the order the add-in's tabs write them. */
export const SHEET_KINDS = [
  "stage",
  "annual",
  "whatIf",
  "budget",
  "actuals",
  "estate",
  "tokens",
  "commitment",
] as const;

/** One kind of sheet. */
export type SheetKind = (typeof SHEET_KINDS)[number];

/** A layout of one kind, by a name that says what plan it is written from. */
export interface NamedLayout {
  kind: SheetKind;
  name: string;
  layout: LaidOut;
}

/** Three what-if scenarios from stage plans, the second the base. */
const scenariosOf = (plans: readonly Plan[]): ScenarioState<Plan> => ({
  scenarios: plans.map((inputs, i) => ({ name: `Scenario ${i + 1}`, inputs })),
  baseIndex: Math.min(1, plans.length - 1),
});

/** A priced stage plan: every optional stage typed, the money rows shown. */
const PRICED_PLAN: Plan = {
  ...EXAMPLE_PLAN,
  launchClips: 1e8,
  scaleClips: 3e9,
  peakToMean: 2,
  pricePerHour: 2.5,
  currency: "USD",
};

/** The worked example's estate with one model unpriced: hours only, the levers ranked by hours. */
const UNPRICED_ESTATE: EstatePlan = {
  ...EXAMPLE_ESTATE,
  models: EXAMPLE_ESTATE.models.map((m, i) => (i === 1 ? { ...m, servingPricePerHour: undefined } : m)),
};

/** An estate of a generated annual plan (today's plan) and the first `others` of the example's models. */
const estateOf = (plan: AnnualPlan, others: number): EstatePlan => {
  const today = estateOfAnnualPlan(plan);
  return { ...today, models: [...today.models, ...EXAMPLE_ESTATE.models.slice(0, others)] };
};

/** The estate's worked example as a monthly plan, its first and last models with a ledger, the middle one without. */
const LEDGER_BUDGET_ESTATE: BudgetEstatePlan = {
  ...EXAMPLE_BUDGET_ESTATE,
  models: EXAMPLE_BUDGET_ESTATE.models.map((model, i) =>
    i === 1 ? model : { ...model, ledger: i === 0 ? EXAMPLE_LEDGER_INPUTS : { driftPerMonth: 1e-6, costPerError: 3 } },
  ),
};

/** The representative layouts the golden dumps hold: each kind's worked example, and a priced or budgeted one. */
export function representativeLayouts(months: readonly BillMonth[]): NamedLayout[] {
  const budgeted = { ...STEADY_GROWTH_EXAMPLE, pricePerHour: 2, budgetAmount: 40_000 };
  const priced = { ...EXAMPLE_ANNUAL_PLAN, pricePerHour: 2, currency: "USD" };
  return [
    { kind: "stage", name: "stage-example", layout: sheetLayout(EXAMPLE_PLAN) },
    { kind: "stage", name: "stage-priced", layout: sheetLayout(PRICED_PLAN) },
    { kind: "annual", name: "annual-example", layout: unwrap(annualSheetLayout(EXAMPLE_ANNUAL_PLAN)) },
    { kind: "annual", name: "annual-priced", layout: unwrap(annualSheetLayout(priced)) },
    // Both ledgers' worked example: quarterly now, yearly proposed, the second ledger counted (issue 30).
    {
      kind: "annual",
      name: "annual-ledgers",
      layout: unwrap(annualSheetLayout({ ...priced, runsPerYearProposed: 1 }, "", { ledgers: EXAMPLE_LEDGER_INPUTS })),
    },
    { kind: "whatIf", name: "whatIf-default", layout: unwrap(whatIfLayout(DEFAULT_STAGE_SCENARIOS)) },
    {
      kind: "whatIf",
      name: "whatIf-priced",
      layout: unwrap(whatIfLayout(scenariosOf([EXAMPLE_PLAN, PRICED_PLAN, { ...PRICED_PLAN, trainingHours: 0 }]))),
    },
    // issue 30: both ledgers on the what-if sheet, the worked example's quarterly base against yearly
    {
      kind: "whatIf",
      name: "whatIf-ledger",
      layout: unwrap(
        whatIfLayout(scenariosOf([PRICED_PLAN, { ...PRICED_PLAN, intervalDays: 360 }]), "", {
          ledger: EXAMPLE_LEDGER_INPUTS,
        }),
      ),
    },
    { kind: "budget", name: "budget-example", layout: unwrap(budgetSheetLayout(STEADY_GROWTH_EXAMPLE)) },
    { kind: "budget", name: "budget-priced", layout: unwrap(budgetSheetLayout(budgeted)) },
    // issue 29: the estate's worked example, a block a model and the estate's rows
    { kind: "budget", name: "budget-models", layout: unwrap(budgetModelsSheetLayout(EXAMPLE_BUDGET_ESTATE)) },
    // issue 30: both ledgers over the months, the worked example's drift on the steady-growth plan, and per model
    {
      kind: "budget",
      name: "budget-ledger",
      layout: unwrap(budgetSheetLayout(STEADY_GROWTH_EXAMPLE, "", { ledger: EXAMPLE_LEDGER_INPUTS })),
    },
    {
      kind: "budget",
      name: "budget-models-ledger",
      layout: unwrap(budgetModelsSheetLayout(LEDGER_BUDGET_ESTATE)),
    },
    // issue 32: seconds per clip from the worked example's request, TOKENSECONDS' formula over four blue inputs
    {
      kind: "budget",
      name: "budget-tokens",
      layout: unwrap(budgetSheetLayout({ ...budgeted, secondsPerClip: 0.25 }, "", { tokens: EXAMPLE_REQUEST_TOKENS })),
    },
    {
      kind: "actuals",
      name: "actuals-bill",
      layout: unwrap(actualsLayout({ months: [...months], source: FIXTURE_SOURCE })),
    },
    {
      kind: "actuals",
      name: "actuals-with-budget",
      layout: unwrap(
        actualsLayout({
          months: [...months],
          source: FIXTURE_SOURCE,
          budget: { sheetName: BUDGET_SHEET_NAME, plan: PLAN_FROM_FEBRUARY },
        }),
      ),
    },
    { kind: "estate", name: "estate-example", layout: unwrap(estateSheetLayout(EXAMPLE_ESTATE)) },
    { kind: "estate", name: "estate-unpriced", layout: unwrap(estateSheetLayout(UNPRICED_ESTATE)) },
    // issue 30: both ledgers per model, A's the seed's, C's typed, B's blank
    { kind: "estate", name: "estate-ledger", layout: unwrap(estateSheetLayout(LEDGER_ESTATE)) },
    // issue 32: the API-or-fleet sheet's worked example, and a fleet too dear for any crossover
    { kind: "tokens", name: "tokens-example", layout: unwrap(tokensSheetLayout(EXAMPLE_TOKEN_PLAN)) },
    {
      kind: "tokens",
      name: "tokens-no-crossover",
      layout: unwrap(tokensSheetLayout({ ...EXAMPLE_TOKEN_PLAN, pricePerHour: 40 })),
    },
    // issue 31: the commitment's worked example, with a bill's commitment, and fractional levels with idle hours
    { kind: "commitment", name: "commitment-example", layout: unwrap(commitmentSheetLayout(WORKED_EXAMPLE)) },
    { kind: "commitment", name: "commitment-billed", layout: unwrap(commitmentSheetLayout(BILLED_TWENTY)) },
    { kind: "commitment", name: "commitment-fractions", layout: unwrap(commitmentSheetLayout(FRACTIONS)) },
  ];
}

/** `runs` generated layouts of every kind (a plan the model refuses writes no sheet, and is left out). */
export function generatedLayouts(months: readonly BillMonth[], runs: number, seed = 28): NamedLayout[] {
  const kept = (kind: SheetKind, results: (LaidOut | Problem)[]): NamedLayout[] =>
    results.flatMap((layout, i) => (isProblem(layout) ? [] : [{ kind, name: `${kind} #${i + 1}`, layout }]));
  const stages = fc.sample(stagePlan, { numRuns: runs * 3, seed });
  const budgets = fc.sample(budgetPlans(24), { numRuns: runs, seed });
  return [
    ...kept(
      "stage",
      stages.slice(0, runs).map((plan) => sheetLayout(plan)),
    ),
    ...kept(
      "annual",
      fc.sample(annualPlan, { numRuns: runs, seed }).map((plan) => annualSheetLayout(plan)),
    ),
    ...kept(
      "whatIf",
      Array.from({ length: runs }, (_, i) => whatIfLayout(scenariosOf(stages.slice(3 * i, 3 * i + 3)))),
    ),
    ...kept(
      "budget",
      budgets.map((plan) => budgetSheetLayout(plan)),
    ),
    ...kept(
      "estate",
      fc.sample(annualPlan, { numRuns: runs, seed }).map((plan, i) => estateSheetLayout(estateOf(plan, i % 3))),
    ),
    ...kept(
      "tokens",
      fc.sample(tokenPlan, { numRuns: runs, seed }).map((plan) => tokensSheetLayout(plan)),
    ),
    ...kept(
      "commitment",
      fc.sample(commitmentPlan, { numRuns: runs, seed }).map((plan) => commitmentSheetLayout(plan)),
    ),
    ...kept(
      "actuals",
      budgets.map((plan) =>
        actualsLayout({ months: [...months], source: FIXTURE_SOURCE, budget: { sheetName: BUDGET_SHEET_NAME, plan } }),
      ),
    ),
  ];
}
