import { isProblem, Problem, STAGE_COLUMNS, stageTable } from "../model";
import { CellResult, singleNumber, toExcelError } from "./runner";

const ARGUMENT_NAMES = ["training_hours", "seconds_per_clip", "prototype_clips", "launch_clips", "scale_clips"] as const;

const cell = (value: number | string | Problem): CellResult => (isProblem(value) ? toExcelError(value) : value);

/**
 * STAGETABLE's cells: a header row, then one row per stage, from the model's stage table.
 * Each argument is one value; a problem with any of them is one error in place of the table.
 */
export function stageTableCells(...argumentsIn: unknown[]): CellResult[][] {
  const values: number[] = [];
  for (let a = 0; a < ARGUMENT_NAMES.length; a++) {
    const value = singleNumber(argumentsIn[a], ARGUMENT_NAMES[a]);
    if (typeof value !== "number") return [[toExcelError(value)]];
    values.push(value);
  }
  const table = stageTable({ trainingHours: values[0], secondsPerClip: values[1], clipsPerStage: [values[2], values[3], values[4]] });
  if (isProblem(table)) return [[toExcelError(table)]];
  return [
    [...STAGE_COLUMNS],
    ...table.rows.map((row) => [
      row.stage,
      row.clipsPerInterval,
      row.servingHours,
      row.trainingHours,
      row.totalHours,
      cell(row.splitRatio),
      cell(row.dominantHalf),
      cell(row.trainingShare),
    ]),
  ];
}
