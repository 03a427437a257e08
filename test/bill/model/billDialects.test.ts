/*
 * The aggregation in the warehouses' dialects. No BigQuery, Snowflake, Databricks or Trino runs here, and no
 * parser of their SQL is in node_modules, so:
 * - the Athena / Trino text is run, unmodified, by DuckDB-Wasm with Trino's documented semantics for the five
 *   functions whose DuckDB namesakes differ or are missing (regexp_like, regexp_extract, regexp_replace,
 *   element_at, array_join: macros below), over the fixture with Tags as a map, and gives the same months;
 * - every dialect's text is lexed by that dialect's own rules (its string literals and quoted names), and then
 *   calls only the functions its list declares, no DuckDB-only one, names the result's columns in order,
 *   balances its parentheses, and carries hostile names and values whole inside one literal or name each.
 */
import { join } from "path";
import { acceleratorSql } from "../../../src/bill/model/accelerators";
import { BILL_DIALECTS, billDialect, BillDialect, billTableSql } from "../../../src/bill/model/billDialects";
import { BillMonth, billMonthsOf, BillResultRow } from "../../../src/bill/model/billFigures";
import {
  billAggregationSql,
  BILL_RESULT_COLUMNS,
  billColumnsSql,
  BillQuery,
  billSourceSql,
  HOURLY_DEMAND_COLUMNS,
  hourlyDemandSql,
  keyValuesSql,
  unknownAcceleratorsSql,
} from "../../../src/bill/model/billSql";
import { hourlyDemandRowsOf } from "../../../src/bill/engine/billImport";
import { groupCommitments, servingDemandOf } from "../../../src/commitments/model";
import { isProblem } from "../../../src/core/model/problems";
import { detectFocusVersion, FocusDetection } from "../../../src/bill/model/focusColumns";
import { BillMapping, DEFAULT_MAPPING } from "../../../src/bill/model/roles";
import { sqlString } from "../../../src/bill/model/sqlText";
import { Engine, openEngine } from "../support/duckdb";

const ACCELERATORS = join(__dirname, "../fixtures/accelerators.csv");
const HOURLY = join(__dirname, "../fixtures/hourly-serving.csv");
const WAREHOUSES = BILL_DIALECTS.filter((d) => d.name !== "duckdb");

/** Every column the bill reads, as FOCUS 1.2 spells it, for a detection of a warehouse table. */
const FOCUS_NAMES = [
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
  "ServiceName",
  "SkuId",
  "SkuPriceDetails",
  "SkuMeter",
  "ResourceType",
  "ResourceId",
  "ResourceName",
  "SubAccountName",
  "Tags",
  "ChargeDescription",
  "CommitmentDiscountStatus",
  "CapacityReservationStatus",
  "InvoiceId",
];
const detection = detectFocusVersion(FOCUS_NAMES) as FocusDetection;

/**
 * Trino's documented behaviour (https://trino.io/docs/current/functions/regexp.html, map.html, array.html) as DuckDB
 * macros: regexp_replace replaces every match, regexp_extract is NULL when nothing matches, element_at of a map is
 * the key's value or NULL; DuckDB's namesakes replace the first match, give '' and give a list.
 */
const TRINO_MACROS = [
  "CREATE MACRO regexp_like(s, p) AS regexp_matches(s, p)",
  "CREATE MACRO regexp_replace(s, p, r) AS system.main.regexp_replace(s, p, r, 'g')",
  "CREATE MACRO regexp_extract(s, p, g) AS nullif(system.main.regexp_extract(s, p, g), '')",
  "CREATE MACRO element_at(m, k) AS map_extract_value(m, k)",
  // from_iso8601_timestamp reads an offset, and bare text in the session's zone (UTC here: "Z" is added);
  // to_unixtime is the instant's seconds (datetime.html)
  "CREATE MACRO from_iso8601_timestamp(s) AS CAST(s AS TIMESTAMPTZ)",
  "CREATE MACRO to_unixtime(t) AS epoch_us(t) / 1000000",
  // array_join omits NULL elements (array.html); DuckDB's string_agg wants a constant separator, so a fold
  "CREATE MACRO array_join(a, sep) AS CASE WHEN len(list_filter(a, x -> x IS NOT NULL)) = 0 THEN ''" +
    " ELSE list_reduce(list_filter(a, x -> x IS NOT NULL), (x, y) -> x || sep || y) END",
];

