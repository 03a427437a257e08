/*
 * An inserted sheet's finish, in one batch of its own after the data and the charts: panes frozen
 * on screen, a validation rule with messages on every input, and a page setup for printing. None
 * of it is data, so it never risks the data: each part is queued only where the sheet wants it
 * and this Excel has its requirement set, and a batch that fails anyway is reported and leaves the
 * sheet as it is (Excel applies a failing batch up to the failing operation). Requirement sets,
 * from Microsoft's reference:
 *  - WorksheetFreezePanes.freezeRows, freezeColumns, freezeAt: ExcelApi 1.7
 *    (https://learn.microsoft.com/javascript/api/excel/excel.worksheetfreezepanes)
 *  - Range.dataValidation (rule, prompt, errorAlert): ExcelApi 1.8
 *    (https://learn.microsoft.com/javascript/api/excel/excel.datavalidation); a list's source may be
 *    a Range (https://learn.microsoft.com/javascript/api/excel/excel.listdatavalidation), a
 *    "Between" rule takes its upper bound as formula2
 *    (https://learn.microsoft.com/javascript/api/excel/excel.basicdatavalidation)
 *  - Worksheet.pageLayout (orientation, margins, zoom, setPrintArea, setPrintTitleRows, setPrintTitleColumns,
 *    headersFooters): ExcelApi 1.9 (https://learn.microsoft.com/javascript/api/excel/excel.pagelayout)
 *  - Worksheet.horizontalPageBreaks.add, "a page break before the top-left cell of the range":
 *    ExcelApi 1.9 (https://learn.microsoft.com/javascript/api/excel/excel.pagebreakcollection)
 *  - RangeFormat.indentLevel, which sets the units off their numbers: ExcelApi 1.9
 *    (https://learn.microsoft.com/javascript/api/excel/excel.rangeformat)
 */
import { LayoutCell } from "../sheet/cell";
import { cellsByRole } from "../sheet/grid";
import { columnLetter } from "../excel/a1";
import { ROLE_STYLES } from "../sheet/styles";
import type { ValidationRule } from "../sheet/validation";
import { attempt, hasExcelApi, Session } from "./officeSync";
import type { PrintPlan } from "../sheet/sheetBasics";

/**
 * A rule Excel's data validation states: a decimal bound (or two, "between"), the same for a whole number
 * (the budget's months), or a choice from a range.
 */
export type CellRule =
  | {
      type: "decimal" | "whole";
      operator: "greaterThanOrEqual" | "greaterThan" | "between";
      bound: number;
      upper?: number;
    }
  | { type: "list"; source: string };

