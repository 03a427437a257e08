/*
 * The bill's SQL run by DuckDB-Wasm over real files: the public FOCUS 1.0 sample (parsing, version, and its
 * figures reconciling to its own sums) and our accelerator fixture (three months of training, serving,
 * unused commitment, spot and non-accelerator rows), whose figures are worked by hand below.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { BillMonth, billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import {
  billAggregationSql,
  BillFiles,
  billColumnsSql,
  billSortedSql,
  billSourceSql,
  keyValuesSql,
  unknownAcceleratorsSql,
} from "../../../src/bill/model/billSql";
import { engineProblem } from "../../../src/bill/engine/engineText";
import { detectFocusVersion, FocusDetection } from "../../../src/bill/model/focusColumns";
import { BillMapping, DEFAULT_MAPPING } from "../../../src/bill/model/roles";
import { isProblem } from "../../../src/core/model/problems";
import { Engine, openEngine } from "../support/duckdb";

const FIXTURES = join(__dirname, "../fixtures");
const ACCELERATORS = join(FIXTURES, "accelerators.csv");
const SAMPLE = join(FIXTURES, "focus-1.0-sample.csv");

let engine: Engine;
let scratch: string;
beforeAll(async () => {
  engine = await openEngine();
  scratch = mkdtempSync(join(tmpdir(), "mlcost-bill-"));
});
afterAll(() => {
  engine.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Reads `files` as the pane will: columns, detection, the aggregation, the monthly figures. */
function importBill(files: BillFiles, mapping: BillMapping = DEFAULT_MAPPING, counts = {}) {
  const source = billSourceSql(files);
  const columns = engine.query(billColumnsSql(source)).map((row) => String(row.column_name));
  const detection = detectFocusVersion(columns);
  if (isProblem(detection)) throw new Error(detection.message);
  const query = { source, detection, mapping, counts };
  const rows = engine.query(billAggregationSql(query)) as unknown as BillResultRow[];
  return { detection, query, rows, ...billMonthsOf(rows) };
}
const monthOf = (months: BillMonth[], month: string, currency = "USD") =>
  months.find((m) => m.month === month && m.currency === currency)!;

