/*
 * A workbook of 100,000 MLCOST formulas over 10 sheets: every sync's request and response under
 * Excel on the web's 5 MB, the syncs counted, and the round trip exact. The figures are printed
 * (the README quotes them); the limits are asserted.
 */
import { convertWorkbook, restoreWorkbook, scanWorkbook } from "../../../src/portable/excel";
import { PAYLOAD_LIMIT_BYTES } from "../../../src/portable/excel/payload";
import { installFakeExcel } from "../../support/fakeExcel";
import { formulaColumn, payloadFigures, workbookContents } from "./workbooks";
import { HEAVY_TEST_MS } from "../../support/deadlines";

const SHEETS = 10;
const ROWS = 10000;

test(
  "100,000 formulas over 10 sheets: scan, convert, restore, each request and response under 5 MB",
  async () => {
    const fake = installFakeExcel({
      sheets: Array.from({ length: SHEETS }, (_, i) => ({ name: `Region ${i + 1}`, cells: formulaColumn(ROWS, i) })),
      names: [],
    });
    const original = workbookContents(fake);
    const figures: Record<string, unknown> = {};
    const phase = async <T>(name: string, run: () => Promise<T>) => {
      const from = fake.payloads.length;
      const started = Date.now();
      const result = await run();
      const payloads = fake.payloads.slice(from);
      figures[name] = {
        syncs: payloads.length,
        largestRequest: Math.max(...payloads.map((p) => p.request)),
        largestResponse: Math.max(...payloads.map((p) => p.response)),
        ms: Date.now() - started,
      };
      return result;
    };
    const scan = await phase("scan", () => scanWorkbook("plain"));
    expect(scan.totals).toMatchObject({ sheets: SHEETS, cells: SHEETS * ROWS, calls: SHEETS * ROWS * 1.25 });
    const report = await phase("convert", () => convertWorkbook(scan));
    expect(report.totals).toMatchObject({ cells: SHEETS * ROWS, changedSinceScan: 0, unconverted: 0 });
    expect(report.originals!.records).toBe(SHEETS * ROWS);
    const restored = await phase("restore", () => restoreWorkbook());
    expect(restored).toMatchObject({ restored: SHEETS * ROWS, recordsLeft: 0, originalsRemoved: true });
    expect(workbookContents(fake)).toEqual(original);

    const { largestRequest, largestResponse, refused } = payloadFigures(fake);
    expect(refused).toBe(0);
    expect(largestRequest).toBeLessThan(PAYLOAD_LIMIT_BYTES);
    expect(largestResponse).toBeLessThan(PAYLOAD_LIMIT_BYTES);
    expect(fake.syncs).toBe(fake.payloads.length);
    console.log(JSON.stringify(figures));
  },
  HEAVY_TEST_MS,
);