describe("the Athena / Trino text, run by DuckDB with Trino's semantics for the functions that differ", () => {
  let direct: Engine;
  let trino: Engine;
  let fileDetection: FocusDetection;
  const source = billSourceSql({ format: "csv", paths: [ACCELERATORS] });
  beforeAll(async () => {
    direct = await openEngine();
    trino = await openEngine();
    fileDetection = detectFocusVersion(
      direct.query(billColumnsSql(source)).map((row) => String(row.column_name)),
    ) as FocusDetection;
    for (const macro of TRINO_MACROS) trino.query(macro);
    // the fixture as an Athena table of AWS's FOCUS export holds it: Tags a map<varchar,varchar>
    const tag = `regexp_extract("Tags", ${sqlString('"workload"\\s*:\\s*"([^"]*)"')}, 1)`;
    trino.query(
      `CREATE TABLE focus_bill AS SELECT * REPLACE (CASE WHEN ${tag} IS NULL THEN NULL` +
        ` ELSE map(['workload'], [${tag}]) END AS "Tags") FROM ${source}`,
    );
  });
  afterAll(() => {
    direct.close();
    trino.close();
  });

  const months = (engine: Engine, query: BillQuery) =>
    billMonthsOf(engine.query(billAggregationSql(query)) as unknown as BillResultRow[]);
  const withoutFiles = (list: BillMonth[]) => list.map((m) => ({ ...m, files: [] }));

  test.each<[string, BillMapping]>([
    ["the default tag", DEFAULT_MAPPING],
    [
      "a planner's map by resource name",
      { key: { kind: "resourceName" }, roles: { "endpoint-2": "other", "rescan-1": "training" } },
    ],
  ])("%s: the same months and problems as DuckDB's own text over the file", (_, mapping) => {
    const expected = months(direct, { source, detection: fileDetection, mapping });
    const actual = months(trino, {
      source: billTableSql("athena", ["focus_bill"]),
      detection: fileDetection,
      mapping,
      dialect: "athena",
    });
    expect(withoutFiles(actual.months)).toEqual(withoutFiles(expected.months));
    expect(actual.problems.filter((p) => p.code !== "monthSplitAcrossFiles")).toEqual(
      expected.problems.filter((p) => p.code !== "monthSplitAcrossFiles"),
    );
    // January's serving, worked by hand in billEngine.test.ts, is there: the figures are not two empty sets.
    // By resource name: endpoint-1's 600 h and the unused commitment's 144 h (serving by default)
    expect(actual.months.find((m) => m.month === "2026-01")!.servingHoursPaid).toBeCloseTo(
      mapping === DEFAULT_MAPPING ? 844 : 600 + 144,
      9,
    );
  });

  test("dates in local times: the same UTC months, split periods and counts as DuckDB's own text", () => {
    // the fixture's monthly periods written at -07:00, +02:00 and in a space-separated form, as exports write them
    const local = (column: string) =>
      `CASE WHEN "InvoiceId" LIKE '%-01' THEN replace("${column}", 'Z', '-07:00')` +
      ` WHEN "InvoiceId" LIKE '%-02' THEN replace(replace("${column}", 'Z', '+02:00'), 'T', ' ')` +
      ` ELSE "${column}" END`;
    const rewrite =
      `SELECT * REPLACE (${local("ChargePeriodStart")} AS "ChargePeriodStart",` +
      ` ${local("ChargePeriodEnd")} AS "ChargePeriodEnd") FROM `;
    trino.query(`CREATE TABLE focus_local AS ${rewrite} focus_bill`);
    direct.query(`CREATE TABLE focus_local AS ${rewrite} ${source}`);
    const expected = months(direct, { source: "focus_local", detection: fileDetection, mapping: DEFAULT_MAPPING });
    const actual = months(trino, {
      source: "focus_local",
      detection: fileDetection,
      mapping: DEFAULT_MAPPING,
      dialect: "athena",
    });
    expect(withoutFiles(actual.months)).toEqual(withoutFiles(expected.months));
    expect(actual.problems).toEqual(expected.problems);
    // January's rows run 7 hours into February, February's begin 2 hours in January: both split
    const dates = expected.months.reduce((n, m) => n + m.dates.splitRows, 0);
    expect(dates).toBeGreaterThan(10);
    expect(expected.problems.some((p) => p.code === "datesNotUtc")).toBe(true);
  });

  test("its lists for the planner (the key's values, the unknown sizes) are DuckDB's, row for row", () => {
    const athena: BillQuery = {
      source: '"focus_bill"',
      detection: fileDetection,
      mapping: DEFAULT_MAPPING,
      dialect: "athena",
    };
    const duck: BillQuery = { source, detection: fileDetection, mapping: DEFAULT_MAPPING };
    // equal costs come in either order (the query sorts by cost alone), so the rows are compared sorted
    const text = (row: Record<string, unknown>) =>
      JSON.stringify(row, (_, v) => (typeof v === "bigint" ? Number(v) : v));
    const sorted = (rows: Record<string, unknown>[]) => [...rows].sort((a, b) => text(a).localeCompare(text(b)));
    const values = trino.query(keyValuesSql(athena));
    expect(sorted(values)).toEqual(sorted(direct.query(keyValuesSql(duck))));
    expect(values.map((row) => row.key_value)).toEqual(
      expect.arrayContaining(["training", "inference", "finetune-llm"]),
    );
    const unknown = trino.query(unknownAcceleratorsSql(athena));
    expect(unknown).toEqual(direct.query(unknownAcceleratorsSql(duck)));
    expect(unknown.map((row) => row.sku_text)).toEqual([expect.stringMatching(/g7e\.2xlarge/)]);
  });
});

