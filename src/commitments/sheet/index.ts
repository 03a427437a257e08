/**
 * commitments/sheet's face: the commitment sheet's layout, for the tests and any sheet that would read it. The pane
 * loads insertCommitment.ts and commitmentXlsx.ts as chunks of their own. Import this, never a file behind it.
 */
export { COMMITMENT_SHEET_NAME, commitmentSheetLayout } from "./commitmentLayout";
export type { CommitmentSheetLayout } from "./commitmentLayout";
export type { CommitmentSheetPlan } from "./commitmentInputs";
