/*
 * The notes sheet every download ends with (src/core/writers/xlsxWorkbook.ts, src/core/notes/cover.ts): last in the
 * workbook, it names the add-in's version and the date written, lists each sheet with its title, how many blue
 * inputs it has and where, and its master check where it has one, the checks' words, the colour key in the sheets'
 * own styles, and the price sources a capability hands in (the annual view's presets).
 */
import ExcelJS from "exceljs";
import { EXAMPLE_PLAN } from "../../../src/stages/model/plan";
import { stageWorkbookBytes } from "../../../src/stages/sheet/stagesXlsx";
import { sheetLayout } from "../../../src/stages/sheet/stageLayout";
import { EXAMPLE_ANNUAL_PLAN } from "../../../src/annual/model/annualFields";
import { annualWorkbookBytes } from "../../../src/annual/sheet/annualXlsx";
import { PRICE_PRESETS } from "../../../src/annual/model/pricePresets";
import { STEADY_GROWTH_EXAMPLE } from "../../../src/budget/model/budgetFields";
import { budgetWorkbookBytes } from "../../../src/budget/sheet/budgetXlsx";
import { COVER_SHEET_NAME } from "../../../src/core/notes/cover";
import { ADDIN_VERSION } from "../../../src/core/notes/version";
import { ROLE_STYLES } from "../../../src/core/sheet/styles";
import { unwrap } from "../../support/unwrap";

/** The workbook of `bytes`, and its notes sheet's text, column B's lines under column A's. */
async function notesOf(bytes: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const notes = workbook.getWorksheet(COVER_SHEET_NAME)!;
  const text: string[] = [];
  notes.eachRow((row) => row.eachCell((cell) => text.push(String(cell.value))));
  return { workbook, notes, text: text.join("\n") };
}

test("the stage download ends with its notes: version, date, the sheet, its inputs, the colour key", async () => {
  const { workbook, notes, text } = await notesOf(await stageWorkbookBytes(EXAMPLE_PLAN));
  expect(workbook.worksheets.map((s) => s.name)).toEqual(["Cost stages", COVER_SHEET_NAME]);
  expect(text).toMatch(
    new RegExp(`Written by MLCost for Excel ${ADDIN_VERSION.replace(/\./g, "\\.")} on \\d{4}-\\d\\d-\\d\\d`),
  );
  const layout = sheetLayout(EXAMPLE_PLAN, "", { chartNote: true });
  expect(text).toContain(String(layout.rows[0][0]?.value));
  const inputs = layout.rows.flatMap((row, r) => row.flatMap((cell, c) => (cell?.role === "input" ? [[r, c]] : [])));
  const [r, c] = inputs[0];
  expect(text).toContain(`${inputs.length} blue input cells, the first at ${String.fromCharCode(65 + c)}${r + 1}`);
  // The master check is the stage sheet's row 3 (its checks: src/stages/sheet/stageChecks.ts).
  expect(text).toContain("Master check: A3.");
  expect(text).toContain("What the checks test");
  // The colour key's input sample wears the input role's fill, as the sheets' blue cells do.
  let sampleFill: string | undefined;
  notes.eachRow((row) =>
    row.eachCell((cell) => {
      if (String(row.getCell(2).value).startsWith("Input:") && Number(cell.col) === 1)
        sampleFill = (cell.fill as { fgColor?: { argb?: string } }).fgColor?.argb;
    }),
  );
  expect(sampleFill).toBe(`FF${ROLE_STYLES.input!.fill!.slice(1)}`);
});

test("the budget's notes point at its master check; the annual's list the dated price presets", async () => {
  const budget = await notesOf(unwrap(await budgetWorkbookBytes(STEADY_GROWTH_EXAMPLE)));
  expect(budget.text).toMatch(/Master check: B\d+\./);
  const annual = await notesOf(unwrap(await annualWorkbookBytes(EXAMPLE_ANNUAL_PLAN)));
  for (const preset of PRICE_PRESETS) expect(annual.text).toContain(preset.label);
  expect(annual.text).toContain("never fetches a price");
});
