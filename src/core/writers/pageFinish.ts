/*
 * One page finish for both writers of a sheet: what its layout says of its page (frozen panes, print area,
 * orientation, the rows repeated atop each page, page breaks) and how it fits the paper, said once in these
 * terms and turned here into the Office.js finish batch (finish.ts) and the .xlsx's page (xlsxSheet.ts), so an
 * inserted sheet and its download show and print alike. Pure: both writers' chunks take it without the other's.
 */
import type { LayoutCell } from "../sheet/cell";
import type { PageSetup } from "../sheet/sheetBasics";
import type { CellValidation, SheetFinish } from "./finish";
import type { XlsxPage } from "./xlsxSheet";

/** What a layout says of its page: every sheet layout's `page` is one. */
export interface LayoutPage extends PageSetup {
  /** label columns frozen with the rows (the what-if, budget and actuals sheets'); none when absent */
  frozenColumns?: number;
  /** the rows repeated atop every printed page ("$16:$17"), if any */
  titleRows?: string;
  /** a manual page break after each of these rows (1-based) */
  rowBreaks?: readonly number[];
}

/** How a sheet fits its paper beyond its page: each layout module states its own (STAGE_PAGE_FIT, ...). */
export interface PageFit {
  /** 1: the whole sheet on one page; 0: one page wide, as tall as it takes (the breaks start pages) */
  pagesTall: 0 | 1;
  /** the frozen rows repeated atop every page where the layout names no title rows (the stage sheet's) */
  repeatFrozenRows?: boolean;
  /** narrower margins, in inches, for a wide sheet: the .xlsx's (the Office.js finish leaves Excel's own) */
  margins?: XlsxPage["margins"];
}

/** The rows repeated atop each page, "$1:$9", if any. */
const titleRowsOf = (page: LayoutPage, fit: PageFit): string | undefined =>
  page.titleRows ?? (fit.repeatFrozenRows ? `$1:$${page.frozenRows}` : undefined);

/** The Office.js finish batch of a sheet of `rows` laid out on `page`, with `validations` on its blue cells. */
export function officeFinish(
  rows: (LayoutCell | null)[][],
  page: LayoutPage,
  fit: PageFit,
  validations: readonly CellValidation[],
): SheetFinish {
  const titleRows = titleRowsOf(page, fit);
  return {
    rows,
    frozenRows: page.frozenRows,
    frozenColumns: page.frozenColumns ?? 0,
    validations,
    page: {
      orientation: page.orientation,
      pagesTall: fit.pagesTall,
      printArea: page.printArea,
      ...(titleRows ? { titleRows } : {}),
      rowBreaks: page.rowBreaks ?? [],
    },
  };
}

/** The .xlsx's page of a sheet laid out on `page` (finishXlsxSheet's): the same panes, print area and titles. */
export function xlsxPage(page: LayoutPage, fit: PageFit): XlsxPage {
  const titleRows = titleRowsOf(page, fit);
  return {
    frozenRows: page.frozenRows,
    // No frozen columns is the rows-only view, as Excel writes it.
    ...(page.frozenColumns ? { frozenColumns: page.frozenColumns } : {}),
    orientation: page.orientation,
    printArea: page.printArea,
    pagesTall: fit.pagesTall,
    ...(page.rowBreaks ? { rowBreaks: page.rowBreaks } : {}),
    // ExcelJS takes the rows without their anchors: "16:17".
    ...(titleRows ? { printTitlesRow: titleRows.replace(/\$/g, "") } : {}),
    ...(fit.margins ? { margins: fit.margins } : {}),
  };
}
