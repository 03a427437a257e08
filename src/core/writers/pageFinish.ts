/*
 * One page finish for both writers of a sheet: what its layout says of its page (frozen panes, print area,
 * orientation, the rows repeated atop each page, page breaks) and how it fits the paper, said once in these
 * terms and turned here into the Office.js finish batch (finish.ts) and the .xlsx's page (xlsxSheet.ts), so an
 * inserted sheet and its download show and print alike. Pure: both writers' chunks take it without the other's.
 *
 * Printed pages a person can read (issue 28): the body (FONT, 11 pt) prints at READABLE_SCALE_PERCENT or more,
 * 8.25 pt. A sheet whose columns fit the paper's width at that scale prints one page wide, as Page Layout > Fit
 * to 1 page wide does (larger where it fits larger); a wider one prints at that scale across pages, its label
 * columns repeated on each as print titles, rather than shrunk to one page. Every page carries a header with the
 * sheet's title and a footer with the add-in, its version, the date the sheet was written and "Page 3 of 7".
 */
import type { LayoutCell } from "../sheet/cell";
import type { HeaderFooter, Margins, PageSetup, PrintPlan } from "../sheet/sheetBasics";
import { FONT } from "../sheet/styles";
import { columnLetter, parseCell, rowOf } from "../excel/a1";
import { ADDIN_NAME, ADDIN_VERSION, isoDate } from "../notes/version";
import type { CellValidation, SheetFinish } from "./finish";
import type { SheetDraft } from "./sheetCells";
import type { LayoutName } from "../sheet/sheetBasics";
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
  /** 1: the whole sheet on one page where that stays readable; 0: as tall as it takes (the breaks start pages) */
  pagesTall: 0 | 1;
  /** the frozen rows repeated atop every page where the layout names no title rows (the stage sheet's) */
  repeatFrozenRows?: boolean;
  /** narrower margins, in inches, for a wide sheet (both writers) */
  margins?: Margins;
}

/** A layout as the page finish reads it: its cells (the title, the rows' count), its column widths and its page. */
export interface PrintedLayout {
  rows: readonly (readonly (LayoutCell | null)[])[];
  /** in characters, as an .xlsx stores them */
  columnWidths: readonly number[];
  page: LayoutPage;
}

/** Who wrote the sheet and when, as each page's footer says it. */
export interface Written {
  version: string;
  /** the date the sheet was written, 2026-12-02 */
  date: string;
}

/** The add-in's version and today's date: what a sheet written now says. */
export const writtenNow = (): Written => ({ version: ADDIN_VERSION, date: isoDate(new Date()) });

/**
 * The smallest scale a sheet prints at: 75% of FONT's 11 pt is 8.25 pt, above the 8 pt a printed figure needs to
 * be read (issue 28), with a margin for the scale Excel rounds down to a whole percent.
 */
export const READABLE_SCALE_PERCENT = 75;

/** The smallest printed body size READABLE_SCALE_PERCENT gives, in points. */
export const READABLE_BODY_POINTS = (FONT.size * READABLE_SCALE_PERCENT) / 100;

/**
 * The paper in points, each side the shorter of A4 (595 x 842) and US Letter (612 x 792): the add-in sets no paper
 * size (the printer's is the planner's), so a page planned for this fits either.
 */
const PAPER_POINTS = { short: 595, long: 792 } as const;

/**
 * A column character's printed width in points, estimated wide: Excel's Calibri 11 has 7-pixel digits (5.25 pt a
 * character, ECMA-376 Part 1, 18.3.1.13), but a reader without Calibri (LibreOffice here draws DejaVu Sans) lays
 * each character out at about 7.1 pt (measured: the stage sheet's 152 characters print 1,086 pt wide). Planning
 * with the wider keeps the body at 8 pt or more in both.
 */
const POINTS_PER_CHARACTER = 7.2;

/** A row's printed height in points, estimated tall: Excel's 15 pt for Calibri 11, and LibreOffice's a little more. */
const POINTS_PER_ROW = 17;

/** Excel's default margins (Normal), in inches: a layout without its own keeps them. */
const EXCEL_MARGINS: Margins = { left: 0.7, right: 0.7, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 };

/** Excel's default column width, in characters, for a printed column the layout leaves unsized. */
const DEFAULT_WIDTH = 8.43;

/** The rows repeated atop each page, "$1:$9", if any. */
const titleRowsOf = (page: LayoutPage, fit: PageFit): string | undefined =>
  page.titleRows ?? (fit.repeatFrozenRows ? `$1:$${page.frozenRows}` : undefined);

/** Text as a header or footer prints it: "&" is a code there, "&&" prints one. */
export const headerFooterText = (text: string): string => text.replace(/&/g, "&&");

/** The sheet's title: its first cell in the title role (every layout's A1). */
function titleOf(layout: PrintedLayout): string {
  for (const row of layout.rows) for (const cell of row) if (cell?.role === "title") return String(cell.value ?? "");
  return "";
}

/** The width in points, by the wide estimate, of the columns `from` to `to` (zero-based, both included). */
function widthPoints(layout: PrintedLayout, from: number, to: number): number {
  let characters = 0;
  for (let c = from; c <= to; c++) characters += layout.columnWidths[c] ?? DEFAULT_WIDTH;
  return characters * POINTS_PER_CHARACTER;
}

/** The printed columns' width in points: the print area's columns. */
function printedWidthPoints(layout: PrintedLayout): number {
  const [from, to] = layout.page.printArea.split(":").map((corner) => parseCell(corner)?.column ?? 0);
  return widthPoints(layout, from, to);
}

/**
 * The share of a page's width the repeated label columns may take: the frozen ones where they leave most of each
 * page to the figures, else column A alone (the budget's A:C, label, horizon and unit, would leave two months a page).
 */
