/*
 * node bench/billData.js DIR [ROWS]: a generated FOCUS 1.2 bill of ROWS rows (default 1,000,000) written to
 * DIR as bill.csv and bill.parquet (Snappy, row groups of 100,000, typed as an export types them: costs and
 * quantities DOUBLE, periods TIMESTAMP in microseconds UTC, Tags a MAP), then the bill's import timed in Node
 * with DuckDB-Wasm's blocking build, in one run:
 * - the engine reading the CSV alone (count(*) over read_csv, all_varchar): the limit of the CSV path;
 * - the bill's aggregation (billAggregationSql) over the CSV;
 * - the Parquet path: hyparquet decoding alone (parquetBatches), then decoding and inserting into a table
 *   (insertParquet), then the aggregation over the table; then the same with only the columns the bill reads
 *   (the detection from the footer's names, parquetColumnNames).
 * Prints rows per second and the process's peak memory; asserts nothing. The generator streams both files (one
 * row group at a time for the Parquet, one megabyte of text at a time for the CSV), so it never holds the bill.
 *
 * The mix, over three months (2026-01 to 2026-03), hourly rows: accelerator training on demand and spot, serving
 * on committed and on-demand capacity, unused commitment, re-scans on spot, CPU, storage, network, other
 * services, tax, credits and commitment purchases; Tags with several workload values and teams.
 *
 * The bill's modules are TypeScript: they are transpiled as required with the TypeScript API. hyparquet is an
 * ES module: Node 20 requires it with --experimental-require-module, which this script adds by running itself
 * again (so apache-arrow is the one CommonJS copy DuckDB-Wasm's Node build uses too).
 */
const { spawnSync } = require("child_process");

if (!process.execArgv.includes("--experimental-require-module")) {
  const args = ["--experimental-require-module", "--no-warnings", ...process.execArgv, __filename];
  const run = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(run.status ?? 1);
}

const fs = require("fs");
const path = require("path");
const ts = require("typescript");

const root = path.resolve(__dirname, "..");

// the bill's TypeScript, compiled as it is required
require.extensions[".ts"] = (module, filename) => {
  const { outputText } = ts.transpileModule(fs.readFileSync(filename, "utf8"), {
    fileName: filename,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: true },
  });
  module._compile(outputText, filename);
};

const MONTHS = ["2026-01", "2026-02", "2026-03"];
const DOUBLE = new Set([
  "BilledCost",
  "EffectiveCost",
  "ListCost",
  "ContractedCost",
  "ListUnitPrice",
  "ContractedUnitPrice",
  "ConsumedQuantity",
  "PricingQuantity",
  "CommitmentDiscountQuantity",
]);
const TIMESTAMP = new Set(["BillingPeriodStart", "BillingPeriodEnd", "ChargePeriodStart", "ChargePeriodEnd"]);
const COLUMNS = [
  "BillingAccountId",
  "BillingAccountName",
  "BillingAccountType",
  "SubAccountId",
  "SubAccountName",
  "SubAccountType",
  "InvoiceId",
  "InvoiceIssuerName",
  "ProviderName",
  "PublisherName",
  "BillingPeriodStart",
  "BillingPeriodEnd",
  "ChargePeriodStart",
  "ChargePeriodEnd",
  "ChargeCategory",
  "ChargeClass",
  "ChargeDescription",
  "ChargeFrequency",
  "BillingCurrency",
  "PricingCurrency",
  "BilledCost",
  "EffectiveCost",
  "ListCost",
  "ContractedCost",
  "ListUnitPrice",
  "ContractedUnitPrice",
  "ConsumedQuantity",
  "ConsumedUnit",
  "PricingQuantity",
  "PricingUnit",
  "PricingCategory",
  "CommitmentDiscountId",
  "CommitmentDiscountType",
  "CommitmentDiscountCategory",
  "CommitmentDiscountStatus",
  "CommitmentDiscountQuantity",
  "CommitmentDiscountUnit",
  "CapacityReservationId",
  "CapacityReservationStatus",
  "ServiceCategory",
  "ServiceSubcategory",
  "ServiceName",
  "SkuId",
  "SkuPriceId",
  "SkuMeter",
  "SkuPriceDetails",
  "ResourceId",
  "ResourceName",
  "ResourceType",
  "RegionId",
  "RegionName",
  "AvailabilityZone",
  "Tags",
];

