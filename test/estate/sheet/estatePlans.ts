/* Estates the sheet tests write: the worked example's models repeated to the most an estate holds. */
import { EXAMPLE_ESTATE, EstatePlan, MAX_ESTATE_MODELS } from "../../../src/estate/model";

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
