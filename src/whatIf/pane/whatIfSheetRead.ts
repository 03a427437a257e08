/*
 * Reading a what-if sheet back: from the cells of a sheet the add-in wrote (values and formulas from A1), the
 * scenarios' names, inputs and base, as the view's draft; or, for a sheet that is not laid out as the add-in
 * writes it, a sentence saying which cell differs. Where things are comes from the layout itself
 * (WhatIfLayout.scenarios: the names' row, each input's row, the base's cell); the scenario count is read from the
 * sheet: the names stand in C, D, ... and the first column after them echoes C's name by formula (=C$8), as the
 * variance columns head themselves. No Office.js here: whatIfExcel.ts loads the cells.
 */
import { columnLetter, parseCell } from "../../core/excel/a1";
import { MAX_SCENARIOS } from "../model/scenarios";
import { Plan, PLAN_FIELDS } from "../../stages/model";
import { startingText } from "../../core/pane/formReading";
import { ScenarioDraft, ScenarioTexts } from "./whatIfDraft";

/** Where the layout puts the scenarios: WhatIfLayout.scenarios, with the heading over the labels at the names' row. */
export interface ScenarioSheetShape {
  nameRow: number;
  inputRows: Record<keyof Plan, number>;
  /** the base scenario's cell, "C5" */
  base: string;
  /** the text in column A of the names' row ("Input or output") */
  heading: string;
}

/** A sheet's cells from A1, row by row: what Range.values and Range.formulas give. */
export interface SheetCells {
  values: unknown[][];
  formulas: unknown[][];
}

/** The columns to read from A1: labels, units, five scenarios, and the first echo after five. */
export const COLUMNS_TO_READ = 3 + MAX_SCENARIOS;

/** A sheet read back: the draft and what the reader should know about it. */
export interface SheetScenarios {
  draft: ScenarioDraft;
  notes: string[];
}

/** A cell's text as a reader sees it, trimmed ("" for nothing). */
const textAt = (grid: unknown[][], row: number, column: number): string => {
  const value = grid[row]?.[column];
  return value === undefined || value === null ? "" : String(value).trim();
};

/** A cell's value as the grid's input text: numbers as the form writes them, anything else as it is. */
function inputText(value: unknown, quantity: string): string {
  if (typeof value === "number") return startingText(value, quantity);
  if (value === undefined || value === null) return "";
  return String(value).trim();
}

/**
 * The scenarios of a sheet laid out as `shape` says, or why the cells are not such a sheet (`sheetName` names it
 * in the sentence).
 */
export function readScenarioSheet(
  cells: SheetCells,
  shape: ScenarioSheetShape,
  sheetName: string,
): SheetScenarios | string {
  const { values, formulas } = cells;
  const nameRow = shape.nameRow - 1;
  const differs = (row: number, expected: string) => {
    const found = textAt(values, row, 0);
    return (
      `"${sheetName}" is not a what-if sheet as the add-in writes it: A${row + 1} holds ` +
      `${found ? `"${found}"` : "nothing"} where the add-in writes "${expected}".`
    );
  };
  if (textAt(values, nameRow, 0) !== shape.heading) return differs(nameRow, shape.heading);
  for (const field of PLAN_FIELDS) {
    const row = shape.inputRows[field.key] - 1;
    if (textAt(values, row, 0) !== field.label) return differs(row, field.label);
  }
  // The first column whose name-row cell echoes C's name by formula ends the scenarios.
  const echo = new RegExp(`^=\\$?C\\$?${shape.nameRow}$`, "i");
  let count = 0;
  for (let n = 1; n <= MAX_SCENARIOS && count === 0; n++) {
    if (echo.test(textAt(formulas, nameRow, 2 + n))) count = n;
  }
  if (count === 0) {
    return (
      `"${sheetName}" is not a what-if sheet as the add-in writes it: row ${shape.nameRow} has no ` +
      `scenario names followed by the change columns that repeat them (=C$${shape.nameRow}).`
    );
  }
  const scenarios = Array.from({ length: count }, (_, i) => {
    const inputs: ScenarioTexts = {};
    for (const field of PLAN_FIELDS) {
      inputs[field.key] = inputText(values[shape.inputRows[field.key] - 1]?.[2 + i], field.quantity);
    }
    return { name: textAt(values, nameRow, 2 + i), inputs };
  });
  const notes: string[] = [];
  const base = parseCell(shape.base);
  const baseName = base ? textAt(values, base.row, base.column).toLowerCase() : undefined;
  let baseIndex = baseName === undefined ? -1 : scenarios.findIndex((s) => s.name.toLowerCase() === baseName);
  if (baseIndex < 0) {
    baseIndex = 0;
    notes.push(`Its base scenario (${shape.base}) names no scenario, so the first is the base.`);
  }
  const typedFormulas = scenarios.some((_, i) =>
    PLAN_FIELDS.some((field) => /^=/.test(textAt(formulas, shape.inputRows[field.key] - 1, 2 + i))),
  );
  if (typedFormulas) notes.push("Inputs that were formulas are read as their values.");
  return { draft: { scenarios, baseIndex }, notes };
}

/** The range to read for `shape`: A1 to the last scenario column's echo, down to the last input. */
export function rangeToRead(shape: ScenarioSheetShape): string {
  const baseRow = (parseCell(shape.base)?.row ?? 0) + 1;
  const lastRow = Math.max(shape.nameRow, baseRow, ...Object.values(shape.inputRows));
  return `A1:${columnLetter(COLUMNS_TO_READ - 1)}${lastRow}`;
}

/** The names the add-in gives its what-if sheets: "What-if", "What-if (2)", ... */
export function isWhatIfSheetName(name: string, baseName: string): boolean {
  const escaped = baseName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped}( \\(\\d+\\))?$`, "i").test(name);
}
