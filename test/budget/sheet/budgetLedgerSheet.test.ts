/*
 * Both ledgers on the budget sheet (issue 30): the ledger's inputs as blue named cells, the months since the last
 * retrain and the staleness by month with its own total, recalculated in HyperFormula and IronCalc to the model's
 * figures (budgetLedger.ts); the staleness total by two routes and each input's bounds in the master check; a blank
 * ledger writes none of it (the sheet of today, cell for cell), and the rows the bill's plan against actual reads
 * stay where a record without the ledger finds them. Per model in an estate, the estate's staleness their sum.
 */
import fc from "fast-check";
import { budgetOf } from "../../../src/budget/model/budget";
import { BudgetPlan, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import type { BudgetStaleness } from "../../../src/budget/model/budgetLedger";
import { EXAMPLE_BUDGET_ESTATE, oneModelPlan, withOneLedger } from "../../../src/budget/model/budgetModels";
import { estateBudgetOf, EstateBudgetResult, EstateStaleness } from "../../../src/budget/model/estateBudget";
import {
  BUDGET_SHEET_NAME,
  budgetMonthRanges,
  budgetSheetLayout,
  BudgetSheetLayout,
} from "../../../src/budget/sheet/budgetLayout";
import { budgetModelsSheetLayout } from "../../../src/budget/sheet/budgetModelsSheet";
import { monthColumn } from "../../../src/budget/sheet/budgetRows";
import { EXAMPLE_LEDGER_INPUTS, LedgerInputs, ONE_LEDGER_ONLY } from "../../../src/ledgers/model";
import { isProblem } from "../../../src/core/model/problems";
import { BadInput, deepCheckFormulas, expectedInEngines, masterInEngines } from "../../support/checkEdits";
import { namedAddress } from "../../support/layoutCells";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";
import { unwrap } from "../../support/unwrap";
import { budgetPlans } from "./budgetPlans";

const withLedger = (plan: BudgetPlan, ledger: LedgerInputs = EXAMPLE_LEDGER_INPUTS): BudgetSheetLayout =>
  unwrap(budgetSheetLayout(plan, "", { ledger }));

const inHyperFormula = (layout: BudgetSheetLayout) => {
  const { at } = layoutInHyperFormula(layout, BUDGET_SHEET_NAME);
  return (address: string) => hyperFormulaValue(at(address));
};

const modelStaleness = (plan: BudgetPlan, ledger: LedgerInputs = EXAMPLE_LEDGER_INPUTS) =>
  (budgetOf(plan, ledger) as { staleness: BudgetStaleness }).staleness;

/** The cell of row `key` in month `month` (1-based). */
const monthCell = (layout: BudgetSheetLayout, key: string, month: number) =>
  `${monthColumn(month - 1)}${layout.rowOf[key]}`;

/** The label of the check row whose name starts with `start`. */
const checkNamed = (layout: BudgetSheetLayout, start: string): string =>
  layout.rows.map((row) => String(row[0]?.value ?? "")).find((label) => label.startsWith(start))!;

describe("the steady-growth example with the worked example's ledger", () => {
  const plan = STEADY_GROWTH_EXAMPLE;
  const layout = withLedger(plan);
  const staleness = modelStaleness(plan);

  test("every formula recalculates to the model's figure, in HyperFormula and in IronCalc", () => {
    expect(cachedMismatches(layout, inHyperFormula(layout))).toEqual([]);
    expect(cachedMismatches(layout, layoutInIronCalc(layout, BUDGET_SHEET_NAME))).toEqual([]);
  });

  test("the age, the staleness by month and its total are the model's, in HyperFormula", () => {
    const read = inHyperFormula(layout);
    const ages = plan.months
      ? Array.from({ length: plan.months }, (_, i) => read(monthCell(layout, "age", i + 1)))
      : [];
    expect(ages).toEqual(staleness.ageMonths);
    expect(ages.slice(0, 4)).toEqual([0, 1, 2, 0]);
    const months = staleness.costByMonth.map((_, i) => read(monthCell(layout, "staleness", i + 1)) as number);
    months.forEach((value, i) => expect(value).toBeCloseTo(staleness.costByMonth[i], 9));
    expect(read(namedAddress(layout, "BudgetHorizonStaleness")) as number).toBeCloseTo(staleness.total, 8);
    // its own total, beside the compute's: the cost is as it was
    const today = unwrap(budgetSheetLayout(plan));
    expect(read(namedAddress(layout, "BudgetHorizonCost"))).toBe(
      inHyperFormula(today)(namedAddress(today, "BudgetHorizonCost")),
    );
  });

  test("the inputs are blue named cells; the error cost used is two minutes at 30.00", () => {
    for (const name of ["BudgetLedgerDriftPerMonth", "BudgetLedgerReviewMinutes", "BudgetLedgerReviewerCostPerHour"]) {
      const [column, row] = [
        namedAddress(layout, name).replace(/\d+/, ""),
        Number(namedAddress(layout, name).replace(/\D+/, "")),
      ];
      expect([name, layout.rows[row - 1][column.charCodeAt(0) - 65]?.role]).toEqual([name, "input"]);
    }
    expect(inHyperFormula(layout)(namedAddress(layout, "BudgetLedgerErrorCost"))).toBe(1);
  });

  test("no check formula is over three functions deep", () => {
    expect(deepCheckFormulas(layout)).toEqual([]);
  });

  test("the master check reads OK untouched and names a bad ledger input or a typed-over month", () => {
    const at = (name: string) => namedAddress(layout, name);
    const bad: BadInput[] = [
      { what: "drift -2e-7", edits: [[at("BudgetLedgerDriftPerMonth"), -2e-7]], fails: "Drift: from 0 to 1" },
      { what: "drift 2 (over 1)", edits: [[at("BudgetLedgerDriftPerMonth"), 2]], fails: "Drift: from 0 to 1" },
      {
        what: "a negative review minutes",
        edits: [[at("BudgetLedgerReviewMinutes"), -2]],
        fails: "Minutes of review an error: 0 or more",
      },
      {
        what: "a number over a month's staleness",
        edits: [[monthCell(layout, "staleness", 5), 10]],
        fails: "Staleness, two routes",
      },
      {
        what: "a number over a month's age",
        edits: [[monthCell(layout, "age", 5), 7]],
        fails: "Months since the last retrain follow the retrain months",
      },
    ];
    expect(masterInEngines(layout, BUDGET_SHEET_NAME, bad)).toEqual(expectedInEngines(bad));
  });
});

describe("a blank ledger writes none of it", () => {
  test.each([[{}], [{ driftPerMonth: undefined }]])("ledger %p: the sheet of today, cell for cell", (ledger) => {
    expect(budgetSheetLayout(STEADY_GROWTH_EXAMPLE, "", { ledger })).toEqual(budgetSheetLayout(STEADY_GROWTH_EXAMPLE));
    const estate = withOneLedger(oneModelPlan(STEADY_GROWTH_EXAMPLE), ledger);
    expect(budgetModelsSheetLayout(estate)).toEqual(budgetSheetLayout(STEADY_GROWTH_EXAMPLE));
  });
});

describe("where the bill's plan against actual reads", () => {
  test("the time axis, training, paid serving and the cost stay at the rows a record without the ledger finds", () => {
    const plan = { ...STEADY_GROWTH_EXAMPLE, pricePerHour: 2 };
    const layout = withLedger(plan);
    const without = unwrap(budgetSheetLayout(plan));
    for (const key of ["header", "training", "paid", "cost"])
      expect([key, layout.rowOf[key]]).toEqual([key, without.rowOf[key]]);
    const ranges = unwrap(budgetMonthRanges(plan, BUDGET_SHEET_NAME));
    expect(ranges.cost).toBe(`'Budget'!$D$${layout.rowOf.cost}:$O$${layout.rowOf.cost}`);
  });
});

describe("a ledger given but not counted, and one refused", () => {
  test("a cost a run alone: the staleness reads 'not counted', never 0, and the checks hold", () => {
    const layout = withLedger(STEADY_GROWTH_EXAMPLE, { otherCostPerRun: 50 });
    const read = inHyperFormula(layout);
    expect(cachedMismatches(layout, read)).toEqual([]);
    expect(read(namedAddress(layout, "BudgetHorizonStaleness"))).toBe("not counted");
    expect(read(monthCell(layout, "staleness", 2))).toBe("not counted");
    const notes = layout.rows.map((row) => String(row[0]?.value ?? "")).join(" ");
    expect(notes.replace(/\s+/g, " ")).toContain(ONE_LEDGER_ONLY.slice(0, 40));
    expect(masterInEngines(layout, BUDGET_SHEET_NAME, [])).toEqual(expectedInEngines([]));
  });

  test("a ledger out of its bounds writes nothing: its problem says what to fix", () => {
    const refused = budgetSheetLayout(STEADY_GROWTH_EXAMPLE, "", { ledger: { driftPerMonth: 2, costPerError: 1 } });
    expect(isProblem(refused) && refused.message).toMatch(/Drift/);
  });
});

/** A ledger a planner could type, counted: drift and a cost of one error, sometimes a cost a run. */
const countedLedger: fc.Arbitrary<LedgerInputs> = fc.record({
  driftPerMonth: fc.oneof(fc.constant(0), fc.double({ min: 1e-9, max: 1e-2, noNaN: true })),
  costPerError: fc.double({ min: 0, max: 1e3, noNaN: true }),
});

test("over generated plans and ledgers, every formula recalculates to the model's figure in HyperFormula", () => {
  fc.assert(
    fc.property(budgetPlans(24), countedLedger, (plan, ledger) => {
      const layout = budgetSheetLayout(plan, "", { ledger });
      if (isProblem(layout)) return;
      expect(cachedMismatches(layout, inHyperFormula(layout)).slice(0, 3)).toEqual([]);
    }),
    { numRuns: 12 },
  );
});

describe("per model in an estate: each model's block its own rows, the estate's staleness their sum", () => {
  const [first, second, third] = EXAMPLE_BUDGET_ESTATE.models;
  const plan = {
    ...EXAMPLE_BUDGET_ESTATE,
    models: [
      { ...first, ledger: EXAMPLE_LEDGER_INPUTS },
      second,
      { ...third, ledger: { driftPerMonth: 1e-6, costPerError: 3 } },
    ],
  };
  const layout = unwrap(budgetModelsSheetLayout(plan));
  const estate = (estateBudgetOf(plan) as EstateBudgetResult).staleness as EstateStaleness;

  test("every formula recalculates to the model's figure, in HyperFormula and in IronCalc", () => {
    expect(cachedMismatches(layout, inHyperFormula(layout))).toEqual([]);
    expect(cachedMismatches(layout, layoutInIronCalc(layout, BUDGET_SHEET_NAME))).toEqual([]);
  });

  test("the estate's staleness is the counted models' sum; the second model writes no ledger rows", () => {
    const read = inHyperFormula(layout);
    expect(read(namedAddress(layout, "BudgetEstateStaleness")) as number).toBeCloseTo(estate.total, 6);
    expect(layout.rowOf["m2:staleness"]).toBeUndefined();
    expect(layout.rowOf["m1:staleness"]).toBeDefined();
    expect(layout.rowOf["m3:staleness"]).toBeDefined();
  });

  test("a number typed over the estate's staleness, or a model's negative drift, is named by the master check", () => {
    const bad: BadInput[] = [
      {
        what: "a number over an estate month's staleness",
        edits: [[`${monthColumn(3)}${layout.rowOf["estate:staleness"]}`, 1]],
        fails: "The models add up to the estate's staleness",
      },
      {
        what: "model 3's drift -1",
        edits: [[namedAddress(layout, "BudgetLedgerDriftPerMonth_M3"), -1]],
        fails: checkNamed(layout, "M3: Drift"),
      },
    ];
    expect(masterInEngines(layout, BUDGET_SHEET_NAME, bad)).toEqual(expectedInEngines(bad));
    expect(deepCheckFormulas(layout)).toEqual([]);
  });
});
