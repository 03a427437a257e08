/*
 * The actuals sheet of the accelerator fixture (test/bill/fixtures/accelerators.csv, read by DuckDB-Wasm and the
 * bill's model), recalculated by HyperFormula and IronCalc with its defined names: every formula cell against
 * the model's value it caches, the fixture's three months worked by hand from the CSV itself, one formula a row,
 * the master check naming a check that fails, the words where the bill gives no figure, one currency a sheet.
 */
import { CHECK_FAILED, CHECKS_OK } from "../../../src/core/sheet/checks";
import { readFileSync } from "fs";
import { BillMonth, mappedHoursPaid } from "../../../src/bill/model/billFigures";
import { BILL_ROLES } from "../../../src/bill/model/roles";
import { PAID_ROWS } from "../../../src/bill/sheet/actualsFigures";
import {
  ACTUALS_BASE_NAMES,
  ACTUALS_SHEET_NAME,
  ActualsSheetLayout,
  actualsLayout,
} from "../../../src/bill/sheet/actualsLayout";
import { BUDGET_BASE_NAMES } from "../../../src/budget/sheet/budgetLayout";
import { monthColumn } from "../../../src/budget/sheet/budgetRows";
import { isProblem } from "../../../src/core/model/problems";
import { cellAt, formulaCells, namedAddress } from "../../support/layoutCells";
import {
  cachedMismatches,
  hyperFormulaValue,
  layoutInHyperFormula,
  layoutInIronCalc,
} from "../../support/layoutEngines";
import { TWIN_IDS } from "../../support/twinIds";
import { unwrap } from "../../support/unwrap";
import { ACCELERATORS_CSV, FIXTURE_SOURCE, fixtureMonths } from "./billMonths";
import { ENGINE_START_MS } from "../../support/deadlines";
import { csvFields } from "../support/hostileBill";

let months: BillMonth[];
let layout: ActualsSheetLayout;
beforeAll(async () => {
  months = await fixtureMonths();
  layout = unwrap(actualsLayout({ months, source: FIXTURE_SOURCE }));
}, ENGINE_START_MS);

const evaluate = (l: ActualsSheetLayout) => layoutInHyperFormula(l, ACTUALS_SHEET_NAME);
/** The cell of row `key` in month `month` (1-based), or its total over the months (B) for month 0. */
const cellOf = (l: ActualsSheetLayout, key: string, month: number) =>
  `${month === 0 ? "B" : monthColumn(month - 1)}${l.rowOf[key]}`;
/** The answer's cell of `label` (its value, in B). */
const answerOf = (l: ActualsSheetLayout, label: string) => {
  const row = l.rows.findIndex((r, i) => i < l.page.frozenRows && r[0]?.value === label);
  if (row < 0) throw new Error(`No answer line ${label}`);
  return `B${row + 1}`;
};
const close = (actual: unknown, expected: number, digits = 12) => {
  expect(typeof actual).toBe("number");
  expect(actual as number).toBeCloseTo(expected, digits);
};

/** The CSV's rows as records by header name (no field of the fixture holds a comma outside quotes' JSON). */
function csvRecords(): Record<string, string>[] {
  const [header, ...lines] = readFileSync(ACCELERATORS_CSV, "utf8").trim().split("\n");
  const names = csvFields(header);
  return lines.map((line) => Object.fromEntries(csvFields(line).map((v, i) => [names[i], v])));
}

/*
 * Serving in the fixture, worked by hand from the CSV: every serving row is a g5.xlarge (one GPU an instance),
 * tagged inference, serving or serving-endpoint, or an unused reservation (no tag: serving's by default).
 * Paid is PricingQuantity, consumed ConsumedQuantity (none on an unused or a null row):
 *   2026-01: 600 used + 144 unused + 100 on demand = 844 paid; 600 + 100 = 700 consumed -> 844 / 700
 *   2026-02: 672 + 50 spot + 10 (no ConsumedQuantity) = 732 paid; 672 + 50 = 722 consumed -> 732 / 722
 *   2026-03: 300 on demand paid and consumed -> 1.0
 * Over the quarter: 1,876 paid / 1,722 consumed. Idle: 144, 10, 0.
 */
