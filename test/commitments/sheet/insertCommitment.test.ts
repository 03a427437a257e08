/*
 * The commitment sheet inserted by the one Office.js writer, against the recording fake host: the data in one batch,
 * the finish (the answer frozen, every blue cell validated), no workbook function (the sheet is arithmetic over its
 * names); a sheet the user has called "Commitment" left alone (the insert goes to "Commitment (2)", names suffixed);
 * a month of hourly levels, every one distinct, within Excel on the web's payload limit; a refused profile writes
 * nothing.
 */
import { unwrap } from "../../support/unwrap";
import { COMMITMENT_SHEET_NAME, CommitmentSheetPlan, commitmentSheetLayout } from "../../../src/commitments/sheet";
import { insertCommitmentSheet } from "../../../src/commitments/sheet/insertCommitment";
import type { CommitmentSheetLayout } from "../../../src/commitments/sheet";
import { PAYLOAD_LIMIT_BYTES } from "../../../src/portable/excel/payload";
import { isProblem } from "../../../src/core/model/problems";
import { cellNames, cellsNotAsLaid, FakeSeed, installFakeExcel } from "../../support/fakeExcel";
import { TWIN_IDS } from "../../support/twinIds";
import { BILLED_TWENTY } from "./commitmentPlans";

const SHEET = COMMITMENT_SHEET_NAME;
const EMPTY: FakeSeed = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };
const layoutOf = (plan: CommitmentSheetPlan, suffix = ""): CommitmentSheetLayout =>
  unwrap(commitmentSheetLayout(plan, suffix));

test("one insert: cells and names in one sync, the finish, no twin; every blue cell validated", async () => {
  const fake = installFakeExcel(EMPTY);
  expect(unwrap(await insertCommitmentSheet(BILLED_TWENTY))).toMatchObject({
    sheetName: SHEET,
    nameSuffix: "",
    functionsAdded: [],
  });
  expect(fake.names.filter((n) => TWIN_IDS.includes(n.name))).toEqual([]);
  const layout = layoutOf(BILLED_TWENTY);
  expect(cellsNotAsLaid(fake, SHEET, layout.rows)).toEqual([]);
  expect(cellNames(fake)).toEqual(
    layout.names.map(({ name, address }) => ({ name, reference: `'${SHEET}'!${address}` })),
  );
  expect(fake.frozenRows).toEqual({ [SHEET]: layout.page.frozenRows });
  const inputs = layout.rows.flatMap((row, r) =>
    row.flatMap((cell, c) => (cell?.role === "input" ? [`${String.fromCharCode(65 + c)}${r + 1}`] : [])),
  );
  expect(Object.keys(fake.validations[SHEET]).sort()).toEqual(inputs.sort());
  expect(fake.pending).toBe(0);
});

test("a user's sheet called Commitment is left alone: the insert goes to Commitment (2), names _2", async () => {
  const fake = installFakeExcel({ sheets: [{ name: SHEET, cells: { A1: "mine" } }], names: [] });
  const result = unwrap(await insertCommitmentSheet(BILLED_TWENTY));
  expect(result).toMatchObject({ sheetName: `${SHEET} (2)`, nameSuffix: "_2" });
  expect(cellsNotAsLaid(fake, `${SHEET} (2)`, layoutOf(BILLED_TWENTY, "_2").rows)).toEqual([]);
  expect(fake.writes.filter((w) => w.sheet === SHEET)).toEqual([]);
});

test("a month of hourly levels, each distinct: every request and response within Excel on the web's 5 MB", async () => {
  const plan: CommitmentSheetPlan = {
    ...BILLED_TWENTY,
    demand: Array.from({ length: 720 }, (_, h) => ({ accelerators: 4 + ((h * 37) % 500) / 8, hours: 1 })),
  };
  const fake = installFakeExcel(EMPTY);
  unwrap(await insertCommitmentSheet(plan));
  const layout = layoutOf(plan);
  expect(cellsNotAsLaid(fake, SHEET, layout.rows)).toEqual([]);
  const largest = Math.max(...fake.payloads.flatMap((p) => [p.request, p.response]));
  expect(largest).toBeLessThan(PAYLOAD_LIMIT_BYTES);
  console.log(`Commitment sheet, 720 levels: ${layout.rows.length} rows; largest sync ${largest} bytes`);
});

test("a profile the model refuses: its problem, and nothing written", async () => {
  const fake = installFakeExcel(EMPTY);
  expect(isProblem(await insertCommitmentSheet({ ...BILLED_TWENTY, discount: 1.5 }))).toBe(true);
  expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
});
