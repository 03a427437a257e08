/*
 * Reading a what-if sheet back: the pure reader against the layout's own cells (any count of scenarios), a sheet
 * that is not one, and the Office.js module against the recording fake host in Node: a sheet the writer inserted,
 * edited as a planner would, read back into the view's draft; the document settings store with the same fake.
 */
import { DEFAULT_STAGE_SCENARIOS, ScenarioState, scenarioStateJson } from "../../../src/whatIf/model/scenarios";
import { EXAMPLE_PLAN, Plan } from "../../../src/stages/model/plan";
import { isProblem } from "../../../src/core/model/problems";
import { insertWhatIfSheet } from "../../../src/whatIf/sheet/insertWhatIf";
import { WhatIfLayout, whatIfLayout } from "../../../src/whatIf/sheet/whatIfLayout";
import { draftOfState, readDraft } from "../../../src/whatIf/pane/whatIfDraft";
import { readWhatIfSheet, scenarioSheetShape } from "../../../src/whatIf/pane/whatIfExcel";
import {
  isWhatIfSheetName,
  rangeToRead,
  readScenarioSheet,
  SheetCells,
} from "../../../src/whatIf/pane/whatIfSheetRead";
import { loadScenarios, saveScenarios, SCENARIOS_KEY } from "../../../src/whatIf/pane/whatIfStore";
import { officeSettingsStore } from "../../../src/core/host/settingsStore";
import { FakeSeed, installFakeExcel } from "../../support/fakeExcel";

function layoutOf(state: ScenarioState<Plan>): WhatIfLayout {
  const layout = whatIfLayout(state);
  if (isProblem(layout)) throw new Error(layout.message);
  return layout;
}

/** The layout's cells as Range.values and Range.formulas would give them (cached values for formulas). */
function cellsOf(layout: WhatIfLayout): SheetCells {
  const values = layout.rows.map((row) =>
    row.map((cell) =>
      cell?.formula !== undefined ? (typeof cell.cached === "object" ? "" : cell.cached) : (cell?.value ?? ""),
    ),
  );
  const formulas = layout.rows.map((row) =>
    row.map((cell) => (cell?.formula !== undefined ? `=${cell.formula}` : (cell?.value ?? ""))),
  );
  return { values, formulas };
}

const FIVE: ScenarioState<Plan> = {
  scenarios: [
    ...DEFAULT_STAGE_SCENARIOS.scenarios,
    { name: "Priced", inputs: { ...EXAMPLE_PLAN, pricePerHour: 2.5, currency: "USD", launchClips: 1e8 } },
    { name: "Heavy", inputs: { ...EXAMPLE_PLAN, trainingHours: 6000, trainingOverhead: 3 } },
  ],
  baseIndex: 3,
};

test.each([
  ["the defaults", DEFAULT_STAGE_SCENARIOS],
  ["five scenarios, a price and a launch", FIVE],
  ["one scenario", { scenarios: [DEFAULT_STAGE_SCENARIOS.scenarios[2]], baseIndex: 0 }],
])("the layout's own cells read back as the state it was written from: %s", (_, state) => {
  const shape = scenarioSheetShape();
  const read = readScenarioSheet(cellsOf(layoutOf(state)), shape, "What-if");
  if (typeof read === "string") throw new Error(read);
  expect(read.notes).toEqual([]);
  expect(read.draft).toEqual(draftOfState(state));
  expect(readDraft(read.draft).state).toEqual(state);
});

test("the base cell is read as the one A1 module reads it: absolute ($C$5) the same, one it cannot read noted", () => {
  const shape = scenarioSheetShape();
  const cells = cellsOf(layoutOf(FIVE));
  const absolute = readScenarioSheet(
    cells,
    { ...shape, base: shape.base.replace(/([A-Z]+)(\d+)/, "$$$1$$$2") },
    "What-if",
  );
  if (typeof absolute === "string") throw new Error(absolute);
  expect(absolute.draft.baseIndex).toBe(FIVE.baseIndex);
  const unreadable = readScenarioSheet(cells, { ...shape, base: "R5C3" }, "What-if");
  if (typeof unreadable === "string") throw new Error(unreadable);
  expect(unreadable.draft.baseIndex).toBe(0);
  expect(unreadable.notes[0]).toMatch(/\(R5C3\) names no scenario/);
});

test("where the layout puts the scenarios: names in row 8, inputs below, the base in C5", () => {
  const shape = scenarioSheetShape();
  expect(shape.nameRow).toBe(layoutOf(FIVE).scenarios.nameRow);
  expect(shape.heading).toBe("Input or output");
  expect(shape.base).toBe("C5");
  expect(rangeToRead(shape)).toBe(`A1:H${shape.inputRows.currency}`);
  expect(isWhatIfSheetName("What-if", "What-if")).toBe(true);
  expect(isWhatIfSheetName("what-if (12)", "What-if")).toBe(true);
  expect(isWhatIfSheetName("What-if copy", "What-if")).toBe(false);
});

