/*
 * The FOCUS columns the bill reads (docs/cost-model.md, "The bill"), declared once as data, and the detector
 * that tells from a file's column names which FOCUS version it looks like and what is missing.
 *
 * FOCUS has no version column, so the version is read from the columns each release added (the FinOps
 * Foundation's FOCUS specification, releases 1.0 to 1.3 and the 0.5 preview; the markers in ADDED_IN are
 * from the specification's column lists as known when this was written: check them against each release's
 * column index when a new release comes). Columns are matched whatever their case: warehouses fold names
 * (Snowflake upper-cases them), and the SQL then quotes the file's own spelling.
 */
import { Problem, problem } from "../../core/model/problems";

/** The FOCUS releases the bill reads. */
export type FocusVersion = "1.0" | "1.1" | "1.2" | "1.3";

/** One column: its name in each version (absent where that version has none), and whether the bill needs it. */
export interface FocusColumn {
  /** the add-in's own key (FocusColumnKey) */
  key: string;
  /** the column's name in versions 1.0 to 1.3; a version that lacks it is left out */
  names: Partial<Record<FocusVersion, string>>;
  /** required: without it the aggregation cannot run; optional ones read as null when absent */
  required: boolean;
  /** what the bill uses it for, in a planner's words */
  use: string;
}

const ALL = (name: string): Record<FocusVersion, string> => ({ "1.0": name, "1.1": name, "1.2": name, "1.3": name });
const FROM_1_1 = (name: string): Partial<Record<FocusVersion, string>> => ({ "1.1": name, "1.2": name, "1.3": name });

/**
 * Every column the bill reads, the one list of them (FocusColumnKey is its keys). The first eleven are mandatory in
 * every FOCUS release and the SQL needs them.
 */
export const FOCUS_COLUMNS = [
  { key: "chargePeriodStart", names: ALL("ChargePeriodStart"), required: true, use: "the month a row belongs to" },
  { key: "chargeCategory", names: ALL("ChargeCategory"), required: true, use: "usage, purchase, tax, credit" },
  { key: "billingCurrency", names: ALL("BillingCurrency"), required: true, use: "the currency of every cost" },
  { key: "billedCost", names: ALL("BilledCost"), required: true, use: "the invoiced cost" },
  { key: "effectiveCost", names: ALL("EffectiveCost"), required: true, use: "the amortised cost" },
  { key: "consumedQuantity", names: ALL("ConsumedQuantity"), required: true, use: "hours consumed" },
  { key: "consumedUnit", names: ALL("ConsumedUnit"), required: true, use: "the unit of hours consumed" },
  { key: "pricingQuantity", names: ALL("PricingQuantity"), required: true, use: "hours paid" },
  { key: "pricingUnit", names: ALL("PricingUnit"), required: true, use: "the unit of hours paid" },
  { key: "pricingCategory", names: ALL("PricingCategory"), required: true, use: "on demand, committed or spot" },
  { key: "serviceCategory", names: ALL("ServiceCategory"), required: true, use: "storage, network or compute" },
  {
    key: "chargePeriodEnd",
    names: ALL("ChargePeriodEnd"),
    required: false,
    use: "splitting a charge period that runs into the next month",
  },
  { key: "serviceName", names: ALL("ServiceName"), required: false, use: "finding accelerator services" },
  { key: "skuId", names: ALL("SkuId"), required: false, use: "finding accelerator instances" },
  { key: "skuPriceDetails", names: FROM_1_1("SkuPriceDetails"), required: false, use: "finding accelerators" },
  { key: "skuMeter", names: FROM_1_1("SkuMeter"), required: false, use: "finding accelerator instances" },
  { key: "resourceType", names: ALL("ResourceType"), required: false, use: "finding accelerator instances" },
  { key: "chargeDescription", names: ALL("ChargeDescription"), required: false, use: "finding accelerators" },
  {
    key: "commitmentDiscountStatus",
    names: ALL("CommitmentDiscountStatus"),
    required: false,
    use: "unused commitment",
  },
  {
    key: "capacityReservationStatus",
    names: FROM_1_1("CapacityReservationStatus"),
    required: false,
    use: "idle reserved capacity",
  },
  { key: "regionId", names: ALL("RegionId"), required: false, use: "the commitment to buy, region by region" },
  { key: "listCost", names: ALL("ListCost"), required: false, use: "the price on demand and a commitment's discount" },
  {
    key: "commitmentDiscountId",
    names: ALL("CommitmentDiscountId"),
    required: false,
    use: "the rows a commitment covered",
  },
  { key: "resourceId", names: ALL("ResourceId"), required: false, use: "mapping rows to training or serving" },
  { key: "resourceName", names: ALL("ResourceName"), required: false, use: "mapping rows to training or serving" },
  { key: "subAccountName", names: ALL("SubAccountName"), required: false, use: "mapping rows to training or serving" },
  { key: "tags", names: ALL("Tags"), required: false, use: "mapping rows to training or serving" },
  {
    key: "providerName",
    // 1.3 deprecates ProviderName for ServiceProviderName; a 1.3 export may carry either
    names: { "1.0": "ProviderName", "1.1": "ProviderName", "1.2": "ProviderName", "1.3": "ServiceProviderName" },
    required: false,
    use: "naming the cloud",
  },
] as const satisfies readonly FocusColumn[];

