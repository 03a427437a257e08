/*
 * The budget's inputs offered from the measured bill, on the accelerator fixture's months (read by DuckDB-Wasm
 * as the pane reads them), with every figure worked by hand below from the rows billEngine.test.ts works.
 */
import { join } from "path";
import { budgetField } from "../../../src/budget/model/budgetFields";
import { BillMonth, billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import { billAggregationSql, billColumnsSql, billSourceSql } from "../../../src/bill/model/billSql";
import { detectFocusVersion, FocusDetection } from "../../../src/bill/model/focusColumns";
import { measuredInputs } from "../../../src/bill/model/measuredInputs";
import { DEFAULT_MAPPING } from "../../../src/bill/model/roles";
import { Engine, openEngine } from "../support/duckdb";

let engine: Engine;
let months: BillMonth[];
beforeAll(async () => {
  engine = await openEngine();
  const source = billSourceSql({ format: "csv", paths: [join(__dirname, "../fixtures/accelerators.csv")] });
  const detection = detectFocusVersion(
    engine.query(billColumnsSql(source)).map((row) => String(row.column_name)),
  ) as FocusDetection;
  const rows = engine.query(billAggregationSql({ source, detection, mapping: DEFAULT_MAPPING }));
  months = billMonthsOf(rows as unknown as BillResultRow[]).months;
});
afterAll(() => engine.close());

const dollars = () => months.filter((m) => m.currency === "USD");
const offered = (result: ReturnType<typeof measuredInputs>, key: string) =>
  result.suggestions.find((s) => s.key === key);
const refusedFor = (result: ReturnType<typeof measuredInputs>, key: string) =>
  result.refused.find((s) => s.key === key);

/*
 * USD, 2026-01..2026-03 (accelerator-hours paid; billEngine.test.ts works each month):
 *   training paid 120 + 32 + 160 = 312 h; a month each with training: 3 runs, 104 h a run
 *   serving used 700 + 722 + 300 = 1,722 h, paid 844 + 732 + 300 = 1,876 h: peak-to-mean 1,876 / 1,722
 *   mapped EffectiveCost 942.40 + 835.70 + 700 = 2,478.10 for 1,004 + 764 + 460 = 2,228 h paid: 2,478.10 / 2,228
 *     (February: the file's 898.10 less 22.40 of an unknown size and 40 of storage; 32 + 732 h)
 *   10,000,000 clips: 1,722 h x 3,600 s / 10,000,000 = 0.61992 s a clip
 * EUR 2026-03 adds 16 h of training in a month already counted: 328 h over 3 runs, and a second currency.
 */
describe("the inputs the fixture's dollar months offer, worked by hand", () => {
  test("hours per run: one run in each month with training", () => {
    const result = measuredInputs(dollars());
    expect(offered(result, "hoursPerRun")?.value).toBeCloseTo(104, 9);
    expect(offered(result, "hoursPerRun")?.sentence).toBe(
      "Training paid 312 h over 3 runs (one in each month with training) in 2026-01..2026-03: 104 h a run, " +
        "failed runs and sweeps included (set the training overhead to 1 with it)",
    );
  });

  test("hours per run: the planner's two runs a month", () => {
    const result = measuredInputs(dollars(), { runsPerMonth: 2 });
    expect(offered(result, "hoursPerRun")?.value).toBeCloseTo(312 / 6, 9);
    expect(offered(result, "hoursPerRun")?.sentence).toMatch(/^Training paid 312 h over 6 runs \(2 a month over 3/);
  });

  test("peak-to-mean: serving paid over serving used", () => {
    const peak = offered(measuredInputs(dollars()), "peakToMean");
    expect(peak?.value).toBeCloseTo(1876 / 1722, 12);
    expect(peak?.sentence).toBe("Serving paid 1,876 h over 1,722 h used in 2026-01..2026-03: 1.09 times");
  });

  test("price: every mapped accelerator row's EffectiveCost over its paid hours, with its currency", () => {
    const result = measuredInputs(dollars());
    expect(offered(result, "pricePerHour")?.value).toBeCloseTo(2478.1 / 2228, 12);
    expect(offered(result, "pricePerHour")?.sentence).toBe(
      "The mapped accelerator rows cost 2,478.10 USD EffectiveCost for 2,228 h paid in 2026-01..2026-03: " +
        "1.11 USD an accelerator-hour",
    );
    expect(offered(result, "currency")?.value).toBe("USD");
  });

  test("seconds per clip only with the clips served, and then from hours used", () => {
    expect(refusedFor(measuredInputs(dollars()), "secondsPerClip")?.sentence).toMatch(/Give the clips served/);
    const seconds = offered(measuredInputs(dollars(), { clips: 10_000_000 }), "secondsPerClip");
    expect(seconds?.value).toBeCloseTo(0.61992, 12);
    expect(seconds?.sentence).toBe(
      "Serving used 1,722 h for 10,000,000 clips in 2026-01..2026-03: 0.62 accelerator-seconds a clip",
    );
  });

  test("each value is in its budget field's unit and range", () => {
    const result = measuredInputs(dollars(), { clips: 10_000_000 });
    expect(result.suggestions.map((s) => s.key).sort()).toEqual(
      ["currency", "hoursPerRun", "peakToMean", "pricePerHour", "secondsPerClip"].sort(),
    );
    expect(budgetField("secondsPerClip").unit).toBe("accelerator-seconds");
    expect(budgetField("hoursPerRun").unit).toBe("accelerator-hours per run");
    expect(result.refused).toEqual([]);
  });
});

describe("what the measurement cannot offer is said, not suggested", () => {
  test("two currencies: hours add up, the price is not offered", () => {
    const result = measuredInputs(months);
    expect(offered(result, "hoursPerRun")?.value).toBeCloseTo(328 / 3, 9);
    expect(offered(result, "pricePerHour")).toBeUndefined();
    expect(offered(result, "currency")).toBeUndefined();
    expect(refusedFor(result, "pricePerHour")?.sentence).toBe(
      "The months are billed in 2 currencies (USD, EUR): choose one to offer a price.",
    );
  });

  test("a peak-to-mean below 1 (paid less than used) is outside the field's range: reported with its value", () => {
    const january = { ...dollars()[0], servingHoursPaid: 500 };
    const result = measuredInputs([january]);
    expect(offered(result, "peakToMean")).toBeUndefined();
    const refused = refusedFor(result, "peakToMean")!;
    expect(refused.value).toBeCloseTo(500 / 700, 12);
    expect(refused.sentence).toBe(
      "Serving paid 500 h over 700 h used in 2026-01: 0.714 times, which peak-to-mean provisioning for serving " +
        "cannot be (it is a number of 1 or more).",
    );
  });

  test("no training, no serving, no clips, bad runs: each says why", () => {
    const euros = months.filter((m) => m.currency === "EUR");
    const result = measuredInputs(euros, { clips: 1000 });
    expect(refusedFor(result, "peakToMean")?.sentence).toBe(
      "Serving used no accelerator-hour in 2026-03: no peak-to-mean.",
    );
    expect(refusedFor(result, "secondsPerClip")?.sentence).toMatch(/no seconds per clip/);
    expect(offered(result, "hoursPerRun")?.value).toBeCloseTo(16, 9);
    const idle = measuredInputs([{ ...euros[0], trainingHours: 0 }]);
    expect(refusedFor(idle, "hoursPerRun")?.sentence).toBe(
      "No training hours were paid in 2026-03: no hours per run to offer.",
    );
    expect(refusedFor(measuredInputs(dollars(), { runsPerMonth: 0 }), "hoursPerRun")?.sentence).toMatch(/above 0/);
    expect(measuredInputs([]).suggestions).toEqual([]);
  });
});
