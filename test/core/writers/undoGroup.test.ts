/*
 * Insert as one undo step where Excel can group it (ExcelApi 1.20's RunOptions.mergeUndoGroup), and as
 * before where it cannot. The recording fake's Excel.run takes a batch only, so a small stub here stands
 * in front of it: it records what each Excel.run was given, passes the batch on, and can refuse a
 * grouped run's data sync as Excel does a batch it cannot group (UndoNotSupported).
 */
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { insertStageSheet } from "../../../src/stages/sheet/insertStages";
import { installFakeExcel, NOTES_SHEET } from "../../support/fakeExcel";

const EMPTY = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };

type Batch = (context: Excel.RequestContext) => Promise<unknown>;

/** Installs the fake at `excelApi` with the stub before its Excel.run; returns the fake and each run's options. */
function stubbedExcel(excelApi: string, refuseGroupedDataSync = false) {
  const fake = installFakeExcel({ ...EMPTY, excelApi });
  const excel = (globalThis as unknown as { Excel: { run: (...args: unknown[]) => Promise<unknown> } }).Excel;
  const fakeRun = excel.run.bind(excel);
  const runs: (Excel.RunOptions | undefined)[] = [];
  excel.run = (first: unknown, second?: unknown) => {
    const options = typeof first === "function" ? undefined : (first as Excel.RunOptions);
    const batch = (typeof first === "function" ? first : second) as Batch;
    runs.push(options);
    if (!options?.mergeUndoGroup || !refuseGroupedDataSync) return fakeRun(batch);
    // The second sync of a grouped run is Insert's data batch: refuse it before it reaches the fake.
    return fakeRun((context: Excel.RequestContext) => {
      let syncs = 0;
      const sync = context.sync.bind(context);
      context.sync = (<T>(passThrough?: T) =>
        ++syncs === 2
          ? Promise.reject(Object.assign(new Error("This operation cannot be undone."), { code: "UndoNotSupported" }))
          : sync(passThrough)) as typeof context.sync;
      return batch(context);
    });
  };
  return { fake, runs };
}

test("with ExcelApi 1.20 the whole insert runs in one Excel.run with mergeUndoGroup: one undo step", async () => {
  const { fake, runs } = stubbedExcel("1.20");
  const result = await insertStageSheet(EXAMPLE_PLAN);
  expect(result).toMatchObject({ sheetName: "Cost stages", chart: true });
  expect(runs).toEqual([{ mergeUndoGroup: true }]);
  // every sync of the insert (read, data, chart, finish, twins) is inside that one grouped run
  expect(fake.runs).toBe(1);
  expect(fake.syncs).toBe(result.syncs);
});

test("below ExcelApi 1.20 Excel.run gets the batch alone, as before (each sync its own undo step)", async () => {
  const { runs } = stubbedExcel("1.19");
  const result = await insertStageSheet(EXAMPLE_PLAN);
  expect(result).toMatchObject({ sheetName: "Cost stages", chart: true });
  expect(runs).toEqual([undefined]);
});

test("a grouped data batch refused with UndoNotSupported goes in again, once, ungrouped, same name", async () => {
  const { fake, runs } = stubbedExcel("1.20", true);
  const result = await insertStageSheet(EXAMPLE_PLAN);
  expect(result).toMatchObject({ sheetName: "Cost stages", chart: true });
  // the grouped try, its take-back's own run (nothing of it had gone in), the ungrouped try
  expect(runs).toEqual([{ mergeUndoGroup: true }, undefined, undefined]);
  expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1", "Cost stages", NOTES_SHEET]);
});
