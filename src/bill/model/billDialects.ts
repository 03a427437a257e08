/*
 * The SQL dialects the bill's one aggregation is written in (billSql.ts): DuckDB, which the pane runs, and the
 * warehouses the clouds export FOCUS to, where a bill too large for a laptop already lives. Each dialect is
 * data: how it quotes a name and a value, how it casts, matches and extracts with a regular expression, joins
 * words and lists, writes a small table of values, and reads one tag from Tags; and the list of every function
 * its text may call, which the tests hold the text to. The result has the same columns, with the same meaning,
 * in every dialect, so the pane reads any of them back (resultCsv.ts).
 *
 * What each dialect assumes of the table (FOCUS names the columns, not their types):
 * - BigQuery (Google Cloud's FOCUS export, gcp_billing_export_focus_<account>): Tags is
 *   ARRAY<STRUCT<key STRING, value STRING>>, as the billing exports hold labels; a value is read with UNNEST.
 * - Snowflake: Tags is a VARIANT or OBJECT, or JSON text (TO_VARCHAR then TRY_PARSE_JSON reads both).
 *   Timestamps are read as text in the session's TIMESTAMP_OUTPUT_FORMAT, whose default starts YYYY-MM.
 * - Databricks SQL / Spark SQL (where Azure's and AWS's exports are often loaded): Tags is map<string,string>.
 *   A TIMESTAMP column's text is in the session time zone, without its offset: run it with the time zone set to
 *   UTC (a text column with its offset is read right in any session).
 * - Amazon Athena / Trino (AWS Data Exports, "FOCUS 1.0 with AWS columns", to S3 and a Glue table): Tags is
 *   map<varchar,varchar>.
 * Regular expressions: DuckDB and BigQuery use RE2, Databricks and Trino Java's syntax, Snowflake POSIX
 * extended; the patterns a warehouse is given use only what all of these read alike (bracket classes,
 * alternation, groups, ?, *, +, ^, $ and \. for a dot: regexLiteral escapes only metacharacters there, where
 * DuckDB's also escapes - and /), and only BigQuery is given non-capturing groups, because its REGEXP_EXTRACT
 * takes no group number and refuses a pattern with two capturing groups.
 *
 * Sources. Checked with the search tool (each function's name and argument order, 2026-12-01):
 * - BigQuery, https://cloud.google.com/bigquery/docs/reference/standard-sql/string_functions: REGEXP_CONTAINS
 *   (value, regexp), REGEXP_EXTRACT(value, regexp): NULL when no match, REGEXP_REPLACE(value, regexp,
 *   replacement), as Apache Calcite's BigQuery library quotes that page (CALCITE-5858, CALCITE-5910); Calcite's
 *   copy also refuses a pattern of more than one capturing group, as BigQuery does.
 * - Snowflake: https://docs.snowflake.com/en/sql-reference/functions/regexp_substr (REGEXP_SUBSTR(subject,
 *   pattern, position, occurrence, regex_parameters, group_num), 'e' to extract a group),
 *   https://docs.snowflake.com/sql-reference/functions/regexp_like (it anchors the pattern at both ends, so a
 *   match anywhere is REGEXP_INSTR(subject, pattern) > 0), https://docs.snowflake.com/en/sql-reference/functions/
 *   concat_ws (it does not skip NULLs) and .../array_to_string.html (a NULL element becomes '': hence
 *   ARRAY_CONSTRUCT_COMPACT, which drops them), .../listagg.html (LISTAGG([DISTINCT] expr, delimiter)
 *   WITHIN GROUP (ORDER BY ...)).
 * - Databricks: https://docs.databricks.com/sql/language-manual/functions/regexp_extract.html (regexp_extract(str,
 *   regexp, idx): '' when no match; literals are backslash-escaped), .../functions/regexp_like (regexp_like(str,
 *   regex), 10.4 LTS and above), .../functions/try_element_at.html (try_element_at(mapExpr, key): NULL for a
 *   missing key, where element_at raises under ANSI mode).
 * - Trino / Athena (engine 3 is Trino), from the docs' source (trinodb/trino docs/src/main/sphinx/functions):
 *   https://trino.io/docs/current/functions/regexp.html (regexp_like(string, pattern) is a contains match;
 *   regexp_extract(string, pattern, group); regexp_replace(string, pattern, replacement) replaces every match),
 *   .../functions/map.html (element_at(map, key): NULL for a missing key), .../functions/array.html (array_join
 *   omits NULL elements; array_sort; array_distinct).
 * - AWS: https://docs.aws.amazon.com/cur/latest/userguide/table-dictionary-cur2-resource-tags.html (CUR 2.0's
 *   resource_tags is a map<string,string>); the FOCUS 1.0 table's Tags row
 *   (https://docs.aws.amazon.com/cur/latest/userguide/table-dictionary-focus-1-0-aws.html) was not returned by
 *   the search: its map<varchar,varchar> is assumed from CUR 2.0's, and must be checked against that page.
 * - Google Cloud's FOCUS table: https://docs.cloud.google.com/billing/docs/how-to/export-data-bigquery-tables/
 *   focus-export (the search did not return its Tags row: the ARRAY<STRUCT<key, value>> shape is assumed from
 *   the billing exports' labels, and must be checked against that page).
 * Written from the vendors' pages as known, not found by the search: BigQuery SAFE_CAST, STRING_AGG(DISTINCT x,
 * delimiter ORDER BY x), ARRAY_TO_STRING leaving NULLs out, backslash escapes in quoted strings and names;
 * Snowflake TRY_TO_DOUBLE, REGEXP_INSTR, GET, TRY_PARSE_JSON, backslash escapes; Databricks try_cast,
 * collect_set, array_join, array_sort; Trino try_cast and array_agg.
 * None of these engines runs here: DuckDB's text is run in the tests, the others are checked as text
 * (test/bill/model/billDialects.test.ts).
 */
