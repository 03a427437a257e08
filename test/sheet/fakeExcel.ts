/*
 * The end-to-end tests' recording fake of the Excel host (test/e2e/fakeExcelHost.js), loaded into
 * Node, so that the Excel writer's batches, failures and clean-ups can be tested in milliseconds.
 * The script sets window.Excel and window.Office; here window is the test's global object.
 */
import { readFileSync } from "fs";
import { join } from "path";

const SOURCE = readFileSync(join(__dirname, "../e2e/fakeExcelHost.js"), "utf8");

/** One cell as the fake says Excel would hold it. */
export interface FakeCell {
  format: string;
  type: "blank" | "number" | "boolean" | "error" | "text" | "formula" | "date";
  value: unknown;
}

/** A defined name: to a range (reference) or a formula (names.add(name, "=...", comment)); `sheet` if local. */
export interface FakeName {
  name: string;
  reference?: string;
  formula?: string;
  comment?: string;
  sheet?: string;
}

/** What the fake measured of one sync, in UTF-8 bytes of JSON (see fakeExcelHost.js). */
export interface FakePayload {
  request: number;
  response: number;
}

/** One cell as a test may put it into the fake between syncs (a co-author's edit). */
export interface FakeCoAuthor {
  afterSync: number;
  addSheet?: string;
  addName?: FakeName;
  setCell?: { sheet: string; address: string; entry: unknown };
}

/** The fake's recorded state (see fakeExcelHost.js). */
export interface FakeExcel {
  sheets: { name: string; cells: Record<string, unknown> }[];
  names: FakeName[];
  tables: { sheet: string; range: string; name?: string; style?: string; showBandedRows?: boolean }[];
  charts: { sheet: string; type: string; source: string; name?: string }[];
  cells: Record<string, Record<string, FakeCell>>;
  syncs: number;
  runs: number;
  pending: number;
  writes: { sheet: string; kind: string; target: unknown; value: unknown }[];
  activeSheet: string;
  frozenRows: Record<string, number>;
  pageLayouts: Record<string, FakePageLayout>;
  validations: Record<string, Record<string, FakeValidation>>;
  /** per sync, in order */
  payloads: FakePayload[];
  /** a worksheet's id, visibility and protection */
  sheetMeta(name: string): { id: string; visibility: string; protected: boolean } | undefined;
  /** called after every sync with the count so far: a co-author's hook for tests in Node */
  afterSync?: (syncs: number) => void;
}

/** What the finish batch set on a sheet's Worksheet.pageLayout. */
export interface FakePageLayout {
  orientation?: string;
  zoom?: { horizontalFitToPages?: number; verticalFitToPages?: number };
  centerHorizontally?: boolean;
  printArea?: string;
  printTitleRows?: string;
}

/** What the finish batch set on one cell's Range.dataValidation. */
export interface FakeValidation {
  rule?: { decimal?: { formula1: number; operator: string } };
  prompt?: { showPrompt: boolean; title: string; message: string };
  errorAlert?: { showAlert: boolean; style: string; title: string; message: string };
}

/** What a test seeds the fake with (see fakeExcelHost.js). */
export interface FakeSeed {
  /** cells as typed: { "A1": "=MLCOST.CROSSOVER(1,2)" } or { "A1:B1": [["Q1", 100]] } */
  sheets: { name: string; cells: Record<string, unknown> }[];
  names: FakeName[];
  chartSheets?: string[];
  failOn?: string;
  coAuthor?: FakeCoAuthor | FakeCoAuthor[];
  excelApi?: string;
  protectedSheets?: string[];
}

/** Installs a fresh fake Excel host with `seed` as the open workbook, and returns its state. */
export function installFakeExcel(seed: FakeSeed): FakeExcel {
  const global = globalThis as any;
  global.window = global;
  global.__fakeWorkbookSeed = JSON.parse(JSON.stringify(seed));
  new Function(SOURCE)();
  return global.__excelFake;
}
