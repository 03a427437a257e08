/**
 * ledgers/pane's face: both ledgers' section, which the annual and what-if views mount. Import this, never a file
 * behind it.
 */
export { buildLedgerSection } from "./ledgerSection";
export type { LedgerCompute, LedgerSection } from "./ledgerSection";
// The estate (src/estate/pane) says each model's ledger in the same words, a card a model.
export { ledgerWords } from "./ledgerFigures";
export type { LedgerWords } from "./ledgerFigures";