/** A seeded generator (mulberry32): the same bill every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EC2 = "Amazon Elastic Compute Cloud";
/** The kinds of row, with their share of the rows. */
const KINDS = [
  { kind: "trainOnDemand", share: 0.15 },
  { kind: "trainSpot", share: 0.05 },
  { kind: "serveCommitted", share: 0.2 },
  { kind: "serveOnDemand", share: 0.08 },
  { kind: "unusedCommitment", share: 0.02 },
  { kind: "rescanSpot", share: 0.02 },
  { kind: "cpu", share: 0.2 },
  { kind: "storage", share: 0.12 },
  { kind: "network", share: 0.1 },
  { kind: "other", share: 0.03 },
  { kind: "tax", share: 0.01 },
  { kind: "credit", share: 0.01 },
  { kind: "purchase", share: 0.01 },
];
const TRAINING = [
  { sku: "p4d.24xlarge", rate: 32.77 },
  { sku: "p5.48xlarge", rate: 98.32 },
];
const SERVING = [
  { sku: "g5.xlarge", rate: 1.006 },
  { sku: "g6.xlarge", rate: 0.805 },
  { sku: "inf2.xlarge", rate: 0.758 },
];
const TRAIN_TAGS = ["train", "training", "finetune-llm", "pretrain-v2"];
const SERVE_TAGS = ["inference", "serving", "serving-endpoint", "endpoint-chat"];
const TEAMS = ["search", "ads", "vision", "speech"];
const REGIONS = [
  ["us-east-1", "US East (N. Virginia)"],
  ["us-west-2", "US West (Oregon)"],
  ["eu-west-1", "Europe (Ireland)"],
];

const pick = (next, items) => items[Math.floor(next() * items.length)];
const money = (value) => Math.round(value * 1e10) / 1e10;

