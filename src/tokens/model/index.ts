/**
 * tokens/model's face: serving bought by the token, an API against the team's own fleet (issue 32). The functions
 * compute tokenSeconds, apiCost and apiCrossover; the pane and the sheet read the comparison and its fields.
 * Import this, never a file behind it.
 */
export {
  HOURS_PER_MONTH,
  TOKENS_PER_PRICE_UNIT,
  apiCost,
  apiCrossover,
  fleetCostPerRequest,
  fleetMonth,
  noCrossoverMessage,
  tokenSeconds,
} from "./tokenServing";
export type { Fleet, FleetMonth } from "./tokenServing";
export { EXAMPLE_TOKEN_PLAN, TOKEN_FIELDS, TOKEN_FIELD_GROUPS, checkGrowth, checkTokenPlan } from "./tokenFields";
export type { TokenField, TokenFieldProblem, TokenGroup, TokenPlan, TokenQuantity } from "./tokenFields";
export { apiCostPerRequest, blendedPricePerMillion, fleetOf, tokenComparison } from "./comparison";
export type { Cheaper, CostPoint, TokenComparison } from "./comparison";
export { API_PRESETS } from "./apiPresets";
export type { ApiPreset } from "./apiPresets";
export {
  fleetCheaperMonth,
  monthsOfGrowth,
  NO_GROWTH_WORDS,
  NOT_GROWING_WORDS,
  requestsInMonth,
  requestsPerMonthOf,
} from "./trafficGrowth";
export { TOKEN_STATE, readTokenState, tokenStateJson } from "./tokenState";
export type { TokenState, TokenTexts } from "./tokenState";
export {
  EXAMPLE_REQUEST_TOKENS,
  REQUEST_TOKEN_FIELDS,
  REQUEST_TOKEN_KEYS,
  SECONDS_SOURCES,
  requestSeconds,
} from "./requestSeconds";
export type { RequestSeconds, RequestTokenKey, RequestTokens, SecondsSource } from "./requestSeconds";
export {
  PROPOSED_TOKEN_FIELDS,
  TODAYS_TOKENS,
  noTokensProposed,
  proposedRequestSeconds,
  proposedTokensUsed,
} from "./proposedSeconds";
export type { ProposedSeconds, ProposedTokens } from "./proposedSeconds";
export { SERVING_TIME_STATE, readServingTimeState, servingTimeStateJson } from "./servingTimeState";
export type { RequestTokenTexts, ServingTimeReading, ServingTimeState } from "./servingTimeState";
