/*
 * Issue 18, items 1, 2, 5 and 6, against the recording fake host: two conversions at once never
 * write over each other's records, and Restore keeps the originals while a record is missing; a
 * co-author's edit landing between a batch's re-read and its write stands; Restore follows cells
 * Excel moved (rows inserted or deleted, a sheet renamed) and the references it rewrote; a write
 * that fails part way leaves a record only for a cell that was written.
 */
import {
  convertWorkbook,
  restoreWorkbook,
  scanWorkbook,
  ORIGINALS_SHEET,
  WorkbookScan,
} from "../../../src/portable/excel";
import { followedOriginal } from "../../../src/portable/excel/cells";
import { cellNow, rowOf, trackingFormula } from "../../../src/portable/excel/originals";
import { convertView, restoreView } from "../../../src/portable/pane/portableExcelReport";
import { FakeExcel, FakeSeed, installFakeExcel } from "../../support/fakeExcel";
import { contentsOf, MIXED, workbookContents } from "./workbooks";

/** The originals sheet's rows below the header, as Range.formulas reads them (A to H). */
function originalsRows(fake: FakeExcel) {
  const cells = fake.cells[ORIGINALS_SHEET] || {};
  const last = Math.max(1, ...Object.keys(cells).map((a) => Number(a.replace(/^[A-Z]+/, ""))));
  const rows = [];
  for (let r = 2; r <= last; r++) rows.push(rowOf("ABCDEFGH".split("").map((c) => cells[`${c}${r}`]?.value ?? "")));
  return rows;
}

/** The records kept, as "Sheet!Cell <- original". */
const recordsOf = (fake: FakeExcel) =>
  originalsRows(fake)
    .flatMap((row) =>
      row.kind === "record" ? [`${row.record.sheet}!${row.record.address} <- ${row.record.original}`] : [],
    )
    .sort();

/** The scan narrowed to some sheets: what a conversion started on those sheets only would get. */
const onlySheets = (scan: WorkbookScan, names: string[]): WorkbookScan => ({
  ...scan,
  sheets: scan.sheets.filter((s) => names.includes(s.name)),
});

/** The contents a workbook has after `edit`, never converted: what a restore must come back to. */
function contentsAfter(seed: FakeSeed, edit: (fake: FakeExcel) => void) {
  const fake = installFakeExcel(seed);
  edit(fake);
  return workbookContents(fake);
}

const WITH_OTHER: FakeSeed = {
  ...MIXED,
  sheets: [...MIXED.sheets, { name: "Other", cells: { A1: "=MLCOST.CROSSOVER(5,0.5)" } }],
};

