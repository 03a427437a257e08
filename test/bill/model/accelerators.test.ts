/*
 * The accelerator rules: the table's counts (pure), and the SQL that finds an instance type in a row's text,
 * run in DuckDB-Wasm over texts as the three clouds write them.
 */
import {
  ACCELERATOR_TABLE_DATE,
  ACCELERATOR_TYPES,
  ACCELERATOR_FAMILIES,
  acceleratorCountTable,
  acceleratorFamilyOf,
  acceleratorSql,
  acceleratorTypeOf,
  isAcceleratorCount,
  normalisedInstanceType,
  unknownInstanceType,
} from "../../../src/bill/model/accelerators";
import { billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import {
  billAggregationSql,
  billColumnsSql,
  billSourceSql,
  unknownAcceleratorsSql,
} from "../../../src/bill/model/billSql";
import { detectFocusVersion, FocusDetection } from "../../../src/bill/model/focusColumns";
import { DEFAULT_MAPPING } from "../../../src/bill/model/roles";
import { sqlString } from "../../../src/bill/model/sqlText";
import { Engine, openEngine } from "../support/duckdb";
import { mkdtempSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";

const countOf = (instanceType: string) => acceleratorCountTable().get(normalisedInstanceType(instanceType));

describe("the dated table of accelerators per instance", () => {
  test.each([
    ["p4d.24xlarge", 8],
    ["p5.48xlarge", 8],
    ["g5.xlarge", 1],
    ["g5.12xlarge", 4],
    ["ND96asr_v4", 8],
    ["ND H100 v5", 8],
    ["a2-highgpu-1g", 1],
    ["a3-highgpu-8g", 8],
    ["TPU v5e", 1],
    ["TPU v5p", 1],
    ["TPU v4", 1],
    // the families the issue found counted as CPU, and the others of late 2026 (sources in accelerators.ts)
    ["p6-b200.48xlarge", 8],
    ["p6e-gb200.36xlarge", 4],
    ["p5en.48xlarge", 8],
    ["gr6.4xlarge", 1],
    ["g6e.xlarge", 1],
    ["g6e.48xlarge", 8],
    ["trn2.48xlarge", 16],
    ["inf1.24xlarge", 16],
    ["ND96isr_MI300X_v5", 8],
    ["ND96isr_H200_v5", 8],
    ["a3-ultragpu-8g", 8],
    ["a4-highgpu-8g", 8],
    ["ct5lp-hightpu-4t", 4],
    ["ct6e-standard-8t", 8],
  ])("%s has %d", (instanceType, count) => {
    expect(countOf(instanceType)).toBe(count);
  });

  test("it is dated, and names each instance type once", () => {
    expect(ACCELERATOR_TABLE_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const names = ACCELERATOR_TYPES.map((t) => normalisedInstanceType(t.instanceType));
    expect(new Set(names).size).toBe(names.length);
  });

  test("the planner's count replaces the table's and adds a type it lacks; a bad count is ignored", () => {
    const table = acceleratorCountTable({ "p4d.24xlarge": 4, "g7e.2xlarge": 1, "p6.48xlarge": 0, "x.y": 2.5 });
    expect(table.get("p4d.24xlarge")).toBe(4);
    expect(table.get("g7e.2xlarge")).toBe(1);
    expect(table.has("p6.48xlarge")).toBe(false);
    expect(table.has("x.y")).toBe(false);
  });

  test.each([
    [1, true],
    [64, true],
    [0, false],
    [65, false],
    [1.5, false],
    [NaN, false],
    ["8", false],
  ])("a count of %p is usable: %p", (count, usable) => {
    expect(isAcceleratorCount(count)).toBe(usable);
  });
});

describe("the SQL finds the accelerators in a row's text", () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine();
  });
  afterAll(() => engine.close());

  /** Runs the rule over one text, normalised as the aggregation normalises a row's SKU columns. */
  const rule = (text: string, overrides = {}) => {
    const sql = acceleratorSql("t.text", overrides);
    const normalised = `regexp_replace(lower(${sqlString(text)}), '[_ ]+', '-', 'g')`;
    const [row] = engine.query(
      `WITH counts_(instance_type, accelerators) AS (VALUES ${sql.countValues}),` +
        ` t AS (SELECT ${normalised} AS text)` +
        ` SELECT ${sql.instanceType} AS instance_type, ${sql.count("c.accelerators")} AS count` +
        ` FROM t LEFT JOIN counts_ c ON c.instance_type = ${sql.instanceType}`,
    );
    return { instanceType: row.instance_type, count: row.count === null ? null : Number(row.count) };
  };

  test.each([
    ["$32.7726 per On Demand Linux p4d.24xlarge Instance Hour", "p4d.24xlarge", 8],
    ["USE2-BoxUsage:p5.48xlarge", "p5.48xlarge", 8],
    ["$1.006 per On Demand Linux g5.xlarge Instance Hour", "g5.xlarge", 1],
    ["$5.672 per On Demand Linux g5.12xlarge Instance Hour", "g5.12xlarge", 4],
    ['{"x_ArmSkuName": "Standard_ND96asr_v4"}', "nd96asr-v4", 8],
    ["ND96isr H100 v5", "nd96isr-h100-v5", 8],
    ["Virtual Machines ND H100 v5 Series", "nd-h100-v5", 8],
    ["a3-highgpu-8g", "a3-highgpu-8g", 8],
    ["Compute Engine a2-highgpu-1g", "a2-highgpu-1g", 1],
    ["SageMaker ml.g5.xlarge hosting", "g5.xlarge", 1],
    ["TPU v5e chip hours", "tpu-v5e", 1],
  ])("%s: %s, %d accelerators", (text, instanceType, count) => {
    expect(rule(text)).toEqual({ instanceType, count });
  });

  test.each([
    ["$113.9 per On Demand Linux p6-b200.48xlarge Instance Hour", "p6-b200.48xlarge", 8],
    ["USW2-BoxUsage:gr6.4xlarge", "gr6.4xlarge", 1],
    ['{"x_ArmSkuName": "Standard_ND96isr_MI300X_v5"}', "nd96isr-mi300x-v5", 8],
    ["A4 Nvidia B200 machine a4-highgpu-8g", "a4-highgpu-8g", 8],
    ["Cloud TPU VM ct6e-standard-4t", "ct6e-standard-4t", 4],
  ])("a family of late 2026: %s is %s, %d accelerators", (text, instanceType, count) => {
    expect(rule(text)).toEqual({ instanceType, count });
  });

  test.each([
    "$98.32 per On Demand Linux p7-b300.48xlarge Instance Hour",
    "$4.1 per On Demand Linux gr7.4xlarge Instance Hour",
    "Instance hour, NVIDIA B200 (8 per node)",
    "Reserved H100 capacity block",
    "Standard_ND128isr_GB300_v6",
    "MI355X accelerator hours",
    "AWS Trainium3 hours",
    "a5-highgpu-8g",
  ])("a row that names an accelerator or its family the table lacks is of unknown count, never CPU: %s", (text) => {
    expect(rule(text).count).toBeNull();
  });

  test("a per-GPU SKU (Google Cloud bills each attached GPU) counts one per hour", () => {
    expect(rule("Nvidia Tesla T4 GPU running in Americas").count).toBe(1);
    expect(rule("Nvidia H100 80GB GPU running in Americas").count).toBe(1);
  });

  test("an accelerator family the table lacks is an accelerator of unknown count, until the planner gives it", () => {
    expect(rule("$2.24 per On Demand Linux g7e.2xlarge Instance Hour").count).toBeNull();
    expect(rule("Standard_NC24ads_A10_v9").count).toBeNull();
    expect(rule("$2.24 per On Demand Linux g7e.2xlarge Instance Hour", { "g7e.2xlarge": 1 }).count).toBe(1);
  });

  test.each([
    "$0.192 per On Demand Linux m5.xlarge Instance Hour",
    "$0.025 per GB-Month of storage",
    "Standard_D4s_v5",
    "n2-standard-8",
    "xg5.xlarge",
    "$0.0336 per On Demand Linux t4g.medium Instance Hour",
    "Standard_L4s",
    "db.r5.large",
  ])("%s is not an accelerator", (text) => {
    expect(rule(text).count).toBe(0);
  });
});