/** A CSV line's fields (RFC 4180: quoted fields, doubled quotes), read without the engine. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      fields.push(field);
      field = "";
    } else field += c;
  }
  fields.push(field);
  return fields;
}

describe("the public FOCUS 1.0 sample", () => {
  const files: BillFiles = { format: "csv", paths: [SAMPLE] };

  test("is read as FOCUS 1.0, and its one non-FOCUS column is named", () => {
    const { detection } = importBill(files);
    expect(detection.version).toBe("1.0");
    expect((detection as FocusDetection).unrecognised).toEqual(["Id"]);
    expect(detection.missingOptional).toEqual(["skuPriceDetails", "skuMeter", "capacityReservationStatus"]);
  });

  test("its figures reconcile to its own sums per month and currency, counted here without the engine", () => {
    const [header, ...lines] = readFileSync(SAMPLE, "utf8").trim().split("\n");
    const names = csvFields(header);
    const at = (name: string) => names.indexOf(name);
    const sums = new Map<string, { effective: number; billed: number; rows: number }>();
    for (const line of lines) {
      const f = csvFields(line);
      const id = `${f[at("ChargePeriodStart")].slice(0, 7)} ${f[at("BillingCurrency")]}`;
      const sum = sums.get(id) ?? { effective: 0, billed: 0, rows: 0 };
      const value = (name: string) => (f[at(name)] === "NULL" ? 0 : Number(f[at(name)]));
      sum.effective += value("EffectiveCost");
      sum.billed += value("BilledCost");
      sum.rows += 1;
      sums.set(id, sum);
    }
    const { months, problems } = importBill(files);
    expect(months.map((m) => `${m.month} ${m.currency}`)).toEqual([...sums.keys()].sort());
    for (const month of months) {
      const expected = sums.get(`${month.month} ${month.currency}`)!;
      expect(month.fileTotal.rows).toBe(expected.rows);
      expect(month.fileTotal.effectiveCost).toBeCloseTo(expected.effective, 9);
      expect(month.fileTotal.billedCost).toBeCloseTo(expected.billed, 9);
      const leftOut = month.leftOut.reduce((s, p) => s + p.effectiveCost, 0);
      expect(month.mapped.effectiveCost + leftOut).toBeCloseTo(expected.effective, 9);
      expect(month.mapped.rows + month.leftOut.reduce((s, p) => s + p.rows, 0)).toBe(expected.rows);
      expect(month.reconciles).toBe(true);
    }
    expect(problems.filter((p) => p.code === "reconciliation")).toEqual([]);
  });

  test("its credit and adjustment rows are left out with their cost, not lost", () => {
    const { months } = importBill(files);
    const reasons = months.flatMap((m) => m.leftOut.map((p) => p.reason));
    expect(reasons).toEqual(expect.arrayContaining(["credit", "adjustment", "storage", "network", "cpu"]));
  });
});

/*
 * accelerators.csv, worked by hand (accelerator-hours = instance-hours x accelerators per instance):
 *
 * 2026-01 USD
 *   training  p4d.24xlarge (8) on demand 10 h, $320     -> 80 acc-h;  spot p4d 5 h, $60 -> 40 acc-h
 *   serving   g5.xlarge (1) committed, used 600 h, $360 EffectiveCost, $0 billed (the fee is a purchase row)
 *             g5.xlarge committed, unused 144 h, $86.40 (no tag: unused commitment goes to serving)
 *             g5.xlarge on demand 100 h, $100 ("serving-endpoint")
 *   rescan    g5.xlarge spot 40 h, $16 ("rescan-archive")
 *   left out  purchase $446.40 billed / $0 effective; storage $50; network $20; CPU (m5.xlarge, tagged
 *             training) $30; tax $10; credit -$25
 *   training 120 h, $380; serving consumed 700 h, paid 844 h; peak-to-mean 844 / 700
 *   prices: on demand (80 + 100) h for $420; committed 744 h for $446.40 = $0.60; spot (40 + 40) h for $76
 *   mapped paid 120 + 844 + 40 = 1,004 h; mapped EffectiveCost 380 + 446.40 + 100 + 16 = 942.40
 *   file total: EffectiveCost 942.40 + 50 + 20 + 30 + 10 - 25 = 1,027.40;
 *               BilledCost (320 + 60 + 100 + 16) + 446.40 + 85 = 1,027.40
 * 2026-02 USD
 *   training  p5.48xlarge (8) on demand 4 h, $400 ("finetune-llm") -> 32 acc-h
 *   serving   g5.xlarge committed used 672 h, $403.20; spot 50 h, $22.50;
 *             on demand 10 h paid with no ConsumedQuantity, $10 (a null-consumed row)
 *   left out  purchase $403.20 billed; g7e.2xlarge (not in the table) $22.40; storage $40
 *   serving consumed 722 h, paid 732 h; file total 898.10 both ways
 * 2026-03 USD: training p4d on a savings plan 20 h -> 160 acc-h, $400; serving on demand 300 h, $300;
 *   left out purchase $400 billed, CPU $100; total 800 both ways
 * 2026-03 EUR: training ND96asr_v4 (8) 2 h, EUR 50 -> 16 acc-h; credit EUR -5; total 45
 */
