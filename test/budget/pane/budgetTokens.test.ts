/*
 * The Budget view's seconds per clip from a request's tokens (issue 32): the "tokens per request" control fills the
 * seconds field with the seconds' exact text (secondsText), which the budget's form reads to the very plan, months,
 * summary and sheet that the same seconds typed give; a request is a clip. The control's DOM is the e2e's
 * (test/e2e/budgetPane.e2e.ts); its reading is held here for any request.
 */
import fc from "fast-check";
import { readRequestSeconds, secondsText } from "../../../src/tokens/pane/requestSecondsReading";
import { REQUEST_TOKEN_KEYS, RequestTokenKey, RequestTokens, tokenSeconds } from "../../../src/tokens/model";
import { budgetInitialText, readBudgetForm } from "../../../src/budget/pane/budgetForm";
import { budgetSummary } from "../../../src/budget/pane/budgetSummary";
import { BUDGET_FIELDS, BudgetKey, STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { budgetSheetLayout } from "../../../src/budget/sheet/budgetLayout";
import { isProblem } from "../../../src/core/model/problems";

type Texts = Partial<Record<BudgetKey, string>>;

/** The form as it opens, priced and budgeted so that every figure (cost, over budget) is read. */
const formTexts = (): Texts => ({
  ...Object.fromEntries(BUDGET_FIELDS.map((f) => [f.key, budgetInitialText(f)])),
  pricePerHour: "2.50",
  budgetAmount: "30,000",
});

/** Any request, as the planner's numbers. */
const request: fc.Arbitrary<RequestTokens> = fc.record({
  inputTokens: fc.integer({ min: 0, max: 200_000 }),
  outputTokens: fc.integer({ min: 0, max: 50_000 }),
  inputTokensPerSecond: fc.double({ min: 1, max: 1e6, noNaN: true }),
  outputTokensPerSecond: fc.double({ min: 1, max: 1e5, noNaN: true }),
});
const textsOf = (tokens: RequestTokens): Partial<Record<RequestTokenKey, string>> =>
  Object.fromEntries(REQUEST_TOKEN_KEYS.map((key) => [key, String(tokens[key])]));

test("the worked example's request, 1,500 / 10,000 + 200 / 2,000: the budget of 0.25 s a clip typed", () => {
  const seconds = readRequestSeconds({
    inputTokens: "1,500",
    outputTokens: "200",
    inputTokensPerSecond: "10,000",
    outputTokensPerSecond: "2,000",
  }).seconds!;
  expect(seconds).toBe(0.25);
  const fromTokens = readBudgetForm({ ...formTexts(), secondsPerClip: secondsText(seconds) });
  const typed = readBudgetForm({ ...formTexts(), secondsPerClip: "0.25" });
  expect(fromTokens).toEqual(typed);
  expect(fromTokens.plan!.secondsPerClip).toBe(0.25);
  // 0.25 s a clip, not the form's 0.04: the months do move with the seconds
  const opened = readBudgetForm(formTexts());
  expect(fromTokens.result!.servingHoursConsumed).toBeCloseTo((opened.result!.servingHoursConsumed * 0.25) / 0.04, 6);
});

test("property: for any request, every budget figure from its tokens is that of its seconds typed", () => {
  fc.assert(
    fc.property(request, (tokens) => {
      const reading = readRequestSeconds(textsOf(tokens));
      const seconds = tokenSeconds(
        tokens.inputTokens,
        tokens.outputTokens,
        tokens.inputTokensPerSecond,
        tokens.outputTokensPerSecond,
      ) as number;
      expect(reading.seconds).toBe(seconds);
      // The seconds typed: the number itself, as a planner with a calculator would type its digits.
      const typed = readBudgetForm({ ...formTexts(), secondsPerClip: seconds.toPrecision(17) });
      const fromTokens = readBudgetForm({ ...formTexts(), secondsPerClip: secondsText(reading.seconds!) });
      expect(fromTokens).toEqual(typed);
      expect(fromTokens.plan?.secondsPerClip).toBe(seconds);
      if (fromTokens.plan && fromTokens.result) {
        expect(budgetSummary(fromTokens.plan, fromTokens.result)).toEqual(budgetSummary(typed.plan!, typed.result!));
      }
    }),
    { numRuns: 60 },
  );
});

test("property: the sheet from tokens caches the months of the sheet with the seconds typed", () => {
  fc.assert(
    fc.property(request, (tokens) => {
      const seconds = readRequestSeconds(textsOf(tokens)).seconds!;
      const plan = { ...STEADY_GROWTH_EXAMPLE, secondsPerClip: seconds, pricePerHour: 2 };
      const fromTokens = budgetSheetLayout(plan, "", { tokens });
      const typed = budgetSheetLayout(plan);
      if (isProblem(typed)) return expect(fromTokens).toEqual(typed);
      if (isProblem(fromTokens)) throw new Error(fromTokens.message);
      // every row but the four token inputs', its cached months and horizon, at its own row
      for (const [key, row] of Object.entries(typed.rowOf)) {
        const ours = fromTokens.rows[fromTokens.rowOf[key] - 1].slice(1).map((c) => c?.cached ?? c?.value);
        expect([key, ours]).toEqual([key, typed.rows[row - 1].slice(1).map((c) => c?.cached ?? c?.value)]);
      }
    }),
    { numRuns: 25 },
  );
});
