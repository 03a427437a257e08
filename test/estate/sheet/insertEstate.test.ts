/*
 * The estate sheet inserted by the one Office.js writer, against the recording fake host: the data in one batch,
 * the finish (the answer and the models' names frozen with A:C, every blue cell validated, landscape), the workbook
 * functions last; a sheet the user has called "Estate" left alone (the insert goes to "Estate (2)", names suffixed);
 * 20 models, every one with its levers, within Excel on the web's payload limit; a refused plan writes nothing.
 */
import { unwrap } from "../../support/unwrap";
import { EXAMPLE_ESTATE, EstatePlan } from "../../../src/estate/model";
import { ESTATE_SHEET_NAME, EstateSheetLayout, estateSheetLayout } from "../../../src/estate/sheet/estateLayout";
import { insertEstateSheet } from "../../../src/estate/sheet/insertEstate";
import { InsertResult } from "../../../src/core/writers/sheetWriter";
import { PAYLOAD_LIMIT_BYTES } from "../../../src/portable/excel/payload";
import { isProblem } from "../../../src/core/model/problems";
import { cellNames, cellsNotAsLaid, FakeSeed, installFakeExcel, NOTES_SHEET } from "../../support/fakeExcel";
import { TWIN_IDS } from "../../support/twinIds";
import { largeEstate } from "./estatePlans";

const SHEET = ESTATE_SHEET_NAME;
const EMPTY: FakeSeed = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };

const layoutOf = (plan: EstatePlan, suffix = ""): EstateSheetLayout => unwrap(estateSheetLayout(plan, suffix));
const inserted = async (plan: EstatePlan): Promise<InsertResult> => unwrap(await insertEstateSheet(plan));

test("one insert: cells and names in one sync, the finish, no twin (none called), the notes; four syncs", async () => {
  const fake = installFakeExcel(EMPTY);
  expect(await inserted(EXAMPLE_ESTATE)).toEqual({
    sheetName: SHEET,
    nameSuffix: "",
    syncs: 4, // read, data, finish, the notes
    chart: true,
    functionsAdded: [],
    functionsKept: [],
    notesSheet: NOTES_SHEET,
  });
  // The sheet is arithmetic over its names: it calls no workbook function, so none is added (workbookTwins.test).
  expect(fake.names.filter((n) => TWIN_IDS.includes(n.name))).toEqual([]);
  const layout = layoutOf(EXAMPLE_ESTATE);
  expect(cellsNotAsLaid(fake, SHEET, layout.rows)).toEqual([]);
  expect(cellNames(fake)).toEqual(
    layout.names.map(({ name, address }) => ({ name, reference: `'${SHEET}'!${address}` })),
  );
  expect(fake.frozenRows).toEqual({ [SHEET]: layout.page.frozenRows });
  expect(fake.frozenColumns).toEqual({ [SHEET]: 3 });
  expect(Object.keys(fake.validations[SHEET]).sort()).toEqual(layout.validations.map((v) => v.address).sort());
  expect(fake.pending).toBe(0);
});

test("a user's sheet called Estate is left alone: the insert goes to Estate (2), names suffixed _2", async () => {
  const fake = installFakeExcel({ sheets: [{ name: SHEET, cells: { A1: "mine" } }], names: [] });
  const result = await inserted(EXAMPLE_ESTATE);
  expect(result).toMatchObject({ sheetName: `${SHEET} (2)`, nameSuffix: "_2" });
  expect(cellsNotAsLaid(fake, `${SHEET} (2)`, layoutOf(EXAMPLE_ESTATE, "_2").rows)).toEqual([]);
  expect(fake.writes.filter((w) => w.sheet === SHEET)).toEqual([]);
});

test("20 models, each with its levers: every request and response within Excel on the web's 5 MB", async () => {
  const plan = largeEstate();
  const fake = installFakeExcel(EMPTY);
  expect(await inserted(plan)).toMatchObject({ syncs: 4 });
  const layout = layoutOf(plan);
  expect(cellsNotAsLaid(fake, SHEET, layout.rows)).toEqual([]);
  const largest = Math.max(...fake.payloads.flatMap((p) => [p.request, p.response]));
  expect(largest).toBeLessThan(PAYLOAD_LIMIT_BYTES);
  console.log(`Estate sheet, 20 models: ${layout.rows.length} rows; largest sync ${largest} bytes`);
});

test("a plan the model refuses: its problem, and nothing written", async () => {
  const fake = installFakeExcel(EMPTY);
  const bad = { ...EXAMPLE_ESTATE, models: [{ ...EXAMPLE_ESTATE.models[0], shareScored: 2 }] };
  const result = await insertEstateSheet(bad);
  expect(isProblem(result)).toBe(true);
  expect(fake.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
});
