/*
 * The one page finish (src/core/writers/pageFinish.ts): each sheet's layout page and fit, turned into the Office.js
 * finish and the .xlsx's page, say the same page in both writers: the frozen panes, what prints, its scale or fit,
 * the rows and columns repeated on each page (anchors aside), the breaks, margins, header and footer. What the
 * printed body measures is test/e2e's (LibreOffice's PDFs, printedPages.ts).
 */
import {
  officeFinish,
  PageFit,
  PrintedLayout,
  printPlan,
  READABLE_SCALE_PERCENT,
  xlsxPage,
} from "../../../src/core/writers/pageFinish";
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { sheetLayout, STAGE_PAGE_FIT } from "../../../src/stages/sheet/stageLayout";
import { EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { ANNUAL_PAGE_FIT, annualSheetLayout } from "../../../src/annual/sheet/annualLayout";
import { WHAT_IF_PAGE_FIT, whatIfLayout } from "../../../src/whatIf/sheet/whatIfLayout";
import { STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { BUDGET_PAGE_FIT, budgetSheetLayout } from "../../../src/budget/sheet/budgetLayout";
import { ADDIN_VERSION } from "../../../src/core/notes/version";
import { unwrap } from "../../support/unwrap";

const WRITTEN = { version: "9.8.7", date: "2026-12-02" };

const LAYOUTS: [string, PrintedLayout, PageFit][] = [
  ["stage", sheetLayout(EXAMPLE_PLAN), STAGE_PAGE_FIT],
  ["annual", unwrap(annualSheetLayout(EXAMPLE_ANNUAL_PLAN)), ANNUAL_PAGE_FIT],
  ["what-if", unwrap(whatIfLayout()), WHAT_IF_PAGE_FIT],
  ["budget", unwrap(budgetSheetLayout(STEADY_GROWTH_EXAMPLE)), BUDGET_PAGE_FIT],
];

test.each(LAYOUTS)("the %s sheet's page reads the same in both writers", (_, layout, fit) => {
  const office = officeFinish(layout, fit, [], WRITTEN);
  const xlsx = xlsxPage(layout, fit, WRITTEN);
  const { print } = office.page;
  expect({
    frozenRows: xlsx.frozenRows,
    frozenColumns: xlsx.frozenColumns ?? 0,
    orientation: xlsx.orientation,
    printArea: xlsx.printArea,
    pagesTall: xlsx.pagesTall,
    scale: xlsx.scalePercent,
    titleRows: xlsx.printTitlesRow,
    titleColumns: xlsx.printTitlesColumn,
    rowBreaks: xlsx.rowBreaks ?? [],
    margins: xlsx.margins,
    header: xlsx.headerFooter.oddHeader,
    footer: xlsx.headerFooter.oddFooter,
  }).toEqual({
    frozenRows: office.frozenRows,
    frozenColumns: office.frozenColumns,
    orientation: office.page.orientation,
    printArea: office.page.printArea,
    pagesTall: print.pagesTall,
    scale: print.scalePercent,
    titleRows: print.titleRows?.replace(/\$/g, ""),
    titleColumns: print.titleColumns?.replace(/\$/g, ""),
    rowBreaks: office.page.rowBreaks,
    margins: fit.margins ?? { left: 0.7, right: 0.7, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 },
    header: `&C${print.headerFooter.centerHeader}`,
    footer: `&L${print.headerFooter.leftFooter}&R${print.headerFooter.rightFooter}`,
  });
});

test.each(LAYOUTS)(
  "every page of the %s sheet has its title atop and the page, version and date below",
  (_, layout, fit) => {
    const { headerFooter } = printPlan(layout, fit, WRITTEN);
    expect(headerFooter.centerHeader).toBe(String(layout.rows[0][0]?.value).replace(/&/g, "&&"));
    expect(headerFooter.centerHeader.length).toBeGreaterThan(10);
    expect(headerFooter.leftFooter).toBe("MLCost for Excel 9.8.7, written 2026-12-02");
    expect(headerFooter.rightFooter).toBe("Page &P of &N");
  },
);

test("the version a sheet states by default is package.json's, and the date today's", () => {
  const { headerFooter } = printPlan(sheetLayout(EXAMPLE_PLAN), STAGE_PAGE_FIT);
  expect(ADDIN_VERSION).toBe(require("../../../package.json").version);
  const today = new Date();
  const iso = [today.getFullYear(), today.getMonth() + 1, today.getDate()].map((n) => String(n).padStart(2, "0"));
  expect(headerFooter.leftFooter).toBe(`MLCost for Excel ${ADDIN_VERSION}, written ${iso.join("-")}`);
});

/** A layout of one title and `columns` columns of `width` characters, frozen `frozen` wide. */
const wide = (columns: number, width: number, frozen = 0): PrintedLayout => ({
  rows: [[{ value: "R&D budget", role: "title" }]],
  columnWidths: Array.from({ length: columns }, () => width),
  page: {
    frozenRows: 2,
    printArea: `A1:${String.fromCharCode(64 + columns)}30`,
    orientation: "landscape",
    frozenColumns: frozen,
  },
});

test("a sheet whose columns fit the page at a readable scale prints one page wide, at Excel's fit", () => {
  const plan = printPlan(wide(6, 12), { pagesTall: 0 }, WRITTEN);
  expect(plan).toMatchObject({ pagesTall: 0 });
  expect(plan.scalePercent).toBeUndefined();
  expect(plan.titleColumns).toBeUndefined();
  // One page tall where the fit asks it and 30 rows fit at the readable scale.
  expect(printPlan(wide(6, 12), { pagesTall: 1 }, WRITTEN).pagesTall).toBe(1);
  expect(
    printPlan({ ...wide(6, 12), page: { ...wide(6, 12).page, printArea: "A1:F90" } }, { pagesTall: 1 }).pagesTall,
  ).toBe(0);
});

test("a wider sheet prints at the readable scale across pages, its label columns repeated, never shrunk to one", () => {
  expect(printPlan(wide(20, 15, 2), { pagesTall: 0 }, WRITTEN)).toMatchObject({
    pagesTall: 0,
    scalePercent: READABLE_SCALE_PERCENT,
    titleColumns: "$A:$B",
  });
  // Frozen label columns that would fill most of each page: column A alone repeats.
  expect(printPlan(wide(20, 40, 3), { pagesTall: 0 }, WRITTEN).titleColumns).toBe("$A:$A");
  expect(printPlan(wide(20, 15), { pagesTall: 1 }, WRITTEN)).toMatchObject({ pagesTall: 0, titleColumns: "$A:$A" });
  expect(READABLE_SCALE_PERCENT * 11).toBeGreaterThanOrEqual(800); // Calibri 11 at that scale: 8 pt or more
});

test("an ampersand in a title prints as one, not as a code", () => {
  expect(printPlan(wide(2, 10), { pagesTall: 0 }, WRITTEN).headerFooter.centerHeader).toBe("R&&D budget");
});

test("the stage sheet repeats its frozen rows atop each page; a layout's own title rows come first", () => {
  const layout = sheetLayout(EXAMPLE_PLAN);
  expect(officeFinish(layout, STAGE_PAGE_FIT, []).page.print.titleRows).toBe(`$1:$${layout.page.frozenRows}`);
  const titled = { ...layout, page: { ...layout.page, titleRows: "$3:$4" } };
  expect(xlsxPage(titled, STAGE_PAGE_FIT).printTitlesRow).toBe("3:4");
  expect(officeFinish(layout, { pagesTall: 1 }, []).page.print.titleRows).toBeUndefined();
});
