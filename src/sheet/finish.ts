/*
 * The inserted sheet's finish, in one batch of its own after the data and the chart: the table
 * frozen on screen, a validation rule with messages on every input, and a page setup that prints
 * the sheet on one landscape page with the table repeated at the top. None of it is data, so it
 * never risks the data: each part is queued only where this Excel has its requirement set, and
 * a batch that fails anyway is reported and leaves the sheet as it is (Excel applies a failing
 * batch up to the failing operation). Requirement sets, from Microsoft's reference:
 *  - WorksheetFreezePanes.freezeRows: ExcelApi 1.7
 *    (https://learn.microsoft.com/javascript/api/excel/excel.worksheetfreezepanes)
 *  - Range.dataValidation (rule, prompt, errorAlert): ExcelApi 1.8
 *    (https://learn.microsoft.com/javascript/api/excel/excel.datavalidation)
 *  - Worksheet.pageLayout (orientation, zoom, setPrintArea, setPrintTitleRows): ExcelApi 1.9
 *    (https://learn.microsoft.com/javascript/api/excel/excel.pagelayout)
 *  - RangeFormat.indentLevel, which sets the units off their numbers: ExcelApi 1.9
 *    (https://learn.microsoft.com/javascript/api/excel/excel.rangeformat)
 */
import { cellsByRole } from "./grid";
import { SheetLayout } from "./layout";
import { ROLE_STYLES } from "./styles";
import { InputValidation } from "./validation";

/** One part of the finish, the requirement set it needs, and how it is queued. */
interface Part {
  what: string;
  excelApi: string;
  queue: (sheet: Excel.Worksheet, layout: SheetLayout, printArea: string) => void;
}

const PARTS: readonly Part[] = [
  {
    what: "frozen rows",
    excelApi: "1.7",
    queue: (sheet, layout) => sheet.freezePanes.freezeRows(layout.page.frozenRows),
  },
  {
    what: "input validation",
    excelApi: "1.8",
    queue: (sheet, layout) => layout.validations.forEach((v) => queueValidation(sheet, v)),
  },
  {
    what: "indents",
    excelApi: "1.9", // RangeFormat.indentLevel
    queue: (sheet, layout) => {
      for (const [role, addresses] of cellsByRole(layout)) {
        const indent = ROLE_STYLES[role]?.indent;
        if (!indent) continue;
        for (const address of addresses) {
          const format = sheet.getRange(address).format;
          format.horizontalAlignment = "Left"; // an indent moves left-aligned text only
          format.indentLevel = indent;
        }
      }
    },
  },
  {
    what: "page setup",
    excelApi: "1.9",
    queue: (sheet, layout, printArea) => {
      const page = sheet.pageLayout;
      page.orientation = layout.page.orientation === "landscape" ? "Landscape" : "Portrait";
      // Fit to one page wide and one tall, as Page Layout > Scale to Fit does.
      page.zoom = { horizontalFitToPages: 1, verticalFitToPages: 1 };
      page.centerHorizontally = true;
      page.setPrintArea(printArea);
      page.setPrintTitleRows(`$1:$${layout.page.frozenRows}`);
    },
  },
];

/** Office.js's name of each validation operator (the strings, as Excel's enums exist only inside Office.js). */
const OPERATORS = {
  greaterThanOrEqual: "GreaterThanOrEqualTo",
  greaterThan: "GreaterThan",
} as const satisfies Record<InputValidation["rule"]["operator"], `${Excel.DataValidationOperator}`>;

/** A "decimal" rule with its input message and a Stop alert, as Data > Data Validation sets them. */
function queueValidation(sheet: Excel.Worksheet, validation: InputValidation): void {
  const { dataValidation } = sheet.getRange(validation.address);
  dataValidation.rule = {
    decimal: { formula1: validation.rule.bound, operator: OPERATORS[validation.rule.operator] },
  };
  dataValidation.prompt = { showPrompt: true, ...validation.prompt };
  dataValidation.errorAlert = { showAlert: true, style: "Stop", ...validation.error };
}

/**
 * Freezes, validates and sets up printing of the new sheet in one sync. `printArea` is what
 * prints (the cells, and the chart when there is one). Returns what is missing and why, or
 * undefined when all of it went in.
 */
export async function finishSheet(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  layout: SheetLayout,
  printArea: string | undefined,
  sync: (context: Excel.RequestContext) => Promise<void>,
): Promise<string | undefined> {
  const supported = PARTS.filter((part) => Office.context.requirements.isSetSupported("ExcelApi", part.excelApi));
  const lacking = PARTS.filter((part) => !supported.includes(part)).map((p) => `${p.what} (ExcelApi ${p.excelApi})`);
  const lacks = lacking.length ? `this Excel lacks ${lacking.join(", ")}` : undefined;
  if (supported.length === 0) return lacks;
  try {
    for (const part of supported) part.queue(sheet, layout, printArea ?? layout.page.printArea);
    await sync(context);
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    return [`${supported.map((p) => p.what).join(", ")} failed: ${reason}`, lacks].filter(Boolean).join("; ");
  }
  return lacks;
}
