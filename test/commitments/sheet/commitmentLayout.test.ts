/*
 * The commitment sheet (src/commitments/sheet/commitmentLayout.ts) recalculated in HyperFormula and IronCalc
 * against the model's figures cached in every formula cell: the worked example (cost-model.md, "Commitments": at 40%
 * commit 10, 23,040.00, 20% saved, coverage 50.0%, utilisation 100%; at 60% commit 30, 17,280.00, 40% saved,
 * utilisation 66.7%, coverage 100%), a bill's commitment, fractional levels, no discount; edits followed, and
 * nonsense typed into a blue cell named by the master check.
 */
import { COMMITMENT_SHEET_NAME, commitmentSheetLayout } from "../../../src/commitments/sheet";
import { CHECKS_OK } from "../../../src/core/sheet/checks";
import { isProblem } from "../../../src/core/model/problems";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";
import { formulaCells } from "../../support/layoutCells";
import { unwrap } from "../../support/unwrap";
import { COMMITMENT_SHEET_PLANS, WORKED_EXAMPLE } from "./commitmentPlans";

test.each(COMMITMENT_SHEET_PLANS)("%s: every formula's value in HyperFormula is the model's", (_, plan) => {
  const layout = unwrap(commitmentSheetLayout(plan));
  const sheet = layoutInHyperFormula(layout, COMMITMENT_SHEET_NAME);
  expect(cachedMismatches(layout, (a) => hyperFormulaValue(sheet.at(a)))).toEqual([]);
  expect(sheet.at("B4")).toBe(CHECKS_OK);
});

test.each(COMMITMENT_SHEET_PLANS)("%s: every formula's value in IronCalc is the model's", (_, plan) => {
  const layout = unwrap(commitmentSheetLayout(plan));
  expect(cachedMismatches(layout, layoutInIronCalc(layout, COMMITMENT_SHEET_NAME))).toEqual([]);
});

test("the worked example: commit 10 at 40% (23,040.00, 20% saved, coverage 50.0%); at 60% 30 (17,280.00)", () => {
  const layout = unwrap(commitmentSheetLayout(WORKED_EXAMPLE));
  const sheet = layoutInHyperFormula(layout, COMMITMENT_SHEET_NAME);
  const b = (key: string) => sheet.at(`B${layout.rowOf[key]}`);
  expect(b("allOnDemand")).toBeCloseTo(28_800, 6);
  expect(b("committed")).toBe(10);
  expect(b("totalCost")).toBeCloseTo(23_040, 6);
  expect(b("savingShare")).toBeCloseTo(0.2, 12);
  expect(b("coverage")).toBeCloseTo(0.5, 12);
  expect(b("utilisation")).toBeCloseTo(1, 12);
  sheet.set(`B${layout.rowOf.discount}`, 0.6);
  expect(b("committed")).toBe(30);
  expect(b("totalCost")).toBeCloseTo(17_280, 6);
  expect(b("savingShare")).toBeCloseTo(0.4, 12);
  expect(b("utilisation")).toBeCloseTo(2 / 3, 12);
  expect(b("coverage")).toBeCloseTo(1, 12);
  expect(sheet.at("B4")).toBe(CHECKS_OK);
  // The answer at the top shows the figures' rows.
  expect(sheet.at("B5")).toBe(30);
});

test("a profile the model refuses writes no sheet", () => {
  expect(isProblem(commitmentSheetLayout({ ...WORKED_EXAMPLE, discount: 1 }))).toBe(true);
  expect(isProblem(commitmentSheetLayout({ ...WORKED_EXAMPLE, demand: [{ accelerators: 0, hours: 10 }] }))).toBe(true);
});

test("every formula caches a value", () => {
  const layout = unwrap(commitmentSheetLayout(WORKED_EXAMPLE));
  expect(formulaCells(layout).filter(({ cell }) => cell.cached === undefined)).toEqual([]);
});