describe("three months of accelerator rows, worked by hand", () => {
  const csv: BillFiles = { format: "csv", paths: [ACCELERATORS] };

  test("January: training, serving with an unused commitment, a re-scan, and what was left out", () => {
    const january = monthOf(importBill(csv).months, "2026-01");
    expect(january.trainingHours).toBeCloseTo(120, 9);
    expect(january.trainingCost).toBeCloseTo(380, 9);
    expect(january.servingHoursConsumed).toBeCloseTo(700, 9);
    expect(january.servingHoursPaid).toBeCloseTo(844, 9);
    expect(january.peakToMean).toBeCloseTo(844 / 700, 12);
    expect(january.roles.rescan).toMatchObject({ hoursPaid: 40, hoursConsumed: 40, effectiveCost: 16, rows: 1 });
    expect(january.roles.other.rows).toBe(0);
    expect(january.trainingShareOfHours).toBeCloseTo(120 / 1004, 12);
    expect(january.trainingShareOfCost).toBeCloseTo(380 / 942.4, 12);
    const price = (category: string) => january.prices.find((p) => p.category === category)!;
    expect(price("Standard")).toMatchObject({ label: "on demand", hoursPaid: 180, effectiveCost: 420 });
    expect(price("Standard").pricePerHour).toBeCloseTo(420 / 180, 12);
    expect(price("Committed").pricePerHour).toBeCloseTo(0.6, 12);
    expect(price("Dynamic")).toMatchObject({ label: "spot", hoursPaid: 80 });
    expect(price("Dynamic").pricePerHour).toBeCloseTo(76 / 80, 12);
    const leftOut = Object.fromEntries(january.leftOut.map((p) => [p.reason, [p.effectiveCost, p.billedCost]]));
    expect(leftOut).toEqual({
      cpu: [30, 30],
      storage: [50, 50],
      network: [20, 20],
      tax: [10, 10],
      credit: [-25, -25],
      purchase: [0, 446.4],
    });
    expect(january.fileTotal.effectiveCost).toBeCloseTo(1027.4, 9);
    expect(january.fileTotal.billedCost).toBeCloseTo(1027.4, 9);
    expect(january.fileTotal.rows).toBe(12);
    expect(january.reconciles).toBe(true);
  });

  test("February: a null ConsumedQuantity is paid and not consumed, and says so; an unknown size is left out", () => {
    const { months, problems } = importBill(csv);
    const february = monthOf(months, "2026-02");
    expect(february.trainingHours).toBeCloseTo(32, 9);
    expect(february.servingHoursConsumed).toBeCloseTo(722, 9);
    expect(february.servingHoursPaid).toBeCloseTo(732, 9);
    expect(february.leftOut.find((p) => p.reason === "acceleratorCountUnknown")?.effectiveCost).toBeCloseTo(22.4, 9);
    expect(february.fileTotal.effectiveCost).toBeCloseTo(898.1, 9);
    expect(february.reconciles).toBe(true);
    const about = (code: string) => problems.filter((p) => p.code === code && p.month === "2026-02");
    expect(about("nullConsumed")).toHaveLength(1);
    expect(about("nullConsumed")[0].message).toMatch(/^1 accelerator row of 2026-02 has no ConsumedQuantity/);
    expect(about("unknownAcceleratorCount")[0].message).toMatch(/\(22\.40 USD\)/);
  });

  test("the planner's count brings the unknown size into training: 10 more hours, $22.40 more", () => {
    const { months } = importBill(csv, DEFAULT_MAPPING, { "g7e.2xlarge": 1 });
    const february = monthOf(months, "2026-02");
    expect(february.trainingHours).toBeCloseTo(32 + 10, 9);
    expect(february.trainingCost).toBeCloseTo(422.4, 9);
    expect(february.leftOut.map((p) => p.reason)).not.toContain("acceleratorCountUnknown");
    expect(february.reconciles).toBe(true);
  });

  test("March: two currencies are two sets of figures, never added, and the month says so", () => {
    const { months, problems } = importBill(csv);
    const dollars = monthOf(months, "2026-03", "USD");
    const euros = monthOf(months, "2026-03", "EUR");
    expect(dollars).toMatchObject({ trainingHours: 160, trainingCost: 400, servingHoursPaid: 300, peakToMean: 1 });
    expect(dollars.fileTotal).toEqual({ effectiveCost: 800, billedCost: 800, rows: 4 });
    expect(euros).toMatchObject({ trainingHours: 16, trainingCost: 50, trainingShareOfHours: 1 });
    expect(euros.peakToMean).toBeUndefined();
    expect(euros.fileTotal).toEqual({ effectiveCost: 45, billedCost: 45, rows: 2 });
    const mixed = problems.filter((p) => p.code === "mixedCurrencies");
    expect(mixed).toHaveLength(1);
    expect(mixed[0].message).toMatch(/^2026-03 is billed in 2 currencies \(EUR, USD\)/);
    expect(problems.filter((p) => p.severity === "error")).toEqual([]);
  });

  test("a gzipped copy gives the same figures", () => {
    const gzipped = importBill({ format: "csv", paths: [join(FIXTURES, "accelerators.csv.gz")] }).months;
    const plain = importBill(csv).months;
    const withoutFiles = (months: BillMonth[]) => months.map((m) => ({ ...m, files: [] }));
    expect(withoutFiles(gzipped)).toEqual(withoutFiles(plain));
  });

  test("a month split across two files is read whole, and the planner is told which files", () => {
    const [header, ...lines] = readFileSync(ACCELERATORS, "utf8").trim().split("\n");
    const first = join(scratch, "part-1.csv");
    const second = join(scratch, "part-2.csv");
    writeFileSync(first, [header, ...lines.slice(0, 5)].join("\n") + "\n");
    writeFileSync(second, [header, ...lines.slice(5)].join("\n") + "\n");
    const { months, problems } = importBill({ format: "csv", paths: [first, second] });
    const january = monthOf(months, "2026-01");
    expect(january.fileTotal.rows).toBe(12);
    expect(january.servingHoursPaid).toBeCloseTo(844, 9);
    expect(january.files).toEqual([first, second]);
    const split = problems.filter((p) => p.code === "monthSplitAcrossFiles");
    expect(split.map((p) => p.month)).toEqual(["2026-01"]);
    expect(split[0].message).toMatch(/part-1\.csv, .*part-2\.csv/);
  });

  test("a planner's map by resource name moves rows between roles, and the month still reconciles", () => {
    const mapping: BillMapping = {
      key: { kind: "resourceName" },
      roles: { "endpoint-2": "other", "rescan-1": "training" },
      unusedCommitmentRole: "other",
    };
    const january = monthOf(importBill(csv, mapping).months, "2026-01");
    // trainer-a, trainer-b and now rescan-1: 80 + 40 + 40; serving is endpoint-1 only
    expect(january.trainingHours).toBeCloseTo(160, 9);
    expect(january.servingHoursConsumed).toBeCloseTo(600, 9);
    expect(january.servingHoursPaid).toBeCloseTo(600, 9);
    expect(january.roles.other.hoursPaid).toBeCloseTo(100 + 144, 9);
    expect(january.roles.other.hoursConsumed).toBeCloseTo(100, 9);
    expect(january.reconciles).toBe(true);
  });

  test("idle reserved capacity (CapacityReservationStatus Unused, FOCUS 1.1) is paid and not consumed", () => {
    const path = join(scratch, "capacity.csv");
    const header =
      "ChargePeriodStart,ChargeCategory,BillingCurrency,BilledCost,EffectiveCost,ConsumedQuantity,ConsumedUnit," +
      "PricingQuantity,PricingUnit,PricingCategory,ServiceCategory,SkuMeter,CapacityReservationStatus,ResourceName";
    writeFileSync(
      path,
      [
        header,
        // 30 h of an a3-highgpu-8g reservation used by an endpoint, 10 h idle: 8 H100 each
        "2026-04-01T00:00:00Z,Usage,USD,300,300,30,Hours,30,Hours,Committed,Compute,a3-highgpu-8g,Used,endpoint-1",
        "2026-04-01T00:00:00Z,Usage,USD,100,100,10,Hours,10,Hours,Committed,Compute,a3-highgpu-8g,Unused,",
      ].join("\n") + "\n",
    );
    const mapping: BillMapping = { key: { kind: "resourceName" }, roles: {} };
    const [april] = importBill({ format: "csv", paths: [path] }, mapping).months;
    expect(april.servingHoursConsumed).toBeCloseTo(240, 9);
    expect(april.servingHoursPaid).toBeCloseTo(320, 9);
    expect(april.peakToMean).toBeCloseTo(320 / 240, 12);
    expect(april.prices).toEqual([
      { category: "Committed", label: "committed", hoursPaid: 320, effectiveCost: 400, pricePerHour: 1.25 },
    ]);
  });

  test("the key's values and the unknown sizes are listed for the planner to map and count", () => {
    const { query } = importBill(csv);
    const values = engine.query(keyValuesSql(query)).map((row) => row.key_value);
    expect(values).toEqual(
      expect.arrayContaining(["training", "inference", "serving-endpoint", "rescan-archive", "finetune-llm", null]),
    );
    const unknown = engine.query(unknownAcceleratorsSql(query));
    expect(unknown).toHaveLength(1);
    expect(String(unknown[0].sku_text)).toMatch(/g7e\.2xlarge/);
  });
});

