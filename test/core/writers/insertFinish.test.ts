/*
 * The finish batch on its own, against the recording fake host: the branches no sheet uses yet
 * (rows and columns frozen together) and a rule Excel refuses, reported rather than thrown.
 */
import { finishSheet, SheetFinish } from "../../../src/core/writers/finish";
import { newSession } from "../../../src/core/writers/officeSync";
import { installFakeExcel } from "../../support/fakeExcel";

const FINISH: SheetFinish = {
  rows: [[{ value: "Title", role: "title" }]],
  frozenRows: 3,
  frozenColumns: 2,
  validations: [],
  page: { orientation: "portrait", pagesTall: 2, printArea: "A1:D9", rowBreaks: [4] },
};

/** Runs the finish on Sheet1 of a fresh fake, and returns what it reported and the fake. */
async function finished(finish: SheetFinish) {
  const fake = installFakeExcel({ sheets: [{ name: "Sheet1", cells: {} }], names: [] });
  const skipped = await Excel.run((context) =>
    finishSheet(context, context.workbook.worksheets.getItem("Sheet1"), finish, newSession()),
  );
  return { skipped, fake };
}

test("rows and columns frozen together go in as one freezeAt, with a break and a portrait page", async () => {
  const { skipped, fake } = await finished(FINISH);
  expect(skipped).toBeUndefined();
  expect(fake.writes.filter((w) => w.kind.startsWith("freezePanes")).map((w) => [w.kind, w.value])).toEqual([
    ["freezePanes.freezeAt", "A1:B3"],
  ]);
  expect([fake.frozenRows, fake.frozenColumns]).toEqual([{ Sheet1: 3 }, { Sheet1: 2 }]);
  expect(fake.pageBreaks).toEqual({ Sheet1: [5] });
  expect(fake.pageLayouts.Sheet1).toEqual({
    orientation: "Portrait",
    zoom: { horizontalFitToPages: 1, verticalFitToPages: 2 },
    centerHorizontally: true,
    printArea: "A1:D9",
  });
  expect(fake.syncs).toBe(1);
});

test("a between rule without its upper bound is refused by Excel, and the finish says so", async () => {
  const validations = [
    {
      address: "B2",
      rule: { type: "decimal", operator: "between", bound: 0 } as const,
      prompt: { title: "t", message: "m" },
      error: { title: "t", message: "m" },
    },
  ];
  const { skipped, fake } = await finished({ ...FINISH, validations });
  expect(skipped).toBe(
    "frozen rows and columns, input validation, page breaks, page setup failed:" +
      " InvalidArgument: Between needs formula2",
  );
  expect(fake.frozenRows).toEqual({ Sheet1: 3 }); // applied before the refused rule, as Excel does
  expect(fake.pageLayouts).toEqual({});
});
