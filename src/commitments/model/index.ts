/**
 * commitments/model's face: the commitment to buy (the d-quantile of hourly demand) and its figures, and the
 * bill's serving demand by instance family and region. Import this, never a file behind it.
 */
export {
  acceleratorHoursAbove,
  cheapestCommitment,
  cheapestCommitmentLevel,
  checkCommitmentInput,
  commitmentFiguresAt,
  TIE_SHARE,
} from "./commitment";
export type { CommitmentAnswer, CommitmentFigures, CommitmentInput, DemandLevel, DemandProfile } from "./commitment";
export {
  BILL_GRANULARITIES,
  billGranularityOf,
  granularityOf,
  groupCommitments,
  servingDemandOf,
} from "./servingDemand";
export type {
  BillGranularity,
  ChargePeriodRows,
  DemandGroupKey,
  DemandGroupRow,
  DemandLevelRow,
  GroupCommitment,
  HourlyDemandRows,
  ServingDemand,
  ServingGroup,
} from "./servingDemand";
export { parseDemandProfile } from "./demandText";