/** One row of the bill, as typed values (numbers, Dates, a Tags object, text, null). */
function makeRow(next, index) {
  let r = next();
  let { kind } = KINDS[KINDS.length - 1];
  for (const k of KINDS) {
    if (r < k.share) {
      kind = k.kind;
      break;
    }
    r -= k.share;
  }
  const month = MONTHS[index % 3];
  const [y, m] = month.split("-").map(Number);
  const monthStart = Date.UTC(y, m - 1, 1);
  const monthEnd = Date.UTC(y, m, 1);
  const hour = Math.floor(next() * ((monthEnd - monthStart) / 3.6e6));
  const start = new Date(monthStart + hour * 3.6e6);
  const [regionId, regionName] = pick(next, REGIONS);
  const team = pick(next, TEAMS);
  const row = {
    BillingAccountId: "123456789012",
    BillingAccountName: "MLCost Example",
    BillingAccountType: "Billing Account",
    SubAccountId: `2100000000${TEAMS.indexOf(team)}`,
    SubAccountName: `ml-${team}`,
    SubAccountType: "Account",
    InvoiceId: `INV-${month}`,
    InvoiceIssuerName: "Amazon Web Services, Inc.",
    ProviderName: "AWS",
    PublisherName: "Amazon Web Services, Inc.",
    BillingPeriodStart: new Date(monthStart),
    BillingPeriodEnd: new Date(monthEnd),
    ChargePeriodStart: start,
    ChargePeriodEnd: new Date(start.getTime() + 3.6e6),
    ChargeCategory: "Usage",
    ChargeClass: null,
    ChargeDescription: null,
    ChargeFrequency: "Usage-Based",
    BillingCurrency: "USD",
    PricingCurrency: "USD",
    ConsumedQuantity: 1,
    ConsumedUnit: "Hours",
    PricingQuantity: 1,
    PricingUnit: "Hours",
    PricingCategory: "Standard",
    CommitmentDiscountId: null,
    CommitmentDiscountType: null,
    CommitmentDiscountCategory: null,
    CommitmentDiscountStatus: null,
    CommitmentDiscountQuantity: null,
    CommitmentDiscountUnit: null,
    CapacityReservationId: null,
    CapacityReservationStatus: null,
    ServiceCategory: "Compute",
    ServiceSubcategory: "Virtual Machines",
    ServiceName: EC2,
    SkuId: null,
    SkuPriceId: null,
    SkuMeter: "Compute Usage",
    SkuPriceDetails: null,
    ResourceId: null,
    ResourceName: null,
    ResourceType: "Instance",
    RegionId: regionId,
    RegionName: regionName,
    AvailabilityZone: `${regionId}${pick(next, ["a", "b", "c"])}`,
    Tags: { team },
  };
  let listRate = 0;
  let rate = 0;
  const instance = (sku, tag, n) => {
    row.SkuId = sku.sku;
    row.SkuPriceId = `${sku.sku}-${row.PricingCategory}`;
    row.ResourceId = `i-${kind}-${n}`;
    row.ResourceName = `${tag}-${n}`;
    row.Tags = { team, workload: tag };
    listRate = sku.rate;
    row.ChargeDescription = `$${sku.rate} per On Demand Linux ${sku.sku} Instance Hour`;
  };
  const commitment = () => {
    row.PricingCategory = "Committed";
    row.CommitmentDiscountId = `arn:aws:ec2:${regionId}:123456789012:reserved-instances/ri-1`;
    row.CommitmentDiscountType = "Reserved Instance";
    row.CommitmentDiscountCategory = "Usage";
    row.CommitmentDiscountQuantity = 1;
    row.CommitmentDiscountUnit = "Hours";
  };
  switch (kind) {
    case "trainOnDemand":
      instance(pick(next, TRAINING), pick(next, TRAIN_TAGS), Math.floor(next() * 40));
      rate = listRate;
      break;
    case "trainSpot":
      row.PricingCategory = "Dynamic";
      instance(pick(next, TRAINING), pick(next, TRAIN_TAGS), Math.floor(next() * 20));
      rate = listRate * (0.3 + next() * 0.2);
      break;
    case "serveCommitted":
      commitment();
      row.CommitmentDiscountStatus = "Used";
      instance(pick(next, SERVING), pick(next, SERVE_TAGS), Math.floor(next() * 100));
      rate = listRate * 0.6;
      break;
    case "serveOnDemand":
      instance(pick(next, SERVING), pick(next, SERVE_TAGS), Math.floor(next() * 60));
      rate = listRate;
      break;
    case "unusedCommitment":
      commitment();
      row.CommitmentDiscountStatus = "Unused";
      instance(pick(next, SERVING), "unused", 0);
      row.ResourceId = null;
      row.ResourceName = null;
      row.Tags = null;
      row.ConsumedQuantity = null;
      row.ConsumedUnit = null;
      rate = listRate * 0.6;
      break;
    case "rescanSpot":
      row.PricingCategory = "Dynamic";
      instance(SERVING[0], pick(next, ["rescan-archive", "backfill-2025"]), Math.floor(next() * 10));
      rate = listRate * 0.4;
      break;
    case "cpu":
      instance(
        pick(next, [
          { sku: "m5.xlarge", rate: 0.192 },
          { sku: "c6i.2xlarge", rate: 0.34 },
        ]),
        "batch",
        1,
      );
      row.Tags = { team, workload: pick(next, ["etl", "training", "web"]) };
      rate = listRate;
      break;
    case "storage": {
      const gb = Math.round(next() * 5000) / 10;
      Object.assign(row, {
        ServiceCategory: "Storage",
        ServiceSubcategory: "Object Storage",
        ServiceName: "Amazon Simple Storage Service",
        SkuId: "S3-Standard",
        SkuMeter: "Storage",
        ResourceType: "Bucket",
        ResourceId: `arn:aws:s3:::ml-${team}-data`,
        ResourceName: `ml-${team}-data`,
        ConsumedQuantity: gb,
        ConsumedUnit: "GB-Hours",
        PricingQuantity: gb,
        PricingUnit: "GB-Hours",
        ChargeDescription: "$0.023 per GB-Month of storage used",
      });
      listRate = 0.023 / 730;
      rate = listRate;
      break;
    }
    case "network": {
      const gb = Math.round(next() * 2000) / 100;
      Object.assign(row, {
        ServiceCategory: "Networking",
        ServiceSubcategory: "Network Traffic",
        ServiceName: "AWS Data Transfer",
        SkuId: "DataTransfer-Out",
        SkuMeter: "Data Transfer",
        ResourceType: null,
        ConsumedQuantity: gb,
        ConsumedUnit: "GB",
        PricingQuantity: gb,
        PricingUnit: "GB",
        ChargeDescription: "$0.09 per GB - first 10 TB / month data transfer out",
      });
      listRate = 0.09;
      rate = listRate;
      break;
    }
    case "other":
      Object.assign(row, {
        ServiceCategory: "Management and Governance",
        ServiceSubcategory: "Observability",
        ServiceName: "AmazonCloudWatch",
        SkuId: "CW-Metrics",
        SkuMeter: "Metrics",
        ResourceType: null,
        PricingUnit: "Metrics",
        ConsumedUnit: "Metrics",
        ChargeDescription: "$0.30 per metric-month",
      });
      listRate = 0.3 / 730;
      rate = listRate;
      break;
    case "tax":
    case "credit":
    case "purchase":
      Object.assign(row, {
        ChargeCategory: { tax: "Tax", credit: "Credit", purchase: "Purchase" }[kind],
        ChargeFrequency: kind === "purchase" ? "Recurring" : "One-Time",
        ServiceCategory: kind === "purchase" ? "Compute" : "Other",
        ServiceName: kind === "tax" ? "Tax" : kind === "credit" ? "Credits" : EC2,
        SkuMeter: null,
        ResourceType: null,
        ConsumedQuantity: null,
        ConsumedUnit: null,
        PricingQuantity: null,
        PricingUnit: null,
        PricingCategory: kind === "purchase" ? "Committed" : null,
        ChargeDescription: { tax: "Sales tax", credit: "Promotional credit", purchase: "Reservation fee" }[kind],
        Tags: null,
      });
      break;
  }
  const quantity = row.PricingQuantity ?? 0;
  let effective = money(rate * quantity);
  let billed = row.PricingCategory === "Committed" ? 0 : effective;
  if (kind === "tax") effective = billed = money(next() * 5);
  if (kind === "credit") effective = billed = -money(next() * 5);
  if (kind === "purchase") [effective, billed] = [0, money(next() * 500)];
  row.EffectiveCost = effective;
  row.BilledCost = billed;
  row.ListUnitPrice = listRate || null;
  row.ContractedUnitPrice = rate || null;
  row.ListCost = money(listRate * quantity);
  row.ContractedCost = effective;
  return row;
}

