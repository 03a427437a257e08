/*
 * The end-to-end tests' recording fake of the Excel host (test/e2e/fakeExcelHost.js), loaded into
 * Node, so that the Excel writer's batches, failures and clean-ups can be tested in milliseconds.
 * The script sets window.Excel and window.Office; here window is the test's global object.
 */
import type { PrintPlan } from "../../src/core/sheet/sheetBasics";
import { readFileSync } from "fs";
import { join } from "path";
import { cellAddress } from "../../src/core/excel/a1";
import { COVER_SHEET_NAME } from "../../src/core/notes/cover";
import { NOTES_NAME } from "../../src/core/notes/insertedNotes";

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
  charts: { sheet: string; type: string; source: string; seriesBy?: string; name?: string }[];
  cells: Record<string, Record<string, FakeCell>>;
  syncs: number;
  runs: number;
  pending: number;
  writes: { sheet: string; kind: string; target: unknown; value: unknown }[];
  activeSheet: string;
  frozenRows: Record<string, number>;
  frozenColumns: Record<string, number>;
  /** per sheet, the rows a manual page break comes before (horizontalPageBreaks.add), in order */
  pageBreaks: Record<string, number[]>;
  pageLayouts: Record<string, FakePageLayout>;
  validations: Record<string, Record<string, FakeValidation>>;
  /** per sync, in order */
  payloads: FakePayload[];
  /** a worksheet's id, visibility and protection */
  sheetMeta(name: string): { id: string; visibility: string; protected: boolean } | undefined;
  /** called after every sync with the count so far: a co-author's hook for tests in Node */
  afterSync?: (syncs: number) => void;
  /**
   * called right after a range's load runs inside a sync (the sheet, the address it read, the
   * properties): a co-author's edit that lands after a read and before the writes that follow
   */
  afterLoad?: (sheet: string, address: string, properties: string[]) => void;
  /** asked before every recorded operation runs: true makes it fail as Excel fails one (a write Excel refuses) */
  failWhen?: (operation: { sheet: string; kind: string; target: unknown; value: unknown }) => boolean;
  /** the user inserts `count` rows before row `at` (1-based) of `sheet`: cells move down, references follow */
  insertRows(sheet: string, at: number, count?: number): void;
  /** the user deletes `count` rows from row `at`: cells below move up, references to deleted cells become #REF! */
  deleteRows(sheet: string, at: number, count?: number): void;
  /** the user deletes a sheet (a very hidden one too, as code can): references to it become #REF! */
  deleteSheet(name: string): void;
  /** the user renames a sheet: references to it follow */
  renameSheet(from: string, to: string): void;
  /** the document settings as the document holds them: what the last saveAsync persisted */
  settings: Record<string, unknown>;
  /** a copy of the settings at each saveAsync that succeeded, in order */
  settingsSaves: Record<string, unknown>[];
}

/** What the finish batch set on a sheet's Worksheet.pageLayout. */
export interface FakePageLayout {
  orientation?: string;
  zoom?: { horizontalFitToPages?: number; verticalFitToPages?: number; scale?: number };
  centerHorizontally?: boolean;
  /** in points, as PageLayout takes them */
  leftMargin?: number;
  rightMargin?: number;
  topMargin?: number;
  bottomMargin?: number;
  headerMargin?: number;
  footerMargin?: number;
  printArea?: string;
  printTitleRows?: string;
  printTitleColumns?: string;
  /** PageLayout.headersFooters: its state and what defaultForAllPages was given */
  headersFooters?: {
    state?: string;
    defaultForAllPages?: Partial<
      Record<"leftHeader" | "centerHeader" | "rightHeader" | "leftFooter" | "centerFooter" | "rightFooter", string>
    >;
  };
}

/** What the finish batch set on one cell's Range.dataValidation. */
export interface FakeValidation {
  rule?: {
    decimal?: { formula1: number; formula2?: number; operator: string };
    /** a Range source is kept as its address: 'What-if'!C8:E8 */
    list?: { inCellDropDown: boolean; source: string };
  };
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
  /** per sheet, its conditional formats (worksheet.getRange().conditionalFormats; see withRules) */
  conditionalFormats?: Record<string, FakeConditionalFormat[]>;
  /** per sheet, the type worksheet.getRange().dataValidation reports (default "None") */
  validationTypes?: Record<string, string>;
  /** per sheet, how many charts worksheet.charts.load() lists (default 0) */
  chartCounts?: Record<string, number>;
  /** the document settings the workbook opens with ({ name: value }) */
  settings?: Record<string, unknown>;
  /** when set, every saveAsync of the settings fails with this message */
  failSettingsSave?: string;
}

/** A conditional format as a test seeds it: a custom rule's formula, or a cell-value rule's formula1/2. */
export interface FakeConditionalFormat {
  /** where it applies ("A1:A5"), or undefined for several areas (getRangeOrNullObject gives a null object) */
  range?: string;
  type: "Custom" | "CellValue" | "IconSet" | "ColorScale" | "DataBar";
  formula?: string;
  formula1?: string;
  formula2?: string;
}