describe("two conversions at once (item 1)", () => {
  test.each(["plain", "lambda"] as const)(
    "mode %s: their records never collide, and Restore brings back every original",
    async (mode) => {
      const fake = installFakeExcel(WITH_OTHER);
      const original = workbookContents(fake);
      const scan = await scanWorkbook(mode);
      // The originals sheet exists (an earlier conversion), so both runs read the same first free row.
      await convertWorkbook(onlySheets(scan, ["Other"]));
      const [budget, plan] = await Promise.all([
        convertWorkbook(onlySheets(scan, ["Budget"])),
        convertWorkbook(onlySheets(scan, ["Plan"])),
      ]);
      expect([budget.error, plan.error]).toEqual([undefined, undefined]);
      expect(budget.totals.cells + plan.totals.cells).toBe(6);
      expect(recordsOf(fake)).toEqual(
        [
          "Budget!C1 <- =MLCOST.CROSSOVER(A1,B1)",
          "Budget!C2 <- =MLCOST.SERVINGHOURS(1944000000, 0.04)*2",
          "Other!A1 <- =MLCOST.CROSSOVER(5,0.5)",
          "Plan!A10 <- =_xldudf_MLCOST_CROSSOVER(600,0.04)",
          "Plan!AA100 <- =mlcost.dominanthalf(5000000, 0.04, 600)",
          "Plan!AB100 <- =MLCOST.AMDAHLCEILING(2400, 88800)",
          "Plan!B10 <- =[2]!_xldudf_MLCOST_SPLITRATIO(1944000000,0.04,600)",
        ].sort(),
      );
      const restored = await restoreWorkbook();
      expect(restored).toMatchObject({ restored: 7, recordsLeft: 0, originalsRemoved: true });
      expect(workbookContents(fake)).toEqual(original);
    },
  );

  test("three at once on one sheet's neighbours, interleaved sync by sync: every record lands", async () => {
    const seed: FakeSeed = {
      sheets: ["A", "B", "C"].map((name) => ({
        name,
        cells: Object.fromEntries(
          Array.from({ length: 30 }, (_, r) => [`B${r + 1}`, `=MLCOST.CROSSOVER(${r + 1},0.04)`]),
        ),
      })),
      names: [],
    };
    const fake = installFakeExcel(seed);
    const original = workbookContents(fake);
    const scan = await scanWorkbook("plain");
    const reports = await Promise.all(["A", "B", "C"].map((name) => convertWorkbook(onlySheets(scan, [name]))));
    // The first to add the originals sheet wins; the others find it there and share it.
    expect(reports.map((r) => [r.error, r.totals.cells])).toEqual([
      [undefined, 30],
      [undefined, 30],
      [undefined, 30],
    ]);
    expect(recordsOf(fake)).toHaveLength(90);
    expect(originalsRows(fake).filter((row) => row.kind === "ledger")).toHaveLength(3);
    const restored = await restoreWorkbook();
    expect(restored).toMatchObject({ restored: 90, recordsLeft: 0, originalsRemoved: true });
    expect(workbookContents(fake)).toEqual(original);
  });

  test("Restore keeps the originals while a conversion's ledger counts a record the sheet lost", async () => {
    const fake = installFakeExcel(MIXED);
    await convertWorkbook(await scanWorkbook("plain"));
    // A co-author's copy (or an older add-in) wrote over one record row: Plan!AB100's original is gone.
    const cells = fake.cells[ORIGINALS_SHEET];
    const row = Object.keys(cells)
      .find((a) => /^B\d+$/.test(a) && cells[a].value === "AB100")!
      .slice(1);
    for (const column of "ABCDEFGH") delete cells[`${column}${row}`];
    const restored = await restoreWorkbook();
    expect(restored).toMatchObject({ restored: 5, recordsLeft: 0, originalsRemoved: false });
    expect(restored.missing).toEqual([{ run: expect.any(String), started: expect.any(String), expected: 6, found: 5 }]);
    expect(fake.sheets.map((s) => s.name)).toContain(ORIGINALS_SHEET);
    // The cell keeps its portable formula: nothing can tell what it held, and nothing pretends to.
    expect(contentsOf(fake, "Plan").AB100).not.toMatch(/MLCOST/);
  });
});

describe("a co-author's edit between a batch's re-read and its write (item 2)", () => {
  test.each(["plain", "lambda"] as const)(
    "mode %s: the edit stands, has no record, and Restore leaves it",
    async (mode) => {
      const fake = installFakeExcel(MIXED);
      const original = workbookContents(fake);
      const scan = await scanWorkbook(mode);
      const edit = "=MLCOST.CROSSOVER(700,0.04)";
      let landed = false;
      fake.afterLoad = (sheet, address, properties) => {
        // Right after the conversion's re-read of Plan's row 10, before the sync that writes it.
        if (landed || sheet !== "Plan" || !/^A10/.test(address) || !properties.includes("formulas")) return;
        landed = true;
        fake.cells.Plan.A10 = { format: "General", type: "formula", value: edit };
      };
      const report = await convertWorkbook(scan);
      expect(landed).toBe(true);
      expect(contentsOf(fake, "Plan").A10).toBe(edit);
      expect(report.sheets.find((s) => s.name === "Plan")).toMatchObject({ cells: 3, putBack: ["A10"] });
      expect(report.originals!.records).toBe(5);
      expect(recordsOf(fake).filter((r) => r.startsWith("Plan!A10"))).toEqual([]);
      const restored = await restoreWorkbook();
      expect(restored).toMatchObject({ restored: 5, recordsLeft: 0, originalsRemoved: true });
      expect(workbookContents(fake)).toEqual({ ...original, Plan: { ...original.Plan, A10: edit } });
    },
  );

  test("an edit between a restore's re-read and its write stands too, and keeps its record", async () => {
    const fake = installFakeExcel(MIXED);
    await convertWorkbook(await scanWorkbook("plain"));
    const edit = "=1+1";
    let landed = false;
    fake.afterLoad = (sheet, address) => {
      if (landed || sheet !== "Budget" || !/^C1(:|$)/.test(address)) return;
      landed = true;
      fake.cells.Budget.C1 = { format: "General", type: "formula", value: edit };
    };
    const restored = await restoreWorkbook();
    expect(landed).toBe(true);
    expect(contentsOf(fake, "Budget").C1).toBe(edit);
    expect(restored).toMatchObject({ restored: 5, recordsLeft: 1, originalsRemoved: false });
    expect(restored.sheets.find((s) => s.name === "Budget")!.changed).toEqual(["C1"]);
    expect(recordsOf(fake)).toEqual(["Budget!C1 <- =MLCOST.CROSSOVER(A1,B1)"]);
  });
});