/** The columns the aggregation uses, by the add-in's own key: one of FOCUS_COLUMNS'. */
export type FocusColumnKey = (typeof FOCUS_COLUMNS)[number]["key"];

/** The name FOCUS 1.0 gives column `key` (every column the bill reads has one). */
export const focusName = (key: FocusColumnKey): string =>
  (FOCUS_COLUMNS as readonly FocusColumn[]).find((c) => c.key === key)!.names["1.0"]!;

/** Columns that first appear in a release: the newest release any of them names is the file's version. */
const ADDED_IN: readonly { version: FocusVersion; columns: readonly string[] }[] = [
  { version: "1.3", columns: ["ServiceProviderName", "HostProviderName", "ContractApplied", "AllocatedMethodId"] },
  { version: "1.2", columns: ["BillingAccountType", "SubAccountType", "InvoiceId", "PricingCurrency"] },
  {
    version: "1.1",
    columns: [
      "SkuPriceDetails",
      "SkuMeter",
      "ServiceSubcategory",
      "CommitmentDiscountQuantity",
      "CapacityReservationId",
    ],
  },
];
/** Names of the 0.5 preview that 1.0 renamed (AmortizedCost became EffectiveCost, UsageQuantity ConsumedQuantity). */
const PREVIEW_COLUMNS = ["AmortizedCost", "UsageQuantity", "UsageUnit", "ChargeType"];

/** What a file's columns say: the version, where each column the bill reads is, and what is missing. */
export interface FocusDetection {
  version: FocusVersion;
  /** the file's own spelling of each column the bill reads that it has */
  columns: Partial<Record<FocusColumnKey, string>>;
  /** optional columns the file lacks (they read as null) */
  missingOptional: FocusColumnKey[];
  /** columns that are not FOCUS: of no release (nor 1.4's draft), nor a provider's x_ extension */
  unrecognised: string[];
}

/** A problem with a bill's files, and where it is: the pane shows `month` and `currency` beside the figures. */
export interface BillProblem extends Problem {
  code:
    | "notFocus"
    | "olderVersion"
    | "missingColumns"
    | "mixedCurrencies"
    | "monthSplitAcrossFiles"
    | "nullConsumed"
    | "unknownAcceleratorCount"
    | "reconciliation"
    | "unreadableNumbers"
    | "badRow"
    | "badMapping"
    | "noRows"
    | "datesNotUtc";
  /** an error stops the import; a warning is shown beside the figures it touches */
  severity: "error" | "warning";
  month?: string;
  currency?: string;
}

/** Builds a BillProblem. */
export function billProblem(
  code: BillProblem["code"],
  severity: BillProblem["severity"],
  message: string,
  where: { month?: string; currency?: string } = {},
): BillProblem {
  return { ...problem(severity === "error" ? "invalidValue" : "notAvailable", message), code, severity, ...where };
}

/** The columns of figures, costs and quantities: text in them that is not a number is counted and said. */
export const FIGURE_KEYS: readonly FocusColumnKey[] = [
  "effectiveCost",
  "billedCost",
  "consumedQuantity",
  "pricingQuantity",
];

/**
 * FOCUS 1.3's columns the bill does not read (its split cost allocation and contract commitments), from the
 * specification's column files (github.com/FinOps-Open-Cost-and-Usage-Spec/FOCUS_Spec,
 * specification/datasets/cost_and_usage/columns: allocatedmethodid.md, allocatedmethoddetails.md,
 * allocatedresourceid.md, allocatedresourcename.md, allocatedtags.md, contractapplied.md, hostprovidername.md,
 * serviceprovidername.md), read 2026-12-02.
 */
