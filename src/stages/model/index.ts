/**
 * stages/model's face: the three-stage plan (Plan, PLAN_FIELDS), the stage table and the stage view, for the
 * capabilities built on them (annual, whatIf, functions, help). Import this, never a file behind it.
 */
export {
  STAGE_NAMES,
  STAGE_TABLE_ARGUMENTS,
  costOf,
  effectiveSecondsPerClip,
  effectiveTrainingHours,
  stageTable,
} from "./stages";
export type { StageName, StageRow } from "./stages";
export { defaultScaleClips, EXAMPLE_PLAN, stageInputsOf } from "./plan";
export type { Plan } from "./plan";
export { STAGE_OUTPUTS, STAGE_VIEW, evaluateStagePlan } from "./stagesWhatIf";
export type { StageOutputKey } from "./stagesWhatIf";
export { PLAN_FIELDS, checkPlan, planField } from "./planFields";
export type { PlanField } from "./planFields";
