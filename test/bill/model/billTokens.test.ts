/*
 * Serving bought by the token: test/bill/fixtures/tokens.csv (one accelerator serving row, token rows in the unit
 * spellings exports write, a token row split across the month's end, one without a quantity, a tax row in tokens,
 * a row priced in requests, a storage row) through the engine and the model, each figure against a sum worked
 * here by hand from the rows; and the unit spellings one by one.
 */
import { join } from "path";
import { billMonthsOf, BillResultRow, billTotalsOf } from "../../../src/bill/model/billFigures";
import { billDialect } from "../../../src/bill/model/billDialects";
import { billAggregationSql, billColumnsSql, billSourceSql, tokensPerUnitSql } from "../../../src/bill/model/billSql";
import { detectFocusVersion, FocusDetection } from "../../../src/bill/model/focusColumns";
import { DEFAULT_MAPPING } from "../../../src/bill/model/roles";
import { isProblem } from "../../../src/core/model/problems";
import { billInCurrency } from "../../../src/bill/model/billCurrency";
import { billSummary } from "../../../src/bill/pane/billSummary";
import { MONTH_ROWS } from "../../../src/bill/pane/billMonthsDom";
import { blendedPricePerMillion, EXAMPLE_TOKEN_PLAN } from "../../../src/tokens/model";
import { openEngine } from "../support/duckdb";

const TOKENS_CSV = join(__dirname, "../fixtures/tokens.csv");

let engine: Awaited<ReturnType<typeof openEngine>>;
let detection: FocusDetection;
const source = billSourceSql({ format: "csv", paths: [TOKENS_CSV] });
beforeAll(async () => {
  engine = await openEngine();
  const found = detectFocusVersion(engine.query(billColumnsSql(source)).map((r) => String(r.column_name)));
  if (isProblem(found)) throw new Error(found.message);
  detection = found;
});
afterAll(() => engine.close());

const result = () =>
  engine.query(
    billAggregationSql({ source, detection, mapping: DEFAULT_MAPPING, counts: {} }),
  ) as unknown as BillResultRow[];

test.each([
  ["Tokens", 1],
  ["Token", 1],
  [" tokens ", 1],
  ["1 Token", 1],
  ["1K Tokens", 1_000],
  ["1k tokens", 1_000],
  ["1000 Tokens", 1_000],
  ["1,000 Tokens", 1_000],
  ["Thousand Tokens", 1_000],
  ["1K input tokens", 1_000],
  ["1K cached-tokens", 1_000],
  ["1M tokens", 1_000_000],
  ["1 M Tokens", 1_000_000],
  ["1,000,000 Tokens", 1_000_000],
  ["Million Tokens", 1_000_000],
  // FOCUS's Unit Format: any positive integer as the unit quantity, and a compound unit's hyphen
  ["100 Tokens", 100],
  ["10000 Tokens", 10_000],
  ["1000000 Tokens", 1_000_000],
  ["Request-Tokens", 1],
  // a scale with a quantity other than one
  ["10K Tokens", 10_000],
  ["2.5K Tokens", null],
  ["0 Tokens", null],
  ["Requests", null],
  ["1000 Requests", null],
  ["Hours", null],
  ["GB-Hours", null],
  ["", null],
  [null, null],
])("the unit %p is %p tokens", (unit, tokens) => {
  const cell = unit === null ? "NULL" : `'${unit}'`;
  const [row] = engine.query(`SELECT ${tokensPerUnitSql(cell, billDialect("duckdb"))} AS n`);
  expect(row.n === null ? null : Number(row.n)).toBe(tokens);
});

// by hand, January: 2,500 x 1K (2.5M, $5), 1.5 x 1M (1.5M, $15), 400,000 consumed Tokens with no pricing unit
// (0.4M, $2), 100 x "1000 Tokens" (0.1M, $0.50), and half of 200 x 1K input tokens from 31 Jan 12:00 to 1 Feb
// 12:00 (0.1M, $1): 4.6M tokens, $23.50, 5 rows (the split row counts in each month it is in).
// February: the other half (0.1M, $1), 50 x 1K output tokens (0.05M, $3), and a row of 1K Tokens with no
// quantity ($4, no tokens): 0.15M tokens, $8, of which $4 says no tokens.
const JANUARY = { tokens: 4_600_000, effectiveCost: 23.5, rows: 5, rowsWithoutTokens: 0, costWithoutTokens: 0 };
const FEBRUARY = { tokens: 150_000, effectiveCost: 8, rows: 3, rowsWithoutTokens: 1, costWithoutTokens: 4 };