const FOCUS_1_3_COLUMNS = [
  "AllocatedMethodId",
  "AllocatedMethodDetails",
  "AllocatedResourceId",
  "AllocatedResourceName",
  "AllocatedTags",
  "ContractApplied",
  "HostProviderName",
  "ServiceProviderName",
];

/**
 * The columns the specification's repository adds after 1.3, for 1.4 (the same folder's files, 2026-12-02:
 * allocatedresourcedetails.md, allocatedservicecategory.md, allocatedservicename.md, commitmentprogrameligibility.md
 * and its details, consumerid.md, contractid.md, credentialid.md and its details, datageneratorname.md,
 * invoicedetailid.md, principalid.md and its details, requesterdetails.md, tagdetails.md): a draft until released,
 * so named here only so that a file carrying them is not told they are no FOCUS's.
 */
const FOCUS_1_4_DRAFT_COLUMNS = [
  "AllocatedResourceDetails",
  "AllocatedServiceCategory",
  "AllocatedServiceName",
  "CommitmentProgramEligibility",
  "CommitmentProgramEligibilityDetails",
  "ConsumerId",
  "ContractId",
  "CredentialId",
  "CredentialDetails",
  "DataGeneratorName",
  "InvoiceDetailId",
  "PrincipalId",
  "PrincipalDetails",
  "RequesterDetails",
  "TagDetails",
];

/** Every column name any release uses (for telling an unrecognised column). */
const KNOWN_NAMES = new Set(
  [
    ...FOCUS_COLUMNS.flatMap((c) => Object.values(c.names)),
    ...ADDED_IN.flatMap((a) => a.columns),
    ...[
      "AvailabilityZone",
      "BillingAccountId",
      "BillingAccountName",
      "BillingPeriodEnd",
      "BillingPeriodStart",
      "ChargeClass",
      "ChargeFrequency",
      "ChargePeriodEnd",
      "CommitmentDiscountCategory",
      "CommitmentDiscountId",
      "CommitmentDiscountName",
      "CommitmentDiscountType",
      "CommitmentDiscountUnit",
      "CapacityReservationStatus",
      "ContractedCost",
      "ContractedUnitPrice",
      "InvoiceIssuerName",
      "ListCost",
      "ListUnitPrice",
      "ProviderName",
      "PublisherName",
      "RegionId",
      "RegionName",
      "SkuPriceId",
      "SubAccountId",
      "PricingCurrencyContractedUnitPrice",
      "PricingCurrencyEffectiveCost",
      "PricingCurrencyListUnitPrice",
      "SkuMeter",
      "ServiceSubcategory",
      ...FOCUS_1_3_COLUMNS,
      ...FOCUS_1_4_DRAFT_COLUMNS,
    ],
  ].map((name) => name!.toLowerCase()),
);

