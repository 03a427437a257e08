/* The left-out reasons (billSql.ts LEFT_OUT_REASONS): the SQL's reasons are built from the list. */
import { BY_TOKEN, LEFT_OUT_REASONS, leftOutReasonSql } from "../../../src/bill/model/billSql";

test("the SQL gives every reason of the list once, serving bought by the token once, and no other", () => {
  const sql = leftOutReasonSql();
  const given = [...sql.matchAll(/(?:THEN|ELSE) '([A-Za-z]+)'/g)].map((m) => m[1]);
  expect([...given].sort()).toEqual([...LEFT_OUT_REASONS.map((r) => r.reason), BY_TOKEN].sort());
  // a tax or credit in tokens is tax or credit; a token row is never an accelerator row left out
  expect(sql.indexOf("'purchase'")).toBeLessThan(sql.indexOf(`'${BY_TOKEN}'`));
  expect(sql.indexOf(`'${BY_TOKEN}'`)).toBeLessThan(sql.indexOf("'acceleratorCountUnknown'"));
  expect(new Set(LEFT_OUT_REASONS.map((r) => r.label)).size).toBe(LEFT_OUT_REASONS.length);
});

test("charges, then accelerators the figures cannot count, then mapped rows, then services; then other", () => {
  const sql = leftOutReasonSql();
  const at = (text: string) => sql.indexOf(text);
  expect(at("'purchase'")).toBeLessThan(at("'acceleratorCountUnknown'"));
  expect(at("'acceleratorNotHours'")).toBeLessThan(at("THEN NULL"));
  expect(at("THEN NULL")).toBeLessThan(at("'storage'"));
  expect(sql.endsWith("ELSE 'other' END")).toBe(true);
  expect(LEFT_OUT_REASONS.filter((r) => !("when" in r)).map((r) => r.reason)).toEqual(["other"]);
});
