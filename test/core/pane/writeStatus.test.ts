/*
 * The status after a view wrote its sheet (core/pane/writeStatus.ts): Insert's sentence with its charts, skipped
 * charts and finish, and Download's; a model's refusal throws its message for the action's failure sentence.
 */
import { problem } from "../../../src/core/model/problems";
import { downloadStatus, insertStatus } from "../../../src/core/pane/writeStatus";
import { saveFile } from "../../../src/core/pane/saveFile";

jest.mock("../../../src/core/pane/saveFile", () => ({ saveFile: jest.fn() }));

const CHARTS = { drawn: "its charts", skipped: "charts" };

test("Insert names the sheet and its charts, or why they were skipped, and what of the finish is missing", () => {
  expect(insertStatus({ sheetName: "Annual view", chart: true }, CHARTS)).toBe(
    'Inserted on a new sheet, "Annual view", with its charts. Change its blue cells to try other numbers.',
  );
  const skipped = { sheetName: "Cost stages (2)", chart: false, chartSkipped: "no ExcelApi 1.7", finishSkipped: "x" };
  expect(insertStatus(skipped, { drawn: "a chart", skipped: "chart" }, " Added 9 workbook functions.")).toBe(
    'Inserted on a new sheet, "Cost stages (2)" (chart skipped: no ExcelApi 1.7). Sheet finish incomplete: x.' +
      " Added 9 workbook functions. Change its blue cells to try other numbers.",
  );
  expect(() => insertStatus(problem("invalidNumber", "The plan overflows."), CHARTS)).toThrow("The plan overflows.");
});

test("Download saves the bytes under the file's name and says so; a refusal saves nothing", () => {
  const bytes = new Uint8Array([1, 2, 3]);
  expect(downloadStatus(bytes, "mlcost-annual.xlsx", "live formulas.")).toBe(
    "Downloaded mlcost-annual.xlsx: live formulas.",
  );
  expect(saveFile).toHaveBeenCalledWith(bytes, "mlcost-annual.xlsx");
  jest.mocked(saveFile).mockClear();
  expect(() => downloadStatus(problem("invalidValue", "No plan."), "x.xlsx", "")).toThrow("No plan.");
  expect(saveFile).not.toHaveBeenCalled();
});
