/*
 * Rules every layout keeps, whatever the plan (FAST Standard; ICAEW Financial Modelling Code), on layouts of every
 * kind generated from the plan arbitraries (test/support/sheetLayouts.ts) and on the representative ones:
 * - inputs are only inputs: an input-styled (blue) cell holds a typed value or nothing, never a formula; a default
 *   that is computed is a row of its own beside it;
 * - formulas stay readable: none nests functions more than three deep (test/support/formulaDepth.ts counts the
 *   nesting of function calls, not of parentheses: IF(A1>0,ROUND(A1,2),0) is 2 deep); a deeper one gets helper rows.
 */
import type { BillMonth } from "../../../src/bill/model/billFigures";
import { fixtureMonths } from "../../bill/sheet/billMonths";
import { ENGINE_START_MS } from "../../support/deadlines";
import { functionDepth } from "../../support/formulaDepth";
import { placedCells } from "../../support/layoutCells";
import { generatedLayouts, NamedLayout, representativeLayouts, SHEET_KINDS } from "../../support/sheetLayouts";

let layouts: NamedLayout[];
beforeAll(async () => {
  const months: BillMonth[] = await fixtureMonths();
  layouts = [...representativeLayouts(months), ...generatedLayouts(months, 12)];
}, ENGINE_START_MS);

/** A cell's place and what it holds, for a readable failure. */
const where = (layout: NamedLayout, address: string, formula: string | undefined) =>
  `${layout.name} ${address}: =${formula}`;

test("layouts of every kind are generated (a plan the model refuses writes none)", () => {
  for (const kind of SHEET_KINDS) expect(layouts.filter((l) => l.kind === kind).length).toBeGreaterThanOrEqual(8);
});

test("no input-styled cell holds a formula, in any layout of any kind", () => {
  const found = layouts.flatMap((layout) =>
    placedCells(layout.layout)
      .filter(({ cell }) => cell.role === "input" && cell.formula !== undefined)
      .map(({ address, cell }) => where(layout, address, cell.formula)),
  );
  expect(found).toEqual([]);
});

test("the depth counter counts functions, not parentheses, and no text", () => {
  expect(functionDepth("A1*(2+B1)")).toBe(0);
  expect(functionDepth("ROUND((A1+1)*2,2)")).toBe(1);
  expect(functionDepth('IF(A1>0,ROUND(A1,2),"(((")')).toBe(2);
  expect(functionDepth("IF(A,1,IF(B,2,IF(C,3,NA())))")).toBe(4);
  expect(functionDepth("MLCOST.CROSSOVER(A1,B1)+SUM(C1:C3)")).toBe(1);
});

/** The deepest a formula may nest its functions. */
const MAX_DEPTH = 3;

/**
 * The formulas still deeper than MAX_DEPTH, each by its sheet kind and the label in its row's column A (or its
 * table's row), with whose they are: none may be added, and each must still occur (remove it when it is split).
 */
const STILL_DEEP: readonly { kind: string; label: string; why: string }[] = [
  // The stage table's lead, ROUND(MAX(r,1/r),2-INT(LOG10(MAX(r,1/r)))), four deep; the builders are shared with
  // the custom functions' catalog (core/excel/formulas.ts), so a split belongs with them.
  { kind: "stage", label: "Prototype", why: "the stage table's lead" },
  { kind: "stage", label: "Launch", why: "the stage table's lead" },
  { kind: "stage", label: "Scale", why: "the stage table's lead" },
  // The budget's first month over budget is its answer's: it needs a helper row of its own.
  { kind: "budget", label: "First month over budget", why: "the budget's answer" },
];

test("no formula nests functions more than three deep, in any layout of any kind, but those still listed", () => {
  const deep = layouts.flatMap((layout) =>
    placedCells(layout.layout)
      .filter(({ cell }) => cell.formula !== undefined && functionDepth(cell.formula) > MAX_DEPTH)
      .map(({ address, row, cell }) => ({
        kind: layout.kind,
        label: String(layout.layout.rows[row][0]?.value ?? ""),
        at: `${where(layout, address, cell.formula)} (${functionDepth(cell.formula!)} deep)`,
      })),
  );
  const listed = (d: { kind: string; label: string }) =>
    STILL_DEEP.some((s) => s.kind === d.kind && s.label === d.label);
  expect(deep.filter((d) => !listed(d)).map((d) => d.at)).toEqual([]);
  const found = STILL_DEEP.filter((s) => deep.some((d) => d.kind === s.kind && d.label === s.label));
  expect(found).toEqual(STILL_DEEP);
});
