/*
 * SQL text for the bill's queries. Every name and value that reaches the SQL comes from a file's header or a
 * planner's mapping, so each is quoted here, once, and never pasted in as it stands.
 */

/** A quoted identifier: "Effective""Cost" for a name with a double quote in it. */
export function sqlIdentifier(name: string): string {
  return `"${String(name).replace(/"/g, '""')}"`;
}

/**
 * A quoted string literal: 'O''Brien'. A NUL (U+0000) is joined in as chr(0): the engine reads its SQL text as a C
 * string, so a NUL in the text itself ended the statement there (a mapping value holding one broke every import).
 */
export function sqlString(value: string): string {
  const parts = String(value)
    .split("\u0000")
    .map((part) => `'${part.replace(/'/g, "''")}'`);
  return parts.length === 1 ? parts[0] : `(${parts.join(" || chr(0) || ")})`;
}

/** Text that matches itself literally inside a regular expression (RE2, as DuckDB and BigQuery use). */
export function regexLiteral(text: string): string {
  return String(text).replace(/[\\^$.*+?()[\]{}|/-]/g, (c) => `\\${c}`);
}

/** A number as SQL: finite numbers only, as the model has checked them. */
export function sqlNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : "NULL";
}

/** RE2 source of a JSON string's body: any character but a quote or backslash, or an escape. */
const JSON_BODY = String.raw`(?:[^"\\]|\\.)*`;
/** RE2 source of a printed map's quoted text ('it\'s'): any character but a quote or backslash, or an escape. */
const QUOTED_BODY = String.raw`(?:[^'\\]|\\.)*`;
/** RE2 source of a printed map's key or value: quoted, or bare up to the next separator. */
const MAP_ITEM = String.raw`(?:'${QUOTED_BODY}'|[^,}'=]*)`;

/**
 * The text of a JSON string's body with its escapes decoded (\" \\ \/ \n \t \r \b \f, \uXXXX and surrogate
 * pairs; a lone surrogate as U+FFFD), in DuckDB's core functions (no JSON extension): only a body that holds a
 * backslash is split into escapes and runs of plain text, so a plain one costs one test.
 */
function decodedJsonSql(body: string): string {
  const hex = (from: number) => `CAST('0x' || substr(t, ${from}, 4) AS INTEGER)`;
  const token =
    `CASE WHEN length(t) = 12 THEN chr(65536 + (${hex(3)} - 55296) * 1024 + ${hex(9)} - 56320)` +
    ` WHEN length(t) = 6 THEN CASE WHEN ${hex(3)} BETWEEN 55296 AND 57343 THEN chr(65533) ELSE chr(${hex(3)}) END` +
    ` WHEN t = '\\n' THEN chr(10) WHEN t = '\\t' THEN chr(9) WHEN t = '\\r' THEN chr(13)` +
    ` WHEN t = '\\b' THEN chr(8) WHEN t = '\\f' THEN chr(12) WHEN left(t, 1) = '\\' THEN substr(t, 2) ELSE t END`;
  const tokens = sqlString(
    String.raw`\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\.|[^\\]+`,
  );
  const decoded = `array_to_string(list_transform(regexp_extract_all(${body}, ${tokens}), t -> ${token}), '')`;
  return `CASE WHEN contains(${body}, '\\') THEN ${decoded} ELSE ${body} END`;
}

/** A printed map's key or value as its text: a quoted one unquoted and its escapes (\' \\) decoded. */
function unquotedSql(item: string): string {
  const inner = `regexp_replace(substr(${item}, 2, length(${item}) - 2), ${sqlString(String.raw`\\(.)`)}, '\\1', 'g')`;
  return `CASE WHEN left(${item}, 1) = '''' THEN ${inner} ELSE ${item} END`;
}

/**
 * DuckDB's expression of the tag `name`'s value in the Tags text `tags`, NULL when the row has no such tag, read
 * exactly in each shape a FOCUS export's Tags take, told by how the text begins:
 * - a JSON object ({"workload": "train"}, as CSV exports write it, and the Parquet reader writes maps): the key
 *   is a JSON string after { or , (in valid JSON a quote inside a value is escaped, so no value is read as a
 *   key), its value a JSON string, escapes decoded;
 * - a list of {"key", "value"} objects ([{"key": "workload", "value": "train"}], BigQuery's labels, as the
 *   Parquet reader writes a list of structs), escapes decoded;
 * - a map as DuckDB prints one ({workload=train, 'a=b'='it\'s'}), read entry by entry from the start, so a value
 *   holding ", workload=" is never taken for the key.
 * No JSON extension is needed (the pane's engine has none).
 */
