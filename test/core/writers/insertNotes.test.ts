/*
 * The notes sheet on Insert (issue 28; src/core/writers/notesSync.ts, src/core/notes/insertedNotes.ts), against the
 * recording fake host: the first Insert writes "About this workbook" and the workbook-scoped name that finds it
 * again; each later Insert adds its sheet to that list, once, and drops the sheets the user deleted; a sheet of the
 * notes' name that the name does not point at is the user's, and is never written.
 */
import { EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { insertAnnualSheet } from "../../../src/annual/sheet/insertAnnual";
import { annualSheetLayout } from "../../../src/annual/sheet/annualLayout";
import { cellAddress } from "../../../src/core/excel/a1";
import { isProblem } from "../../../src/core/model/problems";
import { coveredSheetsIn, coverLayout, CoveredSheet } from "../../../src/core/notes/cover";
import { coveredDraft, mergedCover, NOTES_NAME } from "../../../src/core/notes/insertedNotes";
import type { LayoutCell } from "../../../src/core/sheet/cell";
import { sheetOfReference } from "../../../src/core/writers/notesSync";
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { insertStageSheet } from "../../../src/stages/sheet/insertStages";
import { sheetLayout } from "../../../src/stages/sheet/stageLayout";
import { FakeExcel, FakeSeed, installFakeExcel, NOTES_SHEET } from "../../support/fakeExcel";
import { unwrap } from "../../support/unwrap";

const EMPTY: FakeSeed = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };

/** Column A's and B's texts of the fake's `sheet`, row by row, as a reader of the notes sees them. */
function columnsAB(fake: FakeExcel, sheet: string): string[][] {
  const cells = fake.cells[sheet] ?? {};
  const rows = Math.max(0, ...Object.keys(cells).map((address) => Number(/\d+$/.exec(address)![0])));
  const text = (address: string) => {
    const held = cells[address];
    return held && held.type !== "blank" ? String(held.value) : "";
  };
  return Array.from({ length: rows }, (_, r) => [text(`A${r + 1}`), text(`B${r + 1}`)]);
}

/** The sheets the fake's notes sheet lists, read as the next Insert reads them. */
const listed = (fake: FakeExcel, sheet = NOTES_SHEET): CoveredSheet[] => coveredSheetsIn(columnsAB(fake, sheet));

/** The blue input cells of a layout's rows, in reading order. */
const inputsOf = (rows: readonly (readonly (LayoutCell | null)[])[]): string[] =>
  rows.flatMap((row, r) => row.flatMap((cell, c) => (cell?.role === "input" ? [cellAddress(r, c)] : [])));

const STAGE_TITLE = String(sheetLayout(EXAMPLE_PLAN).rows[0][0]?.value);

describe("the first Insert writes the notes sheet and its name", () => {
  test("the stage Insert: About this workbook lists Cost stages, its inputs and its master check", async () => {
    const fake = installFakeExcel(EMPTY);
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result.notesSheet).toBe(NOTES_SHEET);
    expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "Cost stages", NOTES_SHEET]);
    expect(fake.names).toContainEqual({ name: NOTES_NAME, reference: `'${NOTES_SHEET}'!A1` });
    // the inserted sheet stays the one shown: the notes sheet is added, not activated
    expect(fake.activeSheet).toBe("Cost stages");
    const inputs = inputsOf(sheetLayout(EXAMPLE_PLAN).rows);
    const text = columnsAB(fake, NOTES_SHEET).flat();
    expect(text[0]).toBe("About this workbook");
    expect(text).toContain(STAGE_TITLE);
    const inputWords = `${inputs.length} blue input cells, the first at ${inputs[0]}; each is labelled at its left.`;
    expect(text).toContain(inputWords);
    // the stage sheet's master check is its row 3, as the download's notes say (xlsxWorkbook.test.ts)
    expect(text).toContain("Master check: A3.");
    const entry = { name: "Cost stages", title: STAGE_TITLE, inputs: { count: inputs.length, first: inputs[0] } };
    expect(listed(fake)).toEqual([{ ...entry, masterCheck: "A3" }]);
    // the notes' cells wear the roles' styles, as the download's do
    expect(fake.writes.some((w) => w.sheet === NOTES_SHEET && w.kind === "format.fill.color")).toBe(true);
  });
});

