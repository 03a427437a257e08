/*
 * Scan, convert and restore inside Excel, against the recording fake host: counts and samples,
 * both modes, a restore that gives back exactly the original formulas, a co-author's edit, a
 * protected sheet, names never overwritten, cancel leaving every sheet converted or untouched.
 */
import {
  addWorkbookFunctions,
  convertWorkbook,
  restoreWorkbook,
  scanWorkbook,
  ORIGINALS_SHEET,
} from "../../../src/portable/excel";
import { twinFormula } from "../../../src/portable/excel/twinsInExcel";
import { installFakeExcel } from "../../support/fakeExcel";
import { TWIN_IDS } from "../../support/twinIds";
import { contentsOf, formulaColumn, MIXED, payloadFigures, workbookContents } from "./workbooks";

describe("scan", () => {
  test("counts calls and formulas per sheet, shows a sample, lists what stays and why; changes nothing", async () => {
    const fake = installFakeExcel(MIXED);
    // Text typed as "=MLCOST..." into a Text cell reads like a formula through Range.formulas.
    fake.cells.Budget.D1 = { format: "@", type: "text", value: "=MLCOST.CROSSOVER(1,2)" };
    const before = JSON.stringify(fake.cells);
    const scan = await scanWorkbook("lambda");
    expect(scan.error).toBeUndefined();
    const bySheet = Object.fromEntries(scan.sheets.map((s) => [s.name, s]));
    expect(scan.sheets.map((s) => s.name)).toEqual(["Budget", "Plan", "Locked", "Empty"]);
    expect(bySheet.Budget).toMatchObject({ cells: 2, calls: 2, convertible: 2, protected: false, unconverted: [] });
    expect(bySheet.Budget.sample).toEqual([
      { address: "C1", before: "=MLCOST.CROSSOVER(A1,B1)", after: "=CROSSOVER(A1,B1)" },
      { address: "C2", before: "=MLCOST.SERVINGHOURS(1944000000, 0.04)*2", after: "=SERVINGHOURS(1944000000, 0.04)*2" },
    ]);
    expect(bySheet.Plan).toMatchObject({ cells: 5, calls: 5, convertible: 4 });
    expect(bySheet.Plan.unconverted).toEqual([
      { address: "A1", call: "MLCOST.STAGETABLE(600,0.04,5000,54000000,1944000000)", reason: expect.any(String) },
    ]);
    expect(bySheet.Plan.sample.map((s) => s.after)).toEqual([
      "=CROSSOVER(600,0.04)",
      "=SPLITRATIO(1944000000,0.04,600)",
      "=DOMINANTHALF(5000000, 0.04, 600)",
    ]);
    expect(bySheet.Locked).toMatchObject({ cells: 1, protected: true });
    expect(bySheet.Empty).toMatchObject({ cells: 0, calls: 0 });
    expect(scan.totals).toEqual({ sheets: 3, cells: 8, calls: 8, convertible: 7, unconverted: 1, protectedSheets: 1 });
    expect(scan.functions!.toAdd).toEqual(TWIN_IDS);
    expect(JSON.stringify(fake.cells)).toBe(before);
    expect(fake.writes).toEqual([]);
    // Two syncs to read the workbook, then one chunk per sheet with cells.
    expect(scan.syncs).toBe(fake.syncs);
    expect(fake.syncs).toBe(2 + 4);
  });

  test("mode plain shows arithmetic with no add-in, LAMBDA or 365 function in it", async () => {
    installFakeExcel(MIXED);
    const scan = await scanWorkbook("plain");
    const after = scan.sheets.flatMap((s) => s.sample.map((x) => x.after));
    expect(after).toHaveLength(6); // the sample's three on Plan, Budget's two, Locked's one
    for (const formula of after) expect(formula).not.toMatch(/MLCOST|LAMBDA|LET\(|_xl/i);
    expect(scan.functions).toBeUndefined();
  });
});

describe("convert and restore", () => {
  test.each(["lambda", "plain"] as const)(
    "mode %s: converts, keeps originals very hidden, restores exactly",
    async (mode) => {
      const fake = installFakeExcel(MIXED);
      const original = workbookContents(fake);
      const progress: number[] = [];
      const report = await convertWorkbook(await scanWorkbook(mode), { onProgress: (p) => progress.push(p.done) });
      expect(report.error).toBeUndefined();
      expect(report.sheets.map((s) => [s.name, s.status, s.cells])).toEqual([
        ["Budget", "converted", 2],
        ["Plan", "converted", 4],
        ["Locked", "protected", 0],
        ["Empty", "nothing to convert", 0],
      ]);
      expect(report.totals).toMatchObject({ cells: 6, calls: 6, unconverted: 1, sheetsSkipped: 1 });
      expect(report.originals).toEqual({ sheet: ORIGINALS_SHEET, records: 6 });
      expect(progress[progress.length - 1]).toBe(7); // the unlocked sheets' scanned formulas
      const cells = workbookContents(fake);
      expect(cells.Plan.A1).toBe(original.Plan.A1); // STAGETABLE stays
      expect(cells.Locked).toEqual(original.Locked);
      expect(cells.Budget.C3).toBe(original.Budget.C3);
      const converted = [cells.Budget.C1, cells.Budget.C2, cells.Plan.A10, cells.Plan.B10, cells.Plan.AA100];
      for (const formula of converted) expect(formula).not.toMatch(/MLCOST/i);
      if (mode === "lambda") {
        expect(cells.Budget.C1).toBe("=CROSSOVER(A1,B1)");
        expect(report.functions).toEqual({ added: TWIN_IDS, kept: [] });
        expect(fake.names.map((n) => [n.name, n.formula])).toEqual(TWIN_IDS.map((id) => [id, twinFormula(id)]));
      } else {
        expect(String(cells.Budget.C1)).toMatch(/^=\(IF\(/);
        expect(report.functions).toBeUndefined();
        expect(fake.names).toEqual([]);
      }
      // The originals: a very hidden sheet of text, one row per converted cell.
      expect(fake.sheetMeta(ORIGINALS_SHEET)!.visibility).toBe("VeryHidden");
      const kept = fake.cells[ORIGINALS_SHEET];
      expect(kept.A1).toEqual({ format: "@", type: "text", value: "Sheet" });
      expect(kept.C2).toEqual({ format: "@", type: "text", value: "=MLCOST.CROSSOVER(A1,B1)" });
      expect(kept.D2).toEqual({ format: "@", type: "text", value: cells.Budget.C1 });
      expect(kept.E2.value).toBe(fake.sheetMeta("Budget")!.id);

      const restored = await restoreWorkbook();
      expect(restored).toMatchObject({ restored: 6, recordsLeft: 0, originalsRemoved: true, cancelled: false });
      expect(restored.sheets.map((s) => [s.name, s.restored, s.changed])).toEqual([
        ["Plan", 4, []],
        ["Budget", 2, []],
      ]);
      expect(workbookContents(fake)).toEqual(original);
      expect(fake.sheets.map((s) => s.name)).not.toContain(ORIGINALS_SHEET);
      expect(fake.pending).toBe(0);
    },
  );

  test("a restore finds the originals without the pane's memory, after a rename, and converts twice", async () => {
    const fake = installFakeExcel(MIXED);
    const original = workbookContents(fake);
    await convertWorkbook(await scanWorkbook("plain"));
    // The user edits a converted cell back into an add-in formula and converts again.
    fake.cells.Budget.C1 = { format: "General", type: "formula", value: "=MLCOST.CROSSOVER(A1,0.05)" };
    const second = await convertWorkbook(await scanWorkbook("lambda"));
    expect(second.sheets[0]).toMatchObject({ name: "Budget", cells: 1 });
    // Renamed meanwhile: the records find it by its id.
    const budget = fake.sheets.find((s) => s.name === "Budget")!;
    budget.name = "Budget 2027";
    fake.cells["Budget 2027"] = fake.cells.Budget;
    delete fake.cells.Budget;
    const restored = await restoreWorkbook();
    // Seven records, six cells: the newest record of C1 is used, the older one dropped.
    expect(restored).toMatchObject({ restored: 6, recordsLeft: 0, originalsRemoved: true });
    const now = workbookContents(fake);
    // The newest record wins: C1 gets what it held before the second conversion; the older record is dropped.
    expect(now["Budget 2027"]).toEqual({ ...original.Budget, C1: "=MLCOST.CROSSOVER(A1,0.05)" });
    expect(now.Plan).toEqual(original.Plan);
  });

  test("a cell a co-author changed after the scan is left alone and reported", async () => {
    const fake = installFakeExcel(MIXED);
    const scan = await scanWorkbook("plain");
    fake.cells.Budget.C1 = { format: "General", type: "formula", value: "=MLCOST.CROSSOVER(A1,0.5)" };
    const report = await convertWorkbook(scan);
    expect(report.sheets[0]).toMatchObject({ name: "Budget", status: "converted", cells: 1, changedSinceScan: ["C1"] });
    expect(report.totals.changedSinceScan).toBe(1);
    expect(contentsOf(fake, "Budget").C1).toBe("=MLCOST.CROSSOVER(A1,0.5)");
    expect(report.originals!.records).toBe(5); // no record for the cell left alone
  });

  test("a co-author's edit during the conversion (between two syncs) is left alone too", async () => {
    const fake = installFakeExcel(MIXED);
    const scan = await scanWorkbook("plain");
    const start = fake.syncs;
    // After the conversion's reads (workbook, names, twins none, originals sheet added), before the first batch.
    fake.afterSync = (syncs) => {
      if (syncs === start + 3) fake.cells.Plan.A10 = { format: "General", type: "text", value: "typed over" };
    };
    const report = await convertWorkbook(scan);
    expect(report.sheets[1]).toMatchObject({ name: "Plan", cells: 3, changedSinceScan: ["A10"] });
    expect(contentsOf(fake, "Plan").A10).toBe("typed over");
  });

  test("restore leaves a cell changed since the conversion, reports it, and keeps its record", async () => {
    const fake = installFakeExcel(MIXED);
    await convertWorkbook(await scanWorkbook("lambda"));
    fake.cells.Plan.AB100 = { format: "General", type: "number", value: 42 };
    const restored = await restoreWorkbook();
    expect(restored).toMatchObject({ restored: 5, recordsLeft: 1, originalsRemoved: false });
    expect(restored.sheets.find((s) => s.name === "Plan")!.changed).toEqual(["AB100"]);
    expect(contentsOf(fake, "Plan").AB100).toBe(42);
    expect(fake.sheets.map((s) => s.name)).toContain(ORIGINALS_SHEET);
    // A second restore finds only that record, and leaves it again.
    const again = await restoreWorkbook();
    expect(again).toMatchObject({ restored: 0, recordsLeft: 1 });
  });

  test("a protected sheet is skipped at conversion and at restore, and reported", async () => {
    const fake = installFakeExcel(MIXED);
    const scan = await scanWorkbook("plain");
    fake.sheetMeta("Plan")!.protected = true; // protected after the scan
    const report = await convertWorkbook(scan);
    expect(report.sheets.map((s) => s.status)).toEqual(["converted", "protected", "protected", "nothing to convert"]);
    expect(contentsOf(fake, "Plan")).toEqual(workbookContents(installFakeExcel(MIXED)).Plan);
  });

  test("nothing to restore in a workbook never converted; a stranger's sheet of that name is never used", async () => {
    installFakeExcel(MIXED);
    expect((await restoreWorkbook()).nothing).toMatch(/keeps no original formulas/);
    const fake = installFakeExcel({
      ...MIXED,
      sheets: [...MIXED.sheets, { name: ORIGINALS_SHEET, cells: { A1: "my notes" } }],
    });
    expect((await restoreWorkbook()).nothing).toMatch(/is not MLCost's/);
    const report = await convertWorkbook(await scanWorkbook("plain"));
    expect(report.error).toMatch(/is not MLCost's.*Nothing was converted/);
    expect(fake.writes).toEqual([]);
  });
});

describe("workbook functions: names are never overwritten", () => {
  test("Add workbook functions adds every twin once, with comments; a second run keeps them", async () => {
    const fake = installFakeExcel(MIXED);
    expect(await addWorkbookFunctions()).toEqual({ added: TWIN_IDS, kept: [] });
    expect(fake.names.every((n) => /^Workbook twin of MLCOST\./.test(n.comment || ""))).toBe(true);
    expect(fake.names.map((n) => n.formula)).toEqual(TWIN_IDS.map(twinFormula));
    const again = await addWorkbookFunctions();
    expect(again.added).toEqual([]);
    expect(again.kept.map((k) => k.reason)).toEqual(TWIN_IDS.map(() => "The workbook already has this twin."));
    expect(fake.syncs).toBe(3); // read and add; read, with nothing left to add
  });

  test("the user's own names stay; their functions' calls become plain arithmetic where the names rule", async () => {
    const mine = { name: "Crossover", reference: "'Budget'!$A$1" };
    const local = { name: "SplitRatio", formula: "=42", sheet: "Plan" };
    const fake = installFakeExcel({ ...MIXED, names: [mine, local] });
    const added = await addWorkbookFunctions();
    expect(added.kept).toEqual([
      {
        name: "Crossover",
        reason:
          "The workbook has its own name Crossover, which was kept; the workbook function CROSSOVER was not added.",
      },
    ]);
    const report = await convertWorkbook(await scanWorkbook("lambda"));
    expect(fake.names.slice(0, 2)).toEqual([mine, local]);
    expect(report.functions!.added).toEqual([]); // the others went in before
    // Every twin already there is kept, as is each of the user's names, beside the twin it shadows.
    const expected = TWIN_IDS.flatMap((id) =>
      id === "CROSSOVER" ? ["Crossover"] : id === "SPLITRATIO" ? ["SPLITRATIO", "SplitRatio"] : [id],
    );
    expect(report.functions!.kept.map((k) => k.name)).toEqual(expected);
    const cells = workbookContents(fake);
    expect(cells.Budget.C1).toMatch(/^=\(IF\(/); // CROSSOVER: the workbook's own name rules everywhere
    expect(cells.Budget.C2).toBe("=SERVINGHOURS(1944000000, 0.04)*2");
    expect(cells.Plan.B10).toMatch(/^=\(/); // SPLITRATIO: that sheet's own name rules there
    expect(cells.Plan.AA100).toBe("=DOMINANTHALF(5000000, 0.04, 600)");
  });

  test("twins Excel refuses are reported, and their calls written as plain arithmetic", async () => {
    const fake = installFakeExcel({ ...MIXED, failOn: "names.add" });
    const report = await convertWorkbook(await scanWorkbook("lambda"));
    expect(report.functions).toMatchObject({ added: [], skipped: expect.stringMatching(/names.add failed/) });
    expect(fake.names).toEqual([]);
    const cells = workbookContents(fake);
    expect(cells.Budget.C1).toMatch(/^=\(IF\(/);
    expect(cells.Plan.AA100).toMatch(/^=\(IF\(/);
  });
});

describe("cancel leaves every sheet converted or untouched", () => {
  const SEED = {
    sheets: [0, 1, 2].map((i) => ({ name: `S${i + 1}`, cells: formulaColumn(4000, i) })),
    names: [],
  };

  test("cancel mid second sheet: the first converted, the second rolled back, the third untouched", async () => {
    const fake = installFakeExcel(SEED);
    const original = workbookContents(fake);
    const scan = await scanWorkbook("plain");
    const cancel = { cancelled: false };
    const report = await convertWorkbook(scan, {
      cancel,
      onProgress: (p) => (cancel.cancelled = p.done > 4000 + 100),
    });
    expect(report.cancelled).toBe(true);
    expect(report.sheets.map((s) => s.status)).toEqual(["converted", "rolled back", "not started"]);
    const now = workbookContents(fake);
    expect(now.S2).toEqual(original.S2);
    expect(now.S3).toEqual(original.S3);
    expect(Object.values(now.S1).filter((f) => /MLCOST/.test(String(f)))).toEqual([]);
    expect(report.originals).toEqual({ sheet: ORIGINALS_SHEET, records: 4000 });
    const restored = await restoreWorkbook();
    expect(restored).toMatchObject({ restored: 4000, recordsLeft: 0, originalsRemoved: true });
    expect(workbookContents(fake)).toEqual(original);
    expect(payloadFigures(fake).refused).toBe(0);
  });

  test("a failed batch rolls its sheet back and the run goes on", async () => {
    const fake = installFakeExcel({ ...MIXED, failOn: "formulas" });
    const original = workbookContents(fake);
    const report = await convertWorkbook(await scanWorkbook("plain"));
    expect(report.sheets.map((s) => s.status)).toEqual(["failed", "failed", "protected", "nothing to convert"]);
    expect(report.sheets[0].reason).toMatch(/formulas failed/);
    expect(workbookContents(fake)).toEqual(original);
  });
});
