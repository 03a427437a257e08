/*
 * The golden layout dumps (test/fixtures/layouts/<name>.json): each representative layout of every kind of
 * sheet (test/support/sheetLayouts.ts) as its cells, row by row, each with its address, its style role (an
 * "input" is a blue cell a planner types in) and its constant value or its formula. A change to a layout shows
 * here as a diff to review; after a deliberate one, `UPDATE_GOLDEN=1 npx jest test/core/sheet/layoutGolden`
 * rewrites the files. The dumps are what the rules over inputs are read from (no input-styled cell holds a
 * formula), so a reviewer can check them on the files themselves.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "fs";
import { join } from "path";
import type { BillMonth } from "../../../src/bill/model/billFigures";
import { fixtureMonths } from "../../bill/sheet/billMonths";
import { ENGINE_START_MS } from "../../support/deadlines";
import { LaidOut, placedCells } from "../../support/layoutCells";
import { NamedLayout, representativeLayouts } from "../../support/sheetLayouts";

const FOLDER = join(__dirname, "../../fixtures/layouts");

/** One cell of a dump: where it is, its role, and what it holds (a value or a formula, never both). */
interface DumpedCell {
  address: string;
  role: string;
  value?: number | string;
  formula?: string;
}

/** A dump: the layout's kind and its cells, in row then column order (so a dump is the same on every run). */
interface LayoutDump {
  kind: string;
  cells: DumpedCell[];
}

/** `layout` as its dump. */
function dumpOf({ kind, layout }: { kind: string; layout: LaidOut }): LayoutDump {
  const cells = placedCells(layout)
    .sort((a, b) => a.row - b.row || a.column - b.column)
    .map(({ address, cell }): DumpedCell => {
      const held =
        cell.formula !== undefined ? { formula: cell.formula } : cell.value !== undefined ? { value: cell.value } : {};
      return { address, role: cell.role, ...held };
    });
  return { kind, cells };
}

/** A dump's file: one cell a line, so that a diff shows the cells that changed. */
const text = ({ kind, cells }: LayoutDump) =>
  `{"kind":${JSON.stringify(kind)},"cells":[\n${cells.map((cell) => JSON.stringify(cell)).join(",\n")}\n]}\n`;

let layouts: NamedLayout[];
beforeAll(async () => {
  const months: BillMonth[] = await fixtureMonths();
  layouts = representativeLayouts(months);
  if (process.env.UPDATE_GOLDEN) {
    mkdirSync(FOLDER, { recursive: true });
    for (const layout of layouts) writeFileSync(join(FOLDER, `${layout.name}.json`), text(dumpOf(layout)));
  }
}, ENGINE_START_MS);

test("every representative layout is its golden dump (UPDATE_GOLDEN=1 rewrites them after a deliberate change)", () => {
  for (const layout of layouts) {
    const file = join(FOLDER, `${layout.name}.json`);
    expect({ name: layout.name, exists: existsSync(file) }).toEqual({ name: layout.name, exists: true });
    expect({ name: layout.name, dump: text(dumpOf(layout)) }).toEqual({
      name: layout.name,
      dump: readFileSync(file, "utf8"),
    });
  }
  // No dump left over from a layout no longer written.
  const names = new Set(layouts.map((l) => `${l.name}.json`));
  expect(readdirSync(FOLDER).filter((f) => f.endsWith(".json") && !names.has(f))).toEqual([]);
});

test("every kind of sheet has a dump", () => {
  expect([...new Set(layouts.map((l) => l.kind))].sort()).toEqual([
    "actuals",
    "annual",
    "budget",
    "commitment",
    "estate",
    "stage",
    "tokens",
    "whatIf",
  ]);
});

test("no input-styled cell in any golden dump holds a formula: a blue cell holds a typed value or nothing", () => {
  const dumps = readdirSync(FOLDER)
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({ file: f, dump: JSON.parse(readFileSync(join(FOLDER, f), "utf8")) as LayoutDump }));
  expect(dumps.length).toBeGreaterThanOrEqual(10);
  const inputs = dumps.flatMap(({ file, dump }) =>
    dump.cells.filter((c) => c.role === "input").map((c) => ({ file, ...c })),
  );
  expect(inputs.length).toBeGreaterThan(100);
  expect(inputs.filter((c) => c.formula !== undefined)).toEqual([]);
});