/** Installs a fresh fake Excel host with `seed` as the open workbook, and returns its state. */
export function installFakeExcel(seed: FakeSeed): FakeExcel {
  const global = globalThis as any;
  global.window = global;
  global.__fakeWorkbookSeed = JSON.parse(JSON.stringify(seed));
  new Function(SOURCE)();
  const run = global.Excel.run;
  global.Excel.run = (batch: (context: any) => unknown) => run((context: any) => batch(withRules(context, seed)));
  return global.__excelFake;
}

/**
 * `context` with each sheet's whole range (worksheet.getRange()) giving the seed's conditional formats
 * and data validation type: loaded at the next sync of the context, as Office.js delivers them.
 */
function withRules(context: any, seed: FakeSeed): any {
  let pending: (() => void)[] = [];
  const loadable = (deliver: () => Record<string, unknown>) => {
    let data: Record<string, unknown> | undefined;
    const target: any = {
      load() {
        pending.push(() => (data = deliver()));
        return proxy;
      },
    };
    const proxy: any = new Proxy(target, {
      get(t, prop) {
        if (prop in t || typeof prop === "symbol") return t[prop];
        if (!data || !(prop in data)) throw new Error(`PropertyNotLoaded: ${String(prop)}`);
        return data[prop];
      },
    });
    return proxy;
  };
  const formatItem = (format: FakeConditionalFormat) => ({
    type: format.type,
    custom: { rule: loadable(() => ({ formula: format.formula })) },
    cellValue: loadable(() => ({
      rule: { formula1: format.formula1, formula2: format.formula2, operator: "Between" },
    })),
    getRangeOrNullObject: () =>
      loadable(() => ({ isNullObject: format.range === undefined, address: format.range && `Sheet!${format.range}` })),
  });
  const sheet = (original: any, name: string) =>
    new Proxy(original, {
      get(t, prop) {
        if (prop === "charts") {
          const listed = loadable(() => ({
            items: Array.from({ length: seed.chartCounts?.[name] ?? 0 }, (_, i) => ({ name: `Chart ${i + 1}` })),
          }));
          return new Proxy(t.charts, {
            get: (c, p) => (p === "load" ? listed.load : p === "items" ? listed.items : c[p]),
          });
        }
        if (prop !== "getRange") return t[prop];
        return (address?: string) =>
          address !== undefined
            ? t.getRange(address)
            : {
                conditionalFormats: loadable(() => ({
                  items: (seed.conditionalFormats?.[name] ?? []).map(formatItem),
                })),
                dataValidation: loadable(() => ({ type: seed.validationTypes?.[name] ?? "None" })),
              };
      },
    });
  const worksheets = new Proxy(context.workbook.worksheets, {
    get(t, prop) {
      return prop === "getItem" ? (name: string) => sheet(t.getItem(name), name) : t[prop];
    },
  });
  const workbook = new Proxy(context.workbook, {
    get: (t, prop) => (prop === "worksheets" ? worksheets : t[prop]),
  });
  // A test may put its own sync on the context (to fail one, or count them) and call the one it read before:
  // each read of `sync` wraps the sync in place at that moment, so a replacement calling its predecessor ends.
  let current: (...args: any[]) => Promise<unknown> = context.sync.bind(context);
  return new Proxy(context, {
    get(t, prop) {
      if (prop === "workbook") return workbook;
      if (prop !== "sync") return t[prop];
      const sync = current;
      return async (...args: any[]) => {
        const loads = pending;
        pending = [];
        const result = await sync(...args);
        loads.forEach((deliver) => deliver());
        return result;
      };
    },
    set(t, prop, value) {
      if (prop === "sync") current = value;
      else t[prop] = value;
      return true;
    },
  });
}

/**
 * What was set on the fake's chart at `index` (its place in state.charts when it was added), by
 * path: { "axes.categoryAxis.reversePlotOrder": true, "series[0].overlap": 100, ... }; a method
 * call holds its arguments (a Range as its address).
 */
export function chartWrites(fake: FakeExcel, index: number): Record<string, unknown> {
  const writes: Record<string, unknown> = {};
  for (const write of fake.writes)
    if (write.kind.startsWith("chart.") && write.target === index) writes[write.kind.slice(6)] = write.value;
  return writes;
}

/**
 * The fake's defined names that point at cells: the user's and the sheets' (a workbook function holds a formula),
 * the notes sheet's own name apart (its tests: test/core/writers/insertNotes.test.ts).
 */
export const cellNames = (fake: FakeExcel): FakeName[] =>
  fake.names.filter((n) => n.formula === undefined && n.name !== NOTES_NAME);

/** The names of the fake's workbook functions (the names that hold a formula), in the order they went in. */
export const functionNames = (fake: FakeExcel): string[] =>
  fake.names.filter((n) => n.formula !== undefined).map((n) => n.name);

/** One write the fake recorded. */
export type FakeWrite = FakeExcel["writes"][number];

