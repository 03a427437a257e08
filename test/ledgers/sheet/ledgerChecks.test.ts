/*
 * Both ledgers' checks and input validation as ledgers/sheet builds them for the annual and what-if sheets
 * (src/ledgers/sheet/ledgerChecks.ts, ledgerInputCells.ts): every ledger field's validation is its own check's rule
 * (the rule admits exactly what the check accepts), a bound check each, and the two figure checks over the cells
 * given, caching the worked example's figures (docs/cost-model.md, "Both ledgers": net -3,398.40, the best whole
 * month 4 at 494.40 a month, its neighbours 3 and 5 at 529.60 and 499.20) and holding, a typed-over best whole month
 * failing, and a ledger not counted passing with every route 0. The sheets' own tests recalculate them in engines.
 */
import fc from "fast-check";
import { LEDGER_FIELDS } from "../../../src/ledgers/model";
import { ledgerBoundChecks, ledgerChecks, ledgerInputValidation } from "../../../src/ledgers/sheet";
import { ruleAdmits } from "../../../src/core/sheet/validation";

const CELLS = {
  net: "D60",
  saving: "D58",
  added: "D59",
  best: "D66",
  bestCost: "D67",
  monthly: (months: string) => `D40/${months}+${months}`,
};
const STYLE = {
  net: { name: "net, two routes", failure: "net typed over" },
  best: { name: "best, its neighbours", failure: "best typed over" },
  tolerance: "C99",
};
/** The worked example's both ledgers a month by whole month: run 1,200.00 over k, 64.8 x (k - 1) of staleness. */
const costOf = (k: number) => 1200 / k + 64.8 * (k - 1);

test.each(LEDGER_FIELDS.map((field) => [field.key, field] as const))(
  "%s: its validation's rule admits exactly what its check accepts",
  (_key, field) => {
    const validation = ledgerInputValidation(field, "C10")!;
    expect(validation).toMatchObject({ address: "C10", field: field.key });
    const accepts = (value: number) => field.check!(value, field.label) === undefined;
    const value = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(0, -0, 1, Number.MIN_VALUE, -Number.MIN_VALUE, 1 + Number.EPSILON),
    );
    fc.assert(fc.property(value, (v) => ruleAdmits(validation.rule, v) === accepts(v)));
  },
);

test("a bound check a ledger input, over its cell, a blank passing", () => {
  const checks = ledgerBoundChecks((key) => `Cell_${key}`, {});
  expect(checks.map((check) => check.holds([]))).toEqual(
    LEDGER_FIELDS.map((field) => expect.stringContaining(`ISBLANK(Cell_${field.key})`)),
  );
  expect(checks.every((check) => check.held)).toBe(true);
  expect(ledgerBoundChecks((key) => key, { driftPerMonth: 2 })[0].held).toBe(false);
});

describe("the two figure checks", () => {
  const worked = { net: -3398.4, best: { months: 4, cost: 494.4 }, costOf };

  test("read the cells given, 0 where a figure is not a number, and cache the worked example's figures", () => {
    const [net, best] = ledgerChecks(CELLS, worked, STYLE);
    expect(net.figures!.map((cell) => [cell.formula, cell.cached])).toEqual([
      ["IF(ISNUMBER(D60),D60,0)", -3398.4],
      ["IF(ISNUMBER(D60),D58-D59,0)", -3398.4],
    ]);
    expect(best.figures!.map((cell) => [cell.formula, cell.cached])).toEqual([
      ["IF(ISNUMBER(D66),D67,0)", 494.4],
      ["IF(ISNUMBER(D66),D40/MAX(1,D66-1)+MAX(1,D66-1),0)", costOf(3)],
      ["IF(ISNUMBER(D66),D40/(D66+1)+(D66+1),0)", costOf(5)],
    ]);
    expect([net.name, best.name, net.held, best.held]).toEqual(["net, two routes", "best, its neighbours", true, true]);
    expect(best.holds(["X1", "X2", "X3"])).toBe("X1<=MIN(X2,X3)*(1+C99)");
  });

  test("a best whole month that is not the best fails", () => {
    const [, best] = ledgerChecks(CELLS, { ...worked, best: { months: 3, cost: costOf(3) } }, STYLE);
    expect(best.held).toBe(false);
  });

  test("a ledger not counted passes, every route 0", () => {
    const checks = ledgerChecks(CELLS, { costOf: () => undefined }, { ...STYLE, format: "0.00" });
    expect(checks.flatMap((check) => check.figures!.map((cell) => cell.cached))).toEqual([0, 0, 0, 0, 0]);
    expect(checks.every((check) => check.held)).toBe(true);
  });
});
