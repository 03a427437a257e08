/*
 * Which bill rows are accelerators, and how many accelerators an instance-hour is. A FOCUS row names its
 * instance in free text (AWS: "$32.77 per On Demand Linux p4d.24xlarge Instance Hour" in ChargeDescription;
 * Azure: the meter "ND96asr A100 v4"; Google Cloud: the SKU "Nvidia Tesla A100 GPU running in Americas"), and
 * ServiceCategory alone does not tell (a GPU instance is "Compute" like any other). So the rule reads the
 * text of SkuId, SkuPriceDetails, SkuMeter, ResourceType, ServiceName and ChargeDescription, lower-cased with
 * runs of spaces and underscores as one hyphen ("Standard_ND96asr_v4" reads "standard-nd96asr-v4"), and
 * looks for a known instance type as a whole word.
 *
 * Three kinds of match, in this order:
 * 1. an instance type of the table below: its accelerators per instance-hour;
 * 2. a per-accelerator SKU (Google Cloud bills each attached GPU, and Cloud TPU each chip, by the hour): 1;
 * 3. an accelerator family the table does not list (a new size): an accelerator row of unknown count, left
 *    out of the figures and shown with its cost until the planner gives its count.
 * The planner's counts (by instance type) replace or extend the table's.
 *
 * The table: compiled 2026-12-01 from the providers' published instance specifications (AWS "Amazon EC2
 * accelerated computing instances" P3/P4/P5/G4dn/G5/G6/Trn1/Inf2; Microsoft Learn "GPU optimized virtual
 * machine sizes" NC/ND/NV families; Google Cloud "GPU machine types" A2/A3/G2 and "Cloud TPU pricing", which
 * bills per chip-hour), written from those pages as known then, without a network to re-read them: check a
 * count against the provider's page before relying on it, and correct it here or as a planner's count.
 * Counts are GPUs (or Trainium/Inferentia chips, or TPU chips) per instance.
 */
import { BillDialect, billDialect } from "./billDialects";
import { sqlNumber } from "./sqlText";

/** One instance type and its accelerators. */
export interface AcceleratorType {
  /** as the provider spells it: "p4d.24xlarge", "ND96asr_v4", "a2-highgpu-1g" */
  instanceType: string;
  accelerators: number;
  /** "A100", "H100", "A10G", "TPU v5e" */
  model: string;
  provider: "AWS" | "Azure" | "Google Cloud";
}

const aws = (instanceType: string, accelerators: number, model: string): AcceleratorType => ({
  instanceType,
  accelerators,
  model,
  provider: "AWS",
});
const azure = (instanceType: string, accelerators: number, model: string): AcceleratorType => ({
  instanceType,
  accelerators,
  model,
  provider: "Azure",
});
const gcp = (instanceType: string, accelerators: number, model: string): AcceleratorType => ({
  instanceType,
  accelerators,
  model,
  provider: "Google Cloud",
});

/** The date the table was checked against the providers' pages. */
export const ACCELERATOR_TABLE_DATE = "2026-12-01";