test("a sheet laid out otherwise is named with the cell that differs; a lost base becomes the first", () => {
  const shape = scenarioSheetShape();
  const cells = cellsOf(layoutOf(DEFAULT_STAGE_SCENARIOS));
  const moved = { values: cells.values.map((row) => [...row]), formulas: cells.formulas };
  moved.values[shape.inputRows.secondsPerClip - 1][0] = "Seconds";
  expect(readScenarioSheet(moved, shape, "What-if (2)")).toBe(
    '"What-if (2)" is not a what-if sheet as the add-in writes it: A' +
      `${shape.inputRows.secondsPerClip} holds "Seconds" where the add-in writes "Serving time per clip".`,
  );
  expect(readScenarioSheet({ values: [], formulas: [] }, shape, "What-if")).toMatch(/A8 holds nothing/);
  const noEcho = { values: cells.values, formulas: cells.formulas.map((row) => row.map(() => "")) };
  expect(readScenarioSheet(noEcho, shape, "What-if")).toMatch(/no scenario names followed by the change columns/);
  const lostBase = { values: cells.values.map((row) => [...row]), formulas: cells.formulas };
  lostBase.values[4][2] = "Nobody";
  const read = readScenarioSheet(lostBase, shape, "What-if");
  if (typeof read === "string") throw new Error(read);
  expect(read.draft.baseIndex).toBe(0);
  expect(read.notes[0]).toMatch(/names no scenario, so the first is the base/);
});

const EMPTY: FakeSeed = { sheets: [{ name: "Sheet1", cells: {} }], names: [] };

test("inside Excel (the fake host): an inserted sheet, edited in a cell, reads back into the view", async () => {
  const fake = installFakeExcel(EMPTY);
  expect(await readWhatIfSheet()).toBe('No what-if sheet in this workbook: Insert writes one ("What-if").');
  const inserted = await insertWhatIfSheet(FIVE);
  if (isProblem(inserted)) throw new Error(inserted.message);
  const shape = scenarioSheetShape();
  // A planner changes Expected's training hours (column D) in the sheet; the pane reads the new value.
  fake.cells["What-if"][`D${shape.inputRows.trainingHours}`] = { format: "#,##0", type: "number", value: 720 };
  fake.activeSheet = "Sheet1";
  const read = await readWhatIfSheet();
  if (typeof read === "string") throw new Error(read);
  expect(read.sheetName).toBe("What-if");
  expect(read.draft.scenarios.map((s) => s.name)).toEqual([
    "Conservative",
    "Expected",
    "Aggressive",
    "Priced",
    "Heavy",
  ]);
  expect(read.draft.baseIndex).toBe(3);
  expect(read.draft.scenarios[1].inputs.trainingHours).toBe("720");
  expect(read.draft.scenarios[3].inputs.pricePerHour).toBe("2.5");
  expect(read.draft.scenarios[3].inputs.currency).toBe("USD");
  const state = readDraft(read.draft).state!;
  expect(state.scenarios[1].inputs).toEqual({ ...EXAMPLE_PLAN, trainingHours: 720 });
  // A second sheet: the active one is read, else the last.
  await insertWhatIfSheet(DEFAULT_STAGE_SCENARIOS);
  fake.activeSheet = "Sheet1";
  expect(((await readWhatIfSheet()) as { sheetName: string }).sheetName).toBe("What-if (2)");
  fake.activeSheet = "What-if";
  expect(((await readWhatIfSheet()) as { sheetName: string }).sheetName).toBe("What-if");
});

test("document settings: a stored state loads, a save persists, a corrupt one gives the defaults and why", async () => {
  const stored = scenarioStateJson(FIVE);
  const fake = installFakeExcel({ ...EMPTY, settings: { [SCENARIOS_KEY]: stored } });
  const store = officeSettingsStore();
  expect(loadScenarios(store)).toEqual({ state: FIVE });
  await expect(saveScenarios(store, DEFAULT_STAGE_SCENARIOS)).resolves.toBeUndefined();
  expect(fake.settingsSaves).toHaveLength(1);
  expect(fake.settings[SCENARIOS_KEY]).toBe(scenarioStateJson(DEFAULT_STAGE_SCENARIOS));
  installFakeExcel({ ...EMPTY, settings: { [SCENARIOS_KEY]: "{not json" } });
  const bad = loadScenarios(officeSettingsStore());
  expect(bad.state).toEqual(DEFAULT_STAGE_SCENARIOS);
  expect(bad.message).toMatch(/could not be used, so the defaults are loaded: they are not valid JSON/);
  installFakeExcel({ ...EMPTY, failSettingsSave: "the document is read-only" });
  await expect(saveScenarios(officeSettingsStore(), FIVE)).resolves.toBe(
    "Not saved with the workbook: the document is read-only.",
  );
  const refusing = {
    read: () => {
      throw new Error("storage is off");
    },
    write: async () => undefined,
  };
  expect(loadScenarios(refusing).message).toMatch(/could not be read, so the defaults are loaded: storage is off/);
});