import { duckdbTagValueSql, regexLiteral, sqlIdentifier, sqlString } from "./sqlText";

/** The dialects the aggregation is written in. */
export type BillDialectName = "duckdb" | "bigquery" | "snowflake" | "databricks" | "athena";

/** A type a typed NULL is cast to, so that UNION ALL's branches agree in every warehouse. */
export type SqlNullType = "text" | "number" | "count";

/** How one engine writes the pieces of the bill's SQL. */
export interface BillDialect {
  name: BillDialectName;
  /** how the README and the pane name it */
  label: string;
  /** what the dialect assumes of the table's Tags column, in a planner's words */
  tags: string;
  /** every function (and CAST-like form) the dialect's text may call, lower-case */
  functions: readonly string[];
  /** a quoted name */
  identifier(name: string): string;
  /** a quoted string literal */
  string(value: string): string;
  /** text that matches itself inside a regular expression of this dialect */
  regexLiteral(text: string): string;
  /** whether patterns group with (?:...) where no group is extracted (BigQuery needs it) */
  nonCapturing: boolean;
  /** the expression as text */
  text(expression: string): string;
  /** the expression as a double, NULL where it is not a number */
  number(expression: string): string;
  /** the expression as a 64-bit integer */
  count(expression: string): string;
  /** a typed NULL */
  nullOf(type: SqlNullType): string;
  /** whether `pattern` (a regular expression's source) matches anywhere in the text */
  regexMatches(text: string, pattern: string): string;
  /** the `group`-th capturing group of the first match: '' or NULL when none (the callers take either) */
  regexExtract(text: string, pattern: string, group: number): string;
  /** every match of `pattern` replaced with `replacement` */
  regexReplaceAll(text: string, pattern: string, replacement: string): string;
  /** text expressions joined by one space, NULLs skipped */
  joinWords(texts: readonly string[]): string;
  /** the first seven characters of a text: a month, "2024-09" */
  firstSeven(text: string): string;
  /**
   * the instant an ISO 8601 text names, as seconds since 1970-01-01T00:00:00Z (a double), NULL where it names
   * none: an offset ("-07:00", "+0200", "Z") converted to UTC, a text without one read as UTC, as FOCUS says
   * its dates are (the specification's Date/Time Format: UTC, ISO 8601)
   */
  epochSeconds(text: string): string;
  /** an aggregate: the group's distinct values of a text, sorted, joined by '|' */
  distinctList(text: string): string;
  /** a WITH item `name` of `columns` holding `rows` (literals already written in this dialect) */
  valuesTable(name: string, columns: readonly [string, string], rows: readonly (readonly [string, string])[]): string;
  /** the raw value of the tag `name` in the Tags column `tags` (an expression), NULL when absent */
  tagValue(tags: string, name: string): string;
  /** the expression of the file a row came from, where the dialect has one */
  fileName?: string;
}