describe("Restore follows the cells Excel moved (item 5)", () => {
  test.each(["plain", "lambda"] as const)("mode %s: a row inserted above converted cells", async (mode) => {
    const insert = (fake: FakeExcel) => {
      fake.insertRows("Budget", 1, 1);
      fake.insertRows("Plan", 50, 3);
    };
    const expected = contentsAfter(MIXED, insert);
    const fake = installFakeExcel(MIXED);
    await convertWorkbook(await scanWorkbook(mode));
    insert(fake);
    const restored = await restoreWorkbook();
    expect(restored).toMatchObject({ restored: 6, recordsLeft: 0, originalsRemoved: true });
    const bySheet = Object.fromEntries(restored.sheets.map((s) => [s.name, s]));
    expect(bySheet.Budget.changed).toEqual([]);
    expect(bySheet.Budget.moved).toEqual([
      { from: "C1", to: "C2" },
      { from: "C2", to: "C3" },
    ]);
    expect(bySheet.Plan.moved).toEqual([
      { from: "AA100", to: "AA103" },
      { from: "AB100", to: "AB103" },
    ]);
    expect(workbookContents(fake)).toEqual(expected);
    expect(contentsOf(fake, "Budget").C2).toBe("=MLCOST.CROSSOVER(A2,B2)");
  });

  const REFERRING: FakeSeed = {
    sheets: [
      { name: "Inputs", cells: { A1: 600, A2: 0.04, A3: 900 } },
      {
        name: "Plan",
        cells: {
          B2: "=MLCOST.CROSSOVER(Inputs!A1,Inputs!$A$2)",
          B3: "=MLCOST.CROSSOVER(Inputs!A3,0.04)+MLCOST.CROSSOVER(Inputs!A1,0.04)",
          B4: "=SUM(B2:B3)",
        },
      },
    ],
    names: [],
  };

  test.each(["plain", "lambda"] as const)(
    "mode %s: rows inserted on the sheet its references point at, and that sheet renamed",
    async (mode) => {
      const edit = (fake: FakeExcel) => {
        fake.insertRows("Inputs", 1, 2);
        fake.insertRows("Inputs", 4, 1); // between A1 (now A3) and A2 (now A4)
        fake.renameSheet("Inputs", "Inputs 2027");
      };
      const expected = contentsAfter(REFERRING, edit);
      const fake = installFakeExcel(REFERRING);
      await convertWorkbook(await scanWorkbook(mode));
      edit(fake);
      const restored = await restoreWorkbook();
      expect(restored).toMatchObject({ restored: 2, recordsLeft: 0, originalsRemoved: true });
      expect(workbookContents(fake)).toEqual(expected);
      expect(contentsOf(fake, "Plan").B2).toBe("=MLCOST.CROSSOVER('Inputs 2027'!A3,'Inputs 2027'!$A$5)");
      // The cells stayed where they were: their references moved, which the report says.
      expect(restored.sheets[0].moved).toEqual([
        { from: "B2", to: "B2" },
        { from: "B3", to: "B3" },
      ]);
    },
  );

  test("a deleted cell's record is dropped and its original listed; an edited moved cell is left", async () => {
    const fake = installFakeExcel(MIXED);
    await convertWorkbook(await scanWorkbook("plain"));
    fake.deleteRows("Budget", 2, 1); // C2 goes
    fake.insertRows("Plan", 1, 1); // A10 -> A11, ...
    fake.cells.Plan.A11 = { format: "General", type: "number", value: 42 };
    const restored = await restoreWorkbook();
    const bySheet = Object.fromEntries(restored.sheets.map((s) => [s.name, s]));
    expect(bySheet.Budget.deleted).toEqual([{ address: "C2", original: "=MLCOST.SERVINGHOURS(1944000000, 0.04)*2" }]);
    expect(bySheet.Plan.changed).toEqual(["A11"]);
    expect(restored).toMatchObject({ restored: 4, recordsLeft: 1, originalsRemoved: false });
    expect(contentsOf(fake, "Plan").A11).toBe(42);
    expect(contentsOf(fake, "Plan").B11).toBe("=[2]!_xldudf_MLCOST_SPLITRATIO(1944000000,0.04,600)");
  });
});