test("serving's paid and consumed hours read from the CSV by hand are the sheet's, and so its peak-to-mean", () => {
  const serving = (r: Record<string, string>) =>
    r.BillingCurrency === "USD" &&
    r.ChargeCategory === "Usage" &&
    (/"workload": "(inference|serving|serving-endpoint)"/.test(r.Tags) || r.CommitmentDiscountStatus === "Unused");
  const byMonth = ["2026-01", "2026-02", "2026-03"].map((month) => {
    const rows = csvRecords().filter((r) => serving(r) && r.ChargePeriodStart.startsWith(month));
    expect(rows.every((r) => /g5/i.test(r.SkuId) || /g5\.xlarge/.test(r.ChargeDescription))).toBe(true);
    return {
      paid: rows.reduce((s, r) => s + Number(r.PricingQuantity), 0),
      consumed: rows.reduce((s, r) => s + Number(r.ConsumedQuantity || 0), 0),
    };
  });
  expect(byMonth).toEqual([
    { paid: 844, consumed: 700 },
    { paid: 732, consumed: 722 },
    { paid: 300, consumed: 300 },
  ]);
  const { at } = evaluate(layout);
  byMonth.forEach(({ paid, consumed }, i) => {
    close(at(cellOf(layout, "servingPaid", i + 1)), paid, 9);
    close(at(cellOf(layout, "idle", i + 1)), paid - consumed, 9);
    close(at(cellOf(layout, "peakToMean", i + 1)), paid / consumed);
  });
  close(at(answerOf(layout, "Peak-to-mean, measured")), 1876 / 1722);
  close(at(answerOf(layout, "Serving, paid")), 1876, 9);
});

/*
 * January by hand (the fixture's README and test/bill/model/billEngine.test.ts list its rows):
 *   training 80 h on demand (10 p4d.24xlarge hours x 8 GPUs, $320) + 40 h spot (5 x 8, $60) = 120 h, $380
 *   paid: training 120 + serving 844 + re-scan 40 = 1,004 h -> training's share 120 / 1,004 = 11.95%
 *   the accelerators' EffectiveCost: 380 + 360 + 86.40 + 100 + 16 = 942.40 -> training's share 380 / 942.40
 *   committed: 744 h for 360 + 86.40 = $446.40 -> $0.60 an hour; on demand 180 h for $420; spot 80 h for $76
 *   the file: 1,027.40 = 942.40 + left out (storage 50, network 20, CPU 30, tax 10, credit -25) = 85
 * February: committed 672 h for $403.20, $0.60 again; training 32 h (4 p5.48xlarge hours x 8)
 * March: training 160 h (20 p4d hours x 8) of 460 paid: 34.78%
 */
test("January, February and March worked by hand: shares, prices, the reconciliation", () => {
  const { at } = evaluate(layout);
  close(at(cellOf(layout, "training", 1)), 120, 9);
  close(at(cellOf(layout, "paidMapped", 1)), 1004, 9);
  close(at(cellOf(layout, "shareHours", 1)), 120 / 1004);
  close(at(cellOf(layout, "shareCost", 1)), 380 / 942.4);
  close(at(cellOf(layout, "price:Committed", 1)), 0.6);
  close(at(cellOf(layout, "price:Standard", 1)), 420 / 180);
  close(at(cellOf(layout, "price:Dynamic", 1)), 76 / 80);
  close(at(cellOf(layout, "leftOut:effective", 1)), 85, 9);
  close(at(cellOf(layout, "difference:effective", 1)), 0, 9);
  close(at(cellOf(layout, "price:Committed", 2)), 0.6);
  close(at(cellOf(layout, "training", 2)), 32, 9);
  close(at(cellOf(layout, "shareHours", 3)), 160 / 460);
  // February paid nothing at the spot... it did (50 h); March paid no spot hour: the price says so.
  expect(at(cellOf(layout, "price:Dynamic", 3))).toBe("no hours paid");
  close(at(answerOf(layout, "Training, paid")), 120 + 32 + 160, 9);
  expect(at(answerOf(layout, "Checks"))).toBe(CHECKS_OK);
});

test("every cached value recalculates in HyperFormula and in IronCalc", () => {
  const { at } = evaluate(layout);
  expect(cachedMismatches(layout, (address) => hyperFormulaValue(at(address)))).toEqual([]);
  expect(cachedMismatches(layout, layoutInIronCalc(layout, ACTUALS_SHEET_NAME))).toEqual([]);
});

test("one currency a sheet: USD by default (three months), EUR on its own sheet, neither added to the other", () => {
  expect(layout.currency).toBe("USD");
  expect(layout.otherCurrencies).toEqual(["EUR"]);
  expect(layout.months.map((m) => m.month)).toEqual(["2026-01", "2026-02", "2026-03"]);
  expect(layout.rows.some((r) => String(r[0]?.value ?? "").includes("also in EUR"))).toBe(true);
  const euros = unwrap(actualsLayout({ months, source: FIXTURE_SOURCE, currency: "EUR" }));
  expect(euros.months.map((m) => m.month)).toEqual(["2026-03"]);
  const { at } = evaluate(euros);
  expect(cachedMismatches(euros, (address) => hyperFormulaValue(at(address)))).toEqual([]);
  // 2 ND96asr_v4 hours x 8 GPUs, EUR 50; no serving: the peak-to-mean says so, never #DIV/0!.
  close(at(cellOf(euros, "training", 1)), 16, 9);
  expect(at(cellOf(euros, "peakToMean", 1))).toBe("no serving consumed");
  expect(at(answerOf(euros, "Peak-to-mean, measured"))).toBe("no serving consumed");
  expect(isProblem(actualsLayout({ months, source: FIXTURE_SOURCE, currency: "GBP" }))).toBe(true);
  expect(isProblem(actualsLayout({ months: [], source: FIXTURE_SOURCE }))).toBe(true);
});