describe("the hourly demand's Athena / Trino text, run by DuckDB with Trino's semantics, is DuckDB's own", () => {
  let direct: Engine;
  let trino: Engine;
  let hourlyDetection: FocusDetection;
  const source = billSourceSql({ format: "csv", paths: [HOURLY] });
  beforeAll(async () => {
    direct = await openEngine();
    trino = await openEngine();
    hourlyDetection = detectFocusVersion(
      direct.query(billColumnsSql(source)).map((row) => String(row.column_name)),
    ) as FocusDetection;
    // the macros of the describe above: Trino's documented regexp_*, element_at, timestamps and array_join
    for (const macro of TRINO_MACROS) trino.query(macro);
    const tag = `regexp_extract("Tags", ${sqlString('"workload"\\s*:\\s*"([^"]*)"')}, 1)`;
    trino.query(
      `CREATE TABLE focus_hourly AS SELECT * REPLACE (CASE WHEN ${tag} IS NULL THEN NULL` +
        ` ELSE map(['workload'], [${tag}]) END AS "Tags") FROM ${source}`,
    );
  });
  afterAll(() => {
    direct.close();
    trino.close();
  });

  test("the same levels, groups, periods and span as DuckDB's text over the file: the worked example", () => {
    const duck = hourlyDemandRowsOf(
      direct.query(hourlyDemandSql({ source, detection: hourlyDetection, mapping: DEFAULT_MAPPING })),
    );
    const athena = hourlyDemandRowsOf(
      trino.query(
        hourlyDemandSql({
          source: billTableSql("athena", ["focus_hourly"]),
          detection: hourlyDetection,
          mapping: DEFAULT_MAPPING,
          dialect: "athena",
        }),
      ),
    );
    expect(athena).toEqual(duck);
    // and they are the worked example's figures, not two empty sets: 10 for 360 hours, 30 for 360, commit 10
    const demand = servingDemandOf(athena);
    if (!demand.hourly) throw new Error(demand.message);
    expect(demand.hours).toBe(720);
    expect([...demand.groups[0].demand].sort((a, b) => a.accelerators - b.accelerators)).toEqual([
      { accelerators: 10, hours: 360 },
      { accelerators: 30, hours: 360 },
    ]);
    const [row] = groupCommitments(demand);
    if (isProblem(row.answer)) throw new Error(row.answer.message);
    expect(row.answer.cheapest.committedAccelerators).toBe(10);
    expect(row.answer.cheapest.totalCost).toBeCloseTo(23_040, 6);
  });
});

/** A dialect's text with its literals and quoted names taken out and read back, by that dialect's own rules. */
interface Lexed {
  /** the text with each literal as '?' and each quoted name as "#" */
  code: string;
  literals: string[];
  names: string[];
}

