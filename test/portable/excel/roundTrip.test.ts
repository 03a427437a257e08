/*
 * Reads that Excel refuses as too large are read again in halves; and any small workbook,
 * converted in either mode and restored, has exactly its formulas back.
 */
import fc from "fast-check";
import { convertWorkbook, restoreWorkbook, scanWorkbook } from "../../../src/portable/excel";
import { columnLetter } from "../../../src/core/excel/a1";
import { PAYLOAD_LIMIT_BYTES } from "../../../src/portable/excel/payload";
import { installFakeExcel } from "../../support/fakeExcel";
import { payloadFigures, workbookContents } from "./workbooks";

test("a chunk Excel refuses as over 5 MB is read again in halves, and nothing is missed", async () => {
  const cells: Record<string, unknown> = {};
  for (let r = 1; r <= 100; r++) {
    cells[`A${r}`] = `note ${r} ${"x".repeat(32000)}`;
    cells[`B${r}`] = `=MLCOST.CROSSOVER(${r},0.04)`;
  }
  const fake = installFakeExcel({ sheets: [{ name: "Notes", cells }], names: [] });
  const scan = await scanWorkbook("plain");
  expect(scan.sheets[0]).toMatchObject({ cells: 100, unreadRows: [] });
  const figures = payloadFigures(fake);
  expect(figures.refused).toBe(1);
  expect(figures.largestResponse).toBeLessThan(PAYLOAD_LIMIT_BYTES);
  // The conversion re-reads only the formulas it writes, never the long notes beside them.
  const from = fake.payloads.length;
  const report = await convertWorkbook(scan);
  expect(report.totals.cells).toBe(100);
  expect(Math.max(...fake.payloads.slice(from).map((p) => p.response))).toBeLessThan(20000);
});

const TEMPLATES = [
  (r: number) => `=MLCOST.CROSSOVER(A${r},0.04)`,
  (r: number) => `=_xldudf_MLCOST_SERVINGHOURS(A${r},B${r})*2`,
  (r: number) => `=[2]!_xldudf_MLCOST_SPLITRATIO(A${r},0.04,600)`,
  (r: number) => `=MLCOST.STAGETABLE(600,0.04,5000,54000000,A${r})`,
  (r: number) => `=mlcost.amdahlceiling(A${r}, 100)+MLCOST.CLIPSPERINTERVAL(2,3)`,
  () => `="MLCOST.CROSSOVER(1,2)"`,
  (r: number) => `=SUM(A${r}:B${r})`,
  (r: number) => r,
];

test("any small workbook, converted in either mode and restored, has exactly its formulas back", async () => {
  const sheet = fc.dictionary(
    fc.tuple(fc.nat(30), fc.nat(40)).map(([c, r]) => `${columnLetter(c)}${r + 1}`),
    fc.nat(TEMPLATES.length - 1),
    { maxKeys: 25 },
  );
  await fc.assert(
    fc.asyncProperty(
      fc.array(sheet, { minLength: 1, maxLength: 3 }),
      fc.constantFrom("lambda", "plain"),
      async (sheets, mode) => {
        const fake = installFakeExcel({
          sheets: sheets.map((picks, i) => {
            const cells: Record<string, unknown> = {};
            for (const [address, pick] of Object.entries(picks))
              cells[address] = TEMPLATES[pick](Number(address.replace(/^[A-Z]+/, "")));
            return { name: `Sheet ${i + 1}`, cells };
          }),
          names: [],
        });
        const original = workbookContents(fake);
        const report = await convertWorkbook(await scanWorkbook(mode));
        expect(report.error).toBeUndefined();
        const restored = await restoreWorkbook();
        expect(restored.recordsLeft).toBe(0);
        expect(workbookContents(fake)).toEqual(original);
      },
    ),
    { numRuns: 30 },
  );
});
