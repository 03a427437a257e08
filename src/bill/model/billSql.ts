/*
 * The bill's one aggregation, as SQL text built from the file's columns (focusColumns.ts), the accelerator
 * rules (accelerators.ts) and the planner's mapping (roles.ts). It is written once: the pane runs it in its
 * embedded engine over the files, and a planner can run the same text where the bill already lives.
 *
 * One result set, a row per group, told apart by `section`:
 * - "mapped": accelerator rows, per month, currency, role and pricing category: accelerator-hours consumed and
 *   paid, EffectiveCost, BilledCost, rows, and rows whose ConsumedQuantity is null though not unused commitment;
 * - "leftOut": every other row, per month, currency and reason (tax, credit, adjustment, purchase, storage,
 *   network, cpu, other, and accelerators the figures cannot count), with its costs, so nothing is lost;
 * - "total": the file's own sums of EffectiveCost and BilledCost per month and currency, summed from the rows
 *   as read, not from the two sections above, with the files each month came from.
 *
 * Hours: a row's instance-hours times its accelerators. Paid is PricingQuantity (ConsumedQuantity where the
 * pricing quantity is blank); consumed is ConsumedQuantity, and 0 for unused commitment, which is paid and not
 * consumed. Costs and quantities are read with TRY_CAST, so a CSV read as text gives the same figures as a
 * typed Parquet file. The month is the first seven characters of ChargePeriodStart as text (FOCUS dates are
 * UTC ISO 8601, "2024-09-01T00:00:00Z"), which needs no time-zone support.
 */
import { AcceleratorCounts, acceleratorSql } from "./accelerators";
import { BillDialect, billDialect, BillDialectName } from "./billDialects";
import { FIGURE_KEYS, FocusColumnKey, FocusDetection, focusName, SKU_KEYS } from "./focusColumns";
import { BillMapping, keyValueSql, roleSql } from "./roles";
import { sqlIdentifier, sqlString } from "./sqlText";

/** A reason a row is left out: its id, its words, and the SQL that tells it (over the classified rows' columns). */
interface LeftOutReasonSpec {
  reason: string;
  label: string;
  /**
   * when the SQL tries its test (the first that holds wins): the charge's category first (tax, credit...), then an
   * accelerator row the figures cannot count; a row with accelerators left then is mapped; then the service's
   */
  stage: "charge" | "accelerator" | "service";
  /** the SQL condition; none for the one reason that takes every row no other test takes */
  when?: string;
}

/** The reasons in the order the pane lists them, each with its words and its test. */
export const LEFT_OUT_REASONS = [
  { reason: "cpu", label: "CPU compute (no accelerator)", stage: "service", when: "service_category = 'compute'" },
  { reason: "storage", label: "storage", stage: "service", when: "service_category = 'storage'" },
  { reason: "network", label: "network", stage: "service", when: "service_category = 'networking'" },
  { reason: "other", label: "other services", stage: "service" },
  { reason: "tax", label: "tax", stage: "charge", when: "charge_category = 'tax'" },
  { reason: "credit", label: "credits", stage: "charge", when: "charge_category = 'credit'" },
  { reason: "adjustment", label: "adjustments", stage: "charge", when: "charge_category = 'adjustment'" },
  {
    reason: "purchase",
    label: "commitment purchases (their cost is amortised into usage rows)",
    stage: "charge",
    when: "charge_category = 'purchase'",
  },
  {
    reason: "acceleratorCountUnknown",
    label: "accelerators of an unknown count: give the instance's count",
    stage: "accelerator",
    when: "accelerators IS NULL",
  },
  {
    reason: "acceleratorNotHours",
    label: "accelerator rows not billed in hours",
    stage: "accelerator",
    when: "accelerators > 0 AND NOT in_hours",
  },
] as const satisfies readonly LeftOutReasonSpec[];

/** Why a row is left out of the figures: one of LEFT_OUT_REASONS. */
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number]["reason"];

