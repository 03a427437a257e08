/*
 * Contract test of the built bundle, as Excel's JavaScript-only custom functions runtime loads
 * it: dist/functions.js runs in a sandbox that defines only what that runtime defines
 * (CustomFunctions.associate, .Error, .ErrorCode and Office), and every id of functions.json
 * must be associated and callable through that registration.
 */
import { readFileSync } from "fs";
import { resolve } from "path";
import { createContext, runInContext } from "vm";
import { makeCustomFunctionsGlobal } from "../support/customFunctionsGlobal";
import { crossoverClips, servingHours } from "../../src/core/model/formulas";
import { FUNCTION_CATALOG, FUNCTION_FORMS } from "../../src/functions/catalog";
import { customFunctions } from "../../src/functions/functions";
import { workedExample } from "../../src/help/workedExample";
import { EXAMPLE_PLAN } from "../../src/stages/model/plan";

const dist = resolve(__dirname, "../../dist");
const metadata = JSON.parse(readFileSync(resolve(dist, "functions.json"), "utf8"));
const associated = new Map<string, (...args: unknown[]) => unknown>();
const CustomFunctions = makeCustomFunctionsGlobal(associated);
const sandbox = createContext({ CustomFunctions, Office: { onReady: () => Promise.resolve({ host: "Excel" }) } });
const bundle = readFileSync(resolve(dist, "functions.js"), "utf8");
runInContext(bundle, sandbox, { filename: "functions.js" });
const call = (id: string, ...args: unknown[]) => associated.get(id)!(...args) as unknown[][];

test("every id in functions.json is associated, and nothing else: the catalog's ids", () => {
  const ids = metadata.functions.map((f: { id: string }) => f.id).sort();
  expect([...associated.keys()].sort()).toEqual(ids);
  expect(ids).toEqual(FUNCTION_CATALOG.map((spec) => spec.id).sort());
});

/**
 * The most dist/functions.js may weigh: what the JavaScript-only runtime loads before the first call, a budget a
 * function, since each carries its own copy of the cell loop (about 1.2 KB, so that V8 inlines its formula:
 * src/functions/cellLoop.ts) besides its formula and messages. Measured 2026-12-02: 27,645 B for twelve functions,
 * 33,147 B for fifteen (MODELSERVINGHOURS, STALENESSCOST and ECONOMICCADENCE added 5,502 B), 2,210 B a function.
 * A function that drags in a model's field rows or the catalog's forms costs several KB and fails here.
 */
const BUNDLE_LIMIT_BYTES = 2_300 * FUNCTION_CATALOG.length;

test("the bundle carries what the functions run, within 2,300 B a function, and none of the catalog's forms", () => {
  expect(Buffer.byteLength(bundle, "utf8")).toBeLessThanOrEqual(BUNDLE_LIMIT_BYTES);
  // The examples' notes in words and the Excel forms' functions (ROUND, LOG10: no model message names them) are
  // what the help page, the workbook and the bench read; the functions never do.
  const notes = Object.values(FUNCTION_FORMS).flatMap((forms) =>
    forms.examples.flatMap((example) => (typeof example.note === "string" ? [example.note] : [])),
  );
  expect(notes.length).toBeGreaterThan(5);
  for (const words of [...notes, "LOG10(", "ROUND("])
    expect({ words, inBundle: bundle.includes(words) }).toEqual({ words, inBundle: false });
});

// src/functions/cellLoop.ts says why there is a copy per function.
test("the bundle holds one copy of the cell loop per cell-by-cell function", () => {
  // Each copy unpacks its job; property names survive minification, local names do not.
  const copies = bundle.match(/textResults:\w+,toExcelError:\w+,slowCell:\w+\}=/g) ?? [];
  expect(copies.length).toBe(FUNCTION_CATALOG.filter((spec) => spec.kind === "cells").length);
});