/** A literal in a quoted string whose backslashes are escapes (BigQuery, Snowflake, Databricks). */
function backslashString(value: string, quote: "'" | "''"): string {
  const body = String(value)
    .replace(/\\/g, "\\\\")
    .replace(/'/g, quote === "'" ? "\\'" : "''")
    .replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r");
  return `'${body}'`;
}

/** Text that matches itself in the warehouses' regular expressions: only their metacharacters escaped. */
function portableRegexLiteral(text: string): string {
  return String(text).replace(/[\\^$.*+?()[\]{}|]/g, (c) => `\\${c}`);
}

const COMMON = ["coalesce", "nullif", "lower", "upper", "trim", "sum", "count", "min", "max", "cast", "floor", "lpad"];

/**
 * The end of an ISO 8601 date-time that carries its offset from UTC: the seconds (or minutes), then "Z" or
 * +hh, +hhmm, +hh:mm (a date alone, "2024-09-01", ends in "-01" and is no offset). Portable (see the head).
 */
export const UTC_OFFSET_PATTERN = "[0-9]:[0-9][0-9]([.,][0-9]*)? ?([zZ]|[+-][0-9][0-9](:?[0-9][0-9])?)$";

/** The text with "Z" appended where it carries no offset, so an engine that reads bare text in its session's
 * time zone reads it as UTC. */
const asUtc = (text: string, matches: (t: string, p: string) => string) =>
  `CASE WHEN ${matches(text, UTC_OFFSET_PATTERN)} THEN ${text} ELSE ${text} || 'Z' END`;

/** DuckDB: the pane's engine, and the text as it has always been. */
const DUCKDB: BillDialect = {
  name: "duckdb",
  label: "DuckDB (the pane's engine, or DuckDB itself over the files)",
  tags:
    'Tags read as text: a JSON object ({"workload": "train"}), a list of key and value objects ' +
    '([{"key": "workload", "value": "train"}]) or a printed map ({workload=train})',
  functions: [
    ...COMMON,
    "try_cast",
    "contains",
    "regexp_extract_all",
    "list_transform",
    "array_to_string",
    "chr",
    "substr",
    "length",
    "regexp_matches",
    "regexp_extract",
    "regexp_replace",
    "concat_ws",
    "left",
    "epoch_us",
    "string_agg",
    "read_csv",
    "read_parquet",
  ],
  identifier: sqlIdentifier,
  string: sqlString,
  regexLiteral,
  nonCapturing: false,
  text: (e) => `CAST(${e} AS VARCHAR)`,
  // digits grouped with "_" ("3_2") are 32 to DuckDB's cast, and no figure an export writes: not a number
  number: (e) => `TRY_CAST(CASE WHEN NOT contains(CAST(${e} AS VARCHAR), '_') THEN ${e} END AS DOUBLE)`,
  count: (e) => `CAST(${e} AS BIGINT)`,
  nullOf: () => "NULL",
  regexMatches: (t, p) => `regexp_matches(${t}, ${sqlString(p)})`,
  regexExtract: (t, p, g) => `regexp_extract(${t}, ${sqlString(p)}, ${g})`,
  regexReplaceAll: (t, p, r) => `regexp_replace(${t}, ${sqlString(p)}, ${sqlString(r)}, 'g')`,
  joinWords: (texts) => `concat_ws(' ', ${texts.join(", ")})`,
  firstSeven: (t) => `left(${t}, 7)`,
  // the cast reads an offset and takes bare text as UTC without the ICU extension (the pane's engine has none);
  // epoch is of the instant, so a session time zone, were ICU loaded, changes nothing
  epochSeconds: (t) => `epoch_us(TRY_CAST(${t} AS TIMESTAMPTZ)) / 1000000`,
  distinctList: (t) => `string_agg(DISTINCT ${t}, '|' ORDER BY ${t})`,
  valuesTable: (name, [a, b], rows) =>
    `${name}(${a}, ${b}) AS (VALUES ${rows.map(([x, y]) => `(${x}, ${y})`).join(", ")})`,
  tagValue: duckdbTagValueSql,
  fileName: "CAST(filename AS VARCHAR)",
};

/** Google BigQuery (GoogleSQL). */
const BIGQUERY: BillDialect = {
  name: "bigquery",
  label: "Google BigQuery (Google Cloud's FOCUS export)",
  tags: "Tags as ARRAY<STRUCT<key STRING, value STRING>>",
  functions: [
    ...COMMON,
    "safe_cast",
    "regexp_contains",
    "regexp_extract",
    "regexp_replace",
    "array_to_string",
    "substr",
    "string_agg",
    "unnest",
    "any_value",
    "unix_micros",
  ],
  identifier: (name) => `\`${String(name).replace(/\\/g, "\\\\").replace(/`/g, "\\`")}\``,
  string: (value) => backslashString(value, "'"),
  regexLiteral: portableRegexLiteral,
  nonCapturing: true,
  text: (e) => `CAST(${e} AS STRING)`,
  number: (e) => `SAFE_CAST(${e} AS FLOAT64)`,
  count: (e) => `CAST(${e} AS INT64)`,
  nullOf: (type) => `CAST(NULL AS ${{ text: "STRING", number: "FLOAT64", count: "INT64" }[type]})`,
  regexMatches: (t, p) => `REGEXP_CONTAINS(${t}, ${BIGQUERY.string(p)})`,
  // one capturing group only: the callers' patterns have exactly one where BigQuery extracts
  regexExtract: (t, p) => `REGEXP_EXTRACT(${t}, ${BIGQUERY.string(p)})`,
  regexReplaceAll: (t, p, r) => `REGEXP_REPLACE(${t}, ${BIGQUERY.string(p)}, ${BIGQUERY.string(r)})`,
  // ARRAY_TO_STRING leaves NULL elements out when no null text is given
  joinWords: (texts) => `ARRAY_TO_STRING([${texts.join(", ")}], ' ')`,
  firstSeven: (t) => `SUBSTR(${t}, 1, 7)`,
  // a text's cast to TIMESTAMP reads its offset, and bare text in UTC, the cast's default time zone
  epochSeconds: (t) => `UNIX_MICROS(SAFE_CAST(${t} AS TIMESTAMP)) / 1000000`,
  distinctList: (t) => `STRING_AGG(DISTINCT ${t}, '|' ORDER BY ${t})`,
  valuesTable: (name, [a, b], rows) =>
    `${name} AS (SELECT * FROM UNNEST([${rows.map(([x, y]) => `STRUCT(${x} AS ${a}, ${y} AS ${b})`).join(", ")}]))`,
  tagValue: (tags, name) =>
    `(SELECT ANY_VALUE(tag_.value) FROM UNNEST(${tags}) AS tag_ WHERE tag_.key = ${BIGQUERY.string(name)})`,
  fileName: "_FILE_NAME",
};