const TITLE_COLUMNS_SHARE = 0.4;

/** The label columns repeated on each page of a split sheet, "$A:$C" or "$A:$A". */
function titleColumnsOf(layout: PrintedLayout, pageWidthPoints: number): string {
  const frozen = Math.max(1, layout.page.frozenColumns ?? 0);
  const share = (widthPoints(layout, 0, frozen - 1) * READABLE_SCALE_PERCENT) / 100 / pageWidthPoints;
  return `$A:$${columnLetter(share <= TITLE_COLUMNS_SHARE ? frozen - 1 : 0)}`;
}

/** The paper's printable width and height in points for `orientation`, inside `margins`. */
function printable(orientation: LayoutPage["orientation"], margins: Margins): { width: number; height: number } {
  const landscape = orientation === "landscape";
  const width = landscape ? PAPER_POINTS.long : PAPER_POINTS.short;
  const height = landscape ? PAPER_POINTS.short : PAPER_POINTS.long;
  return {
    width: width - 72 * (margins.left + margins.right),
    // The top and bottom margins hold the header and footer (theirs are measured from the paper's edge).
    height: height - 72 * (margins.top + margins.bottom),
  };
}

/** The header and footer of every page of the sheet: its title; the add-in, version and date; "Page 3 of 7". */
function headerFooterOf(layout: PrintedLayout, written: Written): HeaderFooter {
  // The date is text written now, not &D: &D prints the day of printing, which says nothing of which figures the
  // page holds; the day the sheet was written tells two printouts of one plan apart.
  return {
    centerHeader: headerFooterText(titleOf(layout)),
    leftFooter: headerFooterText(`${ADDIN_NAME} ${written.version}, written ${written.date}`),
    rightFooter: "Page &P of &N",
  };
}

/**
 * How the sheet of `layout` prints: one page wide where its columns fit at READABLE_SCALE_PERCENT or more (and one
 * page tall too where the fit asks and the rows fit), otherwise at that scale across pages, the label columns (the
 * frozen ones, or A alone where those are wide: titleColumnsOf) repeated on each.
 */
export function printPlan(layout: PrintedLayout, fit: PageFit, written: Written = writtenNow()): PrintPlan {
  const { page } = layout;
  const margins = fit.margins ?? EXCEL_MARGINS;
  const paper = printable(page.orientation, margins);
  const widthScale = paper.width / printedWidthPoints(layout);
  const readable = READABLE_SCALE_PERCENT / 100;
  const titleRows = titleRowsOf(page, fit);
  const common = { margins, headerFooter: headerFooterOf(layout, written), ...(titleRows ? { titleRows } : {}) };
  if (widthScale >= readable) {
    const rows = rowOf(page.printArea);
    const oneTall = fit.pagesTall === 1 && rows * POINTS_PER_ROW * readable <= paper.height;
    return { pagesTall: oneTall ? 1 : 0, ...common };
  }
  const titleColumns = titleColumnsOf(layout, paper.width);
  return { pagesTall: 0, scalePercent: READABLE_SCALE_PERCENT, titleColumns, ...common };
}

/** The Office.js finish batch of the sheet of `layout`, with `validations` on its blue cells. */
export function officeFinish(
  layout: PrintedLayout,
  fit: PageFit,
  validations: readonly CellValidation[],
  written: Written = writtenNow(),
): SheetFinish {
  const { page } = layout;
  return {
    rows: layout.rows as (LayoutCell | null)[][],
    frozenRows: page.frozenRows,
    frozenColumns: page.frozenColumns ?? 0,
    validations,
    page: {
      orientation: page.orientation,
      printArea: page.printArea,
      rowBreaks: page.rowBreaks ?? [],
      print: printPlan(layout, fit, written),
    },
  };
}

/** The .xlsx's page of the sheet of `layout` (finishXlsxSheet's): the same panes, print area, titles and scale. */
export function xlsxPage(layout: PrintedLayout, fit: PageFit, written: Written = writtenNow()): XlsxPage {
  const { page } = layout;
  const print = printPlan(layout, fit, written);
  return {
    frozenRows: page.frozenRows,
    // No frozen columns is the rows-only view, as Excel writes it.
    ...(page.frozenColumns ? { frozenColumns: page.frozenColumns } : {}),
    orientation: page.orientation,
    printArea: page.printArea,
    pagesTall: print.pagesTall,
    ...(print.scalePercent ? { scalePercent: print.scalePercent } : {}),
    ...(page.rowBreaks ? { rowBreaks: page.rowBreaks } : {}),
    // ExcelJS takes the rows and columns without their anchors: "16:17", "A:C".
    ...(print.titleRows ? { printTitlesRow: print.titleRows.replace(/\$/g, "") } : {}),
    ...(print.titleColumns ? { printTitlesColumn: print.titleColumns.replace(/\$/g, "") } : {}),
    margins: print.margins,
    headerFooter: {
      oddHeader: `&C${print.headerFooter.centerHeader}`,
      oddFooter: `&L${print.headerFooter.leftFooter}&R${print.headerFooter.rightFooter}`,
    },
  };
}

/**
 * A layout of cells and names alone, no table and no chart (the estate, actuals and API-or-fleet sheets), in the
 * writer's terms: its pages finished as its .xlsx's are, its blue cells validated.
 */
export function cellsOnlyDraft(
  layout: PrintedLayout & { names: readonly LayoutName[] },
  fit: PageFit,
  validations: readonly CellValidation[],
): SheetDraft {
  return {
    rows: layout.rows as (LayoutCell | null)[][],
    names: layout.names,
    columnWidths: layout.columnWidths,
    tables: [],
    charts: [],
    finish: officeFinish(layout, fit, validations),
  };
}
