/*
 * The model's value of every formula cell of the sheet, computed by src/model (never restated
 * here), for the cached result an .xlsx stores beside each formula. A reader that does not
 * recalculate (a mail client's or a phone's previewer, a file browser's thumbnail) shows the
 * cached results; without them it shows blanks. A Problem becomes the Excel error the sheet's
 * formula gives for it (test/e2e/workbook.e2e.ts compares every cached value with LibreOffice's).
 */
import { EXCEL_ERROR_TEXT } from "../functions/errorCodes";
import {
  crossoverClips,
  defaultLaunchClips,
  defaultScaleClips,
  effectiveSecondsPerClip,
  effectiveTrainingHours,
  isProblem,
  Plan,
  Problem,
  problem,
  stageInputsOf,
  StageRow,
  stageTable,
} from "../model";

/** What a formula cell caches: a number, a text, or an Excel error such as { error: "#DIV/0!" }. */
export type CachedValue = number | string | { error: string };

/** The cached form of a model value: a Problem as its Excel error, a number too large for a cell as #NUM!. */
export function cachedOf(value: number | string | Problem): CachedValue {
  if (isProblem(value)) return { error: EXCEL_ERROR_TEXT[value.kind] };
  if (typeof value === "number" && !Number.isFinite(value)) return { error: EXCEL_ERROR_TEXT.invalidNumber };
  return value;
}

/** The model's figures behind the sheet of one plan. */
export interface ModelValues {
  /** the value of a derived name's cell (EffectiveTrainingHours, EffectiveSecondsPerClip, CrossoverClips) */
  derived: Record<"EffectiveTrainingHours" | "EffectiveSecondsPerClip" | "CrossoverClips", number | Problem>;
  /** what a blank optional field's formula gives */
  blank: Partial<Record<keyof Plan, number | Problem>>;
  /** each stage row, or the Problem that stops the whole table */
  rows: StageRow[] | Problem;
}

/** The model's figures for `plan`, from the same functions the pane and the custom functions call. */
export function modelValues(plan: Plan): ModelValues {
  const trainingHours = effectiveTrainingHours(plan);
  const secondsPerClip = effectiveSecondsPerClip(plan);
  const inputs = stageInputsOf(plan);
  const table = isProblem(inputs) ? inputs : stageTable(inputs);
  return {
    derived: {
      EffectiveTrainingHours: finite(trainingHours, "Training hours with overhead"),
      EffectiveSecondsPerClip: finite(secondsPerClip, "Serving seconds with peak-to-mean"),
      CrossoverClips: crossoverClips(trainingHours, secondsPerClip),
    },
    blank: { launchClips: defaultLaunchClips(plan), scaleClips: defaultScaleClips(plan) },
    rows: isProblem(table) ? table : table.rows,
  };
}

const finite = (value: number, what: string): number | Problem =>
  Number.isFinite(value) ? value : problem("invalidNumber", `${what} are too large to represent.`);
