/*
 * Every workbook the add-in writes defines only the workbook functions (LAMBDA twins) its formulas call (issue 28:
 * 27-60 names each, twins no cell used): read off the saved .xlsx, every LAMBDA name is called by a cell or by
 * another name that is, and every twin a formula calls is defined. The same rule holds on Insert (twinsCalled over
 * each sheet's formulas, as sheetWriter hands them to addWorkbookFunctionsIn).
 */
import JSZip from "jszip";
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { stageWorkbookBytes } from "../../../src/stages/sheet/stagesXlsx";
import { EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { annualWorkbookBytes } from "../../../src/annual/sheet/annualXlsx";
import { whatIfWorkbookBytes } from "../../../src/whatIf/sheet/whatIfXlsx";
import { STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { budgetModelsWorkbookBytes, budgetWorkbookBytes } from "../../../src/budget/sheet/budgetXlsx";
import { EXAMPLE_BUDGET_ESTATE } from "../../../src/budget/model/budgetModels";
import { BUDGET_SHEET_NAME } from "../../../src/budget/sheet/budgetLayout";
import { actualsWorkbookBytes } from "../../../src/bill/sheet/actualsXlsx";
import { EXAMPLE_ESTATE } from "../../../src/estate/model";
import { estateWorkbookBytes } from "../../../src/estate/sheet/estateXlsx";
import { tokenize } from "../../../src/portable/formula/tokenizer";
import { twinsCalled } from "../../../src/portable/formula/twinsCalled";
import { FIXTURE_SOURCE, fixtureMonths, PLAN_FROM_FEBRUARY } from "../../bill/sheet/billMonths";
import { representativeLayouts } from "../../support/sheetLayouts";
import { TWIN_IDS } from "../../support/twinIds";
import { unwrap } from "../../support/unwrap";

/** Each downloadable workbook, by the sheet kind it holds. */
const WORKBOOKS: [string, () => Promise<ArrayBuffer>][] = [
  ["stage", () => stageWorkbookBytes(EXAMPLE_PLAN)],
  ["annual", async () => unwrap(await annualWorkbookBytes(EXAMPLE_ANNUAL_PLAN))],
  ["what-if", async () => unwrap(await whatIfWorkbookBytes())],
  ["budget", async () => unwrap(await budgetWorkbookBytes(STEADY_GROWTH_EXAMPLE))],
  ["budget by model", async () => unwrap(await budgetModelsWorkbookBytes(EXAMPLE_BUDGET_ESTATE))],
  ["estate", async () => unwrap(await estateWorkbookBytes(EXAMPLE_ESTATE))],
  [
    "actuals",
    async () =>
      unwrap(
        await actualsWorkbookBytes({
          months: await fixtureMonths(),
          source: FIXTURE_SOURCE,
          budget: { sheetName: BUDGET_SHEET_NAME, plan: PLAN_FROM_FEBRUARY },
        }),
      ),
  ],
];

const unescape = (xml: string) =>
  xml
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The function names a formula calls, upper case, without a sheet or _xlfn. prefix. */
const callsIn = (formula: string): string[] =>
  tokenize(formula)
    .filter((t) => t.kind === "function")
    .map((t) =>
      t.text
        .slice(t.text.lastIndexOf("!") + 1, -1)
        .replace(/^_xlfn\./i, "")
        .toUpperCase(),
    );

/** The saved workbook's defined names (name to formula) and every cell formula of its sheets. */
async function namesAndFormulas(bytes: ArrayBuffer) {
  const zip = await JSZip.loadAsync(bytes);
  const book = await zip.file("xl/workbook.xml")!.async("string");
  const names = new Map<string, string>();
  for (const m of book.matchAll(/<definedName\b[^>]*\bname="([^"]+)"[^>]*>([^<]*)<\/definedName>/g))
    names.set(m[1].toUpperCase(), unescape(m[2]));
  const formulas: string[] = [];
  for (const part of Object.keys(zip.files).filter((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p))) {
    const xml = await zip.file(part)!.async("string");
    for (const m of xml.matchAll(/<f\b[^>]*>([^<]*)<\/f>/g)) formulas.push(unescape(m[1]));
  }
  return { names, formulas };
}

test.each(WORKBOOKS)("the %s download defines every twin its formulas call, and no other", async (_, bytes) => {
  const { names, formulas } = await namesAndFormulas(await bytes());
  const lambdas = [...names].filter(([, formula]) => /^_xlfn\.LAMBDA\(/i.test(formula)).map(([name]) => name);
  // Called by a cell, or by a name a cell calls (a twin calling another keeps both).
  const called = new Set(formulas.flatMap(callsIn));
  for (let grew = true; grew;) {
    grew = false;
    for (const name of lambdas)
      if (called.has(name))
        for (const next of callsIn(names.get(name)!)) if (!called.has(next)) grew = called.add(next) !== undefined;
  }
  expect(lambdas.filter((name) => !called.has(name))).toEqual([]);
  const twinsCalledInCells = TWIN_IDS.filter((id) => called.has(id));
  expect(twinsCalledInCells.filter((id) => !names.has(id))).toEqual([]);
  // No cell is left calling an MLCOST function a reader without the add-in lacks.
  expect(formulas.filter((f) => /MLCOST/i.test(f))).toEqual([]);
});

test("an Insert adds the twins its sheet's formulas call, transitively, and none where it calls none", async () => {
  for (const { name, layout } of representativeLayouts(await fixtureMonths())) {
    const formulas = layout.rows.flatMap((row) => row.flatMap((cell) => (cell?.formula ? [cell.formula] : [])));
    // Every sheet is plain arithmetic over its named cells today (no MLCOST call), so it needs no twin.
    const mlcostCalls = TWIN_IDS.filter((id) => formulas.some((f) => callsIn(f).includes(`MLCOST.${id}`)));
    expect({ name, twins: twinsCalled(formulas) }).toEqual({ name, twins: mlcostCalls });
  }
});

test("twinsCalled reads MLCOST calls in every saved form and the twins' own names, in the catalog's order", () => {
  const [first, second] = TWIN_IDS;
  expect(twinsCalled([`=${second}(1,2)+MLCOST.${first}(A1,B1)`])).toEqual([first, second]);
  expect(twinsCalled([`_xldudf_MLCOST_${second}(1)`, `'[2]Book'!MLCOST.${first}(1)`])).toEqual([first, second]);
  // A name of the user's spelled MLCOST_X is not the add-in's; a formula the tokenizer cannot read calls nothing.
  expect(twinsCalled([`=MLCOST_${first}(1)`, `=SUM(A1:A2)`, `="unclosed`])).toEqual([]);
  // Each twin is arithmetic over its arguments: none calls another, so none brings another in.
  for (const id of TWIN_IDS) expect(twinsCalled([`=${id}(1)`])).toEqual([id]);
});