/**
 * The SQL expression of a classified row's reason, from LEFT_OUT_REASONS: each stage's tests in turn, NULL (mapped)
 * for a row with accelerators that no charge or accelerator test took, and the reason without a test for the rest.
 */
export function leftOutReasonSql(): string {
  const reasons: readonly LeftOutReasonSpec[] = LEFT_OUT_REASONS;
  const tests = (stage: LeftOutReasonSpec["stage"]) =>
    reasons.filter((r) => r.stage === stage && r.when !== undefined).map((r) => `WHEN ${r.when} THEN '${r.reason}'`);
  const rest = reasons.find((r) => r.when === undefined)!.reason;
  return [
    "CASE",
    ...tests("charge"),
    ...tests("accelerator"),
    "WHEN accelerators > 0 THEN NULL",
    ...tests("service"),
    `ELSE '${rest}' END`,
  ].join(" ");
}

/** The files of one import, as the engine registered them. */
export interface BillFiles {
  format: "csv" | "parquet";
  /** names as the engine opens them; a .gz CSV is read through gzip */
  paths: readonly string[];
}

const list = (paths: readonly string[]) => `[${paths.map(sqlString).join(", ")}]`;

/**
 * The table expression that reads the files, for the FROM of the other queries. CSV is read as text
 * (all_varchar: no type guess from the first rows can fail on row two million), with FOCUS's own NULL and an
 * empty field as null; several files line up by column name; `filename` tells each row's file.
 */
export function billSourceSql(files: BillFiles): string {
  if (files.format === "parquet") return `read_parquet(${list(files.paths)}, union_by_name = true, filename = true)`;
  return (
    `read_csv(${list(files.paths)}, header = true, all_varchar = true, nullstr = ['NULL', ''], ` +
    `union_by_name = true, filename = true)`
  );
}

/**
 * The statement that copies the columns the bill reads (and `filename`) out of the files into the engine's own
 * table `table`, once an import: the three queries of a measuring, and every one after a change of the mapping,
 * then scan a compact table instead of parsing the CSV again each time (a million rows: about 25 s less a
 * measuring in Chromium, bench/billBrowser.js).
 */
export function billCopySql(source: string, detection: FocusDetection, table: string): string {
  const columns = [...new Set(Object.values(detection.columns))].filter((c): c is string => typeof c === "string");
  const quoted = [...columns, "filename"].map(sqlIdentifier).join(", ");
  return `CREATE OR REPLACE TABLE ${sqlIdentifier(table)} AS SELECT ${quoted} FROM ${source}`;
}

/** The query that lists a source's columns, for detectFocusVersion. */
export function billColumnsSql(source: string): string {
  return `SELECT column_name FROM (DESCRIBE SELECT * FROM ${source})`;
}

/** The largest magnitude a double holds (Number.MAX_VALUE), as SQL text every dialect reads as a double. */
const LARGEST_DOUBLE = "1.7976931348623157e308";

/**
 * A cost or quantity cell `cell` as a double, NULL where it is not a figure: text the cast cannot read ("86,4",
 * "$12.50"), NaN and the infinities (doubles to every engine's cast, which would make a month's sums NaN), and a
 * number past a double's range ("1e309", which the cast reads as infinity); in DuckDB also digits grouped with
 * "_" ("3_2"), which its cast reads as 32 and no export writes. NaN fails the range test in every dialect
 * (DuckDB, Snowflake and Databricks order it above every number; BigQuery and Trino compare it false).
 */
export function figureSql(cell: string, dialect: BillDialect): string {
  const number = dialect.number(cell);
  return `CASE WHEN ${number} BETWEEN -${LARGEST_DOUBLE} AND ${LARGEST_DOUBLE} THEN ${number} END`;
}

/** Whether a figure's cell holds text that is not a figure (figureSql): a blank is FOCUS's null, no cost at all. */
export function unreadableFigureSql(cell: string, dialect: BillDialect): string {
  return `(trim(coalesce(${dialect.text(cell)}, '')) <> '' AND ${figureSql(cell, dialect)} IS NULL)`;
}