/** A typed value as a FOCUS CSV writes it. */
function csvField(name, value) {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().replace(".000Z", "Z");
  if (name === "Tags") return `"${JSON.stringify(value).replace(/"/g, '""')}"`;
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Writes the CSV a megabyte at a time, waiting for the disk. */
async function writeCsv(file, rows) {
  const out = fs.createWriteStream(file);
  const next = random(21);
  let chunk = `${COLUMNS.join(",")}\n`;
  for (let i = 0; i < rows; i++) {
    const row = makeRow(next, i);
    chunk += `${COLUMNS.map((name) => csvField(name, row[name])).join(",")}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise((resolve) => out.once("drain", resolve));
      chunk = "";
    }
  }
  out.write(chunk);
  await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve())));
}

/** The Parquet schema: DOUBLE, TIMESTAMP(MICROS, UTC), MAP<STRING, STRING> Tags, text. */
function parquetSchema() {
  const schema = [{ name: "root", num_children: COLUMNS.length }];
  for (const name of COLUMNS) {
    if (DOUBLE.has(name)) schema.push({ name, type: "DOUBLE", repetition_type: "OPTIONAL" });
    else if (TIMESTAMP.has(name)) {
      schema.push({
        name,
        type: "INT64",
        repetition_type: "OPTIONAL",
        converted_type: "TIMESTAMP_MICROS",
        logical_type: { type: "TIMESTAMP", isAdjustedToUTC: true, unit: "MICROS" },
      });
    } else if (name === "Tags") {
      schema.push(
        { name, repetition_type: "OPTIONAL", converted_type: "MAP", num_children: 1 },
        { name: "key_value", repetition_type: "REPEATED", num_children: 2 },
        { name: "key", type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "REQUIRED" },
        { name: "value", type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" },
      );
    } else schema.push({ name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" });
  }
  return schema;
}

/** Writes the Parquet a row group at a time (the same rows as the CSV: the same seed). */
function writeParquet(file, rows) {
  const { parquetWriteRows } = require("hyparquet-writer");
  const { fileWriter } = require("hyparquet-writer/src/node.js");
  const next = random(21);
  function* generated() {
    for (let i = 0; i < rows; i++) yield makeRow(next, i);
  }
  parquetWriteRows({
    writer: fileWriter(file),
    rows: generated(),
    columns: COLUMNS.map((name) => ({ name })),
    schema: parquetSchema(),
    rowGroupSize: 100_000,
    createdBy: "MLCost bench/billData.js",
  });
}

/** A file as hyparquet's AsyncBuffer, read a slice at a time as a browser File is. */
function fileBuffer(file) {
  const fd = fs.openSync(file, "r");
  return {
    byteLength: fs.fstatSync(fd).size,
    slice(start, end = this.byteLength) {
      const bytes = Buffer.alloc(end - start);
      fs.readSync(fd, bytes, 0, bytes.length, start);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
    },
  };
}

async function openEngine() {
  const duckdb = require("@duckdb/duckdb-wasm/dist/duckdb-node-blocking");
  const dist = path.dirname(require.resolve("@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm"));
  const bundles = {
    mvp: { mainModule: path.join(dist, "duckdb-mvp.wasm"), mainWorker: path.join(dist, "duckdb-node-mvp.worker.cjs") },
    eh: { mainModule: path.join(dist, "duckdb-eh.wasm"), mainWorker: path.join(dist, "duckdb-node-eh.worker.cjs") },
  };
  const db = await duckdb.createDuckDB(bundles, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate(() => {});
  const connection = db.connect();
  const { BILL_ENGINE_SETTINGS } = require(path.join(root, "src/bill/engine/engineText.ts"));
  for (const setting of BILL_ENGINE_SETTINGS) connection.query(setting);
  const query = (sql) =>
    connection
      .query(sql)
      .toArray()
      .map((row) => row.toJSON());
  return { db, connection, query };
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const perSecond = (rows, ms) => `${Math.round(rows / (ms / 1000)).toLocaleString("en-US")} rows/s`;
const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
const peak = () => mb(process.resourceUsage().maxRSS * 1024);
function timed(label, rows, run) {
  const started = Date.now();
  const result = run();
  const settle = (value) => {
    const ms = Date.now() - started;
    console.log(`${label.padEnd(56)} ${seconds(ms).padStart(9)}  ${perSecond(rows, ms).padStart(17)}  peak ${peak()}`);
    return value;
  };
  return result instanceof Promise ? result.then(settle) : settle(result);
}

async function main() {
  const [dir, rowsArg] = process.argv.slice(2);
  if (!dir) {
    console.error("usage: node bench/billData.js DIR [ROWS]");
    process.exit(2);
  }
  const rows = Number(rowsArg ?? 1_000_000);
  fs.mkdirSync(dir, { recursive: true });
  const csvPath = path.resolve(dir, "bill.csv");
  const parquetPath = path.resolve(dir, "bill.parquet");

  console.log(`A generated FOCUS 1.2 bill of ${rows.toLocaleString("en-US")} rows, ${COLUMNS.length} columns`);
  await timed("writing bill.csv", rows, () => writeCsv(csvPath, rows));
  timed("writing bill.parquet (Snappy, row groups of 100,000)", rows, () => writeParquet(parquetPath, rows));
  console.log(`bill.csv ${mb(fs.statSync(csvPath).size)}, bill.parquet ${mb(fs.statSync(parquetPath).size)}`);

  const { billAggregationSql, billColumnsSql, billSourceSql } = require(path.join(root, "src/bill/model/billSql.ts"));
  const { detectFocusVersion } = require(path.join(root, "src/bill/model/focusColumns.ts"));
  const { DEFAULT_MAPPING } = require(path.join(root, "src/bill/model/roles.ts"));
  const { insertParquet, parquetBatches, parquetColumnNames } = require(
    path.join(root, "src/bill/engine/parquetBatches.ts"),
  );
  const engine = await openEngine();
  const aggregate = (source, hasFilename) => {
    const columns = engine.query(billColumnsSql(source)).map((row) => String(row.column_name));
    const detection = detectFocusVersion(columns);
    if (detection.code) throw new Error(detection.message);
    return engine.query(billAggregationSql({ source, detection, mapping: DEFAULT_MAPPING, hasFilename }));
  };
  const totalOf = (result) =>
    result
      .filter((row) => row.section === "total")
      .reduce((sum, row) => sum + Number(row.effective_cost), 0)
      .toFixed(2);

  console.log("\nNode, DuckDB-Wasm (blocking build, one thread):");
  const csvSource = billSourceSql({ format: "csv", paths: [csvPath] });
  timed("CSV: the engine reading it alone (count(*))", rows, () => engine.query(`SELECT count(*) FROM ${csvSource}`));
  const fromCsv = timed("CSV: the bill's aggregation over it", rows, () => aggregate(csvSource, true));

  await timed("Parquet: hyparquet decoding alone (batches of 100,000)", rows, async () => {
    for await (const batch of parquetBatches(fileBuffer(parquetPath), { fileName: "bill.parquet" })) void batch;
  });
  await timed("Parquet: decoding and inserting into a table", rows, () =>
    insertParquet(engine.connection, fileBuffer(parquetPath), "bill_parquet", { fileName: "bill.parquet" }),
  );
  const fromParquet = timed("Parquet: the bill's aggregation over the table", rows, () =>
    aggregate("bill_parquet", true),
  );
  engine.query("DROP TABLE bill_parquet");
  await timed("Parquet, the bill's columns only: decoding and inserting", rows, async () => {
    const detection = detectFocusVersion(await parquetColumnNames(fileBuffer(parquetPath), "bill.parquet"));
    const columns = Object.values(detection.columns);
    await insertParquet(engine.connection, fileBuffer(parquetPath), "bill_narrow", {
      fileName: "bill.parquet",
      columns,
    });
  });
  const fromNarrow = timed("Parquet, the bill's columns only: the aggregation", rows, () =>
    aggregate("bill_narrow", true),
  );
  const figures = (result) =>
    JSON.stringify(
      result.map((row) => ({ ...row, files: null })),
      (_, v) => String(v),
    );
  const same = [fromParquet, fromNarrow].every((result) => figures(result) === figures(fromCsv))
    ? "the same figures"
    : "DIFFERENT FIGURES";
  console.log(`EffectiveCost of every month: CSV ${totalOf(fromCsv)}, Parquet ${totalOf(fromParquet)}: ${same}`);
  engine.connection.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