/** The notes sheet's name where Insert writes it into a workbook that has none (src/core/writers/notesSync.ts). */
export const NOTES_SHEET = COVER_SHEET_NAME;

/** The workbook-scoped name by which Insert finds its notes sheet again. */
export const NOTES_NAME_OF_INSERT = NOTES_NAME;

/** Whether a recorded write went to the notes sheet (its cells, its name), Insert's last batch. */
export const isNotesWrite = ({ sheet, kind, value }: FakeWrite, notesSheet: string = NOTES_SHEET): boolean =>
  sheet === notesSheet || (kind === "names.add" && value === NOTES_NAME);

/** The finish batch's writes: frozen panes, the page, validation, page breaks (the indent and alignment aside). */
const FINISH_KINDS = /^(freezePanes|pageLayout|dataValidation|horizontalPageBreaks)\./;

/**
 * Which batch of an Insert a recorded write belongs to, in the order they must come: 0 the data, 1 a
 * chart, 2 the finish (frozen panes, page, validation, page breaks, the units' indent and left
 * alignment), 3 the workbook functions (LAMBDA names), 4 the notes sheet (its cells and its name).
 */
export function insertBatchOf(write: FakeWrite): 0 | 1 | 2 | 3 | 4 {
  const { kind, value, target } = write;
  if (isNotesWrite(write)) return 4;
  if (kind.startsWith("chart")) return 1;
  if (FINISH_KINDS.test(kind) || kind === "format.indentLevel") return 2;
  if (kind === "format.horizontalAlignment" && value === "Left") return 2;
  return String(target).startsWith("=LAMBDA(") ? 3 : 0;
}

/** Office.js's names of the "decimal" operators a layout's rule states. */
const OFFICE_OPERATORS = {
  greaterThanOrEqual: "GreaterThanOrEqualTo",
  greaterThan: "GreaterThan",
  between: "Between",
} as const;

/** A layout's validation of one cell, as the stage, annual and what-if layouts give it. */
interface LaidValidation {
  rule:
    | { type?: "decimal"; operator: keyof typeof OFFICE_OPERATORS; bound: number; upper?: number }
    | { type: "list"; source: string };
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/**
 * What the finish must set on the cell of `validation` on `sheet`, as the fake records it: the rule
 * in Office.js's terms (a list's source as a Range, kept by its address), the prompt, a stop alert.
 */
export function officeValidation({ rule, prompt, error }: LaidValidation, sheet: string): FakeValidation {
  const officeRule =
    rule.type === "list"
      ? { list: { inCellDropDown: true, source: `'${sheet}'!${rule.source.replace(/\$/g, "")}` } }
      : {
          decimal: {
            formula1: rule.bound,
            operator: OFFICE_OPERATORS[rule.operator],
            ...(rule.operator === "between" ? { formula2: rule.upper } : {}),
          },
        };
  return {
    rule: officeRule,
    prompt: { showPrompt: true, ...prompt },
    errorAlert: { showAlert: true, style: "Stop", ...error },
  };
}

/** A layout cell as the writers read it (src/core/sheet/cell.ts), reduced to what the fake can check. */
interface LaidCell {
  value?: number | string;
  formula?: string;
}

/**
 * The addresses where `sheet` of the fake does not hold what `rows` lays out: a text as Text ("@"),
 * a formula as "=...", a number as that number, a cell without value or formula blank. Empty when
 * every cell went in as laid.
 */
export function cellsNotAsLaid(
  fake: FakeExcel,
  sheet: string,
  rows: readonly (readonly (LaidCell | null)[])[],
): string[] {
  const wrong: string[] = [];
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!cell) return;
      const address = cellAddress(r, c);
      const held = fake.cells[sheet]?.[address];
      const ok =
        cell.formula !== undefined
          ? held?.type === "formula" && held.value === `=${cell.formula}`
          : typeof cell.value === "string"
            ? held?.format === "@" && held.type === "text" && held.value === cell.value
            : cell.value === undefined
              ? held?.type === "blank"
              : held?.type === "number" && held.value === cell.value;
      if (!ok) wrong.push(address);
    }),
  );
  return wrong;
}

/**
 * What the finish sets on a sheet's Worksheet.pageLayout for `print` beside its orientation, print area and title
 * rows: the margins in points, the scale or the fit, the repeated columns, the header and footer on every page.
 */
export function printedPageLayout(print: PrintPlan): FakePageLayout {
  const { margins, headerFooter } = print;
  return {
    leftMargin: margins.left * 72,
    rightMargin: margins.right * 72,
    topMargin: margins.top * 72,
    bottomMargin: margins.bottom * 72,
    headerMargin: margins.header * 72,
    footerMargin: margins.footer * 72,
    zoom: print.scalePercent
      ? { scale: print.scalePercent }
      : { horizontalFitToPages: 1, verticalFitToPages: print.pagesTall },
    ...(print.titleColumns ? { printTitleColumns: print.titleColumns } : {}),
    headersFooters: { state: "Default", defaultForAllPages: { ...headerFooter } },
  };
}
