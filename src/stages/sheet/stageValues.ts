/*
 * The model's figures behind every formula cell of the stage sheet, from the same functions the pane and the
 * custom functions call: what the .xlsx caches beside each formula (core/sheet/cachedValues.ts says why).
 */
import { crossoverClips } from "../../core/model/formulas";
import { isProblem, Problem, problem } from "../../core/model/problems";
import { defaultLaunchClips, defaultScaleClips, Plan, stageInputsOf } from "../model/plan";
import { effectiveSecondsPerClip, effectiveTrainingHours, StageRow, stageTable } from "../model/stages";

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
