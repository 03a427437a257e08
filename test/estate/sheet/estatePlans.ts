/* Estates the sheet tests write: the worked example's models repeated to the most an estate holds. */
import { EXAMPLE_ESTATE, EstatePlan, MAX_ESTATE_MODELS } from "../../../src/estate/model";
import { EXAMPLE_LEDGER_INPUTS } from "../../../src/ledgers/model";

/** `count` models (the example's three in turn, each renamed), every one with its proposals: 20 by default. */
export function largeEstate(count = MAX_ESTATE_MODELS): EstatePlan {
  return {
    ...EXAMPLE_ESTATE,
    models: Array.from({ length: count }, (_, i) => ({
      ...EXAMPLE_ESTATE.models[i % 3],
      name: `Model ${String(i + 1).padStart(2, "0")} ${EXAMPLE_ESTATE.models[i % 3].name}`,
    })),
  };
}

/** The worked example with A's ledger the seed's, C's a typed 0.50 an error and 1,000.00 a run besides compute. */
export const LEDGER_ESTATE: EstatePlan = {
  ...EXAMPLE_ESTATE,
  models: EXAMPLE_ESTATE.models.map((m, i) =>
    i === 0
      ? { ...m, ...EXAMPLE_LEDGER_INPUTS }
      : i === 2
        ? { ...m, driftPerMonth: 4e-7, costPerError: 0.5, otherCostPerRun: 1000 }
        : m,
  ),
};

/**
 * The worked example with A as the seed's model of docs/cost-model.md, "Both ledgers": 600 h a run at 2.00 an hour
 * (R = 1,200.00) and the seed's ledger, whose economic cadence is 4.3033 months, best whole month 4 at 494.40.
 */
export const SEED_RUN_ESTATE: EstatePlan = {
  ...EXAMPLE_ESTATE,
  models: EXAMPLE_ESTATE.models.map((m, i) =>
    i === 0 ? { ...m, ...EXAMPLE_LEDGER_INPUTS, trainingPricePerHour: 2 } : m,
  ),
};
