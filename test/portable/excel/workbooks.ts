/*
 * Workbooks for the in-Excel conversion's tests, seeded into the recording fake host
 * (test/sheet/fakeExcel.ts), and what to read back from it.
 */
import { PAYLOAD_LIMIT_BYTES } from "../../../src/portable/excel/payload";
import { FakeExcel, FakeSeed } from "../../support/fakeExcel";

/** A small workbook with every case: calls in every saved form, text that only looks like one, a table, a lock. */
export const MIXED: FakeSeed = {
  sheets: [
    {
      name: "Budget",
      cells: {
        A1: 600,
        B1: 0.04,
        C1: "=MLCOST.CROSSOVER(A1,B1)",
        C2: "=MLCOST.SERVINGHOURS(1944000000, 0.04)*2",
        C3: '="MLCOST.CROSSOVER(1,2)"',
        C4: "=SUM(A1:B1)",
      },
    },
    {
      name: "Plan",
      cells: {
        A1: "=MLCOST.STAGETABLE(600,0.04,5000,54000000,1944000000)",
        A10: "=_xldudf_MLCOST_CROSSOVER(600,0.04)",
        B10: "=[2]!_xldudf_MLCOST_SPLITRATIO(1944000000,0.04,600)",
        AA100: "=mlcost.dominanthalf(5000000, 0.04, 600)",
        AB100: "=MLCOST.AMDAHLCEILING(2400, 88800)",
      },
    },
    { name: "Locked", cells: { A1: "=MLCOST.CROSSOVER(1,1)" } },
    { name: "Empty", cells: {} },
  ],
  names: [],
  protectedSheets: ["Locked"],
};

/** Every cell of a sheet as Range.formulas reads it, by address. */
export function contentsOf(fake: FakeExcel, sheet: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [address, cell] of Object.entries(fake.cells[sheet] || {})) out[address] = cell.value;
  return out;
}

/** Every user sheet's contents (the originals sheet left out). */
export function workbookContents(fake: FakeExcel): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const { name } of fake.sheets) if (name !== "MLCost originals") out[name] = contentsOf(fake, name);
  return out;
}

/** The largest request and response of any sync that Excel accepted, and how many it refused. */
export function payloadFigures(fake: FakeExcel) {
  const accepted = fake.payloads.filter((p) => p.request <= PAYLOAD_LIMIT_BYTES && p.response <= PAYLOAD_LIMIT_BYTES);
  return {
    largestRequest: Math.max(0, ...accepted.map((p) => p.request)),
    largestResponse: Math.max(0, ...accepted.map((p) => p.response)),
    refused: fake.payloads.length - accepted.length,
  };
}

/** A column of `rows` MLCOST formulas (four kinds, nested ones too) beside their inputs, as seed cells. */
export function formulaColumn(rows: number, sheet = 0): Record<string, unknown> {
  const cells: Record<string, unknown> = {};
  const kinds = [
    (r: number) => `=MLCOST.CROSSOVER(A${r},0.04)`,
    (r: number) => `=MLCOST.SPLITRATIO(MLCOST.CLIPSPERINTERVAL(A${r},90),0.04,600)`,
    (r: number) => `=MLCOST.SERVINGHOURS(A${r}*1000,B${r})+${sheet}`,
    (r: number) => `=MLCOST.AMDAHLCEILING(A${r},88800,0.5)`,
  ];
  for (let r = 1; r <= rows; r++) {
    cells[`A${r}`] = r;
    cells[`B${r}`] = 0.04;
    cells[`C${r}`] = kinds[r % kinds.length](r);
  }
  return cells;
}