test("each registered function computes through its registration", () => {
  // The docs' worked example, each id called by name: its figures are the check (the test above iterates the catalog).
  expect(call("CROSSOVER", [[600]], [[0.04]])).toEqual([[crossoverClips(600, 0.04)]]);
  expect(call("SERVINGHOURS", [[1.944e9]], [[0.04]])).toEqual([[servingHours(1.944e9, 0.04)]]);
  expect(call("AMDAHLCEILING", [[2400]], [[88800]], null)).toEqual([[2400 / 88800]]);
  expect(call("CLIPSPERINTERVAL", [[250]], [[90]])).toEqual([[1.944e9]]);
  expect(call("SPLITRATIO", [[1.944e9]], [[0.04]], [[600]])[0][0] as number).toBeCloseTo(36, 12);
  expect(call("DOMINANTHALF", [[1.944e9]], [[0.04]], [[600]])).toEqual([["serving, 36x"]]);
  const table = call("STAGETABLE", [[600]], [[0.04]], [[5000]], [[54e6]], [[1.944e9]]);
  expect(table.map((row) => row[6])).toEqual(["Dominant half", "training, 10800x", "equal", "serving, 36x"]);
  expect(call("TRAININGSHARE", [[2400]], [[86400]], null)).toEqual([[2400 / 88800]]);
  expect(call("LEVERSAVING", [[2400]], [[4]], [[1]])).toEqual([[1800]]);
});

test("every catalog row's examples give, through the bundle's registration, what the source's adapters give", () => {
  const figures = workedExample(EXAMPLE_PLAN);
  let calls = 0;
  for (const spec of FUNCTION_CATALOG) {
    for (const example of spec.examples) {
      const args = example.args(figures);
      // An argument the example leaves out arrives as Excel hands an omitted one over: null.
      const handed = spec.arguments.map((_, i) => (i < args.length ? [[args[i]]] : null));
      const expected = { id: spec.id, args, result: customFunctions[spec.id](...handed) };
      expect({ id: spec.id, args, result: call(spec.id, ...handed) }).toEqual(expected);
      calls++;
    }
  }
  expect(calls).toBeGreaterThanOrEqual(FUNCTION_CATALOG.length);
});

test("errors come back as the runtime's own Error class", () => {
  const cell = call("CROSSOVER", [[600]], [["fast"]])[0][0];
  expect(cell).toBeInstanceOf(CustomFunctions.Error);
  expect(cell).toMatchObject({ code: "#VALUE!" });
});

test("every help URL points at a section of the served help page", () => {
  const help = readFileSync(resolve(dist, "help.html"), "utf8");
  for (const f of metadata.functions) {
    const anchor = new URL(f.helpUrl).hash.slice(1);
    expect(help).toMatch(new RegExp(`id="?${anchor}"?[ >]`));
  }
});

test("no closure is built and called on the spot inside a function (webpack.config.js says why)", () => {
  // A function expression called where it is written, inside another function, is built again
  // on every call of that function: terser made one of a check used once (reduce_funcs).
  const { parse } = require("acorn");
  const found: string[] = [];
  const visit = (node: any, insideFunction: boolean): void => {
    if (!node || typeof node.type !== "string") return;
    const isFunction = /Function/.test(node.type);
    const callee = node.type === "CallExpression" ? node.callee : undefined;
    if (insideFunction && callee && /Function/.test(callee.type)) found.push(bundle.slice(node.start, node.start + 80));
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === "object" && typeof child.type === "string")
          visit(child, insideFunction || isFunction);
      }
    }
  };
  // The bundle's own wrapper is an arrow called at the top level; what runs inside it is checked.
  const program = parse(bundle, { ecmaVersion: 2016 });
  for (const statement of program.body) {
    const wrapper = statement.expression?.callee;
    if (wrapper && /Function/.test(wrapper.type)) visit(wrapper.body, false);
    else visit(statement, false);
  }
  expect(found).toEqual([]);
});