export function duckdbTagValueSql(tags: string, name: string): string {
  const text = `CAST(${tags} AS VARCHAR)`;
  const jsonKey = regexLiteral(JSON.stringify(name).slice(1, -1));
  const object = String.raw`[{,]\s*"${jsonKey}"\s*:\s*"(${JSON_BODY})"`;
  const list = String.raw`\{\s*"key"\s*:\s*"${jsonKey}"\s*,\s*"value"\s*:\s*"(${JSON_BODY})"\s*\}`;
  const mapKey = `(?:${regexLiteral(name)}|'${regexLiteral(name.replace(/[\\']/g, (c) => `\\${c}`))}')`;
  const map = String.raw`^\s*\{(?:\s*${MAP_ITEM}=${MAP_ITEM}\s*,)*?\s*${mapKey}=(${MAP_ITEM})\s*[,}]`;
  const extract = (pattern: string) => `regexp_extract(${text}, ${sqlString(pattern)}, 1)`;
  const found = (pattern: string) => `regexp_matches(${text}, ${sqlString(pattern)})`;
  // regexp_extract gives '' both for no match and for an empty value: a row whose match fails has no such tag
  const json = (pattern: string) => `CASE WHEN ${found(pattern)} THEN ${decodedJsonSql(extract(pattern))} END`;
  return (
    `CASE WHEN ${found(String.raw`^\s*\{\s*"`)} THEN ${json(object)}` +
    ` WHEN ${found(String.raw`^\s*\[`)} THEN ${json(list)}` +
    ` WHEN ${found(map)} THEN ${unquotedSql(extract(map))} END`
  );
}

/** One SELECT layer's new columns, [name, expression], each over the columns of the layers before it. */
export type SqlLayer = readonly (readonly [name: string, expression: string])[];

/**
 * Layers of `SELECT *, ... FROM (...)` over `from`, each adding its columns: arithmetic that names a column more
 * than once is written once a step, where one expression would repeat its parts (the calendar below).
 */
export function layeredSql(from: string, layers: readonly SqlLayer[]): string {
  const columns = (layer: SqlLayer) => layer.map(([name, expression]) => `${expression} AS ${name}`).join(", ");
  return layers.reduce((inner, layer, n) => `SELECT *, ${columns(layer)} FROM (${inner}) layer${n}_`, from);
}

/** The days of month `month` (1-12) of year `year` in the proleptic Gregorian calendar, as SQL arithmetic. */
function daysInMonthSql(year: string, month: string): string {
  const divides = (n: number) => `${year} - ${n} * floor(${year} / ${n}) = 0`;
  const leap = `((${divides(4)} AND NOT (${divides(100)})) OR ${divides(400)})`;
  return (
    `CASE WHEN ${month} = 2 THEN CASE WHEN ${leap} THEN 29 ELSE 28 END` +
    ` WHEN ${month} IN (4, 6, 9, 11) THEN 30 ELSE 31 END`
  );
}

/**
 * The layers that read an instant `seconds` (since 1970-01-01T00:00:00Z, a column) into its UTC calendar, in
 * arithmetic every dialect writes alike (floor, + - * /, CASE), so no warehouse's date functions or session time
 * zone enter: `${p}year` and `${p}month` (1-12), `${p}next` (the seconds at which the next month begins),
 * `${p}next_year`, `${p}next_month` and `${p}after` (the seconds at which the month after that begins). The
 * civil-from-days algorithm is Howard Hinnant's ("chrono-Compatible Low-Level Date Algorithms",
 * https://howardhinnant.github.io/date_algorithms.html), exact for any day a double holds; NULL stays NULL.
 */
export function utcCalendarLayers(seconds: string, p: string): SqlLayer[] {
  return [
    [[`${p}z`, `floor(${seconds} / 86400) + 719468`]],
    [[`${p}era`, `floor(${p}z / 146097)`]],
    [[`${p}doe`, `${p}z - ${p}era * 146097`]],
    [[`${p}yoe`, `floor((${p}doe - floor(${p}doe / 1460) + floor(${p}doe / 36524) - floor(${p}doe / 146096))/365)`]],
    [[`${p}doy`, `${p}doe - (365 * ${p}yoe + floor(${p}yoe / 4) - floor(${p}yoe / 100))`]],
    [[`${p}mp`, `floor((5 * ${p}doy + 2) / 153)`]],
    [
      [`${p}day`, `${p}doy - floor((153 * ${p}mp + 2) / 5) + 1`],
      [`${p}month`, `CASE WHEN ${p}mp < 10 THEN ${p}mp + 3 ELSE ${p}mp - 9 END`],
    ],
    [[`${p}year`, `${p}yoe + ${p}era * 400 + CASE WHEN ${p}month <= 2 THEN 1 ELSE 0 END`]],
    [
      [`${p}next`, `(${p}z - 719468 - (${p}day - 1) + ${daysInMonthSql(`${p}year`, `${p}month`)}) * 86400`],
      [`${p}next_year`, `${p}year + CASE WHEN ${p}month = 12 THEN 1 ELSE 0 END`],
      [`${p}next_month`, `CASE WHEN ${p}month = 12 THEN 1 ELSE ${p}month + 1 END`],
    ],
    [[`${p}after`, `${p}next + ${daysInMonthSql(`${p}next_year`, `${p}next_month`)} * 86400`]],
  ];
}