describe("nonsense typed into a blue cell, or over a figure, fails the master check by name", () => {
  const layout = unwrap(commitmentSheetLayout(WORKED_EXAMPLE));
  const at = (key: string) => `B${layout.rowOf[key]}`;
  const level = (column: "A" | "B", i: number) => `${column}${layout.rowOf.demandHeader + 1 + i}`;
  const cases: [string, [string, number | string | null][], string][] = [
    ["a discount of 100%", [[at("discount"), 1]], "Commitment discount: from 0 up to, not 1"],
    ["a negative discount", [[at("discount"), -0.1]], "Commitment discount: from 0 up to, not 1"],
    ["a blank discount", [[at("discount"), null]], "Commitment discount: from 0 up to, not 1"],
    ["a price of 0", [[at("price"), 0]], "Price on demand: more than 0"],
    ["a price as text", [[at("price"), "two"]], "Price on demand: more than 0"],
    ["a negative commitment on the bill", [[at("billed"), -3]], "The bill's commitment: 0 or more"],
    ["a negative level", [[level("A", 0), -10]], "Accelerators in use: 0 or more"],
    ["a blank level", [[level("A", 1), null]], "Accelerators in use: 0 or more"],
    ["negative hours", [[level("B", 0), -360]], "Hours at each level: 0 or more"],
    [
      "no hours",
      [
        [level("B", 0), 0],
        [level("B", 1), 0],
      ],
      "Hours of demand: more than 0",
    ],
    [
      "no accelerators in use",
      [
        [level("A", 0), 0],
        [level("A", 1), 0],
      ],
      "Demand: some accelerator-hours",
    ],
    ["a commitment typed over", [[at("committed"), 30]], "No whole commitment costs less"],
    ["a cost typed over", [[at("commitmentCost"), 1]], "The total cost is the candidate's"],
  ];
  test.each(cases)("%s", (_, edits, name) => {
    const sheet = layoutInHyperFormula(layout, COMMITMENT_SHEET_NAME);
    for (const [address, value] of edits) sheet.set(address, value);
    expect(sheet.at("B4")).toBe(`Check failed: ${name}`);
  });

  test("a tie (50% off: 10 and 30 cost the same) is the smaller; typed over with the larger, it fails by name", () => {
    const sheet = layoutInHyperFormula(layout, COMMITMENT_SHEET_NAME);
    sheet.set(at("discount"), 0.5);
    expect(sheet.at(at("committed"))).toBe(10);
    expect(sheet.at("B4")).toBe(CHECKS_OK);
    sheet.set(at("committed"), 11);
    expect(sheet.at("B4")).toBe("Check failed: A tie goes to the smaller commitment");
  });

  test("a blank bill's commitment is none, and a typed one is costed live", () => {
    const sheet = layoutInHyperFormula(layout, COMMITMENT_SHEET_NAME);
    expect(sheet.at(at("billedCost"))).toBe("none shown");
    sheet.set(at("billed"), 20);
    // 720 x 20 x 0.6 x 2 = 17,280 committed, and 10 above it for 360 hours on demand: 7,200
    expect(sheet.at(at("billedCost"))).toBeCloseTo(24_480, 6);
    expect(sheet.at(at("savingAgainstBilled"))).toBeCloseTo(1_440, 6);
    expect(sheet.at("B4")).toBe(CHECKS_OK);
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

/** The universal constants: seconds an hour and a day, a thousand; 0 and 1. */
const UNIVERSAL = new Set([3600, 86_400, 1000, 0, 1]);

test.each(COMMITMENT_SHEET_PLANS)("%s: no formula holds a constant but the universal ones", (_, plan) => {
  const layout = unwrap(commitmentSheetLayout(plan));
  const others = formulaCells(layout).flatMap(({ address, cell }) =>
    constantsIn(cell.formula!)
      .filter((x) => !UNIVERSAL.has(x))
      .map((x) => `${address} =${cell.formula}: ${x}`),
  );
  expect(others).toEqual([]);
});
