/*
 * The accelerator rules: the table's counts (pure), and the SQL that finds an instance type in a row's text,
 * run in DuckDB-Wasm over texts as the three clouds write them.
 */
import {
  ACCELERATOR_TABLE_DATE,
  ACCELERATOR_TYPES,
  acceleratorCountTable,
  acceleratorSql,
  isAcceleratorCount,
  normalisedInstanceType,
} from "../../../src/bill/model/accelerators";
import { sqlString } from "../../../src/bill/model/sqlText";
import { Engine, openEngine } from "../support/duckdb";

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
  ])("%s has %d", (instanceType, count) => {
    expect(countOf(instanceType)).toBe(count);
  });

  test("it is dated, and names each instance type once", () => {
    expect(ACCELERATOR_TABLE_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const names = ACCELERATOR_TYPES.map((t) => normalisedInstanceType(t.instanceType));
    expect(new Set(names).size).toBe(names.length);
  });

  test("the planner's count replaces the table's and adds a type it lacks; a bad count is ignored", () => {
    const table = acceleratorCountTable({ "p4d.24xlarge": 4, "g6e.2xlarge": 1, "p6.48xlarge": 0, "x.y": 2.5 });
    expect(table.get("p4d.24xlarge")).toBe(4);
    expect(table.get("g6e.2xlarge")).toBe(1);
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

  test("a per-GPU SKU (Google Cloud bills each attached GPU) counts one per hour", () => {
    expect(rule("Nvidia Tesla T4 GPU running in Americas").count).toBe(1);
    expect(rule("Nvidia H100 80GB GPU running in Americas").count).toBe(1);
  });

  test("an accelerator family the table lacks is an accelerator of unknown count, until the planner gives it", () => {
    expect(rule("$2.24 per On Demand Linux g6e.2xlarge Instance Hour").count).toBeNull();
    expect(rule("Standard_NC24ads_A10_v9").count).toBeNull();
    expect(rule("$2.24 per On Demand Linux g6e.2xlarge Instance Hour", { "g6e.2xlarge": 1 }).count).toBe(1);
  });

  test.each([
    "$0.192 per On Demand Linux m5.xlarge Instance Hour",
    "$0.025 per GB-Month of storage",
    "Standard_D4s_v5",
    "n2-standard-8",
    "xg5.xlarge",
  ])("%s is not an accelerator", (text) => {
    expect(rule(text).count).toBe(0);
  });
});
