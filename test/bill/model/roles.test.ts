/*
 * Mapping rows to training, serving, re-scans or other: the guesses (pure) and the SQL that reads a key's
 * value from Tags, the resource name or the sub-account, run in DuckDB-Wasm.
 */
import { detectFocusVersion, FocusDetection } from "../../../src/bill/model/focusColumns";
import {
  BillMapping,
  checkMapping,
  checkMappingFor,
  guessedRole,
  keyValueSql,
  roleSql,
} from "../../../src/bill/model/roles";
import { sqlString } from "../../../src/bill/model/sqlText";
import { Engine, openEngine } from "../support/duckdb";

describe("a key's value guesses its role from its words", () => {
  test.each([
    ["train", "training"],
    ["Training", "training"],
    ["llm-finetune-a100", "training"],
    ["trainer-7", "training"],
    ["serve", "serving"],
    ["serving-endpoint", "serving"],
    ["ml-inference", "serving"],
    ["endpoint-eu", "serving"],
    ["rescan-archive", "rescan"],
    ["rescan-training-set", "rescan"],
    ["backfill-2025", "rescan"],
    ["restrain", "other"],
    ["web-frontend", "other"],
    ["", "other"],
    [null, "other"],
  ])("%p guesses %s", (value, role) => {
    expect(guessedRole(value)).toBe(role);
  });
});

describe("a mapping is checked before it is applied", () => {
  test("a tag needs a name, and a role must be one of the four", () => {
    expect(checkMapping({ key: { kind: "tag", name: " " }, roles: {} })).toMatch(/Name the tag/);
    expect(checkMapping({ key: { kind: "tag", name: "team" }, roles: { a: "batch" as never } })).toMatch(
      /"a" is mapped to "batch"/,
    );
    expect(checkMapping({ key: { kind: "colour" } as never, roles: {} })).toMatch(/Choose what tells/);
    expect(checkMapping({ key: { kind: "subAccount" }, roles: { "ml-prod": "serving" } })).toBeUndefined();
  });
});

describe("the SQL reads the key and maps it", () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine();
  });
  afterAll(() => engine.close());

  const detection = detectFocusVersion([
    "ChargePeriodStart",
    "ChargeCategory",
    "BillingCurrency",
    "BilledCost",
    "EffectiveCost",
    "ConsumedQuantity",
    "ConsumedUnit",
    "PricingQuantity",
    "PricingUnit",
    "PricingCategory",
    "ServiceCategory",
    "Tags",
    "ResourceName",
    "SubAccountName",
  ]) as FocusDetection;

  /** The role of one row, with `Tags`, `ResourceName` and `SubAccountName` as given, under `mapping`. */
  const roleOf = (mapping: BillMapping, row: { tags?: string; name?: string; sub?: string; unused?: boolean }) => {
    const value = keyValueSql(mapping.key, detection);
    const literal = (text?: string) => (text === undefined ? "NULL" : sqlString(text));
    const [result] = engine.query(
      `WITH t AS (SELECT ${literal(row.tags)} AS "Tags", ${literal(row.name)} AS "ResourceName",` +
        ` ${literal(row.sub)} AS "SubAccountName", ${row.unused ? "true" : "false"} AS unused),` +
        ` k AS (SELECT ${value} AS key_value, unused FROM t)` +
        ` SELECT key_value, ${roleSql(mapping, "key_value", "unused")} AS role FROM k`,
    );
    return result;
  };
  const byTag = (name: string, roles = {}): BillMapping => ({ key: { kind: "tag", name }, roles });

  test("a tag is read from a JSON object's text and from a map's text", () => {
    expect(roleOf(byTag("workload"), { tags: '{"team": "ml", "workload": "Train"}' })).toEqual({
      key_value: "train",
      role: "training",
    });
    expect(roleOf(byTag("workload"), { tags: "{team=ml, workload=inference}" })).toEqual({
      key_value: "inference",
      role: "serving",
    });
  });

  test("a tag name with regular-expression characters is matched literally", () => {
    expect(roleOf(byTag("app.kubernetes.io/name"), { tags: '{"app.kubernetes.io/name": "serve-api"}' }).role).toBe(
      "serving",
    );
    expect(roleOf(byTag("a.b"), { tags: '{"aXb": "train"}' }).key_value).toBeNull();
  });

  test("the planner's mapping wins over the guess, whatever the value's case", () => {
    const mapping = byTag("workload", { "Nightly-Job": "rescan", train: "other" });
    expect(roleOf(mapping, { tags: '{"workload": "nightly-job"}' }).role).toBe("rescan");
    expect(roleOf(mapping, { tags: '{"workload": "TRAIN"}' }).role).toBe("other");
  });

  test("without guesses, an unmapped value is other", () => {
    expect(roleOf({ ...byTag("workload"), guess: false }, { tags: '{"workload": "train"}' }).role).toBe("other");
  });

  test("an unused commitment with no mapped value goes to serving, or where the planner says", () => {
    expect(roleOf(byTag("workload"), { unused: true }).role).toBe("serving");
    expect(roleOf({ ...byTag("workload"), unusedCommitmentRole: "training" }, { unused: true }).role).toBe("training");
  });

  test("the resource name and the sub-account are keys too; a value with a quote stays one value", () => {
    expect(roleOf({ key: { kind: "resourceName" }, roles: {} }, { name: " Endpoint-EU " })).toEqual({
      key_value: "endpoint-eu",
      role: "serving",
    });
    const mapping: BillMapping = { key: { kind: "subAccount" }, roles: { "o'brien lab": "training" } };
    expect(roleOf(mapping, { sub: "O'Brien Lab" }).role).toBe("training");
  });

  test("a key whose column the file lacks reads as no value", () => {
    const without = detectFocusVersion(
      Object.values(detection.columns).filter((c) => c !== "Tags") as string[],
    ) as FocusDetection;
    expect(keyValueSql({ kind: "tag", name: "workload" }, without)).toBe("CAST(NULL AS VARCHAR)");
  });
});

describe("a mapping is checked against the file", () => {
  const columns = [
    "ChargePeriodStart",
    "ChargeCategory",
    "BillingCurrency",
    "BilledCost",
    "EffectiveCost",
    "ConsumedQuantity",
    "ConsumedUnit",
    "PricingQuantity",
    "PricingUnit",
    "PricingCategory",
    "ServiceCategory",
    "ResourceName",
  ];
  const detection = detectFocusVersion(columns) as FocusDetection;

  test("a key whose column the file lacks is named, with what to do", () => {
    const problem = checkMappingFor({ key: { kind: "tag", name: "workload" }, roles: {} }, detection);
    expect(problem?.message).toBe(
      "This file has no Tags column, so it cannot be mapped by the tag workload: choose another key.",
    );
    expect(checkMappingFor({ key: { kind: "subAccount" }, roles: {} }, detection)?.code).toBe("badMapping");
    expect(checkMappingFor({ key: { kind: "resourceName" }, roles: {} }, detection)).toBeUndefined();
  });
});
