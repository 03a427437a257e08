/*
 * What =MLCOST.STAGETABLE spills. Its eight columns are frozen: a saved workbook may point at
 * any cell of the spill (=INDEX(MLCOST.STAGETABLE(...), 4, 3)), so this list never follows the
 * columns of the sheet the task pane writes, which may grow.
 */
import { isProblem, Problem } from "../core/model/problems";
import { StageRow, stageTable } from "../stages/model";
import { singleNumber, toExcelError } from "./broadcast";
import type { CellResult } from "./types";

/** STAGETABLE's columns, in order: its header text and the stage row's field. Never change. */
export const STAGETABLE_COLUMNS: readonly { heading: string; field: keyof StageRow }[] = [
  { heading: "Stage", field: "stage" },
  { heading: "Clips per interval", field: "clipsPerInterval" },
  { heading: "Serving hours", field: "servingHours" },
  { heading: "Training hours", field: "trainingHours" },
  { heading: "Total hours", field: "totalHours" },
  { heading: "Serving / training", field: "splitRatio" },
  { heading: "Dominant half", field: "dominantHalf" },
  { heading: "Training share", field: "trainingShare" },
];

const cell = (value: StageRow[keyof StageRow]): CellResult =>
  isProblem(value) ? toExcelError(value as Problem) : (value as number | string);

/**
 * STAGETABLE's cells: a header row, then one row per stage, from the model's stage table. Each
 * argument is one value, named in a message by `argumentNames` (the catalog's: training_hours,
 * seconds_per_clip, then each stage's clips); a problem with any of them is one error in place of
 * the table.
 */
export function stageTableSpill(argumentNames: readonly string[]): (...argumentsIn: unknown[]) => CellResult[][] {
  return (...argumentsIn) => {
    const values: number[] = [];
    for (let a = 0; a < argumentNames.length; a++) {
      const value = singleNumber(argumentsIn[a], argumentNames[a]);
      if (typeof value !== "number") return [[toExcelError(value)]];
      values.push(value);
    }
    return stageTableOf(values);
  };
}

/** The spill of five checked numbers: training hours, seconds per clip, and each stage's clips. */
function stageTableOf(values: readonly number[]): CellResult[][] {
  const table = stageTable({
    trainingHours: values[0],
    secondsPerClip: values[1],
    clipsPerStage: [values[2], values[3], values[4]],
  });
  if (isProblem(table)) return [[toExcelError(table)]];
  return [
    STAGETABLE_COLUMNS.map((column) => column.heading),
    ...table.rows.map((row) => STAGETABLE_COLUMNS.map((column) => cell(row[column.field]))),
  ];
}
