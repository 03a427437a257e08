/*
 * The budget sheet with its seconds per clip from a request's tokens (issue 32): the seconds row is TOKENSECONDS'
 * formula over four blue, named (BudgetClip...), validated token inputs under it, and every month of every row, every
 * named figure and the answer are those of the sheet with the same seconds typed (HyperFormula and IronCalc
 * recalculating); a token typed over in the sheet moves the months as the model does; tokens that are not the plan's
 * seconds are refused. The record (version 5) keeps the tokens, which place the rows plan against actual reads.
 */
import { LAUNCH_RAMP_EXAMPLE, STEADY_GROWTH_EXAMPLE, BudgetPlan } from "../../../src/budget/model/budgetFields";
import { EXAMPLE_BUDGET_ESTATE, oneModelPlan } from "../../../src/budget/model/budgetModels";
import {
  BUDGET_BASE_NAMES,
  BUDGET_SHEET_NAME,
  BudgetSheetLayout,
  budgetSheetLayout,
} from "../../../src/budget/sheet/budgetLayout";
import { budgetModelsSheetLayout } from "../../../src/budget/sheet/budgetModelsSheet";
import {
  readBudgetSheets,
  recordedMonthRanges,
  recordedSheetHeadings,
  budgetSheetsText,
  withBudgetSheet,
} from "../../../src/budget/sheet/budgetRecord";
import { monthColumn } from "../../../src/budget/sheet/budgetRows";
import { CHECKS_OK } from "../../../src/core/sheet/checks";
import { isProblem } from "../../../src/core/model/problems";
import { EXAMPLE_REQUEST_TOKENS, REQUEST_TOKEN_KEYS, RequestTokens } from "../../../src/tokens/model";
import { requestTokenNames, SECONDS_FROM_TOKENS_UNIT } from "../../../src/tokens/sheet";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";
import { namedAddress } from "../../support/layoutCells";
import { unwrap } from "../../support/unwrap";

const tokens = EXAMPLE_REQUEST_TOKENS;
/** The steady-growth example served at the worked example's 0.25 s a request, priced and budgeted. */
const PLAN: BudgetPlan = { ...STEADY_GROWTH_EXAMPLE, secondsPerClip: 0.25, pricePerHour: 2, budgetAmount: 400_000 };
const NAMES = requestTokenNames("BudgetClip");

const typedLayout = (plan: BudgetPlan) => unwrap(budgetSheetLayout(plan));
const tokensLayout = (plan: BudgetPlan, given: RequestTokens = tokens) =>
  unwrap(budgetSheetLayout(plan, "", { tokens: given }));
const evaluate = (layout: BudgetSheetLayout) => layoutInHyperFormula(layout, BUDGET_SHEET_NAME);
const answerOf = (layout: BudgetSheetLayout, label: string) =>
  `B${layout.rows.findIndex((r, i) => i < layout.page.frozenRows && r[0]?.value === label) + 1}`;

/** Every month's value of every keyed row, and its horizon's figure in B, by the row's key, recalculated. */
function monthsByRow(layout: BudgetSheetLayout): Record<string, unknown[]> {
  const { at } = evaluate(layout);
  return Object.fromEntries(
    Object.entries(layout.rowOf).map(([key, row]) => [
      key,
      [`B${row}`, ...Array.from({ length: layout.months }, (_, i) => `${monthColumn(i)}${row}`)].map((address) =>
        hyperFormulaValue(at(address)),
      ),
    ]),
  );
}

