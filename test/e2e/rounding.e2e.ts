/*
 * One rounding rule across engines: the model's roundSignificant against LibreOffice's ROUND
 * (which rounds as Excel does) on generated values, ties included, through the very formula
 * the stage sheet writes for a lead: ROUND(x, 2-INT(LOG10(x))).
 */
import { Workbook } from "exceljs";
import fc from "fast-check";
import { mkdtempSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { roundSignificant } from "../../src/core/model/dominance";
import { recalculateWithLibreOffice } from "../support/libreoffice";

test("property: the model rounds leads as LibreOffice's ROUND does, ties included", async () => {
  // Ties are where binary and decimal rounding part: x = (n + 0.5) x 10^k has a fourth digit 5.
  const ties = fc
    .tuple(fc.integer({ min: 100, max: 999 }), fc.integer({ min: -8, max: 12 }))
    .map(([n, k]) => Number(`${n}5e${k}`));
  const anyLead = fc.double({ min: 1, max: 1e12, noNaN: true, noDefaultInfinity: true });
  const values = [...fc.sample(ties, 400), ...fc.sample(anyLead, 400)];
  const book = new Workbook();
  const sheet = book.addWorksheet("Leads");
  values.forEach((x, i) => {
    const literal = x.toPrecision(17);
    sheet.getCell(i + 1, 1).value = { formula: `ROUND(${literal},2-INT(LOG10(${literal})))` } as never;
  });
  const path = join(mkdtempSync(join(tmpdir(), "mlcost-round-")), "leads.xlsx");
  await book.xlsx.writeFile(path);
  const recalculated = new Workbook();
  await recalculated.xlsx.readFile(recalculateWithLibreOffice(path));
  const mismatches = values.flatMap((x, i) => {
    const engine = (recalculated.getWorksheet("Leads")!.getCell(i + 1, 1).value as { result: number }).result;
    const model = roundSignificant(x, 3);
    return Math.abs(engine - model) <= 1e-14 * model
      ? []
      : [`${x.toPrecision(17)}: LibreOffice ${engine}, model ${model}`];
  });
  expect(mismatches).toEqual([]);
});