/** Common accelerator instance types, by provider (see the sources above). */
export const ACCELERATOR_TYPES: readonly AcceleratorType[] = [
  aws("p3.2xlarge", 1, "V100"),
  aws("p3.8xlarge", 4, "V100"),
  aws("p3.16xlarge", 8, "V100"),
  aws("p3dn.24xlarge", 8, "V100"),
  aws("p4d.24xlarge", 8, "A100"),
  aws("p4de.24xlarge", 8, "A100 80GB"),
  aws("p5.48xlarge", 8, "H100"),
  aws("p5e.48xlarge", 8, "H200"),
  aws("p5en.48xlarge", 8, "H200"),
  ...["xlarge", "2xlarge", "4xlarge", "8xlarge", "16xlarge"].map((size) => aws(`g4dn.${size}`, 1, "T4")),
  aws("g4dn.12xlarge", 4, "T4"),
  aws("g4dn.metal", 8, "T4"),
  ...["xlarge", "2xlarge", "4xlarge", "8xlarge", "16xlarge"].map((size) => aws(`g5.${size}`, 1, "A10G")),
  aws("g5.12xlarge", 4, "A10G"),
  aws("g5.24xlarge", 4, "A10G"),
  aws("g5.48xlarge", 8, "A10G"),
  ...["xlarge", "2xlarge", "4xlarge", "8xlarge", "16xlarge"].map((size) => aws(`g6.${size}`, 1, "L4")),
  aws("g6.12xlarge", 4, "L4"),
  aws("g6.24xlarge", 4, "L4"),
  aws("g6.48xlarge", 8, "L4"),
  aws("trn1.2xlarge", 1, "Trainium"),
  aws("trn1.32xlarge", 16, "Trainium"),
  aws("trn1n.32xlarge", 16, "Trainium"),
  aws("inf2.xlarge", 1, "Inferentia2"),
  aws("inf2.8xlarge", 1, "Inferentia2"),
  aws("inf2.24xlarge", 6, "Inferentia2"),
  aws("inf2.48xlarge", 12, "Inferentia2"),
  azure("NC6s_v3", 1, "V100"),
  azure("NC12s_v3", 2, "V100"),
  azure("NC24s_v3", 4, "V100"),
  azure("NC4as_T4_v3", 1, "T4"),
  azure("NC8as_T4_v3", 1, "T4"),
  azure("NC16as_T4_v3", 1, "T4"),
  azure("NC64as_T4_v3", 4, "T4"),
  azure("NC24ads_A100_v4", 1, "A100"),
  azure("NC48ads_A100_v4", 2, "A100"),
  azure("NC96ads_A100_v4", 4, "A100"),
  azure("NC40ads_H100_v5", 1, "H100 NVL"),
  azure("NC80adis_H100_v5", 2, "H100 NVL"),
  azure("ND96asr_v4", 8, "A100"),
  azure("ND96asr_A100_v4", 8, "A100"),
  azure("ND96amsr_A100_v4", 8, "A100 80GB"),
  azure("ND96isr_H100_v5", 8, "H100"),
  // the Azure meter names the ND H100 v5 size without its vCPU count
  azure("ND H100 v5", 8, "H100"),
  azure("NV36ads_A10_v5", 1, "A10"),
  ...[1, 2, 4, 8].map((n) => gcp(`a2-highgpu-${n}g`, n, "A100")),
  gcp("a2-megagpu-16g", 16, "A100"),
  ...[1, 2, 4, 8].map((n) => gcp(`a2-ultragpu-${n}g`, n, "A100 80GB")),
  ...[1, 2, 4, 8].map((n) => gcp(`a3-highgpu-${n}g`, n, "H100")),
  gcp("a3-megagpu-8g", 8, "H100"),
  ...[4, 8, 12, 16, 32].map((n) => gcp(`g2-standard-${n}`, 1, "L4")),
  gcp("g2-standard-24", 2, "L4"),
  gcp("g2-standard-48", 4, "L4"),
  gcp("g2-standard-96", 8, "L4"),
  // Cloud TPU is billed per chip-hour: a row's hours are chip-hours already
  gcp("TPU v4", 1, "TPU v4"),
  gcp("TPU v5e", 1, "TPU v5e"),
  gcp("TPU v5 lite", 1, "TPU v5e"),
  gcp("TPU v5p", 1, "TPU v5p"),
  gcp("TPU v6e", 1, "TPU v6e"),
];

/** Google Cloud's per-GPU SKUs ("Nvidia Tesla T4 GPU running in Americas"): one GPU per hour billed. */
const PER_ACCELERATOR_SKU = /nvidia-(tesla-)?[a-z0-9]+(-[0-9]+gb)?-gpu/.source;

/**
 * Accelerator families whose size the table may not list: a row that matches is an accelerator row of
 * unknown count. AWS P/G/Trn/Inf/DL families, Azure N-series, Google Cloud A2/A3/G2 and any GPU or TPU word.
 */
const ACCELERATOR_FAMILY = [
  "(p[2-6][a-z]*|g[3-6][a-z]*|trn[12]n?|inf[12]|dl[12]q?)\\.[0-9a-z]+",
  "standard-n[cdv][0-9]+[a-z]*",
  "a[234]-[a-z]+gpu-[0-9]+g",
  "g2-standard-[0-9]+",
  "gpu",
  "tpu",
].join("|");