describe("the instance names of Google Cloud and Azure, by the vendor's family, each with its source", () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine();
  });
  afterAll(() => engine.close());

  /** The instance type the SQL rule finds in `text`, as the aggregation normalises a row's SKU columns. */
  const found = (text: string): string | null => {
    const sql = acceleratorSql("t.text");
    const normalised = `regexp_replace(lower(${sqlString(text)}), '[_ ]+', '-', 'g')`;
    const [row] = engine.query(`WITH t AS (SELECT ${normalised} AS text) SELECT ${sql.instanceType} AS type FROM t`);
    return row.type === null || row.type === "" ? null : String(row.type);
  };

  test.each([
    // Google Cloud's accelerator-optimized machine types, as a SKU, a resource type or a label writes them
    ["a2-highgpu-1g", "a2-highgpu", "A100", 1],
    ["a2-highgpu-8g", "a2-highgpu", "A100", 8],
    ["a2-megagpu-16g", "a2-megagpu", "A100", 16],
    ["a2-ultragpu-4g", "a2-ultragpu", "A100 80GB", 4],
    ["a3-highgpu-1g", "a3-highgpu", "H100", 1],
    ["a3-highgpu-2g", "a3-highgpu", "H100", 2],
    ["a3-highgpu-4g", "a3-highgpu", "H100", 4],
    ["Compute Engine a3-highgpu-8g running in Americas", "a3-highgpu", "H100", 8],
    ["a3-megagpu-8g", "a3-megagpu", "H100", 8],
    ["a3-edgegpu-8g-nolssd", "a3-edgegpu", "H100", 8],
    ["a3-ultragpu-8g", "a3-ultragpu", "H200", 8],
    ["a4-highgpu-8g-lowmem", "a4-highgpu", "B200", 8],
    ["a4x-highgpu-4g", "a4x-highgpu", "GB200", 4],
    ["g2-standard-4", "g2-standard", "L4", 1],
    ["g2-standard-24", "g2-standard", "L4", 2],
    ["g2-standard-48", "g2-standard", "L4", 4],
    ["g2-standard-96", "g2-standard", "L4", 8],
    // Cloud TPU: the SKUs bill chip-hours; a TPU VM's machine type names its chips
    ["TPU v5e chip hours", "TPU v5e", "TPU v5e", 1],
    ["Tpu v5 lite pod chip hours running in Americas", "TPU v5e", "TPU v5e", 1],
    ["TPU v5p chip hours", "TPU v5p", "TPU v5p", 1],
    ["TPU v6e (Trillium) chip hours", "TPU v6e", "TPU v6e", 1],
    ["ct5lp-hightpu-8t", "ct5lp-hightpu", "TPU v5e", 8],
    ["ct5p-hightpu-4t", "ct5p-hightpu", "TPU v5p", 4],
    ["ct6e-standard-4t", "ct6e-standard", "TPU v6e", 4],
    // Azure's N-series, as the ARM SKU name (x_SkuMeterName, ArmSkuName) or the meter writes them
    ["Standard_ND96isr_H100_v5", "ND H100 v5", "H100", 8],
    ["ND96isr H100 v5", "ND H100 v5", "H100", 8],
    ["Standard_ND96isr_H200_v5", "ND H200 v5", "H200", 8],
    ["Standard_ND96asr_v4", "ND A100 v4", "A100", 8],
    ["Standard_ND96amsr_A100_v4", "NDm A100 v4", "A100 80GB", 8],
    ["Standard_NC24ads_A100_v4", "NC A100 v4", "A100", 1],
    ["Standard_NC96ads_A100_v4", "NC A100 v4", "A100", 4],
    ["Standard_NC40ads_H100_v5", "NCads H100 v5", "H100 NVL", 1],
    ["Standard_NC80adis_H100_v5", "NCads H100 v5", "H100 NVL", 2],
    ["Standard_NV36ads_A10_v5", "NVads A10 v5", "A10", 1],
    ["Standard_NV72ads_A10_v5", "NVads A10 v5", "A10", 2],
    ["Standard_NC4as_T4_v3", "NCasT4_v3", "T4", 1],
    ["Standard_NC64as_T4_v3", "NCasT4_v3", "T4", 4],
    ["Standard_ND96isr_MI300X_v5", "ND MI300X v5", "MI300X", 8],
    ["Standard_ND128isr_NDR_GB200_v6", "ND GB200 v6", "GB200", 4],
  ])("%s: family %s, %s x %d", (text, family, model, count) => {
    const instanceType = found(text);
    expect(instanceType).not.toBeNull();
    const type = acceleratorTypeOf(instanceType!);
    expect(type).toMatchObject({ family, model, accelerators: count });
    expect(acceleratorFamilyOf(instanceType!)).toBe(family);
    expect(acceleratorCountTable().get(instanceType!)).toBe(count);
  });

  test("a family's sizes are one family with a count each: a3-highgpu 1g, 2g, 4g and 8g", () => {
    const a3 = ACCELERATOR_FAMILIES.find((f) => f.family === "a3-highgpu")!;
    expect(a3.sizes).toEqual({ "a3-highgpu-1g": 1, "a3-highgpu-2g": 2, "a3-highgpu-4g": 4, "a3-highgpu-8g": 8 });
    expect(new Set(["a3-highgpu-1g", "a3-highgpu-8g"].map(acceleratorFamilyOf))).toEqual(new Set(["a3-highgpu"]));
    // AWS's family is the type's before its dot, as its reservations are
    expect(acceleratorFamilyOf("g5.12xlarge")).toBe("g5");
    expect(acceleratorFamilyOf("p6-b200.48xlarge")).toBe("p6-b200");
  });

  test("a planner's type the table lacks falls in its vendor's family by its name", () => {
    expect(acceleratorFamilyOf("g7e.2xlarge")).toBe("g7e");
    expect(acceleratorFamilyOf("a5-highgpu-8g")).toBe("a5-highgpu");
    expect(acceleratorFamilyOf("Standard_ND128isr_GB300_v6")).toBe("standard-nd128isr-gb300-v6");
  });

  test("every family names its source page and the day it was read, and says where a count is not stated", () => {
    for (const family of ACCELERATOR_FAMILIES) {
      expect(family.source).toMatch(/^https:\/\/[a-z0-9.-]+\/\S+$/);
      expect(family.checked).toMatch(/^2026-\d{2}-\d{2}$/);
      expect(Object.keys(family.sizes).length).toBeGreaterThan(0);
      if (!family.countsStated) expect(family.note).toMatch(/\S/);
    }
    const names = ACCELERATOR_FAMILIES.flatMap((f) => Object.keys(f.sizes).map(normalisedInstanceType));
    expect(new Set(names).size).toBe(names.length);
  });

  test.each([
    "a4x-maxgpu-4g",
    "g4-standard-48",
    "Standard_ND128isr_GB300_v6",
    "Standard_NC128ds_xl_RTXPRO6000BSE_v6",
    "a5-highgpu-8g (NVIDIA B300)",
    "ct7-standard-4t (TPU v7 Ironwood)",
  ])("an unknown name that names an accelerator or its family is asked about, never CPU: %s", (text) => {
    const sql = acceleratorSql("t.text");
    const normalised = `regexp_replace(lower(${sqlString(text)}), '[_ ]+', '-', 'g')`;
    const [row] = engine.query(
      `WITH counts_(instance_type, accelerators) AS (VALUES ${sql.countValues}),` +
        ` t AS (SELECT ${normalised} AS text)` +
        ` SELECT ${sql.count("c.accelerators")} AS count FROM t` +
        ` LEFT JOIN counts_ c ON c.instance_type = ${sql.instanceType}`,
    );
    expect(row.count).toBeNull();
  });
});

