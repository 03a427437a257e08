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
 * typed Parquet file. The month is ChargePeriodStart's month in UTC, as FOCUS defines its dates (ISO 8601 in UTC,
 * "2024-09-01T00:00:00Z"; an export that writes an offset, "-07:00", is converted, and bare text is read as UTC):
 * each dialect reads the text as an instant (epochSeconds) and one calendar in plain arithmetic (sqlText.ts
 * utcCalendarLayers) gives its month in every dialect alike, with no time-zone support. A charge period that
 * runs into the next month is split between the two by its hours (chargePeriodRowsSql).
 */
import { AcceleratorCounts, acceleratorFamiliesSql, acceleratorSql, notClassifiedSql } from "./accelerators";
import { BillDialect, billDialect, BillDialectName, SqlNullType, UTC_OFFSET_PATTERN } from "./billDialects";
import { FIGURE_KEYS, FocusColumnKey, FocusDetection, focusName, SKU_KEYS } from "./focusColumns";
import { BillMapping, keyValueSql, modelValueSql, roleSql } from "./roles";
import { layeredSql, sqlIdentifier, sqlString, utcCalendarLayers } from "./sqlText";

/** A reason a row is left out: its id, its words, and the SQL that tells it (over the classified rows' columns). */
interface LeftOutReasonSpec {
  reason: string;
  label: string;
  /**
   * when the SQL tries its test (the first that holds wins): the charge's category first (tax, credit...), then an
   * accelerator row the figures cannot count; a row with accelerators left then is mapped; then the service's
   */
  stage: "charge" | "accelerator" | "service";
  /**
   * the SQL condition (text, or a dialect's where it matches a pattern); none for the one reason that takes every
   * row no other test takes
   */
  when?: string | ((dialect: BillDialect) => string);
}

