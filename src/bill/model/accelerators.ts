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
 * 4. a row the table does not know whose text names an accelerator model ("b200", "h100", "l4", "mi300x",
 *    "trainium", "nvidia"...): an accelerator of unknown count too, asked about with its cost, never CPU;
 * 5. a compute row naming an instance of a family the rules know neither as an accelerator's nor as a CPU's
 *    ("f2.12xlarge", "vt1.3xlarge", a family launched after this table): "not classified", listed with its cost
 *    (billSql.ts LEFT_OUT_REASONS), never counted as CPU.
 * The planner's counts (by instance type) replace or extend the table's.
 *
 * The table: compiled 2026-12-01 from the providers' published instance specifications (AWS "Amazon EC2
 * accelerated computing instances" P3/P4/P5/G4dn/G5/G6/Trn1/Inf2; Microsoft Learn "GPU optimized virtual
 * machine sizes" NC/ND/NV families; Google Cloud "GPU machine types" A2/A3/G2 and "Cloud TPU pricing", which
 * bills per chip-hour), and extended 2026-12-02 with the newer families, read with the search tool that day:
 * - AWS P6 (p6-b200.48xlarge, 8 B200): the SageMaker API model lists ml.p6-b200.48xlarge beside ml.p5en and
 *   ml.trn2.48xlarge (github.com/aws/sagemaker-core pull 307 and 310, service-2.json); G6 and Gr6 (NVIDIA L4:
 *   gr6.4xlarge and gr6.8xlarge 1 L4 each): aws-sdk-go release v1.51.15 (2024-04-04, "Gr6 instances also feature
 *   NVIDIA L4 GPUs") and RAPIDS' AWS page (github.com/rapidsai/deployment, source/cloud/aws/index.md: gr6.8xlarge
 *   1 L4, g6.48xlarge 8, g5.48xlarge 8 A10G, p5.48xlarge 8 H100, g4dn.metal 8 T4); G5 and G6 sizes: AWS Batch
 *   "GPU jobs" (docs.aws.amazon.com/batch/latest/userguide/gpu-jobs.html); G6e (L40S: 1 a size up to 16xlarge,
 *   4 at 12xlarge and 24xlarge, 8 at 48xlarge) from AWS's G6e page as known (a third-party page the search
 *   returned, deploybase.ai "L40s AWS", gives g6e.2xlarge 2, which AWS's own table does not: check it);
 * - Azure ND MI300X v5 (Standard_ND96isr_MI300X_v5, 8 MI300X): Microsoft Learn, nd-mi300x-v5-series
 *   (github.com/MicrosoftDocs/azure-docs, articles/virtual-machines/sizes/gpu-accelerated/nd-mi300x-v5-series.md,
 *   dated 2024-05-21); ND H200 v5 (Standard_ND96isr_H200_v5, 8 GPUs) and ND H100 v5: the AKS VM size list
 *   (aspire.dev, Aspire.Hosting.Azure.Kubernetes StandardNDISRH200V5, StandardNDSH100v5);
 * - Google Cloud A3 Ultra (a3-ultragpu-8g, 8 H200): the Cluster Toolkit's release v1.44.1 (github.com/
 *   GoogleCloudPlatform/cluster-toolkit); A4 (a4-highgpu-8g, 8 B200) and A4X (a4x-highgpu-4g, 4 GB200), and Cloud
 *   TPU's machine types (ct5lp-hightpu-{1,4,8}t for v5e, ct5p-hightpu-4t for v5p, ct6e-standard-{1,4,8}t for
 *   v6e: the digit is the chips), from Google Cloud's accelerator-optimized machine family page as known; the
 *   Vertex AI API's AcceleratorType lists NVIDIA_B200, NVIDIA_GB200, NVIDIA_H200_141GB
 *   (cloud.google.com/dotnet/docs/reference/Google.Cloud.AIPlatform.V1/latest/...AcceleratorType).
 * Rows marked "as known" were not returned by the search: check a count against the provider's page before
 * relying on it, and correct it here or as a planner's count.
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
export const ACCELERATOR_TABLE_DATE = "2026-12-02";

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
  aws("p5.4xlarge", 1, "H100"),
  aws("p6-b200.48xlarge", 8, "B200"),
  aws("p6e-gb200.36xlarge", 4, "GB200"),
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
  aws("gr6.4xlarge", 1, "L4"),
  aws("gr6.8xlarge", 1, "L4"),
  ...["xlarge", "2xlarge", "4xlarge", "8xlarge", "16xlarge"].map((size) => aws(`g6e.${size}`, 1, "L40S")),
  aws("g6e.12xlarge", 4, "L40S"),
  aws("g6e.24xlarge", 4, "L40S"),
  aws("g6e.48xlarge", 8, "L40S"),
  aws("trn1.2xlarge", 1, "Trainium"),
  aws("trn1.32xlarge", 16, "Trainium"),
  aws("trn1n.32xlarge", 16, "Trainium"),
  aws("trn2.48xlarge", 16, "Trainium2"),
  aws("inf1.xlarge", 1, "Inferentia"),
  aws("inf1.2xlarge", 1, "Inferentia"),
  aws("inf1.6xlarge", 4, "Inferentia"),
  aws("inf1.24xlarge", 16, "Inferentia"),
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
  azure("ND96isr_H200_v5", 8, "H200"),
  azure("ND96isr_MI300X_v5", 8, "MI300X"),
  // the Azure meter names the ND MI300X v5 size without its vCPU count, as it does ND H100 v5
  azure("ND MI300X v5", 8, "MI300X"),
  // the Azure meter names the ND H100 v5 size without its vCPU count
  azure("ND H100 v5", 8, "H100"),
  azure("NV36ads_A10_v5", 1, "A10"),
  ...[1, 2, 4, 8].map((n) => gcp(`a2-highgpu-${n}g`, n, "A100")),
  gcp("a2-megagpu-16g", 16, "A100"),
  ...[1, 2, 4, 8].map((n) => gcp(`a2-ultragpu-${n}g`, n, "A100 80GB")),
  ...[1, 2, 4, 8].map((n) => gcp(`a3-highgpu-${n}g`, n, "H100")),
  gcp("a3-megagpu-8g", 8, "H100"),
  gcp("a3-ultragpu-8g", 8, "H200"),
  gcp("a4-highgpu-8g", 8, "B200"),
  gcp("a4x-highgpu-4g", 4, "GB200"),
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
  // Cloud TPU VMs' machine types: the last number is the chips
  ...[1, 4, 8].map((n) => gcp(`ct5lp-hightpu-${n}t`, n, "TPU v5e")),
  gcp("ct5p-hightpu-4t", 4, "TPU v5p"),
  ...[1, 4, 8].map((n) => gcp(`ct6e-standard-${n}t`, n, "TPU v6e")),
];

