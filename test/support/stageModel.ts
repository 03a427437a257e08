/*
 * Test helpers shared by the unit, engine and end-to-end tests: the model's stage table for a
 * plan, and the check that an engine's cells of the generated sheet equal it.
 */
import { isProblem } from "../../src/core/model/problems";
import { Plan, stageInputsOf } from "../../src/stages/model/plan";
import { STAGE_NAMES, StageName, stageTable, StageTable } from "../../src/stages/model/stages";
import { columnLetter } from "../../src/core/excel/a1";
import { SheetLayout } from "../../src/stages/sheet/stageLayout";
import { STAGE_COLUMNS, StageColumnKey, stageColumnsFor, stageValue } from "../../src/stages/sheet/stageColumns";
import { headingColumn } from "./layoutCells";

/** The model's stage table for `plan`; a plan the model refuses fails the test. */
export function stageTableOf(plan: Plan): StageTable {
  const inputs = stageInputsOf(plan);
  if (isProblem(inputs)) throw new Error(inputs.message);
  const table = stageTable(inputs);
  if (isProblem(table)) throw new Error(table.message);
  return table;
}

/** Expects `actual` to be a number within `relative` of `expected`. */
export function expectClose(actual: unknown, expected: number, relative: number): void {
  expect(typeof actual).toBe("number");
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(relative * Math.max(1, Math.abs(expected)));
}

/** How to compare one engine's cells: its precision. */
export interface EngineComparison {
  relative: number;
}

/**
 * Every cell of the generated stage table, read through `at(address)` from a spreadsheet
 * engine, against the model; the crossover cell too.
 */
export function expectSheetMatchesModel(
  layout: SheetLayout,
  plan: Plan,
  at: (address: string) => unknown,
  how: EngineComparison,
): void {
  const model = stageTableOf(plan);
  const close = (actual: unknown, expected: number) => expectClose(actual, expected, how.relative);
  const columns = stageColumnsFor(plan.pricePerHour !== undefined);
  expect(layout.table.columns).toBe(columns.length);
  model.rows.forEach((row, i) => {
    const r = layout.table.firstRow + 1 + i;
    columns.forEach((column, c) => {
      const actual = at(`${columnLetter(c)}${r}`);
      const expected = stageValue(row, column.key);
      if (column.kind === "stage" || column.kind === "verdict") expect(actual).toBe(expected);
      else close(actual, expected as number);
    });
  });
  close(at(layout.chart.crossoverClips), model.crossoverClips as number);
}

/**
 * The address of one cell of the generated stage table: the row of `stage` (STAGE_NAMES' order below
 * the header), the column under the heading of the column `key` (STAGE_COLUMNS'; a money heading
 * carries the currency: "Cost (EUR)").
 */
export function stageTableAddress(layout: SheetLayout, stage: StageName, key: StageColumnKey): string {
  const { firstRow } = layout.table;
  const heading = STAGE_COLUMNS.find((column) => column.key === key)!.heading;
  const header = layout.rows[firstRow - 1];
  const withCurrency = header.find((cell) => String(cell?.value).startsWith(`${heading} (`))?.value as string;
  const column = headingColumn(layout, firstRow, withCurrency ?? heading);
  return `${column}${firstRow + 1 + STAGE_NAMES.indexOf(stage)}`;
}