/** Snowflake. */
const SNOWFLAKE: BillDialect = {
  name: "snowflake",
  label: "Snowflake",
  tags: "Tags as a VARIANT or OBJECT, or JSON text",
  functions: [
    ...COMMON,
    "try_to_double",
    "regexp_instr",
    "regexp_substr",
    "regexp_replace",
    "array_to_string",
    "array_construct_compact",
    "substr",
    "listagg",
    "get",
    "try_parse_json",
    "to_varchar",
    "date_part",
    "try_to_timestamp_tz",
    "try_to_timestamp_ntz",
  ],
  identifier: sqlIdentifier,
  string: (value) => backslashString(value, "''"),
  regexLiteral: portableRegexLiteral,
  nonCapturing: false,
  text: (e) => `CAST(${e} AS VARCHAR)`,
  // TRY_TO_DOUBLE takes text only: a NUMBER column goes through its text
  number: (e) => `TRY_TO_DOUBLE(CAST(${e} AS VARCHAR))`,
  count: (e) => `CAST(${e} AS BIGINT)`,
  nullOf: (type) => `CAST(NULL AS ${{ text: "VARCHAR", number: "DOUBLE", count: "BIGINT" }[type]})`,
  regexMatches: (t, p) => `(REGEXP_INSTR(${t}, ${SNOWFLAKE.string(p)}) > 0)`,
  regexExtract: (t, p, g) => `REGEXP_SUBSTR(${t}, ${SNOWFLAKE.string(p)}, 1, 1, 'e', ${g})`,
  regexReplaceAll: (t, p, r) => `REGEXP_REPLACE(${t}, ${SNOWFLAKE.string(p)}, ${SNOWFLAKE.string(r)})`,
  joinWords: (texts) => `ARRAY_TO_STRING(ARRAY_CONSTRUCT_COMPACT(${texts.join(", ")}), ' ')`,
  firstSeven: (t) => `SUBSTR(${t}, 1, 7)`,
  // TRY_TO_TIMESTAMP_TZ reads an offset but reads bare text in the session's TIMEZONE; _NTZ reads bare text as it
  // stands, and its epoch is then UTC's
  epochSeconds: (t) =>
    `DATE_PART(EPOCH_MICROSECOND, CASE WHEN ${SNOWFLAKE.regexMatches(t, UTC_OFFSET_PATTERN)}` +
    ` THEN TRY_TO_TIMESTAMP_TZ(${t}) ELSE TRY_TO_TIMESTAMP_NTZ(${t}) END) / 1000000`,
  distinctList: (t) => `LISTAGG(DISTINCT ${t}, '|') WITHIN GROUP (ORDER BY ${t})`,
  // https://docs.snowflake.com/sql-reference/constructs/values: FROM (VALUES ...) AS alias (columns)
  valuesTable: (name, [a, b], rows) =>
    `${name} AS (SELECT * FROM (VALUES ${rows.map(([x, y]) => `(${x}, ${y})`).join(", ")}) AS counts_t_(${a}, ${b}))`,
  tagValue: (tags, name) => `CAST(GET(TRY_PARSE_JSON(TO_VARCHAR(${tags})), ${SNOWFLAKE.string(name)}) AS VARCHAR)`,
};