describe("the sheet of one model with its seconds from tokens", () => {
  const layout = tokensLayout(PLAN);
  const typed = typedLayout(PLAN);

  test("seconds per clip is TOKENSECONDS' formula over four blue named inputs, 0.25 s cached", () => {
    expect(NAMES).toEqual([
      "BudgetClipInputTokens",
      "BudgetClipOutputTokens",
      "BudgetClipInputPerSecond",
      "BudgetClipOutputPerSecond",
    ]);
    const seconds = namedAddress(layout, "BudgetSecondsPerClip");
    const row = Number(seconds.slice(1));
    expect(seconds).toBe(`B${row}`);
    expect(layout.rows[row - 1][1]).toMatchObject({
      formula: "BudgetClipInputTokens/BudgetClipInputPerSecond+BudgetClipOutputTokens/BudgetClipOutputPerSecond",
      cached: 0.25,
      role: "derived",
    });
    expect(layout.rows[row - 1][2]?.value).toBe(SECONDS_FROM_TOKENS_UNIT);
    // the four inputs right under it, blue, named, each validated by its field's own rule
    REQUEST_TOKEN_KEYS.forEach((key, i) => {
      const address = namedAddress(layout, NAMES[i]);
      expect(address).toBe(`B${row + 1 + i}`);
      expect(layout.rows[row + i][1]).toMatchObject({ value: tokens[key], role: "input" });
      const rule = layout.validations.find((v) => v.address === address)?.rule;
      expect(rule).toMatchObject({ type: "decimal", bound: 0 });
      expect(rule && "operator" in rule && rule.operator).toBe(
        key.endsWith("PerSecond") ? "greaterThan" : "greaterThanOrEqual",
      );
    });
    // no blue cell holds the seconds any more, and the names are the sheet's (a second copy's suffix checks them)
    expect(layout.validations.find((v) => v.address === seconds)).toBeUndefined();
    for (const name of NAMES) expect(BUDGET_BASE_NAMES).toContain(name);
    expect(layout.names).toHaveLength(typed.names.length + 4);
    expect(unwrap(budgetSheetLayout(PLAN, "_2", { tokens })).names.map((n) => n.name)).toContain(
      "BudgetClipInputTokens_2",
    );
  });

  test("every cached value recalculates, in HyperFormula and IronCalc, and the master check reads OK", () => {
    const { at } = evaluate(layout);
    expect(cachedMismatches(layout, (address) => hyperFormulaValue(at(address)))).toEqual([]);
    expect(cachedMismatches(layout, layoutInIronCalc(layout, BUDGET_SHEET_NAME))).toEqual([]);
    expect(at(answerOf(layout, "Checks"))).toBe(CHECKS_OK);
  });

  test("every month of every row, every named figure and the answer are the typed 0.25 s sheet's", () => {
    const ours = monthsByRow(layout);
    const theirs = monthsByRow(typed);
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
    for (const key of Object.keys(theirs)) expect([key, ours[key]]).toEqual([key, theirs[key]]);
    const a = evaluate(typed);
    const b = evaluate(layout);
    for (const { name, address } of typed.names) {
      expect([name, hyperFormulaValue(b.at(namedAddress(layout, name)))]).toEqual([
        name,
        hyperFormulaValue(a.at(address)),
      ]);
    }
    // the answer, frozen above the inputs, is at the same cells in both
    for (let row = 1; row <= typed.page.frozenRows; row++) {
      expect(hyperFormulaValue(b.at(`B${row}`))).toEqual(hyperFormulaValue(a.at(`B${row}`)));
    }
  });

  test("a token typed over in the sheet moves every month as the model's seconds would; a 0 throughput fails", () => {
    const engine = evaluate(layout);
    engine.set(namedAddress(layout, "BudgetClipInputTokens"), 3000);
    expect(engine.at(namedAddress(layout, "BudgetSecondsPerClip"))).toBeCloseTo(0.4, 12);
    const model = typedLayout({ ...PLAN, secondsPerClip: 0.4 });
    const expected = evaluate(model);
    for (const key of ["consumed", "paid", "total", "cost"]) {
      for (let i = 0; i < layout.months; i++) {
        const mine = engine.at(`${monthColumn(i)}${layout.rowOf[key]}`) as number;
        expect(mine).toBeCloseTo(expected.at(`${monthColumn(i)}${model.rowOf[key]}`) as number, 6);
      }
    }
    engine.set(namedAddress(layout, "BudgetClipOutputPerSecond"), 0);
    expect(hyperFormulaValue(engine.at(namedAddress(layout, "BudgetSecondsPerClip")))).toEqual({ error: "#DIV/0!" });
    expect(engine.at(answerOf(layout, "Checks"))).not.toBe(CHECKS_OK);
  });

  test("the sheet of oneModelPlan with tokens (the pane's Insert and Download) is this sheet, cell for cell", () => {
    expect(unwrap(budgetModelsSheetLayout(oneModelPlan(PLAN), "", { tokens }))).toEqual(layout);
  });

  test("tokens whose seconds are not the plan's, or that the model refuses, write nothing and say why", () => {
    const other = budgetSheetLayout({ ...PLAN, secondsPerClip: 0.04 }, "", { tokens });
    expect(isProblem(other) && other.message).toBe(
      "Seconds per clip is 0.04, but the request's tokens give 0.25: give the seconds the tokens give, or type the " +
        "seconds.",
    );
    const zero = budgetSheetLayout(PLAN, "", { tokens: { ...tokens, inputTokensPerSecond: 0 } });
    expect(isProblem(zero) && zero.message).toMatch(/Input tokens a second/);
  });
});