/** Google Cloud's per-GPU SKUs ("Nvidia Tesla T4 GPU running in Americas"): one GPU per hour billed. */
const PER_ACCELERATOR_SKU = /nvidia-(tesla-)?[a-z0-9]+(-[0-9]+gb)?-gpu/.source;

/**
 * Accelerator families whose size the table may not list: a row that matches is an accelerator row of
 * unknown count. AWS P/G/Gr/Trn/Inf/DL families of any generation, with a model after a hyphen
 * (p6-b200.48xlarge); Azure N-series; Google Cloud A2-A9 (A4X) and G2-G9 GPU machines and the TPU VMs
 * (ct5lp-hightpu-4t, ct6e-standard-8t); and any GPU or TPU word.
 */
const ACCELERATOR_INSTANCE_FAMILY = [
  "(p[2-9][a-z]*|gr?[3-9][a-z]*|trn[1-9]n?|inf[1-9]|dl[1-9]q?)(-[a-z0-9]+)?\\.[0-9a-z]+",
  "standard-n[cdgv][0-9]+[a-z]*",
  "a[2-9]x?-[a-z]+gpu-[0-9]+g",
  "g[2-9]-standard-[0-9]+",
  "ct[0-9]+[a-z]*-[a-z]+-[0-9]+t",
].join("|");

/**
 * Accelerator models (and their makers' words) as a bill's text names them, for a row the table does not know: a
 * SKU, description or meter that says "B200", "H100", "MI300X" or "Trainium" is an accelerator of unknown count,
 * asked about with its cost, never CPU. Whole words only: "t4g" (Graviton) and "l4s" (Azure's Lsv storage VMs)
 * are other words.
 */