describe("a later Insert adds its sheet to the list", () => {
  test("stage, then annual, then the stage again: one notes sheet listing the three, none twice", async () => {
    const fake = installFakeExcel(EMPTY);
    await insertStageSheet(EXAMPLE_PLAN);
    const annual = await insertAnnualSheet(EXAMPLE_ANNUAL_PLAN);
    expect(!isProblem(annual) && annual.notesSheet).toBe(NOTES_SHEET);
    const annualRows = unwrap(annualSheetLayout(EXAMPLE_ANNUAL_PLAN, "")).rows;
    expect(listed(fake).map((s) => s.name)).toEqual(["Cost stages", "Annual view"]);
    expect(listed(fake)[1]).toEqual(coveredDraft("Annual view", annualRows));
    expect(listed(fake)[1].inputs.count).toBe(inputsOf(annualRows).length);
    await insertStageSheet(EXAMPLE_PLAN);
    expect(listed(fake).map((s) => s.name)).toEqual(["Cost stages", "Annual view", "Cost stages (2)"]);
    expect(fake.sheets.filter((s) => s.name.startsWith("About this workbook"))).toHaveLength(1);
    expect(fake.names.filter((n) => n.name === NOTES_NAME)).toHaveLength(1);
  });

  test("a sheet the user deleted leaves the list; a shorter list leaves no old row behind", async () => {
    const fake = installFakeExcel(EMPTY);
    await insertStageSheet(EXAMPLE_PLAN);
    await insertAnnualSheet(EXAMPLE_ANNUAL_PLAN);
    const before = columnsAB(fake, NOTES_SHEET).length;
    fake.deleteSheet("Cost stages");
    fake.deleteSheet("Annual view");
    // The deleted sheet's names are still the workbook's (at #REF!), so the stage sheet goes to "(2)" again.
    await insertStageSheet(EXAMPLE_PLAN);
    expect(listed(fake).map((s) => s.name)).toEqual(["Cost stages (2)"]);
    expect(columnsAB(fake, NOTES_SHEET).length).toBe(before - 3);
  });

  test("our notes renamed by the user are found again by their name, and written there", async () => {
    const fake = installFakeExcel(EMPTY);
    await insertStageSheet(EXAMPLE_PLAN);
    fake.renameSheet(NOTES_SHEET, "Read me");
    const second = await insertStageSheet(EXAMPLE_PLAN);
    expect(second.notesSheet).toBe("Read me");
    expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "Cost stages", "Read me", "Cost stages (2)"]);
    expect(listed(fake, "Read me").map((s) => s.name)).toEqual(["Cost stages", "Cost stages (2)"]);
  });

  test("our notes deleted by the user: the next Insert writes new ones, the stale name pointed at them", async () => {
    const fake = installFakeExcel(EMPTY);
    await insertStageSheet(EXAMPLE_PLAN);
    fake.deleteSheet(NOTES_SHEET);
    const second = await insertStageSheet(EXAMPLE_PLAN);
    expect(second.notesSheet).toBe(NOTES_SHEET);
    expect(fake.names.filter((n) => n.name === NOTES_NAME)).toEqual([
      { name: NOTES_NAME, reference: `'${NOTES_SHEET}'!A1` },
    ]);
    // What the deleted notes listed went with them: the new notes list from this Insert on.
    expect(listed(fake).map((s) => s.name)).toEqual(["Cost stages (2)"]);
  });
});

describe("the user's sheet of the notes' name is never written", () => {
  const USERS: FakeSeed = {
    sheets: [{ name: "About this workbook", cells: { A1: "My own notes", B2: 42 } }],
    names: [],
  };

  test("two Inserts go to About this workbook (2); the user's sheet keeps every cell", async () => {
    const fake = installFakeExcel(USERS);
    const before = JSON.stringify(fake.cells["About this workbook"]);
    const first = await insertStageSheet(EXAMPLE_PLAN);
    expect(first.notesSheet).toBe("About this workbook (2)");
    const second = await insertAnnualSheet(EXAMPLE_ANNUAL_PLAN);
    expect(!isProblem(second) && second.notesSheet).toBe("About this workbook (2)");
    expect(JSON.stringify(fake.cells["About this workbook"])).toBe(before);
    expect(fake.writes.filter((w) => w.sheet === "About this workbook")).toEqual([]);
    expect(listed(fake, "About this workbook (2)").map((s) => s.name)).toEqual(["Cost stages", "Annual view"]);
    expect(fake.names.filter((n) => n.name === NOTES_NAME)).toEqual([
      { name: NOTES_NAME, reference: "'About this workbook (2)'!A1" },
    ]);
  });
});

describe("the notes cost the sheet nothing", () => {
  test("a notes batch Excel refuses keeps the inserted sheet whole, and the result says why", async () => {
    const fake = installFakeExcel(EMPTY);
    fake.failWhen = (op) => op.kind === "worksheets.add" && op.target === NOTES_SHEET;
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result).toMatchObject({ sheetName: "Cost stages", chart: true });
    expect(result.notesSkipped).toMatch(/^the notes sheet could not be written: .*injected/);
    expect(Object.keys(fake.cells["Cost stages"]).length).toBeGreaterThan(10);
    expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "Cost stages"]);
  });

  test("an Excel without ExcelApi 1.7 gets the sheet, no notes, and is told why", async () => {
    const fake = installFakeExcel({ ...EMPTY, excelApi: "1.6" });
    const result = await insertStageSheet(EXAMPLE_PLAN);
    expect(result.notesSkipped).toBe("this Excel lacks ExcelApi 1.7, which the notes sheet need");
    expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "Cost stages"]);
  });
});

describe("the pure parts", () => {
  const sheets: CoveredSheet[] = [
    { name: "Cost stages", title: "Stages", inputs: { count: 9, first: "C5" }, masterCheck: "A3" },
    { name: "O'Brien's budget", title: "Budget", inputs: { count: 0 } },
  ];

  test("the list the notes lay out reads back as it was", () => {
    const values = coverLayout({ sheets, written: { version: "1.0.0", date: "2026-12-02" } }).rows.map((row) =>
      row.map((cell) => cell?.value ?? ""),
    );
    expect(coveredSheetsIn(values)).toEqual(sheets);
    expect(coveredSheetsIn([["Something else"]])).toEqual([]);
  });

  test("merging keeps the listed sheets still there, in order, and lists a reinserted name once", () => {
    const added: CoveredSheet = { name: "COST STAGES", title: "Stages", inputs: { count: 1, first: "B2" } };
    expect(mergedCover(sheets, added, ["Cost stages", "Other"])).toEqual([added]);
    expect(mergedCover(sheets, added, ["O'Brien's budget", "COST STAGES"])).toEqual([sheets[1], added]);
  });

  test("the notes name's reference gives its sheet, quoted or not; #REF! gives none", () => {
    expect(sheetOfReference("='About this workbook'!$A$1")).toBe("About this workbook");
    expect(sheetOfReference("='O''Brien''s notes'!A1")).toBe("O'Brien's notes");
    expect(sheetOfReference("=Notes!$A$1")).toBe("Notes");
    expect(sheetOfReference("=#REF!")).toBeUndefined();
  });
});