describe("the record keeps the tokens (version 5): they place the rows plan against actual reads", () => {
  const plan = oneModelPlan(PLAN);

  test("a record with tokens reads back with them, and its rows are the tokens sheet's, four rows lower", () => {
    const stored = withBudgetSheet(undefined, { sheetName: "Budget", plan, tokens }).text;
    const reading = readBudgetSheets(stored);
    expect(reading.notes).toEqual([]);
    expect(reading.records).toEqual([{ sheetName: "Budget", plan, tokens }]);
    const [record] = reading.records;
    const withTokens = unwrap(recordedMonthRanges(record.plan, "Budget", record.tokens));
    const without = unwrap(recordedMonthRanges(record.plan, "Budget"));
    const layout = tokensLayout(PLAN);
    expect(withTokens.training).toBe(`'Budget'!$D$${layout.rowOf.training}:$O$${layout.rowOf.training}`);
    expect(layout.rowOf.training).toBe(typedLayout(PLAN).rowOf.training + 4);
    expect(withTokens.header).toBe(without.header);
    const headings = unwrap(recordedSheetHeadings(record.plan, record.tokens));
    expect(headings.map((h) => h.row)).toEqual([
      layout.rowOf.header,
      layout.rowOf.training,
      layout.rowOf.paid,
      layout.rowOf.cost,
    ]);
  });

  test("a record whose tokens cannot have laid out its sheet is left out, named, and the others are read", () => {
    const good = { sheetName: "Good", plan: oneModelPlan(LAUNCH_RAMP_EXAMPLE) };
    const cases: [unknown, unknown, RegExp][] = [
      [plan, { ...tokens, outputTokens: "200" }, /its tokens' outputTokens is not a number\.$/],
      [plan, [1500, 200, 10_000, 2000], /its tokens are not a request's\.$/],
      [oneModelPlan(STEADY_GROWTH_EXAMPLE), tokens, /Seconds per clip is 0\.04, but the request's tokens give 0\.25/],
      [plan, { ...tokens, inputTokensPerSecond: 0 }, /Input tokens a second/],
      [EXAMPLE_BUDGET_ESTATE, tokens, /keeps tokens for a plan of several models/],
    ];
    for (const [odd, kept, why] of cases) {
      const reading = readBudgetSheets(
        budgetSheetsText([{ sheetName: "Odd", plan: odd, tokens: kept } as never, good]),
      );
      expect(reading.records.map((r) => r.sheetName)).toEqual(["Good"]);
      expect(reading.notes).toEqual([expect.stringMatching(/^The record of the budget sheet "Odd" is left out: /)]);
      expect(reading.notes[0]).toMatch(why);
    }
  });
});
