/*
 * The portable reports in words: what a planner reads after converting a file, scanning, converting or
 * restoring inside Excel. Built from report objects as the engines return them.
 */
import { fileReportView } from "../../../src/portable/pane/portableReport";
import { convertView, restoreView, scanView } from "../../../src/portable/pane/portableExcelReport";
import type { ConvertReport, RestoreReport, WorkbookScan } from "../../../src/portable/excel";
import type { PortableFileReport } from "../../../src/portable/file/xlsxPackage";

const FILE: PortableFileReport = {
  mode: "plain",
  sheets: [
    { sheet: "Plan", part: "xl/worksheets/sheet1.xml", formulasConverted: 3, callsConverted: 4, left: [] },
    {
      sheet: "Q1",
      part: "xl/worksheets/sheet2.xml",
      formulasConverted: 1,
      callsConverted: 1,
      left: [{ where: "B2", call: "MLCOST.STAGETABLE(1,2,3,4,5)", reason: "STAGETABLE spills a table." }],
    },
  ],
  definedNames: { formulasConverted: 0, callsConverted: 0, left: [] },
  twins: { added: [], kept: [] },
  recalculateOnOpen: true,
  calcChainRemoved: true,
};

test("a converted file's report counts formulas and calls, and places each call left on its sheet", () => {
  const view = fileReportView(FILE, "budget.xlsx");
  expect(view.summary).toBe("4 formulas (5 MLCOST calls) converted to plain arithmetic; 1 left as they were (below).");
  expect(view.left).toEqual([
    { where: "Q1, B2", call: "MLCOST.STAGETABLE(1,2,3,4,5)", reason: "STAGETABLE spills a table." },
  ]);
  expect(view.notes[0]).toMatch(/recalculate when it opens/);
  expect(view.notes.some((n) => n.includes("Microsoft 365"))).toBe(false);
});

test("a file with nothing to convert says so; in lambda mode it names the versions the twins need", () => {
  const nothing: PortableFileReport = {
    ...FILE,
    mode: "lambda",
    sheets: [],
    recalculateOnOpen: false,
    twins: { added: ["CROSSOVER"], kept: [] },
  };
  const view = fileReportView(nothing, "empty.xlsx");
  expect(view.summary).toBe(
    "empty.xlsx has no MLCOST call to convert; the workbook functions were added, so anyone can type them.",
  );
  expect(view.notes).toEqual(["Workbook functions need Excel for Microsoft 365, Excel for the web or Excel 2024."]);
});

const SCAN: WorkbookScan = {
  mode: "lambda",
  sheets: [
    {
      name: "Plan",
      id: "{1}",
      calls: 2,
      cells: 2,
      convertible: 2,
      protected: false,
      sample: [{ address: "C2", before: "=MLCOST.CROSSOVER(A2,B2)", after: "=CROSSOVER(A2,B2)" }],
      unconverted: [],
      unreadRows: [],
      formulas: [],
    },
    {
      name: "Locked",
      id: "{2}",
      calls: 1,
      cells: 1,
      convertible: 0,
      protected: true,
      sample: [],
      unconverted: [],
      unreadRows: [],
      formulas: [],
    },
  ],
  totals: { sheets: 2, cells: 3, calls: 3, convertible: 2, unconverted: 0, protectedSheets: 1 },
  functions: { toAdd: ["CROSSOVER", "SERVINGHOURS"], kept: [] },
  syncs: 3,
};

test("a scan says what would change, names the protected sheet, and shows samples, before anything changes", () => {
  const view = scanView(SCAN);
  expect(view.summary).toBe(
    "3 formulas on 2 sheets call MLCOST (3 calls); 2 can become workbook functions. 1 protected sheet will be" +
      " skipped. Nothing has changed yet.",
  );
  expect(view.samples).toEqual([
    { where: "Plan, C2", before: "=MLCOST.CROSSOVER(A2,B2)", after: "=CROSSOVER(A2,B2)", address: "C2" },
  ]);
  expect(view.sheets[1]).toEqual({ sheet: "Locked", formulas: 1, calls: 1, note: "Protected: will be skipped" });
  expect(view.notes).toEqual(["Converting adds 2 workbook functions first: CROSSOVER, SERVINGHOURS."]);
});

test("a cancelled conversion says every sheet is whole, and a co-author's cell is listed with what to do", () => {
  const report: ConvertReport = {
    mode: "plain",
    sheets: [
      { name: "Plan", status: "converted", cells: 2, calls: 2, changedSinceScan: ["D4"], unconverted: [] },
      { name: "Q2", status: "rolled back", cells: 0, calls: 0, changedSinceScan: [], unconverted: [] },
    ],
    totals: { cells: 2, calls: 2, changedSinceScan: 1, unconverted: 0, sheetsSkipped: 0 },
    originals: { sheet: "MLCost originals", records: 2 },
    cancelled: true,
    syncs: 9,
  };
  const view = convertView(report);
  expect(view.summary).toBe(
    "Cancelled. 2 formulas (2 MLCOST calls) converted to plain arithmetic. Every sheet is either fully converted" +
      " or as it was.",
  );
  expect(view.left[0]).toMatchObject({ where: "Plan, D4", reason: expect.stringContaining("changed after the scan") });
  expect(view.sheets[1].note).toBe("Cancelled: put back as it was");
  expect(view.notes[0]).toMatch(/very hidden sheet named "MLCost originals"/);
});

test("a restore counts what came back and what stays on record", () => {
  const report: RestoreReport = {
    sheets: [{ name: "Plan", restored: 5, changed: ["C9"] }],
    restored: 5,
    recordsLeft: 1,
    originalsRemoved: false,
    cancelled: false,
    syncs: 4,
  };
  const view = restoreView(report);
  expect(view.summary).toBe("5 formulas put back as they were before the conversion.");
  expect(view.left[0].where).toBe("Plan, C9");
  expect(view.notes).toEqual(["1 original stays on record for a later Restore."]);
  expect(view.sheets).toEqual([{ sheet: "Plan", formulas: 5, note: undefined }]);
});

test("a converted file's report says what the browser keeps: the original untouched, a copy with no originals", () => {
  const view = fileReportView(FILE, "budget.xlsx");
  const keeps = view.notes.find((n) => n.includes("budget.xlsx"))!;
  expect(keeps).toMatch(/budget\.xlsx itself is untouched/);
  expect(keeps).toMatch(/converted copy keeps no record of the MLCOST calls/);
  expect(keeps).toMatch(/Restore add-in formulas.*nothing to restore/);
  // Nothing converted, nothing downloaded: no such note.
  const nothing = fileReportView({ ...FILE, sheets: [], recalculateOnOpen: false }, "empty.xlsx");
  expect(nothing.notes.some((n) => n.includes("untouched"))).toBe(false);
});
