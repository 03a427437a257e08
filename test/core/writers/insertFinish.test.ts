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
  page: {
    orientation: "portrait",
    printArea: "A1:D9",
    rowBreaks: [4],
    print: {
      pagesTall: 1,
      margins: { left: 0.5, right: 0.25, top: 0.75, bottom: 1, header: 0.25, footer: 0.5 },
      headerFooter: {
        centerHeader: "Title",
        leftFooter: "MLCost for Excel 9.9.9, written 2026-12-02",
        rightFooter: "Page &P of &N",
      },
    },
  },
};

/** The margins of FINISH as PageLayout takes them, in points. */
const MARGIN_POINTS = {
  leftMargin: 36,
  rightMargin: 18,
  topMargin: 54,
  bottomMargin: 72,
  headerMargin: 18,
  footerMargin: 36,
};

/** The header and footer of FINISH as the fake recorded them. */
const HEADERS_FOOTERS = {
  state: "Default",
  defaultForAllPages: {
    centerHeader: "Title",
    leftFooter: "MLCost for Excel 9.9.9, written 2026-12-02",
    rightFooter: "Page &P of &N",
  },
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
    zoom: { horizontalFitToPages: 1, verticalFitToPages: 1 },
    centerHorizontally: true,
    ...MARGIN_POINTS,
    printArea: "A1:D9",
    headersFooters: HEADERS_FOOTERS,
  });
  expect(fake.syncs).toBe(1);
});

test("a sheet split across pages prints at its scale, its label columns and rows repeated, not fit too", async () => {
  const print = {
    ...FINISH.page.print,
    pagesTall: 0 as const,
    scalePercent: 75,
    titleColumns: "$A:$C",
    titleRows: "$1:$3",
  };
  const { skipped, fake } = await finished({ ...FINISH, page: { ...FINISH.page, print } });
  expect(skipped).toBeUndefined();
  expect(fake.pageLayouts.Sheet1).toMatchObject({
    zoom: { scale: 75 },
    printTitleColumns: "$A:$C",
    printTitleRows: "$1:$3",
    headersFooters: HEADERS_FOOTERS,
  });
  // PageLayoutZoomOptions takes a scale or a fit, never both.
  expect(fake.pageLayouts.Sheet1.zoom).toEqual({ scale: 75 });
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