/** Databricks SQL and Spark SQL. */
const DATABRICKS: BillDialect = {
  name: "databricks",
  label: "Databricks SQL / Spark SQL",
  tags: "Tags as map<string,string>",
  functions: [
    ...COMMON,
    "try_cast",
    "regexp_like",
    "regexp_extract",
    "regexp_replace",
    "concat_ws",
    "substr",
    "array_join",
    "array_sort",
    "collect_set",
    "try_element_at",
    "unix_micros",
  ],
  identifier: (name) => `\`${String(name).replace(/`/g, "``")}\``,
  string: (value) => backslashString(value, "'"),
  regexLiteral: portableRegexLiteral,
  nonCapturing: false,
  text: (e) => `CAST(${e} AS STRING)`,
  number: (e) => `try_cast(${e} AS DOUBLE)`,
  count: (e) => `CAST(${e} AS BIGINT)`,
  nullOf: (type) => `CAST(NULL AS ${{ text: "STRING", number: "DOUBLE", count: "BIGINT" }[type]})`,
  regexMatches: (t, p) => `regexp_like(${t}, ${DATABRICKS.string(p)})`,
  regexExtract: (t, p, g) => `regexp_extract(${t}, ${DATABRICKS.string(p)}, ${g})`,
  regexReplaceAll: (t, p, r) => `regexp_replace(${t}, ${DATABRICKS.string(p)}, ${DATABRICKS.string(r)})`,
  // Spark's concat_ws skips NULL arguments
  joinWords: (texts) => `concat_ws(' ', ${texts.join(", ")})`,
  firstSeven: (t) => `substr(${t}, 1, 7)`,
  // the cast reads bare text in the session time zone: "Z" appended makes it UTC whatever the session's
  epochSeconds: (t) =>
    `unix_micros(try_cast(${asUtc(t, (x, p) => DATABRICKS.regexMatches(x, p))} AS TIMESTAMP)) / 1000000`,
  distinctList: (t) => `array_join(array_sort(collect_set(${t})), '|')`,
  // Databricks' VALUES clause, FROM VALUES (...), (...) AS data(a, b), as Snowflake's migration guide quotes it:
  // https://docs.snowflake.com/en/migrations/sma-docs/translation-reference/spark-sql/spark-sql-dml/select/values
  valuesTable: (name, [a, b], rows) =>
    `${name} AS (SELECT * FROM VALUES ${rows.map(([x, y]) => `(${x}, ${y})`).join(", ")} AS counts_t_(${a}, ${b}))`,
  tagValue: (tags, name) => `try_element_at(${tags}, ${DATABRICKS.string(name)})`,
  fileName: "_metadata.file_path",
};

