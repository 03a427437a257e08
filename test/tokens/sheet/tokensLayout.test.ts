/*
 * The "API or fleet" sheet (src/tokens/sheet/tokensLayout.ts) recalculated in HyperFormula and IronCalc against the
 * model's figures cached in every formula cell: the worked example (cost-model.md, "Serving bought by the token":
 * 0.25 s a request, 3,450.00 against 3,600.00 at 10M, 6,900.00 against 5,208.33 at 20M, crossover 10,434,782.6), a
 * plan with a cache and batches, one with no crossover; edits followed, and nonsense typed into a blue cell named
 * by the master check.
 */
import { EXAMPLE_TOKEN_PLAN } from "../../../src/tokens/model";
import { TOKEN_SHEET_PLANS } from "./tokenPlans";
import { TOKENS_SHEET_NAME, tokensSheetLayout } from "../../../src/tokens/sheet";
import { CHECKS_OK } from "../../../src/core/sheet/checks";
import { NO_CROSSOVER_WORDS } from "../../../src/tokens/sheet/tokensFigures";
import { isProblem } from "../../../src/core/model/problems";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";
import { unwrap } from "../../support/unwrap";

test.each(TOKEN_SHEET_PLANS)("%s: every formula's value in HyperFormula is the model's", (_, plan) => {
  const layout = unwrap(tokensSheetLayout(plan));
  const sheet = layoutInHyperFormula(layout, TOKENS_SHEET_NAME);
  expect(cachedMismatches(layout, (a) => hyperFormulaValue(sheet.at(a)))).toEqual([]);
  expect(sheet.at("B4")).toBe(CHECKS_OK);
});

test.each(TOKEN_SHEET_PLANS)("%s: every formula's value in IronCalc is the model's", (_, plan) => {
  const layout = unwrap(tokensSheetLayout(plan));
  expect(cachedMismatches(layout, layoutInIronCalc(layout, TOKENS_SHEET_NAME))).toEqual([]);
});

test("the worked example: 0.25 s, 3,450.00 against 3,600.00 at 10M, 6,900.00 against 5,208.33 at 20M", () => {
  const layout = unwrap(tokensSheetLayout(EXAMPLE_TOKEN_PLAN));
  const sheet = layoutInHyperFormula(layout, TOKENS_SHEET_NAME);
  const b = (key: string) => Number(sheet.at(`B${layout.rowOf[key]}`));
  expect(b("secondsPerRequest")).toBeCloseTo(0.25, 12);
  expect(b("apiMonth")).toBeCloseTo(3450, 6);
  expect(b("fleetMonth")).toBeCloseTo(3600, 6);
  expect(b("crossover")).toBeCloseTo(10_434_782.6, 1);
  expect(sheet.at("B5")).toBe("the API");
  sheet.set(`B${layout.rowOf.requestsPerMonth}`, 20_000_000);
  expect(b("apiMonth")).toBeCloseTo(6900, 6);
  expect(b("fleetMonth")).toBeCloseTo(5208.33, 2);
  expect(sheet.at("B5")).toBe("your own fleet");
  expect(sheet.at("B4")).toBe(CHECKS_OK);
  // The table's last volume is twice the traffic then; its last row is the fleet's cost there.
  expect(sheet.at(`A${layout.rowOf.tableLast}`)).toBe(40_000_000);
  expect(Number(sheet.at(`C${layout.rowOf.tableLast}`))).toBeCloseTo(10_416.67, 2);
});

test("the crossover's sentence is live: a dear fleet has none, and says why", () => {
  const layout = unwrap(tokensSheetLayout(EXAMPLE_TOKEN_PLAN));
  const sheet = layoutInHyperFormula(layout, TOKENS_SHEET_NAME);
  sheet.set(`B${layout.rowOf.pricePerHour}`, 40);
  expect(sheet.at(`B${layout.rowOf.crossoverWords}`)).toBe(NO_CROSSOVER_WORDS);
  expect(hyperFormulaValue(sheet.at(`B${layout.rowOf.crossover}`))).toEqual({ error: "#N/A" });
  expect(sheet.at("B4")).toBe(CHECKS_OK);
});

test("nonsense typed into a blue cell fails the master check by name", () => {
  const layout = unwrap(tokensSheetLayout(EXAMPLE_TOKEN_PLAN));
  const sheet = layoutInHyperFormula(layout, TOKENS_SHEET_NAME);
  const at = (key: string) => `B${layout.rowOf[key]}`;
  sheet.set(at("peakToMean"), 0.5);
  expect(String(sheet.at("B4"))).toMatch(/^Check failed: Peak-to-mean/);
  sheet.set(at("peakToMean"), 1.5);
  sheet.set(at("outputTokensPerSecond"), 0);
  expect(String(sheet.at("B4"))).toMatch(/^Check failed: Output tokens a second/);
  sheet.set(at("outputTokensPerSecond"), 2000);
  sheet.set(at("cachedInputShare"), 0.4);
  expect(sheet.at("B4")).toBe("Check failed: The cached input price and its share go together");
  sheet.set(at("cachedInputShare"), null);
  sheet.set(at("crossover"), 1);
  expect(sheet.at("B4")).toBe("Check failed: Both costs are equal at the crossover");
});

test("a plan the model refuses writes no sheet", () => {
  expect(isProblem(tokensSheetLayout({ ...EXAMPLE_TOKEN_PLAN, peakToMean: 0.5 }))).toBe(true);
});