describe("a bill's rows of accelerators the table does not know: never CPU, never lost", () => {
  let engine: Engine;
  let scratch: string;
  beforeAll(async () => {
    engine = await openEngine();
    scratch = mkdtempSync(join(tmpdir(), "mlcost-acc-"));
  });
  afterAll(() => {
    engine.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const HEADER =
    "ChargePeriodStart,ChargePeriodEnd,ChargeCategory,BillingCurrency,BilledCost,EffectiveCost,ConsumedQuantity," +
    "ConsumedUnit,PricingQuantity,PricingUnit,PricingCategory,ServiceCategory,ServiceName,SkuId,ChargeDescription,Tags";
  /** One usage row of `hours` instance-hours at `cost`, its instance named in ChargeDescription. */
  const row = (description: string, hours: number, cost: number, service = "Compute") =>
    `2026-01-01T00:00:00Z,2026-02-01T00:00:00Z,Usage,USD,${cost},${cost},${hours},Hours,${hours},Hours,Standard,` +
    `${service},Amazon Elastic Compute Cloud,SKU,"${description}","{""workload"": ""training""}"`;
  const ROWS = [
    row("$113.9 per On Demand Linux p6-b200.48xlarge Instance Hour", 10, 1139),
    row("$1.3 per On Demand Linux gr6.4xlarge Instance Hour", 100, 130),
    row("$2.9 per On Demand Linux g6e.4xlarge Instance Hour", 20, 58),
    row("$98.3 per On Demand Linux p7-b300.48xlarge Instance Hour", 3, 294.9),
    row("NVIDIA H100 capacity block hours", 4, 160),
    row("$1.65 per On Demand Linux f2.6xlarge Instance Hour", 6, 9.9),
    row("$0.192 per On Demand Linux m5.xlarge Instance Hour", 50, 9.6),
  ];

  function importRows() {
    const path = join(scratch, "unknown-gpus.csv");
    writeFileSync(path, [HEADER, ...ROWS].join("\n") + "\n");
    const source = billSourceSql({ format: "csv", paths: [path] });
    const detection = detectFocusVersion(
      engine.query(billColumnsSql(source)).map((r) => String(r.column_name)),
    ) as FocusDetection;
    const query = { source, detection, mapping: DEFAULT_MAPPING };
    const { months } = billMonthsOf(engine.query(billAggregationSql(query)) as unknown as BillResultRow[]);
    return { month: months[0], unknown: engine.query(unknownAcceleratorsSql(query)) };
  }

  test("the known families count: 10 h x 8 B200 + 100 h x 1 L4 + 20 h x 1 L40S are training's hours", () => {
    const { month } = importRows();
    expect(month.trainingHours).toBe(10 * 8 + 100 * 1 + 20 * 1);
    expect(month.trainingCost).toBeCloseTo(1139 + 130 + 58, 9);
  });

  test("a named accelerator the table lacks is asked about with its cost; an unknown family is not classified", () => {
    const { month, unknown } = importRows();
    const part = (reason: string) => month.leftOut.find((p) => p.reason === reason);
    expect(part("acceleratorCountUnknown")).toMatchObject({ rows: 2, effectiveCost: 294.9 + 160 });
    expect(part("notClassified")).toMatchObject({ rows: 1, effectiveCost: 9.9 });
    expect(part("notClassified")!.label).toMatch(/^not classified/);
    expect(part("cpu")).toMatchObject({ rows: 1, effectiveCost: 9.6 });
    expect(month.reconciles).toBe(true);
    const listed = unknown.map((u) => [String(u.sku_text), Number(u.effective_cost)]);
    expect(listed).toEqual([
      [expect.stringMatching(/p7-b300\.48xlarge/), 294.9],
      [expect.stringMatching(/nvidia-h100/), 160],
      [expect.stringMatching(/f2\.6xlarge/), 9.9],
    ]);
    expect(unknown.map((u) => unknownInstanceType(String(u.sku_text)))).toEqual([
      "p7-b300.48xlarge",
      undefined,
      "f2.6xlarge",
    ]);
  });
});