describe("a write that fails part way leaves records only for what was written (item 6)", () => {
  test("Plan fails after its first block, and so does its roll-back: only written cells keep records", async () => {
    const fake = installFakeExcel(MIXED);
    const original = workbookContents(fake);
    const scan = await scanWorkbook("plain");
    let planWrites = 0;
    // Plan becomes unwritable (protected by a co-author, say) once its first block is in.
    fake.failWhen = ({ sheet, kind }) => sheet === "Plan" && kind === "formulas" && ++planWrites > 1;
    const report = await convertWorkbook(scan);
    const plan = report.sheets.find((s) => s.name === "Plan")!;
    expect(plan.status).toBe("failed");
    const now = contentsOf(fake, "Plan");
    expect([now.A10, now.B10].every((f) => !/MLCOST/.test(String(f)))).toBe(true); // written, not rolled back
    expect([now.AA100, now.AB100]).toEqual([original.Plan.AA100, original.Plan.AB100]); // never written
    expect(recordsOf(fake).filter((r) => r.startsWith("Plan!"))).toEqual([
      "Plan!A10 <- =_xldudf_MLCOST_CROSSOVER(600,0.04)",
      "Plan!B10 <- =[2]!_xldudf_MLCOST_SPLITRATIO(1944000000,0.04,600)",
    ]);
    expect(plan.reason).toMatch(/Rolling back failed too.*2 converted cells keep their records/);
    fake.failWhen = undefined;
    const restored = await restoreWorkbook();
    expect(restored.sheets.flatMap((s) => s.changed)).toEqual([]);
    expect(restored).toMatchObject({ restored: 4, recordsLeft: 0, originalsRemoved: true });
    expect(workbookContents(fake)).toEqual(original);
  });

  test("a record whose cell holds its original (never written, or Undo) is dropped, never called changed", async () => {
    const fake = installFakeExcel(MIXED);
    const original = workbookContents(fake);
    await convertWorkbook(await scanWorkbook("lambda"));
    fake.cells.Budget.C1 = { format: "General", type: "formula", value: original.Budget.C1 as string }; // Undo
    const restored = await restoreWorkbook();
    expect(restored).toMatchObject({ restored: 5, recordsLeft: 0, originalsRemoved: true });
    expect(restored.sheets.find((s) => s.name === "Budget")).toMatchObject({ changed: [], alreadyOriginal: 1 });
    expect(workbookContents(fake)).toEqual(original);
  });
});