const BACKSLASH_ESCAPES: Record<string, string> = { "\\": "\\", "'": "'", '"': '"', "`": "`", n: "\n", r: "\r" };

function lex(sql: string, dialect: BillDialect): Lexed {
  const backslashes = ["bigquery", "snowflake", "databricks"].includes(dialect.name);
  const quotedNames = ["bigquery", "databricks"].includes(dialect.name) ? "`" : '"';
  const literals: string[] = [];
  const names: string[] = [];
  let code = "";
  const read = (start: number, quote: string, escapes: boolean): [string, number] => {
    let text = "";
    for (let i = start; i < sql.length; i++) {
      const c = sql[i];
      if (escapes && c === "\\") {
        const escaped = BACKSLASH_ESCAPES[sql[i + 1]];
        if (escaped === undefined) throw new Error(`unknown escape \\${sql[i + 1]} at ${i}`);
        text += escaped;
        i++;
      } else if (c === quote && !escapes && sql[i + 1] === quote) {
        text += quote;
        i++;
      } else if (c === quote && quote === "'" && dialect.name === "snowflake" && sql[i + 1] === "'") {
        text += "'";
        i++;
      } else if (c === quote) return [text, i + 1];
      else text += c;
    }
    throw new Error(`unterminated ${quote} from ${start - 1}`);
  };
  for (let i = 0; i < sql.length;) {
    const c = sql[i];
    if (c === "'") {
      const [text, next] = read(i + 1, "'", backslashes);
      literals.push(text);
      code += "'?'";
      i = next;
    } else if (c === quotedNames) {
      const [text, next] = read(i + 1, c, dialect.name === "bigquery");
      names.push(text);
      code += '"#"';
      i = next;
    } else if (c === '"' || c === "`") {
      // a double quote is a string in BigQuery and Spark, a backtick nothing in the others: neither may appear
      throw new Error(`${c} at ${i} is not a name's quote in ${dialect.name}`);
    } else {
      code += c;
      i++;
    }
  }
  return { code, literals, names };
}

/** Words that are followed by "(" without being a function call. */
const SYNTAX = new Set(["as", "in", "values", "from", "join", "on", "and", "or", "not", "when", "then", "else"]);
const SYNTAX_MORE = ["select", "with", "by", "over", "group", "struct", "distinct", "case"];
const QUERY_NAMES = [
  ...["parts_", "rows_", "counts_", "counts_t_", "skus_", "classified_", "sorted_"],
  // the hourly demand's
  ...["families_", "types_", "serving_", "hours_"],
];
for (const word of [...SYNTAX_MORE, ...QUERY_NAMES]) SYNTAX.add(word);

/** The functions a text calls, lower-cased. */
const calls = (code: string) =>
  new Set(
    [...code.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*\(/g)].map((m) => m[1].toLowerCase()).filter((w) => !SYNTAX.has(w)),
  );

