import {
  BillProblem,
  detectFocusVersion,
  detectionWarnings,
  FOCUS_COLUMNS,
  FocusDetection,
  warehouseDetection,
} from "../../../src/bill/model/focusColumns";
import { isProblem } from "../../../src/core/model/problems";

/** FOCUS 1.0's mandatory columns that the bill needs, spelled as the specification spells them. */
const REQUIRED_1_0 = [
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
];
const detected = (columns: string[]) => {
  const result = detectFocusVersion(columns);
  if (isProblem(result)) throw new Error(`expected a detection, got: ${result.message}`);
  return result as FocusDetection;
};
const problemOf = (columns: string[]) => {
  const result = detectFocusVersion(columns);
  if (!isProblem(result)) throw new Error(`expected a problem, got version ${result.version}`);
  return result as BillProblem;
};

describe("the FOCUS version a file's columns look like", () => {
  test("the required columns alone are 1.0, and every optional column is listed as missing", () => {
    const detection = detected(REQUIRED_1_0);
    expect(detection.version).toBe("1.0");
    expect(detection.missingOptional).toEqual(FOCUS_COLUMNS.filter((c) => !c.required).map((c) => c.key));
  });

  test.each([
    ["SkuPriceDetails", "1.1"],
    ["CapacityReservationId", "1.1"],
    ["InvoiceId", "1.2"],
    ["BillingAccountType", "1.2"],
    ["ServiceProviderName", "1.3"],
    ["HostProviderName", "1.3"],
  ])("a file with %s is FOCUS %s", (column, version) => {
    expect(detected([...REQUIRED_1_0, column]).version).toBe(version);
  });

  test("the newest release any column names wins (1.1 and 1.3 markers together are 1.3)", () => {
    expect(detected([...REQUIRED_1_0, "SkuMeter", "HostProviderName"]).version).toBe("1.3");
  });

  test("names are matched whatever their case, and the file's own spelling is what the SQL will quote", () => {
    const detection = detected(REQUIRED_1_0.map((c) => c.toUpperCase()).concat("TAGS"));
    expect(detection.columns.effectiveCost).toBe("EFFECTIVECOST");
    expect(detection.columns.tags).toBe("TAGS");
  });

  test("1.3's ServiceProviderName is the provider; a 1.3 file that still carries ProviderName reads that", () => {
    expect(detected([...REQUIRED_1_0, "ServiceProviderName"]).columns.providerName).toBe("ServiceProviderName");
    expect(detected([...REQUIRED_1_0, "ProviderName", "HostProviderName"]).columns.providerName).toBe("ProviderName");
  });

  test("columns of no release are listed (a newer one?), but not x_ extensions or the engine's filename", () => {
    const detection = detected([...REQUIRED_1_0, "x_ServiceCode", "filename", "CarbonFootprint"]);
    expect(detection.unrecognised).toEqual(["CarbonFootprint"]);
  });
});

describe("files the bill cannot read say what is wrong", () => {
  test("a missing required column is named, with what the bill needs it for", () => {
    const problem = problemOf(REQUIRED_1_0.filter((c) => c !== "EffectiveCost"));
    expect(problem.code).toBe("missingColumns");
    expect(problem.severity).toBe("error");
    expect(problem.message).toMatch(/FOCUS 1\.0 file lacks the column EffectiveCost/);
    expect(problem.message).toMatch(/amortised cost/);
  });

  test("two missing columns are both named", () => {
    const problem = problemOf(REQUIRED_1_0.filter((c) => c !== "PricingUnit" && c !== "ConsumedUnit"));
    expect(problem.message).toMatch(/the columns ConsumedUnit and PricingUnit/);
  });

  test("the 0.5 preview's names (AmortizedCost, UsageQuantity) are an older version to export again", () => {
    const problem = problemOf(["ChargePeriodStart", "BilledCost", "AmortizedCost", "UsageQuantity", "ChargeType"]);
    expect(problem.code).toBe("olderVersion");
    expect(problem.message).toMatch(/0\.5 preview .*AmortizedCost, UsageQuantity and ChargeType/);
    expect(problem.message).toMatch(/FOCUS 1\.0 or later/);
  });

  test.each([[["date", "amount", "description"]], [[]], [null as unknown as string[]]])(
    "a file with no FOCUS column (%j) is not FOCUS",
    (columns) => {
      expect(problemOf(columns).code).toBe("notFocus");
    },
  );
});

describe("what a planner should know about a file the bill reads", () => {
  test("columns of no release are a warning that names them, five at most", () => {
    const columns = [...REQUIRED_1_0, "SkuId", "A", "B", "C", "D", "E", "F"];
    const [warning] = detectionWarnings(detected(columns));
    expect(warning).toMatchObject({ severity: "warning" });
    expect(warning.message).toBe(
      "This file has columns that are not FOCUS (A, B, C, D, E and 1 more): the bill does not read them.",
    );
  });

  test("a file with no column naming an instance is told that every row will be left out", () => {
    const warnings = detectionWarnings(detected(REQUIRED_1_0));
    expect(warnings.map((w) => w.code)).toEqual(["missingColumns"]);
    expect(warnings[0].message).toMatch(/no row can be told to be an accelerator/);
    expect(detectionWarnings(detected([...REQUIRED_1_0, "ChargeDescription"]))).toEqual([]);
  });
});

describe("a warehouse table's detection, from its release and its warehouse's casing", () => {
  test("every column the release names, folded as the warehouse folds; the release's gaps are optional", () => {
    const athena = warehouseDetection("1.0", "lower");
    expect(athena.version).toBe("1.0");
    expect(athena.columns.effectiveCost).toBe("effectivecost");
    expect(athena.columns.skuPriceDetails).toBeUndefined();
    expect(athena.missingOptional).toEqual(["skuPriceDetails", "skuMeter", "capacityReservationStatus"]);
    expect(warehouseDetection("1.3", "upper").columns.providerName).toBe("SERVICEPROVIDERNAME");
    expect(warehouseDetection("1.2", "asFocus").columns.skuMeter).toBe("SkuMeter");
  });

  test("it is what the detector says of a full export's columns, so the SQL is the file's", () => {
    const names = FOCUS_COLUMNS.map((c) => c.names["1.2"]).filter((n): n is string => !!n);
    const detected = detectFocusVersion([...names, "InvoiceId"]);
    expect("code" in detected).toBe(false);
    expect(warehouseDetection("1.2", "asFocus").columns).toEqual((detected as FocusDetection).columns);
  });
});