/** The reasons in the order the pane lists them, each with its words and its test. */
export const LEFT_OUT_REASONS = [
  {
    reason: "notClassified",
    label: "not classified: instances of a family the add-in does not know (give a count if it has accelerators)",
    stage: "service",
    when: (dialect: BillDialect) => `service_category = 'compute' AND ${notClassifiedSql("sku_text", dialect)}`,
  },
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
export function leftOutReasonSql(dialect: BillDialect = billDialect("duckdb")): string {
  const reasons: readonly LeftOutReasonSpec[] = LEFT_OUT_REASONS;
  const condition = (when: NonNullable<LeftOutReasonSpec["when"]>) => (typeof when === "string" ? when : when(dialect));
  const tests = (stage: LeftOutReasonSpec["stage"]) =>
    reasons
      .filter((r) => r.stage === stage && r.when !== undefined)
      .map((r) => `WHEN ${condition(r.when!)} THEN '${r.reason}'`);
  const rest = reasons.find((r) => r.when === undefined)!.reason;
  return [
    "CASE",
    ...tests("charge"),
    `WHEN token_row = 1 THEN '${BY_TOKEN}'`,
    ...tests("accelerator"),
    "WHEN accelerators > 0 THEN NULL",
    ...tests("service"),
    `ELSE '${rest}' END`,
  ].join(" ");
}

/**
 * The `reason` sorted_ gives a usage row priced or consumed in tokens: serving bought by the token, counted in its
 * own section (byToken) in tokens and money, neither mapped accelerator-hours nor left out.
 */
export const BY_TOKEN = "byToken";

/**
 * The token units as exports spell them. FOCUS's Unit Format (specification/attributes/unit_format.md) writes a
 * count unit in the plural, with an optional unit quantity before it, a positive integer ("Tokens", "1000
 * Tokens"), and a compound unit with a hyphen ("Request-Tokens"); vendors' exports add a scale ("1K Tokens", Azure
 * OpenAI's meters; "1M tokens", list prices; "Million Tokens") and a kind between ("1K input tokens"). A unit is
 * its quantity (1 when absent) times its scale's tokens (1 when absent). The patterns match the unit lowered and
 * trimmed; "Requests" is not a token unit (a request has no token count) and stays with its service's reason.
 */
export const TOKEN_SCALES = [
  { tokensPerScale: 1_000_000, scale: "(m|million)" },
  { tokensPerScale: 1_000, scale: "(k|thousand)" },
] as const;

/** A unit's quantity: a positive integer, with or without thousands commas ("1000", "1,000"). */
const TOKEN_QUANTITY = "[1-9][0-9,]*";

/** A unit's words after its quantity and scale: "tokens", or one kind of token ("input tokens", "cached-tokens"). */
const TOKEN_WORDS = "([a-z]+[ -]+)?tokens?$";

/** The SQL of the tokens one unit `unit` (SQL text) is, NULL where it is not a token unit (TOKEN_SCALES). */
export function tokensPerUnitSql(unit: string, dialect: BillDialect): string {
  const lowered = `lower(trim(coalesce(${unit}, '')))`;
  const digits = dialect.regexReplaceAll(dialect.regexExtract(lowered, `^(${TOKEN_QUANTITY})`, 1), ",", "");
  const quantity = `coalesce(${dialect.number(`nullif(${digits}, '')`)}, 1)`;
  const scaled = TOKEN_SCALES.map(
    ({ tokensPerScale, scale }) =>
      `WHEN ${dialect.regexMatches(lowered, `^(${TOKEN_QUANTITY} ?)?${scale}[ -]+${TOKEN_WORDS}`)}` +
      ` THEN ${quantity} * ${tokensPerScale}`,
  );
  const plain = `WHEN ${dialect.regexMatches(lowered, `^(${TOKEN_QUANTITY}[ -]+)?${TOKEN_WORDS}`)} THEN ${quantity}`;
  return `CASE ${scaled.join(" ")} ${plain} END`;
}

/** The files of one import, as the engine registered them. */
export interface BillFiles {
  format: "csv" | "parquet";
  /** names as the engine opens them; a .gz CSV is read through gzip */
  paths: readonly string[];
}

/**
 * FOCUS's null as CSV writes it, in any case ("NULL", "null", "Null": the specification's own examples write
 * null) and an empty field. A figure's text is also read as null in any case where it comes through a typed
 * reader or a warehouse (unreadableFigureSql).
 */
const CSV_NULLS = "['NULL', 'null', 'Null', '']";

const list = (paths: readonly string[]) => `[${paths.map(sqlString).join(", ")}]`;

/**
 * The table expression that reads the files, for the FROM of the other queries. CSV is read as text
 * (all_varchar: no type guess from the first rows can fail on row two million), with FOCUS's own NULL and an
 * empty field as null; several files line up by column name; `filename` tells each row's file.
 */
export function billSourceSql(files: BillFiles): string {
  if (files.format === "parquet") return `read_parquet(${list(files.paths)}, union_by_name = true, filename = true)`;
  return (
    `read_csv(${list(files.paths)}, header = true, all_varchar = true, nullstr = ${CSV_NULLS}, ` +
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
  const text = `lower(trim(coalesce(${dialect.text(cell)}, '')))`;
  return `(${text} <> '' AND ${text} <> 'null' AND ${figureSql(cell, dialect)} IS NULL)`;
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

/**
 * The result's sections: a mapped group, a left-out group, the file's own total (see the file's head), and a
 * group of serving bought by the token (BY_TOKEN's rows).
 */
export const BILL_RESULT_SECTIONS = ["mapped", "leftOut", "total", BY_TOKEN] as const;

/** The result's columns that hold numbers (the others are text). */
export const BILL_RESULT_NUMBER_COLUMNS = [
  "consumed_hours",
  "paid_hours",
  "effective_cost",
  "billed_cost",
  "row_count",
  "null_consumed_rows",
  "unreadable_rows",
  "not_utc_rows",
  "moved_rows",
  "split_rows",
  "unsplit_rows",
  "tokens",
] as const;

/**
 * The result's columns of the charge periods' dates (in a total row): rows whose ChargePeriodStart is not UTC,
 * rows whose UTC month is not the month their text begins with, rows split across two months, rows whose period
 * runs past the next month (left whole in their first). A result exported before they were added lacks them,
 * and is read without them (resultCsv.ts).
 */
export const BILL_RESULT_DATE_COLUMNS = ["not_utc_rows", "moved_rows", "split_rows", "unsplit_rows"] as const;

/**
 * The result's column of each mapped group's model (null where the mapping reads no model or the row has none).
 * A result exported before models were read lacks it, and is read as a bill of one model (resultCsv.ts).
 */
export const BILL_RESULT_MODEL_COLUMNS = ["model"] as const;

/**
 * The result's column of a byToken group's tokens (null in the other sections). A result exported before token
 * rows were counted lacks it (its token rows are in leftOut's "other"), and is read without it (resultCsv.ts).
 */
export const BILL_RESULT_TOKEN_COLUMNS = ["tokens"] as const;

/** rows_'s flags that the total rows sum into BILL_RESULT_DATE_COLUMNS, in their order. */
const DATE_FLAGS = ["not_utc", "moved", "split", "unsplit"] as const;

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
  ...BILL_RESULT_DATE_COLUMNS,
  ...BILL_RESULT_MODEL_COLUMNS,
  ...BILL_RESULT_TOKEN_COLUMNS,
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
  const noDates = BILL_RESULT_DATE_COLUMNS.map((column) => `${count} AS ${column}`).join(", ");
  const mapped =
    `SELECT 'mapped' AS section, month, currency, ${role} AS role, pricing_category, ${text} AS reason,` +
    ` sum(${consumed}) AS consumed_hours, sum(coalesce(paid_quantity, 0) * accelerators) AS paid_hours,` +
    ` sum(effective_cost) AS effective_cost, sum(billed_cost) AS billed_cost, count(*) AS row_count,` +
    ` ${dialect.count(`sum(${nullConsumed})`)} AS null_consumed_rows, ${text} AS files, ${count} AS unreadable_rows,` +
    ` ${noDates}, model_value AS model, ${number} AS tokens` +
    ` FROM sorted_ WHERE reason IS NULL GROUP BY month, currency, 4, pricing_category, model_value`;
  const leftOut =
    `SELECT 'leftOut', month, currency, ${text}, ${text}, reason, ${number}, ${number},` +
    ` sum(effective_cost), sum(billed_cost), count(*), ${count}, ${text}, ${count}, ${noDates}, ${text}, ${number}` +
    ` FROM sorted_ WHERE reason IS NOT NULL AND reason <> '${BY_TOKEN}' GROUP BY month, currency, reason`;
  // null_consumed_rows here: token rows whose quantity is not given, counted in money and not in tokens; they are
  // groups of their own, so the measured price per token is of the rows that say their tokens
  const byToken =
    `SELECT '${BY_TOKEN}', month, currency, ${text}, pricing_category, ${text}, ${number}, ${number},` +
    ` sum(effective_cost), sum(billed_cost), count(*),` +
    ` ${dialect.count("sum(CASE WHEN tokens IS NULL THEN 1 ELSE 0 END)")}, ${text}, ${count}, ${noDates},` +
    ` model_value, sum(tokens) FROM sorted_ WHERE reason = '${BY_TOKEN}'` +
    ` GROUP BY month, currency, pricing_category, model_value, CASE WHEN tokens IS NULL THEN 1 ELSE 0 END`;
  const total =
    `SELECT 'total', month, currency, ${text}, ${text}, ${text}, ${number}, ${number},` +
    ` sum(effective_cost), sum(billed_cost), count(*), ${count}, ${dialect.distinctList("file")},` +
    ` ${dialect.count("sum(unreadable)")}, ${DATE_FLAGS.map((f) => dialect.count(`sum(${f})`)).join(", ")},` +
    ` ${text}, ${number} FROM rows_ GROUP BY month, currency`;
  return (
    `${billRowsSql(query)} ${mapped} UNION ALL ${leftOut} UNION ALL ${total} UNION ALL ${byToken}` +
    ` ORDER BY month, currency, section, role, pricing_category, reason, model`
  );
}

/** UTC's own offset: "Z", or zero ("+00:00", "-0000", "+00"). */
const ZERO_OFFSET_PATTERN = "([zZ]|[+-]00(:?00)?)$";

/** A year and month (columns of whole numbers) as the month's text, "2024-09". */
function yearMonthSql(year: string, month: string, dialect: BillDialect): string {
  const digits = (n: string, width: number) => `lpad(${dialect.text(dialect.count(n))}, ${width}, '0')`;
  return `${digits(year, 4)} || '-' || ${digits(month, 2)}`;
}

/** The columns of a row of rows_, as a charge period's part has them (chargePeriodRowsSql). */
const WHOLE_COLUMNS = [
  "currency",
  "charge_category",
  "service_category",
  "pricing_category",
  "unused",
  "in_hours",
  "sku_text",
  "key_value",
  "model_value",
  "file",
  "token_row",
  // the commitment to buy reads each row's charge period and region (hourlyDemandSql)
  "start_s_",
  "end_s_",
  "region",
  "committed",
] as const;
/** The columns a part of a charge period holds its share of, by its hours. */
const SHARED_COLUMNS = [
  "consumed_quantity",
  "paid_quantity",
  "effective_cost",
  "billed_cost",
  "list_cost",
  "tokens",
] as const;

/**
 * rows_ from `read` (a row of the source's text and figures, with its charge period's instants): each row in its
 * UTC month, as FOCUS's dates are UTC (a "-07:00" row of 30 September 23:00 is October's). A charge period that
 * runs into the next UTC month (a daily or monthly row written in a local time) is two parts, each with its
 * share of the quantities and costs by its hours; one that runs past the next month stays whole in its first
 * month and is counted (unsplit), as is every row whose date is not UTC (not_utc) and one whose month moved
 * (moved), in its first part only, so each counts once. A start the engine cannot read keeps its text's month.
 */
function chargePeriodRowsSql(read: string, dialect: BillDialect): string {
  // parts_ (a charge period's first and second part) is a WITH item of billRowsSql's
  const calendar = layeredSql(read, utcCalendarLayers("start_s_", "c_"));
  const utcMonth = `CASE WHEN c_year IS NULL THEN local_month_ ELSE ${yearMonthSql("c_year", "c_month", dialect)} END`;
  const spans = "CASE WHEN end_s_ > c_next AND end_s_ <= c_after THEN 1 ELSE 0 END";
  const long = "CASE WHEN end_s_ > c_after THEN 1 ELSE 0 END";
  const periods = `SELECT *, ${utcMonth} AS utc_month_, ${spans} AS spans_, ${long} AS long_ FROM (${calendar}) c_`;
  const share =
    "CASE WHEN spans_ = 0 THEN 1 WHEN part_ = 0 THEN (c_next - start_s_) / (end_s_ - start_s_)" +
    " ELSE (end_s_ - c_next) / (end_s_ - start_s_) END";
  const first = (flag: string) => `CASE WHEN part_ = 0 THEN ${flag} ELSE 0 END`;
  const columns = [
    `CASE WHEN part_ = 1 THEN ${yearMonthSql("c_next_year", "c_next_month", dialect)} ELSE utc_month_ END AS month`,
    ...WHOLE_COLUMNS,
    ...SHARED_COLUMNS.map((c) => `${c} * ${share} AS ${c}`),
    `${first("unreadable")} AS unreadable`,
    `${first("not_utc_")} AS not_utc`,
    `${first("CASE WHEN utc_month_ <> local_month_ THEN 1 ELSE 0 END")} AS moved`,
    `${first("spans_")} AS split`,
    `${first("long_")} AS unsplit`,
  ];
  return `SELECT ${columns.join(", ")} FROM (${periods}) p_ CROSS JOIN parts_` + " WHERE part_ = 0 OR spans_ = 1";
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
  const pricingTokens = tokensPerUnitSql(text("pricingUnit"), dialect);
  const consumedTokens = tokensPerUnitSql(text("consumedUnit"), dialect);
  // a usage row is a token row when either unit counts tokens; its tokens are the pricing quantity in the pricing
  // unit ("1K Tokens" x 12.5), else the consumed quantity in the consumed unit
  const tokenRow = `CASE WHEN ${pricingTokens} IS NOT NULL OR ${consumedTokens} IS NOT NULL THEN 1 ELSE 0 END`;
  const tokens =
    `coalesce(${figure("pricingQuantity")} * ${pricingTokens},` + ` ${figure("consumedQuantity")} * ${consumedTokens})`;
  const fileColumn = dialect.name === "duckdb" ? query.hasFilename !== false : query.hasFilename === true;
  const file = fileColumn && dialect.fileName ? dialect.fileName : "''";

  const start = text("chargePeriodStart");
  const read =
    `SELECT ${dialect.firstSeven(start)} AS local_month_,` +
    ` ${dialect.epochSeconds(start)} AS start_s_, ${dialect.epochSeconds(text("chargePeriodEnd"))} AS end_s_,` +
    ` CASE WHEN ${dialect.regexMatches(start, UTC_OFFSET_PATTERN)}` +
    ` AND NOT ${dialect.regexMatches(start, ZERO_OFFSET_PATTERN)} THEN 1 ELSE 0 END AS not_utc_,` +
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
    ` ${figure("listCost")} AS list_cost,` +
    ` trim(coalesce(${text("regionId")}, '')) AS region,` +
    // a commitment's row: priced as Committed, or naming the commitment that covered it
    ` (lower(trim(coalesce(${text("pricingCategory")}, ''))) = 'committed'` +
    ` OR trim(coalesce(${text("commitmentDiscountId")}, '')) <> '') AS committed,` +
    ` ${skuText} AS sku_text,` +
    ` ${keyValueSql(mapping.key, detection, dialect)} AS key_value,` +
    ` ${modelValueSql(mapping, detection, dialect)} AS model_value,` +
    ` ${file} AS file,` +
    ` ${tokenRow} AS token_row, ${tokens} AS tokens,` +
    ` CASE WHEN ${FIGURE_KEYS.map(unreadable).join(" OR ")} THEN 1 ELSE 0 END AS unreadable` +
    ` FROM ${query.source}`;
  const rows = chargePeriodRowsSql(read, dialect);

  // a bill has millions of rows but a few thousand distinct SKU texts: the rules' regular expressions run once
  // a text, and the rows join their text's count
  const skus =
    `SELECT t.sku_text, ${accelerators.count("c.accelerators")} AS accelerators` +
    ` FROM (SELECT DISTINCT sku_text FROM rows_) t` +
    ` LEFT JOIN counts_ c ON c.instance_type = ${accelerators.instanceType}`;
  const classified = "SELECT r.*, s.accelerators FROM rows_ r JOIN skus_ s ON s.sku_text = r.sku_text";

  const sorted = `SELECT *, ${leftOutReasonSql(dialect)} AS reason FROM classified_`;
  return (
    `WITH ${dialect.valuesTable(
      "parts_",
      ["part_", "parts_unused_"],
      [
        ["0", "0"],
        ["1", "0"],
      ],
    )},` +
    ` rows_ AS (${rows}),` +
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
    ` WHERE reason IN ('acceleratorCountUnknown', 'notClassified') GROUP BY sku_text, currency` +
    " ORDER BY effective_cost DESC LIMIT 50"
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

/** The columns of hourlyDemandSql's result, in order, each with its type (for a typed NULL in every dialect). */
export const HOURLY_DEMAND_COLUMNS = [
  ["section", "text"],
  ["currency", "text"],
  ["family", "text"],
  ["region", "text"],
  ["accelerators", "number"],
  ["hours", "number"],
  ["used_hours", "number"],
  ["committed_paid_hours", "number"],
  ["committed_cost", "number"],
  ["list_cost", "number"],
  ["list_paid_hours", "number"],
  ["on_demand_cost", "number"],
  ["on_demand_paid_hours", "number"],
  ["period_hours", "number"],
  ["row_count", "count"],
] as const satisfies readonly (readonly [string, SqlNullType])[];

/** A column of HOURLY_DEMAND_COLUMNS. */
type HourlyDemandColumn = (typeof HOURLY_DEMAND_COLUMNS)[number][0];

/** One branch of hourlyDemandSql's UNION: `values` named, every other column a typed NULL, then `from`. */
function demandBranch(dialect: BillDialect, values: Partial<Record<HourlyDemandColumn, string>>, from: string): string {
  const items = HOURLY_DEMAND_COLUMNS.map(([column, type]) => `${values[column] ?? dialect.nullOf(type)} AS ${column}`);
  return `SELECT ${items.join(", ")} ${from}`;
}

/**
 * The bill's serving demand hour by hour, for the commitment to buy (src/commitments), in the query's dialect
 * (DuckDB's unless given; over the classified rows `query.sorted` in DuckDB, or the source in any): the mapped
 * accelerator rows the mapping calls serving, by currency, the vendor's instance family (accelerators.ts
 * acceleratorFamilyOf: "g5" of g5.xlarge, "a3-highgpu" of a3-highgpu-8g, "ND H100 v5"; '' for accelerators billed
 * one by one) and RegionId. Each hour's demand is the accelerator-hours consumed in it (unused commitment consumes
 * none): on an hourly bill, the accelerators in use that hour, whatever their price (a spot row, Dynamic, is
 * demand a commitment would cover; only the price on demand is read from Standard rows alone). An hour is the
 * charge period's start truncated to its UTC hour: floor of its epoch seconds over 3,600, the same in every
 * dialect (billDialects.ts epochSeconds reads the instant in UTC). Only rows whose charge period is an hour or
 * less are hourly demand; the others are counted (section "period") and left out. One result, told apart by
 * `section`:
 * - "level": a group's hours (`hours`) at one level of demand (`accelerators`), for the hours it has rows;
 * - "group": a group's accelerator-hours used; paid under a commitment, with their EffectiveCost; ListCost (of the
 *   rows with one above 0) and the hours paid it prices; on demand's (Standard) EffectiveCost and hours paid;
 * - "period": the serving rows (`row_count`) whose charge periods are `period_hours` long (NULL: no end), hourly
 *   or not, which tell an hourly bill from a daily one by their share;
 * - "span": the whole bill's hours from its first charge period's start to its last one's end (`hours`).
 */
export function hourlyDemandSql(query: BillQuery): string {
  const dialect = billDialect(query.dialect);
  const role = roleSql(query.mapping, "s.key_value", "s.unused", dialect);
  const type = acceleratorSql("sku_text", query.counts, dialect).instanceType;
  const used = "CASE WHEN s.unused THEN 0 ELSE coalesce(s.consumed_quantity, 0) END * s.accelerators";
  const paid = "coalesce(s.paid_quantity, 0) * s.accelerators";
  // an hour or less: the seconds are whole in every export, so the comparison is exact
  const hourly = "CASE WHEN s.end_s_ - s.start_s_ <= 3600 THEN 1 ELSE 0 END";
  const serving =
    `SELECT s.currency, t.family, s.region, floor(s.start_s_ / 3600) AS hour_,` +
    ` (s.end_s_ - s.start_s_) / 3600 AS period_hours_, ${hourly} AS hourly_, ${used} AS used_,` +
    ` ${paid} AS paid_, s.committed, s.pricing_category, s.effective_cost, s.list_cost` +
    ` FROM sorted_ s JOIN types_ t ON t.sku_text = s.sku_text WHERE s.reason IS NULL AND ${role} = 'serving'`;
  const types =
    `SELECT x.sku_text, coalesce(f.family, '') AS family FROM (SELECT DISTINCT sku_text, ${type} AS instance_type` +
    ` FROM sorted_ WHERE reason IS NULL) x LEFT JOIN families_ f ON f.instance_type = x.instance_type`;
  // a row whose start the engine cannot read is in no hour (its month keeps its text's: chargePeriodRowsSql)
  const hours =
    "SELECT currency, family, region, hour_, sum(used_) AS used_ FROM serving_" +
    " WHERE hourly_ = 1 AND hour_ IS NOT NULL GROUP BY currency, family, region, hour_";
  const onDemand = "pricing_category = 'Standard' AND NOT committed";
  const branches = [
    demandBranch(
      dialect,
      {
        section: "'level'",
        currency: "currency",
        family: "family",
        region: "region",
        accelerators: "used_",
        hours: "count(*)",
      },
      "FROM hours_ GROUP BY currency, family, region, used_",
    ),
    demandBranch(
      dialect,
      {
        section: "'group'",
        currency: "currency",
        family: "family",
        region: "region",
        used_hours: "sum(used_)",
        committed_paid_hours: "sum(CASE WHEN committed THEN paid_ ELSE 0 END)",
        committed_cost: "sum(CASE WHEN committed THEN effective_cost ELSE 0 END)",
        // a ListCost of 0 (an unused commitment's row, say) prices nothing: only rows with a list price count
        list_cost: "sum(CASE WHEN list_cost > 0 THEN list_cost END)",
        list_paid_hours: "sum(CASE WHEN list_cost > 0 THEN paid_ ELSE 0 END)",
        on_demand_cost: `sum(CASE WHEN ${onDemand} THEN effective_cost ELSE 0 END)`,
        on_demand_paid_hours: `sum(CASE WHEN ${onDemand} THEN paid_ ELSE 0 END)`,
      },
      "FROM serving_ WHERE hourly_ = 1 GROUP BY currency, family, region",
    ),
    demandBranch(
      dialect,
      { section: "'period'", period_hours: "period_hours_", row_count: "count(*)" },
      "FROM serving_ GROUP BY period_hours_",
    ),
    demandBranch(dialect, { section: "'span'", hours: "(max(end_s_) - min(start_s_)) / 3600" }, "FROM sorted_"),
  ];
  return (
    `${billRowsSql(query)}, ${acceleratorFamiliesSql(query.counts, dialect)}, types_ AS (${types}),` +
    ` serving_ AS (${serving}), hours_ AS (${hours})` +
    ` ${branches.join(" UNION ALL ")} ORDER BY section, currency, family, region, accelerators, period_hours`
  );
}
