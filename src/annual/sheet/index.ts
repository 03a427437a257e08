/**
 * annual/sheet's face: the annual sheet's own formulas that the estate sheet writes for each of its models (a
 * model's year is the annual view's year). Import this, never a file behind it.
 */
export {
  annualLeverSaving,
  failedRunHours,
  leverRank,
  rescanHours,
  winningRunHours,
  workNotDoneSaving,
} from "./annualFormulas";