/** The most rows unreadableFiguresSql lists: enough to find the pattern, few enough for one sentence. */
export const UNREADABLE_ROWS_LISTED = 5;

/**
 * The first rows (UNREADABLE_ROWS_LISTED) of the engine's table of an import's rows (billCopySql's, DuckDB) whose
 * cost or quantity is not a figure, with where they are: each row's file (`file`, the import's name), its place in
 * that file (`row_number`, from 1, the table keeping the files' order) and the column and text at fault.
 */
export function unreadableFiguresSql(table: string, detection: FocusDetection): string {
  const dialect = billDialect("duckdb");
  const numbered =
    `SELECT *, row_number() OVER (PARTITION BY filename ORDER BY rowid) AS row_number_` +
    ` FROM ${sqlIdentifier(table)}`;
  const checks = FIGURE_KEYS.filter((key) => detection.columns[key] !== undefined).map((key) => {
    const cell = sqlIdentifier(detection.columns[key]!);
    return (
      `SELECT CAST(filename AS VARCHAR) AS file, row_number_ AS row_number,` +
      ` ${sqlString(focusName(key))} AS column_name,` +
      ` left(CAST(${cell} AS VARCHAR), 40) AS text FROM numbered_ WHERE ${unreadableFigureSql(cell, dialect)}`
    );
  });
  return (
    `WITH numbered_ AS (${numbered}) ${checks.join(" UNION ALL ")}` +
    ` ORDER BY file, row_number, column_name LIMIT ${UNREADABLE_ROWS_LISTED}`
  );
}

/** The options of one aggregation. */
export interface BillQuery {
  /** billSourceSql's text, or a warehouse table's name */
  source: string;
  detection: FocusDetection;
  mapping: BillMapping;
  counts?: AcceleratorCounts;
  /**
   * whether rows name their file: billSourceSql's `filename` in DuckDB (true unless false); in a warehouse only
   * when true and the dialect has such a column (BigQuery's _FILE_NAME, Databricks' _metadata.file_path and
   * Athena's "$path" on tables over files; Snowflake none)
   */
  hasFilename?: boolean;
  /** the SQL dialect, DuckDB unless given (billDialects.ts); the result's columns are the same in every one */
  dialect?: BillDialectName;
  /**
   * the engine's table of billSortedSql's rows, made once a measuring: the aggregation and the two lists then
   * read it instead of classifying every row of the source again each (DuckDB only)
   */
  sorted?: string;
}

/** The result's sections: a mapped group, a left-out group, the file's own total (see the file's head). */
export const BILL_RESULT_SECTIONS = ["mapped", "leftOut", "total"] as const;

/** The result's columns that hold numbers (the others are text). */
export const BILL_RESULT_NUMBER_COLUMNS = [
  "consumed_hours",
  "paid_hours",
  "effective_cost",
  "billed_cost",
  "row_count",
  "null_consumed_rows",
  "unreadable_rows",
] as const;

/** The columns of the aggregation's result, in order: the same names and meaning in every dialect. */
export const BILL_RESULT_COLUMNS = [
  "section",
  "month",
  "currency",
  "role",
  "pricing_category",
  "reason",
  "consumed_hours",
  "paid_hours",
  "effective_cost",
  "billed_cost",
  "row_count",
  "null_consumed_rows",
  "files",
  "unreadable_rows",
] as const;

/**
 * The aggregation's SQL in the query's dialect (DuckDB's unless given: regexp_extract, regexp_matches,
 * string_agg, TRY_CAST). The result's columns are BILL_RESULT_COLUMNS: section, month, currency, role,
 * pricing_category, reason, consumed_hours, paid_hours, effective_cost, billed_cost, row_count,
 * null_consumed_rows, files, unreadable_rows (in a total row: the rows whose cost or quantity is text that is not
 * a number, which the sums above read as 0).
 */
