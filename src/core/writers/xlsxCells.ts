/*
 * What every .xlsx writer (the stage, annual and what-if sheets) does alike with ExcelJS: a layout cell's
 * value with its cached result, the role styles and widths, a validation rule, the print area's spelling.
 * Type-only import of ExcelJS: the library itself loads with the writer that needs it.
 */
import type { Border, CellValue, DataValidation, Worksheet } from "exceljs";
import { LayoutCell, xmlSafeText } from "../sheet/cell";
import { columnLetter } from "../excel/a1";
import { FONT, ROLE_STYLES } from "../sheet/styles";

const argb = (hex: string) => `FF${hex.replace("#", "").toUpperCase()}`;

/** A value's text as the file can hold it (xmlSafeText); a number as it is. */
const safe = <T>(value: T): T => (typeof value === "string" ? (xmlSafeText(value) as T) : value);

/**
 * A layout cell's value as ExcelJS writes it: a formula with its cached result, or a constant. Text goes through
 * xmlSafeText: ExcelJS drops the C0 controls but writes U+FFFE, U+FFFF and a lone surrogate raw, which no XML
 * reader accepts (issue 27).
 */
export function cellValue(cell: LayoutCell | null | undefined): CellValue {
  if (!cell) return null;
  if (cell.formula === undefined) return safe(cell.value) ?? null;
  return { formula: safe(cell.formula), result: safe(cell.cached), date1904: false } as CellValue;
}

/** Number formats, fonts, fills, lines and indents by role, alignment, and the column widths. */
export function styleCells(
  sheet: Worksheet,
  rows: readonly (readonly (LayoutCell | null)[])[],
  columnWidths: readonly number[],
): void {
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!cell) return;
      const target = sheet.getCell(r + 1, c + 1);
      // A format may quote the planner's currency ("#,##0 \"EUR\""), text like any other.
      if (cell.numberFormat) target.numFmt = xmlSafeText(cell.numberFormat);
      const style = ROLE_STYLES[cell.role] ?? {};
      // Named, or LibreOffice draws a font without a name in its default serif.
      target.font = {
        ...FONT,
        bold: style.bold,
        italic: style.italic,
        size: style.size ?? FONT.size,
        color: style.color ? { argb: argb(style.color) } : undefined,
      };
      if (style.fill) target.fill = { type: "pattern", pattern: "solid", fgColor: { argb: argb(style.fill) } };
      if (style.underline) {
        target.border = { bottom: { style: "thin", color: { argb: argb(style.underline) } } as Border };
      }
      // An indent applies to left-aligned text only (ECMA-376 CT_CellAlignment: "indent").
      if (style.indent) target.alignment = { horizontal: "left", indent: style.indent };
      if (cell.align) target.alignment = { horizontal: cell.align };
    }),
  );
  columnWidths.forEach((width, c) => (sheet.getColumn(columnLetter(c)).width = width));
}

/** A cell's rule as the sheets' validation modules declare it: a number's bound or bounds, or a list. */
export interface XlsxValidation {
  rule:
    | { type: "list"; source: string }
    | { type?: "decimal" | "whole"; operator: string; bound: number | string; upper?: number | string };
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/** A validation as ExcelJS writes it: a decimal rule (blank allowed) or a drop-down list, with its messages. */
export function dataValidation({ rule, prompt, error }: XlsxValidation): DataValidation {
  const messages = {
    showInputMessage: true,
    promptTitle: xmlSafeText(prompt.title),
    prompt: xmlSafeText(prompt.message),
    showErrorMessage: true,
    errorStyle: "stop",
    errorTitle: xmlSafeText(error.title),
    error: xmlSafeText(error.message),
  } as const;
  if (rule.type === "list")
    return { type: "list", allowBlank: false, formulae: [xmlSafeText(rule.source)], ...messages };
  const formulae = rule.operator === "between" ? [rule.bound, rule.upper ?? rule.bound] : [rule.bound];
  return {
    type: rule.type === "whole" ? "whole" : "decimal",
    operator: rule.operator as DataValidation["operator"],
    allowBlank: true,
    formulae,
    ...messages,
  };
}

/**
 * A print area as Excel writes its name: ExcelJS writes '<sheet>'!$<from>:$<to>, putting "$" before the column
 * only; rows marked here make it $A$1:$I$30, the absolute reference Excel writes.
 */
export const absolutePrintArea = (printArea: string): string => printArea.replace(/([A-Z]+)(\d+)/g, "$1$$$2");
