/*
 * The built functions.js parses as ECMAScript 2016: on Windows the functions run in the
 * JavaScript-only runtime, documented as ES2016 for Office before Version 2403 and perpetual
 * Office through 2021 (see webpack.config.js). A later construct (async, **=, object spread,
 * ?? or ?.) would be a syntax error there, and every MLCOST cell would fail.
 */
import { parse } from "acorn";
import { readFileSync } from "fs";
import { resolve } from "path";

const bundle = readFileSync(resolve(__dirname, "../../dist/functions.js"), "utf8");

test("dist/functions.js parses as ES2016", () => {
  expect(() => parse(bundle, { ecmaVersion: 2016, sourceType: "script" })).not.toThrow();
});

test("the ES2016 parser does refuse what ES2017 and later add", () => {
  for (const later of ["async function f() {}", "const o = { ...x };", "a ?? b;", "f(a, b,);"]) {
    expect(() => parse(later, { ecmaVersion: 2016, sourceType: "script" })).toThrow();
  }
});

test("dist/functions.js calls no library function added after ES2016", () => {
  // The parser checks syntax only; these are the later built-ins a bundle could reach for.
  const later = ["padStart", "padEnd", "Object.values", "Object.entries", "fromEntries", ".flat(", ".flatMap("];
  const later2 = [".finally(", "getOwnPropertyDescriptors", "matchAll", "replaceAll", "structuredClone"];
  for (const name of [...later, ...later2]) expect(bundle).not.toContain(name);
});