describe("what a record says, and what the report says of it", () => {
  test("a reference formula as Excel may rewrite it: moved, renamed (quotes dropped or kept), deleted", () => {
    expect(trackingFormula("It's Q1", "C5")).toBe("=ROW('It''s Q1'!$C$5)");
    expect(cellNow("=ROW('It''s Q1'!$C$7)")).toEqual({ kind: "at", sheet: "It's Q1", address: "C7" });
    expect(cellNow("=ROW(Budget!$AB$100)")).toEqual({ kind: "at", sheet: "Budget", address: "AB100" });
    expect(cellNow("=ROW(#REF!)")).toEqual({ kind: "deleted" });
    expect(cellNow("=ROW('Budget'!#REF!)")).toEqual({ kind: "deleted" });
    for (const other of ["", "C5", "=ROW(C5)", "=ROW([2]Book!$C$5)", 7])
      expect(cellNow(other)).toEqual({ kind: "unknown" });
  });

  test("an original follows the references Excel rewrote in its portable formula, and nothing else", () => {
    const original = "=MLCOST.CROSSOVER(A1,$B$1)+SUM(A1:A3)";
    const portable = "=CROSSOVER(A1,$B$1)+SUM(A1:A3)";
    expect(followedOriginal(original, portable, portable)).toBe(original);
    expect(followedOriginal(original, portable, "=CROSSOVER(A2,$B$2)+SUM(A2:A4)")).toBe(
      "=MLCOST.CROSSOVER(A2,$B$2)+SUM(A2:A4)",
    );
    expect(followedOriginal(original, portable, "=CROSSOVER(A2,$B$2)+SUM(A2:A4)*2")).toBeUndefined(); // edited
    expect(followedOriginal(original, portable, "=CROSSOVER(A2,$B$2)+MAX(A2:A4)")).toBeUndefined(); // edited
    expect(followedOriginal("=MLCOST.CROSSOVER(A1,A1)", "=(A1*3600/A1)", "=(A2*3600/A3)")).toBeUndefined(); // split
    expect(followedOriginal("=MLCOST.CROSSOVER(A1,C9)", "=CROSSOVER(A1,0.04)", "=CROSSOVER(A2,0.04)")).toBeUndefined();
    expect(followedOriginal(original, portable, 42 as unknown as string)).toBeUndefined();
  });

  test("a first-version originals sheet (five columns) is restored from, and extended by a conversion", async () => {
    const header = ["Sheet", "Cell", "Original formula", "Portable formula", "Sheet id"];
    const fake = installFakeExcel({
      sheets: [
        { name: "Plan", cells: { A1: "=CROSSOVER(600,0.04)", A2: "=MLCOST.CROSSOVER(700,0.04)" } },
        { name: ORIGINALS_SHEET, cells: {} },
      ],
      names: [],
    });
    const kept = fake.cells[ORIGINALS_SHEET];
    const text = (value: string) => ({ format: "@", type: "text" as const, value });
    header.forEach((h, i) => (kept[`${"ABCDE"[i]}1`] = text(h)));
    ["Plan", "A1", "=MLCOST.CROSSOVER(600,0.04)", "=CROSSOVER(600,0.04)", ""].forEach(
      (v, i) => v && (kept[`${"ABCDE"[i]}2`] = text(v)),
    );
    await convertWorkbook(await scanWorkbook("lambda"));
    expect(kept.H1.value).toBe("Cell now");
    expect(recordsOf(fake)).toEqual([
      "Plan!A1 <- =MLCOST.CROSSOVER(600,0.04)",
      "Plan!A2 <- =MLCOST.CROSSOVER(700,0.04)",
    ]);
    const restored = await restoreWorkbook();
    expect(restored).toMatchObject({ restored: 2, recordsLeft: 0, originalsRemoved: true });
    expect(contentsOf(fake, "Plan")).toEqual({ A1: "=MLCOST.CROSSOVER(600,0.04)", A2: "=MLCOST.CROSSOVER(700,0.04)" });
  });

  test("the pane's words: an edit put back, cells moved, a cell deleted, an Undo, a lost record", async () => {
    const fake = installFakeExcel(MIXED);
    const scan = await scanWorkbook("plain");
    let landed = false;
    fake.afterLoad = (sheet, address) => {
      if (landed || sheet !== "Plan" || !/^A10/.test(address)) return;
      landed = true;
      fake.cells.Plan.A10 = { format: "General", type: "number", value: 5 };
    };
    const converted = convertView(await convertWorkbook(scan));
    expect(converted.left.find((l) => l.where === "Plan, A10")!.reason).toMatch(
      /put the edit back; no original is kept/,
    );
    fake.insertRows("Budget", 1, 1);
    fake.deleteRows("Plan", 100, 1);
    const views = restoreView(await restoreWorkbook());
    expect(views.notes[0]).toBe(
      "2 formulas were restored as Excel had moved or rewritten them since the conversion (rows or columns " +
        "inserted or deleted, a sheet renamed): where the cell is now, with its references as Excel adjusted them: " +
        "Budget C1 (now C2), Budget C2 (now C3).",
    );
    expect(views.left.map((l) => [l.where, l.call])).toEqual([
      ["Plan, AB100", "=MLCOST.AMDAHLCEILING(2400, 88800)"],
      ["Plan, AA100", "=mlcost.dominanthalf(5000000, 0.04, 600)"],
    ]);
    const lost = restoreView({
      sheets: [{ name: "Plan", restored: 3, changed: [], alreadyOriginal: 1 }],
      restored: 3,
      recordsLeft: 0,
      originalsRemoved: false,
      missing: [{ run: "2026-12-01T09:00:00.000Z 0a1b2c", started: "2026-12-01T09:00:00.000Z", expected: 5, found: 4 }],
      cancelled: false,
      syncs: 6,
    });
    expect(lost.notes).toEqual([
      "1 cell already held its original formula (Undo, or a conversion that stopped before writing it): nothing to " +
        "put back, and the record was dropped.",
      'The "MLCost originals" sheet was kept: the conversion of 2026-12-01T09:00:00.000Z recorded 5 originals and ' +
        "the sheet holds 4, so 1 record was written over (a co-author converting at the same moment, on another " +
        "computer?). A cell of that conversion may still hold its portable formula with no original to restore; " +
        "nothing that may still be needed is deleted.",
    ]);
  });
});

