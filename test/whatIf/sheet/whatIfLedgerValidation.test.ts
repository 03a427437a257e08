/*
 * The what-if sheet's ledger inputs carry Excel data validation (issue 30), as the annual sheet's do and from the
 * same field declarations (LEDGER_FIELDS, through ledgers/sheet's ledgerInputValidation): the worked example's
 * workbook saved, read back with ExcelJS and from its XML. Each of the five blue cells refuses what its field's own
 * check refuses (a drift from 0 to 1, every cost and minutes 0 or more), and its prompt and error name the field.
 */
import { Workbook } from "exceljs";
import { unwrap } from "../../support/unwrap";
import { namedAddress } from "../../support/layoutCells";
import { savedSheet } from "../../support/savedCells";
import { ScenarioState } from "../../../src/whatIf/model/scenarios";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { EXAMPLE_LEDGER_INPUTS, LEDGER_FIELDS } from "../../../src/ledgers/model";
import { matchingRule } from "../../../src/core/sheet/validation";
import { WHAT_IF_SHEET_NAME, whatIfLayout } from "../../../src/whatIf/sheet/whatIfLayout";
import { whatIfWorkbookBytes } from "../../../src/whatIf/sheet/whatIfXlsx";

const QUARTERLY: Plan = { ...EXAMPLE_PLAN, pricePerHour: 2 };
const WORKED: ScenarioState<Plan> = {
  scenarios: [
    { name: "Quarterly", inputs: QUARTERLY },
    { name: "Yearly", inputs: { ...QUARTERLY, intervalDays: 360 } },
  ],
  baseIndex: 0,
};
const OPTIONS = { ledger: EXAMPLE_LEDGER_INPUTS };

describe("the worked example's what-if workbook, saved and read back", () => {
  const layout = unwrap(whatIfLayout(WORKED, "", { ...OPTIONS, chartNote: true }));
  let sheet: import("exceljs").Worksheet;
  let xml: string;
  beforeAll(async () => {
    const bytes = unwrap(await whatIfWorkbookBytes(WORKED, OPTIONS));
    const workbook = new Workbook();
    await workbook.xlsx.load(bytes);
    sheet = workbook.getWorksheet(WHAT_IF_SHEET_NAME)!;
    xml = (await savedSheet(bytes)).sheet;
  });

  test("the drift allows 0 to 1, and every cost and the minutes 0 or more, as each field's check does", () => {
    const saved = LEDGER_FIELDS.map((field) => {
      const validation = sheet.getCell(namedAddress(layout, field.definedName)).dataValidation;
      return [field.key, validation?.type, validation?.operator ?? "between", validation?.formulae];
    });
    expect(saved).toEqual([
      ["driftPerMonth", "decimal", "between", [0, 1]],
      ["costPerError", "decimal", "greaterThanOrEqual", [0]],
      ["reviewMinutesPerError", "decimal", "greaterThanOrEqual", [0]],
      ["reviewerCostPerHour", "decimal", "greaterThanOrEqual", [0]],
      ["otherCostPerRun", "decimal", "greaterThanOrEqual", [0]],
    ]);
  });

  test.each(LEDGER_FIELDS.map((field) => [field.label, field] as const))(
    "%s: its rule is its field's own, and a bad entry is refused with a message naming the field",
    (_label, field) => {
      const validation = sheet.getCell(namedAddress(layout, field.definedName)).dataValidation;
      const rule = matchingRule(field)!;
      expect(validation.formulae).toEqual([rule.bound, ...(rule.upper === undefined ? [] : [rule.upper])]);
      expect(validation).toMatchObject({ showErrorMessage: true, showInputMessage: true, allowBlank: true });
      expect(validation.prompt).toContain(field.label);
      expect(validation.error).toContain(`${field.label} must be`);
      // A blank is the field's own "blank means", said in the prompt.
      expect(validation.prompt).toContain(field.blankMeans);
    },
  );

  test("every validation of the layout is saved on its cell, the five ledger inputs among them", () => {
    const saved = [...xml.matchAll(/<dataValidation [^>]*sqref="([^"]*)"/g)].flatMap((m) => m[1].split(" "));
    const inputs = LEDGER_FIELDS.map((field) => namedAddress(layout, field.definedName).replace(/\$/g, ""));
    const validated = layout.validations.map((v) => v.address);
    expect(validated).toEqual(expect.arrayContaining(inputs));
    for (const address of inputs) expect(saved.some((ref) => covers(ref, address))).toBe(true);
  });
});

/** Whether a saved sqref ("C60" or "C60:C64") covers `address` (one column here). */
function covers(ref: string, address: string): boolean {
  const [from, to = from] = ref.split(":");
  const split = (a: string) => /^([A-Z]+)(\d+)$/.exec(a)!.slice(1);
  const [[c1, r1], [c2, r2], [c, r]] = [split(from), split(to), split(address)];
  return c >= c1 && c <= c2 && Number(r) >= Number(r1) && Number(r) <= Number(r2);
}
