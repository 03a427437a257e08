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

/** The fake's recorded state (see fakeExcelHost.js). */
export interface FakeExcel {
  sheets: { name: string; cells: Record<string, unknown> }[];
  names: { name: string; reference: string }[];
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
  sheets: { name: string; cells: Record<string, unknown> }[];
  names: { name: string; reference: string }[];
  chartSheets?: string[];
  failOn?: string;
  coAuthor?: { afterSync: number; addSheet?: string; addName?: { name: string; reference: string } };
  excelApi?: string;
}

/** Installs a fresh fake Excel host with `seed` as the open workbook, and returns its state. */
export function installFakeExcel(seed: FakeSeed): FakeExcel {
  const global = globalThis as any;
  global.window = global;
  global.__fakeWorkbookSeed = JSON.parse(JSON.stringify(seed));
  new Function(SOURCE)();
  return global.__excelFake;
}
