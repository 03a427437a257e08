/**
 * tokens/sheet's face: the "API or fleet" sheet's layout, for the tests and any sheet that would read it, and the
 * rows by which a view's sheet takes its seconds per clip from a request's tokens. The pane loads insertTokens.ts and
 * tokensXlsx.ts as chunks of their own. Import this, never a file behind it.
 */
export { TOKENS_SHEET_NAME, tokensSheetLayout } from "./tokensLayout";
export type { TokensSheetLayout } from "./tokensLayout";
export { SECONDS_FROM_TOKENS_UNIT, requestTokenNames, secondsFromTokensRows } from "./requestSecondsRows";
export type { SecondsRow, SecondsRows } from "./requestSecondsRows";
export {
  PROPOSED_SECONDS_UNIT,
  PROPOSED_TOKEN_PREFIX,
  proposedSecondsFromTokensRows,
  usedTokenLabel,
} from "./proposedSecondsRows";
export type { ProposalTokensRows } from "./proposedSecondsRows";