/** Names as a sentence lists them: "a", "a and b", "a, b and c" (or "a, b or c" given "or"). */
export const listed = (names: readonly string[], last: "and" | "or" = "and"): string =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} ${last} ${names[names.length - 1]}`;
const list = listed;

/**
 * Which FOCUS version a file's columns look like, where each column the bill reads is, and what is missing:
 * a BillProblem (a sentence for a planner) for a file that is not FOCUS, is the 0.5 preview, or lacks a
 * required column.
 * @example detectFocusVersion(["ChargePeriodStart", ..., "SkuPriceDetails"]).version // "1.1"
 */
export function detectFocusVersion(columnNames: readonly string[]): FocusDetection | BillProblem {
  const byLower = new Map<string, string>();
  for (const name of Array.isArray(columnNames) ? columnNames : []) {
    if (typeof name === "string" && name.trim() !== "") byLower.set(name.trim().toLowerCase(), name.trim());
  }
  const has = (name: string) => byLower.has(name.toLowerCase());
  const required = FOCUS_COLUMNS.filter((c) => c.required);
  const present = required.filter((c) => has(c.names["1.0"]!));
  if (present.length === 0 && !PREVIEW_COLUMNS.some(has)) {
    return billProblem(
      "notFocus",
      "error",
      "This file is not a FOCUS cost and usage export: it has none of the FOCUS columns (ChargePeriodStart, " +
        "EffectiveCost, BilledCost, ...). Export the bill in FOCUS format from the cloud's billing console.",
    );
  }
  if (PREVIEW_COLUMNS.some(has) && !has("EffectiveCost")) {
    const found = PREVIEW_COLUMNS.filter(has);
    return billProblem(
      "olderVersion",
      "error",
      `This file looks like the FOCUS 0.5 preview (it has ${list(found)}), which the bill does not read. ` +
        "Export it again as FOCUS 1.0 or later (1.2 is what AWS, Azure and Google Cloud export today).",
    );
  }
  const version = ADDED_IN.find((a) => a.columns.some(has))?.version ?? "1.0";
  const missing = required.filter((c) => !has(c.names[version] ?? c.names["1.0"]!));
  if (missing.length > 0) {
    const names = missing.map((c) => c.names[version] ?? c.names["1.0"]!);
    return billProblem(
      "missingColumns",
      "error",
      `This FOCUS ${version} file lacks ${missing.length === 1 ? "the column" : "the columns"} ${list(names)}, ` +
        `which the bill needs (${missing.map((c) => c.use).join("; ")}). Export the full FOCUS column set, ` +
        "not a selection of columns.",
    );
  }
  const columns: Partial<Record<FocusColumnKey, string>> = {};
  const missingOptional: FocusColumnKey[] = [];
  for (const column of FOCUS_COLUMNS) {
    // a file may carry a name of an earlier release beside the new one (1.3's ProviderName): take what is there
    const spelled = [column.names[version], ...Object.values(column.names)]
      .filter((n): n is string => typeof n === "string")
      .map((n) => byLower.get(n.toLowerCase()))
      .find((n) => n !== undefined);
    if (spelled) columns[column.key] = spelled;
    else missingOptional.push(column.key);
  }
  const unrecognised = [...byLower.values()].filter(
    (name) => !KNOWN_NAMES.has(name.toLowerCase()) && !/^x_/i.test(name) && name.toLowerCase() !== "filename",
  );
  return { version, columns, missingOptional, unrecognised };
}

/**
 * The SKU columns the accelerator rule reads, in the order the SQL joins their words (billSql.ts): a file with
 * none of them shows no accelerator.
 */
export const SKU_KEYS: readonly FocusColumnKey[] = [
  "skuId",
  "skuPriceDetails",
  "skuMeter",
  "resourceType",
  "serviceName",
  "chargeDescription",
];

/**
 * What a planner should know about a file the bill can read: columns that are not FOCUS (of no release up to 1.3,
 * nor 1.4's draft, nor a provider's x_), which it does not read, and no column that names an instance (so no
 * accelerator is found).
 * @example detectionWarnings(detection)[0].message // "This file has columns that are not FOCUS (...): ..."
 */
export function detectionWarnings(detection: FocusDetection): BillProblem[] {
  const warnings: BillProblem[] = [];
  const unknown = detection.unrecognised ?? [];
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 5);
    const more = unknown.length > shown.length ? ` and ${unknown.length - shown.length} more` : "";
    warnings.push(
      billProblem(
        "olderVersion",
        "warning",
        `This file has ${unknown.length === 1 ? "a column that is" : "columns that are"} not FOCUS ` +
          `(${shown.join(", ")}${more}): the bill does not read ${unknown.length === 1 ? "it" : "them"}.`,
      ),
    );
  }
  if (SKU_KEYS.every((key) => detection.columns[key] === undefined)) {
    warnings.push(
      billProblem(
        "missingColumns",
        "warning",
        `This file has none of ${listed(SKU_KEYS.map(focusName), "or")}, ` +
          "so no row can be told to be an accelerator: every row will be left out. Export the full FOCUS columns.",
      ),
    );
  }
  return warnings;
}

/** How a warehouse spells the columns of a table it loaded: as FOCUS does, or folded to one case. */
export type ColumnCasing = "asFocus" | "lower" | "upper";

/**
 * The detection of a warehouse table the pane cannot see, from what the planner says of it: its FOCUS release
 * and how the warehouse folds column names (Athena and Glue lower-case them; Snowflake upper-cases a name that
 * was not quoted). Every column the bill reads is taken to be there, as a full export has them.
 * @example warehouseDetection("1.2", "lower").columns.effectiveCost // "effectivecost"
 */
export function warehouseDetection(version: FocusVersion, casing: ColumnCasing): FocusDetection {
  const fold = (name: string) =>
    casing === "lower" ? name.toLowerCase() : casing === "upper" ? name.toUpperCase() : name;
  const columns: Partial<Record<FocusColumnKey, string>> = {};
  const missingOptional: FocusColumnKey[] = [];
  for (const column of FOCUS_COLUMNS) {
    const name = column.names[version];
    if (name) columns[column.key] = fold(name);
    else missingOptional.push(column.key);
  }
  return { version, columns, missingOptional, unrecognised: [] };
}
