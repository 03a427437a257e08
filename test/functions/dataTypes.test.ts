/*
 * Cells holding Excel data types. functions.json says allowCustomDataForDataTypeAny, so on
 * CustomFunctionsRuntime 1.4 hosts a formatted number, a number with properties or an entity arrives
 * as its CellValue JSON ("Use data types with custom functions in Excel",
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts; the
 * shapes are Excel.FormattedNumberCellValue, DoubleCellValue, EntityCellValue and their kin).
 */
import { customFunctions } from "../../src/functions/functions";
import { ExcelError } from "../support/customFunctionsGlobal";

const { SERVINGHOURS, CROSSOVER, STAGETABLE, DOMINANTHALF } = customFunctions;

const POINT_AT_A_NUMBER = "point at one of its numbers instead, as =A1.Price does.";
const formatted = (basicValue: number) => ({
  type: "FormattedNumber",
  basicValue,
  basicType: "Double",
  numberFormat: "#,##0",
});
const double = (basicValue: number) => ({ type: "Double", basicValue, basicType: "Double", numberFormat: "0.00" });
const entity = {
  type: "Entity",
  text: "Contoso GPU cluster",
  basicType: "Error",
  basicValue: "#VALUE!",
  properties: { hours: { type: "Double", basicValue: 600 } },
};

describe("number-like data types count as their basic value", () => {
  test("a formatted number (FormattedNumber) and a number with a format (Double)", () => {
    expect(CROSSOVER([[formatted(600)]], [[0.04]])[0][0]).toBeCloseTo(54e6, 6);
    expect(CROSSOVER([[double(600)]], [[double(0.04)]])[0][0]).toBeCloseTo(54e6, 6);
    expect(SERVINGHOURS([[54e6, formatted(54e6)]], [[0.04]])).toEqual([[600, 600]]);
  });
  test("in a range beside plain numbers, and in STAGETABLE's single values", () => {
    expect(DOMINANTHALF([[formatted(1.944e9)]], [[0.04]], [[formatted(600)]])).toEqual([["serving, 36x"]]);
    const table = STAGETABLE(formatted(600), [[0.04]], [[formatted(5000)]], 54e6, [[1.944e9]]);
    expect(table.length).toBe(4);
    expect(table[3][6]).toBe("serving, 36x");
  });
  test("the basic value is checked as any number is: negative is #NUM!", () => {
    expect((SERVINGHOURS([[formatted(-1)]], [[0.04]])[0][0] as ExcelError).code).toBe("#NUM!");
  });
  test("a data type holding text, a boolean or an error reads as that basic value does", () => {
    const text = SERVINGHOURS([[{ type: "String", basicValue: "lots" }]], [[0.04]])[0][0] as ExcelError;
    expect(text.message).toBe('clips must be a number; got the text "lots".');
    const yes = SERVINGHOURS([[{ type: "Boolean", basicValue: true }]], [[0.04]])[0][0] as ExcelError;
    expect(yes.message).toBe("clips must be a number; got TRUE.");
    const div0 = { type: "Error", errorType: "Div0", basicValue: "#DIV/0!", basicType: "Error" };
    expect((SERVINGHOURS([[div0]], [[0.04]])[0][0] as ExcelError).code).toBe("#DIV/0!");
  });
});

describe("a data type with no number of its own is #VALUE! that names it", () => {
  test("an entity: its kind and its text, and how to reach a number in it", () => {
    const cell = SERVINGHOURS([[entity]], [[0.04]])[0][0] as ExcelError;
    expect(cell.code).toBe("#VALUE!");
    expect(cell.message).toBe(`clips holds an entity ("Contoso GPU cluster"), not a number; ${POINT_AT_A_NUMBER}`);
  });
  test("a linked entity (Stocks, Geography) and an image, by kind; a long text is cut", () => {
    const stock = { type: "LinkedEntity", text: "M".repeat(1_000_000), id: {} };
    const message = (SERVINGHOURS([[0]], [[stock]])[0][0] as ExcelError).message!;
    expect(message).toBe(
      `seconds_per_clip holds a linked entity ("${"M".repeat(20)}..."), not a number; ${POINT_AT_A_NUMBER}`,
    );
    const image = { type: "WebImage", address: "https://example.com/a.png", basicValue: "#VALUE!" };
    expect((SERVINGHOURS([[image]], [[0.04]])[0][0] as ExcelError).message).toContain("clips holds an image, not");
  });
});