describe("at every step in turn", () => {
  const MODES = ["plain", "lambda"] as const;

  test.each(MODES)(
    "mode %s: whichever write Excel fails, a restore then gives back exactly the workbook",
    async (mode) => {
      let fake = installFakeExcel(MIXED);
      await convertWorkbook(await scanWorkbook(mode));
      const writes = fake.writes.length;
      for (let k = 1; k <= writes; k++) {
        fake = installFakeExcel(MIXED);
        const original = workbookContents(fake);
        const scan = await scanWorkbook(mode);
        let n = 0;
        fake.failWhen = () => ++n === k;
        await convertWorkbook(scan);
        fake.failWhen = undefined;
        const restored = await restoreWorkbook();
        expect({ k, changed: restored.sheets.flatMap((s) => s.changed), contents: workbookContents(fake) }).toEqual({
          k,
          changed: [],
          contents: original,
        });
        expect(fake.sheets.map((s) => s.name)).not.toContain(ORIGINALS_SHEET);
      }
    },
  );

  test.each(MODES)("mode %s: whichever write of a restore Excel fails, the next restore finishes it", async (mode) => {
    let fake = installFakeExcel(MIXED);
    await convertWorkbook(await scanWorkbook(mode));
    const before = fake.writes.length;
    await restoreWorkbook();
    const writes = fake.writes.length - before;
    for (let k = 1; k <= writes; k++) {
      fake = installFakeExcel(MIXED);
      const original = workbookContents(fake);
      await convertWorkbook(await scanWorkbook(mode));
      let n = 0;
      fake.failWhen = () => ++n === k;
      const first = await restoreWorkbook();
      fake.failWhen = undefined;
      expect(first.error).toBeDefined();
      const second = await restoreWorkbook();
      expect({ k, changed: second.sheets.flatMap((s) => s.changed), contents: workbookContents(fake) }).toEqual({
        k,
        changed: [],
        contents: original,
      });
      expect(fake.sheets.map((s) => s.name)).not.toContain(ORIGINALS_SHEET);
    }
  });

  test.each(MODES)("mode %s: a co-author's edit after any sync of a conversion stands to the end", async (mode) => {
    let fake = installFakeExcel(MIXED);
    const scanned = await scanWorkbook(mode);
    const from = fake.syncs;
    await convertWorkbook(scanned);
    const syncs = fake.syncs - from;
    const edit = "=MLCOST.CROSSOVER(9,0.9)";
    for (let k = 1; k <= syncs; k++) {
      fake = installFakeExcel(MIXED);
      const original = workbookContents(fake);
      const scan = await scanWorkbook(mode);
      const start = fake.syncs;
      fake.afterSync = (n) => {
        if (n === start + k) fake.cells.Plan.B10 = { format: "General", type: "formula", value: edit };
      };
      await convertWorkbook(scan);
      fake.afterSync = undefined;
      const restored = await restoreWorkbook();
      expect({ k, contents: workbookContents(fake) }).toEqual({
        k,
        contents: { ...original, Plan: { ...original.Plan, B10: edit } },
      });
      // Its record, if it has one (the edit came after the write), is the only one left, and said.
      expect(restored.sheets.flatMap((s) => s.changed.map((a) => `${s.name}!${a}`))).toEqual(
        restored.recordsLeft ? ["Plan!B10"] : [],
      );
    }
  });

  test.each(MODES)("mode %s: cancelled after any sync, each sheet is whole and a restore is exact", async (mode) => {
    let fake = installFakeExcel(MIXED);
    const scanned = await scanWorkbook(mode);
    const from = fake.syncs;
    await convertWorkbook(scanned);
    const syncs = fake.syncs - from;
    for (let k = 1; k <= syncs; k++) {
      fake = installFakeExcel(MIXED);
      const original = workbookContents(fake);
      const scan = await scanWorkbook(mode);
      const start = fake.syncs;
      const cancel = { cancelled: false };
      fake.afterSync = (n) => (cancel.cancelled = cancel.cancelled || n >= start + k);
      const report = await convertWorkbook(scan, { cancel });
      fake.afterSync = undefined;
      const now = workbookContents(fake);
      for (const sheet of report.sheets)
        if (sheet.status !== "converted")
          expect({ k, sheet: sheet.name, contents: now[sheet.name] }).toEqual({
            k,
            sheet: sheet.name,
            contents: original[sheet.name],
          });
      await restoreWorkbook();
      expect({ k, contents: workbookContents(fake) }).toEqual({ k, contents: original });
      expect(fake.sheets.map((s) => s.name)).not.toContain(ORIGINALS_SHEET);
    }
  });
});