/** Amazon Athena (engine version 3) and Trino. */
const ATHENA: BillDialect = {
  name: "athena",
  label: "Amazon Athena / Trino (AWS Data Exports' FOCUS 1.0 table)",
  tags: "Tags as map<varchar,varchar>",
  functions: [
    ...COMMON,
    "try_cast",
    "regexp_like",
    "regexp_extract",
    "regexp_replace",
    "substr",
    "array_join",
    "array_sort",
    "array_distinct",
    "array_agg",
    "element_at",
    "to_unixtime",
    "try",
    "from_iso8601_timestamp",
  ],
  identifier: sqlIdentifier,
  string: sqlString,
  regexLiteral: portableRegexLiteral,
  nonCapturing: false,
  text: (e) => `CAST(${e} AS varchar)`,
  number: (e) => `try_cast(${e} AS double)`,
  count: (e) => `CAST(${e} AS bigint)`,
  nullOf: (type) => `CAST(NULL AS ${{ text: "varchar", number: "double", count: "bigint" }[type]})`,
  regexMatches: (t, p) => `regexp_like(${t}, ${sqlString(p)})`,
  regexExtract: (t, p, g) => `regexp_extract(${t}, ${sqlString(p)}, ${g})`,
  regexReplaceAll: (t, p, r) => `regexp_replace(${t}, ${sqlString(p)}, ${sqlString(r)})`,
  // array_join omits NULL elements, as DuckDB's concat_ws skips NULL arguments
  joinWords: (texts) => `array_join(ARRAY[${texts.join(", ")}], ' ')`,
  firstSeven: (t) => `substr(${t}, 1, 7)`,
  // from_iso8601_timestamp wants the "T" (FOCUS CSVs often write a space) and reads bare text in the session's
  // time zone: "Z" appended makes it UTC; try() makes a text it cannot read NULL
  epochSeconds: (t) => {
    const iso = `CASE WHEN substr(${t}, 11, 1) = ' ' THEN substr(${t}, 1, 10) || 'T' || substr(${t}, 12) ELSE ${t} END`;
    return `to_unixtime(try(from_iso8601_timestamp(${asUtc(iso, (x, p) => ATHENA.regexMatches(x, p))})))`;
  },
  distinctList: (t) => `array_join(array_sort(array_distinct(array_agg(${t}))), '|')`,
  valuesTable: (name, [a, b], rows) =>
    `${name}(${a}, ${b}) AS (VALUES ${rows.map(([x, y]) => `(${x}, ${y})`).join(", ")})`,
  tagValue: (tags, name) => `element_at(${tags}, ${sqlString(name)})`,
  fileName: '"$path"',
};

/** Every dialect, DuckDB first. */
export const BILL_DIALECTS: readonly BillDialect[] = [DUCKDB, BIGQUERY, SNOWFLAKE, DATABRICKS, ATHENA];

/** The dialect of `name`, DuckDB when none or an unknown one is given. */
export function billDialect(name?: BillDialectName | string): BillDialect {
  return BILL_DIALECTS.find((d) => d.name === name) ?? DUCKDB;
}

/**
 * A warehouse table's name as the aggregation's `source`, each part quoted in the dialect:
 * `project`.`dataset`.`table` in BigQuery, "DB"."SCHEMA"."TABLE" in Snowflake.
 * @example billTableSql("athena", ["focus", "data"]) // '"focus"."data"'
 */
export function billTableSql(name: BillDialectName, parts: readonly string[]): string {
  const dialect = billDialect(name);
  return parts.map((part) => dialect.identifier(part)).join(".");
}
