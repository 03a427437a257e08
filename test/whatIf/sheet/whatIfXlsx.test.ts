/*
 * The what-if .xlsx, read back from the saved file: every formula with the model's value as its
 * cached result; a planner's text (the scenario names) stays text whatever it looks like; the named
 * controls; validation on every blue cell (a drop-down for the base); frozen labels; and the page
 * setup of three landscape pages, one per section. Read from the XML with JSZip and through
 * ExcelJS's reader.
 */
import { savedSheet } from "../../support/savedCells";
import { unwrap } from "../../support/unwrap";
import { Workbook } from "exceljs";
import JSZip from "jszip";
import { DEFAULT_STAGE_SCENARIOS, ScenarioState } from "../../../src/whatIf/model/scenarios";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { isProblem } from "../../../src/core/model/problems";
import { columnLetter } from "../../../src/core/excel/a1";
import { CachedValue } from "../../../src/core/sheet/cachedValues";
import { WhatIfLayout, whatIfLayout, WHAT_IF_SHEET_NAME } from "../../../src/whatIf/sheet/whatIfLayout";
import { whatIfWorkbookBytes } from "../../../src/whatIf/sheet/whatIfXlsx";

const HOSTILE = ["= =1+1", "100", "TRUE", "#N/A"];

async function bytesOf(state?: ScenarioState<Plan>): Promise<ArrayBuffer> {
  return unwrap(await whatIfWorkbookBytes(state));
}

function layoutOf(state: ScenarioState<Plan> = DEFAULT_STAGE_SCENARIOS): WhatIfLayout {
  return unwrap(whatIfLayout(state, "", { chartNote: true }));
}

/** How a cached value is stored: a number's shortest text, a text as is (t="str"), an error's code (t="e"). */
const stored = (cached: CachedValue) =>
  typeof cached === "number"
    ? { type: undefined, cached: String(cached) }
    : typeof cached === "string"
      ? { type: "str", cached }
      : { type: "e", cached: cached.error };

test.each([
  ["the defaults", DEFAULT_STAGE_SCENARIOS],
  [
    "a priced base with no training (errors, texts and not reachable targets)",
    {
      scenarios: [
        { name: "None", inputs: { ...EXAMPLE_PLAN, trainingHours: 0, pricePerHour: 2, currency: "EUR" } },
        { name: "Some", inputs: EXAMPLE_PLAN },
      ],
      baseIndex: 0,
    },
  ],
])("%s: every formula is saved with the model's value as its cached result", async (_, state) => {
  const layout = layoutOf(state);
  const { cells } = await savedSheet(await bytesOf(state));
  let formulas = 0;
  layout.rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell?.formula === undefined) return;
      formulas++;
      const saved = cells.get(`${columnLetter(c)}${r + 1}`)!;
      expect(saved.formula).toBe(cell.formula);
      expect({ type: saved.type, cached: saved.cached }).toEqual(stored(cell.cached!));
    }),
  );
  expect(formulas).toBeGreaterThan(300);
});

test.each(HOSTILE)(
  "a scenario named %p is saved as text, and its echo in the change headers is a formula",
  async (name) => {
    const state = {
      scenarios: [
        { name, inputs: EXAMPLE_PLAN },
        { name: "Other", inputs: EXAMPLE_PLAN },
      ],
      baseIndex: 0,
    };
    const layout = layoutOf(state);
    const { cells } = await savedSheet(await bytesOf(state));
    const { nameRow, base } = layout.scenarios;
    expect(cells.get(`C${nameRow}`)).toEqual({ type: "s", text: name.trim() });
    expect(cells.get(base)).toEqual({ type: "s", text: name.trim() });
    expect(cells.get(`E${nameRow}`)).toMatchObject({ formula: `C$${nameRow}`, type: "str", cached: name.trim() });
  },
);

test("names, validation, frozen labels and three landscape pages, one per section", async () => {
  const layout = layoutOf();
  const bytes = await bytesOf();
  const zip = await JSZip.loadAsync(bytes);
  const book = await zip.file("xl/workbook.xml")!.async("string");
  for (const { name, address } of layout.names) {
    const [, column, row] = /^([A-Z]+)(\d+)$/.exec(address)!;
    const reference = `&apos;${WHAT_IF_SHEET_NAME}&apos;!$${column}$${row}`;
    expect(book).toContain(`<definedName name="${name}">${reference}</definedName>`);
  }
  const workbook = new Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.getWorksheet(WHAT_IF_SHEET_NAME)!;
  expect(sheet.views[0]).toMatchObject({ state: "frozen", xSplit: 2 });
  expect(sheet.pageSetup).toMatchObject({
    orientation: "landscape",
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printArea: layout.page.printArea,
  });
  const { sheet: xml } = await savedSheet(bytes);
  const breaks = [...xml.matchAll(/<brk id="(\d+)"/g)].map((m) => Number(m[1]));
  expect(breaks).toEqual(layout.page.rowBreaks);
  expect(sheet.getCell(layout.scenarios.base).dataValidation).toMatchObject({
    type: "list",
    formulae: ["$C$8:$E$8"],
    showErrorMessage: true,
  });
  const share = layout.names.find((n) => n.name === "WhatIfServingShare")!.address;
  expect(sheet.getCell(share).dataValidation).toMatchObject({ type: "decimal", operator: "between", formulae: [0, 1] });
  for (const { address, rule } of layout.validations) {
    const saved = sheet.getCell(address).dataValidation;
    expect(saved.type).toBe(rule.type);
    if (rule.type === "decimal")
      expect(saved).toMatchObject({ operator: rule.operator, formulae: [rule.bound].concat(rule.upper ?? []) });
  }
});

test("a state the model refuses gives its Problem, not a file", async () => {
  const bad = await whatIfWorkbookBytes({ scenarios: [], baseIndex: 0 });
  expect(isProblem(bad)).toBe(true);
});
