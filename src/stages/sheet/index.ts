/**
 * stages/sheet's face: the stage sheet's columns and derived formulas, which the what-if sheet's columns reuse.
 * Import this, never a file behind it.
 */
export { BLANK_FORMULAS, DERIVED } from "./stageLayout";
export { STAGE_COLUMNS } from "./stageColumns";
export type { RowContext, StageColumnKey } from "./stageColumns";