/** Hostile input: quotes, backslashes, a newline and SQL comment marks, in names, values, a tag and a count. */
const HOSTILE_VALUE = '  O\'Brien \\ `x` "y"\n--; /* z */  ';
const HOSTILE_TAG = "work'load\\\"`";
const HOSTILE_COLUMN = 'Resource"Name`\\';
const HOSTILE_TYPE = "evil'.type\\";
const hostileDetection: FocusDetection = {
  ...detection,
  columns: { ...detection.columns, resourceName: HOSTILE_COLUMN, tags: `Tags"${"`"}'` },
};
const queries = (dialect: BillDialect): { name: string; sql: string }[] => {
  const base = { source: "bill_table", dialect: dialect.name, counts: { [HOSTILE_TYPE]: 4 } };
  const byTag: BillQuery = {
    ...base,
    detection: hostileDetection,
    mapping: { key: { kind: "tag", name: HOSTILE_TAG }, roles: { [HOSTILE_VALUE]: "training" } },
  };
  const byName: BillQuery = {
    ...base,
    detection: hostileDetection,
    mapping: { key: { kind: "resourceName" }, roles: { [HOSTILE_VALUE]: "serving" }, guess: false },
    hasFilename: true,
  };
  return [
    { name: "the aggregation by tag", sql: billAggregationSql(byTag) },
    { name: "the aggregation by resource name", sql: billAggregationSql(byName) },
    { name: "the key's values", sql: keyValuesSql(byTag) },
    { name: "the unknown sizes", sql: unknownAcceleratorsSql(byName) },
    { name: "the hourly demand by tag", sql: hourlyDemandSql(byTag) },
    { name: "the hourly demand by resource name", sql: hourlyDemandSql(byName) },
  ];
};

describe.each(WAREHOUSES.map((d) => [d.name, d] as const))("the %s text, read by its own rules", (_, dialect) => {
  test.each(queries(dialect).map((q) => [q.name, q.sql]))("%s calls only the dialect's functions", (__, sql) => {
    const { code } = lex(sql, dialect);
    const called = calls(code);
    expect([...called].filter((name) => !dialect.functions.includes(name))).toEqual([]);
    const duckdbOnly = billDialect("duckdb").functions.filter((name) => !dialect.functions.includes(name));
    expect(duckdbOnly.filter((name) => called.has(name))).toEqual([]);
    expect(called.size).toBeGreaterThan(5);
  });

  test.each(queries(dialect).map((q) => [q.name, q.sql]))(
    "%s keeps hostile names and values whole, each inside one quote",
    (__, sql) => {
      const { code, literals, names } = lex(sql, dialect);
      // no comment or statement end survives outside the literals; the parentheses balance
      expect(code).not.toMatch(/--|\/\*|;/);
      let depth = 0;
      for (const c of code) {
        depth += c === "(" ? 1 : c === ")" ? -1 : 0;
        expect(depth).toBeGreaterThanOrEqual(0);
      }
      expect(depth).toBe(0);
      if (/by tag|key's values/.test(__)) {
        expect(literals).toContain(HOSTILE_TAG);
        expect(names).toContain(`Tags"${"`"}'`);
      } else expect(names).toContain(HOSTILE_COLUMN);
      if (/aggregation|hourly/.test(__)) expect(literals).toContain(HOSTILE_VALUE.trim().toLowerCase());
      expect(literals).toContain("evil'.type\\");
    },
  );

  test("the aggregation names the result's columns in order, the pane's names in every dialect", () => {
    const { code } = lex(queries(dialect)[0].sql, dialect);
    const mapped = code.slice(
      code.indexOf("SELECT '?' AS section"),
      code.indexOf(" FROM sorted_ WHERE reason IS NULL"),
    );
    let depth = 0;
    let top = "";
    for (const c of mapped) {
      depth += c === "(" ? 1 : c === ")" ? -1 : 0;
      top += depth === 0 && c !== ")" ? c : " ";
    }
    // each item is named by its alias, or is a column of the same name
    const items = top
      .replace(/^SELECT /, "")
      .split(",")
      .map((item) => item.trim().match(/(?:^| AS )([a-z_]+)$/)?.[1]);
    expect(items).toEqual([...BILL_RESULT_COLUMNS]);
  });

  test("the hourly demand's every branch names its columns in order, the engine layer's names", () => {
    const { code } = lex(
      hourlyDemandSql({ source: "t", detection, mapping: DEFAULT_MAPPING, dialect: dialect.name }),
      dialect,
    );
    const tail = code.slice(code.indexOf("SELECT '?' AS section"));
    const branches = tail.split(" UNION ALL ");
    expect(branches).toHaveLength(4);
    for (const branch of branches) {
      let depth = 0;
      let top = "";
      for (const c of branch.slice(0, branch.search(/ FROM (hours_|serving_|sorted_)/))) {
        depth += c === "(" ? 1 : c === ")" ? -1 : 0;
        top += depth === 0 && c !== ")" ? c : " ";
      }
      const items = top
        .replace(/^SELECT /, "")
        .split(",")
        .map((item) => item.trim().match(/ AS ([a-z_]+)$/)?.[1]);
      expect(items).toEqual(HOURLY_DEMAND_COLUMNS.map(([column]) => column));
    }
  });

  test("a file column only where the dialect has one, and only when asked", () => {
    const [, byName] = queries(dialect);
    if (dialect.fileName) expect(byName.sql).toContain(`${dialect.fileName} AS file`);
    else expect(byName.sql).toContain("'' AS file");
    const [byTag] = queries(dialect);
    expect(byTag.sql).toContain("'' AS file");
  });
});

describe("what each warehouse needs of its own", () => {
  const text = (name: BillDialect["name"]) =>
    billAggregationSql({ source: "t", detection, mapping: DEFAULT_MAPPING, dialect: name });

  test("BigQuery: every REGEXP_EXTRACT pattern has exactly one capturing group, as REGEXP_EXTRACT requires", () => {
    const bigquery = billDialect("bigquery");
    const patterns: string[] = [];
    const spy: BillDialect = {
      ...bigquery,
      regexExtract: (t, p, g) => {
        patterns.push(p);
        return bigquery.regexExtract(t, p, g);
      },
    };
    acceleratorSql("t.text", { "x.large": 2 }, spy);
    expect(patterns).toHaveLength(1);
    for (const pattern of patterns) expect(new RegExp(`${pattern}|`).exec("")!.length - 1).toBe(1);
    // the tag comes from the array of key-value structs, not a regular expression
    expect(text("bigquery")).toMatch(
      /SELECT ANY_VALUE\(tag_\.value\) FROM UNNEST\(`Tags`\) AS tag_ WHERE tag_\.key = 'workload'/,
    );
  });

  test("BigQuery's one-group pattern finds the same instance type as DuckDB's two-group one", () => {
    const pattern = (name: BillDialect["name"]) =>
      new RegExp(lex(acceleratorSql("t", {}, billDialect(name)).instanceType, billDialect(name)).literals[0]);
    const duckPattern = pattern("duckdb");
    const bigPattern = pattern("bigquery");
    for (const sku of [
      "sku-p4d $32-per-on-demand-linux-p4d.24xlarge-instance-hour",
      "standard-nd96asr-v4",
      "a2-highgpu-8g",
      "nvidia-tesla-t4-gpu-running-in-americas",
      "m5.xlarge",
      "g5.xlarge-g5.12xlarge",
    ]) {
      expect(bigPattern.exec(sku)?.[1] ?? null).toBe(duckPattern.exec(sku)?.[2] ?? null);
    }
  });

  test("Snowflake: a match anywhere is REGEXP_INSTR > 0 (REGEXP_LIKE anchors), words join without CONCAT_WS", () => {
    const sql = text("snowflake");
    expect(sql).not.toMatch(/REGEXP_LIKE|RLIKE|CONCAT_WS/i);
    expect(sql).toMatch(/\(REGEXP_INSTR\(.*\) > 0\)/);
    expect(sql).toContain("ARRAY_TO_STRING(ARRAY_CONSTRUCT_COMPACT(");
    expect(sql).toContain("LISTAGG(DISTINCT file, '|') WITHIN GROUP (ORDER BY file)");
    // a regular expression's backslash survives Snowflake's string escapes: p4d\.24xlarge is written p4d\\.24xlarge
    expect(sql).toContain("p4d\\\\.24xlarge");
    expect(lex(sql, billDialect("snowflake")).literals.join(" ")).toContain("p4d\\.24xlarge");
  });

  test("Databricks: the tag is try_element_at (element_at raises on a missing key under ANSI mode)", () => {
    const sql = text("databricks");
    expect(sql).toContain("try_element_at(`Tags`, 'workload')");
    expect(sql).not.toMatch(/[^_]element_at\(/);
  });

  test('Athena: the tag is element_at of the map, the file is "$path" when asked', () => {
    expect(text("athena")).toContain(`element_at("Tags", 'workload')`);
  });

  test("a table's name is quoted part by part", () => {
    expect(billTableSql("bigquery", ["my-project", "billing", "gcp_billing_export_focus_01"])).toBe(
      "`my-project`.`billing`.`gcp_billing_export_focus_01`",
    );
    expect(billTableSql("snowflake", ["FINOPS", "PUBLIC", 'FOCUS"X'])).toBe('"FINOPS"."PUBLIC"."FOCUS""X"');
    expect(billTableSql("databricks", ["main", "fo`cus"])).toBe("`main`.`fo``cus`");
  });

  test("DuckDB stays the default, and an unknown dialect is DuckDB", () => {
    const query = { source: "t", detection, mapping: DEFAULT_MAPPING };
    expect(billAggregationSql({ ...query, dialect: "duckdb" })).toBe(billAggregationSql(query));
    expect(billDialect("oracle").name).toBe("duckdb");
  });
});