test("token rows are serving bought by the token: tokens and money per month, nothing lost", () => {
  const { months } = billMonthsOf(result());
  const [january, february] = months;
  expect(january.month).toBe("2026-01");
  expect(january.byToken).toMatchObject({ ...JANUARY, billedCost: 23.5 });
  expect(january.byToken.tokens).toBeCloseTo(JANUARY.tokens, 6);
  expect(january.byToken.costPerMillionTokens).toBeCloseTo((23.5 / 4.6e6) * 1e6, 12);
  expect(february.byToken).toMatchObject(FEBRUARY);
  expect(february.byToken.costPerMillionTokens).toBeCloseTo((4 / 150_000) * 1e6, 12);
  // the accelerator-hours are the one g5.xlarge row's, untouched by the token rows
  expect(january.servingHoursPaid).toBe(100);
  expect(january.mapped.effectiveCost).toBe(100);
  // the tax in tokens is tax, the requests are other services, the storage storage: $1.20 + $3 + $10
  const leftOut = Object.fromEntries(january.leftOut.map((p) => [p.reason, p.effectiveCost]));
  expect(leftOut).toEqual({ tax: 1.2, storage: 10, other: 3 });
  // the file's $137.70 = $100 mapped + $14.20 left out + $23.50 by the token: it reconciles
  expect(january.fileTotal.effectiveCost).toBeCloseTo(137.7, 9);
  expect(january.reconciles).toBe(true);
  expect(february.fileTotal.effectiveCost).toBeCloseTo(8, 9);
  expect(february.reconciles).toBe(true);
});

test("the totals: tokens, cost, and the price per million of the rows that say their tokens", () => {
  const [usd] = billTotalsOf(billMonthsOf(result()).months);
  expect(usd.byTokenTokens).toBeCloseTo(4_750_000, 6);
  expect(usd.byTokenCost).toBeCloseTo(31.5, 9);
  expect(usd.byTokenCostWithoutTokens).toBe(4);
  expect(usd.byTokenCostPerMillion).toBeCloseTo((27.5 / 4.75e6) * 1e6, 12);
  expect(usd.leftOutCost).toBeCloseTo(14.2, 9);
});

test("the pane says it: a sentence in the summary and three rows of the month table", () => {
  const { months } = billMonthsOf(result());
  const { sentence } = billSummary(billInCurrency(months));
  // by hand: 4.75M tokens, 31.50 USD; (31.50 - 4.00) / 4.75 = 5.789... per 1M
  expect(sentence).toContain(
    " Bought by the token: 4.75M tokens (31.50 USD), 5.79 USD per 1M tokens measured" +
      " (4.00 USD of rows that give no tokens not in that price).",
  );
  const row = (label: string) => MONTH_ROWS.find((r) => r.label === label)!;
  expect(months.map(row("Bought by the token, tokens").value)).toEqual(["4,600,000", "150,000"]);
  expect(months.map(row("Bought by the token, cost").value)).toEqual(["23.50 USD", "8.00 USD"]);
  // 23.50 / 4.6 = 5.108...; 4.00 / 0.15 = 26.666...
  expect(months.map(row("Cost per 1M tokens, measured").value)).toEqual(["5.11 USD", "26.67 USD"]);
});

test("beside the measured price, the plan's (the API-or-fleet view's blended price) where that view is open", () => {
  const { months } = billMonthsOf(result());
  // the worked example's API: 0.000345 a request of 1,700 tokens, 0.20 per 1M
  const price = blendedPricePerMillion(EXAMPLE_TOKEN_PLAN)!;
  expect(price).toBeCloseTo((0.000345 / 1700) * 1e6, 12);
  const { sentence } = billSummary(billInCurrency(months), { price, currency: "USD" });
  expect(sentence).toContain(
    " (4.00 USD of rows that give no tokens not in that price); the plan's API price 0.20 USD per 1M" +
      " (the API-or-fleet view).",
  );
  expect(billSummary(billInCurrency(months)).sentence).not.toContain("the plan's API price");
});
