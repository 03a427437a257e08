/*
 * The what-if .xlsx, read back from the saved file: every formula with the model's value as its
 * cached result; a planner's text (the scenario names) stays text whatever it looks like; the named
 * controls; validation on every blue cell (a drop-down for the base); frozen labels; and the page
 * setup of three landscape pages, one per section. Read from the XML with JSZip and through
 * ExcelJS's reader.
 */
import { formulasNotSavedAsCached, savedDefinedName, savedSheet } from "../../support/savedCells";
import { formulaCells, headingColumn, namedAddress } from "../../support/layoutCells";
import { unwrap } from "../../support/unwrap";
import { Workbook } from "exceljs";
import JSZip from "jszip";
import { DEFAULT_STAGE_SCENARIOS, ScenarioState } from "../../../src/whatIf/model/scenarios";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { isProblem } from "../../../src/core/model/problems";
import { WhatIfLayout, whatIfLayout, WHAT_IF_SHEET_NAME } from "../../../src/whatIf/sheet/whatIfLayout";
import { whatIfWorkbookBytes } from "../../../src/whatIf/sheet/whatIfXlsx";

const HOSTILE = ["= =1+1", "100", "TRUE", "#N/A"];

async function bytesOf(state?: ScenarioState<Plan>): Promise<ArrayBuffer> {
  return unwrap(await whatIfWorkbookBytes(state));
}

function layoutOf(state: ScenarioState<Plan> = DEFAULT_STAGE_SCENARIOS): WhatIfLayout {
  return unwrap(whatIfLayout(state, "", { chartNote: true }));
}

/** The range of the scenario names, as a list validation's source holds it: $C$8:$E$8. */
const namesSource = ({ scenarios: { columns, nameRow } }: WhatIfLayout) =>
  `$${columns[0]}$${nameRow}:$${columns[columns.length - 1]}$${nameRow}`;

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
  expect(formulasNotSavedAsCached(layout, cells)).toEqual([]);
  expect(formulaCells(layout).length).toBeGreaterThan(300);
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
    const { nameRow, base, columns } = layout.scenarios;
    expect(cells.get(`${columns[0]}${nameRow}`)).toEqual({ type: "s", text: name.trim() });
    expect(cells.get(base)).toEqual({ type: "s", text: name.trim() });
    // The first change column's header echoes the first scenario's name.
    const echo = headingColumn(layout, nameRow - 1, "Change against the base");
    expect(cells.get(`${echo}${nameRow}`)).toMatchObject({
      formula: `${columns[0]}$${nameRow}`,
      type: "str",
      cached: name.trim(),
    });
  },
);

test("names, validation, frozen labels and three landscape pages, one per section", async () => {
  const layout = layoutOf();
  const bytes = await bytesOf();
  const zip = await JSZip.loadAsync(bytes);
  const book = await zip.file("xl/workbook.xml")!.async("string");
  for (const { name, address } of layout.names)
    expect(book).toContain(savedDefinedName(name, WHAT_IF_SHEET_NAME, address));
  const workbook = new Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.getWorksheet(WHAT_IF_SHEET_NAME)!;
  expect(sheet.views[0]).toMatchObject({ state: "frozen", xSplit: layout.page.frozenColumns });
  expect(sheet.pageSetup).toMatchObject({
    orientation: "landscape",
    // Wider than a readable page (issue 28): at 75% across pages, the label column repeated on each.
    fitToPage: false,
    scale: 75,
    printArea: layout.page.printArea,
    printTitlesColumn: "A:A",
  });
  const { sheet: xml } = await savedSheet(bytes);
  const breaks = [...xml.matchAll(/<brk id="(\d+)"/g)].map((m) => Number(m[1]));
  expect(breaks).toEqual(layout.page.rowBreaks);
  expect(sheet.getCell(layout.scenarios.base).dataValidation).toMatchObject({
    type: "list",
    formulae: [namesSource(layout)],
    showErrorMessage: true,
  });
  const share = namedAddress(layout, "WhatIfServingShare");
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
