/*
 * The one page finish (src/core/writers/pageFinish.ts): each sheet's layout page and fit, turned into the Office.js
 * finish and the .xlsx's page, say the same page in both writers: the frozen panes, what prints and how tall, the
 * rows repeated atop each page (anchors aside) and the breaks. The margins are the .xlsx's alone.
 */
import { officeFinish, PageFit, LayoutPage, xlsxPage } from "../../../src/core/writers/pageFinish";
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { sheetLayout, STAGE_PAGE_FIT } from "../../../src/stages/sheet/stageLayout";
import { EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { ANNUAL_PAGE_FIT, annualSheetLayout } from "../../../src/annual/sheet/annualLayout";
import { WHAT_IF_PAGE_FIT, whatIfLayout } from "../../../src/whatIf/sheet/whatIfLayout";
import { STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { BUDGET_PAGE_FIT, budgetSheetLayout } from "../../../src/budget/sheet/budgetLayout";
import { unwrap } from "../../support/unwrap";

const PAGES: [string, LayoutPage, PageFit][] = [
  ["stage", sheetLayout(EXAMPLE_PLAN).page, STAGE_PAGE_FIT],
  ["annual", unwrap(annualSheetLayout(EXAMPLE_ANNUAL_PLAN)).page, ANNUAL_PAGE_FIT],
  ["what-if", unwrap(whatIfLayout()).page, WHAT_IF_PAGE_FIT],
  ["budget", unwrap(budgetSheetLayout(STEADY_GROWTH_EXAMPLE)).page, BUDGET_PAGE_FIT],
];

test.each(PAGES)("the %s sheet's page reads the same in both writers", (_, page, fit) => {
  const office = officeFinish([], page, fit, []);
  const xlsx = xlsxPage(page, fit);
  expect({
    frozenRows: xlsx.frozenRows,
    frozenColumns: xlsx.frozenColumns ?? 0,
    orientation: xlsx.orientation,
    printArea: xlsx.printArea,
    pagesTall: xlsx.pagesTall,
    titleRows: xlsx.printTitlesRow,
    rowBreaks: xlsx.rowBreaks ?? [],
  }).toEqual({
    frozenRows: office.frozenRows,
    frozenColumns: office.frozenColumns,
    orientation: office.page.orientation,
    printArea: office.page.printArea,
    pagesTall: office.page.pagesTall,
    titleRows: office.page.titleRows?.replace(/\$/g, ""),
    rowBreaks: office.page.rowBreaks,
  });
  expect(xlsx.margins).toEqual(fit.margins);
});

test("the stage sheet repeats its frozen rows atop its one page; a layout's own title rows come first", () => {
  const page = sheetLayout(EXAMPLE_PLAN).page;
  expect(officeFinish([], page, STAGE_PAGE_FIT, []).page.titleRows).toBe(`$1:$${page.frozenRows}`);
  expect(xlsxPage({ ...page, titleRows: "$3:$4" }, STAGE_PAGE_FIT).printTitlesRow).toBe("3:4");
  expect(officeFinish([], page, { pagesTall: 1 }, []).page.titleRows).toBeUndefined();
});
