/*
 * The "API or fleet" sheet (src/tokens/sheet/tokensLayout.ts) recalculated in HyperFormula and IronCalc against the
 * model's figures cached in every formula cell: the worked example (cost-model.md, "Serving bought by the token":
 * 0.25 s a request, 3,450.00 against 3,600.00 at 10M, 6,900.00 against 5,208.33 at 20M, crossover 10,434,782.6), a
 * plan with a cache and batches, one with no crossover; edits followed, and nonsense typed into a blue cell named
 * by the master check.
 */
import { EXAMPLE_TOKEN_PLAN } from "../../../src/tokens/model";
import { GROWING, TOKEN_SHEET_PLANS } from "./tokenPlans";
import { cellAt, formulaCells, namedAddress } from "../../support/layoutCells";
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

describe("the month the fleet becomes cheaper as traffic grows, live", () => {
  // By hand: 5M x 1.05^15 = 10,394,641 is below the crossover, 10,434,783; 5M x 1.05^16 = 10,914,373 above it.
  test("5M at 5% a month: month 17; edits follow", () => {
    const layout = unwrap(tokensSheetLayout(GROWING));
    const sheet = layoutInHyperFormula(layout, TOKENS_SHEET_NAME);
    const at = (key: string) => `B${layout.rowOf[key]}`;
    expect(sheet.at(at("cheaperMonth"))).toBe(17);
    sheet.set(at("requestsPerMonth"), 10_000_000);
    expect(sheet.at(at("cheaperMonth"))).toBe(2);
    sheet.set(at("requestsPerMonth"), 20_000_000);
    expect(sheet.at(at("cheaperMonth"))).toBe(1);
    sheet.set(at("requestsPerMonth"), 5_000_000);
    sheet.set(at("monthlyGrowth"), 0);
    expect(hyperFormulaValue(sheet.at(at("cheaperMonth")))).toEqual({ error: "#N/A" });
    sheet.set(at("monthlyGrowth"), null);
    expect(hyperFormulaValue(sheet.at(at("cheaperMonth")))).toEqual({ error: "#N/A" });
    expect(sheet.at("B4")).toBe(CHECKS_OK);
    sheet.set(at("monthlyGrowth"), 0.05);
    expect(sheet.at("B4")).toBe(CHECKS_OK);
  });

  test("a month typed over, or a growth of -100%, fails the master check by name", () => {
    const layout = unwrap(tokensSheetLayout(GROWING));
    const sheet = layoutInHyperFormula(layout, TOKENS_SHEET_NAME);
    const at = (key: string) => `B${layout.rowOf[key]}`;
    sheet.set(at("cheaperMonth"), 12);
    expect(sheet.at("B4")).toBe("Check failed: The month the fleet becomes cheaper is the first past the crossover");
    sheet.set(at("cheaperMonth"), 18);
    expect(sheet.at("B4")).toBe("Check failed: The month the fleet becomes cheaper is the first past the crossover");
    const fresh = layoutInHyperFormula(layout, TOKENS_SHEET_NAME);
    fresh.set(at("monthlyGrowth"), -1);
    expect(String(fresh.at("B4"))).toMatch(/^Check failed: Traffic growth/);
  });

  test("the growth's blue cell is validated above -1, as its check asks", () => {
    const layout = unwrap(tokensSheetLayout(GROWING));
    const rule = layout.validations.find((v) => v.address === `B${layout.rowOf.monthlyGrowth}`);
    expect(rule?.rule).toMatchObject({ operator: "greaterThan", bound: -1 });
  });
});

/** The numbers a formula holds outside its texts, references and names. */
function constantsIn(formula: string): number[] {
  const bare = formula
    .replace(/"[^"]*"/g, "")
    .replace(/(?<![A-Za-z0-9_.])\$?[A-Z]{1,3}\$?\d+(?![A-Za-z0-9_(])/g, "ref")
    .replace(/[A-Za-z_][A-Za-z0-9_.]*/g, "name");
  return (bare.match(/\d+(?:\.\d+)?(?:E[+-]?\d+)?/gi) ?? []).map(Number);
}

/** The universal constants, as the budget sheet's test has them: seconds an hour and a day, a thousand; 0 and 1. */
const UNIVERSAL = new Set([3600, 86_400, 1000, 0, 1]);

test.each(TOKEN_SHEET_PLANS)(
  "%s: no formula holds a constant but the universal ones; 1,000,000 is a cell",
  (_, plan) => {
    const layout = unwrap(tokensSheetLayout(plan));
    const others = formulaCells(layout).flatMap(({ address, cell }) =>
      constantsIn(cell.formula!)
        .filter((x) => !UNIVERSAL.has(x))
        .map((x) => `${address} =${cell.formula}: ${x}`),
    );
    expect(others).toEqual([]);
    expect(cellAt(layout, namedAddress(layout, "TokTokensPerPriceUnit"))?.value).toBe(1_000_000);
    const apiPerRequest = cellAt(layout, namedAddress(layout, "TokApiPerRequest"))!.formula!;
    expect(apiPerRequest).toContain("/TokTokensPerPriceUnit*");
  },
);