/** The bill's spelling of an instance type, as the SQL reads the row's text: "nd96asr-v4". */
export function normalisedInstanceType(instanceType: string): string {
  return String(instanceType).toLowerCase().trim().replace(/[_ ]+/g, "-");
}

/** The planner's counts by instance type: they replace the table's count or add a type it lacks. */
export type AcceleratorCounts = Readonly<Record<string, number>>;

/** Whether a planner's count is usable: a whole number of accelerators from 1 to 64. */
export function isAcceleratorCount(count: unknown): count is number {
  return typeof count === "number" && Number.isInteger(count) && count >= 1 && count <= 64;
}

/** The table with the planner's counts applied: one count per normalised instance type. */
export function acceleratorCountTable(overrides: AcceleratorCounts = {}): Map<string, number> {
  const table = new Map<string, number>();
  for (const type of ACCELERATOR_TYPES) table.set(normalisedInstanceType(type.instanceType), type.accelerators);
  for (const [instanceType, count] of Object.entries(overrides ?? {})) {
    const key = normalisedInstanceType(instanceType);
    if (key !== "" && isAcceleratorCount(count)) table.set(key, count);
  }
  return table;
}

/** A whole word of `alternatives`: between non-alphanumerics or the text's ends; the word is group 2 (or 1). */
const word = (alternatives: string, dialect: BillDialect) =>
  dialect.nonCapturing
    ? `(?:^|[^a-z0-9])(${alternatives})(?:$|[^a-z0-9])`
    : `(^|[^a-z0-9])(${alternatives})($|[^a-z0-9])`;

/**
 * The SQL expressions the aggregation uses, over a row's normalised text `text` (a column of the query), in
 * `dialect` (DuckDB unless given): `instanceType`, the instance type found ('' or NULL when none), `count`, its
 * accelerators (0: not an accelerator row; NULL: an accelerator of unknown count), `countValues`, DuckDB's
 * VALUES list of the count table, and `countsTable`, the WITH item `counts_(instance_type, accelerators)` in
 * the dialect.
 */
export function acceleratorSql(
  text: string,
  overrides: AcceleratorCounts = {},
  dialect: BillDialect = billDialect("duckdb"),
): { instanceType: string; countValues: string; countsTable: string; count: (joinedCount: string) => string } {
  const table = acceleratorCountTable(overrides);
  // the word boundaries make the order immaterial to what matches; sorted, the same table gives the same SQL
  const names = [...table.keys()].sort((a, b) => b.length - a.length || a.localeCompare(b));
  const alternatives = names.map((n) => dialect.regexLiteral(n)).join("|");
  const instanceType = dialect.regexExtract(text, word(alternatives, dialect), dialect.nonCapturing ? 1 : 2);
  const rows = names.map((n) => [dialect.string(n), sqlNumber(table.get(n)!)] as const);
  const countValues = rows.map(([n, c]) => `(${n}, ${c})`).join(", ");
  const countsTable = dialect.valuesTable("counts_", ["instance_type", "accelerators"], rows);
  const count = (joinedCount: string) =>
    `CASE WHEN ${joinedCount} IS NOT NULL THEN ${joinedCount}` +
    ` WHEN ${dialect.regexMatches(text, word(PER_ACCELERATOR_SKU, dialect))} THEN 1` +
    ` WHEN ${dialect.regexMatches(text, word(ACCELERATOR_FAMILY, dialect))} THEN NULL ELSE 0 END`;
  return { instanceType, countValues, countsTable, count };
}

/**
 * The instance type in a row's normalised SKU text that names an accelerator family the table lacks (what the
 * planner gives a count for: "g6e.2xlarge" in "... g6e.2xlarge instance hour"), or undefined. (Added by the pane's
 * engineer: the counts table needs the type the SQL's family rule matched.)
 * @example unknownInstanceType("usd-0.84-per-on-demand-linux-g6e.2xlarge-instance-hour") // "g6e.2xlarge"
 */
export function unknownInstanceType(skuText: string): string | undefined {
  const found = new RegExp(`(^|[^a-z0-9])(${ACCELERATOR_FAMILY})($|[^a-z0-9])`).exec(
    String(skuText ?? "").toLowerCase(),
  );
  return found && found[2] !== "gpu" && found[2] !== "tpu" ? found[2] : undefined;
}
