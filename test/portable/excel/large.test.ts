/*
 * A large workbook of MLCOST formulas over 10 sheets: every sync's request and response under Excel on the web's
 * 5 MB, the syncs counted, and the round trip exact. The figures are printed; the limits are asserted.
 *
 * What this proves is that each phase cuts its work into syncs that stay under the limit. That depends on how the
 * workbook's bytes compare with the budget each sync aims at (BATCH_BUDGET_BYTES, 40% of the limit), not on the
 * count of cells: so the budget is scaled down by SCALE (RunOptions.batchBytes) with the sheets, and a sheet of
 * 10,000 / SCALE rows crosses it as a sheet of 10,000 rows crosses the full budget (the same syncs a sheet, read
 * and written in pieces). The limit asserted is scaled with it. 100,000 formulas with the full budget took 302 s of
 * an idle suite run, nearly all of it the fake host's own bookkeeping of 100,000 cells, in 22, 102 and 118 syncs
 * (scan, convert, restore; largest request 2,095,697 bytes, 40% of the limit); 5,000 with the budget scaled take
 * 22, 102 and 115 (largest request 104,993 bytes, 40% of the scaled limit).
 */
import { convertWorkbook, restoreWorkbook, RunOptions, scanWorkbook } from "../../../src/portable/excel";
import { BATCH_BUDGET_BYTES, PAYLOAD_LIMIT_BYTES } from "../../../src/portable/excel/payload";
import { installFakeExcel } from "../../support/fakeExcel";
import { formulaColumn, payloadFigures, workbookContents } from "./workbooks";
import { HEAVY_TEST_MS } from "../../support/deadlines";

const SCALE = 20;
const SHEETS = 10;
const ROWS = 10000 / SCALE;
const SCALED: RunOptions = { batchBytes: BATCH_BUDGET_BYTES / SCALE };
const LIMIT_BYTES = PAYLOAD_LIMIT_BYTES / SCALE;

test(
  `${(SHEETS * ROWS).toLocaleString("en")} formulas over 10 sheets, the sync budget scaled by 1/${SCALE}: scan, ` +
    "convert, restore in several syncs a sheet, each request and response under the scaled 5 MB",
  async () => {
    const fake = installFakeExcel({
      sheets: Array.from({ length: SHEETS }, (_, i) => ({ name: `Region ${i + 1}`, cells: formulaColumn(ROWS, i) })),
      names: [],
    });
    const original = workbookContents(fake);
    const figures: Record<string, { syncs: number; largestRequest: number; largestResponse: number }> = {};
    const phase = async <T>(name: string, run: () => Promise<T>) => {
      const from = fake.payloads.length;
      const result = await run();
      const payloads = fake.payloads.slice(from);
      figures[name] = {
        syncs: payloads.length,
        largestRequest: Math.max(...payloads.map((p) => p.request)),
        largestResponse: Math.max(...payloads.map((p) => p.response)),
      };
      return result;
    };
    const scan = await phase("scan", () => scanWorkbook("plain", SCALED));
    expect(scan.totals).toMatchObject({ sheets: SHEETS, cells: SHEETS * ROWS, calls: SHEETS * ROWS * 1.25 });
    const report = await phase("convert", () => convertWorkbook(scan, SCALED));
    expect(report.totals).toMatchObject({ cells: SHEETS * ROWS, changedSinceScan: 0, unconverted: 0 });
    expect(report.originals!.records).toBe(SHEETS * ROWS);
    const restored = await phase("restore", () => restoreWorkbook(SCALED));
    expect(restored).toMatchObject({ restored: SHEETS * ROWS, recordsLeft: 0, originalsRemoved: true });
    expect(workbookContents(fake)).toEqual(original);

    const { largestRequest, largestResponse, refused } = payloadFigures(fake);
    expect(refused).toBe(0);
    expect(largestRequest).toBeLessThan(LIMIT_BYTES);
    expect(largestResponse).toBeLessThan(LIMIT_BYTES);
    expect(fake.syncs).toBe(fake.payloads.length);
    console.log(JSON.stringify(figures));
    // The budget was crossed: each sheet read in two chunks and converted in more than two batches (each a re-read
    // and a write), after two syncs that read the workbook, and the originals read back in several chunks.
    expect(figures.scan.syncs).toBeGreaterThanOrEqual(2 + 2 * SHEETS);
    expect(figures.convert.syncs).toBeGreaterThan(2 + 2 * 2 * SHEETS);
    expect(figures.restore.syncs).toBeGreaterThan(2 + 2 * SHEETS);
  },
  HEAVY_TEST_MS,
);
