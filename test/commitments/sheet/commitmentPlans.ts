/* The plans the commitment sheet's tests write: the worked example at 40% and 60%, a bill's commitment, fractions. */
import type { CommitmentSheetPlan } from "../../../src/commitments/sheet";

/** cost-model.md, "Commitments": 720 hours, 10 accelerators for 360 and 30 for 360, 2.00 an hour, 40% off. */
export const WORKED_EXAMPLE: CommitmentSheetPlan = {
  demand: [
    { accelerators: 10, hours: 360 },
    { accelerators: 30, hours: 360 },
  ],
  pricePerAcceleratorHour: 2,
  discount: 0.4,
  currency: "USD",
  source: "a typed profile",
};
/** The same at 60% off: commit 30, 17,280.00. */
export const AT_SIXTY: CommitmentSheetPlan = { ...WORKED_EXAMPLE, discount: 0.6 };
/** The worked example with the bill showing 20 accelerators committed. */
export const BILLED_TWENTY: CommitmentSheetPlan = { ...WORKED_EXAMPLE, billedCommittedAccelerators: 20 };
/** Fractional levels and idle hours, a fractional bill's commitment, 15% off. */
export const FRACTIONS: CommitmentSheetPlan = {
  demand: [
    { accelerators: 0, hours: 100 },
    { accelerators: 7.5, hours: 300 },
    { accelerators: 12.25, hours: 250 },
    { accelerators: 3, hours: 70 },
  ],
  pricePerAcceleratorHour: 3.1,
  discount: 0.15,
  billedCommittedAccelerators: 4.6,
};
/** A discount too small to pay for any commitment: commit 0, nothing committed. */
export const NO_COMMITMENT: CommitmentSheetPlan = { ...WORKED_EXAMPLE, discount: 0 };
/** Each plan by what it shows. */
export const COMMITMENT_SHEET_PLANS = [
  ["the worked example at 40%", WORKED_EXAMPLE],
  ["the worked example at 60%", AT_SIXTY],
  ["a bill's commitment of 20", BILLED_TWENTY],
  ["fractional levels, idle hours", FRACTIONS],
  ["no discount: commit 0", NO_COMMITMENT],
] as const;