describe("files the engine cannot read come back as a planner's sentence", () => {
  test("Parquet fails at once (the extension is not fetched) and says what to do instead", () => {
    const parquet = join(scratch, "bill.parquet");
    copyFileSync(ACCELERATORS, parquet);
    let message = "";
    try {
      engine.query(billColumnsSql(billSourceSql({ format: "parquet", paths: [parquet] })));
    } catch (error) {
      message = String((error as Error).message);
    }
    expect(message).toMatch(/parquet/i);
    const problem = engineProblem(message, "bill.parquet");
    expect(problem.message).toMatch(/^bill\.parquet is Parquet, .*Export the bill as CSV or gzipped CSV/);
  });

  test("a missing file is named", () => {
    let message = "";
    try {
      engine.query(billColumnsSql(billSourceSql({ format: "csv", paths: [join(scratch, "none.csv")] })));
    } catch (error) {
      message = String((error as Error).message);
    }
    expect(engineProblem(message, "none.csv").message).toBe("none.csv could not be opened; choose it again.");
  });

  test("an engine out of memory (a bill too big for the pane) points to fewer months or the warehouse SQL", () => {
    // DuckDB's own words when its buffer pool is full, as DuckDB-Wasm passes them on
    const message = "Out of Memory Error: could not allocate block of size 256.0 KiB (3.9 GiB/3.9 GiB used)";
    expect(engineProblem(message, "bill.csv").message).toMatch(
      /^bill\.csv is more than this computer's pane can hold at once .*run the bill's SQL where the bill is stored/,
    );
  });
});

