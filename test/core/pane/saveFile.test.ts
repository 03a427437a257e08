/*
 * A download carries the media type its extension names: a macro-enabled workbook saved as the .xlsx type
 * is offered by some browsers as "book.xlsm.xlsx", which Excel then refuses to open.
 */
import { mediaTypeOf, OPENABLE_EXTENSIONS } from "../../../src/core/pane/saveFile";

describe("the media type of a download", () => {
  test.each([
    ["mlcost-annual.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["macro (portable).xlsm", "application/vnd.ms-excel.sheet.macroEnabled.12"],
    ["Plan.XLTX", "application/vnd.openxmlformats-officedocument.spreadsheetml.template"],
    ["Plan.xltm", "application/vnd.ms-excel.template.macroEnabled.12"],
    ["tools.xlam", "application/vnd.ms-excel.addin.macroEnabled.12"],
    ["mlcost-bill-mapping.json", "application/json"],
    ["mlcost-bill-bigquery.sql", "application/sql"],
  ])("%s is %s", (name, type) => {
    expect(mediaTypeOf(name)).toBe(type);
  });

  test("a name without a known extension falls back to .xlsx's type", () => {
    expect(mediaTypeOf("report")).toBe(mediaTypeOf("report.xlsx"));
  });

  test("the file picker accepts every kind the converter keeps the extension of", () => {
    expect(OPENABLE_EXTENSIONS).toEqual([".xlsx", ".xlsm", ".xltx", ".xltm"]);
  });
});