test("the imported figures are typed blue values with their units; the source and import date noted at the top", () => {
  for (const key of ["training", "servingConsumed", "servingPaid", "fileEffective", "leftOut:effective:storage"]) {
    const cells = layout.rows[layout.rowOf[key] - 1].slice(3);
    expect(cells.every((c) => c?.role === "input" && c.formula === undefined && typeof c.value === "number")).toBe(
      true,
    );
  }
  const unit = (key: string) => layout.rows[layout.rowOf[key] - 1][2]?.value;
  expect(unit("training")).toBe("accelerator-hours");
  expect(unit("trainingCost")).toBe("USD");
  const files = layout.rows[layout.rowOf.files - 1].slice(3).map((c) => c?.value);
  expect(files).toEqual(["accelerators.csv", "accelerators.csv", "accelerators.csv"]);
  const notes = layout.rows.slice(0, 4).map((r) => String(r[0]?.value ?? ""));
  expect(
    notes.some((n) => n.includes("2026-12-01 14:05 UTC") && n.includes("FOCUS 1.2") && n.includes("accelerators.csv")),
  ).toBe(true);
  // Dated headings: each month's first day, 2026-01-01 = 46023.
  expect(cellAt(layout, `D${layout.rowOf.header}`)).toMatchObject({ value: 46_023, numberFormat: "mmm yyyy" });
  expect(cellAt(layout, `F${layout.rowOf.header}`)?.value).toBe(46_082);
  // Left out by reason, every reason of the months, so nothing is silently lost.
  const reasons = Object.keys(layout.rowOf).filter((k) => k.startsWith("leftOut:effective:"));
  expect(reasons).toEqual(
    ["cpu", "storage", "network", "tax", "credit", "purchase", "acceleratorCountUnknown"].map(
      (r) => `leftOut:effective:${r}`,
    ),
  );
});