export function billAggregationSql(query: BillQuery): string {
  const dialect = billDialect(query.dialect);
  const text = dialect.nullOf("text");
  const number = dialect.nullOf("number");
  const count = dialect.nullOf("count");
  const role = roleSql(query.mapping, "key_value", "unused", dialect);
  const consumed = `CASE WHEN unused THEN 0 ELSE coalesce(consumed_quantity, 0) END * accelerators`;
  const nullConsumed = "CASE WHEN consumed_quantity IS NULL AND NOT unused THEN 1 ELSE 0 END";
  const mapped =
    `SELECT 'mapped' AS section, month, currency, ${role} AS role, pricing_category, ${text} AS reason,` +
    ` sum(${consumed}) AS consumed_hours, sum(coalesce(paid_quantity, 0) * accelerators) AS paid_hours,` +
    ` sum(effective_cost) AS effective_cost, sum(billed_cost) AS billed_cost, count(*) AS row_count,` +
    ` ${dialect.count(`sum(${nullConsumed})`)} AS null_consumed_rows, ${text} AS files, ${count} AS unreadable_rows` +
    ` FROM sorted_ WHERE reason IS NULL GROUP BY month, currency, 4, pricing_category`;
  const leftOut =
    `SELECT 'leftOut', month, currency, ${text}, ${text}, reason, ${number}, ${number},` +
    ` sum(effective_cost), sum(billed_cost), count(*), ${count}, ${text}, ${count}` +
    ` FROM sorted_ WHERE reason IS NOT NULL GROUP BY month, currency, reason`;
  const total =
    `SELECT 'total', month, currency, ${text}, ${text}, ${text}, ${number}, ${number},` +
    ` sum(effective_cost), sum(billed_cost), count(*), ${count}, ${dialect.distinctList("file")},` +
    ` ${dialect.count("sum(unreadable)")}` +
    ` FROM rows_ GROUP BY month, currency`;
  return (
    `${billRowsSql(query)} ${mapped} UNION ALL ${leftOut} UNION ALL ${total}` +
    ` ORDER BY month, currency, section, role, pricing_category, reason`
  );
}

/**
 * The WITH clause every query of the bill starts from: rows_ (each row's month, currency, quantities, costs,
 * SKU text and key value), counts_ (the accelerator table), skus_ (each distinct SKU text's accelerators),
 * classified_ and sorted_ (each row with its accelerators and the reason it is left out, NULL when mapped).
 */
