/*
 * Test helpers shared by the unit, engine and end-to-end tests: the model's stage table for a
 * plan, and the check that an engine's cells of the generated sheet equal it.
 */
import { isProblem, Plan, stageInputsOf, stageTable, StageTable } from "../../src/model";
import { columnLetter, SheetLayout } from "../../src/sheet/layout";

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

/** How to compare one engine's cells: its precision, and how it spells the dominant half. */
export interface EngineComparison {
  relative: number;
  sameVerdict: (actual: unknown, expected: unknown) => void;
}

/**
 * Every cell of the generated stage table, read through `at(address)` from a spreadsheet
 * engine, against the model; the crossover cell too.
 */
export function expectSheetMatchesModel(layout: SheetLayout, plan: Plan, at: (address: string) => unknown, how: EngineComparison): void {
  const model = stageTableOf(plan);
  const close = (actual: unknown, expected: number) => expectClose(actual, expected, how.relative);
  model.rows.forEach((row, i) => {
    const r = layout.table.firstRow + 1 + i;
    const cell = (column: number) => at(`${columnLetter(column)}${r}`);
    expect(cell(0)).toBe(row.stage);
    close(cell(1), row.clipsPerInterval);
    close(cell(2), row.servingHours);
    close(cell(3), row.trainingHours);
    close(cell(4), row.totalHours);
    close(cell(5), row.splitRatio as number);
    how.sameVerdict(cell(6), row.dominantHalf);
    close(cell(7), row.trainingShare as number);
    if (row.cost !== undefined) close(cell(8), row.cost as number);
  });
  close(at(layout.chart.crossoverClips), model.crossoverClips as number);
}
