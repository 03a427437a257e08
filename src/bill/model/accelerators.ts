/*
 * Which bill rows are accelerators, and how many accelerators an instance-hour is. A FOCUS row names its
 * instance in free text (AWS: "$32.77 per On Demand Linux p4d.24xlarge Instance Hour" in ChargeDescription;
 * Azure: the meter "ND96asr A100 v4"; Google Cloud: the SKU "Nvidia Tesla A100 GPU running in Americas"), and
 * ServiceCategory alone does not tell (a GPU instance is "Compute" like any other). So the rule reads the
 * text of SkuId, SkuPriceDetails, SkuMeter, ResourceType, ServiceName and ChargeDescription, lower-cased with
 * runs of spaces and underscores as one hyphen ("Standard_ND96asr_v4" reads "standard-nd96asr-v4"), and
 * looks for a known instance type as a whole word.
 *
 * Kinds of match, in this order:
 * 1. an instance type of the table below: its accelerators per instance-hour;
 * 2. a per-accelerator SKU (Google Cloud bills each attached GPU, and Cloud TPU each chip, by the hour): 1;
 * 3. an accelerator family the table does not list (a new size): an accelerator row of unknown count, left
 *    out of the figures and shown with its cost until the planner gives its count;
 * 4. a row the table does not know whose text names an accelerator model ("b200", "h100", "l4", "mi300x",
 *    "trainium", "nvidia"...): an accelerator of unknown count too, asked about with its cost, never CPU;
 * 5. a compute row naming an instance of a family the rules know neither as an accelerator's nor as a CPU's
 *    ("f2.12xlarge", "vt1.3xlarge", a family launched after this table): "not classified", listed with its cost
 *    (billSql.ts LEFT_OUT_REASONS), never counted as CPU.
 * The planner's counts (by instance type) replace or extend the table's.
 *
 * The table is data: one row a vendor's family (AWS's family before the dot, as its reservations are; Google
 * Cloud's machine series and shape, "a3-highgpu"; Azure's size series, "ND H100 v5"), its accelerator model,
 * its sizes with the accelerators each carries, the page the counts were read from and the day, and, where that
 * page does not state a count, a note saying so. The commitment to buy groups hourly demand by this family
 * (billSql.ts hourlyDemandSql), so a3-highgpu-1g and a3-highgpu-8g are one demand in accelerators.
 * Counts are GPUs (or Trainium/Inferentia chips, or TPU chips) per instance. Azure's fractional sizes
 * (NV6ads_A10_v5 is a sixth of an A10) are left out: a count here is whole, and such a row is asked about.
 */
import { BillDialect, billDialect } from "./billDialects";
import { sqlNumber } from "./sqlText";

/** The clouds the table covers. */
export const ACCELERATOR_PROVIDERS = ["AWS", "Azure", "Google Cloud"] as const;

/** A cloud of ACCELERATOR_PROVIDERS. */
export type AcceleratorProvider = (typeof ACCELERATOR_PROVIDERS)[number];

/** One vendor family of accelerator instances: its sizes and their counts, with where the counts come from. */
export interface AcceleratorFamily {
  /** the vendor's family: "p5", "a3-highgpu", "ND H100 v5" */
  family: string;
  provider: AcceleratorProvider;
  /** "A100", "H100", "A10G", "TPU v5e" */
  model: string;
  /** each size as the provider spells it ("p4d.24xlarge", "ND96asr_v4", "a2-highgpu-1g"), and its accelerators */
  sizes: Readonly<Record<string, number>>;
  /** the page the sizes' counts were read from */
  source: string;
  /** the day the page was read */
  checked: string;
  /** whether that page states every size's count; where not, `note` says what was taken from where */
  countsStated: boolean;
  note?: string;
}

/** One instance type and its accelerators, with its family's model, source and date. */
export interface AcceleratorType {
  /** as the provider spells it: "p4d.24xlarge", "ND96asr_v4", "a2-highgpu-1g" */
  instanceType: string;
  accelerators: number;
  /** "A100", "H100", "A10G", "TPU v5e" */
  model: string;
  provider: AcceleratorProvider;
  family: string;
  source: string;
  checked: string;
}