function billRowsSql(query: BillQuery): string {
  if (query.sorted) {
    const table = sqlIdentifier(query.sorted);
    // every row of the source is a row of sorted_ (the SKU join finds each row's own text): one table is both
    return `WITH rows_ AS (SELECT * FROM ${table}), sorted_ AS (SELECT * FROM ${table})`;
  }
  const { detection, mapping } = query;
  const dialect = billDialect(query.dialect);
  const col = (key: FocusColumnKey) => {
    const name = detection.columns[key];
    return name ? dialect.identifier(name) : "NULL";
  };
  const text = (key: FocusColumnKey) => dialect.text(col(key));
  const lowered = (key: FocusColumnKey) => `lower(trim(coalesce(${text(key)}, '')))`;
  const figure = (key: FocusColumnKey) => figureSql(col(key), dialect);
  const unreadable = (key: FocusColumnKey) => unreadableFigureSql(col(key), dialect);
  const accelerators = acceleratorSql("t.sku_text", query.counts, dialect);
  const skuText = dialect.regexReplaceAll(`lower(${dialect.joinWords(SKU_KEYS.map(text))})`, "[_ ]+", "-");
  const hourUnit = (unit: string) =>
    dialect.regexMatches(`lower(coalesce(${unit}, ''))`, "(^|[^a-z])(hours?|hrs?|h)($|[^a-z])");
  const fileColumn = dialect.name === "duckdb" ? query.hasFilename !== false : query.hasFilename === true;
  const file = fileColumn && dialect.fileName ? dialect.fileName : "''";

  const rows =
    `SELECT ${dialect.firstSeven(text("chargePeriodStart"))} AS month,` +
    ` upper(trim(coalesce(${text("billingCurrency")}, ''))) AS currency,` +
    ` ${lowered("chargeCategory")} AS charge_category,` +
    ` ${lowered("serviceCategory")} AS service_category,` +
    ` coalesce(nullif(trim(${text("pricingCategory")}), ''), 'Other') AS pricing_category,` +
    ` (${lowered("commitmentDiscountStatus")} = 'unused' OR ${lowered("capacityReservationStatus")} = 'unused')` +
    " AS unused," +
    ` ${figure("consumedQuantity")} AS consumed_quantity,` +
    ` coalesce(${figure("pricingQuantity")}, ${figure("consumedQuantity")}) AS paid_quantity,` +
    ` ${hourUnit(`coalesce(${text("pricingUnit")}, ${text("consumedUnit")})`)} AS in_hours,` +
    ` coalesce(${figure("effectiveCost")}, 0) AS effective_cost,` +
    ` coalesce(${figure("billedCost")}, 0) AS billed_cost,` +
    ` ${skuText} AS sku_text,` +
    ` ${keyValueSql(mapping.key, detection, dialect)} AS key_value,` +
    ` ${file} AS file,` +
    ` CASE WHEN ${FIGURE_KEYS.map(unreadable).join(" OR ")} THEN 1 ELSE 0 END AS unreadable` +
    ` FROM ${query.source}`;

  // a bill has millions of rows but a few thousand distinct SKU texts: the rules' regular expressions run once
  // a text, and the rows join their text's count
  const skus =
    `SELECT t.sku_text, ${accelerators.count("c.accelerators")} AS accelerators` +
    ` FROM (SELECT DISTINCT sku_text FROM rows_) t` +
    ` LEFT JOIN counts_ c ON c.instance_type = ${accelerators.instanceType}`;
  const classified = "SELECT r.*, s.accelerators FROM rows_ r JOIN skus_ s ON s.sku_text = r.sku_text";

  const sorted = `SELECT *, ${leftOutReasonSql()} AS reason FROM classified_`;
  return (
    `WITH rows_ AS (${rows}),` +
    ` ${accelerators.countsTable},` +
    ` skus_ AS (${skus}),` +
    ` classified_ AS (${classified}),` +
    ` sorted_ AS (${sorted})`
  );
}

/**
 * The statement that classifies every row of the source once (its month, currency, figures, key value,
 * accelerators and the reason it is left out) into the engine's table `table`, for queries given
 * `sorted: table`: a million rows are classified in one pass instead of one a query (DuckDB's dialect).
 */
export function billSortedSql(query: BillQuery, table: string): string {
  const rows = billRowsSql({ ...query, sorted: undefined });
  return `CREATE OR REPLACE TABLE ${sqlIdentifier(table)} AS ${rows} SELECT * FROM sorted_`;
}

/**
 * The accelerator rows the figures cannot count, by the text the rule read, with their hours and cost: what
 * the pane shows the planner to give a count for (at most 50, the costliest first).
 */
export function unknownAcceleratorsSql(query: BillQuery): string {
  return (
    `${billRowsSql(query)} SELECT sku_text, currency, sum(coalesce(paid_quantity, 0)) AS instance_hours,` +
    ` sum(effective_cost) AS effective_cost, count(*) AS row_count FROM sorted_` +
    ` WHERE reason = 'acceleratorCountUnknown' GROUP BY sku_text, currency ORDER BY effective_cost DESC LIMIT 50`
  );
}

/**
 * The key's values with their accelerator-hours paid and cost, the costliest first (at most 200): what the
 * pane lists for the planner to map, beside each value's guess.
 */
export function keyValuesSql(query: BillQuery): string {
  return (
    `${billRowsSql(query)} SELECT key_value, currency, sum(coalesce(paid_quantity, 0) * accelerators) AS paid_hours,` +
    ` sum(effective_cost) AS effective_cost, count(*) AS row_count FROM sorted_ WHERE reason IS NULL` +
    ` GROUP BY key_value, currency ORDER BY effective_cost DESC LIMIT 200`
  );
}