/** The rule on one cell, with the messages Excel shows on selecting it and on a bad entry. */
export interface CellValidation {
  address: string;
  rule: CellRule;
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/** What the finish batch sets on a new sheet; every sheet's layout says it in these terms. */
export interface SheetFinish {
  /** the sheet's cells, whose roles say which are indented */
  rows: (LayoutCell | null)[][];
  /** rows and columns frozen on screen (0: none) */
  frozenRows: number;
  frozenColumns: number;
  validations: readonly CellValidation[];
  page: {
    orientation: "landscape" | "portrait";
    /** what prints, charts included ("A1:I52") */
    printArea: string;
    /** a manual page break after each of these rows (1-based) */
    rowBreaks: readonly number[];
    /** the scale or fit, the repeated rows and columns, margins, header and footer (pageFinish.ts's printPlan) */
    print: PrintPlan;
  };
}

/** One part of the finish, the requirement set it needs, whether a sheet wants it, and how it is queued. */
interface Part {
  what: string;
  excelApi: string;
  wanted: (finish: SheetFinish) => boolean;
  queue: (sheet: Excel.Worksheet, finish: SheetFinish) => void;
}

const PARTS: readonly Part[] = [
  {
    what: "frozen rows",
    excelApi: "1.7",
    wanted: (finish) => finish.frozenRows > 0 && finish.frozenColumns === 0,
    queue: (sheet, finish) => sheet.freezePanes.freezeRows(finish.frozenRows),
  },
  {
    what: "frozen columns",
    excelApi: "1.7",
    wanted: (finish) => finish.frozenColumns > 0 && finish.frozenRows === 0,
    queue: (sheet, finish) => sheet.freezePanes.freezeColumns(finish.frozenColumns),
  },
  {
    // freezeRows then freezeColumns would each replace the other's panes, as Excel's own menu items do
    what: "frozen rows and columns",
    excelApi: "1.7",
    wanted: (finish) => finish.frozenColumns > 0 && finish.frozenRows > 0,
    queue: (sheet, finish) =>
      sheet.freezePanes.freezeAt(`A1:${columnLetter(finish.frozenColumns - 1)}${finish.frozenRows}`),
  },
  {
    what: "input validation",
    excelApi: "1.8",
    wanted: (finish) => finish.validations.length > 0,
    queue: (sheet, finish) => finish.validations.forEach((v) => queueValidation(sheet, v)),
  },
  {
    what: "indents",
    excelApi: "1.9", // RangeFormat.indentLevel
    wanted: (finish) => indented(finish).length > 0,
    queue: (sheet, finish) => {
      for (const { address, indent } of indented(finish)) {
        const format = sheet.getRange(address).format;
        format.horizontalAlignment = "Left"; // an indent moves left-aligned text only
        format.indentLevel = indent;
      }
    },
  },
  {
    what: "page breaks",
    excelApi: "1.9",
    wanted: (finish) => finish.page.rowBreaks.length > 0,
    // A break goes before the range's top-left cell: after row r is before A(r+1).
    queue: (sheet, finish) => finish.page.rowBreaks.forEach((row) => sheet.horizontalPageBreaks.add(`A${row + 1}`)),
  },
  {
    what: "page setup",
    excelApi: "1.9",
    wanted: () => true,
    queue: (sheet, { page }) => {
      const layout = sheet.pageLayout;
      const { print } = page;
      layout.orientation = page.orientation === "landscape" ? "Landscape" : "Portrait";
      layout.centerHorizontally = true;
      // Margins in points (PageLayout.leftMargin ...: "in points, for use when printing").
      layout.leftMargin = print.margins.left * 72;
      layout.rightMargin = print.margins.right * 72;
      layout.topMargin = print.margins.top * 72;
      layout.bottomMargin = print.margins.bottom * 72;
      layout.headerMargin = print.margins.header * 72;
      layout.footerMargin = print.margins.footer * 72;
      layout.setPrintArea(page.printArea);
      if (print.titleRows) layout.setPrintTitleRows(print.titleRows);
      if (print.titleColumns) layout.setPrintTitleColumns(print.titleColumns);
      // One header and footer on every page (HeaderFooterGroup.state "Default", defaultForAllPages: ExcelApi 1.9,
      // https://learn.microsoft.com/javascript/api/excel/excel.headerfootergroup), in Excel's codes (&P, &N,
      // https://learn.microsoft.com/javascript/api/excel/excel.headerfooter).
      layout.headersFooters.state = "Default";
      const all = layout.headersFooters.defaultForAllPages;
      all.centerHeader = print.headerFooter.centerHeader;
      all.leftFooter = print.headerFooter.leftFooter;
      all.rightFooter = print.headerFooter.rightFooter;
      // A readable scale across pages, or one page wide and `pagesTall` tall as Page Layout > Scale to Fit does
      // (PageLayoutZoomOptions: scale, or horizontalFitToPages / verticalFitToPages, never both,
      // https://learn.microsoft.com/javascript/api/excel/excel.pagelayoutzoomoptions); 0 tall is the file
      // format's fitToHeight 0, "automatic" (ECMA-376 Part 1, 18.3.1.63 pageSetup). Queued last: a build that
      // refuses it costs the zoom alone, Excel having applied the rest.
      layout.zoom = print.scalePercent
        ? { scale: print.scalePercent }
        : { horizontalFitToPages: 1, verticalFitToPages: print.pagesTall };
    },
  },
];

/** The cells of an indented role, with their indent. */
function indented(finish: SheetFinish): { address: string; indent: number }[] {
  const cells: { address: string; indent: number }[] = [];
  for (const [role, addresses] of cellsByRole({ rows: finish.rows })) {
    const indent = ROLE_STYLES[role]?.indent;
    if (indent) for (const address of addresses) cells.push({ address, indent });
  }
  return cells;
}

/** Office.js's name of each validation operator (the strings, as Excel's enums exist only inside Office.js). */
const OPERATORS = {
  greaterThanOrEqual: "GreaterThanOrEqualTo",
  greaterThan: "GreaterThan",
  between: "Between",
} as const satisfies Record<Exclude<CellRule, { type: "list" }>["operator"], `${Excel.DataValidationOperator}`>;

/** The rule as Office.js takes it: a decimal rule with its bounds, or a drop-down list of a range's values. */
function ruleOf(sheet: Excel.Worksheet, rule: CellRule): Excel.DataValidationRule {
  // The list's source as a Range, which ListDataValidation.source documents; "$" is dropped for getRange.
  if (rule.type === "list")
    return { list: { inCellDropDown: true, source: sheet.getRange(rule.source.replace(/\$/g, "")) } };
  const bounds: Excel.BasicDataValidation = { formula1: rule.bound, operator: OPERATORS[rule.operator] };
  if (rule.operator === "between" && rule.upper !== undefined) bounds.formula2 = rule.upper;
  // A whole number's rule is DataValidationRule.wholeNumber, the same BasicDataValidation (ExcelApi 1.8).
  return rule.type === "whole" ? { wholeNumber: bounds } : { decimal: bounds };
}

/** A rule with its input message and a Stop alert, as Data > Data Validation sets them. */
function queueValidation(sheet: Excel.Worksheet, validation: CellValidation): void {
  const { dataValidation } = sheet.getRange(validation.address);
  dataValidation.rule = ruleOf(sheet, validation.rule);
  dataValidation.prompt = { showPrompt: true, ...validation.prompt };
  dataValidation.errorAlert = { showAlert: true, style: "Stop", ...validation.error };
}

/**
 * Freezes, validates and sets up printing of the new sheet in one sync. Returns what is missing and
 * why, or undefined when all of it went in.
 */
export async function finishSheet(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  finish: SheetFinish,
  session: Session,
): Promise<string | undefined> {
  const wanted = PARTS.filter((part) => part.wanted(finish));
  const supported = wanted.filter((part) => hasExcelApi(part.excelApi));
  const lacking = wanted.filter((part) => !supported.includes(part)).map((p) => `${p.what} (ExcelApi ${p.excelApi})`);
  const lacks = lacking.length ? `this Excel lacks ${lacking.join(", ")}` : undefined;
  if (supported.length === 0) return lacks;
  const finishing = await attempt(async () => {
    for (const part of supported) part.queue(sheet, finish);
    await session.counted(context.sync());
  });
  if (finishing.ok) return lacks;
  return [`${supported.map((p) => p.what).join(", ")} failed: ${finishing.reason}`, lacks].filter(Boolean).join("; ");
}

/** An input validation with its cell, as the stage and annual layouts list them. */
interface AddressedRule {
  address: string;
  rule: ValidationRule;
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/** The layouts' input validations in the Excel writer's terms (finish.ts): a "decimal" rule, its bound or bounds. */
export function decimalValidations(validations: readonly AddressedRule[]): CellValidation[] {
  return validations.map(({ address, rule, prompt, error }) => ({
    address,
    rule: { type: "decimal" as const, operator: rule.operator, bound: rule.bound, upper: rule.upper },
    prompt,
    error,
  }));
}