/** The date the table was last checked against the providers' pages (each family says its own). */
export const ACCELERATOR_TABLE_DATE = "2026-12-02";

/** The sizes `names` each with `count` accelerators. */
const each = (count: number, ...names: string[]) => Object.fromEntries(names.map((name) => [name, count]));
/** A Google Cloud shape's sizes, whose name ends in its GPU (or TPU chip) count: a3-highgpu-8g, ct6e-standard-4t. */
const counted = (shape: string, suffix: "g" | "t", ...counts: number[]) =>
  Object.fromEntries(counts.map((n) => [`${shape}-${n}${suffix}`, n]));
/** An AWS family's sizes of one accelerator from xlarge to 16xlarge ("g5.xlarge" ... "g5.16xlarge"). */
const singles = (family: string) => each(1, ...["", "2", "4", "8", "16"].map((n) => `${family}.${n}xlarge`));

const AWS_ACCELERATED = "https://aws.amazon.com/ec2/instance-types/accelerated-computing/";
const AWS_BATCH_GPU = "https://docs.aws.amazon.com/batch/latest/userguide/gpu-jobs.html";
const RAPIDS_AWS = "RAPIDS' AWS page (github.com/rapidsai/deployment, source/cloud/aws/index.md)";
const AWS_AS_KNOWN =
  "compiled 2026-12-01 from AWS's accelerated computing table as known; the search tool did not return the page: " +
  "check a count against it";
const LEARN = "https://learn.microsoft.com/azure/virtual-machines/";
const GCP_MACHINES = "https://cloud.google.com/compute/docs/accelerator-optimized-machines";
const GCP_GPUS = "https://cloud.google.com/compute/docs/gpus";
const GCP_BY_NAME =
  "the page names the series and its GPU model and says each machine type has a fixed GPU count; the excerpt the " +
  "search tool returned did not hold the machine type table: the count is the name's own (-8g: 8 GPUs)";

/** A family of AWS's: its counts from AWS Batch's GPU page, or (`note`) as known from AWS's own table. */
const aws = (family: string, model: string, sizes: Record<string, number>, note?: string): AcceleratorFamily => ({
  family,
  provider: "AWS",
  model,
  sizes,
  ...(note === undefined
    ? { source: AWS_BATCH_GPU, checked: "2026-12-02", countsStated: true }
    : { source: AWS_ACCELERATED, checked: "2026-12-01", countsStated: false, note }),
});

/** A size series of Azure's, from its Microsoft Learn page (`page`, under LEARN) read on `checked`. */
const azure = (
  family: string,
  model: string,
  sizes: Record<string, number>,
  page: string,
  checked: string,
  note?: string,
): AcceleratorFamily => ({
  family,
  provider: "Azure",
  model,
  sizes,
  source: page.startsWith("https://") ? page : `${LEARN}${page}`,
  checked,
  countsStated: note === undefined,
  ...(note === undefined ? {} : { note }),
});

/** A machine shape of Google Cloud's, from `source`; `note` where the page does not state the counts. */
const gcp = (
  family: string,
  model: string,
  sizes: Record<string, number>,
  source: string,
  note?: string,
): AcceleratorFamily => ({
  family,
  provider: "Google Cloud",
  model,
  sizes,
  source,
  checked: "2026-12-02",
  countsStated: note === undefined,
  ...(note === undefined ? {} : { note }),
});