const ACCELERATOR_MODEL =
  "gb[1-9]00|b[1-9]00|h[1-9]00|h800|a100|a10g?|a30|a40|l40s?|l4|t4|v100|p100|k80|mi[1-9][0-9][0-9]x?|" +
  "gaudi[0-9]*|trainium[0-9]*|inferentia[0-9]*|nvidia|tesla|radeon|gpus?|tpus?";

const ACCELERATOR_FAMILY = `${ACCELERATOR_INSTANCE_FAMILY}|${ACCELERATOR_MODEL}`;

/**
 * An instance type's name as AWS (m5.xlarge, u-6tb1.112xlarge, db.r5.large's r5.large) or Google Cloud
 * (n2-standard-8) writes it, whatever its family: what a compute row names when it is billed by the instance.
 */
const INSTANCE_NAME = [
  // a family is letters and a generation (a hyphen's model after it: p6-b200), or u- (u-6tb1): never the words
  // before it in a joined text ("linux-f2.6xlarge")
  "([a-z]{1,4}[0-9][a-z0-9]*(-[a-z0-9]+)?|u-[0-9a-z]+)\\." +
    "(nano|micro|small|medium|large|[0-9]*xlarge|metal(-[0-9]+xl)?)",
  "[a-z][0-9][a-z]?-(standard|highmem|highcpu|megamem|ultramem|hypermem|highgpu|megagpu|ultragpu|hightpu)-[0-9]+[a-z]*",
].join("|");

/**
 * The CPU families of AWS (general purpose, compute, memory, storage optimised, HPC, Mac; as of 2026-12-02, from
 * AWS's instance type naming: a family letter, its generation, its options) and Google Cloud (E2, N1-N4, C2-C4,
 * M1-M4, T2A/T2D, H3, Z3, X4): an instance of these is CPU compute.
 */
const CPU_INSTANCE_NAME = [
  "(a1|[cmr][1-9][a-z0-9]*(-flex)?|t[1-4][a-z]*|x[1-9][a-z0-9]*|z1d|i[2-9][a-z0-9]*|im4gn|is4gen|d[2-3][a-z]*|h1|" +
    "hpc[6-9][a-z]*|u[0-9]*-[0-9a-z]+|mac[0-9]*(-[a-z0-9]+)?|cr1|hs1)\\.[0-9a-z-]+",
  "(e2|n[1-4][ad]?|c[2-4][ad]?|m[1-4]|t2[ad]|h3|z3|x4)-[a-z]+-[0-9]+[a-z]*",
].join("|");

/**
 * The SQL test of a row's normalised text `text` that names an instance of a family the rules know neither as an
 * accelerator's (ACCELERATOR_FAMILY, tested first by the aggregation) nor as a CPU's: "not classified", listed
 * with its cost, never counted as CPU (the family may be a new accelerator: f2.12xlarge is an FPGA).
 */
export function notClassifiedSql(text: string, dialect: BillDialect): string {
  return (
    `(${dialect.regexMatches(text, word(INSTANCE_NAME, dialect))}` +
    ` AND NOT ${dialect.regexMatches(text, word(CPU_INSTANCE_NAME, dialect))})`
  );
}

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
 * planner gives a count for: "g7e.2xlarge" in "... g7e.2xlarge instance hour"), or undefined. (Added by the pane's
 * engineer: the counts table needs the type the SQL's family rule matched.)
 * @example unknownInstanceType("usd-0.84-per-on-demand-linux-g7e.2xlarge-instance-hour") // "g7e.2xlarge"
 */
export function unknownInstanceType(skuText: string): string | undefined {
  // a model's word ("h100") is no instance type to give a count for: only an instance's name is, an accelerator
  // family's first, then any (a family not classified: "f2.12xlarge")
  const text = String(skuText ?? "").toLowerCase();
  for (const names of [ACCELERATOR_INSTANCE_FAMILY, INSTANCE_NAME]) {
    const found = new RegExp(`(^|[^a-z0-9])(${names})($|[^a-z0-9])`).exec(text);
    if (found) return found[2];
  }
  return undefined;
}