/** A formula with its relative references as offsets from its own cell, so equal texts mean the same formula. */
function relativeForm(formula: string, row: number, column: number): string {
  return formula.replace(
    /(?<![A-Za-z0-9_.'])(\$?)([A-Z]{1,3})(\$?)(\d+)(?![A-Za-z0-9_(])/g,
    (_, columnFixed: string, letters: string, rowFixed: string, digits: string) => {
      const c = [...letters].reduce((n, l) => n * 26 + l.charCodeAt(0) - 64, 0) - 1;
      const r = Number(digits) - 1;
      return `R${rowFixed ? r : `[${r - row}]`}C${columnFixed ? c : `[${c - column}]`}`;
    },
  );
}

test("one formula a row: every month's cell of a formula row is the same formula", () => {
  let formulaRows = 0;
  layout.rows.forEach((row, r) => {
    const cells = row.slice(3);
    if (!cells.some((cell) => cell?.formula !== undefined)) return;
    formulaRows++;
    const forms = cells.map((cell, i) =>
      cell?.formula === undefined ? "typed" : relativeForm(cell.formula, r, 3 + i),
    );
    expect(new Set(forms)).toEqual(new Set([forms[0]]));
  });
  expect(formulaRows).toBeGreaterThanOrEqual(12);
  // No constant in a formula: the tolerances are labelled, named cells.
  const constants = formulaCells(layout).filter(({ cell }) => /0\.005|1E-09|1e-9/i.test(cell.formula!));
  expect(constants).toEqual([]);
  expect(cellAt(layout, namedAddress(layout, "ActualsMoneyTolerance"))?.value).toBe(0.005);
});

test("the master check names the reconciliation that fails when a typed figure is changed", () => {
  const engine = evaluate(layout);
  const master = answerOf(layout, "Checks");
  engine.set(cellOf(layout, "mappedEffective", 2), 900);
  expect(engine.at(master)).toBe(CHECK_FAILED + "EffectiveCost reconciles to the file's total");
  expect(engine.at(cellOf(layout, "checkEffective", 0))).toBe(1);
  const again = evaluate(layout);
  again.set(cellOf(layout, "fileBilled", 1), 1027.41);
  expect(again.at(master)).toBe(CHECK_FAILED + "BilledCost reconciles to the file's total");
  // Within half a cent the file's total still reconciles.
  again.set(cellOf(layout, "fileBilled", 1), 1027.404);
  expect(again.at(master)).toBe(CHECKS_OK);
});

test("a month that does not reconcile is cached as failing, as the model reports it", () => {
  const broken = months.map((m) =>
    m.month === "2026-02" && m.currency === "USD"
      ? {
          ...m,
          effectiveDifference: 0.25,
          reconciles: false,
          fileTotal: { ...m.fileTotal, effectiveCost: m.fileTotal.effectiveCost + 0.25 },
        }
      : m,
  );
  const l = unwrap(actualsLayout({ months: broken, source: FIXTURE_SOURCE }));
  const { at } = evaluate(l);
  expect(cachedMismatches(l, (address) => hyperFormulaValue(at(address)))).toEqual([]);
  expect(at(answerOf(l, "Checks"))).toBe(CHECK_FAILED + "EffectiveCost reconciles to the file's total");
});

test("names: every one prefixed Actuals and suffixed in a copy, none the budget's nor a function twin's", () => {
  const copy = unwrap(actualsLayout({ months, source: FIXTURE_SOURCE }, "_2"));
  expect(copy.names.every((n) => n.name.startsWith("Actuals") && n.name.endsWith("_2"))).toBe(true);
  const bases = copy.names.map((n) => n.name.slice(0, -2));
  expect(new Set(bases).size).toBe(bases.length);
  expect(bases.filter((b) => !ACTUALS_BASE_NAMES.includes(b))).toEqual([]);
  expect(ACTUALS_BASE_NAMES.filter((b) => BUDGET_BASE_NAMES.includes(b))).toEqual([]);
  const twins = new Set(TWIN_IDS.map((id) => id.toUpperCase()));
  expect(ACTUALS_BASE_NAMES.filter((b) => twins.has(b.toUpperCase()))).toEqual([]);
});

test("frozen: the answer and the dated headings, and A:C; landscape, the headings repeated", () => {
  expect(layout.page.frozenRows).toBe(layout.rowOf.header);
  expect(layout.page.frozenColumns).toBe(3);
  expect(layout.page.orientation).toBe("landscape");
  expect(layout.page.titleRows).toBe(`$${layout.rowOf.header}:$${layout.rowOf.header}`);
});

test("rows whose figures were not numbers fail their own check, as the model's month fails to reconcile", () => {
  const unread = months.map((m) =>
    m.month === "2026-02" && m.currency === "USD" ? { ...m, unreadableRows: 2, reconciles: false } : m,
  );
  const sheet = unwrap(actualsLayout({ months: unread, source: FIXTURE_SOURCE }));
  const engine = evaluate(sheet);
  // February is the sheet's second month; B sums the months
  expect(engine.at(cellOf(sheet, "unreadable", 2))).toBe(2);
  expect(engine.at(cellOf(sheet, "checkReadable", 2))).toBe(1);
  expect(engine.at(cellOf(sheet, "checkReadable", 1))).toBe(0);
  expect(engine.at(cellOf(sheet, "checkReadable", 0))).toBe(1);
  expect(engine.at(answerOf(sheet, "Checks"))).toBe(CHECK_FAILED + "Every cost and quantity was a number");
  // and the fixture as read, with none, passes it
  expect(evaluate(layout).at(answerOf(layout, "Checks"))).toBe(CHECKS_OK);
});

test("every role of BILL_ROLES has its paid row, and the paid total is their sum, the model's", () => {
  const { at } = evaluate(layout);
  const paid = BILL_ROLES.map((role) => PAID_ROWS[role].key);
  const sheetMonths = months.filter((m) => m.currency === layout.currency);
  expect(sheetMonths).toHaveLength(3);
  for (const [i, month] of sheetMonths.entries()) {
    BILL_ROLES.forEach((role, r) => {
      expect(layout.rowOf[paid[r]]).toBeGreaterThan(0);
      expect(cellAt(layout, cellOf(layout, paid[r], i + 1))?.value).toBe(month.roles[role].hoursPaid);
    });
    expect(cellAt(layout, cellOf(layout, "paidMapped", i + 1))?.cached).toBe(mappedHoursPaid(month.roles));
    close(at(cellOf(layout, "paidMapped", i + 1)), mappedHoursPaid(month.roles), 9);
  }
  const formula = String(cellAt(layout, cellOf(layout, "paidMapped", 1))?.formula);
  for (const key of paid) expect(formula).toContain(cellOf(layout, key, 1));
});