const AWS_FAMILIES: readonly AcceleratorFamily[] = [
  aws("p3", "V100", { "p3.2xlarge": 1, "p3.8xlarge": 4, "p3.16xlarge": 8 }, AWS_AS_KNOWN),
  aws("p3dn", "V100", each(8, "p3dn.24xlarge"), AWS_AS_KNOWN),
  aws("p4d", "A100", each(8, "p4d.24xlarge"), AWS_AS_KNOWN),
  aws("p4de", "A100 80GB", each(8, "p4de.24xlarge"), AWS_AS_KNOWN),
  aws("p5", "H100", { "p5.48xlarge": 8, "p5.4xlarge": 1 }, `${AWS_AS_KNOWN}; p5.48xlarge's 8 is also ${RAPIDS_AWS}'s`),
  aws("p5e", "H200", each(8, "p5e.48xlarge"), AWS_AS_KNOWN),
  aws("p5en", "H200", each(8, "p5en.48xlarge"), AWS_AS_KNOWN),
  aws(
    "p6-b200",
    "B200",
    each(8, "p6-b200.48xlarge"),
    "the SageMaker API model lists ml.p6-b200.48xlarge (github.com/aws/sagemaker-core pull 307 and 310, " +
      "service-2.json) and states no count: 8 as known",
  ),
  aws("p6e-gb200", "GB200", each(4, "p6e-gb200.36xlarge"), AWS_AS_KNOWN),
  aws(
    "g4dn",
    "T4",
    { ...singles("g4dn"), "g4dn.12xlarge": 4, "g4dn.metal": 8 },
    `${AWS_AS_KNOWN}; g4dn.metal's 8 is also ${RAPIDS_AWS}'s`,
  ),
  aws("g5", "A10G", { ...singles("g5"), ...each(4, "g5.12xlarge", "g5.24xlarge"), "g5.48xlarge": 8 }),
  aws("g6", "L4", { ...singles("g6"), ...each(4, "g6.12xlarge", "g6.24xlarge"), "g6.48xlarge": 8 }),
  {
    family: "gr6",
    provider: "AWS",
    model: "L4",
    sizes: each(1, "gr6.4xlarge", "gr6.8xlarge"),
    source: "https://github.com/aws/aws-sdk-go/releases/tag/v1.51.15",
    checked: "2026-12-02",
    countsStated: false,
    note:
      `the release (2024-04-04) says Gr6 instances feature NVIDIA L4 GPUs; ${RAPIDS_AWS} gives gr6.8xlarge 1: ` +
      "gr6.4xlarge's 1 as known",
  },
  aws(
    "g6e",
    "L40S",
    { ...singles("g6e"), ...each(4, "g6e.12xlarge", "g6e.24xlarge"), "g6e.48xlarge": 8 },
    'from AWS\'s G6e page as known; a third-party page (deploybase.ai, "L40s AWS") gives g6e.2xlarge 2: check it',
  ),
  aws("trn1", "Trainium", { "trn1.2xlarge": 1, "trn1.32xlarge": 16 }, AWS_AS_KNOWN),
  aws("trn1n", "Trainium", each(16, "trn1n.32xlarge"), AWS_AS_KNOWN),
  aws("trn2", "Trainium2", each(16, "trn2.48xlarge"), AWS_AS_KNOWN),
  aws(
    "inf1",
    "Inferentia",
    { ...each(1, "inf1.xlarge", "inf1.2xlarge"), "inf1.6xlarge": 4, "inf1.24xlarge": 16 },
    AWS_AS_KNOWN,
  ),
  aws(
    "inf2",
    "Inferentia2",
    { ...each(1, "inf2.xlarge", "inf2.8xlarge"), "inf2.24xlarge": 6, "inf2.48xlarge": 12 },
    AWS_AS_KNOWN,
  ),
];

/*
 * Azure's sizes, each page read 2026-12-02 in MicrosoftDocs/azure-docs (articles/virtual-machines/...), the source of
 * learn.microsoft.com. A meter names some sizes by their series alone ("ND H100 v5"): that name is a size of 8 too.
 */