describe("a cost or quantity that is not a number is never a silent 0", () => {
  /** The fixture with some cells rewritten, as another locale or a hand edit leaves them. */
  function rewritten(name: string, edit: (fields: string[], header: string[]) => void): BillFiles {
    const [headerLine, ...lines] = readFileSync(ACCELERATORS, "utf8").trimEnd().split("\n");
    const header = csvFields(headerLine);
    const quote = (f: string) => (/[",\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f);
    const out = lines.map((line) => {
      const fields = csvFields(line);
      edit(fields, header);
      return fields.map(quote).join(",");
    });
    const path = join(scratch, name);
    writeFileSync(path, [headerLine, ...out].join("\n") + "\n");
    return { format: "csv", paths: [path] };
  }

  test("a decimal comma, a currency sign and NaN: the month says how many rows, and does not reconcile", () => {
    let done = 0;
    const files = rewritten("unreadable.csv", (fields, header) => {
      const cost = header.indexOf("EffectiveCost");
      if (fields[header.indexOf("ChargePeriodStart")].startsWith("2026-01") && done < 3) {
        fields[cost] = ["86,4", "$12.50", "NaN"][done++];
      }
    });
    const { months, problems } = importBill(files);
    const january = monthOf(months, "2026-01");
    expect(january.unreadableRows).toBe(3);
    expect(january.reconciles).toBe(false);
    const said = problems.filter((p) => p.code === "unreadableNumbers");
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ severity: "error", month: "2026-01", currency: "USD" });
    expect(said[0].message).toMatch(/^3 rows of 2026-01 \(USD\) have a cost or quantity that is not a number/);
    expect(monthOf(months, "2026-02").unreadableRows).toBe(0);
    expect(monthOf(months, "2026-02").reconciles).toBe(true);
  });

  test("a blank cost is no cost (FOCUS's null), not an unreadable one", () => {
    const files = rewritten("blank.csv", (fields, header) => {
      if (fields[header.indexOf("ChargeCategory")] === "Tax") fields[header.indexOf("BilledCost")] = "";
    });
    const { months } = importBill(files);
    expect(months.every((m) => m.unreadableRows === 0)).toBe(true);
  });
});

describe("rows classified once into a table give what the queries give over the file", () => {
  test("the aggregation and both lists, row for row", () => {
    const source = billSourceSql({ format: "csv", paths: [ACCELERATORS] });
    const detection = detectFocusVersion(engine.query(billColumnsSql(source)).map((r) => String(r.column_name)));
    if (isProblem(detection)) throw new Error(detection.message);
    const query = { source, detection, mapping: DEFAULT_MAPPING, counts: { "g7e.2xlarge": 2 } };
    engine.query(billSortedSql(query, "sorted_test"));
    const sorted = { ...query, sorted: "sorted_test" };
    expect(engine.query(billAggregationSql(sorted))).toEqual(engine.query(billAggregationSql(query)));
    const text = (_: string, v: unknown) => (typeof v === "bigint" ? String(v) : v);
    const byValue = (rows: Record<string, unknown>[]) =>
      [...rows].sort((a, b) => JSON.stringify(a, text).localeCompare(JSON.stringify(b, text)));
    expect(byValue(engine.query(keyValuesSql(sorted)))).toEqual(byValue(engine.query(keyValuesSql(query))));
    expect(byValue(engine.query(unknownAcceleratorsSql(sorted)))).toEqual(
      byValue(engine.query(unknownAcceleratorsSql(query))),
    );
    expect(engine.query(billAggregationSql(sorted)).length).toBeGreaterThan(10);
  });
});