describe("the originals sheet deleted while a conversion runs (issue 27, 10a)", () => {
  /** The cells of the converted sheets that hold something else than before, as "Sheet!Cell <- original". */
  const changedCells = (fake: FakeExcel, before: Record<string, Record<string, unknown>>) =>
    Object.entries(workbookContents(fake))
      .flatMap(([sheet, cells]) =>
        Object.entries(before[sheet] ?? {}).flatMap(([address, was]) =>
          cells[address] === was ? [] : [`${sheet}!${address} <- ${String(was)}`],
        ),
      )
      .sort();

  test.each(["plain", "lambda"] as const)(
    "mode %s: after every sync it may go, no cell is left converted without its record, and the report says so",
    async (mode) => {
      const clean = installFakeExcel(MIXED);
      const scanned = await scanWorkbook(mode);
      const syncsBefore = clean.syncs;
      await convertWorkbook(scanned);
      const syncs = clean.syncs - syncsBefore;
      const outcomes: string[] = [];
      // After the run's last sync (its look at the sheet) the conversion is over: a deletion then is Restore's.
      for (let at = 1; at < syncs; at++) {
        const fake = installFakeExcel(MIXED);
        const before = workbookContents(fake);
        const scan = await scanWorkbook(mode);
        const start = fake.syncs;
        let deleted = false;
        fake.afterSync = (count) => {
          if (count - start !== at || !fake.sheets.some((s) => s.name === ORIGINALS_SHEET)) return;
          fake.deleteSheet(ORIGINALS_SHEET);
          deleted = true;
        };
        const report = await convertWorkbook(scan);
        fake.afterSync = undefined;
        const changed = changedCells(fake, before);
        const kept = fake.sheets.some((s) => s.name === ORIGINALS_SHEET) ? recordsOf(fake) : [];
        expect({ at, withoutRecord: changed.filter((c) => !kept.includes(c)) }).toEqual({ at, withoutRecord: [] });
        if (deleted) {
          expect({ at, error: report.error }).toEqual({ at, error: expect.stringContaining("was deleted") });
          expect(report.totals.cells).toBe(changed.length);
          expect(report.originals?.records ?? 0).toBe(kept.length);
          outcomes.push(`${at}: ${changed.length} converted`);
        }
      }
      expect(outcomes.length).toBeGreaterThan(2);
    },
  );

  test("the pane says what happened and what the cells hold", async () => {
    const fake = installFakeExcel(MIXED);
    const scan = await scanWorkbook("plain");
    fake.afterSync = () => {
      if (recordsOf(fake).length === 2) fake.deleteSheet(ORIGINALS_SHEET);
    };
    const report = await convertWorkbook(scan);
    fake.afterSync = undefined;
    expect(report.error).toBe(
      `The sheet "${ORIGINALS_SHEET}", which keeps the original formulas, was deleted during the conversion: ` +
        "the cells converted before were put back to their MLCOST formulas, and nothing more was converted, " +
        "since a converted cell without its record could not be restored. Convert again.",
    );
    expect(workbookContents(fake)).toEqual(workbookContents(installFakeExcel(MIXED)));
    expect(convertView(report).summary).toContain("was deleted during the conversion");
  });
});