const AZURE_FAMILIES: readonly AcceleratorFamily[] = [
  azure(
    "NCv3",
    "V100",
    { NC6s_v3: 1, NC12s_v3: 2, NC24s_v3: 4 },
    "ncv3-series",
    "2026-12-01",
    "compiled 2026-12-01 as known; the page was not read here",
  ),
  azure(
    "NCasT4_v3",
    "T4",
    { ...each(1, "NC4as_T4_v3", "NC8as_T4_v3", "NC16as_T4_v3"), NC64as_T4_v3: 4 },
    "nct4-v3-series",
    "2026-12-02",
  ),
  azure(
    "NC A100 v4",
    "A100",
    { NC24ads_A100_v4: 1, NC48ads_A100_v4: 2, NC96ads_A100_v4: 4 },
    "nc-a100-v4-series",
    "2026-12-02",
  ),
  azure("NCads H100 v5", "H100 NVL", { NC40ads_H100_v5: 1, NC80adis_H100_v5: 2 }, "ncads-h100-v5", "2026-12-02"),
  azure(
    "ND A100 v4",
    "A100",
    each(8, "ND96asr_v4", "ND96asr_A100_v4"),
    "sizes/gpu-accelerated/ndasra100v4-series",
    "2026-12-02",
  ),
  azure(
    "NDm A100 v4",
    "A100 80GB",
    each(8, "ND96amsr_A100_v4"),
    "sizes/gpu-accelerated/ndma100v4-series",
    "2026-12-01",
    "the page was not read here: 8 as known",
  ),
  azure(
    "ND H100 v5",
    "H100",
    each(8, "ND96isr_H100_v5", "ND H100 v5"),
    "sizes/gpu-accelerated/ndh100v5-series",
    "2026-12-02",
  ),
  azure(
    "ND H200 v5",
    "H200",
    each(8, "ND96isr_H200_v5", "ND H200 v5"),
    "sizes/gpu-accelerated/nd-h200-v5-series",
    "2026-12-02",
    "the AKS VM size list (Aspire.Hosting.Azure.Kubernetes, StandardNDISRH200V5) names the size, not its count; " +
      "Microsoft Learn's ND H200 v5 page was not returned by the search tool: 8 as known",
  ),
  azure(
    "ND MI300X v5",
    "MI300X",
    each(8, "ND96isr_MI300X_v5", "ND MI300X v5"),
    "sizes/gpu-accelerated/nd-mi300x-v5-series",
    "2026-12-02",
  ),
  azure(
    "ND GB200 v6",
    "GB200",
    each(4, "ND128isr_NDR_GB200_v6", "ND GB200 v6"),
    "sizes/gpu-accelerated/nd-gb200-v6-series",
    "2026-12-02",
  ),
  azure(
    "NVads A10 v5",
    "A10",
    { ...each(1, "NV36ads_A10_v5", "NV36adms_A10_v5"), NV72ads_A10_v5: 2 },
    "nva10v5-series",
    "2026-12-02",
  ),
];

/** Google Cloud's machine shapes and Cloud TPU, read 2026-12-02 with the search tool. */
const GOOGLE_CLOUD_FAMILIES: readonly AcceleratorFamily[] = [
  gcp("a2-highgpu", "A100", counted("a2-highgpu", "g", 1, 2, 4, 8), GCP_MACHINES, GCP_BY_NAME),
  gcp("a2-megagpu", "A100", counted("a2-megagpu", "g", 16), GCP_MACHINES, GCP_BY_NAME),
  gcp("a2-ultragpu", "A100 80GB", counted("a2-ultragpu", "g", 1, 2, 4, 8), GCP_MACHINES, GCP_BY_NAME),
  gcp("a3-highgpu", "H100", counted("a3-highgpu", "g", 1, 2, 4, 8), GCP_MACHINES, GCP_BY_NAME),
  gcp("a3-megagpu", "H100", counted("a3-megagpu", "g", 8), GCP_MACHINES, GCP_BY_NAME),
  gcp("a3-edgegpu", "H100", counted("a3-edgegpu", "g", 8), GCP_MACHINES, GCP_BY_NAME),
  gcp(
    "a3-ultragpu",
    "H200",
    counted("a3-ultragpu", "g", 8),
    GCP_GPUS,
    `${GCP_BY_NAME}; the Cluster Toolkit's release v1.44.1 says 8 H200`,
  ),
  gcp("a4-highgpu", "B200", counted("a4-highgpu", "g", 8), GCP_GPUS, GCP_BY_NAME),
  gcp("a4x-highgpu", "GB200", counted("a4x-highgpu", "g", 4), GCP_GPUS, GCP_BY_NAME),
  gcp(
    "g2-standard",
    "L4",
    {
      ...each(1, ...[4, 8, 12, 16, 32].map((n) => `g2-standard-${n}`)),
      "g2-standard-24": 2,
      "g2-standard-48": 4,
      "g2-standard-96": 8,
    },
    GCP_MACHINES,
    "G2's names give vCPUs, not GPUs, and the excerpt returned did not hold its table: the counts as known",
  ),
  // Cloud TPU is billed per chip-hour: a SKU's hours are chip-hours already; "TPU v5 lite" is v5e's SKU name
  gcp("TPU v4", "TPU v4", each(1, "TPU v4"), "https://cloud.google.com/tpu/pricing"),
  gcp(
    "TPU v5e",
    "TPU v5e",
    each(1, "TPU v5e", "TPU v5 lite"),
    "https://cloud.google.com/tpu/pricing",
    "the search returned the page's v4 part (priced by chips): v5e's, v5p's and v6e's SKUs per chip-hour as known",
  ),
  gcp("TPU v5p", "TPU v5p", each(1, "TPU v5p"), "https://cloud.google.com/tpu/pricing", "as TPU v5e's"),
  gcp("TPU v6e", "TPU v6e", each(1, "TPU v6e"), "https://cloud.google.com/tpu/pricing", "as TPU v5e's"),
  // Cloud TPU VMs' machine types: the last number is the chips
  gcp(
    "ct5lp-hightpu",
    "TPU v5e",
    counted("ct5lp-hightpu", "t", 1, 4, 8),
    "https://cloud.google.com/tpu/docs/v5e",
    "the chips are the name's own (-4t: 4 chips), as known",
  ),
  gcp(
    "ct5p-hightpu",
    "TPU v5p",
    counted("ct5p-hightpu", "t", 4),
    "https://cloud.google.com/tpu/docs/v5p",
    "as ct5lp-hightpu's",
  ),
  gcp(
    "ct6e-standard",
    "TPU v6e",
    counted("ct6e-standard", "t", 1, 4, 8),
    "https://cloud.google.com/tpu/docs/v6e",
    "as ct5lp-hightpu's",
  ),
];

