/*
 * Bills a hostile planner (or a broken download) brings, built here, through the import as the pane runs it
 * (billImport.ts over DuckDB-Wasm in Node): each gives figures that are right or a sentence that says what to
 * fix, never a wrong figure shown as right, a raw engine message or a wait without end.
 */
import { measureBill, openBill, BillMeasurement, ChosenBlob, OpenedBill } from "../../../src/bill/engine/billImport";
import { DEFAULT_MAPPING, BillMapping } from "../../../src/bill/model/roles";
import { BillProblem } from "../../../src/bill/model/focusColumns";
import { billTotalsOf } from "../../../src/bill/model/billFigures";
import { asBillEngine, Engine, openEngine } from "../support/duckdb";
import { ENGINE_START_MS } from "../../support/deadlines";
import { billCsv } from "../support/hostileBill";

let engine: Engine;
beforeAll(async () => {
  engine = await openEngine();
}, ENGINE_START_MS);
afterAll(() => engine.close());

const chosen = (name: string, bytes: Uint8Array | string): ChosenBlob => ({
  name,
  blob: new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]),
});

/** The import's figures, or the problems that stopped it. */
async function imported(
  files: ChosenBlob[],
  mapping: BillMapping = DEFAULT_MAPPING,
): Promise<{ opened?: OpenedBill; measured?: BillMeasurement; problems: BillProblem[] }> {
  const billEngine = asBillEngine(engine);
  const opened = await openBill(billEngine, files);
  if ("problems" in opened) return { problems: opened.problems };
  const measured = await measureBill(billEngine, opened, { mapping });
  if (!("months" in measured)) return { opened, problems: measured.problems };
  return { opened, measured, problems: measured.problems };
}

const errors = (problems: readonly BillProblem[]) => problems.filter((p) => p.severity === "error");

describe("a cost or quantity past a double's range is refused with its line, never summed", () => {
  test.each([
    ["EffectiveCost", "1e309"],
    ["BilledCost", "-1e309"],
    ["ConsumedQuantity", "1e400"],
    ["PricingQuantity", "1E309"],
  ])("%s %s on line 3", async (column, text) => {
    const csv = billCsv([{}, { [column]: text }, {}]);
    const { measured, problems } = await imported([chosen("march.csv", csv)]);
    const january = measured!.months.find((m) => m.month === "2026-01")!;
    expect(january.reconciles).toBe(false);
    expect(january.unreadableRows).toBe(1);
    expect(Number.isFinite(january.fileTotal.effectiveCost)).toBe(true);
    // the other two rows are summed, the refused one is not
    if (column === "EffectiveCost") expect(january.fileTotal.effectiveCost).toBe(640);
    const named = problems.find((p) => /^Not summed/.test(p.message))!;
    expect(named.severity).toBe("error");
    expect(named.message).toContain(`line 3 of march.csv (${column} is ${text}, past the largest number`);
  });

  test("two rows of 1e308 whose sum overflows: the month is refused, said, never shown as 0 or Infinity", async () => {
    const csv = billCsv([
      { EffectiveCost: "1e308", BilledCost: "1e308" },
      { EffectiveCost: "1e308", BilledCost: "1e308" },
      { ChargePeriodStart: "2026-02-01T00:00:00Z" },
    ]);
    const { measured, problems } = await imported([chosen("bill.csv", csv)]);
    expect(measured!.months.map((m) => m.month)).toEqual(["2026-02"]);
    const refused = errors(problems).find((p) => p.month === "2026-01")!;
    expect(refused.message).toMatch(
      /^2026-01 \(USD\) is left out of the figures: its EffectiveCost and BilledCost add/,
    );
    expect(refused.message).toMatch(/Find the month's largest values of EffectiveCost and BilledCost/);
    for (const totals of billTotalsOf(measured!.months)) {
      expect(totals.fileEffectiveCost).toBe(320);
      expect(totals.reconciles).toBe(true);
    }
  });

  test("a month whose sum passes 10^15 (30 rows of 1e14) is refused whole", async () => {
    const csv = billCsv(Array.from({ length: 30 }, () => ({ EffectiveCost: "1e14", BilledCost: "1e14" })));
    const { measured, problems } = await imported([chosen("bill.csv", csv)]);
    expect(measured!.months).toEqual([]);
    expect(errors(problems)[0].message).toMatch(/^2026-01 \(USD\) is left out/);
  });

  test("3_2, 1_000.5 and 86,4 are not figures: each named with its line", async () => {
    const csv = billCsv([{ EffectiveCost: "3_2" }, { BilledCost: "1_000.5" }, { EffectiveCost: "86,4" }, {}]);
    const { measured, problems } = await imported([chosen("bill.csv", csv)]);
    const january = measured!.months[0];
    expect(january.unreadableRows).toBe(3);
    expect(january.fileTotal.effectiveCost).toBe(320 + 320);
    const named = problems.find((p) => /^Not summed/.test(p.message))!.message;
    expect(named).toContain('line 2 of bill.csv (EffectiveCost is "3_2", digits grouped with "_"');
    expect(named).toContain('line 3 of bill.csv (BilledCost is "1_000.5", digits grouped');
    expect(named).toContain('line 4 of bill.csv (EffectiveCost is "86,4", not a plain number)');
  });

  test("more bad rows than a sentence lists: the first five, and how many more", async () => {
    const csv = billCsv(Array.from({ length: 9 }, (_, i) => ({ EffectiveCost: `x${i}` })));
    const { problems } = await imported([chosen("bill.csv", csv)]);
    const named = problems.find((p) => /^Not summed/.test(p.message))!.message;
    expect(named.match(/line \d+ of bill\.csv/g)).toEqual([2, 3, 4, 5, 6].map((n) => `line ${n} of bill.csv`));
    expect(named).toContain("; and 4 rows more.");
  });
});
