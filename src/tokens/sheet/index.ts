/**
 * tokens/sheet's face: the "API or fleet" sheet's layout, for the tests and any sheet that would read it. The pane
 * loads insertTokens.ts and tokensXlsx.ts as chunks of their own. Import this, never a file behind it.
 */
export { TOKENS_SHEET_NAME, tokensSheetLayout } from "./tokensLayout";
export type { TokensSheetLayout } from "./tokensLayout";