/** Accelerator instance families, by provider (see the head and each family's source). */
export const ACCELERATOR_FAMILIES: readonly AcceleratorFamily[] = [
  ...AWS_FAMILIES,
  ...AZURE_FAMILIES,
  ...GOOGLE_CLOUD_FAMILIES,
];

/** Every size of ACCELERATOR_FAMILIES, one row each. */
export const ACCELERATOR_TYPES: readonly AcceleratorType[] = ACCELERATOR_FAMILIES.flatMap((f) =>
  Object.entries(f.sizes).map(([instanceType, accelerators]) => ({
    instanceType,
    accelerators,
    model: f.model,
    provider: f.provider,
    family: f.family,
    source: f.source,
    checked: f.checked,
  })),
);

/** The table's row of an instance type, in any spelling ("Standard_ND96asr_v4", "nd96asr-v4"); undefined if none. */
export function acceleratorTypeOf(instanceType: string): AcceleratorType | undefined {
  const key = normalisedInstanceType(instanceType);
  return ACCELERATOR_TYPES.find((t) => normalisedInstanceType(t.instanceType) === key);
}

/**
 * The vendor's family of an instance type: the table's, or for a type it lacks (a planner's count), AWS's family
 * before the dot ("g7e" of "g7e.2xlarge"), Google Cloud's shape before its size ("a5-highgpu" of "a5-highgpu-8g"),
 * else the type itself, normalised. What the commitment to buy groups hourly demand by.
 */
export function acceleratorFamilyOf(instanceType: string): string {
  const listed = acceleratorTypeOf(instanceType);
  if (listed) return listed.family;
  const key = normalisedInstanceType(instanceType);
  const shape = /^([a-z][0-9][a-z]*-[a-z]+)-[0-9]+[a-z]*$/.exec(key);
  return key.includes(".") ? key.slice(0, key.indexOf(".")) : shape ? shape[1] : key;
}

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
 * The WITH item `families_(instance_type, family)` in `dialect`: each instance type the rule can find (the table's,
 * and the planner's `overrides`), normalised, with its vendor's family (acceleratorFamilyOf), for the hourly demand.
 */
export function acceleratorFamiliesSql(
  overrides: AcceleratorCounts = {},
  dialect: BillDialect = billDialect("duckdb"),
): string {
  const names = [...acceleratorCountTable(overrides).keys()].sort();
  const rows = names.map((n) => [dialect.string(n), dialect.string(acceleratorFamilyOf(n))] as const);
  return dialect.valuesTable("families_", ["instance_type", "family"], rows);
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
